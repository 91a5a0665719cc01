"""`combatcheck cards …`: look cards up, search them, import a current card database. Parses and prints only.

The command group of the `cards` capability; `combatcheck.cli` mounts it."""

from __future__ import annotations

import json
import signal
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from types import FrameType
from typing import Annotated, Any, NoReturn

import typer

from ..console import fail, out
from ..limits import clip, tidy

cards_app = typer.Typer(
    no_args_is_help=True,
    help="The card database behind `card: NAME` in snapshots: show a card as the checker reads it, search, import.",
)

JsonOpt = Annotated[bool, typer.Option("--json", help="print JSON")]


def _flow(value: Any) -> str:
    """An ability as it would be written in a YAML snapshot (flow style)."""
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}: {_flow(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(_flow(v) for v in value) + "]"
    return "true" if value is True else "false" if value is False else str(value)


@cards_app.command("show")
def show_command(
    name: Annotated[str, typer.Argument(help="card name (case, punctuation, accents ignored)")],
    as_json: JsonOpt = False,
) -> None:
    """Show a card: its characteristics, the abilities read from its Oracle text, and the combat text not read."""
    from .lookup import UnknownCard, card_details, card_statics, find_card, read_card

    try:
        with _readable_database():
            face = find_card(name)
    except UnknownCard as exc:
        fail([str(exc)])
    if as_json:
        out.print(json.dumps(card_details(face), indent=2, ensure_ascii=False), markup=False)
        return
    reading = read_card(face)
    stats = f"  {face.power}/{face.toughness}" if face.power is not None else ""
    loyalty = f"  loyalty {face.loyalty}" if face.loyalty is not None else ""
    out.print(f"{face.name}  ({face.type_line()}){stats}{loyalty}", markup=False)
    if face.faces:
        out.print(f"faces: {' // '.join(face.faces)}", markup=False)
    out.print(f"colors: {''.join(face.colors) or 'colorless'}", markup=False)
    for line in face.text.splitlines():
        out.print(f"  | {line}", markup=False)
    out.print(f"abilities: [{', '.join(_flow(a) for a in reading.abilities)}]", markup=False)
    if reading.triggers:
        out.print(f"triggers: [{', '.join(_flow(a) for a in reading.triggers)}]", markup=False)
    if reading.triggers_unmapped:
        out.print("attack or block triggers not read (state what applies in the snapshot):", markup=False)
        for line in reading.triggers_unmapped:
            out.print(f"  - {line}", markup=False)
    applied = card_statics(face)
    for title, items in (
        ("effects on other objects (applied with this card as their source):", applied.statics),
        ("gives what it is attached to:", applied.grants_attached),
        ("conditional (applied while the condition holds on the board):", applied.conditional),
    ):
        if items:
            out.print(title, markup=False)
            for item in items:
                out.print(f"  - {_flow(item)}", markup=False)
    if applied.enchant:
        out.print(f"enchant: {', '.join(applied.enchant)}", markup=False)
    if applied.unapplied:
        out.print("not applied (each verdict lists it and says what it assumed):", markup=False)
        for item in applied.unapplied:
            out.print(f"  - {item['text']} ({item['why'].replace('_', ' ')})", markup=False)


@cards_app.command("search")
def search_command(
    words: Annotated[str, typer.Argument(help="words in the card's name, then in its Oracle text")],
    limit: Annotated[int, typer.Option("--limit", min=1, help="at most this many cards")] = 20,
) -> None:
    """List cards whose name (or else Oracle text) contains the words."""
    from .db import database
    from .names import normalise

    if not normalise(words):  # every name contains the empty key: the first cards in order would be listed
        fail(["words: give at least one letter or digit to search for"])
    with _readable_database():
        found = database().search(words, limit)
    if not found:
        fail([f"no card matches '{clip(words)}'"])
    for face in found:
        stats = f"  {face.power}/{face.toughness}" if face.power is not None else ""
        out.print(f"{face.name}  ({face.type_line()}){stats}", markup=False)


@cards_app.command("import")
def import_command(
    file: Annotated[
        Path,
        typer.Argument(
            help="MTGJSON AtomicCards, AllPrintings or AllIdentifiers, or Scryfall oracle-cards or default-cards (JSON, .gz or .xz)"
        ),
    ],
) -> None:
    """Build a local card database from current data; it is preferred over the bundled one from then on."""
    from .importer import ImportProblem, import_file

    previous = signal.signal(signal.SIGTERM, _terminated)
    try:
        db, path = import_file(file)
    except OSError as exc:  # named by the path that failed: the file, the cache folder or the database
        fail([f"{tidy(str(exc.filename if exc.filename is not None else file))}: {exc.strerror or exc}"])
    except ImportProblem as exc:
        fail([f"{tidy(str(file))}: {exc}", *(tidy(detail) for detail in exc.details)])
    finally:
        signal.signal(signal.SIGTERM, previous)
    _imported(db, path)


@cards_app.command("update")
def update_command(
    source: Annotated[
        str | None,
        typer.Option(
            "--source",
            help="URL of an MTGJSON AtomicCards.json.gz (a mirror); its SHA-256 is read from URL.sha256. Default: "
            "$COMBATCHECK_CARDS_URL, else https://mtgjson.com/api/v5/AtomicCards.json.gz",
        ),
    ] = None,
) -> None:
    """Download MTGJSON's current AtomicCards file, check its published SHA-256 and import it (every card printed
    so far, with French and Spanish names); the database in use is kept if anything fails."""
    from .importer import ImportProblem
    from .update import UpdateProblem, source_url, update

    previous = signal.signal(signal.SIGTERM, _terminated)
    try:
        url = source_url(source)
        with _progress(url) as progress:
            db, path = update(url, progress)
    except UpdateProblem as exc:
        fail([tidy(str(exc))])
    except ImportProblem as exc:
        fail([tidy(f"{source_url(source)}: {exc}"), *(tidy(detail) for detail in exc.details)])
    except OSError as exc:
        fail([f"{tidy(str(exc.filename or source_url(source)))}: {exc.strerror or exc}"])
    finally:
        signal.signal(signal.SIGTERM, previous)
    _imported(db, path)


@contextmanager
def _progress(url: str) -> Iterator[Any]:
    """A progress bar of the download on standard error (rich: drawn on a terminal, one final line elsewhere)."""
    from rich.console import Console
    from rich.progress import BarColumn, DownloadColumn, Progress, TextColumn, TransferSpeedColumn

    bar = Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        DownloadColumn(),
        TransferSpeedColumn(),
        console=Console(stderr=True),
        transient=True,
    )
    task = bar.add_task(f"downloading {clip(url, 80)}", total=None)
    with bar:
        yield lambda received, expected: bar.update(task, completed=received, total=expected)


def _imported(db: Any, path: Path) -> None:
    faces, aliases = _count(len(db), "card face", "card faces"), _count(len(db.aliases), "other name", "other names")
    out.print(f"{faces} and {aliases} from {db.source}", markup=False)
    if db.arena_ids:
        out.print(_count(len(db.arena_ids), "MTG Arena id", "MTG Arena ids"), markup=False)
    out.print(f"written to {path}", markup=False)


def _count(count: int, one: str, many: str) -> str:
    return f"{count} {one if count == 1 else many}"


def _terminated(signum: int, frame: FrameType | None) -> NoReturn:
    raise SystemExit(128 + signum)  # unwinds through the write in progress, which removes its temporary file


@contextmanager
def _readable_database() -> Iterator[None]:
    """A damaged database file is an error with what to do, not a traceback."""
    from .db import CardDatabaseError

    try:
        yield
    except CardDatabaseError as exc:
        fail([tidy(str(exc)), exc.remedy])


@cards_app.command("info")
def info_command(
    missing: Annotated[
        bool, typer.Option("--missing", help="list the faces known to be missing, with their card")
    ] = False,
) -> None:
    """Which card database is in use: its file, source, date and size."""
    from .db import database, local_path
    from .lookup import database_info

    with _readable_database():
        db = database()
    info = database_info(db)
    out.print(f"database: {db.path}", markup=False)
    out.print(f"source: {info['source']}", markup=False)
    out.print(f"cards as of: {info['date'] or '?'}", markup=False)
    out.print(
        f"{info['faces']} card faces, {info['other_names']} other names, {info['arena_ids']} MTG Arena ids",
        markup=False,
    )
    if info["missing"]:
        out.print(
            f"{len(info['missing'])} faces known to be missing (second faces of split, modal double-faced, flip and "
            "meld cards): combatcheck cards update or cards import brings them",
            markup=False,
        )
        if missing:
            for face, card in info["missing"].items():
                out.print(f"  - {face} (of {card})", markup=False)
    out.print(f"imported database (preferred when present): {local_path()}", markup=False)
