"""May this spell be cast, or this ability activated, now? Combat timing restrictions (506.7a-g; old 506.6a-g).

"Before / after attackers (blockers) are declared" means before / after the declare attackers (blockers) step
begins, whether or not any creature is declared (506.7a-b). With "during combat" (or "during <player>'s combat
phase") the point is that of the current combat phase, any of them (506.7c); without it, only the first combat
phase of the turn counts (506.7d). A point that does not exist because the declare blockers and combat damage steps
were skipped makes "before" end with the declare attackers step (506.7e) and "during combat after" impossible in
that combat (506.7f). Abilities follow the same rules as spells (506.7g).
"""

from __future__ import annotations

from typing import NamedTuple

from ..models.events import Activate, Cast, Timing
from .state import Change, CombatRecord, TargetVerdict, TimingVerdict
from .working import STEP_ORDER, Working

# Where each point lies in its combat phase: "before" holds strictly before `start`; "after" holds from `after_from`.
_POINTS: dict[str, tuple[int, int]] = {
    "attackers_declared": (STEP_ORDER["declare_attackers"], STEP_ORDER["declare_attackers"]),
    "blockers_declared": (STEP_ORDER["declare_blockers"], STEP_ORDER["declare_blockers"]),
    "combat_damage_step": (STEP_ORDER["first_strike_damage"], STEP_ORDER["end_of_combat"]),
    "end_of_combat_step": (STEP_ORDER["end_of_combat"], STEP_ORDER["postcombat_main"]),
    "combat": (STEP_ORDER["beginning_of_combat"], STEP_ORDER["postcombat_main"]),
}
_NEEDS_BLOCKERS_STEP = ("blockers_declared", "combat_damage_step")


class Answer(NamedTuple):
    allowed: bool
    reason: str
    concept: str


def _point_concept(point: str) -> str:
    return {"attackers_declared": "timing_attackers", "blockers_declared": "timing_blockers"}.get(point, "timing")


def _position(work: Working) -> tuple[int, int]:
    """(combat phase, step order): the precombat main phase is (0, 0); after combat k, (k, 7)."""
    return work.combat, STEP_ORDER[work.step]


def _relative(work: Working, timing: Timing, combat: int, record: CombatRecord | None) -> Answer:
    """before / after the point of combat phase `combat` (0: the first one has not begun)."""
    point = timing.before or timing.after
    assert point is not None
    before = timing.before is not None
    concept = _point_concept(point)
    now = _position(work)
    if combat == 0 or combat > work.combat:
        return Answer(before, "point_ahead" if before else "point_not_reached", concept)
    if record is not None and record.skipped:
        return Answer(False, "combat_skipped" if before else "point_never", "timing_point_skipped")
    start, after_from = _POINTS[point]
    skipped = record is not None and record.blockers_step_skipped and point in _NEEDS_BLOCKERS_STEP
    if skipped:
        if before:  # 506.7e: only before the declare attackers step ends
            allowed = now <= (combat, STEP_ORDER["declare_attackers"])
            return Answer(allowed, "skipped_before" if allowed else "skipped_before_passed", "timing_point_skipped")
        concept = "timing_after_blockers_skipped" if timing.during_combat or timing.during_combat_of else concept
        return Answer(False, "skipped_after", concept)
    if before:
        allowed = now < (combat, start)
        return Answer(allowed, "point_ahead" if allowed else "point_passed", concept)
    allowed = now >= (combat, after_from)
    return Answer(allowed, "point_passed_after" if allowed else "point_not_reached", concept)


class _Condition(NamedTuple):
    answer: Answer
    about: str


def _conditions(work: Working, timing: Timing, by: str) -> _Condition | None:
    """The conditions on the combat itself (602.1b): "only if a creature attacked you this turn" (508.6), "only if
    ~ is attacking / blocking" (508.1k, 509.1g). The first one that fails, or the last that holds; None if none."""
    found: _Condition | None = None
    if timing.attacked_you_this_turn:
        attacked = by in work.attacked_players
        found = _Condition(Answer(attacked, "attacked_you" if attacked else "not_attacked_you", "attacked_you"), by)
        if not attacked:
            return found
    creature = timing.while_attacking or timing.while_blocking
    if creature is not None:
        attacking = timing.while_attacking is not None and creature in work.attackers
        blocking = timing.while_blocking is not None and creature in work.blockers
        which = (
            "attacking_or_blocking"
            if timing.while_attacking and timing.while_blocking
            else ("attacking" if timing.while_attacking else "blocking")
        )
        concept = "target_blocking" if which == "blocking" else "target_attacking"
        holds = attacking or blocking
        found = _Condition(Answer(holds, f"while_{which}" if holds else f"not_{which}", concept), creature)
    return found


