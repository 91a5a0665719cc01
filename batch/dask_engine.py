"""The dask engine: dask.bag over file partitions, on a local cluster or an existing one (an optional extra)."""

from __future__ import annotations

import math
import zlib
from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .options import BatchError, BatchOptions, BatchUsageError
from .reading import InputFile, Item, opened_inputs, refuted_problem
from .record import check_record
from .results import ResultWriter


class InputChanged(BatchError):
    """An input file changed after its partitions were planned: its lines are no longer where the plan says."""

    def __init__(self, name: str) -> None:
        super().__init__(
            f"{name} changed while the run read it (its size, time or content is not what its partitions were "
            "planned on): no result of the changed file is written, as a line could get another record's result. "
            "The results written so far were read before the change; rerun with --overwrite once the file no longer "
            "changes"
        )
        self.name = name

    def __reduce__(self) -> tuple[type[InputChanged], tuple[str]]:  # raised on a worker, re-raised in the client
        return InputChanged, (self.name,)


@dataclass(frozen=True)
class Partition:
    """Lines [first_line, first_line + max_lines) of a file, bytes [start, end) (a gzip file: all of it, end None).

    `fingerprint` is the file's device, inode, size and modification time when it was planned, `crc` the CRC-32 of
    the partition's bytes (of a plain file): the worker reading it checks both, so a file changed since the plan
    is refused instead of read at offsets that no longer start its lines."""

    name: str
    path: str  # absolute, as the workers open it
    start: int
    first_line: int
    max_lines: int | None
    end: int | None = None
    crc: int | None = None
    fingerprint: tuple[int, int, int, int] | None = None


def plan_partitions(reader: InputFile, lines: int) -> list[Partition]:
    """Split a plain file every `lines` lines (one pass over its bytes); a gzip file is one partition."""
    path = str(Path(reader.name).resolve())
    planned = reader.fingerprint
    if reader.gzip:
        return [Partition(reader.name, path, 0, 1, None, fingerprint=planned)]
    parts = []
    start, first, seen, offset, crc = 0, 1, 0, 0, 0
    for block in reader.blocks():
        begin = piece = 0
        while (end := block.find(b"\n", begin)) >= 0:
            seen += 1
            begin = end + 1
            if seen == lines:
                crc = zlib.crc32(block[piece:begin], crc)
                parts.append(Partition(reader.name, path, start, first, lines, offset + begin, crc, planned))
                start, first, seen, crc, piece = offset + begin, first + lines, 0, 0, begin
        crc = zlib.crc32(block[piece:], crc)
        offset += len(block)
    if offset > start:
        parts.append(Partition(reader.name, path, start, first, None, offset, crc, planned))
    if planned is not None and reader.stat() != planned:  # written to while it was planned
        raise InputChanged(reader.name)
    return parts


def read_partition(partition: Partition, skip: frozenset[int]) -> list[Item]:
    """The items of one partition, read on a dask worker. Raises InputChanged if the file is not the one planned."""
    reader = InputFile(partition.path)
    try:
        reader.open()
    except OSError as exc:
        return [(partition.first_line, "", f"the worker can't read {partition.name}: {exc.strerror or exc}")]
    try:
        # The device is left out: another machine of the cluster mounts the shared file system as another device.
        planned = partition.fingerprint[1:] if partition.fingerprint is not None else None
        if planned is not None and reader.stat()[1:] != planned:
            raise InputChanged(partition.name)
        max_lines = partition.max_lines if partition.end is None else None
        items = [
            item
            for item in reader.items(partition.start, partition.first_line, max_lines, partition.end)
            if item[0] not in skip
        ]
        if planned is not None and reader.stat()[1:] != planned:
            raise InputChanged(partition.name)
        if reader.refuted is not None:  # gzip data its check refutes: no verdict on what was read of it
            first, last = reader.refuted
            items = [(i[0], "", refuted_problem(last)) if first <= i[0] <= last else i for i in items]
        if partition.crc is not None and reader.crc != partition.crc:
            raise InputChanged(partition.name)
        return items
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
            except InputChanged as exc:
                raise InputChanged(exc.name) from None
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
