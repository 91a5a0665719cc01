"""The command line: parse arguments, call the library, print. Exit codes: 0 legal, 1 illegal, 2 bad input,
3 unknown (solver limit reached); failures of the program's own streams have codes of their own, never 0-3: 66
standard input closed, 74 standard output can't be written (a full disk), 141 standard output's reader closed the
pipe (quiet)."""

from __future__ import annotations

import io
import json
import os
import sys
from enum import StrEnum
from typing import Annotated, Any, NoReturn

import typer
from pydantic import BaseModel
from typer.core import TyperGroup

from .batch.cli import batch_command, report_command, table_command
from .cards.cli import cards_app
from .cli_help import people_words
from .combat.cli import combat_command, damage_command
from .combat.triggers_cli import triggers_command
from .console import (
    BAD_INPUT,
    CLOSED_PIPE,
    ERRORS,
    NO_INPUT,
    OUTPUT_ERROR,
    ClosedInput,
    GuardedOutput,
    InputClosed,
    JsonOpt,
    Lang,
    LangOpt,
    OutputFailed,
    QuietErrors,
    TimeOpt,
    err,
    fail,
    out,
    print_errors,
)
from .desk.cli import can_attack_command, can_block_command, count_command, forced_command, serve_command
from .generate.cli import generate_command
from .importers.cli import import_app
from .models import Snapshot, SnapshotError, one_declaration, read_snapshot
from .models.report import Report
from .render.cli import render_command

# click's UsageError (BadParameter, MissingParameter, NoSuchOption), whichever click typer runs on (newer typers
# carry their own copy of click): found from typer's public BadParameter.
_USAGE_ERROR: type[Exception] = next(c for c in typer.BadParameter.__mro__ if c.__name__ == "UsageError")


class _Commands(TyperGroup):
    """The root group: `--help` in people's words with two examples a command (cli_help.py); a command given
    `--json` answers bad input, its usage errors included, in the desk API's JSON error shape (`{"error",
    "problems"}`) on standard output (console.ERRORS)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        people_words(self)

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:  # typer's click Context, whichever it is
        given = args[: args.index("--")] if "--" in args else args
        ERRORS.json = "--json" in given
        return super().parse_args(ctx, args)

    def invoke(self, ctx: Any) -> Any:
        try:
            return super().invoke(ctx)
        except _USAGE_ERROR as exc:
            _reword(exc)
            if not ERRORS.json:
                raise
            print_errors([_UsageProblem(exc)], kind="usage")
            raise typer.Exit(BAD_INPUT) from None


def _reword(error: Exception) -> None:
    """An option's value that typer checked with pydantic says what is expected in our words, as a snapshot's
    field does ("a number of 0.001 or more expected", not "Input should be greater than or equal to 0.001")."""
    from pydantic import ValidationError

    from .models.schema_words import schema_problem_words

    cause = error.__cause__
    if isinstance(cause, ValidationError) and hasattr(error, "message"):
        words = [schema_problem_words(e["type"], e.get("ctx") or {}, e["msg"])[2] for e in cause.errors()]
        error.message = "; ".join(words)


class _UsageProblem:
    """A usage error as a problem: the option or argument it is about, and click's sentence."""

    def __init__(self, error: Exception) -> None:
        param = getattr(error, "param", None)
        self.path = (param.opts[0] if param.opts else param.human_readable_name) if param is not None else ""
        self.message = str(getattr(error, "format_message", error.__str__)())

    def text(self, lang: str = "en") -> str:
        return self.message

    def line(self, lang: str = "en") -> str:
        return f"{self.path}: {self.message}" if self.path else self.message


app = typer.Typer(
    cls=_Commands,
    add_completion=False,
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    help="Decide whether a Magic: The Gathering attack or block declaration is legal (CR 508.1, 509.1), with reasons.",
)

EXIT = {"legal": 0, "illegal": 1, "unknown": 3}


def _print_version(value: bool) -> None:
    if value:
        from importlib.metadata import version  # the installed version: pyproject reads it from __init__.py

        out.print(f"combatcheck {version('combatcheck')}", markup=False)
        raise typer.Exit(0)


@app.callback()
def _options(
    version: Annotated[
        bool,
        typer.Option("--version", callback=_print_version, is_eager=True, help="print the version and exit"),
    ] = False,
) -> None:
    """Options that come before the command."""


class SchemaKind(StrEnum):
    snapshot = "snapshot"
    report = "report"
    combat = "combat"


FileArg = Annotated[str, typer.Argument(help="snapshot file (YAML or JSON); '-' reads standard input")]


def _read(file: str, lang: Lang = Lang.en) -> Snapshot:
    try:
        return one_declaration(read_snapshot(file))
    except SnapshotError as exc:
        fail(exc.problems, lang.value)


