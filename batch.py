"""Batch validation of recorded games: JSON lines in (optionally gzip-compressed), one result line per record out.

The record format and the result format are documented in docs/batch.md. The input is streamed and the output is
written in input order and flushed chunk by chunk, so an interruption loses at most the chunks in flight and
`resume=True` continues where the output stops. A bad record never stops the run: it gets the verdict `invalid`
with its line number and the problem.

Engines: "process" (a local process pool; one worker runs in this process) and "dask" (dask.bag over file
partitions, on a local cluster or an existing one). Both call `check_record`, the per-record function.
"""

from __future__ import annotations

import json
import math
import multiprocessing
import os
import signal
import sys
import time
import zlib
from collections import Counter, deque
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any, Literal

if TYPE_CHECKING:
    from rich.console import Console
    from rich.progress import Progress, TaskID
    from rich.table import Table

VERDICTS = ("legal", "illegal", "invalid", "unknown")
RECORD_KEYS = ("id", "source", "expected")  # a record's own fields; everything else is the snapshot
KNOWN_STEPS = ("declare_blockers", "declare_attackers")
GZIP_MAGIC = b"\x1f\x8b"
BLOCK = 1 << 16

Engine = Literal["process", "dask"]
Result = dict[str, Any]


# -- the per-record function -------------------------------------------------------------------------------------
class _Invalid(Exception):
    def __init__(self, problems: list[tuple[str, str]]) -> None:
        super().__init__(problems)
        self.problems = problems


def check_record(
    line_number: int,
    raw_text: str,
    problem: str | None = None,
    *,
    lang: str = "en",
    time_limit: float | None = None,
) -> Result:
    """Decide one record: its line of text (with its newline, if the line had one) to a JSON-ready result.

    Never raises: malformed or invalid records give `invalid`, a checker failure gives `unknown` with a reason.
    `problem` is set by the reader when the file itself is damaged at this line (cut-off gzip stream, corrupt
    data); the record is then `invalid` with that problem.
    """
    started = time.perf_counter()
    result: Result = {"line": line_number, "id": None}
    try:
        if problem is not None:
            raise _Invalid([("", problem)])
        _decide(raw_text, result, lang, time_limit)
    except _Invalid as exc:
        result["verdict"] = "invalid"
        result["errors"] = [{"path": path, "message": message} for path, message in exc.problems]
    except Exception as exc:  # a checker bug must not stop the batch; it is reported, not hidden
        result["verdict"] = "unknown"
        result["reason"] = f"internal error: {type(exc).__name__}: {exc}"
    expected = result.get("expected")
    if expected is not None:
        result["as_expected"] = expected == result["verdict"]
    result["ms"] = round((time.perf_counter() - started) * 1000, 3)
    return result


def _decide(raw_text: str, result: Result, lang: str, time_limit: float | None) -> None:
    from .models import SnapshotError, snapshot_from_data
    from .solver import check

    text = raw_text.rstrip("\r\n")
    complete = raw_text.endswith("\n")
    if not text.isascii():
        try:
            text.encode("utf-8")
        except UnicodeEncodeError:
            raise _Invalid([("", "the line is not UTF-8 text")]) from None
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, RecursionError) as exc:
        if isinstance(exc, json.JSONDecodeError):  # some messages end in "at": "Unterminated string starting at"
            detail = f"{exc.msg} {'' if exc.msg.endswith(' at') else 'at '}column {exc.colno}"
        else:
            detail = "nested too deeply"
        if not complete:
            raise _Invalid([("", f"record cut off at the end of the file (malformed JSON: {detail})")]) from None
        raise _Invalid([("", f"malformed JSON: {detail}")]) from None
    if not isinstance(data, dict):
        raise _Invalid([("", f"a record is a JSON object, got {type(data).__name__}")])

    problems = _record_fields(data, result)
    snapshot_data = {k: v for k, v in data.items() if k not in RECORD_KEYS}
    try:
        snapshot = snapshot_from_data(snapshot_data)
    except SnapshotError as exc:
        problems += [(p.path, p.message) for p in exc.problems]
        snapshot = None
    source_step = result.get("source", {}).get("step") if isinstance(result.get("source"), dict) else None
    if snapshot is not None and source_step in KNOWN_STEPS and source_step != snapshot.step:
        problems.append(("source.step", f"'{source_step}', but the snapshot's step is '{snapshot.step}'"))
    if problems or snapshot is None:
        raise _Invalid(problems)

    report = check(snapshot, lang=lang, time_limit=time_limit, witness=False)
    result["verdict"] = report.verdict
    result["violations"] = [
        {"rule": v.rule, "key": v.key, "kind": v.kind, "message": v.message, "objects": v.objects}
        for v in report.violations
    ]
    result["obeyed"] = report.requirements_obeyed
    result["optimum"] = report.requirements_optimum
    result["requirements"] = report.requirements_total
    result["solver"] = report.solver.status
    if report.verdict == "unknown":
        result["reason"] = f"solver stopped ({report.solver.status}): raise --time-limit"


