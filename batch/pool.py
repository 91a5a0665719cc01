"""The process engine: chunks of records on a local process pool (one worker runs in this process)."""

from __future__ import annotations

import multiprocessing
import multiprocessing.connection
import os
import signal
import threading
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from typing import Any, TypeVar

from .options import BatchError, BatchOptions
from .reading import Item, input_size, opened_inputs
from .record import Result, check_chunk, check_record
from .results import ResultWriter, Segments
from .summary import Summary

_T = TypeVar("_T")


@dataclass
class _Task:
    """A chunk of work: consecutive items of one or more files, and how far the input had been read."""

    segments: list[tuple[str, list[Item]]]
    fraction: float | None
    future: Future[list[Result]] | None = None

    @property
    def items(self) -> list[Item]:
        return [item for _name, items in self.segments for item in items]

    @property
    def counts(self) -> Segments:
        return [(name, len(items)) for name, items in self.segments]


def _tasks(inputs: Sequence[str], done: dict[str, set[int]], size: int, summary: Summary) -> Iterator[_Task]:
    """Chunks of `size` items in input order; a chunk may span files, so many small files still run in parallel."""
    total = input_size(inputs)
    finished = 0
    segments: list[tuple[str, list[Item]]] = []
    count = 0

    def fraction(position: int) -> float | None:
        return min(1.0, (finished + position) / total) if total else None

    for reader in opened_inputs(inputs, summary):
        skip = done.get(reader.name, set())
        items: list[Item] = []
        segments.append((reader.name, items))
        for item in reader.items():
            if item[0] in skip:
                summary.skipped += 1
                continue
            items.append(item)
            count += 1
            if count >= size:
                yield _Task(segments, fraction(reader.position))
                items = []
                segments = [(reader.name, items)]
                count = 0
        if reader.refuted is not None:  # results already written from refuted data: run.py withdraws them
            summary.refuted.append((reader.name, *reader.refuted))
        finished += reader.size if reader.size is not None else reader.position
    segments = [(name, items) for name, items in segments if items]
    if segments:
        yield _Task(segments, fraction(0))


def _init_worker() -> None:
    """Pool workers leave Ctrl-C to the main process, which stops the run and keeps what is written; and they end
    when it is gone."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    parent = multiprocessing.parent_process()
    if parent is not None:
        threading.Thread(
            target=_exit_with_parent, args=(parent.sentinel,), name="exit-with-parent", daemon=True
        ).start()


def _exit_with_parent(sentinel: int) -> None:
    """A main process killed outright (the out-of-memory killer, a test watchdog) never tells its workers to stop:
    they would wait for work forever, holding the standard output they inherited open and the forkserver alive
    (every worker holds its lifeline). The main process's sentinel becomes ready when it ends."""
    multiprocessing.connection.wait([sentinel])
    os._exit(1)


def _pool(workers: int) -> ProcessPoolExecutor:
    # Not fork: the main process may run a progress thread. forkserver imports the package once for all workers.
    method = "forkserver" if "forkserver" in multiprocessing.get_all_start_methods() else "spawn"
    context = multiprocessing.get_context(method)
    if method == "forkserver":
        context.set_forkserver_preload(["combatcheck.batch", "combatcheck.solver"])
    return ProcessPoolExecutor(max_workers=workers, mp_context=context, initializer=_init_worker)


