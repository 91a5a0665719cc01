"""Batch output under hostile conditions (issue 9 §2, items 1, 8, 9, 10): results that UTF-8 can't encode, a full
disk, a directory that refuses files, a results file cut between `}` and its newline, workers killed from outside.
Each test reproduces the reported failure; the invariant is the same everywhere: exit 2 with a message and no
traceback, and after `--resume` the results file holds each record exactly once, every line readable."""

from __future__ import annotations

import contextlib
import errno
import io
import json
import os
import shutil
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path
from typing import Any

import batch_kill
import pytest
from combatcheck.batch import BatchOptions, BatchOutputError, run_batch
from combatcheck.batch import pool as batch_pool
from combatcheck.batch import results as batch_results
from combatcheck.cli import app
from combatcheck.generate import dumps, generate_records
from typer.testing import CliRunner, Result

runner = CliRunner()


def write_records(path: Path, records: list[dict[str, Any]]) -> Path:
    path.write_text("".join(dumps(r) + "\n" for r in records), encoding="utf-8")
    return path


def records(count: int, seed: int = 5) -> list[dict[str, Any]]:
    return list(generate_records(count, seed=seed, illegal_share=0.2))


def rows(path: Path) -> list[dict[str, Any]]:
    """Every line of a results file, each of which must be a JSON object on its own line."""
    text = path.read_bytes().decode("utf-8")  # strict: the file is valid UTF-8
    assert text.endswith("\n")
    return [json.loads(line) for line in text.splitlines()]


def assert_each_record_once(path: Path, expected: list[dict[str, Any]]) -> list[dict[str, Any]]:
    found = rows(path)
    assert sorted(r["line"] for r in found) == list(range(1, len(expected) + 1))
    by_line = {r["line"]: r for r in found}
    for number, record in enumerate(expected, start=1):
        assert by_line[number]["verdict"] == record["expected"], (number, by_line[number])
    return found


def assert_clean_exit_2(result: Result, *messages: str) -> None:
    assert result.exit_code == 2, result.output
    assert isinstance(result.exception, SystemExit)
    assert "Traceback" not in result.output
    for message in messages:
        assert message in result.output


# -- 1. results are always writable --------------------------------------------------------------------------
def test_unpaired_surrogates_in_id_source_and_messages_are_written_as_escapes(tmp_path: Path) -> None:
    """`"\\ud800"` is valid JSON; the writer used to die on it, and every --resume died at the same chunk."""
    good = records(6)
    good[1]["id"] = "\ud800"
    good[2]["source"]["game"] = "g\udfff"
    good[3]["players"] = [*good[3]["players"], "\ud83d"]  # quoted back in a message? at least written
    good[4]["permanents"][0]["controller"] = "\udc80"  # an unknown player: the message names it
    lines = [json.dumps(r) for r in good]  # ASCII with \\u escapes, as a recorder would write them
    source = tmp_path / "games.jsonl"
    source.write_text("\n".join(lines) + "\n", encoding="ascii")
    out = tmp_path / "out.jsonl"
    summary = run_batch([str(source)], out, BatchOptions(workers=1))
    assert summary.records == 6
    found = rows(out)
    assert [r["line"] for r in found] == [1, 2, 3, 4, 5, 6]
    assert found[1]["id"] == "\ud800"  # the escape reads back as the same string
    assert found[2]["source"]["game"] == "g\udfff"
    assert found[4]["verdict"] == "invalid"
    again = run_batch([str(source)], out, BatchOptions(workers=1, resume=True))
    assert (again.checked, again.skipped, again.records) == (0, 6, 6)


def test_a_result_that_cannot_be_serialised_is_still_written() -> None:
    line, written = batch_results.result_line("f.jsonl", {"line": 3, "id": "x", "verdict": "legal", "n": 10**5000})
    assert json.loads(line) == {
        "file": "f.jsonl",
        "line": 3,
        "id": None,
        "verdict": "unknown",
        "reason": "internal error: the result can't be written as JSON (ValueError)",
    }
    assert written["verdict"] == "unknown"


