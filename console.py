"""Terminal output for the CLI. rich is imported on first use, so a `check` that prints a few lines starts faster."""

from __future__ import annotations

import sys
from functools import cached_property
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from rich.console import Console


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
