"""Combat damage dealt (510.2): all of it at once, less what prevention shields stop (615.7), with its results
(120.3: damage marked, -1/-1 counters from wither or infect, life lost, poison counters from infect, loyalty and
defense counters removed; lifelink 702.15b), then the state-based actions a judge asks about (704.5a, c, f-i, v).

A player's life total is followed only when the snapshot states it (`players[i].life`); life lost and gained is
said either way.
"""

from __future__ import annotations

from collections.abc import Mapping

from ..models import Permanent
from ..models.abilities import Keyword
from ..models.damage_events import Shield
from ..models.events import LeavesBattlefield
from .damage_model import DamageProblem
from .removal import leaves_battlefield
from .state import Change, DamageDealt, Fallen, LifeGained, SbaWhat, StateBasedAction
from .working import TimelineInputError, Working

POISON_LIMIT = 10  # 704.5c


def _prevented(shields: dict[str, Shield], recipient: str, incoming: dict[str, int], source: str, amount: int) -> int:
    """How much of `source`'s damage to `recipient` a stated shield prevents (615.7)."""
    shield = shields.get(recipient)
    if shield is None:
        return 0
    if shield == "all":
        return amount
    if isinstance(shield, dict):
        return min(amount, shield.get(source, 0))
    if len(incoming) > 1:
        example = next(iter(incoming))
        raise TimelineInputError(f"prevent.{recipient}", "shield_which_source", id=recipient, example=example)
    return min(amount, int(shield))


def _result(work: Working, source: Permanent, recipient: str, amount: int) -> DamageDealt:
    """120.3: what `amount` damage from `source` does to `recipient`; the board and the state are updated."""
    infect = source.has_keyword(Keyword.INFECT)
    cite = work.cite
    if recipient in work.life or recipient in {p.id for p in work.snapshot.players}:
        if infect:
            work.poison[recipient] = work.poison.get(recipient, 0) + amount
            return DamageDealt(source=source.id, recipient=recipient, amount=amount, result="poison", rule="120.3b")
        if recipient in work.life:
            work.life[recipient] -= amount
        return DamageDealt(source=source.id, recipient=recipient, amount=amount, result="life", rule="120.3a")
    target = work.board[recipient]
    if target.is_creature and target.is_planeswalker and target.loyalty is not None:
        # 120.3: the results for each of its card types apply; as a planeswalker it loses loyalty (120.3c)
        work.update(recipient, loyalty=target.loyalty - amount)
        creature = _creature_result(work, source, work.board[recipient], amount)
        return creature.model_copy(update={"loyalty_removed": amount, "rule": f"120.3c, {creature.rule}"})
    if target.is_creature:
        return _creature_result(work, source, target, amount)
    if target.is_planeswalker and target.loyalty is not None:
        work.update(recipient, loyalty=target.loyalty - amount)
        return DamageDealt(source=source.id, recipient=recipient, amount=amount, result="loyalty", rule="120.3c")
    if target.is_battle and target.defense is not None:
        work.update(recipient, defense=target.defense - amount)
        return DamageDealt(source=source.id, recipient=recipient, amount=amount, result="defense", rule="120.3h")
    return DamageDealt(source=source.id, recipient=recipient, amount=amount, result="none", **cite("damage_dealt"))


def _creature_result(work: Working, source: Permanent, target: Permanent, amount: int) -> DamageDealt:
    """120.3d-e: damage to a creature puts -1/-1 counters on it from a source with infect or wither, and is marked on
    it otherwise."""
    recipient = target.id
    deathtouch = source.has_keyword(Keyword.DEATHTOUCH)
    if source.has_keyword(Keyword.INFECT) or source.has_keyword(Keyword.WITHER):
        work.counters[recipient] = work.counters.get(recipient, 0) + amount
        work.update(
            recipient,
            power=None if target.power is None else target.power - amount,
            toughness=None if target.toughness is None else target.toughness - amount,
        )
        return DamageDealt(
            source=source.id,
            recipient=recipient,
            amount=amount,
            result="counters",
            deathtouch=deathtouch,
            rule="120.3d",
        )
    work.update(recipient, damage=target.damage + amount)
    return DamageDealt(
        source=source.id, recipient=recipient, amount=amount, result="marked", deathtouch=deathtouch, rule="120.3e"
    )


