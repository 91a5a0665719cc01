"""Card-name completion for the page: names and French / Spanish aliases that start with (then contain) what was
typed, case, punctuation and accents ignored."""

from __future__ import annotations

from dataclasses import dataclass

from ..cards.db import CardDatabase, as_int, database
from ..cards.names import normalise


@dataclass(frozen=True)
class Completion:
    name: str  # as written: the English name, or a French / Spanish alias
    card: str  # the card's own (English) name
    type_line: str
    power: int | None
    toughness: int | None


_INDEX: dict[int, list[tuple[str, str, str]]] = {}


def _index(db: CardDatabase) -> list[tuple[str, str, str]]:
    """(normalised written name, written name, card name), shortest names first; cached for the current database
    (an import replaces it)."""
    key = id(db)
    if key not in _INDEX:
        rows = [(normalise(name), name, name) for name in db.cards]
        rows += [(normalise(alias), alias, face) for alias, face in db.aliases.items() if face in db.cards]
        rows.sort(key=lambda row: (len(row[0]), row[0]))
        _INDEX.clear()
        _INDEX[key] = rows
    return _INDEX[key]


def complete(typed: str, limit: int = 12, db: CardDatabase | None = None) -> list[Completion]:
    """The names that start with `typed`, then those that contain it, at most `limit`."""
    db = db if db is not None else database()
    key = normalise(typed)
    if not key:
        return []
    rows = _index(db)
    starts = [r for r in rows if r[0].startswith(key)]
    found = starts[:limit]
    if len(found) < limit:
        found += [r for r in rows if key in r[0] and not r[0].startswith(key)][: limit - len(found)]
    out = []
    for _, written, card in found:
        face = db.cards[card]
        out.append(Completion(written, card, face.type_line(), as_int(face.power), as_int(face.toughness)))
    return out
