"""CP-SAT: the maximum number of requirements any restriction-obeying declaration can obey without paying a cost
beyond those the proposal pays (509.1c).

ortools is imported here only, and only when a proposal could miss a requirement, so fast-path checks never
pay its import time.

The model is written straight into CP-SAT's model proto, by variable index: a Python variable object per pair
costs about 300 bytes and 3 microseconds, and a 1,000 x 1,000 board has 800,000 pairs (docs/performance.md, "Huge
boards"). Variable objects are made only when asked for (`_Literals.pair`, `RequirementModel.obeyed`).

`optimise` (every check and solve) uses only CP-SAT's compiled helper (`cp_model_helper`: the proto, the parameters,
the solve call), not `cp_model`, whose import brings numpy and pandas: about 0.25 s of the 0.35 s ortools took to
import (docs/performance.md). The desk's questions, which need variable objects, build a `cp_model.CpModel`.
"""

from __future__ import annotations

import math
from collections import defaultdict
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from .budget import SEARCH_MEMORY_MB, Budget, DeadlineReached
from .ir import Acts, Atom, Compilation, Count, Pair, Receives, Restriction
from .small_search import small_optimum

if TYPE_CHECKING:
    from ortools.sat.python import cp_model, cp_model_helper


@dataclass(frozen=True)
class Optimum:
    """`exact`: `best` is the optimum. Otherwise `best` is only reached by `pairs` and `bound` caps the optimum.
    `searched`: CP-SAT found it (not solver/shortcut.py)."""

    status: Literal["optimal", "feasible", "unknown"]
    best: int | None
    bound: int | None
    pairs: frozenset[Pair] | None
    searched: bool = True

    @property
    def exact(self) -> bool:
        return self.status == "optimal"


