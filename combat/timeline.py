"""Follow a snapshot's events through the combat phase: the changes each one makes and the state after it.

`follow(snapshot)` is the library entry point. An event that names what is not there, or cannot happen where it
is written, is bad input (`SnapshotError`, naming `events[i].field`). An illegal declaration or damage assignment
order is reported as such and the timeline stops there: the game would return to before it (730; old 715).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any, Literal

from pydantic import BaseModel, Field

from ..models import Snapshot, SnapshotError
from ..models import events as ev
from ..models.cr_edition import CR_EDITION
from ..models.damage_events import AssignCombatDamage
from ..models.report import Language, NotApplied, Report, Triggered
from ..models.validation import InputProblem
from ..solver.board import Board
from ..solver.unapplied import qualification
from . import entering, redirect, removal, steps
from .damage_step import assign_combat_damage
from .orders import announce
from .state import Alone, AttackingCreature, Attacks, Change, CombatRecord, Declared, Edition, Entry, Moment
from .timeline_triggers import timeline_triggers
from .timing import timing_verdict
from .working import TimelineInputError, Working

Verdict = Literal["legal", "illegal", "unknown"]


class Timeline(BaseModel):
    """A followed combat: one moment per event (after the starting one), the checker's report on each declaration,
    and whether everything written was legal."""

    rules: Edition
    cr_edition: str = Field(
        CR_EDITION,
        description="the Comprehensive Rules edition followed: its effective date (ISO 8601); with `rules: "
        "before_foundations` the moments cite the older numbering that `rules` names",
    )
    lang: Language = "en"
    verdict: Verdict = Field(
        description="legal: every declaration and order is legal and every spell or ability may be cast or activated "
        "when written; illegal: something is not (see the moments); unknown: a declaration hit the solver's limit"
    )
    stopped_at: int | None = Field(
        None,
        description="the event at which the timeline stopped (an illegal declaration or order); later events "
        "were not followed",
    )
    moments: tuple[Moment, ...]
    declarations: dict[int, Report] = Field(
        default_factory=dict, description="event index -> the checker's report on that declaration"
    )
    unapplied: list[NotApplied] = Field(
        default_factory=list, description="combat text of named cards that is neither read nor applied"
    )
    assuming: str | None = Field(None, description="when `unapplied` is not empty: the verdicts' qualification")
    triggers: dict[int, list[Triggered]] = Field(
        default_factory=dict,
        description="event index -> the attack and block triggers that event makes trigger (508.3, 509.3); events "
        "where nothing triggers are left out",
    )

    @property
    def final(self) -> Moment:
        return self.moments[-1]


Handler = Callable[[Working, Any], list[Change]]

_HANDLERS: dict[type[Any], Handler] = {
    ev.EntersAttacking: entering.enters_attacking,
    ev.EntersBlocking: entering.enters_blocking,
    ev.Enters: entering.enters,
    ev.MadeToBlock: entering.made_to_block,
    ev.BecomesBlocked: entering.becomes_blocked,
    ev.BecomesUnblocked: entering.becomes_unblocked,
    ev.StopsBlocking: redirect.stops_blocking,
    ev.ReselectAttack: redirect.reselect_attack,
    ev.RemoveFromCombat: removal.remove_from_combat,
    ev.LeavesBattlefield: removal.leaves_battlefield,
    ev.ChangeControl: removal.change_control,
    ev.PhasesOut: removal.phases_out,
    ev.Regenerates: removal.regenerates,
    ev.Tap: removal.tap,
    ev.Untap: removal.tap,
    ev.Change: removal.change,
    ev.Cast: timing_verdict,
    ev.Activate: timing_verdict,
}

_STEPS: dict[str, Callable[[Working], list[Change]]] = {
    "beginning_of_combat": steps.begin_combat,
    "combat_damage": steps.combat_damage,
    "end_of_combat": steps.end_of_combat,
    "postcombat_main": steps.postcombat_main,
    "skip_combat": steps.skip_combat,
}


def _start(snapshot: Snapshot) -> tuple[Working, list[Change]]:
    """The state before the first event: before combat, or, when the snapshot's permanents are already attacking
    (a declare blockers snapshot), just after those attackers were declared."""
    board = {p.id: p.model_copy(update={"attacking": None}) if p.attacking else p for p in snapshot.permanents}
    work = Working(snapshot=snapshot, edition=snapshot.rules, board=board)
    given = [p for p in snapshot.permanents if p.attacking is not None]
    if not given:
        return work, []
    work.combat = 1
    work.combats = [CombatRecord(number=1)]
    work.step = "declare_attackers"
    work.attackers_declared = True
    solver_board = Board(snapshot)
    bands = {member: band for band in snapshot.bands for member in band}
    changes: list[Change] = []
    for creature in given:
        assert creature.attacking is not None
        target = creature.attacking
        band = tuple(m for m in bands.get(creature.id, ()) if m != creature.id)
        work.attackers[creature.id] = AttackingCreature(
            id=creature.id,
            target=target,
            defending_player=solver_board.defender_for_target(target),
            entry=Entry.DECLARED,
            band=band,
        )
        if target in board and target not in work.attacked:
            work.attacked.append(target)
        changes.append(
            Attacks(creature=creature.id, target=target, how=Entry.DECLARED, **work.cite("attackers_declared"))
        )
    work.declared_attackers = tuple(p.id for p in given)
    players = {p.id for p in snapshot.players}
    work.attacked_players = {p.attacking for p in given if p.attacking in players}  # 508.6
    if len(given) == 1:
        changes.append(Alone(creature=given[0].id, what="attacked", **work.cite("alone")))
    return work, changes


def _alone_now(work: Working, attacking: str | None, blocking: str | None) -> list[Change]:
    """506.5: say when a creature comes to be attacking or blocking alone."""
    changes: list[Change] = []
    now_attacking = next(iter(work.attackers)) if len(work.attackers) == 1 else None
    now_blocking = next(iter(work.blockers)) if len(work.blockers) == 1 else None
    if now_attacking is not None and now_attacking != attacking:
        changes.append(Alone(creature=now_attacking, what="attacking", **work.cite("alone")))
    if now_blocking is not None and now_blocking != blocking:
        changes.append(Alone(creature=now_blocking, what="blocking", **work.cite("alone")))
    return changes


def _one(work: Working, event: Any, lang: str) -> tuple[list[Change], Report | None, bool]:
    """The changes of one event, the checker's report if it is a declaration, and whether to go on."""
    if isinstance(event, ev.Step):
        return _STEPS[event.step](work), None, True
    if isinstance(event, ev.DeclareAttackers):
        changes, report = steps.declare_attackers(work, event.declare_attackers, lang)
        return changes, report, report.verdict == "legal"
    if isinstance(event, ev.DeclareBlockers):
        changes, blocks = steps.declare_blockers(work, event.declare_blockers, lang)
        return changes, blocks, blocks is not None and blocks.verdict == "legal"
    if isinstance(event, ev.DamageAssignmentOrder):
        changes, legal = announce(work, event)
        return changes, None, legal
    if isinstance(event, AssignCombatDamage):  # 510.1e: an illegal assignment stops the timeline, as a declaration
        changes, legal = assign_combat_damage(work, event)
        return changes, None, legal
    return _HANDLERS[type(event)](work, event), None, True


