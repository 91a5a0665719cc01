"""The decision procedure: fast path, bounded answers under a time limit, witness choice, API details."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import combatcheck.solver.decide as decide
import combatcheck.solver.small_search as small_search
import pytest
from combatcheck.cli import app
from combatcheck.models import Snapshot, load_snapshot
from combatcheck.solver import LANGUAGES, check, report_lines, solve
from combatcheck.solver.ir import Pair
from combatcheck.solver.optimum import Optimum
from helpers import attacker, blocker, board
from typer.testing import CliRunner

EXAMPLES = Path(__file__).parent.parent / "examples"


def test_fast_path_does_not_import_ortools() -> None:
    code = (
        "import sys; from combatcheck.models import load_snapshot; from combatcheck.solver import check;"
        f"r = check(load_snapshot(open({str(EXAMPLES / 'cr-509.1c-menace-both-block.yaml')!r}).read()));"
        "print(r.verdict, r.solver.status, 'ortools' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split()
    assert out == ["legal", "fast-path", "False"]


def test_missed_requirement_runs_cp_sat_beyond_the_small_search(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(small_search, "MAX_PAIRS", 0)  # as on a board too large for it
    report = check(load_snapshot((EXAMPLES / "cr-509.1c-menace.yaml").read_text()))
    assert report.solver.used_cpsat and report.solver.status == "optimal"


def test_missed_requirement_on_a_small_board_is_proven_by_the_small_search() -> None:
    """The same board within solver/small_search.py's limits: the optimum proven exactly, CP-SAT not run."""
    report = check(load_snapshot((EXAMPLES / "cr-509.1c-menace.yaml").read_text()))
    assert not report.solver.used_cpsat and report.solver.status == "optimal"
    assert report.verdict == "illegal" and report.witness is not None


def _lure_board() -> object:
    return board(attacker("lure", "all_able_must_block_it"), blocker("b1"), blocker("b2"), blocks={"b1": "lure"})


def _search_answers(monkeypatch: pytest.MonkeyPatch, found: Optimum) -> None:
    """CP-SAT answers `found` (as when stopped by a time limit), and the search-free shortcut finds nothing."""
    monkeypatch.setattr(decide, "nearest_optimum", lambda *a, **k: None)
    monkeypatch.setattr(decide, "optimise", lambda *a, **k: found)


def test_time_limit_without_proof_is_unknown(monkeypatch: pytest.MonkeyPatch) -> None:
    # The solver found a declaration as good as the proposal but could not prove that none is better.
    found = Optimum("feasible", best=1, bound=2, pairs=frozenset({Pair("b1", "lure")}))
    _search_answers(monkeypatch, found)
    report = check(_lure_board())  # type: ignore[arg-type]
    assert report.verdict == "unknown"
    assert report.requirements_optimum is None


def test_time_limit_with_a_better_declaration_is_illegal(monkeypatch: pytest.MonkeyPatch) -> None:
    found = Optimum("feasible", best=2, bound=2, pairs=frozenset({Pair("b1", "lure"), Pair("b2", "lure")}))
    _search_answers(monkeypatch, found)
    report = check(_lure_board())  # type: ignore[arg-type]
    assert report.verdict == "illegal"
    assert report.witness is not None and report.witness.blocks == {"b1": ("lure",), "b2": ("lure",)}


def test_time_limit_with_a_matching_bound_is_legal(monkeypatch: pytest.MonkeyPatch) -> None:
    found = Optimum("feasible", best=1, bound=1, pairs=frozenset({Pair("b1", "lure")}))
    _search_answers(monkeypatch, found)
    assert check(_lure_board()).verdict == "legal"  # type: ignore[arg-type]


