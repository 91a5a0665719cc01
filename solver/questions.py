"""The questions judges ask about a combat: "can X block Y?" / "can X attack P?", "how many legal declarations are
there, and which?", and "what is forced?".

Each is answered with the same compilation and CP-SAT model as `check`: a legal declaration breaks no restriction and
obeys the most requirements (509.1c, 508.1d). A declaration found for "can X block Y?" is confirmed by `check`
itself, so the two can never disagree.

One `Budget` (solver/budget.py), as in `check`, bounds the whole question: compiling the rules, building the CP-SAT
model, every solve and the check of the declaration found. Past it the answer is "unknown". A board beyond the size
limits is refused (BoardTooLarge) when it is compiled.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..models import Snapshot, one_declaration
from ..models.answers import ChoiceAnswer
from ..models.report import Finding, Language
from ..models.validation import InputProblem
from .board import Board
from .budget import Budget, DeadlineReached
from .decide import as_declaration, check, compile_snapshot, proposal_pairs
from .explain import finding
from .ir import Pair, Reason, Restriction
from .optimum import RequirementModel, new_solver
from .question_words import choice_text, say
from .unapplied import noted

if TYPE_CHECKING:
    from ortools.sat.python import cp_model


class QuestionError(ValueError):
    """The question doesn't fit the snapshot (an unknown id, or the wrong step); `problem` says so in each language."""

    def __init__(self, path: str, code: str, **params: str) -> None:
        self.problem = InputProblem.of(path, code, **params)
        super().__init__(str(self.problem))


def findings(reasons: list[Reason], board: Board, lang: str) -> list[Finding]:
    return [finding(r, board, lang) for r in dict.fromkeys(reasons)]


def _expect(snapshot: Snapshot, step: str, question: str) -> None:
    one_declaration(snapshot)  # a combat timeline first: its step says nothing about the question
    if snapshot.step != step:
        raise QuestionError("", "question_step", question=question, step=step, actual=snapshot.step)


def can_block(
    snapshot: Snapshot, blocker: str, attacker: str, *, lang: Language = "en", time_limit: float | None = None
) -> ChoiceAnswer:
    """Can `blocker` block `attacker`? Yes with a legal declaration in which it does (nearest to the snapshot's
    declaration), or no with the restrictions that forbid it or the requirements it would cost."""
    _expect(snapshot, "declare_blockers", "can-block")
    ids = {p.id for p in snapshot.permanents}
    if blocker not in ids:
        raise QuestionError("blocker", "not_in_snapshot", id=blocker)
    if attacker not in {p.id for p in snapshot.permanents if p.attacking is not None}:
        raise QuestionError("attacker", "not_attacking_in_snapshot", id=attacker)
    return noted(_can(snapshot, Pair(blocker, attacker), "can_block", lang, Budget(time_limit)), snapshot)


def can_attack(
    snapshot: Snapshot, creature: str, target: str, *, lang: Language = "en", time_limit: float | None = None
) -> ChoiceAnswer:
    """Can `creature` attack `target` (a player, planeswalker or battle)? Answered as `can_block`."""
    _expect(snapshot, "declare_attackers", "can-attack")
    ids = {p.id for p in snapshot.permanents}
    if creature not in ids:
        raise QuestionError("creature", "not_in_snapshot", id=creature)
    if target not in ids | {p.id for p in snapshot.players}:
        raise QuestionError("target", "no_target_in_snapshot", id=target)
    return noted(_can(snapshot, Pair(creature, target), "can_attack", lang, Budget(time_limit)), snapshot)


def _can(snapshot: Snapshot, pair: Pair, question: str, lang: Language, budget: Budget) -> ChoiceAnswer:
    common = {"question": question, "step": snapshot.step, "lang": lang, "actor": pair.actor, "target": pair.target}
    unknown = ChoiceAnswer(**common, answer="unknown", text=say("unknown", lang))
    try:
        return _decide_can(snapshot, pair, common, lang, budget) or unknown
    except DeadlineReached:
        return unknown


