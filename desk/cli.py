"""`combatcheck can-block | can-attack | count | forced | serve`: the judge's questions and the desk's web page.
Parses arguments and prints only; `combatcheck.cli` mounts the commands."""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, NoReturn, TypeVar

import typer

from ..console import JsonOpt, Lang, LangOpt, TimeOpt, err, fail, out
from ..models import Snapshot, SnapshotError, one_declaration, read_snapshot
from ..models.answers import ChoiceAnswer, DeclarationCount, ForcedChoices

FileArg = Annotated[str, typer.Argument(help="snapshot file (YAML or JSON); '-' reads standard input")]
ANSWER_EXIT = {"yes": 0, "no": 1, "unknown": 3}
T = TypeVar("T")


def _read(file: str, lang: Lang = Lang.en) -> Snapshot:
    try:
        return one_declaration(read_snapshot(file))
    except SnapshotError as exc:
        fail(exc.problems, lang.value)


def _answered(work: Callable[[], T], lang: Lang) -> T:
    """The answer, or the bad input in `lang`: a question that doesn't fit the snapshot, a board beyond the size
    limits (BoardTooLarge)."""
    from ..solver import QuestionError

    try:
        return work()
    except QuestionError as exc:
        fail([exc.problem], lang.value)
    except SnapshotError as exc:
        fail(exc.problems, lang.value)


def _emit(
    answer: ChoiceAnswer | DeclarationCount | ForcedChoices, snapshot: Snapshot, as_json: bool, code: int
) -> NoReturn:
    from ..models.cr_edition import CR_EDITION_WORDS
    from ..solver.question_words import answer_lines

    if as_json:
        out.print(answer.model_dump_json(indent=2), markup=False)
    else:
        for line in answer_lines(answer, snapshot):
            out.print(line, markup=False)
        out.print(CR_EDITION_WORDS.text(answer.lang), markup=False)  # the rules the answer follows
    raise typer.Exit(code)


def _ask_choice(
    file: str, actor: str, target: str, attack: bool, lang: Lang, time_limit: float | None, as_json: bool
) -> NoReturn:
    from ..solver import can_attack, can_block

    snapshot = _read(file, lang)
    ask = can_attack if attack else can_block
    answer = _answered(lambda: ask(snapshot, actor, target, lang=lang.value, time_limit=time_limit), lang)
    _emit(answer, snapshot, as_json, ANSWER_EXIT[answer.answer])


def can_block_command(
    file: FileArg,
    blocker: Annotated[str, typer.Argument(help="id of the creature that would block")],
    attacker: Annotated[str, typer.Argument(help="id of the attacking creature")],
    as_json: JsonOpt = False,
    lang: LangOpt = Lang.en,
    time_limit: TimeOpt = None,
) -> None:
    """Can BLOCKER block ATTACKER? A legal declaration in which it does (nearest to the snapshot's), or why not.
    Exit 0 yes, 1 no, 2 bad input, 3 unknown."""
    _ask_choice(file, blocker, attacker, False, lang, time_limit, as_json)


def can_attack_command(
    file: FileArg,
    creature: Annotated[str, typer.Argument(help="id of the creature that would attack")],
    target: Annotated[str, typer.Argument(help="id of the player, planeswalker or battle")],
    as_json: JsonOpt = False,
    lang: LangOpt = Lang.en,
    time_limit: TimeOpt = None,
) -> None:
    """Can CREATURE attack TARGET? A legal declaration in which it does (nearest to the snapshot's), or why not.
    Exit 0 yes, 1 no, 2 bad input, 3 unknown."""
    _ask_choice(file, creature, target, True, lang, time_limit, as_json)


