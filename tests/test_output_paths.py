"""No output path may destroy an input or another output (issue 20, item 0): every output path of every command is
checked against every input and every other output (resolved, symlinks and hard links followed) and refused, and an
existing file is never replaced without --overwrite. Each refusal leaves every file as it was."""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path

import pytest
from combatcheck.cli import app
from combatcheck.generate import dumps, generate_records
from typer.testing import CliRunner

runner = CliRunner()
ROOT = Path(__file__).resolve().parent.parent
ARENA_LOG = ROOT / "examples" / "arena" / "Player.log"
SNAPSHOT = ROOT / "examples" / "block-cost.yaml"


def _records(tmp_path: Path) -> Path:
    path = tmp_path / "in.jsonl"
    path.write_text("".join(dumps(r) + "\n" for r in generate_records(4, seed=2)), encoding="utf-8")
    return path


def _log(tmp_path: Path) -> Path:
    path = tmp_path / "Player.log"
    path.write_bytes(ARENA_LOG.read_bytes())
    return path


Alias = Callable[[Path, Path], Path]


def _same(path: Path, tmp_path: Path) -> Path:
    return path


def _symlink(path: Path, tmp_path: Path) -> Path:
    link = tmp_path / "link"
    link.symlink_to(path)
    return link


def _hard_link(path: Path, tmp_path: Path) -> Path:
    link = tmp_path / "hard"
    os.link(path, link)
    return link


def _dotted(path: Path, tmp_path: Path) -> Path:
    return tmp_path / "." / path.name


ALIASES = [_same, _symlink, _hard_link, _dotted]


def _unchanged(files: dict[Path, bytes]) -> None:
    for path, data in files.items():
        assert path.read_bytes() == data, path


@pytest.mark.parametrize("alias", ALIASES, ids=lambda a: a.__name__.strip("_"))
def test_batch_summary_json_naming_an_input_is_refused(tmp_path: Path, alias: Alias) -> None:
    source = _records(tmp_path)
    before = {source: source.read_bytes()}
    out = tmp_path / "r.jsonl"
    result = runner.invoke(
        app, ["batch", str(source), "--out", str(out), "--summary-json", str(alias(source, tmp_path)), "--workers", "1"]
    )
    assert result.exit_code == 2, result.output
    assert "is also an input" in result.stderr
    assert not out.exists()
    _unchanged(before)


@pytest.mark.parametrize("alias", ALIASES, ids=lambda a: a.__name__.strip("_"))
def test_batch_summary_json_naming_the_results_is_refused(tmp_path: Path, alias: Alias) -> None:
    source = _records(tmp_path)
    out = tmp_path / "r.jsonl"
    assert runner.invoke(app, ["batch", str(source), "--out", str(out), "--workers", "1"]).exit_code == 0
    before = {source: source.read_bytes(), out: out.read_bytes()}
    for flag in ("--resume", "--overwrite"):
        args = ["batch", str(source), "--out", str(out), "--summary-json", str(alias(out, tmp_path)), flag]
        result = runner.invoke(app, [*args, "--workers", "1"])
        assert result.exit_code == 2, result.output
        assert "names the same file" in result.stderr
        _unchanged(before)
        for link in (tmp_path / "link", tmp_path / "hard"):
            link.unlink(missing_ok=True)


def test_batch_out_hard_linked_to_an_input_is_refused(tmp_path: Path) -> None:
    source = _records(tmp_path)
    before = {source: source.read_bytes()}
    result = runner.invoke(
        app, ["batch", str(source), "--out", str(_hard_link(source, tmp_path)), "--overwrite", "--workers", "1"]
    )
    assert result.exit_code == 2, result.output
    assert "is also an input" in result.stderr
    _unchanged(before)


def test_batch_never_replaces_another_file_with_its_summary(tmp_path: Path) -> None:
    source = _records(tmp_path)
    out, summary, other = tmp_path / "r.jsonl", tmp_path / "s.json", tmp_path / "notes.json"
    other.write_text('{"mine": true}\n')
    run = ["batch", str(source), "--out", str(out), "--workers", "1"]
    result = runner.invoke(app, [*run, "--summary-json", str(other)])
    assert result.exit_code == 2 and "already exists: pass --overwrite" in result.stderr
    assert other.read_text() == '{"mine": true}\n' and not out.exists()
    assert runner.invoke(app, [*run, "--summary-json", str(summary)]).exit_code == 0
    # --resume continues the same run: its own summary is replaced, any other file is not
    assert runner.invoke(app, [*run, "--summary-json", str(summary), "--resume"]).exit_code == 0
    assert json.loads(summary.read_text())["skipped_already_done"] == 4
    result = runner.invoke(app, [*run, "--summary-json", str(other), "--resume"])
    assert result.exit_code == 2 and other.read_text() == '{"mine": true}\n'
    assert runner.invoke(app, [*run, "--summary-json", str(other), "--overwrite"]).exit_code == 0
    assert json.loads(other.read_text())["records"] == 4