def test_cli_exit_3_when_unknown(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    found = Optimum("unknown", best=None, bound=None, pairs=None)
    _search_answers(monkeypatch, found)
    result = CliRunner().invoke(app, ["check", str(EXAMPLES / "cr-509.1c-menace.yaml"), "--time-limit", "0.01"])
    assert result.exit_code == 3
    assert "UNKNOWN" in result.stdout


def test_witness_is_the_nearest_legal_declaration() -> None:
    # Three Lure requirements; the proposal blocks with two of three creatures and one extra block elsewhere
    # is not needed: the witness keeps the proposal's blocks and adds only the missing one.
    snapshot = board(
        attacker("lure", "all_able_must_block_it"),
        attacker("x"),
        blocker("b1"),
        blocker("b2"),
        blocker("b3"),
        blocks={"b1": "lure", "b2": "lure"},
    )
    report = check(snapshot)
    assert report.verdict == "illegal"
    assert report.witness is not None
    assert report.witness.blocks == {"b1": ("lure",), "b2": ("lure",), "b3": ("lure",)}
    assert [m.objects for m in report.missed_requirements] == [["b3", "lure"]]


def test_solve_without_requirements_declares_nothing() -> None:
    report = solve(board(attacker("a"), blocker("b")))
    assert report.verdict == "legal"
    assert report.witness is not None and report.witness.blocks == {}


def test_outcome_of_a_legal_block() -> None:
    snapshot = board(
        attacker("a1"),
        attacker("a2"),
        blocker("b", {"block_cost": "{1}{W}"}),
        blocker("c", {"block_cost": "{2}"}),
        blocks={"b": "a1", "c": "a1"},
    )
    report = check(snapshot)
    assert report.outcome is not None
    assert report.outcome.blocked == {"a1": ["b", "c"]}
    assert report.outcome.unblocked == ["a2"]
    assert report.outcome.total_cost == "{3}{W}"


def test_band_blocked_together_in_the_outcome() -> None:
    snapshot = board(
        attacker("flyer", "flying", "banding"),
        attacker("walker", {"landwalk": "swamp"}),
        blocker("hawk", "flying"),
        {"id": "swamp", "controller": "ben", "types": ["land"], "subtypes": ["swamp"]},
        blocks={"hawk": "flyer"},
        bands=[["flyer", "walker"]],
    )
    report = check(snapshot)
    assert report.verdict == "legal"
    assert report.outcome is not None and report.outcome.blocked == {"flyer": ["hawk"], "walker": ["hawk"]}


def test_blocking_one_band_member_obeys_a_lure_on_another() -> None:
    """702.22h: blocking one member of a band blocks the whole band, so the lured member is blocked too."""
    snapshot = board(
        attacker("lured", "all_able_must_block_it", "flying", "banding"),
        attacker("bear"),
        blocker("wall"),
        blocks={"wall": "bear"},
        bands=[["lured", "bear"]],
    )
    report = check(snapshot)
    assert report.verdict == "legal"
    assert report.requirements_obeyed == 1


def test_without_the_band_the_lure_is_missed() -> None:
    snapshot = board(
        attacker("lured", "all_able_must_block_it", "banding"),
        attacker("bear"),
        blocker("wall"),
        blocks={"wall": "bear"},
    )
    assert check(snapshot).verdict == "illegal"


def _behemoth(blocks: dict[str, str] | None) -> Snapshot:
    """Qal Sisma Behemoth (block cost {2}) against Roar of Challenge's Runeclaw Bear and a Hill Giant."""
    return board(
        attacker("bear", "all_able_must_block_it"),
        attacker("giant"),
        blocker("behemoth", {"block_cost": "{2}"}),
        blocks=blocks,
    )


def test_a_paid_creature_is_held_and_the_witness_pays_only_what_the_proposal_pays() -> None:
    snapshot = _behemoth({"behemoth": "giant"})
    report = check(snapshot)
    assert report.verdict == "illegal"
    assert (report.requirements_obeyed, report.requirements_optimum) == (0, 1)
    assert [m.key for m in report.missed_requirements] == ["all_able_must_block_it"]
    assert report.witness is not None and report.witness.blocks == {"behemoth": ("bear",)}
    assert report.witness_outcome is not None and report.witness_outcome.total_cost == "{2}"
    assert report.outcome is None
    lines = {lang: report_lines(check(snapshot, lang=lang), snapshot) for lang in LANGUAGES}
    assert "  Cost to pay: {2}" in lines["en"]
    assert lines["en"][-1].startswith("Creatures the proposal pays for are held") and "behemoth" in lines["en"][-1]
    assert lines["fr"][-1].startswith("Les créatures pour lesquelles la proposition paie")
    assert lines["es"][-1].startswith("Las criaturas por las que paga la propuesta")


def test_an_unpaid_witness_prints_no_cost() -> None:
    snapshot = board(attacker("a"), blocker("b", "blocks_each_combat_if_able"), blocks={})
    report = check(snapshot)
    assert report.verdict == "illegal" and report.witness_outcome is not None
    assert report.witness_outcome.total_cost is None
    assert not any("held" in line or "Cost" in line for line in report_lines(report, snapshot))


def test_not_paying_at_all_is_legal_on_the_fast_path() -> None:
    report = check(_behemoth({}))
    assert report.verdict == "legal" and report.requirements_optimum == 0
    assert not report.solver.used_cpsat


def test_paying_and_obeying_is_legal_with_the_optimum_it_unlocks() -> None:
    report = check(_behemoth({"behemoth": "bear"}))
    assert report.verdict == "legal" and report.requirements_optimum == 1
    assert report.outcome is not None and report.outcome.total_cost == "{2}"


def test_solve_pays_no_more_than_the_snapshots_declaration() -> None:
    free = solve(_behemoth(None))
    assert free.witness is not None and free.witness.blocks == {}
    paid = solve(_behemoth({"behemoth": "giant"}))
    assert paid.verdict == "legal" and paid.witness is not None and paid.witness.blocks == {"behemoth": ("bear",)}
    assert paid.outcome is not None and paid.outcome.total_cost == "{2}"