def _record_fields(data: dict[str, Any], result: Result) -> list[tuple[str, str]]:
    """Check and copy the record's own fields (`id`, `source`, `expected`) into the result."""
    problems: list[tuple[str, str]] = []
    rid = data.get("id")
    if rid is not None:
        if isinstance(rid, bool) or not isinstance(rid, (str, int)):
            problems.append(("id", "must be a string or an integer"))
        else:
            result["id"] = rid
    source = data.get("source")
    if source is not None:
        if not isinstance(source, dict):
            problems.append(("source", "must be an object with game, turn and step"))
        else:
            game, turn, step = source.get("game"), source.get("turn"), source.get("step")
            if game is not None and (isinstance(game, bool) or not isinstance(game, (str, int))):
                problems.append(("source.game", "must be a string or an integer"))
            if turn is not None and (isinstance(turn, bool) or not isinstance(turn, int) or turn < 0):
                problems.append(("source.turn", "must be a non-negative integer"))
            if step is not None and not isinstance(step, str):
                problems.append(("source.step", "must be a string"))
            result["source"] = source
    expected = data.get("expected")
    if expected is not None:
        if expected not in VERDICTS:
            problems.append(("expected", f"must be one of {', '.join(VERDICTS)}"))
        else:
            result["expected"] = expected
    return problems


def check_chunk(
    items: Sequence[tuple[int, str] | tuple[int, str, str]], lang: str = "en", time_limit: float | None = None
) -> list[Result]:
    """`check_record` over a chunk of (line number, text[, problem]) items: the unit of work of the process pool."""
    return [check_record(*item, lang=lang, time_limit=time_limit) for item in items]


# -- reading input ---------------------------------------------------------------------------------------------
Item = tuple[int, str] | tuple[int, str, str]  # (line number, text) or (line number, partial text, problem)


class InputFile:
    """One input file (or '-' for standard input), streamed line by line; gzip is recognised by its magic bytes.

    `position` counts the (compressed) bytes read so far, for progress; `size` is the file size when known.
    """

    def __init__(self, name: str) -> None:
        self.name = name
        self.position = 0
        self.size: int | None = None
        self._stream: IO[bytes] | None = None
        self.gzip = False

    def open(self) -> None:
        """Open the file and sniff gzip. Raises OSError with a message fit for the user."""
        if self.name == "-":
            self._stream = sys.stdin.buffer
        else:
            path = Path(self.name)
            if path.is_dir():
                raise IsADirectoryError(f"{self.name}: is a directory")
            self._stream = path.open("rb")
            self.size = os.fstat(self._stream.fileno()).st_size
        peek = getattr(self._stream, "peek", None)
        head = peek(2)[:2] if peek is not None else b""
        self.gzip = head == GZIP_MAGIC

    def close(self) -> None:
        if self._stream is not None and self.name != "-":
            self._stream.close()
        self._stream = None

    def _blocks(self) -> Iterator[bytes]:
        """Decompressed bytes. Raises _StreamProblem when the data ends early or is corrupt."""
        assert self._stream is not None
        stream = self._stream
        if not self.gzip:
            while block := stream.read(BLOCK):
                self.position += len(block)
                yield block
            return
        decompressor: Any = None  # zlib's decompress object has no public type
        while block := stream.read(BLOCK):
            self.position += len(block)
            while block:
                if decompressor is None:
                    decompressor = zlib.decompressobj(wbits=31)
                try:
                    data = decompressor.decompress(block)
                except zlib.error as exc:
                    raise _StreamProblem(f"corrupt gzip data ({exc}); the rest of the file can't be read") from None
                if data:
                    yield data
                if decompressor.eof:  # end of one gzip member; another may follow (concatenated .gz files)
                    block = decompressor.unused_data
                    decompressor = None
                else:
                    block = b""
        if decompressor is not None:
            tail = decompressor.flush()
            if tail:
                yield tail
            raise _StreamProblem("the gzip data ends early: the file is cut off")

    def items(self, start: int = 0, first_line: int = 1, max_lines: int | None = None) -> Iterator[Item]:
        """(line number, text with its newline) for each non-blank line; a damaged file ends with a problem item.

        `start` is a byte offset in a plain (not gzip) file where line `first_line` begins.
        """
        assert self._stream is not None
        if start:
            self._stream.seek(start)
            self.position = start
        number = first_line
        parts: list[bytes] = []
        produced = 0
        try:
            for block in self._blocks():
                begin = 0
                while (end := block.find(b"\n", begin)) >= 0:
                    parts.append(block[begin : end + 1])
                    line = b"".join(parts)
                    parts.clear()
                    if line.strip():
                        yield number, _decode(line, number == 1 and start == 0)
                    number += 1
                    produced += 1
                    if max_lines is not None and produced >= max_lines:
                        return
                    begin = end + 1
                if begin < len(block):
                    parts.append(block[begin:])
        except _StreamProblem as exc:
            yield number, _decode(b"".join(parts), number == 1), exc.message
            return
        except OSError as exc:
            yield number, "", f"read error: {exc.strerror or exc}; the rest of the file can't be read"
            return
        line = b"".join(parts)
        if line.strip():
            yield number, _decode(line, number == 1 and start == 0)


