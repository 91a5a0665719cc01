"""What every command module shares: terminal output (rich is imported on first use, so a `check` that prints a few
lines starts faster), the bad-input exit and the options several commands take. Imports nothing of the project."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterable, Sequence
from enum import StrEnum
from pathlib import Path
from functools import cached_property
from typing import TYPE_CHECKING, Annotated, Any, NoReturn

import typer

if TYPE_CHECKING:
    from rich.console import Console

BAD_INPUT = 2


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


def fail(lines: list[str], lang: str = "en") -> NoReturn:
    """Bad input: each line as `error: ...` (in `lang`: `erreur : ...`) on standard error, exit 2."""
    word = ERROR_WORD.get(lang, ERROR_WORD["en"])
    for line in lines:
        err.print(f"{word}{line}", markup=False)
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
