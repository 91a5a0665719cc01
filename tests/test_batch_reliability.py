"""Batch runs interrupted, run side by side, or reading input that changes under them (issue 20, items 1, 2, 8, 9, 12
and issue 23's wrong-file hints). Each test reproduces the reported failure; the invariants: never a result under
the wrong record, each record exactly once, exit codes that mean what they say."""

from __future__ import annotations

import json
import logging
import os
import zlib
from pathlib import Path
from typing import Any

import pytest
from combatcheck.batch import (
    BatchError,
    BatchOptions,
    InputFile,
    dask_engine,
    plan_partitions,
    read_partition,
    run_batch,
)
from combatcheck.cli import app
from combatcheck.generate import dumps, generate_records
from typer.testing import CliRunner

runner = CliRunner()


def generated(path: Path, count: int, seed: int = 3) -> list[dict[str, Any]]:
    records = list(generate_records(count, seed=seed, illegal_share=0.2))
    path.write_text("".join(dumps(r) + "\n" for r in records), encoding="utf-8")
    return records


def rows(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def _planned(path: Path, lines: int) -> list[dask_engine.Partition]:
    reader = InputFile(str(path))
    reader.open()
    try:
        return plan_partitions(reader, lines)
    finally:
        reader.close()


# -- item 1: an input that changes under a Dask run ------------------------------------------------------------------
def test_dask_refuses_an_input_rewritten_after_its_partitions_were_planned(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    pytest.importorskip("distributed")
    source = tmp_path / "a.jsonl"
    records = generated(source, 60)
    planned = dask_engine.plan_partitions

    def plan_then_rewrite(reader: InputFile, lines: int) -> list[dask_engine.Partition]:
        parts = planned(reader, lines)
        shuffled = records[7:] + records[:7]  # other lines at the planned offsets
        source.write_text("".join(dumps(r) + "\n" for r in shuffled), encoding="utf-8")
        return parts

    monkeypatch.setattr(dask_engine, "plan_partitions", plan_then_rewrite)
    out = tmp_path / "r.jsonl"
    options = BatchOptions(workers=1, engine="dask", partition_lines=10, local_cluster_processes=False)
    with pytest.raises(BatchError, match="changed while the run read it"):
        run_batch([str(source)], out, options)
    assert out.read_text() == ""  # not one result under the wrong record


def test_a_partition_whose_bytes_changed_with_size_and_time_kept_is_refused(tmp_path: Path) -> None:
    source = tmp_path / "a.jsonl"
    generated(source, 30)
    parts = _planned(source, 10)
    assert [len(read_partition(p, frozenset())) for p in parts] == [10, 10, 10]
    status = source.stat()
    data = bytearray(source.read_bytes())
    index = data.index(b'"id":"', parts[1].start) + 6  # an id in the second partition, same length
    data[index] = ord("Z") if data[index] != ord("Z") else ord("Y")
    source.write_bytes(bytes(data))
    os.utime(source, ns=(status.st_atime_ns, status.st_mtime_ns))
    assert source.stat().st_size == status.st_size and source.stat().st_mtime_ns == status.st_mtime_ns
    assert len(read_partition(parts[0], frozenset())) == 10  # untouched bytes: read as planned
    with pytest.raises(dask_engine.InputChanged):
        read_partition(parts[1], frozenset())


def test_the_plan_checksums_each_partition_exactly(tmp_path: Path) -> None:
    source = tmp_path / "a.jsonl"
    generated(source, 23)
    data = source.read_bytes()
    parts = _planned(source, 5)
    assert [p.crc for p in parts] == [zlib.crc32(data[p.start : p.end]) for p in parts]
    assert parts[-1].end == len(data) and [p.first_line for p in parts] == [1, 6, 11, 16, 21]


def test_dask_run_on_an_unchanged_file_is_unaffected(tmp_path: Path) -> None:
    pytest.importorskip("distributed")
    logging.getLogger("distributed").setLevel(logging.ERROR)
    source = tmp_path / "a.jsonl"
    records = generated(source, 25)
    options = BatchOptions(workers=1, engine="dask", partition_lines=10, local_cluster_processes=False)
    run_batch([str(source)], tmp_path / "r.jsonl", options)
    assert [r["verdict"] for r in rows(tmp_path / "r.jsonl")] == [r["expected"] for r in records]


# -- item 2: two runs on one --out; a resume of a file with repeated results -----------------------------------------
def test_a_second_run_on_the_same_out_is_refused_while_the_first_writes(tmp_path: Path) -> None:
    from combatcheck.batch.locking import OutputLocked, lock_path, output_lock

    source, out = tmp_path / "a.jsonl", tmp_path / "r.jsonl"
    generated(source, 6)
    with output_lock(out):  # the first run, still writing
        assert lock_path(out).read_text().strip() == str(os.getpid())
        with pytest.raises(OutputLocked, match="being written by another run"):
            run_batch([str(source)], out, BatchOptions(workers=1))
        for flag in ([], ["--overwrite"], ["--resume"]):
            result = runner.invoke(app, ["batch", str(source), "--out", str(out), "--workers", "1", *flag])
            assert result.exit_code == 2, result.output
            assert f"--out {out} is being written by another run (process {os.getpid()})" in result.stderr
    assert not out.exists()
    assert runner.invoke(app, ["batch", str(source), "--out", str(out), "--workers", "1"]).exit_code == 0
    assert len(rows(out)) == 6 and not lock_path(out).exists()  # the lock goes with its run


def test_a_lock_left_by_a_killed_run_is_taken_over(tmp_path: Path) -> None:
    from combatcheck.batch.locking import lock_path

    source, out = tmp_path / "a.jsonl", tmp_path / "r.jsonl"
    generated(source, 3)
    lock_path(out).write_text("99999999\n")  # its process is gone: nobody holds the lock
    assert runner.invoke(app, ["batch", str(source), "--out", str(out), "--workers", "1"]).exit_code == 0
    assert len(rows(out)) == 3 and not lock_path(out).exists()


def test_resume_of_a_file_holding_every_result_twice_keeps_each_record_once(tmp_path: Path) -> None:
    source, out = tmp_path / "a.jsonl", tmp_path / "r.jsonl"
    records = generated(source, 30)
    run_batch([str(source)], out, BatchOptions(workers=1))
    once = out.read_bytes()
    lines = once.splitlines(keepends=True)
    out.write_bytes(once + b"".join(lines[:20]))  # what two runs side by side left: 20 records twice
    summary = run_batch([str(source)], out, BatchOptions(workers=1, resume=True))
    assert summary.records == 30 and summary.duplicates == 20 and summary.checked == 0
    assert out.read_bytes() == once
    out.write_bytes(b"".join(lines[:10] + lines[:25]))  # ten repeats, and five records not yet checked
    summary = run_batch([str(source)], out, BatchOptions(workers=1, resume=True))
    found = rows(out)
    assert sorted(r["line"] for r in found) == list(range(1, 31))
    assert summary.records == 30 and summary.duplicates == 10 and summary.checked == 5
    assert [r["verdict"] for r in sorted(found, key=lambda r: r["line"])] == [r["expected"] for r in records]


# -- item 12: SIGTERM stops a batch run as Ctrl-C does ---------------------------------------------------------------
@pytest.mark.parametrize("workers", ["1", "2"])
def test_sigterm_exits_143_with_the_resume_hint_and_resume_finishes(tmp_path: Path, workers: str) -> None:
    import signal
    import subprocess
    import sys
    import time

    source, out = tmp_path / "a.jsonl", tmp_path / "r.jsonl"
    records = generated(source, 3000)
    command = [sys.executable, "-m", "combatcheck", "batch", str(source), "--out", str(out), "--workers", workers]
    proc = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + 60
        while (not out.exists() or out.stat().st_size == 0) and time.monotonic() < deadline:
            time.sleep(0.02)
        proc.send_signal(signal.SIGTERM)
        stdout, stderr = proc.communicate(timeout=60)
    finally:
        proc.kill()
    if proc.returncode == 0:
        pytest.skip("the run ended before the signal")
    assert proc.returncode == 143, (proc.returncode, stderr[-2000:])
    assert "rerun with --resume to finish" in stderr and "Traceback" not in stderr
    assert "Records by verdict" in stdout
    done = len(rows(out))
    assert 0 < done < 3000
    result = runner.invoke(app, ["batch", str(source), "--out", str(out), "--workers", "1", "--resume"])
    assert result.exit_code == 0, result.output
    found = sorted(rows(out), key=lambda r: r["line"])
    assert [r["line"] for r in found] == list(range(1, 3001))
    assert [r["verdict"] for r in found] == [r["expected"] for r in records]


# -- item 8: records read with a bounded reader ------------------------------------------------------------------------
def test_a_line_past_the_record_limit_is_read_past_and_reported(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from combatcheck.batch import reading

    monkeypatch.setattr(reading, "MAX_INPUT_BYTES", 1000)
    monkeypatch.setattr(reading, "BLOCK", 256)  # the long lines span many blocks
    short = '{"id": 1}\n'
    path = tmp_path / "a.jsonl"
    path.write_text(short + "x" * 999 + "\n" + "y" * 5000 + "\n" + short + "z" * 1001 + "\n" + short + "w" * 3000)
    reader = InputFile(str(path))
    reader.open()
    try:
        items = list(reader.items())
    finally:
        reader.close()
    assert [(i[0], len(i[1]), i[2] if len(i) > 2 else None) for i in items] == [
        (1, 10, None),
        (2, 1000, None),  # 999 bytes and its newline: at the limit
        (3, 0, "the record is 5,001 bytes, larger than the limit of 1,000 bytes per record"),
        (4, 10, None),
        (5, 0, "the record is 1,002 bytes, larger than the limit of 1,000 bytes per record"),
        (6, 10, None),
        (7, 0, "the record is 3,000 bytes, larger than the limit of 1,000 bytes per record"),
    ]


def test_batch_on_a_gzip_bomb_without_newline_keeps_memory_bounded(tmp_path: Path) -> None:
    import subprocess
    import sys

    bomb = tmp_path / "bomb.jsonl.gz"
    packer = zlib.compressobj(9, zlib.DEFLATED, 31)
    with bomb.open("wb") as stream:
        stream.write(packer.compress(b'{"id": "first", "active_player": "a", "players": ["a", "b"]}\n'))
        block = bytes(1 << 20)
        for _ in range(160):  # 160 MiB of NULs without a newline
            stream.write(packer.compress(block))
        stream.write(packer.flush())
    out = tmp_path / "r.jsonl"
    script = (
        "import re, sys\n"
        "from combatcheck.cli import app\n"
        f"sys.argv = ['combatcheck', 'batch', {str(bomb)!r}, '--out', {str(out)!r}, '--workers', '1']\n"
        "try:\n    app()\nexcept SystemExit as exc:\n    print('EXIT', exc.code)\n"
        # VmHWM: this process's own peak (ru_maxrss keeps the forking parent's across exec)
        "print('PEAK', int(re.search(r'VmHWM:\\s+(\\d+)', open('/proc/self/status').read())[1]) / 1024)\n"
    )
    proc = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=300)
    assert "EXIT 0" in proc.stdout, proc.stderr[-2000:]
    peak = float(proc.stdout.rsplit("PEAK", 1)[1])
    found = rows(out)
    assert [r["verdict"] for r in found] == ["legal", "invalid"]
    assert "the record is 167,772,160 bytes, larger than the limit of 16,777,216" in found[1]["errors"][0]["message"]
    assert peak < 150, peak  # the line was held whole (160 MiB and its copies); now 16 MiB at most


# -- issue 23: wrong files get a hint; a run with nothing to read writes nothing ---------------------------------------
def test_batch_on_missing_files_writes_and_prints_nothing(tmp_path: Path) -> None:
    out = tmp_path / "x.jsonl"
    result = runner.invoke(
        app, ["batch", str(tmp_path / "nosuch.jsonl"), str(tmp_path / "other.jsonl"), "--out", str(out)]
    )
    assert result.exit_code == 2
    assert result.stdout == ""  # no all-zero summary
    assert "nosuch.jsonl: No such file or directory" in result.stderr and "other.jsonl: No such" in result.stderr
    assert not out.exists()


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ((Path(__file__).parent.parent / "examples" / "block-cost.yaml").read_text(), "YAML"),
        ("active_player: ana\nplayers: [ana, ben]\n", "YAML"),
        ('{\n  "active_player": "ana",\n  "players": ["ana", "ben"]\n}\n', "JSON"),
    ],
)
def test_batch_on_a_snapshot_file_suggests_check(tmp_path: Path, text: str, kind: str) -> None:
    snapshot, out = tmp_path / "board.yaml", tmp_path / "x.jsonl"
    snapshot.write_text(text)
    result = runner.invoke(app, ["batch", str(snapshot), "--out", str(out)])
    assert result.exit_code == 2
    assert f"looks like a {kind} snapshot: check it with `combatcheck check {snapshot}`" in result.stderr
    assert result.stdout == "" and not out.exists()


