"""Whom each creature assigns its combat damage to in a combat damage step (510.1, 510.4; old 510.1c-d follow the
damage assignment order). The amounts are the players' choices: an `assign_combat_damage` event states them and
`combat/damage_step.py` judges them; a plain `combat_damage` step leaves them unsaid."""

from __future__ import annotations

from ..models.abilities import Keyword
from .state import AssignsDamage, Change
from .working import Working


def deals_damage_now(work: Working, creature_id: str, first_strike_step: bool) -> bool:
    """510.4: the first step has creatures with first or double strike; the second, those that had neither as the
    first began, and those that have double strike now."""
    creature = work.board[creature_id]
    if first_strike_step:
        return creature_id in work.first_strikers
    if not work.first_strikers:
        return True
    return creature_id not in work.first_strikers or creature.has_keyword(Keyword.DOUBLE_STRIKE)


def damage_changes(work: Working, *, first_strike_step: bool) -> list[Change]:
    changes: list[Change] = []
    for attacker in work.attackers.values():
        if not deals_damage_now(work, attacker.id, first_strike_step):
            continue
        if (work.board[attacker.id].power or 0) <= 0:
            changes.append(AssignsDamage(creature=attacker.id, how="no_power", **work.cite("damage_power")))
        elif attacker.status != "blocked":
            if attacker.target is None:
                changes.append(
                    AssignsDamage(
                        creature=attacker.id, how="nothing_attacked", **work.cite("removal_attacked_planeswalker")
                    )
                )
            else:
                changes.append(
                    AssignsDamage(
                        creature=attacker.id, to=(attacker.target,), how="unblocked", **work.cite("damage_unblocked")
                    )
                )
        elif attacker.blockers:
            order = work.orders.get(attacker.id)
            to = (*order.order, *order.unplaced) if order is not None else attacker.blockers
            changes.append(AssignsDamage(creature=attacker.id, to=to, how="blocked", **work.cite("damage_blocked")))
        elif work.board[attacker.id].has_keyword(Keyword.TRAMPLE) and attacker.target is not None:
            changes.append(
                AssignsDamage(
                    creature=attacker.id,
                    to=(attacker.target,),
                    how="trample_no_blockers",
                    **work.cite("trample_no_blockers"),
                )
            )
        else:
            changes.append(AssignsDamage(creature=attacker.id, how="no_blockers", **work.cite("damage_blocked")))
    for blocker in work.blockers.values():
        if not deals_damage_now(work, blocker.id, first_strike_step):
            continue
        if (work.board[blocker.id].power or 0) <= 0:
            changes.append(AssignsDamage(creature=blocker.id, how="no_power", **work.cite("damage_power")))
        elif not blocker.attackers:
            changes.append(AssignsDamage(creature=blocker.id, how="blocks_nothing", **work.cite("damage_blocking")))
        else:
            order = work.orders.get(blocker.id)
            to = (*order.order, *order.unplaced) if order is not None else blocker.attackers
            changes.append(AssignsDamage(creature=blocker.id, to=to, how="blocking", **work.cite("damage_blocking")))
    return changes
