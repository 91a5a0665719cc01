"""Looking a card up by name and turning it into the fields of a snapshot permanent."""

from __future__ import annotations

from functools import cache
from typing import Any

from ..limits import clip
from .db import CardDatabase, CardFace, as_int, database
from .oracle import read_oracle
from .reading import Reading, SelfInfo
from .static_templates import Statics
from .statics import read_statics

NEWER = "`combatcheck cards update` or `combatcheck cards import FILE` brings newer cards"


class UnknownCard(LookupError):
    """No card of that name; `suggestions` holds the closest names, `dated` how current the database is, `face_of`
    the card whose face this is when the database knows it lacks that face."""

    def __init__(self, name: str, suggestions: list[str], dated: str = "", face_of: str = "") -> None:
        self.name = name
        self.suggestions = suggestions
        self.dated = dated
        self.face_of = face_of
        super().__init__(unknown_card_message(name, suggestions, dated, face_of))


def unknown_card_message(name: str, suggestions: list[str], dated: str = "", face_of: str = "") -> str:
    """The English text of models/schema_words.py's unknown_card, unknown_card_close and unknown_card_face."""
    shown = clip(name)  # a name may be any input: a message repeats a short, printable part of it
    if face_of:
        return (
            f"'{shown}' is a face of '{face_of}', which the card database (of {dated}) lacks; `combatcheck cards "
            "update` or `combatcheck cards import FILE` brings it"
        )
    newer = f" (the card database is of {dated}: {NEWER})"
    if not suggestions:
        return f"unknown card '{shown}'{newer}"
    options = ", ".join(suggestions[:-1]) + f" or {suggestions[-1]}" if len(suggestions) > 1 else suggestions[0]
    return f"unknown card '{shown}'; did you mean {options}?{newer}"


def find_card(name: str, db: CardDatabase | None = None) -> CardFace:
    """The face named `name` (case, punctuation and accents ignored); UnknownCard with suggestions otherwise."""
    db = db if db is not None else database()
    face = db.find(name)
    if face is None:
        face_of = db.missing_card(name)
        raise UnknownCard(name, [] if face_of else db.suggest(name), db.date or "?", face_of or "")
    return face


def known_subtypes(db: CardDatabase) -> frozenset[str]:
    """Every subtype in the database, lower case: the reader uses them to recognise plurals ("Elves")."""
    return _subtypes(id(db), db)


_SUBTYPES: dict[int, frozenset[str]] = {}


def _subtypes(key: int, db: CardDatabase) -> frozenset[str]:
    if key not in _SUBTYPES:
        _SUBTYPES.clear()
        _SUBTYPES[key] = frozenset(s.lower() for face in db.cards.values() for s in face.subtypes)
    return _SUBTYPES[key]


def read_card(face: CardFace, db: CardDatabase | None = None) -> Reading:
    """The reader's view of a face's Oracle text."""
    db = db if db is not None else database()
    return _read(face, known_subtypes(db))


@cache
def _read(face: CardFace, subtypes: frozenset[str]) -> Reading:
    itself = SelfInfo(
        types=frozenset(face.types),
        subtypes=frozenset(s.lower() for s in face.subtypes),
        supertypes=frozenset(face.supertypes),
        colors=frozenset(face.colors),
    )
    return read_oracle(face.text, face.name, face.supertypes, subtypes, itself)


def card_statics(face: CardFace, db: CardDatabase | None = None) -> Statics:
    """What a face does to other objects (static abilities, attachments) and its combat text not applied."""
    db = db if db is not None else database()
    return _statics(face, known_subtypes(db))


@cache
def _statics(face: CardFace, subtypes: frozenset[str]) -> Statics:
    return read_statics(face.text, face.name, face.supertypes, _read(face, subtypes), subtypes)


def permanent_fields(face: CardFace, db: CardDatabase | None = None) -> dict[str, Any]:
    """The snapshot fields a card gives a permanent: name, types, colors, power, toughness, loyalty, abilities (its
    static combat abilities, then its attack and block triggers), and what it does to other objects: `statics`,
    `enchant`, `grants_attached`, and the combat text not applied (`unapplied`, cards/statics.py).

    Power, toughness or loyalty that the card doesn't fix ('*', 'X') are left out: the snapshot states them.
    """
    reading = read_card(face, db)
    fields: dict[str, Any] = {
        "name": face.name,
        "types": list(face.types),
        "subtypes": [s.lower() for s in face.subtypes],
        "supertypes": list(face.supertypes),
        "colors": list(face.colors),
        "abilities": [*reading.abilities, *reading.triggers],
        **card_statics(face, db).fields(),
    }
    for key, printed in (("power", face.power), ("toughness", face.toughness), ("loyalty", face.loyalty)):
        value = as_int(printed)
        if value is not None:
            fields[key] = value
    return fields


def card_details(face: CardFace, db: CardDatabase | None = None) -> dict[str, Any]:
    """A card as the checker reads it (`combatcheck cards show --json`, the desk's `GET /api/v1/cards/{name}`): its
    snapshot fields, its Oracle text, and what the reader left unread."""
    reading = read_card(face, db)
    return {
        "card": face.name,
        "fields": permanent_fields(face, db),
        "oracle_text": face.text,
        "unmapped": list(reading.unmapped),
        "not_own": list(reading.not_own),
        "triggers": list(reading.triggers),
        "triggers_unmapped": list(reading.triggers_unmapped),
    }


def database_info(db: CardDatabase | None = None) -> dict[str, Any]:
    """Which card database is in use (`combatcheck cards info`, the desk's `GET /api/v1/cards/info`): its source,
    how current it is, its size, and the faces it knows it lacks (face -> card)."""
    db = db if db is not None else database()
    return {
        "source": db.source,
        "date": db.date or None,
        "faces": len(db),
        "other_names": len(db.aliases),
        "arena_ids": len(db.arena_ids),
        "missing": dict(sorted(db.missing.items())),
    }
