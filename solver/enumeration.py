"""Legal declarations enumerated at the optimum: "how many are there, and which?" and "what is forced?".

Both work on the declarations that break no restriction, pay no cost and obey the most requirements: CP-SAT first
proves the optimum (as `check` does), then the model "restrictions hold and at least that many requirements are
obeyed" is enumerated (counting) or settled in rounds (forced choices: each round asks for a legal declaration
that flips a choice no declaration found so far has flipped, or proves there is none; `_settle`).

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
from .unapplied import noted

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
    return noted(_count_within(snapshot, limit, show, lang, Budget(time_limit)), snapshot)


def _count_within(snapshot: Snapshot, limit: int, show: int, lang: Language, budget: Budget) -> DeclarationCount:
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
        return noted(_forced(snapshot, lang, budget), snapshot)
    except DeadlineReached:
        return noted(ForcedChoices(step=snapshot.step, lang=lang, status="unknown"), snapshot)


def _forced(snapshot: Snapshot, lang: Language, budget: Budget) -> ForcedChoices:
    board, compilation = compile_snapshot(snapshot, budget=budget)
    common = {"step": snapshot.step, "lang": lang}
    at_optimum = _at_optimum(compilation, budget)
    if at_optimum is None:
        return ForcedChoices(**common, status="unknown")
    built, best = at_optimum
    atoms = _choice_atoms(board, compilation)
    settled = _settle(built, atoms, budget)
    if settled is None:
        return ForcedChoices(**common, status="unknown", requirements_optimum=best)
    always, never = _not_implied_always(settled[0]), _not_implied_never(settled[1])
    reasons = _SingleReasons(compilation)
    return ForcedChoices(
        **common,
        status="exact",
        always=[_choice(a, board, reasons, lang) for a in atoms if a in always],
        never=[_choice(a, board, reasons, lang) for a in atoms if a in never],
        requirements_optimum=best,
    )


def _settle(built: RequirementModel, atoms: list[Atom], budget: Budget) -> tuple[set[Atom], set[Atom]] | None:
    """The choices every legal declaration makes, and those none makes; None if the time limit is reached.

    `seen` holds each unsettled choice with the value it has in every legal declaration found so far. Each round
    asks for a legal declaration that gives at least one of them the other value: one clause, rewritten in place
    each round, so the model is built once. A declaration found settles every choice it flips, whether made or
    not; none proves the unsettled choices asked about all at once. The creatures and attackers (or attack targets)
    are settled first, and what is proved of them is added to the model: a target that is never attacked or
    blocked rules out all its pairs, which CP-SAT's presolve then drops at once instead of reasoning about them in
    every later round. Each round's search runs with the LP relaxation, which proves the last round's "none"
    quickly (without it, some rounds on a 50 x 50 board took over 15 s)."""
    from ortools.sat.python import cp_model

    index = {atom: built.lits.literal(atom) for atom in atoms}
    always: set[Atom] = set()
    never = {atom for atom, i in index.items() if i is None}
    known = {atom: i for atom, i in index.items() if i is not None}
    solver = new_solver(budget.left())
    status = solver.solve(built.model)
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return None
    values = list(solver.response_proto.solution)
    seen = {atom: bool(values[i]) for atom, i in known.items()}
    proto = built.lits.proto
    flip = proto.constraints.add().bool_or.literals
    for pairs_too in (False, True):
        asked = [atom for atom in seen if pairs_too or not isinstance(atom, Pair)]
        while asked:
            flip.clear()
            flip.extend([~known[atom] if seen[atom] else known[atom] for atom in asked])
            limit_search(solver, budget)
            status = solver.solve(built.model)
            if status == cp_model.INFEASIBLE:
                for atom in asked:
                    (always if seen.pop(atom) else never).add(atom)
                    # Holds in every legal declaration: adding it removes none, and shrinks the later rounds.
                    proto.constraints.add().bool_and.literals.append(known[atom] if atom in always else ~known[atom])
                break
            if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
                return None
            values = list(solver.response_proto.solution)
            seen = {atom: made for atom, made in seen.items() if bool(values[known[atom]]) == made}
            asked = [atom for atom in asked if atom in seen]
    return always, never


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


class _SingleReasons:
    """What rules out a choice on its own: the pair restrictions and costs of every pair that would make it (none
    if one of those pairs is free). The pairs are grouped by actor and by target once, not per choice."""

    def __init__(self, compilation: Compilation) -> None:
        self.compilation = compilation
        self.free = set(compilation.free_pairs())
        self.candidates = set(compilation.candidate_pairs)
        self.by_actor: dict[str, list[Pair]] = {}
        self.by_target: dict[str, list[Pair]] = {}
        for p in compilation.candidate_pairs:
            self.by_actor.setdefault(p.actor, []).append(p)
            self.by_target.setdefault(p.target, []).append(p)

    def of(self, atom: Atom) -> list[Reason]:
        if isinstance(atom, Pair):
            pairs = [atom] if atom in self.candidates else []
        elif isinstance(atom, Acts):
            pairs = self.by_actor.get(atom.actor, [])
        else:
            pairs = self.by_target.get(atom.target, [])
        if any(p in self.free for p in pairs):
            return []
        reasons: list[Reason] = []
        for p in pairs:
            reasons.extend(self.compilation.forbidden.get(p, ()))
            if p not in self.compilation.forbidden:
                reasons.extend(c.reason for c in self.compilation.costs_of(frozenset({p})))
        return reasons


def _choice(atom: Atom, board: Board, reasons: _SingleReasons, lang: str) -> Choice:
    actor = atom.actor if isinstance(atom, Pair | Acts) else None
    target = atom.target if isinstance(atom, Pair | Receives) else None
    return Choice(
        actor=actor,
        target=target,
        text=choice_text(board, lang, actor, target),
        reasons=findings(reasons.of(atom), board, lang),
    )
