"""Cards by name in a snapshot (`card:`), and abilities added or removed without restating them (`gains`, `loses`).

A card name is resolved here, while the snapshot loads, through the narrow interface `combatcheck.card_source`:
this package doesn't import the card database (which is loaded only when a permanent names a card).
"""

from __future__ import annotations

import difflib
from typing import Any

from pydantic_core import PydanticCustomError

from ..card_source import CardSourceError, UnknownCardName, card_source
from .abilities import (
    KEYWORD_ALIASES,
    NO_DECLARATION_EFFECT,
    PARAMETERIZED,
    TRIGGER_KEYWORDS,
    Ability,
    Keyword,
    ability_name,
)
from .trigger_abilities import TRIGGER_PARAMETERIZED

LOSE_ALL = "all"

# Abilities of which a second instance on the same object is redundant by rule: `gains` doesn't add it again. Every
# other ability's instances each function on their own (113.2c): a second exalted, rampage, bushido, flanking or
# afflict triggers again (702.23c, 702.25b, 702.45b, 702.130b), a second "can block an additional creature" adds one
# more (509.1a), a second cost to attack or block is paid too (508.1h, 509.1d). For a parameterized ability the
# redundant instance is an equal one: the same kind of landwalk, protection from the same quality, "bands with
# other" of the same kind.
REDUNDANT: dict[str, str] = {
    "deathtouch": "702.2f",
    "defender": "702.3c",
    "double_strike": "702.4e",
    "first_strike": "702.7d",
    "flash": "702.8b",
    "flying": "702.9c",
    "haste": "702.10d",
    "hexproof": "702.11h",
    "indestructible": "702.12c",
    "intimidate": "702.13c",
    "landwalk": "702.14e",
    "lifelink": "702.15f",
    "protection_from": "702.16m",
    "reach": "702.17c",
    "trample": "702.19g",
    "vigilance": "702.20c",
    "banding": "702.22m",
    "bands_with_other": "702.22m",
    "shadow": "702.28c",
    "horsemanship": "702.31c",
    "fear": "702.36c",
    "menace": "702.111c",
    "skulk": "702.118c",
}


# Words that are never an ability of the creature, wherever a snapshot writes them: goad is a designation, "neither
# an ability nor part of the permanent's copiable values" (701.38b); "blocks <that attacker> if able" (provoke,
# 702.39a; Culling Mark) and "attacks <that player> if able" (Gideon Jura, Alluring Siren) are continuous effects of
# a resolved spell or ability (611.2) that state what the creature does (113.12). Losing abilities never removes them.
EFFECT_ONLY: dict[str, str] = {"goaded_by": "701.38b", "blocks_if_able": "611.2", "attacks_if_able": "611.2"}

# Words that only an ability can be: the keyword abilities of 702 and the triggered abilities. An effect that gives
# one of them grants an ability (113.1a: "has", "gains"), which losing abilities removes (`gains`, `abilities`).
# Every other declaration word ("can't block", "attacks each combat if able", "all creatures able to block it do
# so", a cost) is an ability when it is the creature's own rules text, and an effect when another object states it
# (113.12: Pacifism, Lure, a spell's "target creature can't block this turn"): `subject_to`.
ABILITY_ONLY: frozenset[str] = frozenset(
    {
        *(k.value for k in NO_DECLARATION_EFFECT | TRIGGER_KEYWORDS),
        *(
            k.value
            for k in (
                Keyword.FLYING,
                Keyword.REACH,
                Keyword.SHADOW,
                Keyword.HORSEMANSHIP,
                Keyword.FEAR,
                Keyword.INTIMIDATE,
                Keyword.MENACE,
                Keyword.SKULK,
                Keyword.DEFENDER,
                Keyword.HASTE,
                Keyword.BANDING,
            )
        ),
        "protection_from",
        "landwalk",
        "bands_with_other",
        *TRIGGER_PARAMETERIZED,
    }
)


def check_effect_word(ability: Ability) -> Ability:
    """An entry of `subject_to`: anything but an ability-only word (`ABILITY_ONLY`)."""
    name = ability_name(ability)
    if name in ABILITY_ONLY:
        raise PydanticCustomError(
            "ability_not_effect",
            "'{name}' is an ability, not an effect: an effect that gives it grants it; write it under gains or "
            "abilities",
            {"name": name, "gains": "gains", "abilities": "abilities"},
        )
    return ability


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


def lost_keys(loses: tuple[str, ...]) -> tuple[str, ...]:
    """The snapshot names of the abilities `loses` names ('all' stays 'all')."""
    return tuple(ability_key(n) for n in loses)


def keeps_granted(lost: tuple[str, ...], granted: Ability) -> bool:
    """Whether a permanent that lost `lost` keeps what an effect of another object (a `grant`, an Aura) gives it:
    an ability it gives (a keyword or a triggered ability, 113.1a) is lost with the others; what the effect states
    ("creatures can't be blocked except by two or more", 113.12) is no ability and stays. Abilities gained after
    the loss are the permanent's `gains`."""
    name = ability_name(granted)
    return name not in ABILITY_ONLY or (LOSE_ALL not in lost and name not in lost)


def apply_changes(
    abilities: tuple[Ability, ...], gains: tuple[Ability, ...], loses: tuple[str, ...]
) -> tuple[Ability, ...]:
    """Remove every instance of each ability named in `loses` (113.10b; 'all' removes them all), then add `gains`:
    each one is a new instance (113.2c), unless an equal instance is already there and the rules make a second one
    redundant (`REDUNDANT`). What is written among the abilities but is never one (`EFFECT_ONLY`: goad, provoke's
    requirement) is not lost."""
    lost = {ability_key(n) for n in loses}
    kept = [
        a for a in abilities if ability_name(a) in EFFECT_ONLY or (LOSE_ALL not in lost and ability_name(a) not in lost)
    ]
    for gained in gains:
        if ability_name(gained) not in REDUNDANT or gained not in kept:
            kept.append(gained)
    return tuple(kept)


def fill_from_card(data: dict[str, Any]) -> dict[str, Any]:
    """The permanent's data with the named card's fields under it; the snapshot's own fields win.

    An unknown name is left alone here: the `card` field's validator reports it with suggestions.
    """
    try:
        card = card_source().card_fields(str(data["card"]))
    except (UnknownCardName, CardSourceError):
        return data  # the `card` field's validator reports it
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


_NEWER = {"update": "`combatcheck cards update`", "import_file": "`combatcheck cards import FILE`"}  # commands


def check_card_name(name: str) -> str:
    try:
        card_source().card_fields(name)
    except CardSourceError as exc:
        problem: dict[str, object] = {"message": str(exc), "code": exc.code, **exc.params, **_NEWER}
        raise PydanticCustomError("card_database_damaged", "{message}", problem) from None  # code: which one
    except UnknownCardName as exc:
        context: dict[str, object] = {
            "message": str(exc),
            "name": exc.name,
            "close": tuple(exc.suggestions),
            "dated": exc.dated,
            **_NEWER,
        }
        if exc.face_of:
            context.update(code="unknown_card_face", card=exc.face_of)
        elif exc.suggestions:
            context["code"] = "unknown_card_close"
        raise PydanticCustomError("unknown_card", "{message}", context) from None
    return name
