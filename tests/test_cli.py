"""The command line: verdicts, exit codes, JSON output and clear errors for bad input."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from combatcheck.cli import app
from typer.testing import CliRunner

EXAMPLES = Path(__file__).parent.parent / "examples"
MENACE = EXAMPLES / "cr-509.1c-menace.yaml"
runner = CliRunner()


def test_509_1c_no_block_is_illegal_names_the_requirement_and_shows_the_double_block() -> None:
    result = runner.invoke(app, ["check", str(MENACE)])
    assert result.exit_code == 1
    assert "ILLEGAL" in result.stdout
    assert "509.1c" in result.stdout and "blocks each combat if able" in result.stdout
    witness = result.stdout.split("nearest to the proposal")[1]
    assert "Watchful Sentry (sentry) blocks Boggart Brute" in witness
    assert "Grizzly Bears (bear) blocks Boggart Brute" in witness


def test_json_report() -> None:
    result = runner.invoke(app, ["check", str(MENACE), "--json"])
    assert result.exit_code == 1
    report = json.loads(result.stdout)
    assert report["verdict"] == "illegal"
    assert report["requirements_obeyed"] == 0 and report["requirements_optimum"] == 1
    assert report["witness"] == {"blocks": {"bear": ["brute"], "sentry": ["brute"]}}
    assert report["violations"][0]["rule"] == "509.1c"


def test_legal_exit_zero_and_french() -> None:
    result = runner.invoke(app, ["check", str(EXAMPLES / "cr-509.1c-menace-both-block.yaml"), "--lang", "fr"])
    assert result.exit_code == 0
    assert "LÉGAL" in result.stdout and "bloque" in result.stdout


def test_spanish_explanation() -> None:
    result = runner.invoke(app, ["check", str(EXAMPLES / "cr-509.1b-flying-shadow.yaml"), "--lang", "es"])
    assert result.exit_code == 1
    assert "ILEGAL" in result.stdout and "desvanecerse" in result.stdout


def test_solve_prints_a_legal_declaration() -> None:
    result = runner.invoke(app, ["solve", str(MENACE), "--json"])
    assert result.exit_code == 0
    assert json.loads(result.stdout)["witness"] == {"blocks": {"bear": ["brute"], "sentry": ["brute"]}}


def test_stdin() -> None:
    result = runner.invoke(app, ["check", "-"], input=MENACE.read_text())
    assert result.exit_code == 1


def test_schema_is_json_schema() -> None:
    result = runner.invoke(app, ["schema"])
    assert result.exit_code == 0
    schema = json.loads(result.stdout)
    assert "permanents" in schema["properties"]


def test_rules_lists_the_catalog() -> None:
    result = runner.invoke(app, ["rules"])
    assert result.exit_code == 0
    assert "702.111b" in result.stdout and "menace" in result.stdout


BAD = {
    "unknown id in the declaration": (
        "declaration:\n  blocks:\n    ghost: brute\n",
        "declaration.blocks.ghost: no permanent with id 'ghost'",
    ),
    "attacker that isn't attacking": (
        "declaration:\n  blocks:\n    sentry: bear\n",
        "declaration.blocks.sentry: 'bear' is not attacking",
    ),
    "blocker of the attacking player": (
        "  - {id: goblin, controller: ana, power: 1, toughness: 1}\ndeclaration:\n  blocks:\n    goblin: brute\n",
        "'goblin' is controlled by 'ana', who is not a defending player",
    ),
}


def _menace_without_declaration() -> str:
    return MENACE.read_text().split("declaration:")[0]


@pytest.mark.parametrize("name", list(BAD))
def test_bad_references(name: str, tmp_path: Path) -> None:
    extra, message = BAD[name]
    path = tmp_path / "bad.yaml"
    path.write_text(_menace_without_declaration() + extra)
    result = runner.invoke(app, ["check", str(path)])
    assert result.exit_code == 2
    assert message in result.stderr


def test_duplicate_ids_and_wrong_types(tmp_path: Path) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text(
        "active_player: ana\nplayers: [ana, ben]\npermanents:\n"
        "  - {id: x, controller: ana, power: big}\n  - {id: x, controller: ben, abilities: [flyng]}\n"
    )
    result = runner.invoke(app, ["check", str(path)])
    assert result.exit_code == 2
    assert "permanents[0] (id 'x').power: a whole number expected" in result.stderr
    assert "permanents[1] (id 'x').abilities[0]: unknown ability 'flyng'; did you mean flying" in result.stderr


def test_duplicate_ids(tmp_path: Path) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text(
        "active_player: ana\nplayers: [ana, ben]\npermanents:\n"
        "  - {id: x, controller: ana}\n  - {id: x, controller: ben}\n"
    )
    result = runner.invoke(app, ["check", str(path)])
    assert result.exit_code == 2
    assert "permanents[1] (id 'x').id: duplicate id" in result.stderr


def test_malformed_yaml(tmp_path: Path) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text("active_player: ana\nplayers: [ana, ben\n")
    result = runner.invoke(app, ["check", str(path)])
    assert result.exit_code == 2
    assert "malformed YAML/JSON" in result.stderr and "bad.yaml:" in result.stderr


def test_missing_file() -> None:
    result = runner.invoke(app, ["check", "/nonexistent/snapshot.yaml"])
    assert result.exit_code == 2
    assert "/nonexistent/snapshot.yaml" in result.stderr


def test_console_script_exit_code_and_no_traceback(tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    path.write_text('{"active_player": "ana", "players": ["ana", "ben"], "permanents": [{"id": 1}]}')
    proc = subprocess.run([sys.executable, "-m", "combatcheck", "check", str(path)], capture_output=True, text=True)
    assert proc.returncode == 2
    assert "Traceback" not in proc.stderr
    assert "permanents[0].controller: required, and not given" in proc.stderr


def test_typos_in_qualities_and_filters_are_errors_not_silent(tmp_path: Path) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text(
        "active_player: ana\nplayers: [ana, ben]\npermanents:\n"
        "  - {id: a, controller: ana, attacking: ben,\n"
        "     abilities: [{protection_from: [dragons]}, {cant_be_blocked_by: {abilities: [flyng]}}]}\n"
    )
    result = runner.invoke(app, ["check", str(path)])
    assert result.exit_code == 2
    assert "abilities[0].protection_from: unknown protection quality 'dragons'" in result.stderr
    assert "abilities[1].cant_be_blocked_by.abilities: unknown keyword 'flyng'; did you mean flying" in (result.stderr)


@pytest.mark.parametrize("kind", ["snapshot", "report", "combat"])
def test_committed_schemas_are_current(kind: str) -> None:
    """docs/*.schema.json are what `combatcheck schema` prints; regenerate them when a model changes."""
    committed = (Path(__file__).parent.parent / "docs" / f"{kind}.schema.json").read_text()
    result = runner.invoke(app, ["schema", kind])
    assert json.loads(result.stdout) == json.loads(committed), (
        f"run: combatcheck schema {kind} > docs/{kind}.schema.json"
    )


def test_version_is_the_package_version() -> None:
    from importlib.metadata import version

    from combatcheck import __version__

    result = runner.invoke(app, ["--version"])
    assert result.exit_code == 0
    assert result.stdout == f"combatcheck {__version__}\n"
    assert version("combatcheck") == __version__  # pyproject reads it from __init__.py: one source
