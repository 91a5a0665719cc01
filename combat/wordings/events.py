"""The trigger events every wording is built from, read off a point (509.3a-g, 508.3a). Keywords reuse them:
rampage is "becomes blocked", flanking is "becomes blocked by a creature without flanking"."""

from __future__ import annotations

from collections.abc import Callable

from ...models import Permanent
from ...models.filters import CreatureFilter
from ...models.trigger_abilities import BlockCount, Watch
from ..trigger_points import BlockPair, TriggerPoint
from .base import Hit

PairTest = Callable[[BlockPair], bool]


def _matches(flt: CreatureFilter | None, creature: Permanent, this: Permanent) -> bool:
    return flt is None or flt.matches(creature, this)


def blocks(point: TriggerPoint, creature: Permanent) -> list[Hit]:
    """509.3a: once, if it is declared as a blocker, or an effect makes it block while it was not blocking; never
    for a creature put onto the battlefield blocking (509.4)."""
    return [Hit(creature.id)] if creature.id in point.newly_blocking else []


def blocks_each(point: TriggerPoint, creature: Permanent, attackers: CreatureFilter | None = None) -> list[Hit]:
    """509.3b, 509.3f: once per attacker it begins to block (declared or made to block; not if it was already
    blocking that attacker, nor if it was put onto the battlefield blocking), the attacker as it was then."""
    return [
        Hit(creature.id, pair.attacker.id)
        for pair in point.new_pairs
        if pair.blocker.id == creature.id and pair.how != "entered" and _matches(attackers, pair.attacker, pair.blocker)
    ]


def becomes_blocked(point: TriggerPoint, creature: Permanent) -> list[Hit]:
    """509.3c: once, when it becomes a blocked creature while it was unblocked (declared blockers, an effect, or a
    creature put onto the battlefield blocking it)."""
    return [Hit(creature.id)] if creature.id in point.newly_blocked else []


def becomes_blocked_by_each(
    point: TriggerPoint, creature: Permanent, blockers: CreatureFilter | None = None
) -> list[Hit]:
    """509.3d, 509.3f: once per creature that begins to block it, however (declared, made to block, put onto the
    battlefield blocking), the blocker as it was then; not when an effect alone makes it blocked."""
    return [
        Hit(creature.id, pair.blocker.id)
        for pair in point.new_pairs
        if pair.attacker.id == creature.id and _matches(blockers, pair.blocker, pair.attacker)
    ]


def _count(
    point: TriggerPoint, creature: Permanent, spec: BlockCount, *, blocking: bool, blocked: bool, after: bool
) -> int:
    flt = spec.creatures
    total = 0
    if blocking:  # a creature put onto the battlefield blocking never "blocked" (509.4)
        pairs = point.blocking(creature.id, after=after)
        total += sum(1 for p in pairs if p.how != "entered" and _matches(flt, p.attacker, p.blocker))
    if blocked:
        total += sum(1 for p in point.blockers_of(creature.id, after=after) if _matches(flt, p.blocker, p.attacker))
    return total


def count_reached(
    point: TriggerPoint, creature: Permanent, spec: BlockCount, *, blocking: bool, blocked: bool
) -> list[Hit]:
    """509.3e: once, when blockers are declared or an effect adds or removes blockers, if the creature now blocks or
    is blocked by that many creatures and did not just before."""
    now = _count(point, creature, spec, blocking=blocking, blocked=blocked, after=True)
    then = _count(point, creature, spec, blocking=blocking, blocked=blocked, after=False)
    return [Hit(creature.id)] if spec.holds(now) and not spec.holds(then) else []


def attacks(point: TriggerPoint, creature: Permanent) -> list[Hit]:
    """508.3a: once, if it is declared as an attacker; never for a creature put onto the battlefield attacking."""
    return [Hit(creature.id, point.attacks[creature.id])] if creature.id in point.attacks else []


def attacks_alone(point: TriggerPoint, creature: Permanent) -> list[Hit]:
    """506.5: it is the only creature declared as an attacker (by the whole attacking team, 805.10b)."""
    return attacks(point, creature) if len(point.attacks) == 1 else []


def attacks_and_isnt_blocked(point: TriggerPoint, creature: Permanent) -> list[Hit]:
    """509.3g: once, when blockers are declared, if no creature is declared blocking it, even if it was put onto the
    battlefield attacking; not if it was blocked and its blockers left combat."""
    if point.kind != "blockers_declared":
        return []
    return [Hit(creature.id)] if creature.id in point.unblocked else []


def watched(watch: Watch, source: Permanent, creature: Permanent, point: TriggerPoint) -> bool:
    """Whether `creature` (as it is at `point`) is one that `source`'s ability watches."""
    if watch.other and creature.id == source.id:
        return False
    if watch.whose == "you" and creature.controller != source.controller:
        return False
    if watch.whose == "opponent" and point.board.team[creature.controller] == point.board.team[source.controller]:
        return False
    return _matches(watch.creatures, creature, source)