# -- 8. output problems exit 2 with a message -----------------------------------------------------------------
def test_out_in_proc_exits_2_with_a_message(tmp_path: Path) -> None:
    source = write_records(tmp_path / "games.jsonl", records(3))
    result = runner.invoke(app, ["batch", str(source), "--out", "/proc/combatcheck-results.jsonl"])
    assert_clean_exit_2(result, "/proc/combatcheck-results.jsonl: the results can't be written")


def test_out_over_a_proc_file_exits_2_with_a_message(tmp_path: Path) -> None:
    source = write_records(tmp_path / "games.jsonl", records(3))
    for flag in ("--overwrite", "--resume"):
        result = runner.invoke(app, ["batch", str(source), "--out", "/proc/self/status", flag])
        assert_clean_exit_2(result, "/proc/self/status: the ")


def test_out_in_an_immutable_directory_exits_2_with_a_message(tmp_path: Path) -> None:
    if shutil.which("chattr") is None:
        pytest.skip("chattr is not installed")
    folder = tmp_path / "frozen"
    folder.mkdir()
    if subprocess.run(["chattr", "+i", str(folder)], capture_output=True).returncode != 0:
        pytest.skip("this file system or user can't make a directory immutable")
    try:
        source = write_records(tmp_path / "games.jsonl", records(3))
        result = runner.invoke(app, ["batch", str(source), "--out", str(folder / "out.jsonl")])
        assert_clean_exit_2(result, "the results can't be written (Operation not permitted)")
    finally:
        subprocess.run(["chattr", "-i", str(folder)], check=True)


class FullDisk(io.StringIO):
    """A results stream on a disk that fills up after `room` characters."""

    def __init__(self, path: Path, room: int) -> None:
        super().__init__()
        self.target = path.open("a", encoding="utf-8", newline="\n")
        self.room = room

    def write(self, text: str) -> int:
        if len(text) > self.room:
            self.target.write(text[: self.room])  # what a full disk keeps: part of the chunk, a cut line
            self.target.flush()
            self.room = 0
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        self.room -= len(text)
        return self.target.write(text)

    def flush(self) -> None:
        self.target.flush()

    def close(self) -> None:
        self.target.close()
        super().close()


def test_a_full_disk_exits_2_keeps_what_was_written_and_resume_finishes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    expected = records(40)
    source = write_records(tmp_path / "games.jsonl", expected)
    out = tmp_path / "out.jsonl"
    monkeypatch.setattr(batch_results, "open_for_append", lambda path: FullDisk(path, room=5000))
    result = runner.invoke(app, ["batch", str(source), "--out", str(out), "--workers", "1", "--chunk-size", "8"])
    assert_clean_exit_2(result, "the results can't be written (No space left on device)", "--resume")
    kept = out.read_bytes()
    assert len(kept) > 0 and not kept.endswith(b"\n")  # complete chunks, then a cut line
    monkeypatch.undo()
    result = runner.invoke(app, ["batch", str(source), "--out", str(out), "--workers", "1", "--resume"])
    assert result.exit_code == 0, result.output
    assert_each_record_once(out, expected)


@pytest.fixture
def small_disk(tmp_path: Path) -> Any:
    """A 64 KiB tmpfs: a disk that really fills up (needs root; skipped elsewhere)."""
    mount = tmp_path / "small"
    mount.mkdir()
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", str(mount)], capture_output=True)
    if done.returncode != 0:
        pytest.skip("can't mount a tmpfs here")
    try:
        yield mount
    finally:
        subprocess.run(["umount", "-l", str(mount)], check=False)


