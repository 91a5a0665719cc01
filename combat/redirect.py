"""Effects that change who blocks whom or what an attacker attacks without removing anything from combat.

- A blocker stops blocking one attacker (General Jarkeld switches the blockers of two attackers): it remains a
  blocking creature and the attacker remains blocked (509.1g-h); under the rules before Nov 2024 each leaves the
  other's damage assignment order (old 509.2a, 509.3a, which name such an effect).
- What an attacking creature attacks is reselected (508.7, Portal Mage): it is not removed from combat and does not
  attack again (508.7a); the new choice must be one 508.7c-e allow, otherwise nothing changes and the timeline's
  verdict is illegal.
"""

from __future__ import annotations

from ..models.events import ReselectAttack, StopsBlocking
from .state import AttackReselected, Change, NoChange
from .working import TimelineInputError, Working


def _in_combat_after(work: Working, declared: str, field: str) -> None:
    done = work.attackers_declared if declared == "attackers" else work.blockers_declared
    if not work.in_combat or not done:
        raise TimelineInputError(field, f"after_{declared}_declared")


def stops_blocking(work: Working, event: StopsBlocking) -> list[Change]:
    blocker_id, attacker_id = event.stops_blocking, event.attacker
    work.on_battlefield(blocker_id, "stops_blocking")
    _in_combat_after(work, "blockers", "stops_blocking")
    blocker = work.blockers.get(blocker_id)
    if blocker is None:
        return [NoChange(object=blocker_id, reason="not_a_blocker", **work.cite("blockers_declared"))]
    if attacker_id not in blocker.attackers:
        return [NoChange(object=blocker_id, reason="not_blocking_that", **work.cite("blockers_declared"))]
    return work.end_block(blocker_id, attacker_id, "effect_stops_blocking")


def reselect_attack(work: Working, event: ReselectAttack) -> list[Change]:
    attacker_id, target = event.reselect_attack, event.attacking
    work.on_battlefield(attacker_id, "reselect_attack")
    _in_combat_after(work, "attackers", "reselect_attack")
    attacker = work.attackers.get(attacker_id)
    if attacker is None:
        return [NoChange(object=attacker_id, reason="attacker_not_attacking", **work.cite("reselect"))]
    former = attacker.target
    if target == former:
        return [NoChange(object=attacker_id, reason="already_attacking_that", **work.cite("reselect"))]
    board = work.solver_board()
    if target not in board.attack_targets:  # 508.7c-e: an opponent (the chosen one, within range), theirs
        reselected = AttackReselected(
            attacker=attacker_id, former_target=former, target=target, allowed=False, **work.cite("reselect_target")
        )
        return [reselected]
    work.attackers[attacker_id] = attacker.model_copy(
        update={"target": target, "defending_player": board.defender_for_target(target)}
    )
    if target in work.board and target not in work.attacked:
        work.attacked.append(target)
    return [AttackReselected(attacker=attacker_id, former_target=former, target=target, **work.cite("reselect"))]
