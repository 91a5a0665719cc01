"""The exact search of small models (solver/small_search.py) against brute force: on random compilations of every
count shape (guards, "at least", "at most", atoms of pairs, acting and receiving), and on random block and attack
boards against the independent references of tests/reference.py and tests/reference_attacks.py.

Each case asks the search directly (not through `check`, where CP-SAT would cover a wrong answer's absence), and
requires it to answer on these small boards: the optimum, a declaration breaking no restriction that reaches it,
and no optimum nearer to the proposal."""

from __future__ import annotations

import itertools
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from boards import attack_boards, boards
from combatcheck.models import snapshot_from_data
from combatcheck.solver import check, optimum, small_search
from combatcheck.solver.budget import Budget
from combatcheck.solver.decide import compile_snapshot, proposal_pairs
from combatcheck.solver.ir import (
    Acts,
    Atom,
    Compilation,
    Count,
    Pair,
    Reason,
    Receives,
    Requirement,
    Restriction,
    Truth,
)
from combatcheck.solver.optimum import worth_declaring
from combatcheck.solver.shortcut import requirement_bound
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from reference import RefBoard, all_declarations, paid_blockers, reference_optimum, requirements_obeyed, restrictions_ok
from reference_attacks import AttackBoard, all_attacks, paid_costs
from reference_attacks import reference_optimum as attack_optimum
from reference_attacks import requirements_obeyed as attack_obeyed
from reference_attacks import restrictions_ok as attack_ok

REASON = Reason("test", "0", "test")


@pytest.fixture(autouse=True)
def no_node_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    """The node limit only hands hard models to CP-SAT; here every model must be answered by the search itself."""
    monkeypatch.setattr(small_search, "MAX_NODES", 10**6)


# -- random compilations -------------------------------------------------------------------------------------------
@st.composite
def compilations(draw: st.DrawFn) -> tuple[Compilation, list[Pair], frozenset[Pair], bool]:
    """Up to 4 actors and 3 targets, up to 9 pairs, counts of random atoms (some about one actor, as most rules
    are), a random proposal; and whether to cap the search with the true optimum."""
    actors = [f"c{i}" for i in range(draw(st.integers(1, 4)))]
    targets = [f"t{i}" for i in range(draw(st.integers(1, 3)))]
    every = [Pair(a, t) for a in actors for t in targets]
    pairs = draw(st.lists(st.sampled_from(every), unique=True, max_size=9))
    # atoms may name pairs outside the model (always false) and actors or targets without pairs
    atoms: list[Atom] = [*every, *(Acts(a) for a in actors), *(Receives(t) for t in targets)]

    def count() -> Count:
        if draw(st.booleans()):  # about one actor: its pairs and its acting
            actor = draw(st.sampled_from(actors))
            mine: list[Atom] = [*(p for p in every if p.actor == actor), Acts(actor)]
            chosen = draw(st.lists(st.sampled_from(mine), min_size=1, max_size=4))
        else:
            chosen = draw(st.lists(st.sampled_from(atoms), min_size=1, max_size=5))
        low = draw(st.one_of(st.none(), st.integers(0, 3)))
        high = draw(st.one_of(st.none(), st.integers(0, 3)))
        guard = draw(st.one_of(st.none(), st.sampled_from(atoms)))
        return Count(tuple(chosen), low, high, guard)

    restrictions = [Restriction(count(), REASON) for _ in range(draw(st.integers(0, 4)))]
    if draw(st.booleans()):  # one pair per actor, as 509.1a and 508.1a say
        for actor in actors:
            restrictions.append(Restriction(Count(tuple(p for p in every if p.actor == actor), at_most=1), REASON))
    requirements = [Requirement(count(), REASON) for _ in range(draw(st.integers(0, 6)))]
    proposal = frozenset(draw(st.lists(st.sampled_from(every), unique=True, max_size=4)))
    compilation = Compilation(candidate_pairs=every, restrictions=restrictions, requirements=requirements)
    return compilation, pairs, proposal, draw(st.booleans())


def brute_force(compilation: Compilation, pairs: list[Pair], proposal: frozenset[Pair]) -> tuple[int, int] | None:
    """(optimum, fewest changes from the proposal to an optimum) over every subset of `pairs`; None: no subset
    obeys the restrictions."""
    best: tuple[int, int] | None = None
    for size in range(len(pairs) + 1):
        for chosen in itertools.combinations(pairs, size):
            truth = Truth(frozenset(chosen))
            if not all(r.condition.holds(truth) for r in compilation.restrictions):
                continue
            obeyed = sum(1 for r in compilation.requirements if r.condition.holds(truth))
            distance = len(frozenset(chosen) ^ proposal)
            if best is None or (obeyed, -distance) > (best[0], -best[1]):
                best = (obeyed, distance)
    return best


