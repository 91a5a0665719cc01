"""Removal from combat and its causes (506.4), and the changes that do not remove (506.4a, 506.4b, 506.4d, 509.1b).

Each event names what happened on the battlefield (a permanent left it, changed controller, phased out,
regenerated, changed characteristics, was tapped) and the timeline works out what it does to combat.
"""

from __future__ import annotations

from typing import Literal

from ..models import Permanent
from ..models.changes import apply_changes, lost_keys
from ..models.characteristics import CardType
from ..models.events import (
    Change as ChangeEvent,
)
from ..models.events import (
    ChangeControl,
    LeavesBattlefield,
    PhasesOut,
    Regenerates,
    RemoveFromCombat,
    Tap,
    Untap,
)
from .restrictions import broken_now, newly_restricted
from .state import BoardChange, Change, NoChange, RemovalCause, Role, StaysInCombat
from .working import Working

BoardWhat = Literal["leaves", "controller", "phases_out", "regenerates"]


def _not_in_combat(work: Working, object_id: str) -> list[Change]:
    return [NoChange(object=object_id, reason="not_in_combat", **work.cite("removal"))]


def remove_from_combat(work: Working, event: RemoveFromCombat) -> list[Change]:
    object_id = event.remove_from_combat
    work.on_battlefield(object_id, "remove_from_combat")
    if not work.roles(object_id):
        return _not_in_combat(work, object_id)
    return work.remove_from_combat(object_id, RemovalCause.EFFECT, "removal")


def _removing(
    work: Working,
    object_id: str,
    what: BoardWhat,
    concept: str,
    cause: RemovalCause,
    roles: tuple[Role, ...] | None = None,
) -> list[Change]:
    """What happened on the battlefield, and the removal from combat it causes (506.4) — or why nothing changes."""
    changes: list[Change] = [BoardChange(object=object_id, what=what, **work.cite(concept))]
    roles = work.roles(object_id) if roles is None else roles
    if roles:
        return changes + work.remove_from_combat(object_id, cause, "removal", roles)
    return changes + (_not_in_combat(work, object_id) if work.in_combat else [])


def leaves_battlefield(work: Working, event: LeavesBattlefield) -> list[Change]:
    object_id = event.leaves_battlefield
    work.on_battlefield(object_id, "leaves_battlefield")
    changes = _removing(work, object_id, "leaves", "removal", RemovalCause.LEFT_BATTLEFIELD)
    del work.board[object_id]
    return changes


def change_control(work: Working, event: ChangeControl) -> list[Change]:
    object_id = event.change_control
    permanent = work.on_battlefield(object_id, "change_control")
    if permanent.controller == event.to:
        return [NoChange(object=object_id, reason="same_controller", **work.cite("removal"))]
    changes = _removing(work, object_id, "controller", "removal", RemovalCause.CONTROL_CHANGED)
    work.update(object_id, controller=event.to)
    return changes


def phases_out(work: Working, event: PhasesOut) -> list[Change]:
    object_id = event.phases_out
    work.on_battlefield(object_id, "phases_out")
    changes = _removing(work, object_id, "phases_out", "phasing", RemovalCause.PHASED_OUT)
    work.update(object_id, phased_out=True)
    return changes


def regenerates(work: Working, event: Regenerates) -> list[Change]:
    """701.15a: it is tapped and, if it is an attacking or blocking creature, removed from combat (506.4)."""
    object_id = event.regenerates
    work.on_battlefield(object_id, "regenerates")
    roles = tuple(r for r in work.roles(object_id) if r != "attacked")
    changes = _removing(work, object_id, "regenerates", "regenerate", RemovalCause.REGENERATED, roles)
    work.update(object_id, tapped=True)
    return changes