class _Literals:
    """Maps atoms to CP-SAT literals, written as proto indexes (`~i` is the negation of variable `i`, as in CP-SAT's
    proto); an atom that no available pair can make true has no literal (the constant False)."""

    def __init__(
        self, proto: cp_model_helper.CpModelProto, pairs: list[Pair], budget: Budget, model: cp_model.CpModel | None
    ) -> None:
        self.model = model  # None for a model that is only solved (`optimise`): no variable objects then
        self.proto = proto
        self.index: dict[Pair, int] = {}
        self._by_actor: dict[str, list[int]] = defaultdict(list)
        self._by_target: dict[str, list[int]] = defaultdict(list)
        budget.tick(len(pairs))
        # one bulk copy of a Boolean variable per pair: a call per variable cost 10 times as much (200x200)
        from ortools.sat.python import cp_model_helper

        boolean = cp_model_helper.IntegerVariableProto()
        boolean.domain.extend([0, 1])
        first = len(proto.variables)
        proto.variables.extend([boolean] * len(pairs))
        for i, p in enumerate(pairs, first):
            self.index[p] = i
            self._by_actor[p.actor].append(i)
            self._by_target[p.target].append(i)
        self._derived: dict[Atom, int] = {}
        self._pair_vars: dict[Pair, cp_model.IntVar] | None = None

    def new_bool(self) -> int:
        variables = self.proto.variables
        index = len(variables)
        variables.add().domain.extend([0, 1])
        return index

    def var(self, index: int) -> cp_model.IntVar:
        assert self.model is not None, "variable objects need RequirementModel(..., objects=True)"
        return self.model.get_bool_var_from_proto_index(index)

    @property
    def pair(self) -> dict[Pair, cp_model.IntVar]:
        """Each pair's variable as a CP-SAT object (made on first use: small models only)."""
        if self._pair_vars is None:
            self._pair_vars = {p: self.var(i) for p, i in self.index.items()}
        return self._pair_vars

    def literal(self, atom: Atom) -> int | None:
        if isinstance(atom, Pair):
            return self.index.get(atom)
        if atom in self._derived:
            return self._derived[atom]
        parts = self._by_actor[atom.actor] if isinstance(atom, Acts) else self._by_target[atom.target]
        if not parts:
            return None
        if len(parts) == 1:
            return parts[0]
        var = self.new_bool()
        self._constraint([var]).bool_or.literals.extend(parts)  # var => OR(parts)
        self._constraint([~var]).bool_and.literals.extend([~p for p in parts])  # not var => no part
        self._derived[atom] = var
        return var

    def of(self, atom: Atom) -> cp_model.IntVar | None:
        literal = self.literal(atom)
        return None if literal is None else self.var(literal)

    def _constraint(self, enforcement: list[int]) -> cp_model.ConstraintProto:  # type: ignore[name-defined]
        constraint = self.proto.constraints.add()
        if enforcement:
            constraint.enforcement_literal.extend(enforcement)
        return constraint

    def _linear(self, terms: list[int], low: int, high: int, enforcement: list[int]) -> None:
        linear = self._constraint(enforcement).linear
        linear.vars.extend(terms)
        linear.coeffs.extend([1] * len(terms))
        linear.domain.extend([low, high])

    def add(self, count: Count, enforce: int | None = None) -> bool:
        """Add `count` (only when `enforce`); False if it can never hold (so `enforce` must stay false)."""
        enforcement = []
        if enforce is not None:
            enforcement.append(enforce)
        if count.only_if is not None:
            condition = self.literal(count.only_if)
            if condition is None:
                return True  # the condition can never be true: nothing to enforce
            enforcement.append(condition)
        index, literal = self.index, self.literal  # a pair's literal looked up in place: most atoms are pairs
        terms = [lit for a in count.atoms if (lit := index.get(a) if type(a) is Pair else literal(a)) is not None]
        if count.at_least is not None and len(terms) < count.at_least:
            if not enforcement:
                return False
            self._constraint([]).bool_or.literals.extend([~e for e in enforcement])
            return True
        if count.at_least == 1 and count.at_most is None:
            self._constraint(enforcement).bool_or.literals.extend(terms)
        elif count.at_least is not None and count.at_least > 0:
            self._linear(terms, count.at_least, len(terms), enforcement)
        if count.at_most is not None and count.at_most < len(terms):
            if count.at_most == 1 and not enforcement:
                self._constraint([]).at_most_one.literals.extend(terms)
            else:
                self._linear(terms, 0, count.at_most, enforcement)
        return True

    def obeyed(self, count: Count) -> int | None:
        """The literal of a requirement that is one atom ("sentry blocks"): the atom itself, no new variable."""
        if len(count.atoms) == 1 and count.at_least == 1 and count.at_most is None and count.only_if is None:
            return self.literal(count.atoms[0])
        return None


