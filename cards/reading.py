"""What the Oracle reader returns for one face (`Reading`), and what it knows of the face itself (`SelfInfo`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

AbilityData = str | dict[str, Any]


@dataclass(frozen=True)
class Reading:
    """What the reader found in one face's text."""

    abilities: tuple[AbilityData, ...] = ()
    unmapped: tuple[str, ...] = ()
    not_own: tuple[str, ...] = ()
    triggers: tuple[AbilityData, ...] = ()  # attack and block triggers (trigger_reader.py), one per instance
    triggers_unmapped: tuple[str, ...] = ()  # the card's own attack or block triggers the reader can't map


@dataclass(frozen=True)
class SelfInfo:
    """The card's own characteristics, lower case (colors as WUBRG letters), to see whether a grant includes it."""

    types: frozenset[str] = frozenset()
    subtypes: frozenset[str] = frozenset()
    supertypes: frozenset[str] = frozenset()
    colors: frozenset[str] = frozenset()

    def matches(self, flt: dict[str, Any]) -> bool:
        checks = {"types": self.types, "subtypes": self.subtypes, "supertypes": self.supertypes, "colors": self.colors}
        if not set(flt) <= set(checks):
            return False
        return all(set(values) & checks[key] for key, values in flt.items())