def test_records_files_are_not_taken_for_snapshots(tmp_path: Path) -> None:
    source = tmp_path / "a.jsonl"
    generated(source, 3)
    source.write_text("\n\n" + source.read_text())  # blank lines first: still records
    assert (
        runner.invoke(app, ["batch", str(source), "--out", str(tmp_path / "r.jsonl"), "--workers", "1"]).exit_code == 0
    )


# -- item 4's class in batch: no verdict on gzip data its check refutes ------------------------------------------------
def _gzip_member(text: bytes, *, refuted: bool = False) -> bytes:
    import gzip

    if not refuted:
        return gzip.compress(text, mtime=0)
    changed = text.replace(b'"power":2', b'"power":7')
    assert changed != text
    return gzip.compress(changed, mtime=0)[:-8] + gzip.compress(text, mtime=0)[-8:]  # the original's CRC-32


@pytest.mark.parametrize("engine", ["process", "dask"])
def test_results_of_gzip_data_its_check_refutes_are_withdrawn(tmp_path: Path, engine: str) -> None:
    if engine == "dask":
        pytest.importorskip("distributed")
    good, bad = tmp_path / "good.jsonl", tmp_path / "bad.jsonl"
    first = generated(good, 12, seed=4)
    generated(bad, 80, seed=5)  # 200 kB: its first 64 kB blocks are read before the check fails at its end
    source = tmp_path / "games.jsonl.gz"
    source.write_bytes(_gzip_member(good.read_bytes()) + _gzip_member(bad.read_bytes(), refuted=True))
    out = tmp_path / "r.jsonl"
    options = BatchOptions(workers=1, chunk_size=4, engine=engine, local_cluster_processes=False)  # type: ignore[arg-type]
    summary = run_batch([str(source)], out, options)
    found = rows(out)
    last = len(found)
    assert [r["line"] for r in found] == list(range(1, last + 1)) and 13 + 10 < last <= 12 + 80 + 1
    assert [r["verdict"] for r in found[:12]] == [r["expected"] for r in first]  # the first member's check passed
    for row in found[12:-1]:
        assert row["verdict"] == "invalid", row
        assert "the gzip check of this part of the file fails" in row["errors"][0]["message"]
    assert "corrupt gzip data" in found[-1]["errors"][0]["message"]
    assert summary.by_verdict["invalid"] == last - 12 and summary.records == last
    if engine == "process":
        assert summary.refuted == [(str(source), 13, last - 1)]
        refuted = [{"file": str(source), "first_line": 13, "last_line": last - 1}]
        assert summary.to_json()["refuted_by_gzip_check"] == refuted


def test_a_named_pipe_input_is_read_once_and_whole(tmp_path: Path) -> None:
    """The checks made before the run (no input readable, a snapshot file) must not read a pipe: what they read
    would be lost to the run."""
    import threading

    source, fifo, out = tmp_path / "a.jsonl", tmp_path / "pipe", tmp_path / "r.jsonl"
    records = generated(source, 7)
    os.mkfifo(fifo)
    writer = threading.Thread(target=lambda: fifo.write_bytes(source.read_bytes()))
    writer.start()
    try:
        run_batch([str(fifo)], out, BatchOptions(workers=1))
    finally:
        writer.join(timeout=30)
    assert [r["verdict"] for r in rows(out)] == [r["expected"] for r in records]


def test_runs_naming_one_output_through_a_symlink_meet_at_one_lock(tmp_path: Path) -> None:
    from combatcheck.batch.locking import OutputLocked, output_lock

    source, out, link = tmp_path / "a.jsonl", tmp_path / "r.jsonl", tmp_path / "link.jsonl"
    generated(source, 2)
    out.write_text("")
    link.symlink_to(out)
    with output_lock(out), pytest.raises(OutputLocked):
        run_batch([str(source)], link, BatchOptions(workers=1, overwrite=True))
