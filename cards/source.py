"""The card database as the snapshot models' card source (the interface is `combatcheck.card_source`)."""

from __future__ import annotations

from ..card_source import CardFields, CardSourceError, UnknownCardName
from .db import CardDatabaseError, as_int
from .lookup import UnknownCard, find_card, permanent_fields


class CardDatabaseSource:
    """Cards from the imported database if there is one, else the bundled one (loaded on the first lookup)."""

    def card_fields(self, name: str) -> CardFields:
        try:
            face = find_card(name)
        except UnknownCard as exc:
            raise UnknownCardName(str(exc), exc.name, exc.suggestions, exc.dated, exc.face_of) from None
        except CardDatabaseError as exc:  # a damaged or unreadable database file: what to do, in every language
            problem = str(exc).removeprefix(f"{exc.path}: ")
            params = {"path": exc.path, "problem": problem, "reason": exc.reason, "fix": f"chmod u+r {exc.path}"}
            raise CardSourceError(str(exc), exc.remedy, exc.code, params) from None
        printed = {"power": face.power, "toughness": face.toughness} if face.is_creature else {}
        unfixed = {key: value for key, value in printed.items() if value is not None and as_int(value) is None}
        return CardFields(face.name, permanent_fields(face), unfixed)