def _emit(report: Report, snapshot: Snapshot, as_json: bool) -> NoReturn:
    from .models.cr_edition import CR_EDITION_WORDS
    from .solver.explain import report_lines

    if as_json:
        out.print(report.model_dump_json(indent=2), markup=False)
    else:
        for line in report_lines(report, snapshot):
            out.print(line, markup=False)
        out.print(CR_EDITION_WORDS.text(report.lang), markup=False)  # the rules the report follows
    raise typer.Exit(EXIT[report.verdict])


def _decide(action: str, snapshot: Snapshot, lang: Lang, time_limit: float | None) -> Report:
    from .combat.judging import judge

    try:
        return judge(snapshot, lang=lang.value, time_limit=time_limit, find=action == "solve")
    except SnapshotError as exc:  # a board beyond the size limits (BoardTooLarge)
        fail(exc.problems, lang.value)


@app.command("check")
def check_command(file: FileArg, as_json: JsonOpt = False, lang: LangOpt = Lang.en, time_limit: TimeOpt = None) -> None:
    """Check the snapshot's declaration: exit 0 legal, 1 illegal, 2 bad input, 3 unknown."""
    snapshot = _read(file, lang)
    _emit(_decide("check", snapshot, lang, time_limit), snapshot, as_json)


@app.command("solve")
def solve_command(file: FileArg, as_json: JsonOpt = False, lang: LangOpt = Lang.en, time_limit: TimeOpt = None) -> None:
    """Print a legal declaration that obeys the most requirements (nearest to the snapshot's declaration, if any)."""
    snapshot = _read(file, lang)
    _emit(_decide("solve", snapshot, lang, time_limit), snapshot, as_json)


@app.command("schema")
def schema_command(
    kind: Annotated[SchemaKind, typer.Argument(help="which schema")] = SchemaKind.snapshot,
) -> None:
    """Print the JSON Schema of the snapshot format (or of the report, or of `combat --json`)."""
    from .combat import Timeline

    models: dict[SchemaKind, type[BaseModel]] = {
        SchemaKind.snapshot: Snapshot,
        SchemaKind.report: Report,
        SchemaKind.combat: Timeline,
    }
    model = models[kind]
    out.print(json.dumps(model.model_json_schema(), indent=2), markup=False)


@app.command("rules")
def rules_command(as_json: JsonOpt = False) -> None:
    """List the rule catalog: key, CR number, restriction or requirement, and what it says."""
    from .solver.rules import catalog_rows

    rows = catalog_rows()
    if as_json:
        out.print(json.dumps(rows, indent=2), markup=False)
        return
    for row in rows:
        out.print(f"{row['rule']:<10} {row['kind']:<12} {row['key']:<36} {row['summary']}", markup=False)


app.command("combat")(combat_command)
app.command("damage")(damage_command)
app.command("can-block")(can_block_command)
app.command("can-attack")(can_attack_command)
app.command("count")(count_command)
app.command("forced")(forced_command)
app.command("render")(render_command)
app.command("triggers")(triggers_command)
app.command("serve")(serve_command)
app.command("batch")(batch_command)
app.command("table")(table_command)
app.command("report")(report_command)
app.command("generate")(generate_command)
app.add_typer(cards_app, name="cards")
app.add_typer(import_app, name="import")


def main() -> None:
    for stream in (sys.stdout, sys.stderr):  # a terminal that can't show a character gets an escape, not a crash
        if isinstance(stream, io.TextIOWrapper):
            stream.reconfigure(errors="backslashreplace")
    if sys.stdout is not None:
        sys.stdout = GuardedOutput(sys.stdout)
    sys.stderr = QuietErrors(sys.stderr)
    if sys.stdin is None:
        sys.stdin = ClosedInput()
    try:
        try:
            app()
        finally:
            if sys.stdout is not None:
                sys.stdout.flush()  # a block-buffered pipe or file fails here, not in the interpreter's exit
    except SnapshotError as exc:  # a board beyond the size limits, from any command that checks (BoardTooLarge)
        print_errors(exc.problems)
        sys.exit(BAD_INPUT)
    except OutputFailed as exc:
        _discard_output()
        if isinstance(exc.error, BrokenPipeError):  # the reader has gone (`| head -1`): nothing to say, to no one
            sys.exit(CLOSED_PIPE)
        err.print(f"error: standard output can't be written ({exc}); exit status {OUTPUT_ERROR}", markup=False)
        sys.exit(OUTPUT_ERROR)
    except InputClosed:
        print_errors(["standard input is closed: give a file name instead of '-', or pipe the input in"])
        sys.exit(NO_INPUT)


def _discard_output() -> None:
    """Point standard output at the null device, so that the interpreter's last flush has nowhere to fail."""
    stream = getattr(sys.stdout, "_stream", sys.stdout)
    try:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, stream.fileno())
        os.close(null)
    except (OSError, ValueError, AttributeError):
        pass
