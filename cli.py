"""The command line: parse arguments, call the library, print. Exit codes: 0 legal, 1 illegal, 2 bad input,
3 unknown (solver limit reached)."""

from __future__ import annotations

import json
import sys
from enum import StrEnum
from pathlib import Path
from typing import Annotated, NoReturn

import typer

from .cli_cards import cards_app
from .console import LazyConsole
from .models import Snapshot, SnapshotError, load_snapshot
from .models.report import Report

app = typer.Typer(
    add_completion=False,
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    help="Decide whether a Magic: The Gathering attack or block declaration is legal (CR 508.1, 509.1), with reasons.",
)
app.add_typer(cards_app, name="cards")
out = LazyConsole()
err = LazyConsole(stderr=True)

EXIT = {"legal": 0, "illegal": 1, "unknown": 3}
BAD_INPUT = 2


class Lang(StrEnum):
    en = "en"
    fr = "fr"
    es = "es"


class SchemaKind(StrEnum):
    snapshot = "snapshot"
    report = "report"


FileArg = Annotated[str, typer.Argument(help="snapshot file (YAML or JSON); '-' reads standard input")]
JsonOpt = Annotated[bool, typer.Option("--json", help="print the report as JSON")]
LangOpt = Annotated[Lang, typer.Option("--lang", help="language of explanations")]
TimeOpt = Annotated[
    float | None,
    typer.Option("--time-limit", min=0.001, help="seconds for the solver; past it the verdict may be unknown"),
]


def _fail(lines: list[str]) -> NoReturn:
    for line in lines:
        err.print(f"error: {line}", markup=False)
    raise typer.Exit(BAD_INPUT)


def _read(file: str) -> Snapshot:
    try:
        text = sys.stdin.read() if file == "-" else Path(file).read_text(encoding="utf-8")
    except OSError as exc:
        _fail([f"{file}: {exc.strerror or exc}"])
    except UnicodeDecodeError:
        _fail([f"{file}: not UTF-8 text"])
    try:
        return load_snapshot(text, "<stdin>" if file == "-" else file)
    except SnapshotError as exc:
        _fail([str(p) for p in exc.problems])


def _emit(report: Report, snapshot: Snapshot, as_json: bool) -> NoReturn:
    from .solver.explain import report_lines

    if as_json:
        out.print(report.model_dump_json(indent=2), markup=False)
    else:
        for line in report_lines(report, snapshot):
            out.print(line, markup=False)
    raise typer.Exit(EXIT[report.verdict])


def _decide(action: str, snapshot: Snapshot, lang: Lang, time_limit: float | None) -> Report:
    from .solver import check, solve

    if action == "check":
        return check(snapshot, lang=lang.value, time_limit=time_limit)
    return solve(snapshot, lang=lang.value, time_limit=time_limit)


@app.command("check")
def check_command(file: FileArg, as_json: JsonOpt = False, lang: LangOpt = Lang.en, time_limit: TimeOpt = None) -> None:
    """Check the snapshot's declaration: exit 0 legal, 1 illegal, 2 bad input, 3 unknown."""
    snapshot = _read(file)
    _emit(_decide("check", snapshot, lang, time_limit), snapshot, as_json)


@app.command("solve")
def solve_command(file: FileArg, as_json: JsonOpt = False, lang: LangOpt = Lang.en, time_limit: TimeOpt = None) -> None:
    """Print a legal declaration that obeys the most requirements (nearest to the snapshot's declaration, if any)."""
    snapshot = _read(file)
    _emit(_decide("solve", snapshot, lang, time_limit), snapshot, as_json)


@app.command("schema")
def schema_command(
    kind: Annotated[SchemaKind, typer.Argument(help="which schema")] = SchemaKind.snapshot,
) -> None:
    """Print the JSON Schema of the snapshot format (or of the report)."""
    model = Snapshot if kind is SchemaKind.snapshot else Report
    out.print(json.dumps(model.model_json_schema(), indent=2), markup=False)