class RequirementModel:
    """Declarations over `pairs` as a CP-SAT model: every restriction holds (or, with `guarded`, holds when its guard
    literal is true, so an infeasible model can name the restrictions in conflict), and one literal per requirement
    that can be obeyed is true only if it is."""

    def __init__(
        self,
        compilation: Compilation,
        pairs: list[Pair],
        *,
        guarded: bool = False,
        budget: Budget | None = None,
        objects: bool = True,
    ) -> None:
        budget = budget or Budget()
        model: cp_model.CpModel | None = None
        if objects:  # variable objects, constraints from Python expressions (the desk's questions)
            from ortools.sat.python import cp_model

            model = cp_model.CpModel()
            proto = model.proto
        else:  # the proto alone, without importing cp_model
            from ortools.sat.python import cp_model_helper

            proto = cp_model_helper.CpModelProto()
        self._model = model
        self.proto = proto
        self.lits = _Literals(proto, pairs, budget, model)
        self.guards: list[tuple[cp_model.IntVar, Restriction]] = []
        for restriction in compilation.restrictions:
            budget.tick(1 + len(restriction.condition.atoms))
            guard = self.lits.new_bool() if guarded else None
            if self.lits.add(restriction.condition, guard) and guard is not None:
                self.guards.append((self.lits.var(guard), restriction))
        self.obeyed_literals: list[int] = []
        for requirement in compilation.requirements:
            budget.tick(1 + len(requirement.condition.atoms))
            direct = self.lits.obeyed(requirement.condition)
            if direct is not None:
                self.obeyed_literals.append(direct)
                continue
            indicator = self.lits.new_bool()
            if self.lits.add(requirement.condition, indicator):
                self.obeyed_literals.append(indicator)
            else:
                self.lits.proto.constraints.add().bool_and.literals.append(~indicator)

    @property
    def model(self) -> cp_model.CpModel:
        assert self._model is not None, "built with objects=False: only the proto"
        return self._model

    @property
    def obeyed(self) -> list[cp_model.IntVar]:
        """One literal per requirement that can be obeyed, true only if it is (CP-SAT objects)."""
        return [self.lits.var(i) for i in self.obeyed_literals]

    def prefer_near(self, reference: frozenset[Pair]) -> int:
        """Maximise obeyed requirements, then nearness to `reference` (fewest pairs added or removed); returns the
        weight of one requirement in the objective. The reference is the solution hint."""
        index = self.lits.index
        # One more obeyed requirement outweighs any change in distance (at most the number of pairs).
        weight = len(index) + 1
        # distance = pairs added + pairs removed = sum(var for new pairs) + sum(1 - var for the reference's pairs)
        coeffs: dict[int, int] = {i: (1 if p in reference else -1) for p, i in index.items()}
        for literal in self.obeyed_literals:
            coeffs[literal] = coeffs.get(literal, 0) + weight
        removed = sum(1 for p in index if p in reference)
        # CP-SAT minimises; a maximisation is stored negated, with scaling factor -1 (as CpModel.maximize does).
        objective = self.lits.proto.objective
        objective.vars.extend(list(coeffs))
        objective.coeffs.extend([-c for c in coeffs.values()])
        objective.offset = removed
        objective.scaling_factor = -1
        hint = self.lits.proto.solution_hint
        hint.vars.extend(list(index.values()))
        hint.values.extend([int(p in reference) for p in index])
        return weight


def worth_declaring(
    compilation: Compilation, pairs: list[Pair], reference: frozenset[Pair], budget: Budget
) -> list[Pair]:
    """The pairs an optimal declaration may use: those of `reference`, and those in some count that needs atoms
    to be true (an `at_least`, of a restriction or a requirement: the pair itself, its actor acting, its target
    receiving). Any other pair can only break `at_most` counts and lengthen the distance to the reference, so
    every optimum leaves it out. CP-SAT's presolve finds the same, but only after copying them all: a 1,000 x 1,000
    board has 800,000 pairs and keeps about a third (docs/performance.md, "Huge boards")."""
    wanted: set[Atom] = set()
    counts = [r.condition for r in compilation.restrictions] + [r.condition for r in compilation.requirements]
    for count in counts:
        budget.tick(len(count.atoms))
        if count.at_least:
            wanted.update(count.atoms)
    # by actor and target names: an `Acts` or `Receives` made per pair would cost more than the rest (200x200)
    actors = {atom.actor for atom in wanted if isinstance(atom, Acts)}
    targets = {atom.target for atom in wanted if isinstance(atom, Receives)}
    budget.tick(len(pairs))
    return [p for p in pairs if p in reference or p in wanted or p.actor in actors or p.target in targets]


def new_solver(time_limit: float | None, workers: int = 1) -> cp_model.CpSolver:
    from ortools.sat.python import cp_model

    solver = cp_model.CpSolver()
    tune(solver.parameters, time_limit, workers)
    return solver


# A model with at most this many variables is solved without presolve, LP relaxation or SAT inprocessing: on
# bench/scaling_boards.py boards with requirements (6x6: 21-27 variables, 10x10: 45, 20x20: 89), CP-SAT's own
# solve took 0.3-0.7 ms instead of 0.9-3.5 ms, the setup of those three being most of a tiny solve; at 30x30
# (162 variables) it was slower (docs/performance.md, "The CP-SAT model"). Either way the search is complete:
# the parameters change how fast the optimum is proven, never whether it is.
SMALL_MODEL_VARIABLES = 128


