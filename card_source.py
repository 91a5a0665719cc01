"""The one narrow interface between the snapshot models and the card database.

While a snapshot loads, `models` turns `card: NAME` into the fields the card gives a permanent (models/changes.py);
`cards` knows the cards. Neither package imports the other: `models` asks the `CardSource` installed here, and the
package root (`combatcheck/__init__.py`) installs the card database (`cards/source.py`) as the default, built on
first use. A test or a program embedding combatcheck may install another source. Imports nothing of the project.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol


class UnknownCardName(LookupError):
    """No card of that name; the message says so and names the closest ones (`suggestions`), how current the cards
    are (`dated`), and the card of which it is a face that the database lacks (`face_of`)."""

    def __init__(
        self, message: str, name: str = "", suggestions: Sequence[str] = (), dated: str = "", face_of: str = ""
    ) -> None:
        super().__init__(message)
        self.name = name or message
        self.suggestions = tuple(suggestions)
        self.dated = dated
        self.face_of = face_of


class CardSourceError(LookupError):
    """The card source can't be used (its file is damaged or unreadable): the message, what to do (`remedy`), and
    the problem's `code` and values for messages in other languages."""

    def __init__(self, message: str, remedy: str, code: str, params: Mapping[str, str]) -> None:
        super().__init__(f"{message}; {remedy}")
        self.code = code
        self.params = dict(params)


@dataclass(frozen=True)
class CardFields:
    """What a card gives a permanent, as plain data written the way a snapshot writes it."""

    name: str  # the card's name
    fields: Mapping[str, Any]  # name, types, subtypes, supertypes, colors, power, toughness, loyalty, abilities
    # A creature's printed power or toughness that the card doesn't fix ('*', 'X'): the snapshot must state it.
    unfixed: Mapping[str, str] = field(default_factory=dict)


class CardSource(Protocol):
    """Where the snapshot models find a card by name: the card database by default; a program may install its own
    with `set_card_source` (an object or a function that builds one on first use)."""

    def card_fields(self, name: str) -> CardFields:
        """The card named `name` (however a user may write it); UnknownCardName if there is none, CardSourceError
        if the source can't be read."""
        ...


_factory: Callable[[], CardSource] | None = None
_source: CardSource | None = None


def set_card_source(factory: Callable[[], CardSource]) -> None:
    """Use the source `factory` builds (on the first card name) from now on."""
    global _factory, _source
    _factory, _source = factory, None


def card_source() -> CardSource:
    """The installed source, built on first use."""
    global _source
    if _source is None:
        if _factory is None:
            raise RuntimeError("no card source is installed: call combatcheck.card_source.set_card_source")
        _source = _factory()
    return _source
