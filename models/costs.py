"""Costs to attack or block (`block_cost`, `attack_cost`): mana symbols checked when the snapshot is read.

A cost is mana ("{2}{W}"), a cost in words as the card prints it ("sacrifice a land", "pay 2 life"), or both
("{1} and sacrifice a creature"). Every symbol in braces must be a mana symbol (CR 107.4): generic {0}…{N}, the
colors {W} {U} {B} {R} {G}, colorless {C}, snow {S}, variables {X} {Y} {Z}, hybrid {W/U}, monocolored hybrid
{2/W}, Phyrexian {W/P} and {P}, hybrid Phyrexian {W/U/P}. Lower case is read as upper case.
"""

from __future__ import annotations

import re
from typing import Annotated

from pydantic import AfterValidator, Field
from pydantic_core import PydanticCustomError

MAX_GENERIC = 1_000_000  # a generic amount in one symbol; totals stay exact and readable

COLORS = "WUBRG"
_SYMBOL = re.compile(r"\{([^{}]*)\}")
_SINGLE = frozenset(COLORS) | {"C", "S", "X", "Y", "Z", "P"}


def mana_symbol_problem(symbol: str) -> str | None:
    """Why the text between two braces is not a mana symbol (upper case), or None."""
    if symbol.isascii() and symbol.isdigit():
        return None if int(symbol) <= MAX_GENERIC else f"{{{symbol[:12]}…}}: a generic amount over {MAX_GENERIC:,}"
    if symbol in _SINGLE:
        return None
    parts = symbol.split("/")
    if len(parts) == 2 and parts[1] == "P" and parts[0] in COLORS:
        return None  # Phyrexian
    if len(parts) == 2 and parts[0] == "2" and parts[1] in COLORS:
        return None  # monocolored hybrid
    hybrid = parts[:2] if len(parts) == 3 and parts[2] == "P" else parts
    if len(parts) in (2, 3) and len(hybrid) == 2 and set(hybrid) <= set(COLORS) and hybrid[0] != hybrid[1]:
        return None  # hybrid, hybrid Phyrexian
    return (
        f"{{{symbol[:12]}}} is not a mana symbol: generic {{2}}, {{W}} {{U}} {{B}} {{R}} {{G}}, colorless {{C}}, snow {{S}}, "
        "{X}, hybrid {W/U} or {2/W}, Phyrexian {W/P}"
    )


def _error(code: str, message: str, **params: str) -> PydanticCustomError:
    # braces in the message stay as they are; `code` names its message in models/schema_words.py
    return PydanticCustomError("cost", "{message}", {"message": message, "code": code, **params})


def check_cost(text: str) -> str:
    """The cost with its mana symbols in upper case; an error naming the first symbol that is not mana."""
    cost = text.strip()
    if not cost:
        raise _error("cost_empty", "a cost can't be empty")
    outside = _SYMBOL.sub("", cost)
    if "{" in outside or "}" in outside:
        raise _error("cost_brace", "a brace without its pair; mana symbols are written {2}, {W}, {W/U}")
    for symbol in _SYMBOL.findall(cost):
        problem = mana_symbol_problem(symbol.upper())
        if problem is not None:
            raise _error("cost_symbol", problem, symbol=symbol.upper()[:12])
    return _SYMBOL.sub(lambda m: "{" + m.group(1).upper() + "}", cost)


def mana_symbols(cost: str) -> list[str] | None:
    """The symbols of a cost that is mana only ("{2}{W}" -> ["2", "W"]); None for a cost with words."""
    if _SYMBOL.sub("", cost).strip():
        return None
    return _SYMBOL.findall(cost)


Cost = Annotated[
    str,
    Field(min_length=1, description="mana ({2}{W}), words as printed (sacrifice a land), or both"),
    AfterValidator(check_cost),
]
