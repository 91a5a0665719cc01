"""Creatures that come into combat without being declared, and effects on blocked / unblocked status.

Put onto the battlefield attacking (508.4; never attacking: 506.3a-c, e) or blocking (509.4, old 509.7; never
blocking: 506.3a, d-e, 509.4a), made to block by an effect (old 509.6), made blocked or unblocked by an effect
(509.1h; a band as a whole, 702.22i).
"""

from __future__ import annotations

from ..models import Permanent
from ..models.events import BecomesBlocked as BecomesBlockedEvent
from ..models.events import BecomesUnblocked as BecomesUnblockedEvent
from ..models.events import Enters, EntersAttacking, EntersBlocking, MadeToBlock
from .state import (
    AttackingCreature,
    Attacks,
    BecomesBlocked,
    BecomesUnblocked,
    BlockingCreature,
    Blocks,
    BlocksAgain,
    BoardChange,
    Change,
    Entry,
    NeverAttacking,
    NeverBlocking,
    NoChange,
)
from .working import TimelineInputError, Working


def _enter(work: Working, permanent: Permanent, how: str) -> list[Change]:
    work.board[permanent.id] = permanent
    return [BoardChange(object=permanent.id, what="enters", **work.cite(how))]


def enters(work: Working, event: Enters) -> list[Change]:
    return _enter(work, event.enters, "attackers_declared")


def _during_combat_after(work: Working, declared: str, field: str) -> None:
    done = work.attackers_declared if declared == "attackers" else work.blockers_declared
    if not work.in_combat or not done or work.step == "beginning_of_combat":
        raise TimelineInputError(field, f"after_{declared}_declared")


def enters_attacking(work: Working, event: EntersAttacking) -> list[Change]:
    _during_combat_after(work, "attackers", "enters_attacking")
    creature, target = event.enters_attacking, event.attacking
    board = work.solver_board()
    # 506.3b: under the control of a player who is not attacking, it enters and is never an attacking creature,
    # whatever it would attack; only for an attacking player's creature is the target checked
    attacking_controller = creature.controller in work.attacking_players
    if attacking_controller and target in {p.id for p in work.snapshot.players}:
        if work.team(target) == work.team(work.snapshot.active_player):
            raise TimelineInputError("attacking", "not_opponent_of_attacker", id=target)
        if target not in board.defending_players:
            raise TimelineInputError("attacking", "not_defending_this_combat", id=target)
    changes = _enter(work, creature, "put_attacking")
    reason = _never_attacking(work, creature, target)
    if reason is not None:
        concept = {
            "not_a_creature": "put_noncreature",
            "battle": "put_battle",
            "not_attacking_player": "put_attacking_other_player",
            "target_gone": "put_attacking_target_gone",
        }[reason]
        return [*changes, NeverAttacking(creature=creature.id, target=target, reason=reason, **work.cite(concept))]
    work.attackers[creature.id] = AttackingCreature(
        id=creature.id,
        target=target,
        defending_player=board.defender_for_target(target),
        entry=Entry.PUT_ONTO_BATTLEFIELD,
        status="unblocked" if work.blockers_declared else "undecided",
    )
    if target in work.board and target not in work.attacked:
        work.attacked.append(target)
    changes.append(
        Attacks(creature=creature.id, target=target, how=Entry.PUT_ONTO_BATTLEFIELD, **work.cite("put_attacking"))
    )
    if work.blockers_declared:  # no creature was declared as a blocker for it (509.1h)
        changes.append(
            BecomesUnblocked(attacker=creature.id, how=Entry.PUT_ONTO_BATTLEFIELD, **work.cite("blocked_unblocked"))
        )
    return changes


def _never_attacking(work: Working, creature: Permanent, target: str) -> str | None:
    if not creature.is_creature:
        return "not_a_creature"
    if creature.is_battle:
        return "battle"
    if creature.controller not in work.attacking_players:
        return "not_attacking_player"
    if target in {p.id for p in work.snapshot.players}:
        return None
    attacked = work.board.get(target)
    defending = work.solver_board().attack_targets
    if attacked is None or attacked.phased_out or target not in defending:
        return "target_gone"
    return None


def _blocking_checks(work: Working, blocker: Permanent, field: str) -> None:
    _during_combat_after(work, "blockers", field)
    if work.team(blocker.controller) == work.team(work.snapshot.active_player):
        raise TimelineInputError(field, "blocker_of_attacking_player", id=blocker.id, controller=blocker.controller)


def _defends_against(work: Working, blocker: Permanent, attacker_id: str) -> bool:
    """The attacker attacks the blocker's controller, a planeswalker they control or a battle they protect (or,
    with shared team turns, their team: 805.10d)."""
    defender = work.attackers[attacker_id].defending_player
    board = work.solver_board()
    return defender is not None and board.block_group(defender) == board.block_group(blocker.controller)


def enters_blocking(work: Working, event: EntersBlocking) -> list[Change]:
    blocker, attacker_id = event.enters_blocking, event.blocking
    # 506.3d: a creature of the attacking player put onto the battlefield blocking enters and never blocks (no
    # attacker attacks its controller): narrated with its rule below, not bad input
    _during_combat_after(work, "blockers", "enters_blocking")
    changes = _enter(work, blocker, "put_blocking")
    reason: str | None = None
    if not blocker.is_creature:
        reason = "not_a_creature"
    elif blocker.is_battle:
        reason = "battle"
    elif attacker_id not in work.attackers:
        reason = "attacker_gone"
    elif not _defends_against(work, blocker, attacker_id):
        reason = "not_defending"
    if reason is not None:
        concept = {
            "not_a_creature": "put_noncreature",
            "battle": "put_battle",
            "attacker_gone": "put_blocking_attacker_gone" if not work.old_rules else "put_blocking_not_defending",
            "not_defending": "put_blocking_not_defending",
        }[reason]
        never = NeverBlocking(creature=blocker.id, attacker=attacker_id, reason=reason, **work.cite(concept))
        return [*changes, never]
    return changes + _start_blocking(work, blocker.id, attacker_id, Entry.PUT_ONTO_BATTLEFIELD, "put_blocking")


