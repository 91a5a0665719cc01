"""The dask engine's partition task: results formatted and counted on the worker, added up in the client."""

from __future__ import annotations

import importlib.util
import json
import logging
import multiprocessing
import os
from pathlib import Path
from typing import Any

import pytest
from combatcheck.batch import BatchOptions, BatchUsageError, ProgressInfo, Summary, run_batch
from combatcheck.batch.dask_engine import (
    LOCAL_CLUSTER_CONFIG,
    _connect,
    _start_forkserver,
    check_partition,
    plan_partitions,
)
from combatcheck.batch.reading import InputFile
from combatcheck.batch.results import format_results, result_line
from combatcheck.batch.summary import DISAGREEMENTS_KEPT
from combatcheck.generate import dumps, generate_records


def synthetic_results(count: int) -> list[dict[str, Any]]:
    """Results of every kind the summary counts: verdicts, rules, CP-SAT, internal errors, partial input and more
    disagreements with `expected` than the summary keeps."""
    made: list[dict[str, Any]] = []
    for n in range(1, count + 1):
        verdict = ("legal", "illegal", "invalid", "unknown")[n % 4]
        result: dict[str, Any] = {"line": n, "id": f"r{n}", "source": {"game": f"g{n % 3}"}, "verdict": verdict}
        if verdict == "illegal":
            result["violations"] = [{"rule": "509.1b", "key": f"k{n % 5}", "message": "m", "objects": []}]
        if n % 7 == 0:
            result["solver"] = "cp-sat"
        if verdict == "unknown" and n % 8 == 3:
            result["reason"] = "internal error: boom"
        if n % 6 == 0:
            result["partial_input"] = True
        if n % 2 == 0:
            result["expected"] = "legal"
            result["as_expected"] = verdict == "legal"
        made.append(result)
    return made


def counts(summary: Summary) -> dict[str, Any]:
    return {k: v for k, v in summary.to_json().items() if k not in ("elapsed_seconds", "records_per_second")}


@pytest.mark.parametrize("cuts", [[], [1], [5, 6, 40], [13, 26, 39, 52, 65], list(range(1, 100))])
def test_tallies_merged_in_order_count_as_results_added_one_by_one(cuts: list[int]) -> None:
    made = synthetic_results(100)
    one_by_one = Summary()
    for result in made:
        one_by_one.add(result)
    merged = Summary()
    for start, end in zip([0, *cuts], [*cuts, len(made)], strict=True):
        tally = Summary()
        for result in made[start:end]:
            tally.add(result)
        merged.merge(tally)
    assert len(one_by_one.disagreements) == DISAGREEMENTS_KEPT
    assert counts(merged) == counts(one_by_one)


def test_formatted_results_are_the_lines_the_writer_wrote_one_by_one() -> None:
    made = synthetic_results(9)
    made[2]["id"] = "\ud800"  # an unpaired surrogate: written as a JSON escape by the output stream
    made[4]["optimum"] = 10**5000  # too long for JSON text: an internal error
    text, tally = format_results([("a.jsonl", 5), ("b.jsonl", 4)], made)
    expected = [result_line("a.jsonl", r)[0] for r in made[:5]] + [result_line("b.jsonl", r)[0] for r in made[5:]]
    assert text == "".join(line + "\n" for line in expected)
    assert tally.records == tally.checked == 9
    assert tally.internal_errors == 1 + sum(str(r.get("reason", "")).startswith("internal error") for r in made)
    assert format_results([("a.jsonl", 0)], []) == ("", Summary())


def test_a_partition_task_gives_the_process_engines_lines_and_counts(tmp_path: Path) -> None:
    path = tmp_path / "in.jsonl"
    path.write_text("".join(dumps(r) + "\n" for r in generate_records(30, seed=5, illegal_share=0.3)))
    run_batch([str(path)], tmp_path / "p.jsonl", BatchOptions(workers=1))
    written = [json.loads(line) for line in (tmp_path / "p.jsonl").read_text().splitlines()]
    reader = InputFile(str(path))
    reader.open()
    try:
        partitions = plan_partitions(reader, 12)
    finally:
        reader.close()
    lines: list[dict[str, Any]] = []
    for partition in partitions:
        done = check_partition(partition, frozenset({3}), "en", None, False)
        got = [json.loads(line) for line in done.text.splitlines()]
        assert done.tally.records == len(got) and sum(done.tally.by_verdict.values()) == len(got)
        lines += got
    assert [r["line"] for r in lines] == [n for n in range(1, 31) if n != 3]
    assert without_time(lines) == without_time([r for r in written if r["line"] != 3])


def record_files(tmp_path: Path, files: int, records: int, seed: int, illegal_share: float) -> list[str]:
    """Generated record files in0.jsonl, in1.jsonl, …, each from its own seed."""
    paths = []
    for k in range(files):
        path = tmp_path / f"in{k}.jsonl"
        lines = generate_records(records, seed=seed + k, illegal_share=illegal_share)
        path.write_text("".join(dumps(r) + "\n" for r in lines))
        paths.append(str(path))
    return paths


