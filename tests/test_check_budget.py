"""The bounds of a check (solver/budget.py): the time limit covers the whole check and never yields a wrong verdict;
boards beyond the size limits are refused with a message. Behaviour only; speed is measured in bench/."""

from __future__ import annotations

import itertools
import json
import time
from pathlib import Path
from typing import Any

import combatcheck.solver.budget as budget
import pytest
from combatcheck.batch import check_record
from combatcheck.cli import app
from combatcheck.models import snapshot_from_data
from combatcheck.solver import check, solve
from combatcheck.solver.budget import BoardTooLarge
from helpers import FakeClock, attack_board, attacker, blocker, board, creature, menace_lure_board
from typer.testing import CliRunner

EXAMPLES = Path(__file__).parent.parent / "examples"


DECLARATIONS: list[dict[str, Any]] = [
    {},  # misses requirements: illegal
    {"sentry": "lured", "bear": "lured", "wall": "lured"},  # legal
    {"sentry": "brute"},  # menace broken: illegal
    {"wall": "lured"},  # can't block alone: illegal, and requirements missed
]


@pytest.mark.parametrize("blocks", DECLARATIONS)
def test_a_deadline_already_past_gives_unknown(blocks: dict[str, Any]) -> None:
    snapshot = menace_lure_board(blocks)
    assert check(snapshot, time_limit=0).verdict == "unknown"
    assert solve(snapshot, time_limit=0).verdict == "unknown"
    fast = board(attacker("a"), blocker("b"), blocks={"b": "a"})
    assert check(fast).verdict == "legal" and check(fast, time_limit=0).verdict == "unknown"


