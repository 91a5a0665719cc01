"""The requirement bound and the search-free shortcut (solver/shortcut.py) against the brute-force reference, on
random small block boards that carry requirements; and proof that these boards reach both."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from boards import boards
from combatcheck.models import snapshot_from_data
from combatcheck.solver import check
from combatcheck.solver.budget import Budget
from combatcheck.solver.decide import compile_snapshot, proposal_pairs
from combatcheck.solver.ir import Compilation, Count, Pair, Reason, Requirement, Restriction
from combatcheck.solver.optimum import optimise
from combatcheck.solver.shortcut import Bound, nearest_optimum, requirement_bound
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from reference import RefBoard, all_declarations, paid_blockers, reference_optimum, requirements_obeyed, restrictions_ok

REQUIREMENTS = ["all_able_must_block_it", "must_be_blocked_if_able"]


@st.composite
def requirement_boards(draw: st.DrawFn) -> dict[str, Any]:
    """A block board (tests/boards.py) with a proposal, where attackers and blockers carry requirements: a Lure
    or "must be blocked" attacker, "blocks each combat" and provoked ("blocks if able") creatures."""
    board = draw(boards())
    perms = board["permanents"]
    attackers = [p for p in perms if p["id"].startswith("a")]
    blockers = [p for p in perms if p["id"].startswith("b")]
    for attacker in draw(st.lists(st.sampled_from(attackers), min_size=1, max_size=2)):
        attacker["abilities"].append(draw(st.sampled_from(REQUIREMENTS)))
    for blocker in draw(st.lists(st.sampled_from(blockers), max_size=2)):
        ability = draw(st.sampled_from(["blocks_each_combat_if_able", "provoked"]))
        if ability == "provoked":
            blocker["abilities"].append({"blocks_if_able": draw(st.sampled_from(attackers))["id"]})
        else:
            blocker["abilities"].append(ability)
    snapshot = snapshot_from_data(board)
    declarations = sorted(all_declarations(RefBoard.of(snapshot)), key=sorted)
    proposal = declarations[draw(st.integers(0, len(declarations) - 1))]
    blocks: dict[str, list[str]] = {}
    for blocker_id, attacker_id in sorted(proposal):
        blocks.setdefault(blocker_id, []).append(attacker_id)
    return {**board, "declaration": {"blocks": blocks}}


@dataclass
class Case:
    ref: RefBoard
    proposal: frozenset[tuple[str, str]]
    optimum: int
    nearest: int  # fewest changes from the proposal to an optimal declaration
    bound: Bound
    found: frozenset[Pair] | None  # the shortcut's declaration, if it proves one
    loose_upper: int  # every requirement counted alone (the bound before the per-creature groups)


def _case(data: dict[str, Any]) -> Case:
    snapshot = snapshot_from_data(data)
    ref = RefBoard.of(snapshot)
    proposal = proposal_pairs(snapshot)
    mine = frozenset((p.actor, p.target) for p in proposal)
    paid = paid_blockers(ref, mine)
    optimum = reference_optimum(ref, paid)
    optimal = [
        d
        for d in all_declarations(ref)
        if restrictions_ok(ref, d) and paid_blockers(ref, d) <= paid and requirements_obeyed(ref, d) == optimum
    ]
    _, compilation = compile_snapshot(snapshot, proposal)
    available = compilation.available_pairs(proposal)
    bound = requirement_bound(compilation, available)
    found = nearest_optimum(compilation, proposal, available, bound, Budget())
    actors, targets = {p.actor for p in available}, {p.target for p in available}

    def possible(atom: object) -> bool:
        return (
            atom in available
            if isinstance(atom, Pair)
            else (getattr(atom, "actor", None) in actors) or (getattr(atom, "target", None) in targets)
        )

    loose_upper = sum(
        1
        for r in compilation.requirements
        if sum(1 for a in r.condition.atoms if possible(a)) >= (r.condition.at_least or 0)
    )
    return Case(ref, mine, optimum, min(len(d ^ mine) for d in optimal), bound, found, loose_upper)


def _agree(case: Case, data: dict[str, Any]) -> None:
    assert case.bound.upper >= case.optimum, "no declaration obeys more requirements than the bound"
    if case.found is not None:
        found = frozenset((p.actor, p.target) for p in case.found)
        assert restrictions_ok(case.ref, found)
        assert paid_blockers(case.ref, found) <= paid_blockers(case.ref, case.proposal)
        assert requirements_obeyed(case.ref, found) == case.optimum == case.bound.upper
        assert len(found ^ case.proposal) == case.nearest, "the shortcut's declaration is a nearest optimum"
        report = check(snapshot_from_data(data))
        assert not report.solver.used_cpsat and report.requirements_optimum == case.optimum


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=requirement_boards())
def test_bound_and_shortcut_agree_with_brute_force(data: dict[str, Any]) -> None:
    _agree(_case(data), data)


def test_the_boards_reach_both_paths() -> None:
    """The same property on a fixed sequence of boards, which must reach the shortcut (with at least two changes
    to make) and a bound that only the per-creature groups make tight: a generator that never reached them would
    test nothing."""
    reached: set[str] = set()

    @settings(max_examples=300, deadline=None, database=None, derandomize=True, suppress_health_check=list(HealthCheck))
    @given(data=requirement_boards())
    def explore(data: dict[str, Any]) -> None:
        case = _case(data)
        _agree(case, data)
        if case.found is not None and case.nearest >= 2:
            reached.add("shortcut")
        if case.bound.upper == case.optimum < case.loose_upper:
            reached.add("groups")

    explore()
    assert reached == {"shortcut", "groups"}


# Hand-made compilations for what random boards rarely reach.
WHY = Reason(rule="test", cr="0", code="test")


def _requirement(*atoms: Pair) -> Requirement:
    return Requirement(Count(atoms, at_least=1), WHY)


def test_the_shortcut_refuses_a_declaration_with_more_changes_than_needed() -> None:
    # Requirement 1 is obeyed by pair A or B. A also obeys 2 and 3, so it is taken first; then 4, 5 and 6 need
    # two more pairs (B, C): three changes. B and C alone obey all six. The lower bound (1 and 5 have disjoint
    # pairs: two changes) cannot show that three are needed, so the shortcut leaves it to CP-SAT.
    a, b, c, d, e, f = (Pair(x, x.upper()) for x in "abcdef")
    compilation = Compilation(
        candidate_pairs=[a, b, c, d, e, f],
        requirements=[
            _requirement(a, b),
            _requirement(a, c),
            _requirement(a, c),
            _requirement(b, d),
            _requirement(c, e),
            _requirement(c, f),
        ],
    )
    pairs = compilation.candidate_pairs
    bound = requirement_bound(compilation, pairs)
    assert bound.upper == 6
    assert nearest_optimum(compilation, frozenset(), pairs, bound, Budget()) is None
    searched = optimise(compilation, frozenset())
    assert searched.best == 6 and searched.pairs == frozenset({b, c})


def test_one_target_is_only_assumed_where_a_restriction_covers_every_pair_of_the_actor() -> None:
    # "At most one of (b, a1) and (b, a2)" says nothing about (b, a3): b may block a1 and a3.
    pairs = [Pair("b", "a1"), Pair("b", "a2"), Pair("b", "a3")]
    compilation = Compilation(
        candidate_pairs=pairs,
        restrictions=[Restriction(Count(tuple(pairs[:2]), at_most=1), WHY)],
        requirements=[_requirement(pairs[0]), _requirement(pairs[2])],
    )
    assert optimise(compilation, frozenset()).best == 2
    assert requirement_bound(compilation, pairs).upper == 2
    one = [*compilation.restrictions, Restriction(Count(tuple(pairs), at_most=1), WHY)]
    assert (
        requirement_bound(Compilation(pairs, restrictions=one, requirements=compilation.requirements), pairs).upper == 1
    )
