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
from combatcheck.batch import BatchError, BatchOptions, InputFile, plan_partitions, read_partition, run_batch
from combatcheck.batch import dask_engine
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