def test_a_really_full_disk_exits_2_and_resume_finishes_once_there_is_room(tmp_path: Path, small_disk: Path) -> None:
    expected = records(300)
    source = write_records(tmp_path / "games.jsonl", expected)
    out = small_disk / "out.jsonl"
    args = ["batch", str(source), "--out", str(out), "--workers", "1", "--chunk-size", "16"]
    result = runner.invoke(app, args)
    assert_clean_exit_2(result, "No space left on device")
    subprocess.run(["mount", "-o", "remount,size=4m", str(small_disk)], check=True)
    result = runner.invoke(app, [*args, "--resume"])
    assert result.exit_code == 0, result.output
    assert_each_record_once(out, expected)


def test_summary_json_on_a_full_disk_exits_2_with_a_message(tmp_path: Path, small_disk: Path) -> None:
    source = write_records(tmp_path / "games.jsonl", records(5))
    with (small_disk / "filler").open("ab", buffering=0) as filler, contextlib.suppress(OSError):
        while True:  # until the disk is full
            filler.write(b"x" * 512)
    out = tmp_path / "out.jsonl"
    summary = small_disk / "summary.json"
    result = runner.invoke(app, ["batch", str(source), "--out", str(out), "--summary-json", str(summary)])
    assert_clean_exit_2(result, f"{summary}: the summary can't be written (No space left on device)")
    assert len(rows(out)) == 5  # the results are complete


