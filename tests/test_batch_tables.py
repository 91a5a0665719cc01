"""Flat tables and the HTML report of a results file (issue 24 §1): `batch --table`, `table`, `report`.

The tables are checked against the results file read independently (plain `json`, not the tables' own reader):
one row per result, one row per violation, the same verdicts, rules, cards and source fields.
"""

from __future__ import annotations

import csv
import json
import re
from collections import Counter
from pathlib import Path
from typing import Any

import pyarrow.parquet as pq
import pytest
from combatcheck.batch import BatchOptions, run_batch
from combatcheck.batch.tables import RECORD_COLUMNS, VIOLATION_COLUMNS, violations_path, write_tables
from combatcheck.cli import app
from combatcheck.generate import dumps, generate_records
from typer.testing import CliRunner

runner = CliRunner()
DAMAGED = Path(__file__).parent.parent / "examples" / "recorded" / "damaged.jsonl"


@pytest.fixture(scope="module")
def results(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A results file of 150 generated records (a fifth illegal) and the damaged example (invalid records)."""
    folder = tmp_path_factory.mktemp("tables")
    records = folder / "games.jsonl"
    records.write_text("".join(dumps(r) + "\n" for r in generate_records(150, seed=3, illegal_share=0.2)))
    out = folder / "results.jsonl"
    run_batch([str(records), str(DAMAGED)], out, BatchOptions(workers=1))
    return out


def raw_results(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def read_table(path: Path) -> list[dict[str, Any]]:
    if path.suffix == ".csv":
        with path.open(encoding="utf-8", newline="") as stream:
            return list(csv.DictReader(stream))
    rows: list[dict[str, Any]] = pq.read_table(path).to_pylist()
    return rows


@pytest.mark.parametrize("extension", [".csv", ".parquet"])
def test_one_row_per_record_and_one_per_violation(results: Path, tmp_path: Path, extension: str) -> None:
    table = tmp_path / f"out{extension}"
    counts = write_tables(results, table)
    expected = raw_results(results)
    rows = read_table(table)
    broken = read_table(violations_path(table))
    assert counts.records == len(rows) == len(expected) > 150
    assert list(rows[0]) == [name for name, _ in RECORD_COLUMNS]
    assert list(broken[0]) == [name for name, _ in VIOLATION_COLUMNS]
    for row, result in zip(rows, expected, strict=True):
        assert (row["file"], str(row["line"]), row["verdict"]) == (
            result["file"],
            str(result["line"]),
            result["verdict"],
        )
        source = result.get("source", {})
        assert (row["game"] or None, str(row["turn"] or "") or None) == (
            source.get("game"),
            None if source.get("turn") is None else str(source["turn"]),
        )
        assert str(row["violations"]) == str(len(result.get("violations") or []))
    expected_rules = Counter(v["rule"] for r in expected for v in r.get("violations") or [])
    assert Counter(v["rule"] for v in broken) == expected_rules
    assert counts.violations == sum(expected_rules.values()) > 0
    assert Counter(r["verdict"] for r in rows) == Counter(r["verdict"] for r in expected)
    assert {"legal", "illegal", "invalid"} <= {r["verdict"] for r in rows}


def test_violations_name_their_cards(results: Path, tmp_path: Path) -> None:
    """A violation's objects are named by their cards, so an analyst can count violations by card."""
    table = tmp_path / "out.parquet"
    write_tables(results, table)
    broken = read_table(violations_path(table))
    tapped = [v for v in broken if v["key"] == "untapped_creature_blocks"]
    assert tapped and all(v["cards"] and v["objects"] for v in tapped)
    creature = next(r for r in raw_results(results) for v in r.get("violations") or [] if v["objects"])
    violation = next(v for v in creature["violations"] if v["objects"])
    assert len(violation["cards"]) == len(violation["objects"])


def test_parquet_types_are_the_documented_ones(results: Path, tmp_path: Path) -> None:
    table = tmp_path / "out.parquet"
    write_tables(results, table)
    schema = pq.read_schema(table)
    assert {field.name: str(field.type) for field in schema} == {
        name: {"string": "string", "int64": "int64", "float64": "double", "bool": "bool"}[kind]
        for name, kind in RECORD_COLUMNS
    }


def test_an_unreadable_line_is_left_out_and_reported(results: Path, tmp_path: Path) -> None:
    damaged = tmp_path / "damaged-results.jsonl"
    lines = results.read_text(encoding="utf-8").splitlines(keepends=True)
    damaged.write_text("".join(lines[:5]) + "not a result\n" + "".join(lines[5:]), encoding="utf-8")
    outcome = runner.invoke(app, ["table", str(damaged), "--out", str(tmp_path / "t.csv")])
    assert outcome.exit_code == 0, outcome.output
    assert f"{len(lines)} records" in outcome.output
    assert "lines not read as results (left out of the tables): 6" in outcome.stderr


def test_batch_writes_the_tables_after_the_results(tmp_path: Path) -> None:
    records = tmp_path / "games.jsonl"
    records.write_text("".join(dumps(r) + "\n" for r in generate_records(20, seed=4)))
    out, table = tmp_path / "r.jsonl", tmp_path / "r.csv"
    outcome = runner.invoke(app, ["batch", str(records), "--out", str(out), "--workers", "1", "--table", str(table)])
    assert outcome.exit_code == 0, outcome.output
    assert len(read_table(table)) == 20 == len(raw_results(out))
    assert violations_path(table).exists()


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (["--out", "{dir}/t.xlsx"], "a table is .csv or .parquet"),
        (["--out", "{dir}/missing/t.csv"], "does not exist"),
        (["--out", "{dir}/link.csv", "--violations", "{dir}/t.csv"], "is also an input or another output"),
        (["--out", "{dir}/t.csv", "--violations", "{dir}/t.csv"], "is also an input or another output"),
        (["--out", "{dir}/t.csv", "--violations", "{dir}/v.parquet"], "the same format"),
        (["--out", "{dir}/existing.csv"], "already exists: pass --overwrite"),
    ],
)
def test_outputs_that_cant_work_are_refused(results: Path, tmp_path: Path, arguments: list[str], message: str) -> None:
    (tmp_path / "existing.csv").write_text("keep me")
    (tmp_path / "link.csv").symlink_to(tmp_path / "t.csv")  # resolved: the same file as the violations table
    filled = [a.format(dir=tmp_path, results=results) for a in arguments]
    before = results.read_bytes()
    outcome = runner.invoke(app, ["table", str(results), *filled])
    assert outcome.exit_code == 2, outcome.output
    assert message in outcome.stderr and "Traceback" not in outcome.output
    assert results.read_bytes() == before and (tmp_path / "existing.csv").read_text() == "keep me"
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".part") or p.name == "t.csv"]