def tap(work: Working, event: Tap | Untap) -> list[Change]:
    """506.4b: tapping or untapping an attacker or blocker doesn't remove it from combat."""
    tapped = isinstance(event, Tap)
    object_id = event.tap if isinstance(event, Tap) else event.untap
    permanent = work.on_battlefield(object_id, "tap" if tapped else "untap")
    if permanent.tapped == tapped:
        return [
            NoChange(
                object=object_id,
                reason="already_tapped" if tapped else "already_untapped",
                **work.cite("removal_tapping"),
            )
        ]
    work.update(object_id, tapped=tapped)
    changes: list[Change] = [BoardChange(object=object_id, what="characteristics", **work.cite("removal_tapping"))]
    if work.roles(object_id):
        reason = "tapped" if tapped else "untapped"
        changes.append(StaysInCombat(object=object_id, reason=reason, **work.cite("removal_tapping")))
    return changes


def change(work: Working, event: ChangeEvent) -> list[Change]:
    object_id = event.change
    before = work.on_battlefield(object_id, "change")
    updates = event.updates()
    if event.gains or event.loses:
        updates["abilities"] = apply_changes(updates.get("abilities", before.abilities), event.gains, event.loses)
        updates["lost"] = tuple(dict.fromkeys((*before.lost, *lost_keys(event.loses))))  # grants it loses too
    restricted_before = broken_now(work)
    after = work.update(object_id, **updates)
    changes: list[Change] = [BoardChange(object=object_id, what="characteristics", **work.cite("removal"))]
    roles = work.roles(object_id)
    if not roles:
        return changes + (_not_in_combat(work, object_id) if work.in_combat else [])
    changes += _type_changes(work, before, after, roles)
    if not work.roles(object_id):
        return changes
    if before.tapped != after.tapped:
        reason = "tapped" if after.tapped else "untapped"
        changes.append(StaysInCombat(object=object_id, reason=reason, **work.cite("removal_tapping")))
    for creature, concept in newly_restricted(work, restricted_before, object_id):
        reason = "would_not_be_allowed" if concept == "removal_declared_stays" else "evasion_changed"
        changes.append(StaysInCombat(object=creature, reason=reason, **work.cite(concept)))
    if len(changes) == 1:
        changes.append(StaysInCombat(object=object_id, reason="characteristics", **work.cite("removal")))
    return changes


def _type_changes(work: Working, before: Permanent, after: Permanent, roles: tuple[Role, ...]) -> list[Change]:
    """Stopping being a creature, a planeswalker or a battle, or becoming a battle (506.4, 506.4d)."""
    object_id = after.id
    creature = CardType.CREATURE in after.types and not after.is_battle
    planeswalker = after.is_planeswalker
    leaving: list[tuple[Role, RemovalCause]] = []
    if ("attacking" in roles or "blocking" in roles) and not creature:
        cause = (
            RemovalCause.BECAME_BATTLE
            if after.is_battle and not before.is_battle
            else RemovalCause.STOPPED_BEING_CREATURE
        )
        leaving += [(r, cause) for r in roles if r in ("attacking", "blocking")]
    if "attacked" in roles:
        if before.is_planeswalker and not planeswalker and not after.is_battle:
            leaving.append(("attacked", RemovalCause.STOPPED_BEING_PLANESWALKER))
        elif before.is_battle and not after.is_battle and not planeswalker:
            leaving.append(("attacked", RemovalCause.STOPPED_BEING_BATTLE))
    if not leaving:
        return []
    both = "blocking" in roles and "attacked" in roles
    changes: list[Change] = []
    for cause in dict.fromkeys(c for _, c in leaving):
        these = tuple(r for r, c in leaving if c == cause)
        concept = "removal_blocker_and_planeswalker" if both else "removal"
        changes += work.remove_from_combat(object_id, cause, concept, these)
    if both and work.roles(object_id):  # 506.4d: it stays in combat as what it still is
        reason = "still_attacked_planeswalker" if "attacked" in work.roles(object_id) else "still_blocking_creature"
        changes.append(StaysInCombat(object=object_id, reason=reason, **work.cite("removal_blocker_and_planeswalker")))
    return changes
