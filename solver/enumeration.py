"""Legal declarations enumerated: "how many are there, and which?" and "what is forced?".

Both range over exactly the declarations `check` calls legal, paying included (docs/format.md, "Costs"): the model
of solver/legal.py, whose cuts hold every declaration to the optimum of what it pays. Counting enumerates that
model once, judging each declaration found unless the cost-free optimum already settles them all (those that need
a search get their cuts, and the enumeration starts over); forced choices are settled in rounds (each round asks
for a legal declaration that flips a choice no declaration found so far has flipped, or proves there is none;
`_settle`).

One `Budget` bounds the whole question (compiling, the optimum, the model, every solve); past it the answer is
"unknown".
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

from ..models import Snapshot
from ..models.answers import Choice, DeclarationCount, ForcedChoices
from ..models.report import Language
from .board import Board
from .budget import Budget, DeadlineReached
from .decide import as_declaration, compile_snapshot
from .ir import Acts, Atom, Compilation, Pair, Reason, Receives, Truth
from .legal import LegalModel
from .optimum import new_solver
from .question_words import choice_text, say
from .questions import findings
from .unapplied import noted

if TYPE_CHECKING:
    from ortools.sat.python import cp_model


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
            status="unknown",
            count=0,
            declarations=[],
            text=say("count_unknown", lang, count=0),
        )


def _count(snapshot: Snapshot, limit: int, show: int, lang: Language, budget: Budget) -> DeclarationCount:
    from ortools.sat.python import cp_model

    _, compilation = compile_snapshot(snapshot, budget=budget)
    space = LegalModel(compilation, budget)
    built = space.built
    # Starting from the optimal declaration, the search finds the others nearby without the LP relaxation, which
    # then only slows it down (measured in bench/bench_questions.py: 1000 declarations of a 50 x 50 board in about
    # 0.7 s this way, none in 5 s without the hint).
    for pair, var in built.lits.pair.items():
        built.model.add_hint(var, pair in space.free_witness)
    costs = [built.lits.var(i) for i in space.items.values()]
    while True:
        collector = _collector(built.lits.pair, limit, show, costs, None if space.settled else space.judge)
        solver = _searcher(budget)
        solver.parameters.enumerate_all_solutions = True
        status = solver.solve(built.model, collector)  # type: ignore[arg-type]
        if collector.count > limit or not collector.pending:
            break
        space.settle(collector.pending)  # then count again, with their cuts
    complete = status in (cp_model.OPTIMAL, cp_model.INFEASIBLE)
    count = min(collector.count, limit)
    if collector.count > limit:
        state, text = "more", say("count_more", lang, count=limit, limit=limit)
    elif complete:
        state, text = "exact", say("count_exact", lang, count=count)
    else:
        state, text = "unknown", say("count_unknown", lang, count=count)
    paying = collector.paying
    if paying:
        text += f" ({say('paying', lang, paying=paying)})"
    return DeclarationCount(
        step=snapshot.step,
        lang=lang,
        limit=limit,
        paying=paying,
        status=state,
        count=count,
        declarations=[as_declaration(snapshot.step, d) for d in collector.shown()],
        requirements_optimum=space.free_best,
        text=text,
    )


# Past this many declarations `judge` can't tell about, the enumeration stops: their cuts are added, and it starts over.
PENDING = 64


def _collector(
    pairs: dict[Pair, cp_model.IntVar],
    limit: int,
    show: int,
    costs: list[cp_model.IntVar],
    judge: Callable[[frozenset[Pair]], bool | None] | None,
) -> _Collector:
    """Counts the legal solutions (and those that pay one of `costs`) and keeps the first `show`. Every variable
    besides the pairs is fixed by them (derived atoms, and requirement indicators once the optimum of what is paid
    is required), so each solution CP-SAT enumerates is a distinct declaration (with `judge`, whose cuts may hold
    a declaration to less than it obeys, the same pairs can come again and are counted once). Without `judge` every
    solution is
    legal and, reading every pair of every solution costing more than the search itself, only the kept ones are
    read; with it (solver/legal.py: some costs change the optimum), each solution is judged, and those it can't
    judge are kept as `pending`."""
    from ortools.sat.python import cp_model

    class Collector(cp_model.CpSolverSolutionCallback):
        def __init__(self) -> None:
            super().__init__()
            self.count = 0
            self.paying = 0
            self.pending: list[frozenset[Pair]] = []
            self._seen: set[frozenset[Pair]] = set()
            self._kept: list[frozenset[Pair]] = []

        def on_solution_callback(self) -> None:
            declared: frozenset[Pair] | None = None
            if judge is not None:
                declared = frozenset(p for p, var in pairs.items() if self.boolean_value(var))
                if declared in self._seen:
                    return  # the same pairs, some requirement indicator not set although obeyed
                self._seen.add(declared)
                verdict = judge(declared)
                if verdict is None:
                    self.pending.append(declared)
                    if len(self.pending) >= PENDING:
                        self.stop_search()
                    return
                if not verdict:
                    return
            self.count += 1
            if self.count > limit:
                self.stop_search()
                return
            if any(self.boolean_value(var) for var in costs):
                self.paying += 1
            if len(self._kept) < show:
                if declared is None:
                    declared = frozenset(p for p, var in pairs.items() if self.boolean_value(var))
                self._kept.append(declared)

        def shown(self) -> list[frozenset[Pair]]:
            return sorted(self._kept, key=_order)

    return Collector()


class _Collector(Protocol):
    count: int
    paying: int
    pending: list[frozenset[Pair]]

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
    space = LegalModel(compilation, budget)
    atoms = _choice_atoms(board, compilation)
    always, never = _settle(space, atoms, budget)
    always, never = _not_implied_always(always), _not_implied_never(never)
    reasons = _SingleReasons(compilation)
    return ForcedChoices(
        **common,
        status="exact",
        always=[_choice(a, board, reasons, lang) for a in atoms if a in always],
        never=[_choice(a, board, reasons, lang) for a in atoms if a in never],
        requirements_optimum=space.free_best,
    )


def _settle(space: LegalModel, atoms: list[Atom], budget: Budget) -> tuple[set[Atom], set[Atom]]:
    """The choices every legal declaration makes, and those none makes (raises DeadlineReached past the time limit).

    `seen` holds each unsettled choice with the value it has in every legal declaration found so far (the first is
    the cost-free optimum). Each round asks for a legal declaration that gives at least one of them the other value:
    one clause, rewritten in place each round, so the model is built once. A declaration found settles every choice
    it flips, whether made or not; none proves the unsettled choices asked about all at once. The creatures and
    attackers (or attack targets) are settled first, and what is proved of them is added to the model: a target
    that is never attacked or blocked rules out all its pairs, which CP-SAT's presolve then drops at once instead of
    reasoning about them in every later round. Each round's search runs with the LP relaxation, which proves the
    last round's "none" quickly (without it, some rounds on a 50 x 50 board took over 15 s)."""
    lits = space.built.lits
    index = {atom: lits.literal(atom) for atom in atoms}
    always: set[Atom] = set()
    never = {atom for atom, i in index.items() if i is None}
    known = {atom: i for atom, i in index.items() if i is not None}
    first = Truth(space.free_witness)
    seen = {atom: first.value(atom) for atom in known}
    solver = new_solver(budget.left())
    proto = lits.proto
    flip = proto.constraints.add().bool_or.literals
    for pairs_too in (False, True):
        asked = [atom for atom in seen if pairs_too or not isinstance(atom, Pair)]
        while asked:
            flip.clear()
            flip.extend([~known[atom] if seen[atom] else known[atom] for atom in asked])
            found = space.solve(solver)
            if found is None:
                for atom in asked:
                    (always if seen.pop(atom) else never).add(atom)
                    # Holds in every legal declaration: adding it removes none, and shrinks the later rounds.
                    proto.constraints.add().bool_and.literals.append(known[atom] if atom in always else ~known[atom])
                break
            values = found
            seen = {atom: made for atom, made in seen.items() if bool(values[known[atom]]) == made}
            asked = [atom for atom in asked if atom in seen]
    flip.clear()
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
    """What rules out a choice on its own: the pair restrictions of every pair that would make it (none if one of
    those pairs is allowed: then restrictions together, or the requirements, rule it out; a cost never does, since
    paying is allowed). The pairs are grouped by actor and by target once, not per choice."""

    def __init__(self, compilation: Compilation) -> None:
        self.compilation = compilation
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
        if any(p not in self.compilation.forbidden for p in pairs):
            return []
        return [r for p in pairs for r in self.compilation.forbidden[p]]


def _choice(atom: Atom, board: Board, reasons: _SingleReasons, lang: str) -> Choice:
    actor = atom.actor if isinstance(atom, Pair | Acts) else None
    target = atom.target if isinstance(atom, Pair | Receives) else None
    return Choice(
        actor=actor,
        target=target,
        text=choice_text(board, lang, actor, target),
        reasons=findings(reasons.of(atom), board, lang),
    )