def _decide_can(
    snapshot: Snapshot, pair: Pair, common: dict[str, str], lang: Language, budget: Budget
) -> ChoiceAnswer | None:
    """The answer, or None when the time limit leaves it open (raises DeadlineReached when it runs out)."""
    from ortools.sat.python import cp_model

    proposal = proposal_pairs(snapshot)
    board, compilation = compile_snapshot(snapshot, proposal | {pair}, budget)
    choice = choice_text(board, lang, pair.actor, pair.target)
    forbidden = compilation.forbidden.get(pair)
    if forbidden:
        return ChoiceAnswer(
            **common,
            answer="no",
            text=say("no_restriction", lang, choice=choice),
            forbidden_by=findings(forbidden, board, lang),
        )
    # Declarations making the choice may pay its own cost, and no other (docs/format.md, "Costs").
    available = compilation.available_pairs(frozenset({pair}))
    built = RequirementModel(compilation, available, guarded=True, budget=budget)
    built.model.add(built.lits.pair[pair] == 1)
    built.prefer_near(proposal)
    built.model.add_assumptions([guard for guard, _ in built.guards])
    solver = new_solver(budget.left())
    status = solver.solve(built.model)
    if status == cp_model.INFEASIBLE:
        core = _minimal_core(built, solver, budget)
        if core is None:
            return None
        return ChoiceAnswer(
            **common,
            answer="no",
            text=say("no_restriction", lang, choice=choice),
            forbidden_by=findings([r.reason for _, r in core], board, lang),
        )
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return None
    chosen = frozenset(p for p, var in built.lits.pair.items() if solver.value(var))
    declaration = as_declaration(snapshot.step, chosen)
    report = check(snapshot.model_copy(update={"declaration": declaration}), lang=lang, time_limit=budget.left())
    if report.verdict == "legal":
        cost = report.outcome.total_cost if report.outcome is not None else None
        return ChoiceAnswer(
            **common,
            answer="yes",
            text=say("yes_paying", lang, choice=choice, cost=cost) if cost else say("yes", lang, choice=choice),
            declaration=declaration,
            cost=cost,
            requirements_optimum=report.requirements_optimum,
            requirements_with_choice=report.requirements_obeyed,
        )
    if report.verdict == "unknown" or status != cp_model.OPTIMAL or report.requirements_optimum is None:
        return None  # a better declaration with the choice might exist, or the optimum is not proved
    best, obeyed = report.requirements_optimum, report.requirements_obeyed
    return ChoiceAnswer(
        **common,
        answer="no",
        text=say("no_requirements", lang, count=obeyed, choice=choice, with_choice=obeyed, best=best),
        missed_requirements=report.missed_requirements,
        requirements_optimum=best,
        requirements_with_choice=obeyed,
    )


def _minimal_core(
    built: RequirementModel, solver: cp_model.CpSolver, budget: Budget
) -> list[tuple[cp_model.IntVar, Restriction]] | None:
    """The restrictions that together forbid the choice: CP-SAT's infeasible core, then shrunk by dropping each
    restriction the rest still forbid without. None if the time limit is reached."""
    from ortools.sat.python import cp_model

    by_index = {guard.index: (guard, restriction) for guard, restriction in built.guards}
    core = [by_index[i] for i in solver.sufficient_assumptions_for_infeasibility() if i in by_index]
    built.model.clear_objective()  # type: ignore[no-untyped-call]  # feasibility is all that matters now
    for item in list(core):
        rest = [c for c in core if c is not item]
        built.model.clear_assumptions()
        built.model.add_assumptions([guard for guard, _ in rest])
        limit_search(solver, budget)
        status = solver.solve(built.model)
        if status == cp_model.INFEASIBLE:
            core = rest
        elif status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            return None
    return core


def limit_search(solver: cp_model.CpSolver, budget: Budget) -> None:
    """Give the next solve the time left (raises DeadlineReached when none is)."""
    left = budget.left()
    if left is not None:
        solver.parameters.max_time_in_seconds = left