def without_time(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [{k: v for k, v in row.items() if k != "ms"} for row in rows]


def test_dask_summary_and_progress_match_the_process_engine(tmp_path: Path) -> None:
    pytest.importorskip("distributed")
    inputs = record_files(tmp_path, files=4, records=15, seed=40, illegal_share=0.4)
    summaries, seen = {}, []
    for engine in ("process", "dask"):
        options = BatchOptions(workers=1, engine=engine, partition_lines=4, local_cluster_processes=False)
        progress: list[ProgressInfo] = []
        summaries[engine] = run_batch(inputs, tmp_path / f"{engine}.jsonl", options, progress.append)
        seen.append(progress)
    left, right = (counts(summaries[e]) for e in ("process", "dask"))
    assert {**left, "engine": None, "out": None} == {**right, "engine": None, "out": None}
    assert right["records"] == 60 and right["checked_this_run"] == 60
    dask_progress = seen[1]
    assert [p.records for p in dask_progress] == sorted(p.records for p in dask_progress)
    fractions = [p.fraction for p in dask_progress]
    assert all(f is not None for f in fractions) and fractions == sorted(fractions)  # type: ignore[type-var]
    assert dask_progress[-1] == ProgressInfo(60, 1.0)


def test_a_run_on_a_shared_scheduler_leaves_no_task_and_no_setting_behind(tmp_path: Path) -> None:
    distributed = pytest.importorskip("distributed")
    dask = pytest.importorskip("dask")
    path = tmp_path / "in.jsonl"
    path.write_text("".join(dumps(r) + "\n" for r in generate_records(20, seed=9)))
    before = {key: dask.config.get(key) for key in LOCAL_CLUSTER_CONFIG}
    run_batch([str(path)], tmp_path / "local.jsonl", BatchOptions(workers=1, engine="dask", partition_lines=6,
                                                                    local_cluster_processes=False))  # fmt: skip
    assert {key: dask.config.get(key) for key in LOCAL_CLUSTER_CONFIG} == before  # the caller's own settings
    with (
        distributed.LocalCluster(
            n_workers=1, threads_per_worker=1, processes=False, dashboard_address=None, silence_logs=logging.ERROR
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        for out in ("one.jsonl", "two.jsonl"):
            options = BatchOptions(engine="dask", scheduler=cluster.scheduler_address, partition_lines=6)
            assert run_batch([str(path)], tmp_path / out, options).records == 20
        # every partition's result was released once written: a long run does not fill the cluster's memory
        assert client.run_on_scheduler(lambda dask_scheduler: len(dask_scheduler.tasks)) == 0
    assert (tmp_path / "one.jsonl").read_text().count("\n") == 20


def test_local_cluster_workers_are_forked_from_the_preloaded_forkserver_with_the_quiet_settings() -> None:
    distributed = pytest.importorskip("distributed")
    dask_config = pytest.importorskip("dask.config")
    if "forkserver" not in multiprocessing.get_all_start_methods():
        pytest.skip("no forkserver on this system: the workers are spawned")
    options = BatchOptions(engine="dask")
    client, cluster = _connect(distributed, options, 2, _start_forkserver(options))
    try:
        settings = client.run(lambda: [dask_config.get(key) for key in LOCAL_CLUSTER_CONFIG])
        assert list(settings.values()) == [list(LOCAL_CLUSTER_CONFIG.values())] * 2
        parents = client.run(os.getppid)
        assert len(parents) == 2 and os.getpid() not in parents.values()  # a spawned worker's parent is this process
    finally:
        client.close()
        cluster.close()


def test_worker_processes_give_the_process_engines_results(tmp_path: Path) -> None:
    pytest.importorskip("distributed")
    inputs = record_files(tmp_path, files=3, records=12, seed=80, illegal_share=0.3)
    run_batch(inputs, tmp_path / "p.jsonl", BatchOptions(workers=2))
    summary = run_batch(inputs, tmp_path / "d.jsonl", BatchOptions(workers=2, engine="dask", partition_lines=5))
    assert summary.records == 36 and summary.internal_errors == 0
    read = [
        [json.loads(line) for line in (tmp_path / name).read_text().splitlines()] for name in ("p.jsonl", "d.jsonl")
    ]
    assert without_time(read[0]) == without_time(read[1])


def test_workers_are_forked_only_for_a_local_cluster_of_processes(tmp_path: Path) -> None:
    assert not _start_forkserver(BatchOptions(engine="dask", scheduler="tcp://127.0.0.1:1"))
    assert not _start_forkserver(BatchOptions(engine="dask", local_cluster_processes=False))


def test_without_distributed_the_dask_engine_says_which_extra_to_install(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "in.jsonl"
    path.write_text("".join(dumps(r) + "\n" for r in generate_records(2, seed=1)))
    real_find_spec = importlib.util.find_spec
    monkeypatch.setattr(
        importlib.util, "find_spec", lambda name, *a: None if name == "distributed" else real_find_spec(name, *a)
    )
    with pytest.raises(BatchUsageError, match=r"pip install 'combatcheck\[dask\]'"):
        run_batch([str(path)], tmp_path / "out.jsonl", BatchOptions(engine="dask"))


def test_the_summarys_disagreements_name_the_file_of_each_record() -> None:
    made = synthetic_results(12)
    _, tally = format_results([("a.jsonl", 6), ("b.jsonl", 6)], made)
    named = {(d["file"], d["line"]) for d in tally.disagreements}
    assert named and all(file == ("a.jsonl" if line <= 6 else "b.jsonl") for file, line in named)
