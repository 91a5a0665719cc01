"""`combatcheck damage FILE`: the combat damage steps of a timeline on their own — each assignment's verdict with its
rules and the nearest legal assignment, the damage dealt, what dies — and, on request, the range of damage each
recipient can be assigned ("how much can go through to the player?") and every legal assignment.

A file without an `assign_combat_damage` event asks about the next combat damage step: it is judged as if no
creature with a choice had been announced yet, and the ranges say what each recipient can be assigned.
"""

from __future__ import annotations

from pydantic import BaseModel, Field

from ..models import Snapshot
from ..models.cr_edition import CR_EDITION
from ..models.damage_events import AssignCombatDamage
from ..models.events import DeclareBlockers
from ..models.report import Language
from .damage_model import DamageProblem
from .damage_narration import assignment_text, say
from .damage_search import every_assignment, ranges
from .damage_words import DAMAGE_WORDS as W
from .narration import Narrator
from .state import DamageAssignment, DamageDealt, LifeGained, StateBasedAction
from .timeline import Timeline, Verdict, follow

DamageChange = DamageDealt | LifeGained | StateBasedAction


class RecipientRange(BaseModel):
    recipient: str
    source: str | None = Field(description="the creature assigning it; none: all of them together")
    low: int
    high: int
    proved: bool = Field(
        default=True, description="false: a solve reached its time limit, and low..high is a proven outer bound only"
    )


class DamageStep(BaseModel):
    """One combat damage step as judged."""

    event: int = Field(description="the index of its assign_combat_damage event")
    step: str = Field(description="first_strike_damage or combat_damage (510.4)")
    judged: DamageAssignment
    results: list[DamageChange] = Field(default_factory=list, description="damage dealt and state-based actions")
    ranges: list[RecipientRange] | None = None
    every: list[dict[str, dict[str, int]]] | None = Field(None, description="every legal assignment, up to the limit")
    every_complete: bool | None = None


class DamageReport(BaseModel):
    verdict: Verdict
    steps: list[DamageStep]
    asked: bool = Field(False, description="the file had no assignment: the next combat damage step was asked about")
    cr_edition: str = Field(
        CR_EDITION,
        description="the Comprehensive Rules edition followed: its effective date (ISO 8601); a timeline "
        "with `rules: before_foundations` judges under the older rules it names",
    )


def with_question(snapshot: Snapshot) -> tuple[Snapshot, bool]:
    """The snapshot, with an empty assignment for the next damage step if it has none. A declare blockers snapshot
    without events (attackers given by `attacking:`, the blocks by `declaration`) is that declaration as an event."""
    if any(isinstance(e, AssignCombatDamage) for e in snapshot.events):
        return snapshot, False
    events = snapshot.events
    if not events and snapshot.step == "declare_blockers":
        blocks = snapshot.declaration.blocks if snapshot.declaration is not None else {}
        declared = {"declare_blockers": {"blocks": {b: list(a) for b, a in blocks.items()}}}
        events = (DeclareBlockers.model_validate(declared),)
    asked = (*events, AssignCombatDamage())
    return snapshot.model_copy(update={"events": asked, "declaration": None}), True


def damage_report(
    snapshot: Snapshot, *, lang: Language = "en", want_ranges: bool = False, every: int = 0
) -> tuple[DamageReport, Timeline, Snapshot]:
    """The damage steps of the snapshot's timeline. Raises SnapshotError for bad input."""
    snapshot, asked = with_question(snapshot)
    timeline = follow(snapshot, lang=lang)
    steps: list[DamageStep] = []
    for moment in timeline.moments:
        judged = next((c for c in moment.changes if isinstance(c, DamageAssignment)), None)
        if judged is None:
            continue
        step = DamageStep(
            event=moment.index,
            step=moment.state.step,
            judged=judged,
            results=[c for c in moment.changes if isinstance(c, DamageDealt | LifeGained | StateBasedAction)],
        )
        problem = judged.problem
        if isinstance(problem, DamageProblem):
            if want_ranges:
                step.ranges = [RecipientRange(**vars(r)) for r in ranges(problem)]
            if every:
                step.every, step.every_complete = every_assignment(problem, every)
        steps.append(step)
    verdict: Verdict = timeline.verdict
    if asked and timeline.stopped_at == len(snapshot.events) - 1:  # only the question is "illegal": not announced
        verdict = "legal" if all(f.code == "missing" for s in steps for f in s.judged.findings) else verdict
    return DamageReport(verdict=verdict, steps=steps, asked=asked), timeline, snapshot


def report_lines(report: DamageReport, timeline: Timeline, snapshot: Snapshot) -> list[str]:
    """`combatcheck damage`: each damage step as the timeline tells it, its ranges and legal assignments, the state
    after the last one and the verdict."""
    who = Narrator(timeline, snapshot)
    lang = who.lang
    out: list[str] = [W["asked"].text(lang)] if report.asked else []
    moments = {m.index: m for m in timeline.moments}
    for step in report.steps:
        moment = moments[step.event]
        out.append(who.title(moment))
        out += who.moment_lines(moment)
        if step.ranges is not None:
            out.append("  " + W["ranges"].text(lang))
            for r in step.ranges:
                key = "range_one" if r.source is not None else "range_all"
                values = {"recipient": who.label(r.recipient), "low": r.low, "high": r.high}
                line = "    - " + say(W[key], lang, **values, source=who.label(r.source))
                out.append(line if r.proved else f"{line} {W['range_unproved'].text(lang)}")
        if step.every is not None:
            out.append("  " + say(W["every"], lang, count=len(step.every)))
            out += ["    - " + assignment_text(who, a) for a in step.every]
            if not step.every_complete:
                out.append("    " + W["every_more"].format(lang, {"option": "--every"}))
    out += who.state_lines(timeline.final.state)
    out.append(W[f"verdict_{report.verdict}"].text(lang) if report.asked else who.verdict_line())
    return out


__all__ = ["DamageReport", "DamageStep", "RecipientRange", "assignment_text", "damage_report", "report_lines"]
