"""The assignment question of one combat damage step, read off the combat state: which creatures assign combat
damage now (510.4), how much (510.1a), to what (510.1b-d, 702.19b-d), who divides it (510.1, 702.22j-k), and what is
lethal to each creature in combat (510.1c-d: toughness less the damage marked on it)."""

from __future__ import annotations

from collections.abc import Iterable

from ..models import Permanent
from ..models.abilities import BandsWithOther, Keyword
from .damage import deals_damage_now
from .damage_model import DamageProblem, Dealer
from .working import TimelineInputError, Working


def banding_among(creatures: list[Permanent]) -> bool:
    """702.22j-k: a creature with banding among them, or both a [quality] creature with "bands with other [quality]"
    and another [quality] creature."""
    if any(c.has_keyword(Keyword.BANDING) for c in creatures):
        return True
    return any(
        ability.bands_with_other.matches(member, member)
        and any(other.id != member.id and ability.bands_with_other.matches(other, member) for other in creatures)
        for member in creatures
        for ability in member.abilities_of(BandsWithOther)
    )


def _attacker(work: Working, attacker_id: str) -> Dealer:
    attacker = work.attackers[attacker_id]
    creature = work.board[attacker_id]
    order = work.orders.get(attacker_id)
    blockers = (*order.order, *order.unplaced) if work.old_rules and order is not None else attacker.blockers
    banding = banding_among([work.board[b] for b in blockers if b in work.board])
    defender = attacker.defending_player or ""
    target = work.board.get(attacker.target) if attacker.target else None
    over = creature.has_keyword(Keyword.TRAMPLE_OVER_PLANESWALKERS)
    if over and target is not None and target.is_planeswalker and target.loyalty is None:
        raise TimelineInputError("", "loyalty_needed", id=target.id)
    return Dealer(
        id=attacker_id,
        side="attacker",
        power=creature.power or 0,
        creatures=tuple(blockers),
        target=attacker.target,
        blocked=attacker.status == "blocked",
        trample=creature.has_keyword(Keyword.TRAMPLE),
        over_planeswalkers=over,
        defender=attacker.defending_player,
        target_loyalty=target.loyalty if target is not None and target.is_planeswalker else None,
        deathtouch=creature.has_keyword(Keyword.DEATHTOUCH),
        as_though_unblocked=creature.has_keyword(Keyword.MAY_ASSIGN_DAMAGE_AS_THOUGH_UNBLOCKED),
        ordered=work.old_rules and len(blockers) > 1 and not banding,
        chooser=defender if banding else work.snapshot.active_player,
        banding_exception=banding,
    )


def _blocker(work: Working, blocker_id: str) -> Dealer:
    blocker = work.blockers[blocker_id]
    creature = work.board[blocker_id]
    order = work.orders.get(blocker_id)
    attackers = (*order.order, *order.unplaced) if work.old_rules and order is not None else blocker.attackers
    banding = banding_among([work.board[a] for a in attackers if a in work.board])
    return Dealer(
        id=blocker_id,
        side="blocker",
        power=creature.power or 0,
        creatures=tuple(attackers),
        deathtouch=creature.has_keyword(Keyword.DEATHTOUCH),
        ordered=work.old_rules and len(attackers) > 1 and not banding,
        chooser=work.snapshot.active_player if banding else creature.controller,
        banding_exception=banding,
    )


def damage_problem(work: Working, *, first_strike_step: bool, named: Iterable[str] = ()) -> DamageProblem:
    """The question for the step that has just begun. `named`: the creatures a proposal names, so that one that
    assigns no damage now is reported as such (not in combat, or not in this step, 510.4)."""
    dealers: dict[str, Dealer] = {}
    for attacker_id in work.attackers:
        if deals_damage_now(work, attacker_id, first_strike_step):
            dealers[attacker_id] = _attacker(work, attacker_id)
    for blocker_id in work.blockers:
        if deals_damage_now(work, blocker_id, first_strike_step):
            dealers[blocker_id] = _blocker(work, blocker_id)
    lethal: dict[str, int] = {}
    for dealer in dealers.values():
        for creature_id in dealer.creatures:
            creature = work.board[creature_id]
            if creature.toughness is None:
                raise TimelineInputError("", "toughness_needed", id=creature_id)
            lethal[creature_id] = max(0, creature.toughness - creature.damage)
    outsiders = {
        creature: "not_this_step" if creature in work.attackers or creature in work.blockers else "not_in_combat"
        for creature in named
        if creature not in dealers
    }
    return DamageProblem(edition=work.edition, dealers=dealers, lethal=lethal, outsiders=outsiders)
