"""Legal declarations enumerated at the optimum: "how many are there, and which?" and "what is forced?".

Both work on the declarations that break no restriction, pay no cost and obey the most requirements: CP-SAT first
proves the optimum (as `check` does), then the model "restrictions hold and at least that many requirements are
obeyed" is enumerated (counting) or probed one choice at a time (forced choices: each literal that one solution
makes true is tried false, and every new solution settles more literals at once).

One `Budget` bounds the whole question (compiling, the optimum, the model, every solve); past it the answer is
"unknown".
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from ..models import Snapshot
from ..models.answers import Choice, DeclarationCount, ForcedChoices
from ..models.report import Language
from .board import Board
from .budget import Budget, DeadlineReached
from .decide import as_declaration, compile_snapshot
from .ir import Acts, Atom, Compilation, Pair, Reason, Receives
from .optimum import RequirementModel, new_solver, optimise
from .question_words import choice_text, say
from .questions import findings, limit_search

if TYPE_CHECKING:
    from ortools.sat.python import cp_model


def _at_optimum(compilation: Compilation, budget: Budget) -> tuple[RequirementModel, int] | None:
    """The model of legal cost-free declarations, and the optimum; None if the time limit is reached first."""
    from ortools.sat.python.cp_model import LinearExpr

    optimum = optimise(compilation, frozenset(), budget=budget)
    if not optimum.exact or optimum.best is None or optimum.pairs is None:
        return None
    built = RequirementModel(compilation, compilation.free_pairs(), budget=budget)
    built.model.add(LinearExpr.sum(built.obeyed) >= optimum.best)
    # Starting from the optimal declaration, the search finds the others nearby without the LP relaxation, which
    # then only slows it down (measured in bench/bench_questions.py: 1000 declarations of a 50 x 50 board in about
    # 0.7 s this way, none in 5 s without the hint).
    for pair, var in built.lits.pair.items():
        built.model.add_hint(var, pair in optimum.pairs)
    return built, optimum.best


def _searcher(budget: Budget) -> cp_model.CpSolver:
    solver = new_solver(budget.left())
    solver.parameters.linearization_level = 0
    return solver


def count_declarations(
    snapshot: Snapshot,
    *,
    limit: int = 1000,
    show: int = 20,
    lang: Language = "en",
    time_limit: float | None = None,
) -> DeclarationCount:
    """Count the legal declarations exactly, up to `limit` (then say there are more), and list the first `show`."""
    budget = Budget(time_limit)
    try:
        return _count(snapshot, limit, show, lang, budget)
    except DeadlineReached:
        return DeclarationCount(
            step=snapshot.step,
            lang=lang,
            limit=limit,
            paying_not_counted=False,
            status="unknown",
            count=0,
            declarations=[],
            text=say("count_unknown", lang, count=0),
        )


def _count(snapshot: Snapshot, limit: int, show: int, lang: Language, budget: Budget) -> DeclarationCount:
    from ortools.sat.python import cp_model

    _, compilation = compile_snapshot(snapshot, budget=budget)
    costly_actors, costly_pairs = compilation.costly()
    paying = any(
        (p.actor in costly_actors or p in costly_pairs) and p not in compilation.forbidden
        for p in compilation.candidate_pairs
    )
    common = {"step": snapshot.step, "lang": lang, "limit": limit, "paying_not_counted": paying}
    at_optimum = _at_optimum(compilation, budget)
    if at_optimum is None:
        return DeclarationCount(
            **common, status="unknown", count=0, declarations=[], text=say("count_unknown", lang, count=0)
        )
    built, best = at_optimum
    collector = _collector(built.lits.pair, limit, show)
    solver = _searcher(budget)
    solver.parameters.enumerate_all_solutions = True
    status = solver.solve(built.model, collector)  # type: ignore[arg-type]
    count = min(collector.count, limit)
    if collector.count > limit:
        state, text = "more", say("count_more", lang, count=limit, limit=limit)
    elif status == cp_model.OPTIMAL:
        state, text = "exact", say("count_exact", lang, count=count)
    else:
        state, text = "unknown", say("count_unknown", lang, count=count)
    if paying:
        text += f" ({say('paying_not_counted', lang)})"
    return DeclarationCount(
        **common,
        status=state,
        count=count,
        declarations=[as_declaration(snapshot.step, d) for d in collector.shown()],
        requirements_optimum=best,
        text=text,
    )


def _collector(pairs: dict[Pair, cp_model.IntVar], limit: int, show: int) -> _Collector:
    """Counts solutions and keeps the first `show`. Every variable besides the pairs is fixed by them (derived
    atoms, and requirement indicators once the optimum is required), so each solution CP-SAT enumerates is a
    distinct declaration; reading every pair of every solution would cost more than the search itself, so only the
    kept ones are read."""
    from ortools.sat.python import cp_model

    class Collector(cp_model.CpSolverSolutionCallback):
        def __init__(self) -> None:
            super().__init__()
            self.count = 0
            self._kept: list[frozenset[Pair]] = []

        def on_solution_callback(self) -> None:
            self.count += 1
            if self.count > limit:
                self.stop_search()
            elif len(self._kept) < show:
                self._kept.append(frozenset(p for p, var in pairs.items() if self.value(var)))

        def shown(self) -> list[frozenset[Pair]]:
            return sorted(self._kept, key=_order)

    return Collector()


class _Collector(Protocol):
    count: int

    def shown(self) -> list[frozenset[Pair]]: ...


def _order(pairs: frozenset[Pair]) -> tuple[int, list[Pair]]:
    """Fewest choices first, then by ids."""
    return len(pairs), sorted(pairs)


def forced_choices(snapshot: Snapshot, *, lang: Language = "en", time_limit: float | None = None) -> ForcedChoices:
    """The choices every legal declaration makes (a creature that must block, an attacker that must be blocked)
    and those none makes, leaving out choices implied by listed ones."""
    budget = Budget(time_limit)
    try:
        return _forced(snapshot, lang, budget)
    except DeadlineReached:
        return ForcedChoices(step=snapshot.step, lang=lang, status="unknown")


def _forced(snapshot: Snapshot, lang: Language, budget: Budget) -> ForcedChoices:
    from ortools.sat.python import cp_model

    board, compilation = compile_snapshot(snapshot, budget=budget)
    common = {"step": snapshot.step, "lang": lang}
    at_optimum = _at_optimum(compilation, budget)
    if at_optimum is None:
        return ForcedChoices(**common, status="unknown")
    built, best = at_optimum
    atoms = _choice_atoms(board, compilation)
    literal = {atom: built.lits.of(atom) for atom in atoms}
    solver = _searcher(budget)
    status = solver.solve(built.model)
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return ForcedChoices(**common, status="unknown", requirements_optimum=best)
    maybe_always = {a for a, lit in literal.items() if lit is not None and solver.value(lit)}
    maybe_never = {a for a, lit in literal.items() if lit is not None and not solver.value(lit)}
    always: set[Atom] = set()
    never: set[Atom] = {a for a, lit in literal.items() if lit is None}
    # Ask for a legal declaration that makes at least one of the "maybe never" choices (or skips one of the "maybe
    # always" ones): none means they are all proved at once; one settles every choice it flips.
    for candidates, proved, made in ((maybe_never, never, True), (maybe_always, always, False)):
        while candidates:
            guard = built.model.new_bool_var("")
            chosen = [literal[a] for a in candidates]
            built.model.add_bool_or([lit if made else lit.Not() for lit in chosen if lit is not None]).only_enforce_if(
                guard
            )
            built.model.clear_assumptions()
            built.model.add_assumptions([guard])
            limit_search(solver, budget)
            status = solver.solve(built.model)
            if status == cp_model.INFEASIBLE:
                proved.update(candidates)
                candidates.clear()
            elif status in (cp_model.OPTIMAL, cp_model.FEASIBLE):
                values = {a: bool(solver.value(v)) for a, v in literal.items() if v is not None}
                maybe_always.difference_update([a for a in maybe_always if not values[a]])
                maybe_never.difference_update([a for a in maybe_never if values[a]])
            else:
                return ForcedChoices(**common, status="unknown", requirements_optimum=best)
    return ForcedChoices(
        **common,
        status="exact",
        always=[_choice(a, board, compilation, lang) for a in atoms if a in _not_implied_always(always)],
        never=[_choice(a, board, compilation, lang) for a in atoms if a in _not_implied_never(never)],
        requirements_optimum=best,
    )


def _choice_atoms(board: Board, compilation: Compilation) -> list[Atom]:
    """Every choice worth asking about, in board order: each creature that could be declared, each attacker (or
    attack target), and each candidate pair."""
    if board.snapshot.step == "declare_attackers":
        actors = [c.id for c in board.attack_candidates]
        targets = list(board.attack_targets)
    else:
        actors = [c.id for c in board.defending_side]
        targets = [a.id for a in board.attackers]
    pairs = compilation.candidate_pairs
    actors += [a for a in dict.fromkeys(p.actor for p in pairs) if a not in actors]
    targets += [t for t in dict.fromkeys(p.target for p in pairs) if t not in targets]
    return [*(Acts(a) for a in actors), *(Receives(t) for t in targets), *pairs]


def _not_implied_always(always: set[Atom]) -> set[Atom]:
    """A forced pair implies its actor acts and its target receives."""
    pairs = [a for a in always if isinstance(a, Pair)]
    implied = {Acts(p.actor) for p in pairs} | {Receives(p.target) for p in pairs}
    return always - implied


def _not_implied_never(never: set[Atom]) -> set[Atom]:
    """An actor that never acts, or a target that never receives, implies none of its pairs is made."""
    quiet = {a.actor for a in never if isinstance(a, Acts)}
    unreached = {a.target for a in never if isinstance(a, Receives)}
    return {a for a in never if not (isinstance(a, Pair) and (a.actor in quiet or a.target in unreached))}


def _choice(atom: Atom, board: Board, compilation: Compilation, lang: str) -> Choice:
    actor = atom.actor if isinstance(atom, Pair | Acts) else None
    target = atom.target if isinstance(atom, Pair | Receives) else None
    return Choice(
        actor=actor,
        target=target,
        text=choice_text(board, lang, actor, target),
        reasons=findings(_single_reasons(atom, compilation), board, lang),
    )


def _single_reasons(atom: Atom, compilation: Compilation) -> list[Reason]:
    """What rules out a choice on its own: the pair restrictions and costs of every pair that would make it."""
    pairs = [
        p
        for p in compilation.candidate_pairs
        if (p == atom)
        or (isinstance(atom, Acts) and p.actor == atom.actor)
        or (isinstance(atom, Receives) and p.target == atom.target)
    ]
    free = set(compilation.free_pairs())
    if any(p in free for p in pairs):
        return []
    reasons: list[Reason] = []
    for p in pairs:
        reasons.extend(compilation.forbidden.get(p, ()))
        if p not in compilation.forbidden:
            reasons.extend(c.reason for c in compilation.costs_of(frozenset({p})))
    return reasons
