"""A snapshot with `events` is a combat timeline, followed by `combatcheck combat`. Every door that judges one
declaration refuses it, naming `events`, instead of judging "no declaration" and answering legal: the commands
(check, solve, can-block, can-attack, count, forced, render), the desk's API, a batch record and the library
(check, solve, judge and the questions; the combat timeline checks its declaration events itself)."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
import yaml
from combatcheck.batch import check_record
from combatcheck.cli import app
from combatcheck.combat import follow, judge
from combatcheck.desk.app import create_app
from combatcheck.models import Snapshot, SnapshotError, load_snapshot
from combatcheck.solver import can_attack, can_block, check, count_declarations, forced_choices, solve
from fastapi.testclient import TestClient
from typer.testing import CliRunner

TIMELINE = Path(__file__).parent.parent / "examples" / "combat" / "flash-foliage.yaml"
COMMANDS = [
    ["check"],
    ["solve"],
    ["count"],
    ["forced"],
    ["can-block", "bear", "warden"],
    ["can-attack", "warden", "ben"],
]


@pytest.mark.parametrize("command", COMMANDS, ids=[c[0] for c in COMMANDS])
def test_the_commands_refuse_a_timeline(command: list[str]) -> None:
    result = CliRunner().invoke(app, [command[0], str(TIMELINE), *command[1:]])
    assert result.exit_code == 2, result.output
    assert "events: a combat timeline" in result.stderr and "combatcheck combat" in result.stderr
    assert "Traceback" not in result.stderr and result.stdout == ""


def test_render_draws_a_timeline_as_a_timeline(tmp_path: Path) -> None:
    """`render` used to refuse a timeline; it now draws the combat as it unfolds (tests/test_render_timeline.py),
    never one declaration of it as if it were the whole snapshot."""
    picture = tmp_path / "combat.svg"
    result = CliRunner().invoke(app, ["render", str(TIMELINE), "--out", str(picture)])
    assert result.exit_code == 0, result.output
    assert "Combat timeline" in picture.read_text(encoding="utf-8")


def test_combat_still_follows_it() -> None:
    assert CliRunner().invoke(app, ["combat", str(TIMELINE)]).exit_code == 0


ENDPOINTS = [
    ("/api/check", {}),
    ("/api/solve", {}),
    ("/api/judge", {}),
    ("/api/count", {}),
    ("/api/forced", {}),
    ("/api/render", {}),
    ("/api/can-block", {"blocker": "bear", "attacker": "warden"}),
    ("/api/can-attack", {"creature": "warden", "target": "ben"}),
]


@pytest.mark.parametrize(("path", "params"), ENDPOINTS, ids=[e[0] for e in ENDPOINTS])
def test_the_api_refuses_a_timeline(path: str, params: dict[str, str]) -> None:
    client = TestClient(create_app(), base_url="http://127.0.0.1", raise_server_exceptions=False)
    response = client.post(path, content=TIMELINE.read_text(), params=params)
    assert response.status_code == 422
    body = response.json()
    assert body["error"] == "invalid snapshot"
    assert [p["path"] for p in body["problems"]] == ["events"]


def test_the_page_is_told_when_it_loads_a_timeline_and_can_still_save_it() -> None:
    client = TestClient(create_app(), base_url="http://127.0.0.1", raise_server_exceptions=False)
    parsed = client.post("/api/parse", content=TIMELINE.read_text()).json()
    assert [p["path"] for p in parsed["problems"]] == ["events"] and parsed["snapshot"]["events"]
    assert client.post("/api/export", content=TIMELINE.read_text(), params={"format": "json"}).status_code == 200


def test_a_batch_record_with_events_is_invalid_not_legal() -> None:
    record = yaml.safe_load(TIMELINE.read_text()) | {"id": "timeline"}
    result = check_record(1, json.dumps(record) + "\n")
    assert result["verdict"] == "invalid" and result["id"] == "timeline"
    assert [e["path"] for e in result["errors"]] == ["events"]


LIBRARY_DOORS: dict[str, Callable[[Snapshot], object]] = {
    "check": lambda s: check(s),
    "solve": lambda s: solve(s),
    "judge": lambda s: judge(s),
    "can_block": lambda s: can_block(s, "bear", "warden"),
    "can_attack": lambda s: can_attack(s, "warden", "ben"),
    "count_declarations": lambda s: count_declarations(s),
    "forced_choices": lambda s: forced_choices(s),
}


@pytest.mark.parametrize("door", sorted(LIBRARY_DOORS))
def test_the_library_refuses_a_timeline(door: str) -> None:
    snapshot = load_snapshot(TIMELINE.read_text())
    with pytest.raises(SnapshotError) as raised:
        LIBRARY_DOORS[door](snapshot)
    assert [p.path for p in raised.value.problems] == ["events"]


def test_the_timeline_still_judges_its_declarations() -> None:
    timeline = follow(load_snapshot(TIMELINE.read_text()))
    assert (
        timeline.verdict == "legal" and len(timeline.moments) > 1
    )  # the combat command checks each declaration event without tripping the refusal
