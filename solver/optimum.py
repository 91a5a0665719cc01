"""CP-SAT: the maximum number of requirements any restriction-obeying declaration can obey without paying a cost
beyond those the proposal pays (509.1c).

ortools is imported here only, and only when a proposal could miss a requirement, so fast-path checks never
pay its import time.
"""

from __future__ import annotations

import math
from collections import defaultdict
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from .ir import Acts, Atom, Compilation, Count, Pair, Restriction

if TYPE_CHECKING:
    from ortools.sat.python import cp_model


@dataclass(frozen=True)
class Optimum:
    """`exact`: `best` is the optimum. Otherwise `best` is only reached by `pairs` and `bound` caps the optimum."""

    status: Literal["optimal", "feasible", "unknown"]
    best: int | None
    bound: int | None
    pairs: frozenset[Pair] | None

    @property
    def exact(self) -> bool:
        return self.status == "optimal"


class _Literals:
    """Maps atoms to CP-SAT literals; an atom that no available pair can make true is the constant False."""

    def __init__(self, model: cp_model.CpModel, pairs: list[Pair]) -> None:
        from ortools.sat.python.cp_model import LinearExpr

        self.model = model
        self.linear = LinearExpr
        self.pair: dict[Pair, cp_model.IntVar] = {p: model.new_bool_var("") for p in pairs}
        self._by_actor: dict[str, list[cp_model.IntVar]] = defaultdict(list)
        self._by_target: dict[str, list[cp_model.IntVar]] = defaultdict(list)
        for p, var in self.pair.items():
            self._by_actor[p.actor].append(var)
            self._by_target[p.target].append(var)
        self._derived: dict[Atom, cp_model.IntVar] = {}

    def of(self, atom: Atom) -> cp_model.IntVar | None:
        if isinstance(atom, Pair):
            return self.pair.get(atom)
        if atom in self._derived:
            return self._derived[atom]
        parts = self._by_actor[atom.actor] if isinstance(atom, Acts) else self._by_target[atom.target]
        if not parts:
            return None
        if len(parts) == 1:
            return parts[0]
        var = self.model.new_bool_var("")
        self.model.add_max_equality(var, parts)  # var <=> OR(parts)
        self._derived[atom] = var
        return var

    def add(self, count: Count, enforce: cp_model.IntVar | None = None) -> bool:
        """Add `count` (only when `enforce`); False if it can never hold (so `enforce` must stay false)."""
        enforcement = []
        if enforce is not None:
            enforcement.append(enforce)
        if count.only_if is not None:
            condition = self.of(count.only_if)
            if condition is None:
                return True  # the condition can never be true: nothing to enforce
            enforcement.append(condition)
        terms = [lit for lit in (self.of(a) for a in count.atoms) if lit is not None]
        if count.at_least is not None and len(terms) < count.at_least:
            if not enforcement:
                return False
            self.model.add_bool_or([e.Not() for e in enforcement])
            return True
        if count.at_least == 1 and count.at_most is None:
            self.model.add_bool_or(terms).only_enforce_if(enforcement)
        elif count.at_least is not None and count.at_least > 0:
            self.model.add(self.linear.sum(terms) >= count.at_least).only_enforce_if(enforcement)
        if count.at_most is not None and count.at_most < len(terms):
            if count.at_most == 1 and not enforcement:
                self.model.add_at_most_one(terms)
            else:
                self.model.add(self.linear.sum(terms) <= count.at_most).only_enforce_if(enforcement)
        return True

    def obeyed(self, count: Count) -> cp_model.IntVar | None:
        """The literal of a requirement that is one atom ("sentry blocks"): the atom itself, no new variable."""
        if len(count.atoms) == 1 and count.at_least == 1 and count.at_most is None and count.only_if is None:
            return self.of(count.atoms[0])
        return None