def answer(work: Working, timing: Timing, by: str) -> Answer:
    condition = _conditions(work, timing, by)
    if condition is not None and not condition.answer.allowed:
        return condition.answer
    if (
        condition is not None
        and not (timing.before or timing.after or timing.during_combat or timing.during_combat_of or timing.during_turn)
        and timing.during_step is None
    ):
        return condition.answer
    return _answer(work, timing, by)


def _answer(work: Working, timing: Timing, by: str) -> Answer:
    active_team = work.team(work.snapshot.active_player)
    if timing.during_turn is not None:
        yours = work.team(by) == active_team
        if yours != (timing.during_turn == "yours"):
            return Answer(False, "not_your_turn" if timing.during_turn == "yours" else "your_turn", "timing")
    during = timing.during_combat or timing.during_combat_of is not None
    if during and not work.in_combat:
        return Answer(False, "not_during_combat", "timing_during_combat")
    if timing.during_combat_of is not None and work.team(timing.during_combat_of) != active_team:
        return Answer(False, "not_their_combat", "timing_during_combat")
    if timing.during_step is not None:
        step = "combat_damage" if work.step == "first_strike_damage" else work.step
        if step != timing.during_step:
            return Answer(False, "wrong_step", "timing")
        if not (timing.before or timing.after):
            return Answer(True, "in_step", "timing")
    if not (timing.before or timing.after):
        return Answer(True, "during_combat", "timing_during_combat")
    if during:
        return _relative(work, timing, work.combat, work.combats[-1])
    first = work.combats[0] if work.combats else None
    result = _relative(work, timing, 1 if first else 0, first)
    if not result.allowed and work.combat > 1 and result.reason == "point_passed":
        return Answer(False, "first_combat_only", "timing_first_combat")
    if not result.allowed and work.combat > 1 and result.reason == "skipped_before_passed":
        return Answer(False, "first_combat_skipped", "timing_first_combat")
    return result


def timing_verdict(work: Working, event: Cast | Activate) -> list[Change]:
    what, action = (event.cast, "cast") if isinstance(event, Cast) else (event.activate, "activate")
    changes: list[Change] = []
    timing = event.timing
    if timing is not None:
        found = answer(work, timing, event.by)
        condition = _conditions(work, timing, event.by)
        about = condition.about if condition is not None and found.reason == condition.answer.reason else None
        point = timing.before or timing.after
        changes.append(
            TimingVerdict(
                what=what,
                action=action,
                allowed=found.allowed,
                reason=found.reason,
                point=point,
                relation="before" if timing.before else ("after" if timing.after else None),
                step=timing.during_step,
                about=about,
                **work.cite(found.concept),
            )
        )
    if event.target is not None and event.target_must_be:
        changes.append(_target_verdict(work, event, what, action))
    return changes


def _target_verdict(work: Working, event: Cast | Activate, what: str, action: str) -> TargetVerdict:
    """601.2c: the target must be an appropriate object as the spell is cast or the ability activated: what it must
    be is checked on the combat now (an unblocked creature exists only once blockers are declared, 509.1h)."""
    assert event.target is not None
    target = work.on_battlefield(event.target, "target")
    attacker = work.attackers.get(target.id)
    holds = {
        "attacking": attacker is not None,
        "blocking": target.id in work.blockers,
        "blocked": attacker is not None and attacker.status == "blocked",
        "unblocked": attacker is not None and attacker.status == "unblocked",
        "yours": target.controller == event.by,
        "opponents": work.team(target.controller) != work.team(event.by),
    }
    failed = tuple(c for c in event.target_must_be if not holds[c])
    concept = {"attacking": "target_attacking", "blocking": "target_blocking"}.get(
        failed[0] if failed else "", "target_blocked" if failed and failed[0] in ("blocked", "unblocked") else "target"
    )
    return TargetVerdict(
        what=what,
        action="cast" if action == "cast" else "activate",
        target=target.id,
        by=event.by,
        must_be=event.target_must_be,
        failed=failed,
        allowed=not failed,
        **work.cite(concept),
    )