def test_a_missing_results_file_is_bad_input(tmp_path: Path) -> None:
    outcome = runner.invoke(app, ["table", str(tmp_path / "nosuch.jsonl"), "--out", str(tmp_path / "t.csv")])
    assert outcome.exit_code == 2 and "no such results file" in outcome.stderr
    assert list(tmp_path.iterdir()) == []


def report_of(results: Path, tmp_path: Path, *extra: str) -> str:
    out = tmp_path / "report.html"
    outcome = runner.invoke(app, ["report", str(results), "--out", str(out), "--overwrite", *extra])
    assert outcome.exit_code == 0, outcome.output
    return out.read_text(encoding="utf-8")


def test_the_report_counts_what_the_results_hold(results: Path, tmp_path: Path) -> None:
    page = report_of(results, tmp_path)
    expected = raw_results(results)
    verdicts = Counter(r["verdict"] for r in expected)
    totals = re.search(r"<h2>Totals</h2>.*?<tbody><tr>(.*?)</tr>", page, re.S)
    assert totals is not None
    cells = re.findall(r"<td>(.*?)</td>", totals.group(1))
    assert cells[:5] == [str(len(expected)), *(str(verdicts[v]) for v in ("legal", "illegal", "invalid", "unknown"))]
    assert f"<h2>Illegal records ({verdicts['illegal']})</h2>" in page
    for heading in ("By rule", "By card", "By game", "By turn"):
        assert f"<h2>{heading}</h2>" in page
    assert page.count("<svg") >= 4 + verdicts["illegal"]  # the plots, and a picture per illegal record shown


def test_the_report_is_self_contained_and_the_same_twice(results: Path, tmp_path: Path) -> None:
    page = report_of(results, tmp_path)
    assert not re.search(r"""(src|href)\s*=\s*["']?(https?:)?//""", page)
    assert "<script" not in page
    assert report_of(results, tmp_path) == page


def test_a_record_file_that_is_gone_is_said_not_guessed(results: Path, tmp_path: Path) -> None:
    moved = tmp_path / "moved.jsonl"
    moved.write_text(results.read_text(encoding="utf-8").replace(str(results.parent / "games.jsonl"), "gone.jsonl"))
    page = report_of(moved, tmp_path, "--illegal-shown", "3")
    assert page.count("no picture: the input file gone.jsonl was not found") == 3
    assert "the first 3 are shown in full" in page


def test_the_report_refuses_to_replace_its_input(results: Path) -> None:
    copy = results.with_name("copy.html")
    copy.write_bytes(results.read_bytes())
    outcome = runner.invoke(app, ["report", str(copy), "--out", str(copy), "--overwrite"])
    assert outcome.exit_code == 2 and "is also the input" in outcome.stderr


def test_the_report_in_the_browser_fits_a_phone_and_a_desktop(results: Path, tmp_path: Path, browser: Any) -> None:
    from browser_support import WAIT_MS, shot

    out = tmp_path / "report.html"
    report_of(results, tmp_path)
    for name, width in (("report-phone", 390), ("report-desktop", 1280)):
        context = browser.new_context(viewport={"width": width, "height": 900})
        context.set_default_timeout(WAIT_MS)
        page = context.new_page()
        page.goto(out.as_uri())
        assert page.locator("h2").first.inner_text() == "Totals"
        assert page.locator("section.record svg").count() > 0
        overflow = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
        assert overflow <= 0, f"{name}: {overflow} px wider than the screen"
        shot(page, name)
        context.close()
