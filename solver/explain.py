"""Turning reasons into sentences (English, French, Spanish) and costs into a total."""

from __future__ import annotations

import re
from collections import Counter

from ..models.report import Finding
from .board import Board
from .ir import Reason
from .rules import CATALOG

LANGUAGES = ("en", "fr", "es")
_RULES = {rule.key: rule for rule in CATALOG}


def render(reason: Reason, board: Board, lang: str = "en") -> str:
    rule = _RULES[reason.rule]
    values = {k: board.label(v) for k, v in reason.values}
    return rule.messages[reason.code].text(lang).format(**values)


def finding(reason: Reason, board: Board, lang: str = "en") -> Finding:
    rule = _RULES[reason.rule]
    return Finding(
        rule=reason.cr, key=reason.rule, kind=rule.kind, message=render(reason, board, lang),
        objects=list(reason.objects),
    )


_MANA = re.compile(r"^(\{[^{}]+\})+$")
_SYMBOL = re.compile(r"\{([^{}]+)\}")
_COLOR_ORDER = "WUBRGC"


def total_cost(costs: list[str]) -> str | None:
    """Add up mana costs ("{2}" + "{1}{W}" = "{3}{W}"); other costs are listed after the mana, joined by ' and '."""
    if not costs:
        return None
    generic = 0
    symbols: Counter[str] = Counter()
    other: list[str] = []
    for cost in costs:
        text = cost.strip()
        if not _MANA.match(text):
            other.append(text)
            continue
        for symbol in _SYMBOL.findall(text):
            if symbol.isdigit():
                generic += int(symbol)
            else:
                symbols[symbol.upper()] += 1
    ordered = sorted(symbols, key=lambda s: (_COLOR_ORDER.find(s) if s in _COLOR_ORDER else 99, s))
    mana = (f"{{{generic}}}" if generic else "") + "".join(f"{{{s}}}" * symbols[s] for s in ordered)
    parts = ([mana] if mana else []) + other
    return " and ".join(parts) if parts else "{0}"