@app.command("rules")
def rules_command(as_json: JsonOpt = False) -> None:
    """List the rule catalog: key, CR number, restriction or requirement, and what it says."""
    from .solver.rules import CATALOG

    rows = [{"key": r.key, "rule": r.cr, "kind": r.kind, "summary": r.summary} for r in CATALOG]
    if as_json:
        out.print(json.dumps(rows, indent=2), markup=False)
        return
    for row in rows:
        out.print(f"{row['rule']:<10} {row['kind']:<12} {row['key']:<36} {row['summary']}", markup=False)


class BatchEngine(StrEnum):
    process = "process"
    dask = "dask"


class GenerateMix(StrEnum):
    play = "play"
    fast = "fast"
    solver = "solver"


class GenerateStep(StrEnum):
    declare_blockers = "declare_blockers"
    declare_attackers = "declare_attackers"


@app.command("batch")
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
    overwrite: Annotated[bool, typer.Option("--overwrite", help="replace an existing --out")] = False,
    chunk_size: Annotated[int, typer.Option("--chunk-size", min=1, help="records per task of the process pool")] = 64,
    partition_lines: Annotated[
        int, typer.Option("--partition-lines", min=1, help="dask: lines per partition of a plain file")
    ] = 5000,
    lang: LangOpt = Lang.en,
    time_limit: TimeOpt = None,
) -> None:
    """Check recorded games (JSON lines): one result line per record, then a summary. Exit 0 once it ran."""
    from .batch import BatchError, BatchOptions, TerminalProgress, run_batch, summary_lines, summary_tables

    if summary_json is not None and not summary_json.parent.is_dir():
        _fail([f"{summary_json}: the directory {summary_json.parent} does not exist"])
    options = BatchOptions(
        workers=workers,
        engine=engine.value,
        scheduler=scheduler,
        lang=lang.value,
        time_limit=time_limit,
        chunk_size=chunk_size,
        partition_lines=partition_lines,
        resume=resume,
        overwrite=overwrite,
    )
    try:
        with TerminalProgress() as progress:
            summary = run_batch(inputs, results, options, progress)
    except BatchError as exc:
        _fail([str(exc)])
    for table in summary_tables(summary):
        out.print(table)
    for line in summary_lines(summary):
        out.print(line, markup=False)
    if summary_json is not None:
        summary_json.write_text(json.dumps(summary.to_json(), indent=2) + "\n", encoding="utf-8")
    for problem in summary.file_problems:
        err.print(f"error: {problem.error}", markup=False)
    if summary.interrupted:
        err.print("interrupted: the results written so far are kept; rerun with --resume to finish", markup=False)
        raise typer.Exit(130)
    raise typer.Exit(BAD_INPUT if summary.file_problems else 0)


@app.command("generate")
def generate_command(
    count: Annotated[int, typer.Option("--count", min=0, help="how many records")] = 500,
    output: Annotated[Path | None, typer.Option("--out", help="file (.gz: gzip); default: standard output")] = None,
    seed: Annotated[int, typer.Option("--seed", help="the same seed gives the same records")] = 0,
    illegal_share: Annotated[
        float, typer.Option("--illegal-share", min=0.0, max=1.0, help="exactly round(count x share) are illegal")
    ] = 0.1,
    mix: Annotated[
        GenerateMix, typer.Option("--mix", help="play: real play; fast: no CP-SAT; solver: CP-SAT for every record")
    ] = GenerateMix.play,
    step: Annotated[
        GenerateStep | None,
        typer.Option("--step", help="only this step (default: play has a third of attack records, the others none)"),
    ] = None,
) -> None:
    """Write synthetic recorded combats (attack and block declarations with a known verdict) as JSON lines."""
    from .generate import generate_records, write_file, write_records

    records = generate_records(
        count, seed=seed, illegal_share=illegal_share, mix=mix.value, step=step.value if step else None
    )
    if output is None:
        write_records(records, sys.stdout)
        return
    try:
        written = write_file(records, output)
    except OSError as exc:
        _fail([f"{output}: {exc.strerror or exc}"])
    err.print(f"{written} records written to {output}", markup=False)


def main() -> None:
    app()
