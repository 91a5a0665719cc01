"""`assign_combat_damage`: the next combat damage step with the players' assignment, judged like a declaration
(510.1, 510.1e), then dealt (510.2) with its results (120.3) and the state-based actions a judge asks about (704.5).

An illegal assignment is reported with the rules it breaks and the nearest legal assignment, and the timeline stops:
the game returns to the moment before the assignment (510.1e, 730; old 715).
"""

from __future__ import annotations

from ..models.damage_events import AssignCombatDamage
from .damage_dealt import deal
from .damage_problem import damage_problem
from .damage_rules import DamageProblem, findings
from .damage_search import nearest
from .state import Change, DamageAssignment, DamageFinding
from .steps import combat_damage
from .working import Working


def complete(problem: DamageProblem, proposal: dict[str, dict[str, int]]) -> dict[str, dict[str, int]]:
    """The proposal with every creature that has no choice assigning as it must, and zero amounts left out."""
    full = {c: {r: a for r, a in split.items() if a} for c, split in proposal.items()}
    for dealer in problem.dealers.values():
        if dealer.id not in full:
            forced = problem.forced(dealer)
            if forced is not None:
                full[dealer.id] = forced
    return full


def judge_assignment(problem: DamageProblem, proposal: dict[str, dict[str, int]]) -> DamageAssignment:
    """The verdict on a whole assignment (510.1e) and, if illegal, the nearest legal one."""
    assignment = complete(problem, proposal)
    broken = findings(problem, assignment)
    witness = None
    if broken:
        witness = nearest(problem, {c: s for c, s in assignment.items() if c in problem.dealers})
    return DamageAssignment(
        legal=not broken,
        assignment=assignment,
        findings=tuple(
            DamageFinding(key=f.key, code=f.code, rule=f.rule, edition=f.edition, values=f.values) for f in broken
        ),
        witness=witness,
        choosers={d.id: d.chooser for d in problem.dealers.values() if problem.forced(d) is None},
        problem=problem,
        rule="510.1e",  # the seeds have no 510: the current number, marked current under the old rules
        edition="current",
    )


def assign_combat_damage(work: Working, event: AssignCombatDamage) -> tuple[list[Change], bool]:
    """The step begins (as `combat_damage`), the assignment is judged, and a legal one is dealt."""
    changes = combat_damage(work)
    first_strike_step = work.step == "first_strike_damage"
    problem = damage_problem(work, first_strike_step=first_strike_step, named=event.assign_combat_damage)
    judged = judge_assignment(problem, event.assign_combat_damage)
    changes.append(judged)
    if not judged.legal:
        return changes, False
    changes += deal(work, problem, judged.assignment, event.prevent)
    return changes, True
