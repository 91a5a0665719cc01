"""The generator of synthetic recorded combats: exact illegal share, verdicts the checker agrees with, mixes."""

from __future__ import annotations

import gzip
import itertools
import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from combatcheck.batch import BatchOptions, run_batch
from combatcheck.cli import app
from combatcheck.generate import REQUIREMENT_KEYS, generate_records, write_file
from combatcheck.models import Snapshot, snapshot_from_data
from combatcheck.models.report import Report
from combatcheck.solver import check
from typer.testing import CliRunner

SAMPLE = Path(__file__).parent.parent / "examples" / "recorded" / "sample.jsonl.gz"
runner = CliRunner()


def snapshot_of(record: dict[str, Any]) -> Snapshot:
    return snapshot_from_data({k: v for k, v in record.items() if k not in ("id", "source", "expected")})


def checked(records: list[dict[str, Any]]) -> list[tuple[dict[str, Any], Report]]:
    return [(r, check(snapshot_of(r), witness=False)) for r in records]


@pytest.mark.parametrize(("count", "share"), [(200, 0.1), (101, 0.33), (50, 0.0), (30, 1.0), (7, 0.5)])
def test_the_illegal_share_is_exactly_as_declared(count: int, share: float) -> None:
    records = list(generate_records(count, seed=count, illegal_share=share))
    assert len(records) == count
    verdicts = Counter(r["expected"] for r in records)
    assert verdicts["illegal"] == round(count * share)
    assert verdicts["legal"] == count - round(count * share)
    assert all(("mutation" in r["source"]) == (r["expected"] == "illegal") for r in records)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_checker_agrees_with_the_generator(seed: int) -> None:
    records = list(generate_records(300, seed=seed, illegal_share=0.3))
    for record, report in checked(records):
        assert report.verdict == record["expected"], (record["id"], record["source"], report.violations)
        mutation = record["source"].get("mutation")
        if mutation in REQUIREMENT_KEYS:
            assert any(v.kind == "requirement" for v in report.violations), record["id"]
        elif mutation is not None:
            assert mutation in {v.key for v in report.violations}, (record["id"], mutation)


def test_fast_mix_never_needs_cpsat_and_solver_mix_always_does() -> None:
    for record, report in checked(list(generate_records(150, seed=5, mix="fast", illegal_share=0.2))):
        assert not report.solver.used_cpsat, record["id"]
        assert report.verdict == record["expected"]
    for record, report in checked(list(generate_records(150, seed=6, mix="solver", illegal_share=0.0))):
        assert report.solver.used_cpsat, record["id"]
        assert report.verdict == "legal" and report.requirements_obeyed < report.requirements_total


def test_the_play_mix_looks_like_real_play() -> None:
    records = list(generate_records(1000, seed=8))

    def share(predicate: Any) -> float:
        return sum(1 for r in records if predicate(r)) / len(records)

    def abilities(record: dict[str, Any]) -> set[str]:
        return {
            a if isinstance(a, str) else next(iter(a)) for p in record["permanents"] for a in p.get("abilities", [])
        }

    patterns = Counter(r["source"]["pattern"] for r in records)
    assert share(lambda r: "flying" in abilities(r)) > 0.5
    for common in ("reach", "menace", "first_strike", "deathtouch"):
        assert share(lambda r, k=common: k in abilities(r)) > 0.1, common
    assert share(lambda r: any(p.get("name", "").endswith("Token") for p in r["permanents"])) > 0.3
    for rare in ("lure", "provoke", "must_be_blocked", "cost"):
        assert 0.01 < patterns[rare] / len(records) < 0.15, rare
    assert patterns["none"] / len(records) > 0.6
    assert share(lambda r: len(r["players"]) > 2) > 0.02
    assert {r["source"]["step"] for r in records} == {"declare_blockers"}
    assert all(snapshot_of(r).step == "declare_blockers" for r in records[:100])


def test_records_are_reproducible_unique_and_grouped_in_games() -> None:
    first = list(generate_records(120, seed=9))
    assert first == list(generate_records(120, seed=9))
    assert first != list(generate_records(120, seed=10))
    assert len({r["id"] for r in first}) == 120
    for _game, combats in itertools.groupby(first, key=lambda r: r["source"]["game"]):
        turns = [r["source"]["turn"] for r in combats]
        assert turns == sorted(turns) and len(set(turns)) == len(turns)


def test_generation_is_streamed() -> None:
    records = generate_records(10**12, seed=1)
    assert next(records)["id"] == next(generate_records(1, seed=1))["id"]


def test_bad_arguments_are_rejected() -> None:
    with pytest.raises(ValueError, match="illegal_share"):
        next(generate_records(10, illegal_share=1.5))
    with pytest.raises(ValueError, match="mix"):
        next(generate_records(10, mix="chaos"))
    with pytest.raises(ValueError, match="declare_attackers"):
        next(generate_records(10, step="declare_attackers"))


def test_gzip_files_are_byte_for_byte_reproducible(tmp_path: Path) -> None:
    a, b = tmp_path / "a.jsonl.gz", tmp_path / "b.jsonl.gz"
    assert write_file(generate_records(30, seed=2), a) == 30
    write_file(generate_records(30, seed=2), b)
    assert a.read_bytes() == b.read_bytes()
    lines = gzip.decompress(a.read_bytes()).decode().splitlines()
    assert [json.loads(line) for line in lines] == list(generate_records(30, seed=2))


def test_cli_generate_to_file_and_stdout(tmp_path: Path) -> None:
    out = tmp_path / "g.jsonl"
    result = runner.invoke(
        app, ["generate", "--count", "12", "--seed", "3", "--illegal-share", "0.25", "--out", str(out)]
    )
    assert result.exit_code == 0, result.output
    records = [json.loads(line) for line in out.read_text().splitlines()]
    assert len(records) == 12 and sum(r["expected"] == "illegal" for r in records) == 3
    result = runner.invoke(app, ["generate", "--count", "12", "--seed", "3", "--illegal-share", "0.25"])
    assert [json.loads(line) for line in result.stdout.splitlines()] == records
    assert runner.invoke(app, ["generate", "--illegal-share", "2"]).exit_code == 2


def test_the_sample_file_is_large_enough_and_the_checker_agrees_with_it(tmp_path: Path) -> None:
    summary = run_batch([str(SAMPLE)], tmp_path / "out.jsonl", BatchOptions(workers=1))
    assert summary.records >= 300
    assert summary.by_verdict["invalid"] == summary.by_verdict["unknown"] == 0
    assert summary.as_expected[False] == 0 and summary.as_expected[True] == summary.records
    assert summary.by_verdict["illegal"] == round(summary.records * 0.1)
