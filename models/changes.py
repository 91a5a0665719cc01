"""Cards by name in a snapshot (`card:`), and abilities added or removed without restating them (`gains`, `loses`).

A card name is resolved here, while the snapshot loads, through the narrow interface `combatcheck.card_source`:
this package doesn't import the card database (which is loaded only when a permanent names a card).
"""

from __future__ import annotations

import difflib
from typing import Any

from pydantic_core import PydanticCustomError

from ..card_source import UnknownCardName, card_source
from .abilities import KEYWORD_ALIASES, PARAMETERIZED, Ability, Keyword, ability_name

LOSE_ALL = "all"


def ability_key(name: str) -> str:
    """The snapshot name of an ability named in `loses` ("first strike" -> first_strike, "lure" -> its keyword)."""
    raw = name.strip().lower()
    if raw in KEYWORD_ALIASES:
        return KEYWORD_ALIASES[raw].value
    return raw.replace("-", "_").replace(" ", "_")


def check_lost_name(name: str) -> str:
    """A name in `loses`: a keyword, a parameterized ability's key, or 'all'."""
    key = ability_key(name)
    known = [LOSE_ALL, *(k.value for k in Keyword), *PARAMETERIZED]
    if key not in known:
        close = difflib.get_close_matches(key, known, n=3)
        hint = f"; did you mean {' or '.join(close)}?" if close else ""
        raise PydanticCustomError(
            "unknown_ability",
            "unknown ability name '{name}'{hint}",
            {
                "name": name,
                "hint": hint,
                "code": "unknown_ability_name_close" if close else "unknown_ability_name",
                "close": tuple(close),
            },
        )
    return key


def apply_changes(
    abilities: tuple[Ability, ...], gains: tuple[Ability, ...], loses: tuple[str, ...]
) -> tuple[Ability, ...]:
    """Remove every ability named in `loses` ('all' removes them all), then add `gains` not already there."""
    lost = {ability_key(n) for n in loses}
    kept = [] if LOSE_ALL in lost else [a for a in abilities if ability_name(a) not in lost]
    for gained in gains:
        if gained not in kept:
            kept.append(gained)
    return tuple(kept)


def fill_from_card(data: dict[str, Any]) -> dict[str, Any]:
    """The permanent's data with the named card's fields under it; the snapshot's own fields win.

    An unknown name is left alone here: the `card` field's validator reports it with suggestions.
    """
    try:
        card = card_source().card_fields(str(data["card"]))
    except UnknownCardName:
        return data
    merged = {**card.fields, **data}
    if "abilities" in data and "unapplied" not in data and merged.get("unapplied"):
        # the snapshot restates the card's own abilities: its own text not read is stated there
        merged["unapplied"] = [u for u in merged["unapplied"] if not (isinstance(u, dict) and u.get("own"))]
    missing = [f"{key} is '{value}'" for key, value in card.unfixed.items() if key not in merged]
    if missing:
        raise PydanticCustomError(
            "card_stats",
            "{card}: {missing} on the card; state it in the snapshot",
            {
                "card": card.name,
                "missing": " and ".join(missing),
                "stats": ", ".join(f"{key} '{value}'" for key, value in card.unfixed.items() if key not in merged),
                "count": len(missing),
            },
        )
    return merged


def check_card_name(name: str) -> str:
    try:
        card_source().card_fields(name)
    except UnknownCardName as exc:
        context = {"message": str(exc), "name": exc.name, "close": tuple(exc.suggestions)}
        if exc.suggestions:
            context["code"] = "unknown_card_close"
        raise PydanticCustomError("unknown_card", "{message}", context) from None
    return name
