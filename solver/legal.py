"""The declarations `check` calls legal, as one CP-SAT model for the judge's questions (docs/format.md, "Costs").

A declaration is legal iff it breaks no restriction and obeys at least best(K) requirements, where K is what it
pays (the costly creatures it declares, the taxed pairs it makes) and best(K) is the most requirements a
restriction-obeying declaration obeys paying nothing beyond K: what `check` computes with it as the proposal. Nobody
has to pay (508.1d, 509.1c), but a creature paid for is held to the requirements it can then obey.

best(K) grows with K (paying more only makes more pairs available), so each best(K) found is a cut that every legal
declaration obeys: "if every cost of K is paid, at least best(K) requirements are obeyed". The model starts with
the cut of K = {} (the cost-free optimum; every declaration pays at least nothing) and gains a cut whenever a
solution turns out to obey fewer requirements than its own best: `solve` returns only declarations it has verified
legal, and an infeasible model proves that no legal declaration is left, since a cut never removes a legal one.
Without costs there is one cut and the model is the optimum's, as before.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .budget import Budget, DeadlineReached
from .decide import evaluate
from .ir import Acts, Compilation, Pair
from .optimum import RequirementModel, optimise
from .shortcut import requirement_bound

if TYPE_CHECKING:
    from ortools.sat.python import cp_model

Paid = frozenset[Acts | Pair]


class LegalModel:
    """Declarations over every pair no pair restriction forbids, costly ones included; `verify` adds the cuts."""

    def __init__(self, compilation: Compilation, budget: Budget, *, guarded: bool = False) -> None:
        self.compilation = compilation
        self.budget = budget
        budget.tick(compilation.pair_work)
        pairs = [p for p in compilation.candidate_pairs if p not in compilation.forbidden]
        self.built = RequirementModel(compilation, pairs, guarded=guarded, budget=budget)
        lits = self.built.lits
        actors, taxed = compilation.costly()
        # The literal of each cost: a costly creature declared at all, a taxed pair made.
        self.items: dict[Acts | Pair, int] = {}
        for actor in sorted(actors):
            literal = lits.literal(Acts(actor))
            if literal is not None:
                self.items[Acts(actor)] = literal
        for pair in sorted(taxed):
            if pair in lits.index:
                self.items[pair] = lits.index[pair]
        self._best: dict[Paid, int] = {}  # best(K), each with its cut in the model
        self._later: dict[Paid, int] = {}  # best(K) learned during an enumeration, cut not yet added
        free = optimise(compilation, frozenset(), budget=budget)
        if not free.exact or free.best is None or free.pairs is None:
            raise DeadlineReached
        self.free_best: int = free.best
        self.free_witness: frozenset[Pair] = free.pairs
        self._remember(frozenset(), free.best)
        # When the cost-free optimum already reaches what any declaration could obey, best(K) is that for every K:
        # the first cut is the only one, and every declaration of the model is legal (the usual case: no
        # requirement, or none a cost stands in the way of).
        self.settled = free.best >= requirement_bound(compilation, pairs).upper

    def paid(self, pairs: frozenset[Pair]) -> Paid:
        """What a declaration pays."""
        actors = {p.actor for p in pairs}
        return frozenset(i for i in self.items if (i.actor in actors if isinstance(i, Acts) else i in pairs))

    def best(self, pairs: frozenset[Pair], obeyed: int) -> int:
        """best(K) for what `pairs` pays, `pairs` obeying `obeyed` requirements (so best(K) >= obeyed); the cut is
        added the first time. Raises DeadlineReached when the optimum can't be proved in time."""
        key = self.paid(pairs)
        if key in self._best:
            return self._best[key]
        available = self.compilation.available_pairs(pairs)
        self.budget.check()
        if obeyed >= requirement_bound(self.compilation, available).upper:
            best = obeyed  # nothing over these pairs obeys more (solver/shortcut.py)
        else:
            found = optimise(self.compilation, pairs, pairs=available, budget=self.budget)
            if not found.exact or found.best is None:
                raise DeadlineReached
            best = found.best
        self._remember(key, best)
        return best

    def _remember(self, key: Paid, best: int) -> None:
        self._best[key] = best
        obeyed = self.built.obeyed_literals
        if best <= 0:
            return
        constraint = self.built.lits.proto.constraints.add()
        constraint.enforcement_literal.extend(self.items[i] for i in sorted(key, key=_order))
        constraint.linear.vars.extend(obeyed)
        constraint.linear.coeffs.extend([1] * len(obeyed))
        constraint.linear.domain.extend([best, len(obeyed)])

    def pairs_of(self, values: list[int]) -> frozenset[Pair]:
        return frozenset(p for p, i in self.built.lits.index.items() if values[i])

    def verify(self, pairs: frozenset[Pair]) -> bool:
        """Whether a restriction-obeying declaration of the model is legal (if not, its cut is now in the model)."""
        if self.settled:
            return True
        obeyed = evaluate(self.compilation, pairs, budget=self.budget).obeyed_count
        return obeyed >= self.best(pairs, obeyed)

    def judge(self, pairs: frozenset[Pair]) -> bool | None:
        """During an enumeration, when the model can't change: whether a declaration of the model is legal, or None
        if only a search can tell (then `settle` it after the enumeration)."""
        if self.settled:
            return True
        key = self.paid(pairs)
        if key in self._best:
            return True  # its cut is in the model
        obeyed = evaluate(self.compilation, pairs).obeyed_count
        if key in self._later:
            return obeyed >= self._later[key]
        if obeyed >= requirement_bound(self.compilation, self.compilation.available_pairs(pairs)).upper:
            self._later[key] = obeyed
            return True
        return None

    def settle(self, pending: list[frozenset[Pair]]) -> None:
        """Add the cuts of what `judge` learned and of the declarations it could not judge (one search each)."""
        for key, best in self._later.items():
            if key not in self._best:
                self._remember(key, best)
        self._later.clear()
        for pairs in pending:
            self.best(pairs, evaluate(self.compilation, pairs, budget=self.budget).obeyed_count)

    def solve(self, solver: cp_model.CpSolver) -> list[int] | None:
        """The values of a legal declaration of the model (optimal for its objective, if any, among legal ones; at
        least feasible when the time limit stopped the search), or None if there is none. Raises DeadlineReached
        when the time limit leaves it open."""
        from ortools.sat.python import cp_model

        while True:
            left = self.budget.left()
            if left is not None:
                solver.parameters.max_time_in_seconds = left
            status = solver.solve(self.built.model)
            if status == cp_model.INFEASIBLE:
                return None
            if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
                raise DeadlineReached
            values = list(solver.response_proto.solution)
            if self.verify(self.pairs_of(values)):
                return values


def _order(item: Acts | Pair) -> tuple[str, str]:
    return (item.actor, "") if isinstance(item, Acts) else (item.actor, item.target)