def test_the_time_limit_reached_exits_3_in_the_cli(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(time, "perf_counter", FakeClock())
    result = CliRunner().invoke(app, ["check", str(EXAMPLES / "cr-509.1c-menace.yaml"), "--time-limit", "0.5"])
    assert result.exit_code == 3 and "UNKNOWN" in result.stdout


@pytest.mark.parametrize("blocks", DECLARATIONS)
def test_the_deadline_anywhere_in_the_check_gives_unknown_or_the_right_verdict(
    blocks: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every loop of the check reads the clock (compiling, evaluating, the upper bound, building the model, the
    search, the witness): stopping at each read in turn never changes a verdict, it only makes it unknown."""
    snapshot = menace_lure_board(blocks)
    truth = check(snapshot)
    monkeypatch.setattr(budget, "STEPS_BETWEEN_CLOCK_READS", 1)
    clock = FakeClock()
    monkeypatch.setattr(time, "perf_counter", clock)
    verdicts = []
    for k in itertools.count(1):
        clock.now = 0.0
        report = check(snapshot, time_limit=k)
        assert report.verdict in (truth.verdict, "unknown"), (k, report)
        if report.verdict == "illegal":
            assert report.violations, "an illegal verdict always names a reason"
        verdicts.append(report.verdict)
        if report.verdict == truth.verdict and report.witness == truth.witness:
            break
        assert k < 10_000, "the check never finished"
    assert verdicts[0] == "unknown" and len(verdicts) > 5, "the clock is read all along the check"


def test_the_search_gets_only_the_time_left(monkeypatch: pytest.MonkeyPatch) -> None:
    import combatcheck.solver.decide as decide
    import combatcheck.solver.optimum as optimum
    import combatcheck.solver.small_search as small_search

    monkeypatch.setattr(decide, "nearest_optimum", lambda *a, **k: None)  # CP-SAT, not the shortcut, decides
    monkeypatch.setattr(small_search, "MAX_PAIRS", 0)  # nor the small search

    seen: list[float | None] = []
    original = optimum.tune  # every solve's parameters, the time limit among them

    def spy(parameters: Any, time_limit: float | None, workers: int = 1, variables: int | None = None) -> None:
        seen.append(time_limit)
        original(parameters, time_limit, workers, variables)

    monkeypatch.setattr(optimum, "tune", spy)
    check(menace_lure_board({}), time_limit=30)
    assert len(seen) == 1 and seen[0] is not None and 0 < seen[0] < 30


def _blockers_board(attackers: int, blockers: int) -> dict[str, Any]:
    permanents = [
        {"id": f"a{i}", "controller": "ana", "power": 1, "toughness": 1, "attacking": "ben"} for i in range(attackers)
    ]
    permanents += [{"id": f"b{i}", "controller": "ben", "power": 1, "toughness": 1} for i in range(blockers)]
    return {"step": "declare_blockers", "active_player": "ana", "players": ["ana", "ben"], "permanents": permanents}


def test_a_board_beyond_the_pair_limit_is_refused_with_the_reason() -> None:
    snapshot = snapshot_from_data(_blockers_board(1001, 1000))
    with pytest.raises(BoardTooLarge) as refused:
        check(snapshot)
    message = str(refused.value)
    assert "too large" in message and "1,000 potential blockers and 1,001 attackers" in message
    assert "1,001,000 possible blocks" in message and "1,000,000" in message
    with pytest.raises(BoardTooLarge):
        solve(snapshot)


def test_an_attack_beyond_the_pair_limit_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(budget, "MAX_PAIRS", 5)
    snapshot = attack_board(creature("c1"), creature("c2"), creature("c3"), players=["ana", "ben", "cai"])
    with pytest.raises(BoardTooLarge, match="3 creatures and 2 attack targets make 6 possible attacks"):
        check(snapshot)


def test_the_pair_limit_is_inclusive(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(budget, "MAX_PAIRS", 6)
    snapshot = attack_board(creature("c1"), creature("c2"), creature("c3"), players=["ana", "ben", "cai"])
    assert check(snapshot).verdict == "legal"


def test_rules_that_compile_beyond_the_atom_limit_are_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    snapshot = menace_lure_board({})
    monkeypatch.setattr(budget, "MAX_ATOMS", 5)
    with pytest.raises(BoardTooLarge, match="compile to more than 5 conditions"):
        check(snapshot)


def test_an_oversize_board_exits_2_in_the_cli_and_is_invalid_in_a_batch(tmp_path: Path) -> None:
    data = _blockers_board(1001, 1000)
    path = tmp_path / "huge.json"
    path.write_text(json.dumps(data))
    result = CliRunner().invoke(app, ["check", str(path)])
    assert result.exit_code == 2
    assert "error: permanents: the board is too large to check" in result.stderr
    assert "Traceback" not in result.output
    record = check_record(1, json.dumps({"id": "huge", **data}) + "\n")
    assert record["verdict"] == "invalid"
    assert record["errors"][0]["path"] == "permanents" and "too large" in record["errors"][0]["message"]


def test_an_oversize_board_is_a_clear_error_from_the_desk(monkeypatch: pytest.MonkeyPatch) -> None:
    from combatcheck.desk.app import create_app
    from fastapi.testclient import TestClient

    monkeypatch.setattr(budget, "MAX_PAIRS", 5)
    client = TestClient(create_app(), base_url="http://127.0.0.1", raise_server_exceptions=False)
    body = json.dumps(_blockers_board(3, 2))
    for path in ("/api/check", "/api/solve", "/api/count"):
        response = client.post(path, content=body, headers={"Content-Type": "application/json"})
        assert response.status_code == 422, (path, response.text)
        assert response.json()["error"] == "the board is too large to check"
        assert "6 possible blocks" in response.json()["problems"][0]["message"]


def test_every_command_that_checks_refuses_an_oversize_board_with_exit_2(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The question commands (count, can-block, ...) reach the check through the desk's code: the console script's
    entry point turns the refusal into the same message and exit code."""
    import sys

    from combatcheck.cli import main

    monkeypatch.setattr(budget, "MAX_PAIRS", 5)
    path = tmp_path / "big.json"
    path.write_text(json.dumps(_blockers_board(3, 2)))
    for command in (["count", str(path)], ["can-block", str(path), "b0", "a0"], ["forced", str(path)]):
        monkeypatch.setattr(sys, "argv", ["combatcheck", *command])
        with pytest.raises(SystemExit) as exited:
            main()
        assert exited.value.code == 2, command
        assert "error: permanents: the board is too large to check" in capsys.readouterr().err
