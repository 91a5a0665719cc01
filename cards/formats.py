"""The shapes `cards import` reads from MTGJSON and Scryfall files.

Every field the importer uses is checked before a card is built, so a file whose card has subtypes or text of the
wrong shape (an object where a list of text belongs, a number for a name) is refused with the path of each problem,
instead of being imported and breaking every later `card:` lookup. Fields the importer doesn't use are not checked.
Text must be valid Unicode: a lone surrogate (`"\\ud800"`) is refused here, not when the database is written.
"""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, TypeAdapter, ValidationError


class _Read(BaseModel):
    model_config = ConfigDict(extra="ignore", strict=True)


def _unicode(text: str) -> str:
    if not text.isascii():
        try:
            text.encode("utf-8")
        except UnicodeEncodeError as exc:
            raise ValueError(f"not valid Unicode text: an unpaired surrogate at character {exc.start + 1}") from None
    return text


MAX_NAME = 1_000  # characters of a name, a type, a language (limits.MAX_TEXT, as in a snapshot)
MAX_ORACLE_TEXT = 10_000  # characters of a face's Oracle text (the longest today has under 800)
MAX_PRINTED = 8  # characters of a printed power, toughness or loyalty ("1+*", "*²", "∞")

Text = Annotated[str, Field(max_length=MAX_NAME), AfterValidator(_unicode)]
LongText = Annotated[str, Field(max_length=MAX_ORACLE_TEXT), AfterValidator(_unicode)]


def _printed(value: Any) -> str | int:
    """Power, toughness and loyalty as printed: MTGJSON and Scryfall write text ("4", "*", "1+*"); a number too."""
    if isinstance(value, bool) or not isinstance(value, str | int):
        raise ValueError('should be text ("4", "*", "1+*") or a whole number')
    if isinstance(value, int):
        if abs(value) >= 10**MAX_PRINTED:
            raise ValueError(f"should have at most {MAX_PRINTED} digits")
        return value
    if len(value) > MAX_PRINTED:
        raise ValueError(f"should have at most {MAX_PRINTED} characters, not {len(value):,}")
    return _unicode(value)


Printed = Annotated[Any, AfterValidator(_printed)]


class ForeignName(_Read):
    language: Text | None = None
    name: Text | None = None
    faceName: Text | None = None


ArenaIdText = Annotated[str, Field(pattern=r"^[1-9][0-9]{0,18}$")]  # MTGJSON writes the id as text


class Identifiers(_Read):
    mtgArenaId: ArenaIdText | None = None


class MtgjsonFace(_Read):
    """A card face in MTGJSON (AtomicCards.json; AllPrintings and AllIdentifiers add `side` and `identifiers`)."""

    name: Text = Field(min_length=1)
    faceName: Text | None = Field(None, min_length=1)
    types: list[Text] = []
    subtypes: list[Text] | None = None
    supertypes: list[Text] | None = None
    colors: list[Text] | None = None
    power: Printed | None = None
    toughness: Printed | None = None
    loyalty: Printed | None = None
    text: LongText | None = None
    layout: Text = "normal"
    isFunny: bool | None = None
    side: Text | None = None
    identifiers: Identifiers | None = None
    foreignData: list[ForeignName] | None = None


class MtgjsonSet(_Read):
    cards: list[MtgjsonFace] = []


class ScryfallFace(_Read):
    name: Text = Field(min_length=1)
    type_line: Text | None = None
    colors: list[Text] | None = None
    power: Printed | None = None
    toughness: Printed | None = None
    loyalty: Printed | None = None
    oracle_text: LongText | None = None


class ScryfallCard(ScryfallFace):
    layout: Text = "normal"
    set_type: Text | None = None
    card_faces: list[ScryfallFace] | None = None
    arena_id: Annotated[int, Field(gt=0)] | None = None


class MtgjsonMeta(_Read):
    date: Text | None = None
    version: Text | None = None


ATOMIC_ENTRY = TypeAdapter(list[MtgjsonFace])  # one card name's faces
PRINTINGS_SET = TypeAdapter(MtgjsonSet)
IDENTIFIER_ENTRY = TypeAdapter(MtgjsonFace)
SCRYFALL_CARD = TypeAdapter(ScryfallCard)
META = TypeAdapter(MtgjsonMeta)


def problems(error: ValidationError, prefix: str, limit: int = 5) -> list[str]:
    """The first `limit` problems of a validation error, each as `path: message`, plus how many more there are."""
    found = []
    for item in error.errors(include_url=False)[:limit]:
        path = prefix
        for part in item["loc"]:
            if part == "[key]":  # pydantic's mark for a problem with the mapping key itself
                path += " (the key)"
            else:
                path += f"[{part}]" if isinstance(part, int) else f"[{_quoted(str(part))}]"
        found.append(f"{path}: {item['msg']}")
    extra = error.error_count() - limit
    if extra > 0:
        found.append(f"… and {extra:,} more")
    return found


def _quoted(key: str) -> str:
    return repr(key if len(key) <= 60 else key[:60] + "…")  # repr escapes what can't be printed
