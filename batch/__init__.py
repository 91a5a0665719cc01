"""Batch validation of recorded games: JSON lines in (optionally gzip-compressed), one result line per record out.

The record format and the result format are documented in docs/batch.md. The input is streamed and the output is
written in input order and flushed chunk by chunk, so an interruption loses at most the chunks in flight and
`resume=True` continues where the output stops. A bad record never stops the run: it gets the verdict `invalid`
with its line number and the problem.

Engines: "process" (a local process pool; one worker runs in this process) and "dask" (one task per file
partition, on a local cluster or an existing one). Both call `check_record`, the per-record function.

Modules: `record` (the per-record function), `reading` (input files), `results` (the results file, resume),
`summary` (counts), `options` (options and errors), `pool` and `dask_engine` (the engines), `run` (`run_batch`),
`locking` (one run at a time writes an output), `display` (terminal progress and tables), `tables` (flat CSV /
Parquet tables of a results file), `report` and `plots` (the HTML report), `cli` (the commands). May import:
solver, models, combat (a legal record's triggers, only with `triggers=True`; loaded then), render (the report's
pictures), limits and the console. Nothing of the project imports `batch` except the CLI (and importers, for the
record format and the output lock).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .dask_engine import InputChanged, Partition, plan_partitions, read_partition
    from .display import TerminalProgress, summary_lines, summary_tables
    from .options import BatchError, BatchOptions, BatchOutputError, BatchUsageError, Engine, default_workers
    from .reading import InputFile, Item
    from .record import KNOWN_STEPS, RECORD_KEYS, VERDICTS, Result, check_chunk, check_record
    from .results import EarlierResults, read_results, resume
    from .run import run_batch
    from .summary import FileProblem, ProgressCallback, ProgressInfo, Summary

# Exports load their module on first use, so the CLI can mount this package's command without importing it all.
_EXPORTS = {
    "BatchError": ".options",
    "BatchOptions": ".options",
    "BatchOutputError": ".options",
    "EarlierResults": ".results",
    "resume": ".results",
    "BatchUsageError": ".options",
    "Engine": ".options",
    "FileProblem": ".summary",
    "InputChanged": ".dask_engine",
    "InputFile": ".reading",
    "Item": ".reading",
    "KNOWN_STEPS": ".record",
    "Partition": ".dask_engine",
    "ProgressCallback": ".summary",
    "ProgressInfo": ".summary",
    "RECORD_KEYS": ".record",
    "Result": ".record",
    "Summary": ".summary",
    "TerminalProgress": ".display",
    "VERDICTS": ".record",
    "check_chunk": ".record",
    "check_record": ".record",
    "default_workers": ".options",
    "plan_partitions": ".dask_engine",
    "read_partition": ".dask_engine",
    "read_results": ".results",
    "run_batch": ".run",
    "summary_lines": ".display",
    "summary_tables": ".display",
}


def __getattr__(name: str) -> Any:
    if name in _EXPORTS:
        return getattr(importlib.import_module(_EXPORTS[name], __name__), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "KNOWN_STEPS",
    "RECORD_KEYS",
    "VERDICTS",
    "BatchError",
    "BatchOptions",
    "BatchOutputError",
    "BatchUsageError",
    "EarlierResults",
    "Engine",
    "FileProblem",
    "InputChanged",
    "InputFile",
    "Item",
    "Partition",
    "ProgressCallback",
    "ProgressInfo",
    "Result",
    "Summary",
    "TerminalProgress",
    "check_chunk",
    "check_record",
    "default_workers",
    "plan_partitions",
    "read_partition",
    "read_results",
    "resume",
    "run_batch",
    "summary_lines",
    "summary_tables",
]
