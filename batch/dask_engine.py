"""The dask engine: one task per file partition, on a local cluster or an existing one (an optional extra)."""

from __future__ import annotations

import contextlib
import importlib
import importlib.util
import itertools
import logging
import math
import multiprocessing
import uuid
import zlib
from collections import deque
from collections.abc import Generator, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .options import BatchError, BatchOptions, BatchUsageError
from .reading import InputFile, Item, input_size, opened_inputs, refuted_problem
from .record import check_chunk
from .results import ResultWriter, format_results
from .summary import Summary


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

    @property
    def size(self) -> int:
        """Its bytes in the file (a gzip file: the whole file), for the progress."""
        if self.end is not None:
            return self.end - self.start
        return self.fingerprint[2] if self.fingerprint is not None else 0


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


@dataclass(frozen=True)
class PartitionResults:
    """What a worker sends back for one partition: its result lines, ready to write, and their counts.

    One string and a small Summary cost the client almost nothing to receive and write. A list of result dicts (as
    a dask.bag of records gave) cost it, per record, the unpickling, the JSON and the counting: CPU taken from the
    workers on a machine with as many workers as cores (docs/performance.md, "The cluster")."""

    text: str
    tally: Summary


def check_partition(
    partition: Partition, skip: frozenset[int], lang: str, time_limit: float | None, triggers: bool
) -> PartitionResults:
    """The task of one partition, on a dask worker: read it, check each record, format the results."""
    items = read_partition(partition, skip)
    results = check_chunk(items, lang, time_limit, triggers)
    return PartitionResults(*format_results([(partition.name, len(results))], results))


def planned_partitions(
    inputs: Sequence[str], done: dict[str, set[int]], lines: int, summary: Summary
) -> Generator[tuple[Partition, frozenset[int]], None, None]:
    """Each partition of each input that can be opened, planned one file at a time (so the workers start on the
    first file while the client reads the next), with the lines of it that an earlier run already checked."""
    for reader in opened_inputs(inputs, summary):
        checked = done.get(reader.name, set())
        for partition in plan_partitions(reader, lines):
            end = math.inf if partition.max_lines is None else partition.first_line + partition.max_lines
            skip = frozenset(n for n in checked if partition.first_line <= n < end)
            summary.skipped += len(skip)
            yield partition, skip


def run_dask(
    inputs: Sequence[str], done: dict[str, set[int]], options: BatchOptions, workers: int, writer: ResultWriter
) -> None:
    if importlib.util.find_spec("distributed") is None:
        raise BatchUsageError(NEEDS_THE_EXTRA)
    with contextlib.closing(planned_partitions(inputs, done, options.partition_lines, writer.summary)) as plans:
        first = next(plans, None)
        if first is None:  # no input could be opened: no cluster to start
            return
        forkserver = _start_forkserver(options)  # it imports for the workers while this process starts the scheduler
        client, cluster = _connect(_import_distributed(), options, workers, forkserver)
        _run_on(client, cluster, itertools.chain([first], plans), options, workers, writer, input_size(inputs))


def _run_on(
    client: Any,
    cluster: Any,
    plans: Iterator[tuple[Partition, frozenset[int]]],
    options: BatchOptions,
    workers: int,
    writer: ResultWriter,
    total: int | None,
) -> None:
    """Submit the partitions with a bounded window in flight and write their results in input order."""
    run = uuid.uuid4().hex  # in the task keys: two runs on one scheduler never share a task
    try:
        threads = sum(client.nthreads().values()) or workers
        window: deque[tuple[Any, int]] = deque()  # futures in input order, with their partition's size in bytes
        written = 0

        def finish_head() -> None:
            nonlocal written
            future, size = window.popleft()
            try:
                results: PartitionResults = future.result()
            except InputChanged as exc:
                raise InputChanged(exc.name) from None
            except Exception as exc:  # the cluster failed (a worker without combatcheck, lost workers, ...)
                raise BatchError(f"the Dask cluster failed: {type(exc).__name__}: {exc}") from exc
            written += size
            writer.write(results.text, results.tally, min(1.0, written / total) if total else None)

        for index, (partition, skip) in enumerate(plans):
            task = (partition, skip, options.lang, options.time_limit, options.triggers)
            window.append((client.submit(check_partition, *task, key=f"combatcheck-{run}-{index}"), partition.size))
            while len(window) > 2 * threads:
                finish_head()
        while window:
            finish_head()
    finally:
        client.close()
        if cluster is not None:
            cluster.close()


