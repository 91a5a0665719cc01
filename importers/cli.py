"""`combatcheck import ...`: the command group of the importers. It parses arguments and prints; the work is in
the importer packages."""

from __future__ import annotations

import json
import signal
from pathlib import Path
from types import FrameType
from typing import Annotated

import typer

from ..console import BAD_INPUT, clashing_outputs, err, existing_output, fail, out

import_app = typer.Typer(
    no_args_is_help=True,
    help="Turn recorded games of other programs into batch records (then: combatcheck batch RECORDS).",
)


@import_app.command("arena")
def arena_command(
    logs: Annotated[list[Path], typer.Argument(help="MTG Arena Player.log files (plain or gzip)")],
    records: Annotated[Path, typer.Option("--out", help="records file: JSON lines; a name ending in .gz is gzip")],
    probes: Annotated[
        bool, typer.Option("--probes", help="also write labelled probe records from Arena's own requests")
    ] = False,
    max_probes: Annotated[int, typer.Option("--max-probes", min=0, help="probe records per declaration")] = 16,
    cards: Annotated[
        bool, typer.Option("--cards/--no-cards", help="read Arena ids through the card database, if it has them")
    ] = True,
    overwrite: Annotated[
        bool, typer.Option("--overwrite", help="replace an existing --out (and --summary-json)")
    ] = False,
    summary_json: Annotated[Path | None, typer.Option("--summary-json", help="also write the summary here")] = None,
) -> None:
    """One batch record per combat declaration of every game in the logs. Exit 0 once it ran, 2 if a log
    could not be read."""
    from ..cards.db import CardDatabaseError
    from .arena import ImportOptions, ImportUsageError, import_logs
    from .arena.cards import card_lookup
    from .arena.run import summary_lines

    if summary_json is not None and not summary_json.parent.is_dir():
        fail([f"{summary_json}: the directory {summary_json.parent} does not exist"])
    if summary_json is not None and summary_json.is_dir():
        fail([f"{summary_json}: is a directory"])
    if clashes := clashing_outputs(logs, [("--out", records), ("--summary-json", summary_json)]):
        fail(clashes)
    if not overwrite and (refused := existing_output("--summary-json", summary_json)):
        fail([refused])
    try:
        lookup = card_lookup() if cards else None
    except CardDatabaseError as exc:  # a damaged database file: say so, and what to do
        fail([str(exc), f"{exc.remedy}; or use --no-cards"])
    options = ImportOptions(probes=probes, max_probes=max_probes, overwrite=overwrite, lookup=lookup)
    previous = signal.signal(signal.SIGTERM, _terminated)
    try:
        summary = import_logs(logs, records, options)
    except ImportUsageError as exc:
        fail([str(exc)])
    except OSError as exc:
        fail([f"{records}: {exc.strerror or exc}"])
    except KeyboardInterrupt:
        err.print(f"interrupted: nothing was written to {records}", markup=False)
        raise typer.Exit(128 + _TERMINATED[-1] if _TERMINATED else 130) from None
    finally:
        signal.signal(signal.SIGTERM, previous)
    for line in summary_lines(summary):
        out.print(line, markup=False)
    if summary_json is not None:
        try:
            summary_json.write_text(json.dumps(summary.to_json(), indent=2) + "\n", encoding="utf-8")
        except OSError as exc:
            fail(
                [f"{summary_json}: the summary can't be written ({exc.strerror or exc}); the records are in {records}"]
            )
    unreadable = [f for f in summary.files if f.problem]
    for report in unreadable:
        err.print(f"error: {report.name}: {report.problem}", markup=False)
    raise typer.Exit(BAD_INPUT if unreadable else 0)


_TERMINATED: list[int] = []


def _terminated(signum: int, frame: FrameType | None) -> None:
    """SIGTERM ends the import as Ctrl-C does: the temporary records file is removed on the way out."""
    _TERMINATED.append(signum)
    raise KeyboardInterrupt
