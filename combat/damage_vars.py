"""The CP-SAT variables of one combat damage assignment, which the rules' `post` constrain
(`combat/damage_rules.py`, `combat/damage_search.py`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .damage_model import DamageProblem

if TYPE_CHECKING:
    from ortools.sat.python import cp_model


class Vars:
    """The CP-SAT variables of one assignment: x[dealer, recipient] and, per creature, 'is assigned lethal damage'."""

    def __init__(self, model: cp_model.CpModel, problem: DamageProblem) -> None:
        self.model = model
        self.x: dict[tuple[str, str], cp_model.IntVar] = {}
        self.unblocked_mode: dict[str, cp_model.IntVar] = {}
        for dealer in problem.dealers.values():
            for recipient in problem.recipients(dealer):
                self.x[dealer.id, recipient] = model.new_int_var(0, dealer.power, f"x_{dealer.id}_{recipient}")
            if dealer.as_though_unblocked and dealer.blocked and dealer.target and dealer.power > 0:
                self.unblocked_mode[dealer.id] = model.new_bool_var(f"unblocked_{dealer.id}")
        self.lethal: dict[str, cp_model.IntVar] = {}
        for creature in {r for (_, r) in self.x if r in problem.lethal}:
            self.lethal[creature] = self._lethal(problem, creature)

    def _lethal(self, problem: DamageProblem, creature: str) -> cp_model.IntVar:
        model = self.model
        flag = model.new_bool_var(f"lethal_{creature}")
        incoming = [v for (d, r), v in self.x.items() if r == creature]
        enough = model.new_bool_var(f"enough_{creature}")
        model.add(sum(incoming) >= problem.lethal[creature]).only_enforce_if(enough)
        reasons = [enough]
        for (d, r), v in self.x.items():
            if r == creature and problem.dealers[d].deathtouch:
                touched = model.new_bool_var(f"touch_{d}_{creature}")
                model.add(v >= 1).only_enforce_if(touched)
                reasons.append(touched)
        model.add_bool_or(reasons).only_enforce_if(flag)
        return flag

    def get(self, dealer: str, recipient: str) -> cp_model.IntVar | int:
        return self.x.get((dealer, recipient), 0)

    def positive(self, dealer: str, recipient: str) -> cp_model.IntVar:
        """A literal true when the dealer assigns it at least 1."""
        var = self.x[dealer, recipient]
        some = self.model.new_bool_var(f"some_{dealer}_{recipient}")
        self.model.add(var >= 1).only_enforce_if(some)
        self.model.add(var == 0).only_enforce_if(~some)
        return some
