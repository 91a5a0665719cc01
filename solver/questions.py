"""The questions judges ask about a combat: "can X block Y?" / "can X attack P?", "how many legal declarations are
there, and which?", and "what is forced?".

Each ranges over exactly the declarations `check` calls legal, paying included (solver/legal.py; docs/format.md,
"Costs"): a legal declaration breaks no restriction and obeys the most requirements a declaration paying no other
cost could obey (509.1c, 508.1d). A declaration found for "can X block Y?" is confirmed by `check` itself, so the
two can never disagree.

One `Budget` (solver/budget.py), as in `check`, bounds the whole question: compiling the rules, building the CP-SAT
model, every solve and the check of the declaration found. Past it the answer is "unknown". A board beyond the size
limits is refused (BoardTooLarge) when it is compiled.
"""

from __future__ import annotations

import difflib
from collections.abc import Mapping
from typing import TYPE_CHECKING

from ..models import Snapshot, one_declaration
from ..models.answers import ChoiceAnswer
from ..models.report import Finding, Language
from ..models.validation import InputProblem
from .board import Board
from .budget import Budget, DeadlineReached
from .decide import as_declaration, check, compile_snapshot, proposal_pairs
from .explain import explained
from .ir import Compilation, Pair, Reason, Restriction
from .legal import LegalModel
from .optimum import RequirementModel, new_solver
from .question_words import choice_text, say
from .unapplied import noted

if TYPE_CHECKING:
    from ortools.sat.python import cp_model


class QuestionError(ValueError):
    """The question doesn't fit the snapshot (an unknown id, or the wrong step); `problem` says so in each language."""

    def __init__(self, path: str, code: str, known: Mapping[str, str | None] | None = None, **params: str) -> None:
        """`known`: the ids the argument could have named, with their card names; a near miss gets "did you mean
        ...?" (the problem `code` + `_close`)."""
        close = _close_ids(params.get("id", ""), known or {})
        if close:
            self.problem = InputProblem.of(path, f"{code}_close", close=close, **params)
        else:
            self.problem = InputProblem.of(path, code, **params)
        super().__init__(str(self.problem))


def _close_ids(word: str, known: Mapping[str, str | None]) -> tuple[str, ...]:
    """The ids `word` may have meant: an id alike but for case, the ids of a card of that name ("Grizzly Bears":
    bear), an id spelled alike ("bears": bear), the ids of a card name spelled alike."""
    folded = word.casefold()
    by_id = {i.casefold(): i for i in known}
    if folded in by_id:
        return (by_id[folded],)
    named = [i for i, name in known.items() if name and name.casefold() == folded]
    if named:
        return tuple(named[:3])
    close = difflib.get_close_matches(word, list(known), n=3)
    if close:
        return tuple(close)
    names = {name.casefold() for name in known.values() if name}
    alike = set(difflib.get_close_matches(folded, sorted(names), n=3))
    return tuple(i for i, name in known.items() if name and name.casefold() in alike)[:3]


def findings(reasons: list[Reason], board: Board, lang: str) -> list[Finding]:
    """The reasons in words, each once, within the check's budget (the board's)."""
    return explained(dict.fromkeys(reasons), board, lang, board.budget)


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
    ids = {p.id: p.name for p in snapshot.permanents}
    if blocker not in ids:
        raise QuestionError("blocker", "not_in_snapshot", known=ids, id=blocker)
    attackers = {p.id: p.name for p in snapshot.permanents if p.attacking is not None}
    if attacker not in attackers:
        raise QuestionError("attacker", "not_attacking_in_snapshot", known=attackers, id=attacker)
    return noted(_can(snapshot, Pair(blocker, attacker), "can_block", lang, Budget(time_limit)), snapshot)


def can_attack(
    snapshot: Snapshot, creature: str, target: str, *, lang: Language = "en", time_limit: float | None = None
) -> ChoiceAnswer:
    """Can `creature` attack `target` (a player, planeswalker or battle)? Answered as `can_block`."""
    _expect(snapshot, "declare_attackers", "can-attack")
    ids = {p.id: p.name for p in snapshot.permanents}
    if creature not in ids:
        raise QuestionError("creature", "not_in_snapshot", known=ids, id=creature)
    targets = {**ids, **{p.id: None for p in snapshot.players}}
    if target not in targets:
        raise QuestionError("target", "no_target_in_snapshot", known=targets, id=target)
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
    found = _legal_with(compilation, pair, proposal, budget)
    if found is None:
        return _why_not(snapshot, compilation, board, pair, proposal, common, choice, lang, budget)
    declaration = as_declaration(snapshot.step, found)
    report = check(snapshot.model_copy(update={"declaration": declaration}), lang=lang, time_limit=budget.left())
    if report.verdict != "legal":
        return None  # only the time limit can make `check` disagree with a declaration proved legal
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


def _legal_with(
    compilation: Compilation, pair: Pair, proposal: frozenset[Pair], budget: Budget
) -> frozenset[Pair] | None:
    """A legal declaration making the choice (solver/legal.py), paying as few costs beyond the proposal's as can
    be, then nearest to the proposal; None if there is none."""
    from ortools.sat.python.cp_model import LinearExpr

    space = LegalModel(compilation, budget)
    lits = space.built.lits
    model = space.built.model
    model.add(lits.pair[pair] == 1)
    weight = len(lits.index) + 1  # one cost fewer outweighs any change in distance
    own = space.paid(proposal)
    terms = [(lits.var(i), weight) for item, i in space.items.items() if item not in own]
    terms += [(var, -1 if p in proposal else 1) for p, var in lits.pair.items()]
    model.minimize(LinearExpr.weighted_sum([v for v, _ in terms], [c for _, c in terms]))
    for p, var in lits.pair.items():
        model.add_hint(var, p in proposal)
    found = space.solve(new_solver(budget.left()))
    return None if found is None else space.pairs_of(found)


def _why_not(
    snapshot: Snapshot,
    compilation: Compilation,
    board: Board,
    pair: Pair,
    proposal: frozenset[Pair],
    common: dict[str, str],
    choice: str,
    lang: Language,
    budget: Budget,
) -> ChoiceAnswer | None:
    """No legal declaration makes the choice: the restrictions that forbid it, or, when declarations that make it
    paying only its own cost break none, the requirements the best of them misses."""
    from ortools.sat.python import cp_model

    budget.tick(compilation.pair_work)
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
    if status != cp_model.OPTIMAL:
        return None
    chosen = frozenset(p for p, var in built.lits.pair.items() if solver.value(var))
    declaration = as_declaration(snapshot.step, chosen)
    report = check(snapshot.model_copy(update={"declaration": declaration}), lang=lang, time_limit=budget.left())
    if report.verdict != "illegal" or report.requirements_optimum is None:
        return None  # the optimum is not proved in time
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