class _StreamProblem(Exception):
    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def _decode(line: bytes, first: bool) -> str:
    if first and line.startswith(b"\xef\xbb\xbf"):
        line = line[3:]
    return line.decode("utf-8", "surrogateescape")


# -- results and the summary -----------------------------------------------------------------------------------
@dataclass
class FileProblem:
    file: str
    error: str


@dataclass
class Summary:
    """Counts over every result in the output file (earlier runs included when resuming)."""

    out: str = ""
    engine: str = "process"
    workers: int = 1
    records: int = 0
    checked: int = 0  # records checked by this run
    skipped: int = 0  # records already in the output (resume)
    by_verdict: Counter[str] = field(default_factory=Counter)
    by_rule: Counter[tuple[str, str]] = field(default_factory=Counter)  # (rule number, key) -> records
    cpsat: int = 0  # records for which CP-SAT ran
    internal_errors: int = 0
    as_expected: Counter[bool] = field(default_factory=Counter)
    unreadable_results: int = 0  # lines of an earlier output that could not be read back
    file_problems: list[FileProblem] = field(default_factory=list)
    elapsed: float = 0.0
    interrupted: bool = False

    def add(self, result: Result, *, this_run: bool = True) -> None:
        self.records += 1
        self.checked += this_run
        verdict = result.get("verdict", "unknown")
        self.by_verdict[verdict] += 1
        for rule in {(v.get("rule", "?"), v.get("key", "?")) for v in result.get("violations") or ()}:
            self.by_rule[rule] += 1
        if result.get("solver") not in (None, "fast-path"):
            self.cpsat += 1
        if str(result.get("reason", "")).startswith("internal error"):
            self.internal_errors += 1
        if "as_expected" in result:
            self.as_expected[bool(result["as_expected"])] += 1

    @property
    def rate(self) -> float:
        return self.checked / self.elapsed if self.elapsed > 0 else 0.0

    def to_json(self) -> dict[str, Any]:
        return {
            "out": self.out,
            "engine": self.engine,
            "workers": self.workers,
            "records": self.records,
            "checked_this_run": self.checked,
            "skipped_already_done": self.skipped,
            "by_verdict": {v: self.by_verdict.get(v, 0) for v in VERDICTS},
            "by_rule": [
                {"rule": rule, "key": key, "records": n}
                for (rule, key), n in sorted(self.by_rule.items(), key=lambda kv: (-kv[1], kv[0]))
            ],
            "cpsat_records": self.cpsat,
            "internal_errors": self.internal_errors,
            "expected": {"agree": self.as_expected[True], "disagree": self.as_expected[False]},
            "unreadable_result_lines": self.unreadable_results,
            "file_problems": [{"file": p.file, "error": p.error} for p in self.file_problems],
            "elapsed_seconds": round(self.elapsed, 3),
            "records_per_second": round(self.rate, 1),
            "interrupted": self.interrupted,
        }