def count_command(
    file: FileArg,
    limit: Annotated[int, typer.Option("--limit", min=1, help="count up to this many, then say there are more")] = 1000,
    show: Annotated[int, typer.Option("--show", min=0, help="list this many declarations")] = 10,
    as_json: JsonOpt = False,
    lang: LangOpt = Lang.en,
    time_limit: TimeOpt = None,
) -> None:
    """How many legal declarations are there (paying no cost), and which? Exit 0, or 3 if the time limit was reached."""
    from ..solver import count_declarations

    snapshot = _read(file, lang)
    answer = _answered(
        lambda: count_declarations(snapshot, limit=limit, show=show, lang=lang.value, time_limit=time_limit), lang
    )
    _emit(answer, snapshot, as_json, 3 if answer.status == "unknown" else 0)


def forced_command(
    file: FileArg, as_json: JsonOpt = False, lang: LangOpt = Lang.en, time_limit: TimeOpt = None
) -> None:
    """What is forced? The choices every legal declaration makes, and those none makes. Exit 0, or 3 if unknown."""
    from ..solver import forced_choices

    snapshot = _read(file, lang)
    answer = _answered(lambda: forced_choices(snapshot, lang=lang.value, time_limit=time_limit), lang)
    _emit(answer, snapshot, as_json, 3 if answer.status == "unknown" else 0)


def serve_command(
    port: Annotated[int, typer.Option("--port", min=1, max=65535, help="port to listen on")] = 8000,
    host: Annotated[
        str, typer.Option("--host", help="address to listen on; the default answers this machine only")
    ] = "127.0.0.1",
    workers: Annotated[
        int, typer.Option("--workers", min=0, max=64, help="processes for the checks (0: the CPUs, at most 4)")
    ] = 0,
    allow_origin: Annotated[
        list[str] | None,
        typer.Option(
            "--allow-origin",
            metavar="ORIGIN",
            help="let pages of this web origin (https://client.example:8443) call the API from a browser (CORS); "
            "repeat it for more. None by default",
        ),
    ] = None,
) -> None:
    """Start the judge's desk: a local web page (and its JSON API) at http://127.0.0.1:PORT/. Ctrl-C stops it."""
    import errno
    import ipaddress
    import os
    import socket

    import uvicorn

    from .app import LOCAL_HOSTS, create_app
    from .server import config

    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as probe:
        try:
            probe.bind((host, port))
        except socket.gaierror as exc:  # a name that doesn't resolve: the host is wrong, not the port
            fail([f"--host: can't listen on {host!r}: {exc.strerror or exc}"])
        except OSError as exc:
            field = "--port" if exc.errno in (errno.EADDRINUSE, errno.EACCES) else "--host"
            remedy = " (try --port with another number)" if field == "--port" else ""
            fail([f"{field}: can't listen on {host}:{port}: {exc.strerror or exc}{remedy}"])
    try:  # every loopback address (127.0.0.0/8, ::1) keeps the Host check against DNS rebinding
        local = ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        local = host in LOCAL_HOSTS
    if not local:
        err.print(f"warning: {host} is reachable from other machines; anyone who can reach it can use the desk")
    allowed = [*LOCAL_HOSTS, host, f"[{host}]"] if local else ["*"]
    origins = [_origin(value) for value in allow_origin or []]
    count = workers or min(4, os.cpu_count() or 1)
    app = create_app(allowed_hosts=allowed, workers=count, queue=4 * count, allow_origins=origins)
    shown = f"[{host}]" if ":" in host else host
    err.print(f"combatcheck desk: http://{shown}:{port}/  (API reference: /docs; Ctrl-C stops it)")
    uvicorn.Server(config(app, host, port)).run()


def _origin(value: str) -> str:
    """A web origin as browsers send it (`scheme://host[:port]`, no path), or `*` for any; exit 2 otherwise."""
    from urllib.parse import urlsplit

    if value == "*":
        return value
    parts = urlsplit(value)
    if parts.scheme not in ("http", "https") or not parts.netloc or parts.path not in ("", "/") or parts.query:
        fail([f"--allow-origin: {value!r} is not a web origin: write scheme://host[:port], e.g. http://localhost:3000"])
    return f"{parts.scheme}://{parts.netloc}".lower()
