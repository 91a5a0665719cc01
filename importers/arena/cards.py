"""Arena ids through the card database: a card's name and the Oracle reader's view of its text.

The database carries Arena ids once the user imported a file that has them (`combatcheck cards import` of MTGJSON
AllPrintings / AllIdentifiers or Scryfall default-cards); the bundled database has none, and then every
non-keyword ability id is reported as not translated.
"""

from __future__ import annotations

from functools import cache

from ...cards.db import CardDatabase, database, local_path
from ...cards.lookup import read_card
from ..arena.translate import CardLookup, CardText


def card_lookup(db: CardDatabase | None = None) -> CardLookup | None:
    """A lookup of Arena ids in the card database, or None if the database has no Arena ids."""
    if db is None and not local_path().is_file():
        return None  # the bundled database has no Arena ids: don't pay for reading it
    db = db if db is not None else database()
    if not db.arena_ids:
        return None
    chosen = db

    @cache
    def lookup(grp_id: int) -> CardText | None:
        face = chosen.find_arena(grp_id)
        if face is None:
            return None
        reading = read_card(face, chosen)
        return CardText(
            name=face.name,
            abilities=tuple(reading.abilities),
            unread=(*reading.unmapped, *reading.not_own),
            double_faced=len(face.faces) > 1,
        )

    return lookup
