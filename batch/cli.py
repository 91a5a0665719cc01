"""`combatcheck batch`: the command of the batch capability. Parses arguments, runs the batch, prints the summary."""

from __future__ import annotations

import json
import signal
from collections.abc import Iterator
from contextlib import contextmanager
from enum import StrEnum
from pathlib import Path
from types import FrameType
from typing import Annotated

import typer

from ..console import BAD_INPUT, Lang, LangOpt, TimeOpt, clashing_outputs, err, existing_output, fail, out


class BatchEngine(StrEnum):
    process = "process"
    dask = "dask"


def batch_command(
    inputs: Annotated[list[str], typer.Argument(help="record files: JSON lines, optionally gzip; '-' reads stdin")],
    results: Annotated[Path, typer.Option("--out", help="results file: one JSON line per record, in input order")],
    summary_json: Annotated[Path | None, typer.Option("--summary-json", help="also write the summary here")] = None,
    workers: Annotated[int | None, typer.Option("--workers", min=1, help="processes (default: all cores)")] = None,
    engine: Annotated[BatchEngine, typer.Option("--engine", help="dask needs the dask extra")] = BatchEngine.process,
    scheduler: Annotated[
        str | None, typer.Option("--scheduler", help="dask: address of a running scheduler (default: local cluster)")
    ] = None,
    resume: Annotated[bool, typer.Option("--resume", help="skip records already in --out, append the rest")] = False,
    overwrite: Annotated[
        bool, typer.Option("--overwrite", help="replace an existing --out (and --summary-json)")
    ] = False,
    chunk_size: Annotated[int, typer.Option("--chunk-size", min=1, help="records per task of the process pool")] = 64,
    partition_lines: Annotated[
        int, typer.Option("--partition-lines", min=1, help="dask: lines per partition of a plain file")
    ] = 5000,
    triggers: Annotated[
        bool, typer.Option("--triggers", help="also list the attack or block triggers of each legal declaration")
    ] = False,
    table_path: Annotated[
        Path | None,
        typer.Option("--table", help="also write flat tables of the results: .csv or .parquet (docs/batch.md#tables)"),
    ] = None,
    lang: LangOpt = Lang.en,
    time_limit: TimeOpt = None,
) -> None:
    """Check recorded games (JSON lines): one result line per record, then a summary. Exit 0 once it ran."""
    from .display import TerminalProgress, summary_lines, summary_tables
    from .options import BatchError, BatchOptions
    from .run import run_batch
    from .tables import check_table_paths, violations_path

    if table_path is not None:
        try:
            check_table_paths(results, table_path, violations_path(table_path), overwrite=overwrite)
        except BatchError as exc:
            fail([str(exc)])

    if summary_json is not None and not summary_json.parent.is_dir():
        fail([f"{summary_json}: the directory {summary_json.parent} does not exist"])
    if summary_json is not None and summary_json.is_dir():
        fail([f"{summary_json}: is a directory"])
    outputs = [("--out", results), ("--summary-json", summary_json), ("--table", table_path)]
    if table_path is not None:
        outputs.append(("--table (its violations table)", violations_path(table_path)))
    clashes = clashing_outputs(inputs, outputs)
    if clashes:
        fail(clashes)
    replaceable = overwrite or (resume and _summary_of(summary_json, results))
    if not replaceable and (refused := existing_output("--summary-json", summary_json)):
        fail([refused])
    options = BatchOptions(
        workers=workers,
        engine=engine.value,
        scheduler=scheduler,
        lang=lang.value,
        time_limit=time_limit,
        triggers=triggers,
        chunk_size=chunk_size,
        partition_lines=partition_lines,
        resume=resume,
        overwrite=overwrite,
    )
    stopped: list[int] = []
    try:
        with _stopped_by_sigterm(stopped), TerminalProgress() as progress:
            summary = run_batch(inputs, results, options, progress)
    except BatchError as exc:
        fail(str(exc).split("\n"))
    for table in summary_tables(summary):
        out.print(table)
    for line in summary_lines(summary):
        out.print(line, markup=False)
    if summary_json is not None:
        try:
            summary_json.write_text(json.dumps(summary.to_json(), indent=2) + "\n", encoding="utf-8")
        except OSError as exc:
            fail(
                [f"{summary_json}: the summary can't be written ({exc.strerror or exc}); the results are in {results}"]
            )
    for problem in summary.file_problems:
        err.print(f"error: {problem.error}", markup=False)
    if table_path is not None and not summary.interrupted:
        _write_tables(results, table_path, None, overwrite=True)  # its paths were checked before the run
    if summary.interrupted:
        err.print("interrupted: the results written so far are kept; rerun with --resume to finish", markup=False)
        raise typer.Exit(128 + stopped[0] if stopped else 130)  # 143 for SIGTERM, 130 for Ctrl-C (SIGINT)
    raise typer.Exit(BAD_INPUT if summary.file_problems else 0)


