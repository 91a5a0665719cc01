"""combatcheck: exact legality of attack and block declarations in Magic: The Gathering (CR 508.1, 509.1).

The package root is also where the parts are connected: the snapshot models read `card: NAME` through
`card_source`, and the card database is installed here as their source (imported when a snapshot first names a
card). See docs/architecture.md.
"""

from __future__ import annotations

from .card_source import CardSource, set_card_source

__version__ = "0.1.0"


def _card_database() -> CardSource:
    from .cards.source import CardDatabaseSource

    return CardDatabaseSource()


set_card_source(_card_database)
