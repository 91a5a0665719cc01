"""Compiles a snapshot's rules and decides legality. Public API: `check` and `solve`, and the judge's questions:
`can_block`, `can_attack`, `count_declarations` and `forced_choices`."""

from .decide import check, compile_snapshot, evaluate, solve
from .enumeration import count_declarations, forced_choices
from .explain import LANGUAGES, report_lines
from .questions import QuestionError, can_attack, can_block

__all__ = [
    "LANGUAGES",
    "QuestionError",
    "can_attack",
    "can_block",
    "check",
    "compile_snapshot",
    "count_declarations",
    "evaluate",
    "forced_choices",
    "report_lines",
    "solve",
]