def tune(
    parameters: cp_model_helper.SatParameters,
    time_limit: float | None,
    workers: int = 1,
    variables: int | None = None,
) -> None:
    """The search parameters of every solve (`variables`: the model's size, if known)."""
    parameters.num_workers = workers
    parameters.max_memory_in_mb = SEARCH_MEMORY_MB
    if time_limit is not None:
        parameters.max_time_in_seconds = time_limit
    # Symmetry handling costs more than it saves, even on token armies: measured on 200 x 200 boards
    # (docs/performance.md), CP-SAT's symmetry detection added about 0.6 s, and explicit ordering constraints between
    # identical tokens made one solve 45x slower.
    parameters.symmetry_level = 0
    if variables is not None and variables <= SMALL_MODEL_VARIABLES:
        parameters.cp_model_presolve = False
        parameters.linearization_level = 0
        parameters.use_sat_inprocessing = False
        return
    # The LP relaxation proves these assignment-like optima fast with one worker.
    parameters.linearization_level = 2
    # Probing in presolve: on a 1,000 x 1,000 board it took over 2 minutes and 2 GB without proving anything; off,
    # CP-SAT proves the optimum in about 20 s within about 550 MB (docs/performance.md, "Huge boards").
    parameters.cp_model_probing_level = 0
    # One presolve pass: a second finds little on these models; CP-SAT's solve of captured 50x50, 100x100 and
    # 200x200 protos took 20-27 % less time (docs/performance.md, "The CP-SAT model").
    parameters.max_presolve_iterations = 1


def optimise(
    compilation: Compilation,
    reference: frozenset[Pair],
    *,
    pairs: list[Pair] | None = None,
    budget: Budget | None = None,
    time_limit: float | None = None,
    workers: int = 1,
    upper: int | None = None,
) -> Optimum:
    """Maximise obeyed requirements over declarations that pay no cost beyond those `reference` (the proposal)
    pays (`pairs`: those declarations' pairs, if already known); among optimal ones, pick the one nearest to
    `reference` (fewest pairs added or removed), so a witness differs from the proposal as little as possible.
    `upper`, if known, caps the optimum (solver/shortcut.py).

    Small models are solved exactly without CP-SAT first (solver/small_search.py; `searched` is then false).
    The time limit is `budget`'s (or `time_limit` from now): model building raises DeadlineReached past it, and
    the search stops at it: either way the optimum is unknown."""
    budget = budget or Budget(time_limit)
    try:
        budget.tick(compilation.pair_work)
        available = compilation.available_pairs(reference) if pairs is None else pairs
        wanted = worth_declaring(compilation, available, reference, budget)
        small = small_optimum(compilation, reference, wanted, upper, budget)
        if small is not None:
            return Optimum("optimal", small.obeyed, small.obeyed, small.pairs, searched=False)
    except DeadlineReached:
        return Optimum("unknown", None, None, None)
    from ortools.sat.python import cp_model_helper

    try:
        built = RequirementModel(compilation, wanted, budget=budget, objects=False)
        weight = built.prefer_near(reference)
        parameters = cp_model_helper.SatParameters()
        tune(parameters, budget.left(), workers, len(built.proto.variables))
    except DeadlineReached:
        return Optimum("unknown", None, None, None)
    solve = cp_model_helper.SolveWrapper()  # what cp_model.CpSolver.solve does, without cp_model
    solve.set_parameters(parameters)
    response = solve.solve(built.proto)  # type: ignore[no-untyped-call]  # the stub declares no types
    status = response.status
    optimal = cp_model_helper.CpSolverStatus.OPTIMAL
    if status not in (optimal, cp_model_helper.CpSolverStatus.FEASIBLE):
        return Optimum("unknown", None, None, None)
    values = list(response.solution)
    chosen = frozenset(p for p, i in built.lits.index.items() if values[i])
    best = sum(1 for i in built.obeyed_literals if values[i])
    if status == optimal:
        return Optimum("optimal", best, best, chosen)
    # weight * obeyed - distance <= bound with 0 <= distance < weight, so obeyed <= ceil(bound / weight).
    bound = min(len(built.obeyed_literals), math.ceil(response.best_objective_bound / weight - 1e-9))
    return Optimum("feasible", best, bound, chosen)