def _agrees_with_brute_force(
    compilation: Compilation, pairs: list[Pair], proposal: frozenset[Pair], upper: int | None
) -> None:
    expected = brute_force(compilation, pairs, proposal)
    found = small_search.small_optimum(compilation, proposal, pairs, upper, Budget())
    if expected is None:
        assert found is None, "no declaration obeys the restrictions: CP-SAT is left to say so"
        return
    assert found is not None
    truth = Truth(found.pairs)
    assert found.pairs <= set(pairs)
    assert all(r.condition.holds(truth) for r in compilation.restrictions)
    assert sum(1 for r in compilation.requirements if r.condition.holds(truth)) == found.obeyed == expected[0]
    assert len(found.pairs ^ proposal) == expected[1], "the search's declaration is an optimum nearest the proposal"


@settings(max_examples=800, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(case=compilations())
def test_the_search_finds_the_nearest_optimum_of_any_small_model(
    case: tuple[Compilation, list[Pair], frozenset[Pair], bool],
) -> None:
    compilation, pairs, proposal, capped = case
    expected = brute_force(compilation, pairs, proposal)
    _agrees_with_brute_force(compilation, pairs, proposal, expected[0] if capped and expected is not None else None)


def _own_pairs_at_most_one_in_all() -> tuple[Compilation, list[Pair], frozenset[Pair], int | None]:
    """Four actors, each required to declare its own pair, at most one of the four pairs in all; the proposal
    declares the second. Capped at the optimum (1), the first descent reaches it two changes away; the bound
    below "the first declares nothing" is 3 uncapped, so the actors after it need not take their best: the nearest
    optimum is the proposal itself."""
    pairs = [Pair("c0", "t0"), Pair("c1", "t0"), Pair("c2", "t1"), Pair("c3", "t1")]
    restrictions = [Restriction(Count(tuple(pairs), at_most=1), REASON)]
    requirements = [Requirement(Count((p,), at_least=1), REASON) for p in pairs]
    compilation = Compilation(candidate_pairs=pairs, restrictions=restrictions, requirements=requirements)
    return compilation, pairs, frozenset({pairs[1]}), 1


def _an_atom_named_twice() -> tuple[Compilation, list[Pair], frozenset[Pair], int | None]:
    """ "At most one" of a pair named twice: that pair can never be declared (the count would be 2)."""
    pair = Pair("c0", "t0")
    restrictions = [Restriction(Count((pair, pair), at_most=1), REASON)]
    return Compilation(candidate_pairs=[pair], restrictions=restrictions), [pair], frozenset({pair}), None


@pytest.mark.parametrize("made", [_own_pairs_at_most_one_in_all, _an_atom_named_twice])
def test_the_search_on_hand_made_models(
    made: Callable[[], tuple[Compilation, list[Pair], frozenset[Pair], int | None]],
) -> None:
    """Cases random models reach rarely: a cap below the uncapped bound, where only a tie on every bound term
    forces each actor to its best; a restriction that names a pair twice."""
    _agrees_with_brute_force(*made())


# -- the references ------------------------------------------------------------------------------------------------
def _searched(snapshot_data: dict[str, Any]) -> tuple[frozenset[Pair], small_search.SmallOptimum]:
    """The search on a board's compilation, as `check` asks it (the pairs worth declaring, the shortcut's bound)."""
    snapshot = snapshot_from_data(snapshot_data)
    proposal = proposal_pairs(snapshot)
    _, compilation = compile_snapshot(snapshot, proposal)
    available = compilation.available_pairs(proposal)
    wanted = worth_declaring(compilation, available, proposal, Budget())
    upper = requirement_bound(compilation, available).upper
    found = small_search.small_optimum(compilation, proposal, wanted, upper, Budget())
    assert found is not None, "a small board is answered by the search"
    return proposal, found


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(board=boards(), pick=st.integers(0, 10**9))
def test_the_search_agrees_with_the_block_reference(board: dict[str, Any], pick: int) -> None:
    ref = RefBoard.of(snapshot_from_data(board))
    declarations = sorted(all_declarations(ref), key=sorted)
    proposal = declarations[pick % len(declarations)]
    blocks: dict[str, list[str]] = {}
    for blocker, attacker in sorted(proposal):
        blocks.setdefault(blocker, []).append(attacker)
    data = {**board, "declaration": {"blocks": blocks}}
    _, found = _searched(data)
    paid = paid_blockers(ref, proposal)
    optimum = reference_optimum(ref, paid)
    witness = frozenset((p.actor, p.target) for p in found.pairs)
    assert found.obeyed == optimum
    assert restrictions_ok(ref, witness) and paid_blockers(ref, witness) <= paid
    assert requirements_obeyed(ref, witness) == optimum
    nearest = min(
        len(d ^ proposal)
        for d in declarations
        if restrictions_ok(ref, d) and paid_blockers(ref, d) <= paid and requirements_obeyed(ref, d) == optimum
    )
    assert len(witness ^ proposal) == nearest


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(board=attack_boards(), pick=st.integers(0, 10**9))
def test_the_search_agrees_with_the_attack_reference(board: dict[str, Any], pick: int) -> None:
    ref = AttackBoard.of(snapshot_from_data(board))
    attacks = list(all_attacks(ref))
    proposal = attacks[pick % len(attacks)]
    _, found = _searched({**board, "declaration": {"attacks": dict(proposal)}})
    paid = paid_costs(ref, proposal)
    optimum = attack_optimum(ref, paid)
    witness = frozenset((p.actor, p.target) for p in found.pairs)
    assert found.obeyed == optimum
    assert attack_ok(ref, witness) and paid_costs(ref, witness) <= paid
    assert attack_obeyed(ref, witness) == optimum
    nearest = min(
        len(a ^ proposal)
        for a in attacks
        if attack_ok(ref, a) and paid_costs(ref, a) <= paid and attack_obeyed(ref, a) == optimum
    )
    assert len(witness ^ proposal) == nearest


def test_check_reports_an_optimum_the_search_proves_without_cp_sat(monkeypatch: pytest.MonkeyPatch) -> None:
    """Both blockers must block the Lure and the other attacker must be blocked: one requirement is lost whatever
    is declared, so the shortcut's proof does not apply (a "costly" bound) and the search gives the optimum."""
    answers: list[small_search.SmallOptimum | None] = []
    search = small_search.small_optimum

    def spy(*args: Any) -> small_search.SmallOptimum | None:
        answers.append(search(*args))
        return answers[-1]

    monkeypatch.setattr(optimum, "small_optimum", spy)
    creature = {"controller": "ana", "power": 2, "toughness": 2, "attacking": "ben"}
    lure = {**creature, "id": "lure", "abilities": ["all_able_must_block_it"]}
    bear = {**creature, "id": "bear", "abilities": ["must_be_blocked_if_able"]}
    blockers = [{"id": name, "controller": "ben", "power": 1, "toughness": 1} for name in ("sentry", "wall")]
    data = {
        "step": "declare_blockers",
        "active_player": "ana",
        "players": ["ana", "ben"],
        "permanents": [lure, bear, *blockers],
        "declaration": {"blocks": {}},
    }
    report = check(snapshot_from_data(data))
    assert len(answers) == 1 and answers[0] is not None and answers[0].obeyed == 2
    assert report.verdict == "illegal" and report.requirements_optimum == 2
    assert report.solver.status == "optimal" and not report.solver.used_cpsat
    assert report.witness is not None and len(report.witness.block_pairs()) == 2


def test_an_actor_with_too_many_choices_is_left_to_cp_sat_before_they_are_listed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A blocker that can block any number of 20 attackers, all proposed, has 2^21 choices: counted, never listed
    (listing them took seconds and hundreds of MB before CP-SAT answered in a tenth of a second)."""
    listed = 0

    def counting(items: Any, size: int) -> Any:
        nonlocal listed
        for subset in itertools.combinations(items, size):
            listed += 1
            assert listed <= small_search.MAX_CHOICES * 20, "choices listed past MAX_CHOICES"
            yield subset

    monkeypatch.setattr(small_search, "itertools", type("Counted", (), {"combinations": staticmethod(counting)}))
    creature = {"controller": "ana", "power": 2, "toughness": 2, "attacking": "ben"}
    attackers = [{**creature, "id": f"a{n}"} for n in range(20)]
    lure = {**creature, "id": "lure", "abilities": ["all_able_must_block_it"]}
    hydra = {"id": "hydra", "controller": "ben", "power": 1, "toughness": 9, "abilities": ["can_block_any_number"]}
    wall = {"id": "wall", "controller": "ben", "power": 0, "toughness": 4}
    data = {
        "step": "declare_blockers",
        "active_player": "ana",
        "players": ["ana", "ben"],
        "permanents": [lure, *attackers, hydra, wall],
        "declaration": {"blocks": {"hydra": [a["id"] for a in attackers], "wall": "a0"}},
    }
    report = check(snapshot_from_data(data))
    assert report.verdict == "illegal" and report.requirements_optimum == 2 and report.solver.used_cpsat


def test_a_check_the_small_search_answers_does_not_import_ortools() -> None:
    """ortools' import (about 0.35 s) is paid only when CP-SAT runs."""
    code = (
        "import sys; from pathlib import Path; from combatcheck.models import load_snapshot;"
        "from combatcheck.solver import check;"
        "report = check(load_snapshot(Path('examples/cr-509.1c-menace.yaml').read_text()));"
        "print(report.verdict, report.solver.status, report.solver.used_cpsat, 'ortools' in sys.modules)"
    )
    root = Path(__file__).parent.parent
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=root)
    assert done.stdout.split() == ["illegal", "optimal", "False", "False"]