def deal(
    work: Working, problem: DamageProblem, assignment: Mapping[str, Mapping[str, int]], shields: dict[str, Shield]
) -> list[Change]:
    """510.2: every assigned damage dealt simultaneously, then the state-based actions (704.3: all at once)."""
    incoming: dict[str, dict[str, int]] = {}
    for source_id, split in assignment.items():
        for recipient, amount in split.items():
            if amount > 0:
                incoming.setdefault(recipient, {})[source_id] = amount
    sources = {s: work.board[s] for s in assignment}  # as they were when the damage was dealt
    changes: list[Change] = []
    deathtouched: set[str] = set()
    gained: dict[str, tuple[int, str]] = {}
    for source_id, split in assignment.items():
        source = sources[source_id]
        for recipient, amount in split.items():
            if amount <= 0:
                continue
            prevented = _prevented(shields, recipient, incoming[recipient], source_id, amount)
            dealt = amount - prevented
            if dealt <= 0:
                changes.append(
                    DamageDealt(
                        source=source_id,
                        recipient=recipient,
                        amount=0,
                        prevented=prevented,
                        result="none",
                        rule="615.7",
                    )
                )
                continue
            change = _result(work, source, recipient, dealt).model_copy(update={"prevented": prevented})
            changes.append(change)
            if change.deathtouch:
                deathtouched.add(recipient)
            if recipient in work.board:
                work.dealt_damage_by[source_id] = (*work.dealt_damage_by.get(source_id, ()), recipient)
            if source.has_keyword(Keyword.LIFELINK):
                total, _ = gained.get(source_id, (0, source.controller))
                gained[source_id] = (total + dealt, source.controller)
    for source_id, (amount, player) in gained.items():  # 702.15e: one life gain event per source
        if player in work.life:
            work.life[player] += amount
        changes.append(LifeGained(player=player, amount=amount, source=source_id, rule="702.15b"))
    return changes + state_based_actions(work, deathtouched)


def state_based_actions(work: Working, deathtouched: set[str]) -> list[Change]:
    """704.5a, c, f-i, v, performed simultaneously (704.3); a creature destroyed leaves combat (506.4)."""
    changes: list[Change] = []
    for player in work.snapshot.players:
        if any(f.id == player.id for f in work.lost):
            continue
        if work.life.get(player.id, 1) <= 0:
            changes.append(StateBasedAction(object=player.id, what="zero_life", rule="704.5a"))
            work.lost.append(Fallen(id=player.id, what="zero_life", rule="704.5a", event=work.event))
        elif work.poison.get(player.id, 0) >= POISON_LIMIT:
            changes.append(StateBasedAction(object=player.id, what="poison", rule="704.5c"))
            work.lost.append(Fallen(id=player.id, what="poison", rule="704.5c", event=work.event))
    dying: list[Fallen] = []
    for permanent in list(work.board.values()):
        what, rule = _dies(permanent, permanent.id in deathtouched)
        if what is None:
            continue
        indestructible = what in ("lethal_damage", "deathtouch") and permanent.has_keyword(Keyword.INDESTRUCTIBLE)
        changes.append(StateBasedAction(object=permanent.id, what=what, indestructible=indestructible, rule=rule))
        if not indestructible:
            dying.append(Fallen(id=permanent.id, what=what, rule=rule, event=work.event))
    for fallen in dying:
        work.died.append(fallen)
        changes += leaves_battlefield(work, LeavesBattlefield(leaves_battlefield=fallen.id, to="graveyard"))
    return changes


def _dies(permanent: Permanent, deathtouched: bool) -> tuple[SbaWhat | None, str]:
    if permanent.is_creature and permanent.toughness is not None:
        if permanent.toughness <= 0:
            return "zero_toughness", "704.5f"
        if permanent.damage and permanent.damage >= permanent.toughness:
            return "lethal_damage", "704.5g"
        if deathtouched:
            return "deathtouch", "704.5h"
    if permanent.is_planeswalker and permanent.loyalty is not None and permanent.loyalty <= 0:
        return "zero_loyalty", "704.5i"
    if permanent.is_battle and permanent.defense is not None and permanent.defense <= 0:
        return "zero_defense", "704.5v"
    return None, ""
