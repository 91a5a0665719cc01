"""`--json` means JSON on every path (issue 23 §3): bad input, a missing file and a wrong option of every command
that has `--json` print the desk API's error shape, `{"error", "problems": [{"path", "message"}]}`, on standard
output, with exit status 2 and nothing on standard error."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import typer.main
from combatcheck.cli import app
from combatcheck.desk.api_models import Problem
from pydantic import BaseModel, ConfigDict
from typer.testing import CliRunner

ROOT = Path(__file__).resolve().parents[1]
LURE = ROOT / "examples" / "lure.yaml"
runner = CliRunner()


class ErrorAnswer(BaseModel):
    """The desk's error body (desk/app.py `_error`)."""

    model_config = ConfigDict(extra="forbid")
    error: str
    problems: list[Problem]


def commands_with_json() -> dict[str, Any]:
    """Every command (`cards show` as "cards show") that takes `--json`, found in the command tree."""
    found: dict[str, Any] = {}

    def walk(command: Any, path: list[str]) -> None:
        for name, sub in getattr(command, "commands", {}).items():
            walk(sub, [*path, name])
        if any("--json" in getattr(p, "opts", ()) for p in command.params):
            found[" ".join(path)] = command

    walk(typer.main.get_command(app), [])
    return found


COMMANDS = commands_with_json()


def test_the_commands_with_json_are_found() -> None:
    assert {"check", "solve", "rules", "combat", "damage", "can-block", "count", "forced", "cards show"} <= set(
        COMMANDS
    )


def answered(args: list[str]) -> tuple[ErrorAnswer, Any]:
    result = runner.invoke(app, args)
    assert result.exit_code == 2, (args, result.output)
    assert result.stderr == "", (args, result.stderr)
    return ErrorAnswer.model_validate(json.loads(result.stdout)), result


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_a_wrong_option_is_json(name: str) -> None:
    answer, _ = answered([*name.split(), "--json", "--no-such-option"])
    assert answer.error == "invalid command line"
    assert answer.problems[0].message == "No such option: --no-such-option"


def arguments(name: str, file: str) -> list[str]:
    """The command's arguments, with `file` for the snapshot and a plausible word for the others."""
    args = []
    for param in COMMANDS[name].params:
        if param.param_type_name == "argument" and param.required:
            args.append(file if param.name == "file" else "x")
    return [*name.split(), *args, "--json"]


FILE_COMMANDS = sorted(n for n in COMMANDS if any(p.name == "file" for p in COMMANDS[n].params))


@pytest.mark.parametrize("name", FILE_COMMANDS)
def test_a_missing_file_is_json(name: str, tmp_path: Path) -> None:
    missing = tmp_path / "nosuch.yaml"
    answer, _ = answered(arguments(name, str(missing)))
    assert answer.error == "invalid input"
    assert [(p.path, p.message) for p in answer.problems] == [(str(missing), "No such file or directory")]


@pytest.mark.parametrize("name", FILE_COMMANDS)
def test_a_bad_snapshot_is_json_with_each_field_path(name: str, tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("players: [ana, ben]\nactive_player: ana\nattacks: []\npermanents: [{id: x, controller: ana}]\n")
    answer, _ = answered(arguments(name, str(bad)))
    assert [p.path for p in answer.problems] == ["attacks"]


def test_the_problems_are_in_the_chosen_language() -> None:
    answer, _ = answered(["can-block", str(LURE), "bears", "lured", "--json", "--lang", "fr"])
    assert answer.error == "entrée invalide"
    assert answer.problems == [
        Problem(path="blocker", message="'bears' n'est pas un permanent de la situation ; vouliez-vous dire bear ?")
    ]


def test_a_value_typer_refuses_is_json_in_our_words() -> None:
    answer, _ = answered(["check", str(LURE), "--json", "--time-limit", "0"])
    assert answer.problems == [
        Problem(path="--time-limit", message="Invalid value for '--time-limit': a number of 0.001 or more expected")
    ]
    answer, _ = answered(["check", str(LURE), "--json", "--lang", "de"])
    assert "Value error" not in answer.problems[0].message


def test_a_card_that_does_not_exist_is_json() -> None:
    answer, _ = answered(["cards", "show", "Grizzly Bares", "--json"])
    assert "Grizzly Bears" in answer.problems[0].message


def test_without_json_the_errors_stay_lines_on_standard_error() -> None:
    result = runner.invoke(app, ["check", "nosuch.yaml"])
    assert result.exit_code == 2
    assert result.stdout == "" and result.stderr == "error: nosuch.yaml: No such file or directory\n"


def test_a_closed_standard_input_is_json_too() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "combatcheck", "check", "-", "--json"],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        preexec_fn=lambda: __import__("os").close(0),
    )
    assert proc.returncode == 66
    answer = ErrorAnswer.model_validate(json.loads(proc.stdout))
    assert "standard input is closed" in answer.problems[0].message