@pytest.mark.parametrize("alias", ALIASES, ids=lambda a: a.__name__.strip("_"))
def test_import_arena_summary_json_naming_the_log_or_the_records_is_refused(tmp_path: Path, alias: Alias) -> None:
    log = _log(tmp_path)
    out = tmp_path / "rec.jsonl"
    before = {log: log.read_bytes()}
    result = runner.invoke(
        app, ["import", "arena", str(log), "--out", str(out), "--summary-json", str(alias(log, tmp_path))]
    )
    assert result.exit_code == 2, result.output
    assert "is also an input" in result.stderr and not out.exists()
    _unchanged(before)
    for link in (tmp_path / "link", tmp_path / "hard"):
        link.unlink(missing_ok=True)
    assert runner.invoke(app, ["import", "arena", str(log), "--out", str(out)]).exit_code == 0
    before[out] = out.read_bytes()
    args = ["import", "arena", str(log), "--out", str(out), "--overwrite", "--summary-json", str(alias(out, tmp_path))]
    result = runner.invoke(app, args)
    assert result.exit_code == 2, result.output
    assert "names the same file" in result.stderr
    _unchanged(before)


def test_import_arena_never_replaces_a_summary_without_overwrite(tmp_path: Path) -> None:
    log, out, summary = _log(tmp_path), tmp_path / "rec.jsonl", tmp_path / "s.json"
    summary.write_text("keep\n")
    result = runner.invoke(app, ["import", "arena", str(log), "--out", str(out), "--summary-json", str(summary)])
    assert result.exit_code == 2 and "already exists: pass --overwrite" in result.stderr
    assert summary.read_text() == "keep\n" and not out.exists()
    args = ["import", "arena", str(log), "--out", str(out), "--summary-json", str(summary), "--overwrite"]
    assert runner.invoke(app, args).exit_code == 0
    assert json.loads(summary.read_text())["records"] == 4


def test_generate_never_replaces_a_file_without_overwrite(tmp_path: Path) -> None:
    out = tmp_path / "games.jsonl"
    out.write_text("precious\n")
    result = runner.invoke(app, ["generate", "--count", "3", "--out", str(out)])
    assert result.exit_code == 2 and "already exists: pass --overwrite" in result.stderr
    assert out.read_text() == "precious\n"
    assert runner.invoke(app, ["generate", "--count", "3", "--out", str(out), "--overwrite"]).exit_code == 0
    assert len(out.read_text().splitlines()) == 3
    assert runner.invoke(app, ["generate", "--count", "1", "--out", os.devnull]).exit_code == 0  # not a file


def test_render_never_replaces_a_file_without_overwrite_nor_its_input(tmp_path: Path) -> None:
    picture = tmp_path / "combat.svg"
    picture.write_text("precious")
    result = runner.invoke(app, ["render", str(SNAPSHOT), "--out", str(picture), "--lang", "fr"])
    assert result.exit_code == 2 and "existe déjà" in result.stderr and picture.read_text() == "precious"
    assert runner.invoke(app, ["render", str(SNAPSHOT), "--out", str(picture), "--overwrite"]).exit_code == 0
    assert picture.read_text().startswith("<")
    board = tmp_path / "board.svg"  # a snapshot file whose name ends in .svg
    board.write_bytes(SNAPSHOT.read_bytes())
    link = tmp_path / "link.svg"
    link.symlink_to(board)
    result = runner.invoke(app, ["render", str(board), "--out", str(link), "--overwrite"])
    assert result.exit_code == 2 and "also the snapshot file" in result.stderr
    assert board.read_bytes() == SNAPSHOT.read_bytes()


def test_import_arena_summary_that_cannot_be_written_is_an_error_not_a_traceback(tmp_path: Path) -> None:
    log, out = _log(tmp_path), tmp_path / "rec.jsonl"
    result = runner.invoke(
        app, ["import", "arena", str(log), "--out", str(out), "--summary-json", "/proc/summary.json"]
    )
    assert result.exit_code == 2 and isinstance(result.exception, SystemExit), result.output
    assert (
        "/proc/summary.json: the summary can't be written" in result.stderr and len(out.read_text().splitlines()) == 4
    )


def test_table_and_report_outputs_hard_linked_to_the_results_are_refused(tmp_path: Path) -> None:
    source = _records(tmp_path)
    out = tmp_path / "r.jsonl"
    assert runner.invoke(app, ["batch", str(source), "--out", str(out), "--workers", "1"]).exit_code == 0
    before = {out: out.read_bytes()}
    for name, command in (("t.csv", "table"), ("r.html", "report")):
        link = tmp_path / name
        os.link(out, link)
        result = runner.invoke(app, [command, str(out), "--out", str(link), "--overwrite"])
        assert result.exit_code == 2, (command, result.output)
        assert "is also" in result.stderr
        _unchanged(before)


def test_batch_table_naming_the_summary_or_an_input_is_refused(tmp_path: Path) -> None:
    source = _records(tmp_path)
    csv_input = tmp_path / "games.csv"
    csv_input.write_bytes(source.read_bytes())
    out, summary = tmp_path / "r.jsonl", tmp_path / "s.csv"
    for table, extra in ((summary, ["--summary-json", str(summary)]), (csv_input, [])):
        args = ["batch", str(csv_input), "--out", str(out), "--table", str(table), "--overwrite", *extra]
        result = runner.invoke(app, [*args, "--workers", "1"])
        assert result.exit_code == 2, result.output
        assert "names the same file" in result.stderr or "is also an input" in result.stderr
    assert csv_input.read_bytes() == source.read_bytes() and not out.exists()