def run_processes(
    inputs: Sequence[str], done: dict[str, set[int]], options: BatchOptions, workers: int, writer: ResultWriter
) -> None:
    lang, limit, triggers = options.lang, options.time_limit, options.triggers
    tasks = _tasks(inputs, done, options.chunk_size, writer.summary)
    if workers == 1:
        for task in tasks:
            writer.emit(task.counts, check_chunk(task.items, lang, limit, triggers), task.fraction)
        return
    pool = _pool(workers)
    window: deque[_Task] = deque()

    def submit(task: _Task) -> None:
        task.future = _submit(pool, check_chunk, task.items, lang, limit, triggers)

    def finish_head() -> None:
        nonlocal pool
        task = window.popleft()
        assert task.future is not None
        try:
            results = task.future.result()
        except BrokenProcessPool:  # a worker died (killed from outside, or by a record): retry, then find the record
            _abandon(pool)
            results = _recover(task.items, lang, limit, triggers)
            pool = _pool(workers)
            for other in window:
                submit(other)
        writer.emit(task.counts, results, task.fraction)

    finished = False
    try:
        for task in tasks:
            submit(task)
            window.append(task)
            while len(window) > 2 * workers:
                finish_head()
        while window:
            finish_head()
        finished = True
    except KeyboardInterrupt:
        # Keep, in order, every result already computed; the rest is checked again with --resume.
        while window and (head := window[0].future) is not None and head.done():
            if head.cancelled() or head.exception() is not None:
                break
            finish_head()
        raise
    finally:
        if finished:
            pool.shutdown(wait=True)
        else:
            _abandon(pool)


def _submit(pool: ProcessPoolExecutor, fn: Callable[..., _T], *args: Any, **kwargs: Any) -> Future[_T]:
    """`pool.submit`, except that a pool broken since the last call (a worker died between two submissions) gives
    a future that fails with BrokenProcessPool, as if the worker had died after: the caller handles both alike."""
    try:
        return pool.submit(fn, *args, **kwargs)
    except BrokenProcessPool as exc:
        failed: Future[_T] = Future()
        failed.set_exception(exc)
        return failed


def _abandon(pool: ProcessPoolExecutor) -> None:
    """Shut a pool down without waiting, and kill its workers: a run that stops early (Ctrl-C, an error, a broken
    pool) must not leave a worker finishing a long check, nor the interpreter's exit joining the pool's manager
    thread while it waits on that worker."""
    workers = list((pool._processes or {}).values())  # shutdown forgets them; no public way before Python 3.14
    pool.shutdown(wait=False, cancel_futures=True)
    for worker in workers:
        if worker.exitcode is None:
            worker.kill()


WORKER_DIED = "internal error: the worker process died on this record"
WORKERS_CANNOT_START = (
    "the worker processes can't start, so no record can be checked (the results written so far are kept); "
    'a Python script that calls run_batch must do so under `if __name__ == "__main__":`'
)


def _alive() -> bool:
    return True


def _workers_start(pool: ProcessPoolExecutor) -> bool:
    """Whether a fresh worker runs anything at all: if not, the records are not to blame."""
    try:
        return _submit(pool, _alive).result()
    except BrokenProcessPool:
        return False


def _recover(items: list[Item], lang: str, limit: float | None, triggers: bool) -> list[Result]:
    """The results of a chunk whose worker died. A worker may be killed from outside (the out-of-memory killer), so
    the chunk runs again once in a fresh worker; if that one dies too, each record runs alone, and a record is
    blamed only if it kills two fresh workers in a row (a crash of the checker on it, or a record too big). If a
    fresh worker can't run even an empty task, the workers can't start at all: BatchError, and no record is blamed.
    """
    pool = _pool(1)
    try:
        try:
            return _submit(pool, check_chunk, items, lang, limit, triggers).result()
        except BrokenProcessPool:
            _abandon(pool)
            pool = _pool(1)
        if not _workers_start(pool):
            raise BatchError(WORKERS_CANNOT_START)
        results: list[Result] = []
        for item in items:
            result: Result | None = None
            for _attempt in range(2):
                try:
                    result = _submit(pool, check_record, *item, lang=lang, time_limit=limit, triggers=triggers).result()
                    break
                except BrokenProcessPool:
                    _abandon(pool)
                    pool = _pool(1)
            results.append(result or {"line": item[0], "id": None, "verdict": "unknown", "reason": WORKER_DIED})
        return results
    finally:
        _abandon(pool)