def made_to_block(work: Working, event: MadeToBlock) -> list[Change]:
    blocker = work.on_battlefield(event.made_to_block, "made_to_block")
    attacker_id = event.blocking
    _blocking_checks(work, blocker, "made_to_block")
    if attacker_id not in work.attackers:
        return [NoChange(object=attacker_id, reason="attacker_not_attacking", **work.cite("removal"))]
    if not blocker.is_creature:
        return [NoChange(object=blocker.id, reason="not_a_creature", **work.cite("only_creatures"))]
    if blocker.is_battle:
        return [NoChange(object=blocker.id, reason="battle", **work.cite("effect_battle"))]
    if not _defends_against(work, blocker, attacker_id):
        return [NoChange(object=blocker.id, reason="not_defending", **work.cite("blocks_own_attackers"))]
    current = work.blockers.get(blocker.id)
    if current is not None and attacker_id in current.attackers:
        return [NoChange(object=blocker.id, reason="already_blocking", **work.cite("effect_blocks"))]
    changes: list[Change] = []
    if current is None and work.removed_this_combat(blocker.id):
        # 101.1: the effect's own text ("then it blocks ...") beats the rule that a creature removed from combat
        # takes no further part in it (506.4 and the glossary); it blocks again (Balduvian Warlord, 2006-07-15)
        changes.append(BlocksAgain(blocker=blocker.id, attacker=attacker_id, **work.cite("effect_overrides")))
    return changes + _start_blocking(work, blocker.id, attacker_id, Entry.EFFECT, "effect_blocks")


def _start_blocking(work: Working, blocker_id: str, attacker_id: str, how: Entry, concept: str) -> list[Change]:
    """`blocker_id` begins to block `attacker_id` (and, through a band, its other members: 702.22h)."""
    changes: list[Change] = []
    attacker = work.attackers[attacker_id]
    targets = [attacker_id, *(m for m in attacker.band if m in work.attackers)]
    for target_id in targets:
        current = work.blockers.get(blocker_id)
        target = work.attackers[target_id]
        if current is not None and target_id in current.attackers:
            continue
        changes.append(
            Blocks(
                blocker=blocker_id,
                attacker=target_id,
                how=how,
                was_blocking=current is not None,
                attacker_was_unblocked=target.status == "unblocked",
                **work.cite(concept if target_id == attacker_id else "band_blocked"),
            )
        )
        if current is None:
            work.blockers[blocker_id] = BlockingCreature(id=blocker_id, attackers=(target_id,), entry=how)
        else:
            work.blockers[blocker_id] = current.model_copy(update={"attackers": (*current.attackers, target_id)})
        work.attackers[target_id] = target.model_copy(
            update={"status": "blocked", "blockers": (*target.blockers, blocker_id)}
        )
        if target.status != "blocked":
            changes.append(
                BecomesBlocked(attacker=target_id, how=how, was_unblocked=True, **work.cite("blocked_unblocked"))
            )
        order_concept = "order_put_blocking" if how is Entry.PUT_ONTO_BATTLEFIELD else "order_effect_block"
        active = work.snapshot.active_player
        changes += work.join_order(target_id, "attacker", active, blocker_id, order_concept)
        controller = work.board[blocker_id].controller
        changes += work.join_order(blocker_id, "blocker", controller, target_id, "order_effect_block")
    return changes


def _attacking(work: Working, attacker_id: str, field: str) -> bool:
    _during_combat_after(work, "blockers", field)
    return attacker_id in work.attackers


def becomes_blocked(work: Working, event: BecomesBlockedEvent) -> list[Change]:
    attacker_id = event.becomes_blocked
    if not _attacking(work, attacker_id, "becomes_blocked"):
        return [NoChange(object=attacker_id, reason="attacker_not_attacking", **work.cite("blocked_unblocked"))]
    attacker = work.attackers[attacker_id]
    if attacker.status == "blocked":
        return [NoChange(object=attacker_id, reason="already_blocked", **work.cite("blocked_unblocked"))]
    changes: list[Change] = []
    for member in [attacker_id, *(m for m in attacker.band if m in work.attackers)]:  # 702.22i: the whole band
        current = work.attackers[member]
        if current.status == "blocked":
            continue
        work.attackers[member] = current.model_copy(update={"status": "blocked"})
        concept = "blocked_unblocked" if member == attacker_id else "band_blocked_by_effect"
        changes.append(
            BecomesBlocked(
                attacker=member, how=Entry.EFFECT, by_creature=False, was_unblocked=True, **work.cite(concept)
            )
        )
    return changes


def becomes_unblocked(work: Working, event: BecomesUnblockedEvent) -> list[Change]:
    attacker_id = event.becomes_unblocked
    if not _attacking(work, attacker_id, "becomes_unblocked"):
        return [NoChange(object=attacker_id, reason="attacker_not_attacking", **work.cite("blocked_unblocked"))]
    attacker = work.attackers[attacker_id]
    if attacker.status == "unblocked":
        return [NoChange(object=attacker_id, reason="already_unblocked", **work.cite("blocked_unblocked"))]
    work.attackers[attacker_id] = attacker.model_copy(update={"status": "unblocked"})
    return [BecomesUnblocked(attacker=attacker_id, how=Entry.EFFECT, **work.cite("blocked_unblocked"))]