@contextmanager
def _stopped_by_sigterm(stopped: list[int]) -> Iterator[None]:
    """SIGTERM (`kill`, a service manager, a CI timeout) stops the run as Ctrl-C does: the finished chunks are
    written, the summary and the resume hint printed; the signal's number is put in `stopped` for the exit status."""

    def terminated(signum: int, frame: FrameType | None) -> None:
        stopped.append(signum)
        raise KeyboardInterrupt

    try:
        previous = signal.signal(signal.SIGTERM, terminated)
    except ValueError:  # not the main thread: leave signals alone
        yield
        return
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


def _summary_of(path: Path | None, results: Path) -> bool:
    """Whether `path` holds the summary of an earlier run into `results`, which `--resume` replaces (any other file
    is kept unless --overwrite is given)."""
    if path is None:
        return False
    try:
        with path.open("rb") as stream:
            data = json.loads(stream.read(1 << 20))
    except (OSError, ValueError, RecursionError):
        return False
    return isinstance(data, dict) and data.get("out") == str(results) and "by_verdict" in data


def table_command(
    results: Annotated[Path, typer.Argument(help="a results file written by combatcheck batch")],
    table: Annotated[
        Path, typer.Option("--out", help="the records table: .csv or .parquet, one row per record (by extension)")
    ],
    violations: Annotated[
        Path | None,
        typer.Option("--violations", help="the violations table, one row per violation (default: OUT.violations.EXT)"),
    ] = None,
    overwrite: Annotated[bool, typer.Option("--overwrite", help="replace existing tables")] = False,
) -> None:
    """Flat tables of a results file, for pandas, DuckDB or a spreadsheet (docs/batch.md#tables).

    Examples: combatcheck table results.jsonl --out results.parquet;
    combatcheck table results.jsonl --out results.csv --violations broken.csv
    """
    _write_tables(results, table, violations, overwrite=overwrite)


def _write_tables(results: Path, table: Path, violations: Path | None, *, overwrite: bool) -> None:
    from .options import BatchError
    from .tables import violations_path, write_tables

    try:
        counts = write_tables(results, table, violations, overwrite=overwrite)
    except BatchError as exc:
        fail([str(exc)])
    records = "1 record" if counts.records == 1 else f"{counts.records:,} records"
    found = "1 violation" if counts.violations == 1 else f"{counts.violations:,} violations"
    out.print(f"{records} in {table}, {found} in {violations or violations_path(table)}", markup=False)
    if counts.unreadable_lines:
        shown = ", ".join(map(str, counts.unreadable_lines[:10]))
        more = "" if len(counts.unreadable_lines) <= 10 else f" and {len(counts.unreadable_lines) - 10:,} more"
        err.print(
            f"warning: {results}: lines not read as results (left out of the tables): {shown}{more}", markup=False
        )


def report_command(
    results: Annotated[Path, typer.Argument(help="a results file written by combatcheck batch")],
    report: Annotated[Path, typer.Option("--out", help="the report: one self-contained HTML file")],
    records_dir: Annotated[
        Path | None,
        typer.Option("--records-dir", help="where the record files named in the results are (for the pictures)"),
    ] = None,
    illegal_shown: Annotated[
        int, typer.Option("--illegal-shown", min=0, help="how many illegal records are shown in full")
    ] = 50,
    pictures: Annotated[bool, typer.Option("--pictures/--no-pictures", help="draw the illegal records")] = True,
    overwrite: Annotated[bool, typer.Option("--overwrite", help="replace an existing report")] = False,
) -> None:
    """A report people look at: totals, verdicts by rule, card, game and turn, plots, and the illegal records.

    Examples: combatcheck report results.jsonl --out report.html;
    combatcheck report results.jsonl --out report.html --records-dir games/ --illegal-shown 200
    """
    from .options import BatchError
    from .report import write_report

    try:
        counts = write_report(
            results,
            report,
            records_dir=records_dir,
            illegal_shown=illegal_shown,
            pictures=pictures,
            overwrite=overwrite,
        )
    except BatchError as exc:
        fail([str(exc)])
    records = "1 record" if counts.records == 1 else f"{counts.records:,} records"
    out.print(f"{records} reported in {report}", markup=False)
