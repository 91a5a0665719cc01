"""CP-SAT against the brute-force reference on random small boards that use every catalog entry."""

from __future__ import annotations

from typing import Any

from boards import attack_boards, boards
from combatcheck.models import snapshot_from_data
from combatcheck.solver import check, solve
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from reference import (
    RefBoard,
    all_declarations,
    paid_blockers,
    reference_optimum,
    requirements_obeyed,
    restrictions_ok,
)
from reference_attacks import AttackBoard, all_attacks, paid_costs
from reference_attacks import reference_optimum as attack_optimum
from reference_attacks import requirements_obeyed as attack_obeyed
from reference_attacks import restrictions_ok as attack_ok

# How the proposal is picked: any declaration; a legal one; or one that pays for a creature and obeys as many
# requirements as a declaration paying nothing could (legal if nobody were held to what they pay for: the cases
# where paying must not excuse a missed requirement, docs/format.md#costs).
PICKS = st.sampled_from(["any", "legal", "paying"])


@st.composite
def costly_boards(draw: st.DrawFn) -> dict[str, Any]:
    """A block board where some creature's block costs {1} and some attacker carries a requirement: where a paid
    creature may be held to what it can then obey."""
    board = draw(boards())
    perms = board["permanents"]
    blockers = [p for p in perms if p["id"].startswith("b")]
    attackers = [p for p in perms if p["id"].startswith("a")]
    draw(st.sampled_from(blockers))["abilities"].append({"block_cost": "{1}"})
    requirement = draw(st.sampled_from(["all_able_must_block_it", "must_be_blocked_if_able"]))
    draw(st.sampled_from(attackers))["abilities"].append(requirement)
    return board


@st.composite
def costly_attack_boards(draw: st.DrawFn) -> dict[str, Any]:
    """An attack board with an attack cost (a creature's own, or a tax on an opponent) and a creature that must
    attack."""
    board = draw(attack_boards())
    creatures = [p for p in board["permanents"] if p["id"].startswith("c")]
    if draw(st.booleans()):
        draw(st.sampled_from(creatures))["abilities"].append({"attack_cost": "{1}"})
    else:
        opponents = [p if isinstance(p, str) else p["id"] for p in board["players"]]
        opponents = [p for p in opponents if p not in ("ana", "amy")]
        board["effects"].append({"attack_cost": "{2}", "defender": draw(st.sampled_from(opponents))})
    draw(st.sampled_from(creatures))["abilities"].append("attacks_each_combat_if_able")
    return board