def as_timeline(snapshot: Snapshot) -> Snapshot:
    """The snapshot as a timeline: a `declaration:` without `events:` is its first and only event (the declare
    attackers or blockers step the snapshot names), so that `combat` judges it as `check` does; otherwise as is."""
    declaration = snapshot.declaration
    if snapshot.events or declaration is None:
        return snapshot
    event: ev.DeclareAttackers | ev.DeclareBlockers
    if snapshot.step == "declare_attackers":
        event = ev.DeclareAttackers(
            declare_attackers=ev.AttackDeclaration(attacks=declaration.attacks, bands=declaration.bands)
        )
    else:
        event = ev.DeclareBlockers(declare_blockers=ev.BlockDeclaration(blocks=declaration.blocks))
    return snapshot.model_copy(update={"events": (event,), "declaration": None})


def _declaration_path(problem: InputProblem) -> InputProblem:
    """A problem of the declaration judged as events[0], named by the field the snapshot wrote."""
    for word in ("declare_attackers", "declare_blockers"):
        for prefix in (f"events[0].{word}", f"events[0] ({word})"):
            if problem.path.startswith(prefix):
                return dataclasses.replace(problem, path="declaration" + problem.path.removeprefix(prefix))
    return problem


def follow(snapshot: Snapshot, *, lang: Language = "en") -> Timeline:
    """Follow the snapshot's events (a declaration without events is judged as the first event, `as_timeline`).
    Raises `SnapshotError` for an event that is bad input."""
    written = as_timeline(snapshot)
    if written is not snapshot:
        try:
            return follow(written, lang=lang)
        except SnapshotError as exc:
            raise SnapshotError([_declaration_path(p) for p in exc.problems]) from None
    work, changes = _start(snapshot)
    moments = [Moment(index=-1, event="start", changes=tuple(changes), state=work.freeze())]
    declarations: dict[int, Report] = {}
    verdict: Verdict = "legal"
    stopped_at: int | None = None
    for index, event in enumerate(snapshot.events):
        work.event = index
        attacking_alone = next(iter(work.attackers)) if len(work.attackers) == 1 else None
        blocking_alone = next(iter(work.blockers)) if len(work.blockers) == 1 else None
        try:
            changes, report, go_on = _one(work, event, lang)
        except TimelineInputError as exc:
            raise SnapshotError([exc.problem(index, ev.event_kind(event))]) from None
        if report is not None:
            declarations[index] = report
        if not any(isinstance(c, Declared) for c in changes):
            changes += _alone_now(work, attacking_alone, blocking_alone)
        moments.append(Moment(index=index, event=ev.event_kind(event), changes=tuple(changes), state=work.freeze()))
        if any(getattr(c, "allowed", True) is False for c in changes):
            verdict = "illegal"
        if not go_on:
            verdict = "unknown" if report is not None and report.verdict == "unknown" else "illegal"
            stopped_at = index
            break
    unapplied, assuming = qualification(snapshot, lang)  # never silent: every verdict assumes it changes nothing
    timeline = Timeline(
        unapplied=unapplied,
        assuming=assuming,
        rules=snapshot.rules,
        lang=lang,
        verdict=verdict,
        stopped_at=stopped_at,
        moments=tuple(moments),
        declarations=declarations,
    )
    return timeline.model_copy(update={"triggers": timeline_triggers(snapshot, timeline.moments, lang)})
