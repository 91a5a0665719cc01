"""Whom each creature assigns its combat damage to in a combat damage step (510.1, 510.4; old 510.1c-d follow the
damage assignment order). The amounts are the players' choices: an `assign_combat_damage` event states them and
`combat/damage_step.py` judges them; a plain `combat_damage` step leaves them unsaid."""

from __future__ import annotations

from ..models.abilities import BandsWithOther, Keyword
from .state import AssignsDamage, AttackingCreature, Change
from .working import Working


def _banding_among(work: Working, creature_ids: tuple[str, ...]) -> bool:
    """702.22j-k: among these creatures is one with banding, or both a [quality] creature with "bands with other
    [quality]" and another [quality] creature."""
    creatures = [work.board[c] for c in creature_ids if c in work.board]
    if any(c.has_keyword(Keyword.BANDING) for c in creatures):
        return True
    return any(
        ability.bands_with_other.matches(member, member)
        and any(ability.bands_with_other.matches(other, member) for other in creatures if other.id != member.id)
        for member in creatures
        for ability in member.abilities_of(BandsWithOther)
    )


def _divided(work: Working, creature: str, to: tuple[str, ...], how: str) -> AssignsDamage:
    """A creature dividing its damage among two or more creatures: its controller chooses how (510.1c-d), unless
    banding gives the choice to the other side (702.22j: the defending player for an attacker blocked by a creature
    with banding; 702.22k: the active player for a blocker blocking a creature with banding)."""
    if len(to) >= 2 and _banding_among(work, to):
        if how == "blocked":
            defender = work.attackers[creature].defending_player or work.board[to[0]].controller
            return AssignsDamage(creature=creature, to=to, how=how, divided_by=defender, **work.cite("banding_blocked"))
        active = work.snapshot.active_player
        return AssignsDamage(creature=creature, to=to, how=how, divided_by=active, **work.cite("banding_blocking"))
    concept = "damage_blocked" if how == "blocked" else "damage_blocking"
    return AssignsDamage(creature=creature, to=to, how=how, **work.cite(concept))


def deals_damage_now(work: Working, creature_id: str, first_strike_step: bool) -> bool:
    """510.4: the first step has creatures with first or double strike; the second, those that had neither as the
    first began, and those that have double strike now."""
    creature = work.board[creature_id]
    if first_strike_step:
        return creature_id in work.first_strikers
    if not work.first_strikers:
        return True
    return creature_id not in work.first_strikers or creature.has_keyword(Keyword.DOUBLE_STRIKE)


def _tramples_to_defender(work: Working, attacker: AttackingCreature) -> bool:
    """702.19e: trample over planeswalkers, the planeswalker it attacked removed from combat, and no creature
    blocking it now: all its damage is assigned to the defending player (an exception to 506.4c)."""
    return (
        attacker.target is None
        and not attacker.blockers
        and attacker.defending_player is not None
        and work.board[attacker.id].has_keyword(Keyword.TRAMPLE_OVER_PLANESWALKERS)
    )


def damage_changes(work: Working, *, first_strike_step: bool) -> list[Change]:
    changes: list[Change] = []
    for attacker in work.attackers.values():
        if not deals_damage_now(work, attacker.id, first_strike_step):
            continue
        if (work.board[attacker.id].power or 0) <= 0:
            changes.append(AssignsDamage(creature=attacker.id, how="no_power", **work.cite("damage_power")))
        elif _tramples_to_defender(work, attacker):
            changes.append(
                AssignsDamage(
                    creature=attacker.id,
                    to=(attacker.defending_player,),
                    how="planeswalker_gone",
                    **work.cite("trample_planeswalker_gone"),
                )
            )
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
            changes.append(_divided(work, attacker.id, to, "blocked"))
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
            changes.append(_divided(work, blocker.id, to, "blocking"))
    return changes
