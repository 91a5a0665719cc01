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
from .state import Change, CombatRecord, TimingVerdict
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


def answer(work: Working, timing: Timing, by: str) -> Answer:
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
    found = answer(work, event.timing, event.by)
    what, action = (event.cast, "cast") if isinstance(event, Cast) else (event.activate, "activate")
    point = event.timing.before or event.timing.after
    return [
        TimingVerdict(
            what=what,
            action=action,
            allowed=found.allowed,
            reason=found.reason,
            point=point,
            relation="before" if event.timing.before else ("after" if event.timing.after else None),
            step=event.timing.during_step,
            **work.cite(found.concept),
        )
    ]