class RequirementModel:
    """Declarations over `pairs` as a CP-SAT model: every restriction holds (or, with `guarded`, holds when its guard
    literal is true, so an infeasible model can name the restrictions in conflict), and one literal per requirement
    that can be obeyed is true only if it is."""

    def __init__(self, compilation: Compilation, pairs: list[Pair], *, guarded: bool = False) -> None:
        from ortools.sat.python import cp_model

        self.model = cp_model.CpModel()
        self.lits = _Literals(self.model, pairs)
        self.guards: list[tuple[cp_model.IntVar, Restriction]] = []
        for restriction in compilation.restrictions:
            guard = self.model.new_bool_var("") if guarded else None
            if self.lits.add(restriction.condition, guard) and guard is not None:
                self.guards.append((guard, restriction))
        self.obeyed: list[cp_model.IntVar] = []
        for requirement in compilation.requirements:
            direct = self.lits.obeyed(requirement.condition)
            if direct is not None:
                self.obeyed.append(direct)
                continue
            indicator = self.model.new_bool_var("")
            if self.lits.add(requirement.condition, indicator):
                self.obeyed.append(indicator)
            else:
                self.model.add(indicator == 0)

    def prefer_near(self, reference: frozenset[Pair]) -> int:
        """Maximise obeyed requirements, then nearness to `reference` (fewest pairs added or removed); returns the
        weight of one requirement in the objective."""
        from ortools.sat.python import cp_model

        # One more obeyed requirement outweighs any change in distance (at most the number of pairs).
        weight = len(self.lits.pair) + 1
        # distance = pairs added + pairs removed = sum(var for new pairs) + sum(1 - var for the reference's pairs)
        signs = [-1 if pair in reference else 1 for pair in self.lits.pair]
        distance = cp_model.LinearExpr.weighted_sum(list(self.lits.pair.values()), signs) + sum(
            1 for s in signs if s < 0
        )
        self.model.maximize(weight * cp_model.LinearExpr.sum(self.obeyed) - distance)
        for pair, var in self.lits.pair.items():
            self.model.add_hint(var, pair in reference)
        return weight


def new_solver(time_limit: float | None, workers: int = 1) -> cp_model.CpSolver:
    from ortools.sat.python import cp_model

    solver = cp_model.CpSolver()
    solver.parameters.num_workers = workers
    # The LP relaxation proves these assignment-like optima fast with one worker. Symmetry handling costs more than
    # it saves, even on token armies: measured on 200 x 200 boards (docs/performance.md), CP-SAT's symmetry
    # detection added about 0.6 s, and explicit ordering constraints between identical tokens made one solve 45x
    # slower.
    solver.parameters.linearization_level = 2
    solver.parameters.symmetry_level = 0
    if time_limit is not None:
        solver.parameters.max_time_in_seconds = time_limit
    return solver


def optimise(
    compilation: Compilation,
    reference: frozenset[Pair],
    *,
    time_limit: float | None = None,
    workers: int = 1,
) -> Optimum:
    """Maximise obeyed requirements over declarations that pay no cost beyond those `reference` (the proposal)
    pays; among optimal ones, pick the one nearest to `reference` (fewest pairs added or removed), so a witness
    differs from the proposal as little as possible."""
    from ortools.sat.python import cp_model

    built = RequirementModel(compilation, compilation.available_pairs(reference))
    weight = built.prefer_near(reference)
    solver = new_solver(time_limit, workers)
    status = solver.solve(built.model)
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return Optimum("unknown", None, None, None)
    pairs = frozenset(p for p, var in built.lits.pair.items() if solver.value(var))
    best = sum(int(solver.value(v)) for v in built.obeyed)
    if status == cp_model.OPTIMAL:
        return Optimum("optimal", best, best, pairs)
    # weight * obeyed - distance <= bound with 0 <= distance < weight, so obeyed <= ceil(bound / weight).
    bound = min(len(built.obeyed), math.ceil(solver.best_objective_bound / weight - 1e-9))
    return Optimum("feasible", best, bound, pairs)
