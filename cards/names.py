"""Card-name matching: names compare without case, punctuation or accents ("Æther Vial" = "aether vial")."""

from __future__ import annotations

import difflib
import re
import unicodedata
from collections.abc import Iterable

# Letters that NFKD does not split into a base letter and an accent.
_LIGATURES = str.maketrans({"æ": "ae", "Æ": "ae", "œ": "oe", "Œ": "oe", "ß": "ss", "ø": "o", "Ø": "o", "ł": "l"})
_NOT_WORD = re.compile(r"[^0-9a-z]+")


def normalise(name: str) -> str:
    """A matching key: lower case, no accents, every run of punctuation or spaces removed.

    Punctuation is dropped rather than turned into a space so that "Lim-Dûl" and "Limdul", or "Kongming, 'Sleeping
    Dragon'" and "Kongming Sleeping Dragon", meet.
    """
    if name.isascii():  # most names: no accents to drop (and 27,000 of them are keyed when the database loads)
        return _NOT_WORD.sub("", name.lower())
    text = unicodedata.normalize("NFKD", name.translate(_LIGATURES))
    text = "".join(ch for ch in text if not unicodedata.combining(ch)).lower()
    return _NOT_WORD.sub("", text)


def closest(name: str, candidates: Iterable[str], n: int = 3, cutoff: float = 0.75) -> list[str]:
    """The candidate names nearest to `name`, best first (difflib ratio on normalised keys)."""
    by_key: dict[str, str] = {}
    for candidate in candidates:
        by_key.setdefault(normalise(candidate), candidate)
    keys = difflib.get_close_matches(normalise(name), list(by_key), n=n, cutoff=cutoff)
    return [by_key[k] for k in keys]


def self_names(name: str, supertypes: Iterable[str] = (), avoid: frozenset[str] = frozenset()) -> list[str]:
    """How a card's text may name itself: its full name, and a legendary's short name: "Tajic" for "Tajic, …", and
    since Oracle's 2024 update any leading words of a name without a comma ("Daxos" for Daxos of Meletis, "Jedit
    Ojanen" for Jedit Ojanen of Efrava, "Zurgo" for Zurgo Bellstriker). A leading part that is an article or a
    subtype in `avoid` (lower case) is never taken for the card: "Sliver" in Sliver Legion's text is the Slivers."""
    names = [name]
    if name.startswith("A-"):  # an Alchemy rebalanced card's text names it without the prefix (A-Triumphant Adventurer)
        return [name, *self_names(name.removeprefix("A-"), supertypes, avoid)]
    if "legendary" not in {s.lower() for s in supertypes}:
        return names
    if "," in name:
        names.append(name.split(",")[0].strip())
        return names
    words = name.split()
    for end in range(len(words) - 1, 0, -1):
        part = words[:end]
        if part[0] in _ARTICLES or not part[-1][:1].isupper() or " ".join(part).lower() in avoid:
            continue
        if any(word.lower() in avoid for word in part):
            continue
        names.append(" ".join(part))
    return names


_ARTICLES = frozenset({"The", "A", "An"})
