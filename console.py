"""What every command module shares: terminal output (rich is imported on first use, so a `check` that prints a few
lines starts faster), the bad-input exit and the options several commands take. Imports nothing of the project."""

from __future__ import annotations

import sys
from enum import StrEnum
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