# The local cluster's housekeeping, which takes CPU from the checks on a machine with as many workers as cores
# (docs/performance.md, "The cluster"): event-loop health checks every 20 ms in the scheduler, each nanny and each
# worker (most of the client process's CPU), the workers' statistical profiler (a stack sample every 10 ms, for a
# dashboard this engine does not start), and system monitors every 0.5 s. distributed's own test clusters use the
# same first two settings. A cluster given with --scheduler keeps its own configuration.
LOCAL_CLUSTER_CONFIG = {
    "distributed.admin.tick.interval": "500ms",
    "distributed.worker.profile.enabled": False,
    "distributed.admin.system-monitor.interval": "2s",
}
# Worker processes forked from a forkserver that imported these once, as the process engine's are, instead of
# spawned: a spawned worker imports distributed and then the checker on its first task (about 2 s of CPU each), and
# when it ends, its interpreter's shutdown took 2-4 s more; a forked one ends at once (os._exit).
WORKER_PRELOAD = ["distributed", "combatcheck.batch.dask_engine", "combatcheck.solver"]


NEEDS_THE_EXTRA = "--engine dask needs the dask extra: pip install 'combatcheck[dask]'"


def _import_distributed() -> Any:
    # dask is an optional, untyped dependency: its modules are handled as Any.
    try:
        return importlib.import_module("distributed")
    except ImportError:
        raise BatchUsageError(NEEDS_THE_EXTRA) from None


def _start_forkserver(options: BatchOptions) -> bool:
    """Start the forkserver of the local cluster's workers, preloading WORKER_PRELOAD; False where the workers are
    not forked (a cluster given with --scheduler, threads for tests, a system without forkserver)."""
    if options.scheduler is not None or not options.local_cluster_processes:
        return False
    if "forkserver" not in multiprocessing.get_all_start_methods():
        return False
    from multiprocessing import forkserver

    # A forkserver already running (a process-engine run in this process) is kept: its workers import the rest.
    forkserver.set_forkserver_preload(WORKER_PRELOAD)
    forkserver.ensure_running()
    return True


def _connect(distributed: Any, options: BatchOptions, workers: int, forkserver: bool) -> tuple[Any, Any]:
    """A client of the scheduler asked for, or of a new local cluster of `workers` one-thread workers."""
    if options.scheduler is not None:
        try:
            return distributed.Client(options.scheduler, timeout="20s"), None
        except (OSError, TimeoutError, ValueError) as exc:
            raise BatchUsageError(f"can't connect to the Dask scheduler at {options.scheduler}: {exc}") from None
    settings: dict[str, object] = dict(LOCAL_CLUSTER_CONFIG)
    if forkserver:
        settings["distributed.worker.multiprocessing-method"] = "forkserver"
        # distributed would make its own preload list once, importing numpy and pandas here to see if they are
        # installed (a second of the client's CPU), for a forkserver that is already running with ours.
        distributed.utils._forkserver_preload_set = True
    # Read when the scheduler, nannies and client start; the nannies pass it on to their worker processes.
    with importlib.import_module("dask").config.set(settings):
        cluster = distributed.LocalCluster(
            n_workers=workers,
            threads_per_worker=1,
            processes=options.local_cluster_processes,
            dashboard_address=None,
            silence_logs=logging.ERROR,
        )
        try:
            return distributed.Client(cluster), cluster
        except BaseException:
            cluster.close()
            raise
