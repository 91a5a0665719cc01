"""Colors, card types and supertypes: the vocabulary that filters and protection qualities use."""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated, Any

from pydantic import BeforeValidator


class Color(StrEnum):
    WHITE = "W"
    BLUE = "U"
    BLACK = "B"
    RED = "R"
    GREEN = "G"


COLOR_WORDS: dict[str, Color] = {
    "white": Color.WHITE,
    "blue": Color.BLUE,
    "black": Color.BLACK,
    "red": Color.RED,
    "green": Color.GREEN,
}


def _color_from_word(value: Any) -> Any:
    """Accept a judge's spelling ("red", "Red", "r") as well as the WUBRG letter."""
    if isinstance(value, str):
        word = value.strip()
        if word.lower() in COLOR_WORDS:
            return COLOR_WORDS[word.lower()]
        return word.upper()
    return value


ColorName = Annotated[Color, BeforeValidator(_color_from_word)]


class CardType(StrEnum):
    ARTIFACT = "artifact"
    BATTLE = "battle"
    CREATURE = "creature"
    ENCHANTMENT = "enchantment"
    INSTANT = "instant"
    KINDRED = "kindred"
    LAND = "land"
    PLANESWALKER = "planeswalker"
    SORCERY = "sorcery"


class Supertype(StrEnum):
    BASIC = "basic"
    LEGENDARY = "legendary"
    SNOW = "snow"
    WORLD = "world"


def _lower(value: Any) -> Any:
    return value.strip().lower() if isinstance(value, str) else value


CardTypeName = Annotated[CardType, BeforeValidator(_lower)]
SupertypeName = Annotated[Supertype, BeforeValidator(_lower)]
# Subtypes are open-ended (hundreds of creature and land types); they are compared case-insensitively.
Subtype = Annotated[str, BeforeValidator(_lower)]