@dataclass(frozen=True)
class ProgressInfo:
    records: int  # results written by this run
    fraction: float | None  # of the input read, when its size is known


ProgressCallback = Callable[[ProgressInfo], None]


class BatchError(Exception):
    """The run can't start or go on (bad arguments, a cluster that fails): the CLI exits with status 2."""


class BatchUsageError(BatchError):
    """The arguments can't work (missing output directory, output would be overwritten, ...)."""


@dataclass(frozen=True)
class BatchOptions:
    workers: int | None = None  # None: every core this process may use
    engine: Engine = "process"
    scheduler: str | None = None  # dask: address of an existing scheduler; None starts a local cluster
    lang: str = "en"
    time_limit: float | None = None  # seconds per record for CP-SAT
    chunk_size: int = 64  # records per task of the process pool
    partition_lines: int = 5000  # dask: lines per partition of a plain file (a gzip file is one partition)
    resume: bool = False
    overwrite: bool = False
    local_cluster_processes: bool = True  # dask local cluster: worker processes (False: threads, for tests)


def default_workers() -> int:
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


def read_results(path: Path, summary: Summary) -> tuple[dict[str, set[int]], int]:
    """Records already in an output file, by input file name, and the byte length of its complete lines.

    Counts them into `summary`. A last line cut off by an interruption is not counted; the caller truncates it.
    """
    done: dict[str, set[int]] = {}
    keep = 0
    with path.open("rb") as stream:
        for raw in stream:
            try:
                result = json.loads(raw)
                name, line = result["file"], result["line"]
                if not isinstance(name, str) or not isinstance(line, int) or not isinstance(result, dict):
                    raise TypeError
            except (ValueError, KeyError, TypeError):
                if not raw.endswith(b"\n"):
                    break  # a cut-off last line: dropped, its record is checked again
                summary.unreadable_results += 1
                keep += len(raw)
                continue
            done.setdefault(name, set()).add(line)
            summary.add(result, this_run=False)
            keep += len(raw)
    return done, keep


Segments = list[tuple[str, int]]  # consecutive results: (input file name, how many)


class _Writer:
    """Appends result lines to the output, flushing after each chunk."""

    def __init__(self, path: Path, summary: Summary, progress: ProgressCallback | None) -> None:
        self.summary = summary
        self.progress = progress
        self.stream = path.open("a", encoding="utf-8", newline="\n")
        self.written = 0

    def emit(self, segments: Segments, results: list[Result], fraction: float | None) -> None:
        lines = []
        position = 0
        for name, count in segments:
            for result in results[position : position + count]:
                lines.append(json.dumps({"file": name, **result}, ensure_ascii=False, separators=(",", ":")))
                self.summary.add(result)
            position += count
        if lines:
            self.stream.write("\n".join(lines) + "\n")
            self.stream.flush()
        self.written += len(lines)
        if self.progress is not None:
            self.progress(ProgressInfo(self.written, fraction))

    def close(self) -> None:
        self.stream.close()


# -- running a batch -------------------------------------------------------------------------------------------
def run_batch(
    inputs: Sequence[str],
    out: Path,
    options: BatchOptions | None = None,
    progress: ProgressCallback | None = None,
) -> Summary:
    """Check every record of `inputs` into `out` (JSON lines, input order); returns the summary.

    Raises BatchUsageError for arguments that can't work. Unreadable input files are reported in
    `summary.file_problems` and the other files are still checked.
    """
    options = options or BatchOptions()
    workers = options.workers if options.workers is not None else default_workers()
    _validate(inputs, out, options, workers)
    summary = Summary(out=str(out), engine=options.engine, workers=workers)
    done: dict[str, set[int]] = {}
    if out.exists() and options.resume:
        done, keep = read_results(out, summary)
        with out.open("r+b") as stream:
            stream.truncate(keep)
    elif out.exists():
        out.write_bytes(b"")
    writer = _Writer(out, summary, progress)
    started = time.perf_counter()
    try:
        if options.engine == "dask":
            _run_dask(inputs, done, options, workers, writer)
        else:
            _run_processes(inputs, done, options, workers, writer)
    except KeyboardInterrupt:
        summary.interrupted = True
    finally:
        writer.close()
        summary.elapsed = time.perf_counter() - started
    return summary


