"""What every command module shares: terminal output (rich is imported on first use, so a `check` that prints a few
lines starts faster), the bad-input exit and the options several commands take. Imports nothing of the project."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterable, Sequence
from enum import StrEnum
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, NoReturn, Protocol

import typer

if TYPE_CHECKING:
    from rich.console import Console

BAD_INPUT = 2
# Failures of the program's own streams, never a verdict (0-3); docs/format.md#exit-status lists them.
NO_INPUT = 66  # standard input is closed (sysexits' EX_NOINPUT)
OUTPUT_ERROR = 74  # standard output can't be written: a full disk, an I/O error (sysexits' EX_IOERR)
CLOSED_PIPE = 141  # standard output is a pipe its reader closed (`| head -1`): quiet, as 128 + SIGPIPE


class OutputFailed(Exception):
    """Writing standard output failed (not an OSError, so no command mistakes it for a file of its own)."""

    def __init__(self, error: OSError) -> None:
        super().__init__(error.strerror or str(error))
        self.error = error


class InputClosed(Exception):
    """Standard input is closed (`<&-`): there is nothing to read `-` from."""


class GuardedOutput:
    """Standard output whose write errors are raised as OutputFailed, so the entry point can tell them apart."""

    def __init__(self, stream: Any) -> None:
        self._stream = stream

    def write(self, text: str) -> int:
        try:
            return int(self._stream.write(text))
        except OSError as exc:
            raise OutputFailed(exc) from None

    def flush(self) -> None:
        try:
            self._stream.flush()
        except OSError as exc:
            raise OutputFailed(exc) from None

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


class QuietErrors:
    """Standard error that can't be written (closed, a full disk) loses its messages, not the exit status they go
    with: write errors are dropped."""

    def __init__(self, stream: Any) -> None:
        self._stream = stream

    def write(self, text: str) -> int:
        try:
            return int(self._stream.write(text)) if self._stream is not None else len(text)
        except (OSError, ValueError):
            return len(text)

    def flush(self) -> None:
        try:
            if self._stream is not None:
                self._stream.flush()
        except (OSError, ValueError):
            pass

    def isatty(self) -> bool:
        return self._stream is not None and bool(self._stream.isatty())

    def __getattr__(self, name: str) -> Any:
        if self._stream is None:
            raise AttributeError(name)
        return getattr(self._stream, name)


class ClosedInput:
    """Stands for a closed standard input (Python's `sys.stdin` is then None): reading it raises InputClosed."""

    def __getattr__(self, name: str) -> Any:
        if name in ("buffer", "read", "readline", "readlines", "fileno", "__iter__"):
            raise InputClosed()
        raise AttributeError(name)

    def isatty(self) -> bool:
        return False


class LazyConsole:
    def __init__(self, *, stderr: bool = False) -> None:
        self._stderr = stderr

    @cached_property
    def console(self) -> Console:
        from rich.console import Console

        return Console(stderr=self._stderr, highlight=False, soft_wrap=True)

    def print(self, *objects: Any, markup: bool | None = None, **kwargs: Any) -> None:
        """Plain text (markup=False) is written as is, without loading rich; anything else goes through rich."""
        if markup is False and not kwargs and all(isinstance(o, str) for o in objects):
            stream = sys.stderr if self._stderr else sys.stdout
            stream.write(" ".join(objects) + "\n")
            return
        self.console.print(*objects, markup=markup, **kwargs)


out = LazyConsole()
err = LazyConsole(stderr=True)


ERROR_WORD = {"en": "error: ", "fr": "erreur : ", "es": "error: "}
# The `error` of `--json`'s error answer, as the desk's API words its own (desk/error_words.py).
JSON_ERROR_HEADING = {
    "input": {"en": "invalid input", "fr": "entrée invalide", "es": "entrada no válida"},
    "usage": {
        "en": "invalid command line",
        "fr": "ligne de commande invalide",
        "es": "línea de órdenes no válida",
    },
}


class Problem(Protocol):
    """A problem with the input, as the models' InputProblem says it: where, and what in each language."""

    @property
    def path(self) -> str: ...

    def text(self, lang: str = "en") -> str: ...

    def line(self, lang: str = "en") -> str: ...


class _ErrorMode:
    """Whether the command being run was given `--json`: then its errors are JSON too (set by the entry point)."""

    json = False


ERRORS = _ErrorMode()


def error_document(problems: Sequence[str | Problem], lang: str = "en", kind: str = "input") -> dict[str, Any]:
    """The desk API's error shape, `{"error": heading, "problems": [{"path", "message"}]}`: a plain line has no
    path."""
    heading = JSON_ERROR_HEADING[kind]
    return {
        "error": heading.get(lang, heading["en"]),
        "problems": [
            {"path": "", "message": p} if isinstance(p, str) else {"path": p.path, "message": p.text(lang)}
            for p in problems
        ],
    }


def print_errors(problems: Sequence[str | Problem], lang: str = "en", kind: str = "input") -> None:
    """Each problem as `error: path: what` (in `lang`: `erreur : ...`) on standard error; under `--json`, the
    error document on standard output instead."""
    if ERRORS.json:
        import json

        out.print(json.dumps(error_document(problems, lang, kind), ensure_ascii=False, indent=2), markup=False)
        return
    word = ERROR_WORD.get(lang, ERROR_WORD["en"])
    for problem in problems:
        err.print(f"{word}{problem if isinstance(problem, str) else problem.line(lang)}", markup=False)


def fail(problems: Sequence[str | Problem], lang: str = "en") -> NoReturn:
    """Bad input: each problem (a line, or a problem with its field path) as `error: ...` on standard error, or as
    JSON on standard output under `--json` (`print_errors`); exit 2."""
    print_errors(problems, lang)
    raise typer.Exit(BAD_INPUT)


def same_file(a: Path, b: Path) -> bool:
    """Whether two paths name one file: symlinks followed, hard links included; paths that don't exist yet are
    compared resolved."""
    try:
        return os.path.samefile(a, b)
    except (OSError, ValueError):
        pass
    try:
        return a.resolve() == b.resolve()
    except (OSError, RuntimeError):  # a symlink loop: it can't be written through either
        return False


def clashing_outputs(inputs: Iterable[str | Path], outputs: Sequence[tuple[str, Path | None]]) -> list[str]:
    """Each output path (option, path; None if not given) that is also an input or another output: writing it
    would destroy what the command reads or another thing it writes. `-` (standard input) is no file."""
    names = [Path(name) for name in inputs if str(name) != "-"]
    given = [(option, path) for option, path in outputs if path is not None]
    problems = []
    for index, (option, path) in enumerate(given):
        for name in names:
            if same_file(name, path):
                problems.append(f"{option} {path}: it is also an input ({name}); choose another file")
        for other_option, other in given[:index]:
            if same_file(other, path):
                problems.append(f"{option} {path}: {other_option} names the same file; choose another file")
    return problems


def existing_output(option: str, path: Path | None) -> str | None:
    """The refusal for an output file that exists and may not be replaced (no --overwrite); None if it is free
    (or a device such as /dev/null, which writing does not replace)."""
    if path is None or not path.is_file():
        return None
    return f"{option} {path} already exists: pass --overwrite to replace it"


class Lang(StrEnum):
    en = "en"
    fr = "fr"
    es = "es"


JsonOpt = Annotated[bool, typer.Option("--json", help="print the report as JSON")]
LangOpt = Annotated[Lang, typer.Option("--lang", help="language of explanations")]
TimeOpt = Annotated[
    float | None,
    typer.Option("--time-limit", min=0.001, help="seconds for the whole check; past it the verdict may be unknown"),
]
