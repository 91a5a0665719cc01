"""Compiles a snapshot's rules and decides legality. Public API: `check` and `solve`."""

from .check import UnsupportedSnapshot, check, compile_blocks, evaluate, solve
from .explain import LANGUAGES

__all__ = ["LANGUAGES", "UnsupportedSnapshot", "check", "compile_blocks", "evaluate", "solve"]
