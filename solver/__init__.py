"""Compiles a snapshot's rules and decides legality. Public API: `check` and `solve`."""

from .decide import check, compile_snapshot, evaluate, solve
from .explain import LANGUAGES, report_lines

__all__ = ["LANGUAGES", "check", "compile_snapshot", "evaluate", "report_lines", "solve"]
