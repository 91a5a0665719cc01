"""Every report names the Comprehensive Rules edition it follows (issue 23 §1): `cr_edition` in the JSON of check,
solve, the questions, combat, damage, a batch's summary and the batch HTML report, the same constant as the API's
X-CR-Edition header; and, on the command line, the edition in words as the text output's last line, in three
languages (the combat narration names it in its title)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from combatcheck.cli import app
from combatcheck.models.cr_edition import CR_EDITION, CR_EDITION_WORDS
from typer.testing import CliRunner

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples"
MENACE = str(EXAMPLES / "cr-509.1c-menace.yaml")
DAMAGE = str(EXAMPLES / "combat" / "damage-trample-deathtouch.yaml")
WORDS = {
    "en": "Comprehensive Rules of 7 February 2025",
    "fr": "Règles complètes du 7 février 2025",
    "es": "Reglas Completas del 7 de febrero de 2025",
}
runner = CliRunner()


def test_the_edition_in_words_names_its_date_in_each_language() -> None:
    assert CR_EDITION == "2025-02-07"
    for lang, words in WORDS.items():
        assert CR_EDITION_WORDS.text(lang) == words


COMMANDS = [
    ["check", MENACE],
    ["solve", MENACE],
    ["can-block", MENACE, "bear", "brute"],
    ["can-attack", str(EXAMPLES / "attack-left.yaml"), "*", "*"],
    ["count", MENACE],
    ["forced", MENACE],
    ["damage", DAMAGE],
]


def _attack_pair(args: list[str]) -> list[str]:
    """can-attack on the first attacker and target the snapshot names."""
    if args[0] != "can-attack":
        return args
    from combatcheck.models import load_snapshot
    from combatcheck.solver.board import Board

    board = Board(load_snapshot(Path(args[1]).read_text(encoding="utf-8")))
    return [args[0], args[1], board.attack_candidates[0].id, next(iter(board.attack_targets))]


@pytest.mark.parametrize("args", COMMANDS, ids=[c[0] for c in COMMANDS])
@pytest.mark.parametrize("lang", ["en", "fr", "es"])
def test_the_text_output_ends_with_the_edition(args: list[str], lang: str) -> None:
    result = runner.invoke(app, [*_attack_pair(args), "--lang", lang])
    assert result.exit_code in (0, 1, 3), result.output
    assert result.stdout.splitlines()[-1] == WORDS[lang]
    assert result.stdout.count(WORDS[lang]) == 1


@pytest.mark.parametrize("args", [*COMMANDS, ["combat", DAMAGE]], ids=[*(c[0] for c in COMMANDS), "combat"])
def test_the_json_output_carries_the_edition(args: list[str]) -> None:
    result = runner.invoke(app, [*_attack_pair(args), "--json"])
    assert result.exit_code in (0, 1, 3), result.output
    assert json.loads(result.stdout)["cr_edition"] == CR_EDITION


def test_the_combat_narration_names_the_edition_in_its_title_only() -> None:
    result = runner.invoke(app, ["combat", DAMAGE, "--lang", "fr"])
    assert WORDS["fr"] in result.stdout.splitlines()[0] and result.stdout.count(WORDS["fr"]) == 1


def test_the_readme_shows_what_check_prints() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    shown = re.search(r"It prints:\n\n```\n(.*?)```", readme, re.S)
    assert shown is not None
    assert runner.invoke(app, ["check", MENACE]).stdout == shown.group(1)


@pytest.mark.parametrize("kind", ["report", "combat"])
def test_the_schemas_name_the_field(kind: str) -> None:
    schema = json.loads((ROOT / "docs" / f"{kind}.schema.json").read_text(encoding="utf-8"))
    field = schema["properties"]["cr_edition"]
    assert field["default"] == CR_EDITION


def test_a_batch_summary_and_its_html_report_carry_the_edition(tmp_path: Path) -> None:
    records, results, summary = tmp_path / "r.jsonl", tmp_path / "out.jsonl", tmp_path / "s.json"
    made = runner.invoke(app, ["generate", "--count", "6", "--seed", "3", "--mix", "fast", "--out", str(records)])
    assert made.exit_code == 0, made.output
    batch = runner.invoke(
        app, ["batch", str(records), "--out", str(results), "--workers", "1", "--summary-json", str(summary)]
    )
    assert batch.exit_code in (0, 1), batch.output
    assert batch.stdout.splitlines()[-1] == WORDS["en"]
    assert json.loads(summary.read_text(encoding="utf-8"))["cr_edition"] == CR_EDITION
    page = tmp_path / "report.html"
    shown = runner.invoke(app, ["report", str(results), "--out", str(page), "--no-pictures"])
    assert shown.exit_code == 0, shown.output
    html = page.read_text(encoding="utf-8")
    assert f'<span class="cr-edition">{CR_EDITION}</span>' in html and WORDS["en"] in html