def test_summary_json_problems_exit_2_without_traceback(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    source = write_records(tmp_path / "games.jsonl", records(3))
    out = tmp_path / "out.jsonl"
    result = runner.invoke(app, ["batch", str(source), "--out", str(out), "--summary-json", str(tmp_path)])
    assert_clean_exit_2(result, "is a directory")
    result = runner.invoke(app, ["batch", str(source), "--out", str(out), "--summary-json", "/proc/summary.json"])
    assert_clean_exit_2(result, "/proc/summary.json: the summary can't be written")

    def no_space(self: Path, *args: Any, **kwargs: Any) -> int:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(Path, "write_text", no_space)
    summary = tmp_path / "summary.json"
    result = runner.invoke(
        app, ["batch", str(source), "--out", str(out), "--overwrite", "--summary-json", str(summary)]
    )
    assert_clean_exit_2(result, "the summary can't be written (No space left on device)")


# -- 9. resume after a cut between `}` and the newline --------------------------------------------------------
@pytest.mark.parametrize("cut_after", [1, 17, 30])
def test_resume_after_a_cut_between_the_brace_and_the_newline(tmp_path: Path, cut_after: int) -> None:
    expected = records(30)
    source = write_records(tmp_path / "games.jsonl", expected)
    out = tmp_path / "out.jsonl"
    run_batch([str(source)], out, BatchOptions(workers=1))
    lines = out.read_bytes().splitlines(keepends=True)
    out.write_bytes(b"".join(lines[: cut_after - 1]) + lines[cut_after - 1].rstrip(b"\n"))  # ends with `}`
    summary = run_batch([str(source)], out, BatchOptions(workers=1, resume=True))
    assert (summary.skipped, summary.checked, summary.records) == (cut_after, 30 - cut_after, 30)
    assert len(out.read_bytes().splitlines()) == 30
    assert_each_record_once(out, expected)


# -- 10. workers killed from outside; resume re-checks internal errors ----------------------------------------
@pytest.fixture
def killing_pool(monkeypatch: pytest.MonkeyPatch) -> None:
    """The pool's workers run the stand-ins of tests/batch_kill.py, which SIGKILL their own process."""
    monkeypatch.setattr(batch_pool, "check_chunk", batch_kill.check_chunk)
    monkeypatch.setattr(batch_pool, "check_record", batch_kill.check_record)


def test_a_worker_killed_from_outside_is_retried_and_blames_no_record(tmp_path: Path, killing_pool: None) -> None:
    """Three kills from outside while a chunk runs used to put a valid record down as "the worker process died on
    this record" (the third hit it while it ran alone). Now the chunk is retried once in a fresh worker, then each
    record runs alone and is blamed only if it kills two fresh workers in a row: three kills blame nobody, however
    they fall (on the chunk in the pool, on its resubmission or retry, on the record alone)."""
    counter = tmp_path / "kills"
    counter.write_text("3")
    expected = records(24)
    expected[9]["source"]["game"] = str(counter)  # in the second chunk of 8
    source = write_records(tmp_path / "games.jsonl", expected)
    out = tmp_path / "out.jsonl"
    summary = run_batch([str(source)], out, BatchOptions(workers=2, chunk_size=8))
    assert counter.read_text() == "0"  # every kill happened
    assert summary.internal_errors == 0
    found = assert_each_record_once(out, expected)
    assert [r["line"] for r in found] == list(range(1, 25))


def test_a_record_that_kills_every_worker_is_blamed_and_checked_again_on_resume(
    tmp_path: Path, killing_pool: None
) -> None:
    expected = records(12)
    expected[4]["source"]["game"] = "kill-always"
    source = write_records(tmp_path / "games.jsonl", expected)
    out = tmp_path / "out.jsonl"
    options = BatchOptions(workers=2, chunk_size=4)
    summary = run_batch([str(source)], out, options)
    assert summary.internal_errors == 1
    found = rows(out)
    assert [r["line"] for r in found] == list(range(1, 13))
    assert found[4]["reason"] == batch_pool.WORKER_DIED
    assert all(r["verdict"] == e["expected"] for r, e in zip(found, expected, strict=True) if r["line"] != 5)

    again = run_batch([str(source)], out, BatchOptions(workers=2, chunk_size=4, resume=True))
    assert (again.skipped, again.checked, again.internal_errors) == (11, 1, 1)
    assert Counter(r["line"] for r in rows(out)) == Counter(range(1, 13))  # each record once


def test_a_worker_that_dies_before_the_next_chunk_is_handed_out_is_recovered_like_any_other(
    tmp_path: Path, killing_pool: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The CI machine once saw the pool break between two submissions: `pool.submit` raised BrokenProcessPool out of
    run_batch instead of the chunk being retried. Here the next chunk is handed out only once the pool is broken."""
    pools: list[ProcessPoolExecutor] = []
    make_pool, make_tasks = batch_pool._pool, batch_pool._tasks

    def recorded_pool(workers: int) -> ProcessPoolExecutor:
        pools.append(make_pool(workers))
        return pools[-1]

    def tasks_after_the_break(*args: Any) -> Iterator[Any]:
        for number, task in enumerate(make_tasks(*args)):
            if number == 1:  # the first chunk, which kills its worker, is out: wait until the pool knows
                deadline = time.monotonic() + 60
                while not pools[0]._broken and time.monotonic() < deadline:
                    time.sleep(0.01)
                assert pools[0]._broken
            yield task

    monkeypatch.setattr(batch_pool, "_pool", recorded_pool)
    monkeypatch.setattr(batch_pool, "_tasks", tasks_after_the_break)
    counter = tmp_path / "kills"
    counter.write_text("1")
    expected = records(12)
    expected[0]["source"]["game"] = str(counter)
    source = write_records(tmp_path / "games.jsonl", expected)
    out = tmp_path / "out.jsonl"
    summary = run_batch([str(source)], out, BatchOptions(workers=2, chunk_size=4))
    assert counter.read_text() == "0"
    assert summary.internal_errors == 0
    assert [r["line"] for r in assert_each_record_once(out, expected)] == list(range(1, 13))


def test_a_pool_abandoned_mid_run_leaves_no_worker_running() -> None:
    """After Ctrl-C or an error, a worker must not go on with a long check (nor keep the interpreter's exit waiting
    on the pool's manager thread): abandoning a pool kills its workers."""
    pool = batch_pool._pool(2)
    busy = [pool.submit(time.sleep, 600) for _ in range(2)]
    while not all(future.running() for future in busy):
        time.sleep(0.01)
    workers = list(pool._processes.values())
    batch_pool._abandon(pool)
    for worker in workers:
        worker.join(60)
        assert worker.exitcode is not None


def test_submitting_to_a_broken_pool_gives_a_failed_future_instead_of_raising() -> None:
    pool = batch_pool._pool(1)
    try:
        with pytest.raises(BrokenProcessPool):
            pool.submit(os._exit, 1).result()
        later = batch_pool._submit(pool, abs, -1)
        with pytest.raises(BrokenProcessPool):
            later.result()
    finally:
        batch_pool._abandon(pool)


def test_workers_that_cannot_start_stop_the_run_and_blame_no_record(tmp_path: Path) -> None:
    """A script that calls run_batch without `if __name__ == "__main__":` can't start its workers (each one imports
    the script first): every record used to end as "the worker process died on this record". Now the run stops
    with a BatchError that says why, and no record is blamed."""
    source = write_records(tmp_path / "games.jsonl", records(6))
    script = tmp_path / "unguarded.py"
    script.write_text(
        "from pathlib import Path\n"
        "from combatcheck.batch import BatchError, BatchOptions, run_batch\n"
        "try:\n"
        f"    run_batch([{str(source)!r}], Path({str(tmp_path / 'out.jsonl')!r}), BatchOptions(workers=2))\n"
        "except BatchError as exc:\n"
        "    print('stopped:', exc)\n"
    )
    proc = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=120, cwd=tmp_path)
    assert f"stopped: {batch_pool.WORKERS_CANNOT_START}" in proc.stdout, (proc.stdout, proc.stderr[-2000:])
    out = tmp_path / "out.jsonl"
    assert not out.exists() or batch_pool.WORKER_DIED not in out.read_text()


def test_resume_checks_records_that_ended_in_an_internal_error_again(tmp_path: Path) -> None:
    expected = records(20)
    source = write_records(tmp_path / "games.jsonl", expected)
    out = tmp_path / "out.jsonl"
    run_batch([str(source)], out, BatchOptions(workers=1))
    found = rows(out)
    for index in (3, 11):
        found[index] = {**found[index], "verdict": "unknown", "reason": batch_pool.WORKER_DIED}
    out.write_text("".join(json.dumps(r) + "\n" for r in found), encoding="utf-8")
    summary = run_batch([str(source)], out, BatchOptions(workers=1, resume=True))
    assert (summary.skipped, summary.checked, summary.internal_errors) == (18, 2, 0)
    assert_each_record_once(out, expected)
    assert not list(tmp_path.glob(".out.jsonl.*"))  # the temporary file of the rewrite is gone


def test_resume_ignores_lines_that_are_not_results(tmp_path: Path) -> None:
    """An earlier output with foreign lines (wrong shapes) is read without dying; those lines are counted."""
    expected = records(5)
    source = write_records(tmp_path / "games.jsonl", expected)
    out = tmp_path / "out.jsonl"
    run_batch([str(source)], out, BatchOptions(workers=1))
    foreign = [
        {"file": str(source), "line": 99, "verdict": ["legal"]},
        {"file": str(source), "line": 98, "verdict": "illegal", "violations": 3},
        {"file": str(source), "line": 97, "verdict": "illegal", "violations": [{"rule": ["x"]}]},
        {"file": str(source), "line": True, "verdict": "legal"},
        [1, 2],
    ]
    with out.open("a", encoding="utf-8") as stream:
        stream.write("".join(json.dumps(f) + "\n" for f in foreign) + "1" * 5000 + "\n")
    summary = run_batch([str(source)], out, BatchOptions(workers=1, resume=True))
    assert (summary.skipped, summary.checked, summary.unreadable_results) == (5, 0, 6)


def test_an_output_error_is_a_batch_error_for_library_users(tmp_path: Path) -> None:
    source = write_records(tmp_path / "games.jsonl", records(2))
    with pytest.raises(BatchOutputError, match="the results can't be written"):
        run_batch([str(source)], Path("/proc/out.jsonl"), BatchOptions(workers=1))
