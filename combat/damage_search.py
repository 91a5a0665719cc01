"""Legal combat damage assignments found with CP-SAT: the nearest one to a proposal (the witness of an illegal
assignment), the range of damage each recipient can be assigned, and every legal assignment of a small board.

The constraints are the rules' own (`combat/damage_rules.py`, each unit's `post`); `tests/reference_damage.py` is an
independent brute force they are tested against.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..solver.optimum import new_solver
from .damage_model import Assignment, DamageProblem
from .damage_rules import RULES
from .damage_vars import Vars

if TYPE_CHECKING:
    from ortools.sat.python import cp_model

TIME_LIMIT = 5.0


@dataclass(frozen=True)
class Range:
    """How much damage a recipient can be assigned in a legal assignment: by one creature, or by all of them
    (`source` None)."""

    recipient: str
    source: str | None
    low: int
    high: int
    proved: bool = True
    """False when a solve hit the time limit: `low`..`high` is then what the creatures' power allows, around the exact
    range."""


def _model(problem: DamageProblem) -> tuple[cp_model.CpModel, Vars]:
    from ortools.sat.python import cp_model

    model = cp_model.CpModel()
    v = Vars(model, problem)
    for rule in RULES:
        rule.post(problem, v)
    return model, v


def _read(problem: DamageProblem, solver: cp_model.CpSolver, v: Vars) -> dict[str, dict[str, int]]:
    found: dict[str, dict[str, int]] = {d: {} for d in problem.dealers}
    for (dealer, recipient), var in v.x.items():
        amount = int(solver.value(var))
        if amount:
            found[dealer][recipient] = amount
    return found


def nearest(problem: DamageProblem, proposal: Assignment) -> dict[str, dict[str, int]] | None:
    """The legal assignment that moves the fewest points of damage from the proposal (the sum of the differences);
    None if there is none (there always is one: the rules never leave a creature without a legal assignment)."""
    from ortools.sat.python import cp_model

    model, v = _model(problem)
    distance = []
    for (dealer, recipient), var in v.x.items():
        wanted = proposal.get(dealer, {}).get(recipient, 0)
        gap = model.new_int_var(0, max(problem.dealers[dealer].power, wanted), f"gap_{dealer}_{recipient}")
        model.add_abs_equality(gap, var - wanted)
        distance.append(gap)
    model.minimize(sum(distance))
    solver = new_solver(TIME_LIMIT)
    status = solver.solve(model)
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return None
    return _read(problem, solver, v)


def ranges(problem: DamageProblem) -> list[Range]:
    """For each recipient: the least and most damage each creature, and all of them together, can assign it."""
    from ortools.sat.python import cp_model

    model, v = _model(problem)
    by_recipient: dict[str, list[tuple[str, cp_model.IntVar]]] = {}
    for (dealer, recipient), var in v.x.items():
        by_recipient.setdefault(recipient, []).append((dealer, var))
    found: list[Range] = []
    for recipient, sources in by_recipient.items():
        exprs: list[tuple[str | None, list[cp_model.IntVar]]] = [(d, [var]) for d, var in sources]
        if len(sources) > 1:
            exprs.append((None, [var for _, var in sources]))
        for source, terms in exprs:
            # What the variables' domains allow: the outer bound given when a solve doesn't reach OPTIMAL (CP-SAT's
            # own best bound is not one then: with status UNKNOWN it reads 0).
            trivial = (0, sum(max(var.proto.domain) for var in terms))  # (this repeated field reads [-1] as 0)
            bounds = []
            proved = True
            for side, sense in enumerate((model.minimize, model.maximize)):
                sense(sum(terms))
                solver = new_solver(TIME_LIMIT)
                status = solver.solve(model)
                optimal = status == cp_model.OPTIMAL
                proved = proved and optimal
                bounds.append(round(solver.objective_value) if optimal else trivial[side])
            found.append(Range(recipient, source, bounds[0], bounds[1], proved))
    return found


def every_assignment(problem: DamageProblem, limit: int = 1000) -> tuple[list[dict[str, dict[str, int]]], bool]:
    """The legal assignments, up to `limit`, and whether that is all of them."""
    from ortools.sat.python import cp_model

    model, v = _model(problem)
    found: list[dict[str, dict[str, int]]] = []

    class Collector(cp_model.CpSolverSolutionCallback):
        def on_solution_callback(self) -> None:
            solution: dict[str, dict[str, int]] = {d: {} for d in problem.dealers}
            for (dealer, recipient), var in v.x.items():
                amount = int(self.value(var))
                if amount:
                    solution[dealer][recipient] = amount
            if solution not in found:
                found.append(solution)
            if len(found) > limit:
                self.stop_search()

    solver = new_solver(TIME_LIMIT)
    solver.parameters.enumerate_all_solutions = True
    status = solver.solve(model, Collector())
    # all of them only if the enumeration ended by itself (OPTIMAL), not at the time limit nor at `limit`
    return found[:limit], status == cp_model.OPTIMAL and len(found) <= limit