def _validate(inputs: Sequence[str], out: Path, options: BatchOptions, workers: int) -> None:
    if not inputs:
        raise BatchUsageError("no input file")
    if workers < 1:
        raise BatchUsageError("--workers must be at least 1")
    if options.chunk_size < 1 or options.partition_lines < 1:
        raise BatchUsageError("chunk and partition sizes must be at least 1")
    if options.engine not in ("process", "dask"):
        raise BatchUsageError(f"unknown engine '{options.engine}'")
    if options.scheduler is not None and options.engine != "dask":
        raise BatchUsageError("--scheduler needs --engine dask")
    if options.engine == "dask" and "-" in inputs:
        raise BatchUsageError("--engine dask reads files on the workers; standard input ('-') can't be used")
    if inputs.count("-") > 1:
        raise BatchUsageError("standard input ('-') can be read only once")
    if not out.parent.is_dir():
        raise BatchUsageError(f"{out}: the directory {out.parent} does not exist")
    if out.is_dir():
        raise BatchUsageError(f"{out}: is a directory")
    for name in inputs:
        if name != "-" and Path(name).exists() and out.exists() and Path(name).resolve() == out.resolve():
            raise BatchUsageError(f"{out}: the output is also an input")
    if out.exists() and out.stat().st_size > 0 and not (options.resume or options.overwrite):
        raise BatchUsageError(f"{out} already exists: pass --resume to continue it or --overwrite to replace it")


def _opened(inputs: Sequence[str], summary: Summary) -> Iterator[InputFile]:
    """Each input that can be opened; the others are reported in the summary."""
    for name in inputs:
        reader = InputFile(name)
        try:
            reader.open()
        except OSError as exc:
            message = str(exc) if isinstance(exc, IsADirectoryError) else f"{name}: {exc.strerror or exc}"
            summary.file_problems.append(FileProblem(name, message))
            continue
        try:
            yield reader
        finally:
            reader.close()


def _input_size(inputs: Sequence[str]) -> int | None:
    total = 0
    for name in inputs:
        if name == "-":
            return None
        try:
            total += Path(name).stat().st_size
        except OSError:
            continue
    return total or None


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
    total = _input_size(inputs)
    finished = 0
    segments: list[tuple[str, list[Item]]] = []
    count = 0

    def fraction(position: int) -> float | None:
        return min(1.0, (finished + position) / total) if total else None

    for reader in _opened(inputs, summary):
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
        finished += reader.size if reader.size is not None else reader.position
    segments = [(name, items) for name, items in segments if items]
    if segments:
        yield _Task(segments, fraction(0))


def _init_worker() -> None:
    """Pool workers leave Ctrl-C to the main process, which stops the run and keeps what is written."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _pool(workers: int) -> ProcessPoolExecutor:
    # Not fork: the main process may run a progress thread. forkserver imports the package once for all workers.
    method = "forkserver" if "forkserver" in multiprocessing.get_all_start_methods() else "spawn"
    context = multiprocessing.get_context(method)
    if method == "forkserver":
        context.set_forkserver_preload(["combatcheck.batch", "combatcheck.solver"])
    return ProcessPoolExecutor(max_workers=workers, mp_context=context, initializer=_init_worker)


def _run_processes(
    inputs: Sequence[str], done: dict[str, set[int]], options: BatchOptions, workers: int, writer: _Writer
) -> None:
    lang, limit = options.lang, options.time_limit
    tasks = _tasks(inputs, done, options.chunk_size, writer.summary)
    if workers == 1:
        for task in tasks:
            writer.emit(task.counts, check_chunk(task.items, lang, limit), task.fraction)
        return
    pool = _pool(workers)
    window: deque[_Task] = deque()

    def submit(task: _Task) -> None:
        task.future = pool.submit(check_chunk, task.items, lang, limit)

    def finish_head() -> None:
        nonlocal pool
        task = window.popleft()
        assert task.future is not None
        try:
            results = task.future.result()
        except BrokenProcessPool:  # a worker died (crash, out of memory): find the record, go on
            pool.shutdown(wait=False, cancel_futures=True)
            results = _isolate(task.items, lang, limit)
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
        pool.shutdown(wait=finished, cancel_futures=True)


def _isolate(items: list[Item], lang: str, limit: float | None) -> list[Result]:
    """Run a chunk's records one by one in a fresh worker; a record that kills it again is reported."""
    results: list[Result] = []
    pool = _pool(1)
    try:
        for item in items:
            try:
                results.append(pool.submit(check_record, *item, lang=lang, time_limit=limit).result())
            except BrokenProcessPool:
                pool.shutdown(wait=False, cancel_futures=True)
                pool = _pool(1)
                reason = "internal error: the worker process died on this record"
                results.append({"line": item[0], "id": None, "verdict": "unknown", "reason": reason})
    finally:
        pool.shutdown(wait=False, cancel_futures=True)
    return results


