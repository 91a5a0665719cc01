"""Builders for combat timeline tests: a small two-player board and the changes of one event."""

from __future__ import annotations

from typing import Any

from combatcheck.combat.state import (
    AttackingCreature,
    BlockingCreature,
    Change,
    CombatState,
    DamageOrder,
    Moment,
)
from combatcheck.combat.timeline import Timeline, follow
from combatcheck.models import Permanent, snapshot_from_data


def creature(pid: str, controller: str = "ana", *abilities: Any, **fields: Any) -> dict[str, Any]:
    return {"id": pid, "controller": controller, "power": 2, "toughness": 2, "abilities": list(abilities), **fields}


BOARD = [
    creature("ogre", "ana", name="Hill Ogre"),
    creature("elf", "ana", name="Elvish Scout"),
    creature("bear", "ben", name="Grizzly Bears"),
    creature("wall", "ben", name="Wall of Wood"),
    {"id": "jace", "name": "Jace", "controller": "ben", "types": ["planeswalker"], "loyalty": 3},
]


def run(*events: Any, permanents: list[dict[str, Any]] | None = None, **extra: Any) -> Timeline:
    data: dict[str, Any] = {
        "active_player": "ana",
        "players": ["ana", "ben"],
        "permanents": BOARD if permanents is None else permanents,
        "events": list(events),
        **extra,
    }
    return follow(snapshot_from_data(data))


def kinds(moment: Moment) -> list[str]:
    return [c.kind for c in moment.changes]


def changes_of(timeline: Timeline, index: int) -> tuple[Change, ...]:
    """The changes made by event `index` (moments[0] is the starting state)."""
    return next(m for m in timeline.moments if m.index == index).changes


def of_kind(changes: tuple[Change, ...], kind: str) -> list[Any]:
    return [c for c in changes if c.kind == kind]


def att(state: CombatState, creature_id: str) -> AttackingCreature:
    found = state.attacker(creature_id)
    assert found is not None, f"{creature_id} is not attacking"
    return found


def blk(state: CombatState, creature_id: str) -> BlockingCreature:
    found = state.blocker(creature_id)
    assert found is not None, f"{creature_id} is not blocking"
    return found


def perm(state: CombatState, permanent_id: str) -> Permanent:
    found = state.permanent(permanent_id)
    assert found is not None, f"{permanent_id} is not on the battlefield"
    return found


def order(state: CombatState, creature_id: str) -> DamageOrder:
    found = state.order_of(creature_id)
    assert found is not None, f"{creature_id} has no damage assignment order"
    return found
