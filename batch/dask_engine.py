"""The dask engine: dask.bag over file partitions, on a local cluster or an existing one (an optional extra)."""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .options import BatchError, BatchOptions, BatchUsageError
from .reading import InputFile, Item, opened_inputs
from .record import check_record
from .results import ResultWriter


@dataclass(frozen=True)
class Partition:
    """Lines [first_line, first_line + max_lines) of a file, starting at byte `start` (0 for a gzip file)."""

    name: str
    path: str  # absolute, as the workers open it
    start: int
    first_line: int
    max_lines: int | None


def plan_partitions(reader: InputFile, lines: int) -> list[Partition]:
    """Split a plain file every `lines` lines (one pass over its bytes); a gzip file is one partition."""
    path = str(Path(reader.name).resolve())
    if reader.gzip:
        return [Partition(reader.name, path, 0, 1, None)]
    parts = []
    start, first, seen, offset = 0, 1, 0, 0
    for block in reader.blocks():
        begin = 0
        while (end := block.find(b"\n", begin)) >= 0:
            seen += 1
            begin = end + 1
            if seen == lines:
                parts.append(Partition(reader.name, path, start, first, lines))
                start, first, seen = offset + begin, first + lines, 0
        offset += len(block)
    if offset > start:
        parts.append(Partition(reader.name, path, start, first, None))
    return parts


def read_partition(partition: Partition, skip: frozenset[int]) -> list[Item]:
    """The items of one partition, read on a dask worker."""
    reader = InputFile(partition.path)
    try:
        reader.open()
    except OSError as exc:
        return [(partition.first_line, "", f"the worker can't read {partition.name}: {exc.strerror or exc}")]
    try:
        return [
            item
            for item in reader.items(partition.start, partition.first_line, partition.max_lines)
            if item[0] not in skip
        ]
    finally:
        reader.close()


def run_dask(
    inputs: Sequence[str], done: dict[str, set[int]], options: BatchOptions, workers: int, writer: ResultWriter
) -> None:
    import importlib
    import logging

    # dask is an optional, untyped dependency: its modules are handled as Any.
    try:
        dask: Any = importlib.import_module("dask")
        db: Any = importlib.import_module("dask.bag")
        distributed: Any = importlib.import_module("distributed")
    except ImportError:
        raise BatchUsageError("--engine dask needs the dask extra: pip install 'combatcheck[dask]'") from None
    Client, LocalCluster = distributed.Client, distributed.LocalCluster

    summary = writer.summary
    partitions: list[tuple[InputFile, Partition]] = []
    for reader in opened_inputs(inputs, summary):
        partitions += [(reader, p) for p in plan_partitions(reader, options.partition_lines)]
    if not partitions:
        return
    cluster: Any = None
    if options.scheduler is not None:
        try:
            client = Client(options.scheduler, timeout="20s")
        except (OSError, TimeoutError, ValueError) as exc:
            raise BatchUsageError(f"can't connect to the Dask scheduler at {options.scheduler}: {exc}") from None
    else:
        cluster = LocalCluster(
            n_workers=workers,
            threads_per_worker=1,
            processes=options.local_cluster_processes,
            dashboard_address=None,
            silence_logs=logging.ERROR,
        )
        client = Client(cluster)
    try:
        loaders = []
        for _reader, p in partitions:
            lines = done.get(p.name, set())
            end = math.inf if p.max_lines is None else p.first_line + p.max_lines
            skip = frozenset(n for n in lines if p.first_line <= n < end)
            summary.skipped += len(skip)
            loaders.append(dask.delayed(read_partition, pure=True)(p, skip))
        bag = db.from_delayed(loaders).starmap(
            check_record, lang=options.lang, time_limit=options.time_limit, triggers=options.triggers
        )
        parts = bag.to_delayed()
        threads = sum(client.nthreads().values()) or workers
        window: deque[tuple[str, Any]] = deque()
        finished = 0

        def finish_head() -> None:
            nonlocal finished
            name, future = window.popleft()
            try:
                results = future.result()
            except Exception as exc:  # the cluster failed (a worker without combatcheck, lost workers, ...)
                raise BatchError(f"the Dask cluster failed: {type(exc).__name__}: {exc}") from exc
            finished += 1
            writer.emit([(name, len(results))], results, finished / len(parts))

        for (_reader, p), part in zip(partitions, parts, strict=True):
            window.append((p.name, client.compute(part)))
            while len(window) > 2 * threads:
                finish_head()
        while window:
            finish_head()
    finally:
        client.close()
        if cluster is not None:
            cluster.close()