# -- the dask engine -------------------------------------------------------------------------------------------
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
    for block in reader._blocks():
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


def _run_dask(
    inputs: Sequence[str], done: dict[str, set[int]], options: BatchOptions, workers: int, writer: _Writer
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
    for reader in _opened(inputs, summary):
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
        bag = db.from_delayed(loaders).starmap(check_record, lang=options.lang, time_limit=options.time_limit)
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


# -- terminal display (used by the CLI) --------------------------------------------------------------------------
class TerminalProgress:
    """A rich progress bar on standard error, shown only when standard error is a terminal."""

    def __init__(self, console: Console | None = None) -> None:
        from rich.console import Console

        self.console = console or Console(stderr=True)
        self.enabled = self.console.is_terminal
        self._progress: Progress | None = None
        self._task: TaskID | None = None
        self._started = time.perf_counter()

    def __enter__(self) -> TerminalProgress:
        if self.enabled:
            from rich.progress import BarColumn, Progress, TaskProgressColumn, TextColumn, TimeElapsedColumn

            self._progress = Progress(
                TextColumn("[bold]checking[/]"),
                BarColumn(),
                TaskProgressColumn(),
                TextColumn("{task.fields[records]} records, {task.fields[rate]}/s"),
                TimeElapsedColumn(),
                console=self.console,
                transient=True,
            )
            self._progress.start()
            self._task = self._progress.add_task("batch", total=None, records="0", rate="-")
        self._started = time.perf_counter()
        return self

    def __call__(self, info: ProgressInfo) -> None:
        if self._progress is None or self._task is None:
            return
        elapsed = time.perf_counter() - self._started
        rate = f"{info.records / elapsed:,.0f}" if elapsed > 0 else "-"
        if info.fraction is not None:
            self._progress.update(self._task, total=1.0, completed=info.fraction)
        self._progress.update(self._task, records=f"{info.records:,}", rate=rate)

    def __exit__(self, *exc: object) -> None:
        if self._progress is not None:
            self._progress.stop()


def summary_tables(summary: Summary) -> list[Table]:
    """The end-of-run tables: records by verdict, and records by broken rule."""
    from rich.table import Table

    verdicts = Table(title="Records by verdict", title_justify="left")
    verdicts.add_column("verdict")
    verdicts.add_column("records", justify="right")
    verdicts.add_column("share", justify="right")
    total = summary.records or 1
    for verdict in VERDICTS:
        n = summary.by_verdict.get(verdict, 0)
        verdicts.add_row(verdict, f"{n:,}", f"{100 * n / total:.1f}%")
    verdicts.add_row("total", f"{summary.records:,}", "", end_section=True)
    tables = [verdicts]
    if summary.by_rule:
        rules = Table(title="Records by broken rule", title_justify="left")
        rules.add_column("rule")
        rules.add_column("catalog key")
        rules.add_column("records", justify="right")
        for (rule, key), n in sorted(summary.by_rule.items(), key=lambda kv: (-kv[1], kv[0])):
            rules.add_row(rule, key, f"{n:,}")
        tables.append(rules)
    return tables


def summary_lines(summary: Summary) -> list[str]:
    """Plain lines after the tables: throughput, resume, expectations, problems."""
    lines = [
        f"{summary.checked:,} records checked in {summary.elapsed:.2f} s ({summary.rate:,.0f} records/s, "
        f"{summary.workers} worker(s), engine {summary.engine}); results in {summary.out}"
    ]
    if summary.skipped:
        lines.append(f"{summary.skipped:,} records skipped: already in the output (--resume)")
    if summary.cpsat:
        lines.append(f"CP-SAT ran for {summary.cpsat:,} records")
    if summary.as_expected:
        lines.append(f"expected verdicts: {summary.as_expected[True]:,} agree, {summary.as_expected[False]:,} disagree")
    if summary.internal_errors:
        lines.append(f"internal errors: {summary.internal_errors:,} (verdict unknown; see 'reason' in the results)")
    if summary.unreadable_results:
        lines.append(f"{summary.unreadable_results:,} lines of the earlier output could not be read back")
    return lines