@settings(max_examples=500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(board=boards(), pick=st.integers(0, 10**9), how=PICKS)
def test_cpsat_agrees_with_brute_force(board: dict[str, Any], pick: int, how: str) -> None:
    _agree_on_blocks(board, pick, how)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(board=costly_boards(), pick=st.integers(0, 10**9))
def test_cpsat_agrees_with_brute_force_when_a_blocker_is_paid_for(board: dict[str, Any], pick: int) -> None:
    _agree_on_blocks(board, pick, "paying")


def _agree_on_blocks(board: dict[str, Any], pick: int, how: str) -> None:
    snapshot = snapshot_from_data(board)
    ref = RefBoard.of(snapshot)
    optima: dict[frozenset[object], int] = {}

    def optimum_paying(paid: frozenset[object]) -> int:
        """The optimum depends on the proposal only through the creatures it pays for (509.1c)."""
        if paid not in optima:
            optima[paid] = reference_optimum(ref, paid)
        return optima[paid]

    declarations = declarations_all = list(all_declarations(ref))
    if how == "legal":
        legal = [
            d
            for d in declarations
            if restrictions_ok(ref, d) and requirements_obeyed(ref, d) >= optimum_paying(paid_blockers(ref, d))
        ]
        declarations = legal or declarations
    elif how == "paying":
        paying = [
            d
            for d in declarations
            if paid_blockers(ref, d)
            and restrictions_ok(ref, d)
            and requirements_obeyed(ref, d) >= optimum_paying(frozenset())
        ]
        declarations = paying or declarations
    proposal = sorted(declarations[pick % len(declarations)])
    paid = paid_blockers(ref, frozenset(proposal))
    optimum = optimum_paying(paid)
    blocks: dict[str, list[str]] = {}
    for blocker, attacker in proposal:
        blocks.setdefault(blocker, []).append(attacker)
    snapshot = snapshot_from_data({**board, "declaration": {"blocks": blocks}})

    report = check(snapshot)
    expected_legal = (
        restrictions_ok(ref, frozenset(proposal)) and requirements_obeyed(ref, frozenset(proposal)) >= optimum
    )
    assert report.verdict == ("legal" if expected_legal else "illegal"), report.model_dump_json(indent=1)
    assert report.requirements_obeyed == requirements_obeyed(ref, frozenset(proposal))
    if report.requirements_optimum is not None:
        assert report.requirements_optimum == optimum
    if report.verdict == "illegal":
        assert report.violations, "an illegal verdict always names a reason"
        assert report.witness is not None
        witness = frozenset(report.witness.block_pairs())
        assert restrictions_ok(ref, witness)
        assert paid_blockers(ref, witness) <= paid, "the witness pays only what the proposal pays"
        assert requirements_obeyed(ref, witness) == optimum
        nearest = min(
            len(d ^ frozenset(proposal))
            for d in declarations_all
            if restrictions_ok(ref, d) and paid_blockers(ref, d) <= paid and requirements_obeyed(ref, d) == optimum
        )
        assert len(witness ^ frozenset(proposal)) == nearest, "the witness is an optimum nearest to the proposal"

    solved = solve(snapshot)
    assert solved.witness is not None
    found = frozenset(solved.witness.block_pairs())
    assert restrictions_ok(ref, found) and paid_blockers(ref, found) <= paid
    assert requirements_obeyed(ref, found) == optimum


@settings(max_examples=500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(board=attack_boards(), pick=st.integers(0, 10**9), how=PICKS)
def test_cpsat_agrees_with_brute_force_on_attacks(board: dict[str, Any], pick: int, how: str) -> None:
    _agree_on_attacks(board, pick, how)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(board=costly_attack_boards(), pick=st.integers(0, 10**9))
def test_cpsat_agrees_with_brute_force_when_an_attack_is_paid_for(board: dict[str, Any], pick: int) -> None:
    _agree_on_attacks(board, pick, "paying")


def _agree_on_attacks(board: dict[str, Any], pick: int, how: str) -> None:
    snapshot = snapshot_from_data(board)
    ref = AttackBoard.of(snapshot)
    optima: dict[frozenset[tuple[str, ...]], int] = {}

    def optimum_paying(paid: frozenset[tuple[str, ...]]) -> int:
        """The optimum depends on the proposal only through the costs it pays (508.1d)."""
        if paid not in optima:
            optima[paid] = attack_optimum(ref, paid)
        return optima[paid]

    attacks = attacks_all = list(all_attacks(ref))
    if how == "legal":
        legal = [
            a for a in attacks if attack_ok(ref, a) and attack_obeyed(ref, a) >= optimum_paying(paid_costs(ref, a))
        ]
        attacks = legal or attacks
    elif how == "paying":
        paying = [
            a
            for a in attacks
            if paid_costs(ref, a) and attack_ok(ref, a) and attack_obeyed(ref, a) >= optimum_paying(frozenset())
        ]
        attacks = paying or attacks
    proposal = attacks[pick % len(attacks)]
    paid = paid_costs(ref, proposal)
    optimum = optimum_paying(paid)
    snapshot = snapshot_from_data({**board, "declaration": {"attacks": dict(proposal)}})

    report = check(snapshot)
    expected_legal = attack_ok(ref, proposal) and attack_obeyed(ref, proposal) >= optimum
    assert report.verdict == ("legal" if expected_legal else "illegal"), report.model_dump_json(indent=1)
    assert report.requirements_obeyed == attack_obeyed(ref, proposal)
    if report.requirements_optimum is not None:
        assert report.requirements_optimum == optimum
    if report.verdict == "illegal":
        assert report.violations and report.witness is not None
        witness = frozenset(report.witness.attack_pairs())
        assert attack_ok(ref, witness) and paid_costs(ref, witness) <= paid
        assert attack_obeyed(ref, witness) == optimum
        nearest = min(
            len(a ^ proposal)
            for a in attacks_all
            if attack_ok(ref, a) and paid_costs(ref, a) <= paid and attack_obeyed(ref, a) == optimum
        )
        assert len(witness ^ proposal) == nearest, "the witness is an optimum nearest to the proposal"

    solved = solve(snapshot)
    assert solved.witness is not None
    found = frozenset(solved.witness.attack_pairs())
    assert attack_ok(ref, found) and paid_costs(ref, found) <= paid
    assert attack_obeyed(ref, found) == optimum
