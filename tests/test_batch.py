"""Batch validation: input order, bad records, cut-off files, resume, gzip, parallel workers, dask, summary."""

from __future__ import annotations

import gzip
import json
import logging
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from combatcheck import batch
from combatcheck.batch import BatchOptions, BatchUsageError, ProgressInfo, check_record, run_batch
from combatcheck.cli import app
from combatcheck.generate import dumps, generate_records
from typer.testing import CliRunner

runner = CliRunner()


def write_lines(path: Path, lines: list[str], *, final_newline: bool = True) -> Path:
    text = "\n".join(lines) + ("\n" if final_newline else "")
    if path.suffix == ".gz":
        path.write_bytes(gzip.compress(text.encode("utf-8")))
    else:
        path.write_text(text, encoding="utf-8")
    return path


def generated(path: Path, count: int, seed: int = 7, share: float = 0.2) -> list[dict[str, Any]]:
    records = list(generate_records(count, seed=seed, illegal_share=share))
    write_lines(path, [dumps(r) for r in records])
    return records


def results(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def without_time(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [{k: v for k, v in row.items() if k != "ms"} for row in rows]


def small_record(rid: str, blocks: dict[str, Any], **extra: Any) -> dict[str, Any]:
    """A flyer and a bear attack; the defender has a bear and a spider with reach."""
    return {
        "id": rid,
        "source": {"game": "g1", "turn": 3, "step": "declare_blockers"},
        "active_player": "ana",
        "players": ["ana", "ben"],
        "permanents": [
            {
                "id": "drake",
                "controller": "ana",
                "power": 2,
                "toughness": 2,
                "abilities": ["flying"],
                "attacking": "ben",
            },
            {"id": "ogre", "controller": "ana", "power": 3, "toughness": 3, "attacking": "ben"},
            {"id": "bear", "controller": "ben", "power": 2, "toughness": 2},
            {"id": "spider", "controller": "ben", "power": 1, "toughness": 4, "abilities": ["reach"]},
        ],
        "declaration": {"blocks": blocks},
        **extra,
    }


# -- order, verdicts, the per-record function ---------------------------------------------------------------
def test_one_result_per_record_in_input_order(tmp_path: Path) -> None:
    records = generated(tmp_path / "games.jsonl", 150)
    summary = run_batch([str(tmp_path / "games.jsonl")], tmp_path / "out.jsonl", BatchOptions(workers=1, chunk_size=16))
    rows = results(tmp_path / "out.jsonl")
    assert [r["line"] for r in rows] == list(range(1, 151))
    assert [r["id"] for r in rows] == [r["id"] for r in records]
    assert [r["verdict"] for r in rows] == [r["expected"] for r in records]
    assert all(r["as_expected"] for r in rows)
    assert summary.records == summary.checked == 150


def test_check_record_returns_plain_json_with_rule_numbers() -> None:
    line = json.dumps(small_record("r1", {"bear": "drake"})) + "\n"
    result = check_record(4, line)
    assert json.loads(json.dumps(result)) == result
    assert result["line"] == 4 and result["id"] == "r1" and result["verdict"] == "illegal"
    assert result["source"] == {"game": "g1", "turn": 3, "step": "declare_blockers"}
    assert [(v["rule"], v["key"]) for v in result["violations"]] == [("702.9b", "flying")]
    assert result["obeyed"] == 0 and result["optimum"] == 0 and result["solver"] == "fast-path"
    assert isinstance(result["ms"], float)


def test_requirements_obeyed_and_optimum_are_reported() -> None:
    record = small_record("lure", {})
    record["permanents"][1]["abilities"] = ["lure"]  # the ogre: all creatures able to block it do so
    result = check_record(1, json.dumps(record) + "\n")
    assert result["verdict"] == "illegal"
    assert result["obeyed"] == 0 and result["optimum"] == 2 and result["requirements"] == 2
    assert {v["key"] for v in result["violations"]} == {"all_able_must_block_it"}
    assert result["solver"] == "optimal"


# -- bad records never stop the run ---------------------------------------------------------------------------
def test_bad_records_are_invalid_with_line_number_and_the_run_goes_on(tmp_path: Path) -> None:
    bad_power = small_record("bad-power", {"bear": "ogre"})
    bad_power["permanents"][2]["power"] = "two"
    lines = [
        json.dumps(small_record("ok-1", {"spider": "drake"})),
        '{"id": "broken", "active_player": "ana" "players": []}',
        "",  # blank lines are not records
        json.dumps(bad_power),
        "[1, 2]",
        json.dumps(small_record("bad-id", {}, source={"game": "g1", "turn": -1})),
        json.dumps(small_record("ok-2", {"bear": "drake"})),
        json.dumps(small_record("cut", {}))[:70],
    ]
    path = write_lines(tmp_path / "mixed.jsonl", lines, final_newline=False)
    summary = run_batch([str(path)], tmp_path / "out.jsonl", BatchOptions(workers=1))
    rows = {r["line"]: r for r in results(tmp_path / "out.jsonl")}
    assert sorted(rows) == [1, 2, 4, 5, 6, 7, 8]
    assert rows[1]["verdict"] == "legal" and rows[7]["verdict"] == "illegal"
    assert rows[2]["verdict"] == "invalid" and "malformed JSON" in rows[2]["errors"][0]["message"]
    assert rows[4]["verdict"] == "invalid" and rows[4]["id"] == "bad-power"
    assert rows[4]["errors"][0]["path"] == "permanents[2] (id 'bear').power"
    assert "a record is a JSON object" in rows[5]["errors"][0]["message"]
    assert rows[6]["errors"] == [{"path": "source.turn", "message": "must be a non-negative integer"}]
    assert rows[8]["verdict"] == "invalid" and "cut off at the end of the file" in rows[8]["errors"][0]["message"]
    assert summary.by_verdict == Counter({"invalid": 5, "legal": 1, "illegal": 1})


def test_a_complete_last_line_without_newline_is_a_normal_record(tmp_path: Path) -> None:
    lines = [json.dumps(small_record("a", {})), json.dumps(small_record("b", {"spider": "drake"}))]
    path = write_lines(tmp_path / "in.jsonl", lines, final_newline=False)
    run_batch([str(path)], tmp_path / "out.jsonl", BatchOptions(workers=1))
    assert [r["verdict"] for r in results(tmp_path / "out.jsonl")] == ["legal", "legal"]


def test_non_utf8_line_and_step_mismatch_are_invalid(tmp_path: Path) -> None:
    good = json.dumps(small_record("good", {})).encode()
    mismatch = json.dumps(small_record("m", {}, source={"game": "g", "step": "declare_attackers"})).encode()
    path = tmp_path / "in.jsonl"
    path.write_bytes(b'{"id": "\xff\xfe"}\n' + mismatch + b"\n" + good + b"\n")
    run_batch([str(path)], tmp_path / "out.jsonl", BatchOptions(workers=1))
    rows = results(tmp_path / "out.jsonl")
    assert rows[0]["errors"][0]["message"] == "the line is not UTF-8 text"
    assert rows[1]["errors"][0]["path"] == "source.step"
    assert rows[2]["verdict"] == "legal"


def test_a_checker_failure_is_reported_as_unknown_and_counted(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import combatcheck.solver

    def broken(*args: Any, **kwargs: Any) -> Any:
        raise RuntimeError("boom")

    monkeypatch.setattr(combatcheck.solver, "check", broken)
    path = write_lines(tmp_path / "in.jsonl", [json.dumps(small_record("a", {}))] * 3)
    summary = run_batch([str(path)], tmp_path / "out.jsonl", BatchOptions(workers=1))
    rows = results(tmp_path / "out.jsonl")
    assert [r["verdict"] for r in rows] == ["unknown"] * 3
    assert rows[0]["reason"] == "internal error: RuntimeError: boom"
    assert summary.internal_errors == 3


def test_expected_verdicts_that_disagree_are_counted(tmp_path: Path) -> None:
    lines = [
        json.dumps(small_record("right", {}, expected="legal")),
        json.dumps(small_record("wrong", {}, expected="illegal")),
    ]
    summary = run_batch([str(write_lines(tmp_path / "in.jsonl", lines))], tmp_path / "out.jsonl")
    assert [r["as_expected"] for r in results(tmp_path / "out.jsonl")] == [True, False]
    assert summary.as_expected == Counter({True: 1, False: 1})


# -- gzip ----------------------------------------------------------------------------------------------------
def test_gzip_input_gives_the_same_results(tmp_path: Path) -> None:
    records = list(generate_records(60, seed=3, illegal_share=0.3))
    plain = write_lines(tmp_path / "g.jsonl", [dumps(r) for r in records])
    packed = write_lines(tmp_path / "g.jsonl.gz", [dumps(r) for r in records])
    run_batch([str(plain)], tmp_path / "a.jsonl", BatchOptions(workers=1))
    run_batch([str(packed)], tmp_path / "b.jsonl", BatchOptions(workers=1))
    a, b = without_time(results(tmp_path / "a.jsonl")), without_time(results(tmp_path / "b.jsonl"))
    assert len(a) == 60
    assert [{**r, "file": ""} for r in a] == [{**r, "file": ""} for r in b]


def test_cut_off_gzip_file_reports_its_last_record(tmp_path: Path) -> None:
    records = list(generate_records(80, seed=4))
    data = gzip.compress(("\n".join(dumps(r) for r in records) + "\n").encode())
    path = tmp_path / "cut.jsonl.gz"
    path.write_bytes(data[: len(data) * 2 // 3])
    later = write_lines(tmp_path / "later.jsonl", [json.dumps(small_record("after", {}))])
    run_batch([str(path), str(later)], tmp_path / "out.jsonl", BatchOptions(workers=1))
    rows = results(tmp_path / "out.jsonl")
    mine = [r for r in rows if r["file"] == str(path)]
    assert 10 < len(mine) < 80
    assert [r["line"] for r in mine] == list(range(1, len(mine) + 1))
    assert all(r["verdict"] in ("legal", "illegal") for r in mine[:-1])
    assert mine[-1]["verdict"] == "invalid"
    assert "gzip data ends early" in mine[-1]["errors"][0]["message"]
    assert rows[-1]["file"] == str(later) and rows[-1]["verdict"] == "legal"


def test_corrupt_gzip_data_is_reported_and_the_next_file_is_checked(tmp_path: Path) -> None:
    records = list(generate_records(80, seed=5))
    data = bytearray(gzip.compress(("\n".join(dumps(r) for r in records) + "\n").encode()))
    for i in range(len(data) // 2, len(data) // 2 + 64):
        data[i] ^= 0x5A
    path = tmp_path / "corrupt.jsonl.gz"
    path.write_bytes(bytes(data))
    later = write_lines(tmp_path / "later.jsonl", [json.dumps(small_record("after", {}))])
    run_batch([str(path), str(later)], tmp_path / "out.jsonl", BatchOptions(workers=1))
    rows = results(tmp_path / "out.jsonl")
    problems = [r for r in rows if r["file"] == str(path) and r["verdict"] == "invalid"]
    assert problems and "corrupt gzip data" in problems[-1]["errors"][0]["message"]
    assert rows[-1]["file"] == str(later) and rows[-1]["verdict"] == "legal"


# -- workers -------------------------------------------------------------------------------------------------
def test_two_workers_give_the_same_output_as_one(tmp_path: Path) -> None:
    generated(tmp_path / "a.jsonl", 90, seed=11)
    generated(tmp_path / "b.jsonl.gz", 45, seed=12)
    inputs = [str(tmp_path / "a.jsonl"), str(tmp_path / "b.jsonl.gz")]
    one = run_batch(inputs, tmp_path / "one.jsonl", BatchOptions(workers=1, chunk_size=7))
    two = run_batch(inputs, tmp_path / "two.jsonl", BatchOptions(workers=2, chunk_size=7))
    assert len(results(tmp_path / "one.jsonl")) == 135
    assert without_time(results(tmp_path / "one.jsonl")) == without_time(results(tmp_path / "two.jsonl"))
    assert one.to_json()["by_verdict"] == two.to_json()["by_verdict"]
    assert one.to_json()["by_rule"] == two.to_json()["by_rule"]


# -- interruption and resume ---------------------------------------------------------------------------------
def test_resume_skips_records_already_in_the_output(tmp_path: Path) -> None:
    generated(tmp_path / "in.jsonl", 70, seed=21)
    inputs = [str(tmp_path / "in.jsonl")]
    run_batch(inputs, tmp_path / "full.jsonl", BatchOptions(workers=1))
    full = (tmp_path / "full.jsonl").read_text().splitlines(keepends=True)
    # An interrupted run: 30 complete lines and half of the 31st.
    (tmp_path / "part.jsonl").write_text("".join(full[:30]) + full[30][:40])
    summary = run_batch(inputs, tmp_path / "part.jsonl", BatchOptions(workers=1, resume=True))
    assert summary.skipped == 30 and summary.checked == 40 and summary.records == 70
    assert without_time(results(tmp_path / "part.jsonl")) == without_time(results(tmp_path / "full.jsonl"))
    again = run_batch(inputs, tmp_path / "part.jsonl", BatchOptions(workers=1, resume=True))
    assert again.checked == 0 and again.skipped == 70 and again.records == 70
    assert len(results(tmp_path / "part.jsonl")) == 70


@pytest.mark.parametrize("workers", [1, 2])
def test_an_interruption_keeps_the_results_written(tmp_path: Path, workers: int) -> None:
    generated(tmp_path / "in.jsonl", 100, seed=31)
    inputs = [str(tmp_path / "in.jsonl")]
    calls = []

    def interrupt(info: ProgressInfo) -> None:
        calls.append(info)
        if len(calls) == 2:
            raise KeyboardInterrupt

    out = tmp_path / "out.jsonl"
    summary = run_batch(inputs, out, BatchOptions(workers=workers, chunk_size=10), progress=interrupt)
    assert summary.interrupted
    kept = results(out)
    assert 20 <= len(kept) < 100
    assert [r["line"] for r in kept] == list(range(1, len(kept) + 1))
    resumed = run_batch(inputs, out, BatchOptions(workers=workers, chunk_size=10, resume=True))
    assert not resumed.interrupted and resumed.records == 100 and resumed.skipped == len(kept)
    assert [r["line"] for r in results(out)] == list(range(1, 101))


def test_an_existing_output_needs_resume_or_overwrite(tmp_path: Path) -> None:
    path = write_lines(tmp_path / "in.jsonl", [json.dumps(small_record("a", {}))])
    out = tmp_path / "out.jsonl"
    out.write_text("precious\n")
    with pytest.raises(BatchUsageError, match="--resume"):
        run_batch([str(path)], out)
    assert out.read_text() == "precious\n"
    run_batch([str(path)], out, BatchOptions(overwrite=True, workers=1))
    assert [r["id"] for r in results(out)] == ["a"]


# -- summary and command line ----------------------------------------------------------------------------------
def test_summary_counts_match_the_results(tmp_path: Path) -> None:
    generated(tmp_path / "in.jsonl", 200, seed=41, share=0.25)
    summary = run_batch([str(tmp_path / "in.jsonl")], tmp_path / "out.jsonl", BatchOptions(workers=1))
    rows = results(tmp_path / "out.jsonl")
    assert summary.by_verdict == Counter(r["verdict"] for r in rows)
    assert summary.by_verdict["illegal"] == 50
    per_rule = Counter(rule for r in rows for rule in {(v["rule"], v["key"]) for v in r.get("violations", [])})
    assert summary.by_rule == per_rule
    assert summary.cpsat == sum(1 for r in rows if r.get("solver") not in (None, "fast-path"))
    data = summary.to_json()
    assert data["by_verdict"]["illegal"] == 50 and data["records"] == 200


def test_cli_batch_writes_results_summary_table_and_json(tmp_path: Path) -> None:
    generated(tmp_path / "in.jsonl", 40, seed=51, share=0.25)
    out, summary = tmp_path / "out.jsonl", tmp_path / "summary.json"
    args = ["batch", str(tmp_path / "in.jsonl"), "--out", str(out), "--summary-json", str(summary), "--workers", "1"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    assert "Records by verdict" in result.stdout and "Records by broken rule" in result.stdout
    assert "checking" not in result.output  # no progress bar when the output is not a terminal
    data = json.loads(summary.read_text())
    assert data["by_verdict"] == {"legal": 30, "illegal": 10, "invalid": 0, "unknown": 0}
    assert len(results(out)) == 40


def test_cli_batch_reports_unreadable_input_and_checks_the_rest(tmp_path: Path) -> None:
    good = write_lines(tmp_path / "good.jsonl", [json.dumps(small_record("a", {}))])
    out = tmp_path / "out.jsonl"
    result = runner.invoke(app, ["batch", str(tmp_path / "missing.jsonl"), str(good), "--out", str(out)])
    assert result.exit_code == 2
    assert "missing.jsonl: No such file or directory" in result.output
    assert "Traceback" not in result.output
    assert [r["id"] for r in results(out)] == ["a"]


def test_cli_batch_usage_errors_exit_2_without_traceback(tmp_path: Path) -> None:
    good = write_lines(tmp_path / "good.jsonl", [json.dumps(small_record("a", {}))])
    cases = [
        ["batch", str(good), "--out", str(tmp_path / "no-such-dir" / "out.jsonl")],
        ["batch", str(good), "--out", str(tmp_path / "o.jsonl"), "--scheduler", "tcp://127.0.0.1:1"],
        ["batch", str(good), "--out", str(tmp_path / "o.jsonl"), "--workers", "0"],
    ]
    for args in cases:
        result = runner.invoke(app, args)
        assert result.exit_code == 2, (args, result.output)
        assert "Traceback" not in result.output


# -- dask ------------------------------------------------------------------------------------------------------
def test_dask_engine_on_a_local_cluster_matches_the_process_engine(tmp_path: Path) -> None:
    pytest.importorskip("distributed")
    generated(tmp_path / "a.jsonl", 50, seed=61)
    generated(tmp_path / "b.jsonl.gz", 20, seed=62)
    inputs = [str(tmp_path / "a.jsonl"), str(tmp_path / "b.jsonl.gz")]
    run_batch(inputs, tmp_path / "p.jsonl", BatchOptions(workers=1))
    options = BatchOptions(workers=1, engine="dask", partition_lines=12, local_cluster_processes=False)
    summary = run_batch(inputs, tmp_path / "d.jsonl", options)
    assert summary.engine == "dask" and summary.records == 70
    assert without_time(results(tmp_path / "d.jsonl")) == without_time(results(tmp_path / "p.jsonl"))


def test_dask_engine_connects_to_a_running_scheduler_and_resumes(tmp_path: Path) -> None:
    distributed = pytest.importorskip("distributed")
    generated(tmp_path / "a.jsonl", 40, seed=71)
    inputs = [str(tmp_path / "a.jsonl")]
    run_batch(inputs, tmp_path / "full.jsonl", BatchOptions(workers=1))
    lines = (tmp_path / "full.jsonl").read_text().splitlines(keepends=True)
    (tmp_path / "d.jsonl").write_text("".join(lines[:15]))
    with distributed.LocalCluster(
        n_workers=1, threads_per_worker=1, processes=False, dashboard_address=None, silence_logs=logging.ERROR
    ) as cluster:
        options = BatchOptions(engine="dask", scheduler=cluster.scheduler_address, partition_lines=10, resume=True)
        summary = run_batch(inputs, tmp_path / "d.jsonl", options)
    assert summary.skipped == 15 and summary.checked == 25
    assert without_time(results(tmp_path / "d.jsonl")) == without_time(results(tmp_path / "full.jsonl"))


def test_plan_partitions_covers_every_line_once(tmp_path: Path) -> None:
    path = write_lines(tmp_path / "p.jsonl", [f'{{"n": {i}}}' for i in range(1, 24)], final_newline=False)
    reader = batch.InputFile(str(path))
    reader.open()
    try:
        parts = batch.plan_partitions(reader, 5)
    finally:
        reader.close()
    assert [(p.first_line, p.max_lines) for p in parts] == [(1, 5), (6, 5), (11, 5), (16, 5), (21, None)]
    lines = [item[0] for p in parts for item in batch.read_partition(p, frozenset())]
    assert lines == list(range(1, 24))
    texts = [item[1] for item in batch.read_partition(parts[-1], frozenset({22}))]
    assert texts == ['{"n": 21}\n', '{"n": 23}']
