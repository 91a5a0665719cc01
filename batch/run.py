"""Running a batch: check the arguments, prepare the results file (new, replaced or resumed), run an engine."""

from __future__ import annotations

import multiprocessing
import sys
import time
from collections.abc import Sequence
from pathlib import Path

from ..console import ClosedInput, InputClosed, clashing_outputs
from .dask_engine import run_dask
from .locking import output_lock
from .options import BatchOptions, BatchUsageError, default_workers
from .pool import run_processes
from .reading import preflight
from .results import ResultWriter, clear, resume, withdraw_refuted
from .summary import ProgressCallback, Summary


def run_batch(
    inputs: Sequence[str],
    out: Path,
    options: BatchOptions | None = None,
    progress: ProgressCallback | None = None,
) -> Summary:
    """Check every record of `inputs` into `out` (JSON lines, input order); returns the summary.

    Raises BatchUsageError for arguments that can't work, BatchOutputError when the results can't be written (what
    was written is kept; rerun with `resume`), BatchError when the worker processes can't start. Unreadable input
    files are reported in `summary.file_problems` and the other files are still checked.
    """
    options = options or BatchOptions()
    workers = options.workers if options.workers is not None else default_workers()
    _validate(inputs, out, options, workers)
    if getattr(multiprocessing.current_process(), "_inheriting", False):
        # A worker process importing a script that calls run_batch unguarded: fail as multiprocessing itself does
        # when a pool starts then (not a BatchError, so the worker dies and the run says why), before the lock, which
        # the run that started this worker holds, and before the output is touched.
        raise RuntimeError("run_batch was called while a worker process imported the main module")
    with output_lock(out):
        return _run(inputs, out, options, progress, workers)


def _run(
    inputs: Sequence[str], out: Path, options: BatchOptions, progress: ProgressCallback | None, workers: int
) -> Summary:
    summary = Summary(out=str(out), engine=options.engine, workers=workers)
    done: dict[str, set[int]] = {}
    if out.exists() and options.resume:
        done = resume(out, summary)
    elif out.exists():
        clear(out)
    writer = ResultWriter(out, summary, progress)
    started = time.perf_counter()
    try:
        if options.engine == "dask":
            run_dask(inputs, done, options, workers, writer)
        else:
            run_processes(inputs, done, options, workers, writer)
    except KeyboardInterrupt:
        summary.interrupted = True
    finally:
        writer.close()
        summary.elapsed = time.perf_counter() - started
    if summary.refuted:
        summary = withdraw_refuted(out, summary)
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
    if clashes := clashing_outputs(inputs, [("--out", out)]):
        raise BatchUsageError(clashes[0])
    if out.exists() and out.stat().st_size > 0 and not (options.resume or options.overwrite):
        raise BatchUsageError(f"{out} already exists: pass --resume to continue it or --overwrite to replace it")
    if "-" in inputs and isinstance(sys.stdin, ClosedInput | None):
        raise InputClosed()
    if problems := preflight(inputs):
        raise BatchUsageError("\n".join(problems))
