"""The text the Oracle readers read: a face's lines normalised (`~` for its name, reminder text dropped), where a
sentence ends, how a keyword list is split, and which text bears on the legality of an attack or a block (the
readers ignore lines without it)."""

from __future__ import annotations

import re
from collections.abc import Iterable

from .names import self_names
from .vocabulary import SELF

# Text that bears on whether an attack or block is legal; lines without it are ignored.
LEGALITY = re.compile(
    r"can't attack|can't block|can't be blocked|can't be attacked|\bcan block\b|\bcan attack\b|\b(?:attacks?|blocks?|blocked)\b[^.]*?\bif able\b|able to block|"
    r"must be blocked|\bblocks? (this turn|each)|\battacks? (this turn|each)|as though (it|they) didn't have|as though (it|they) had (flying|reach|shadow|horsemanship|haste)|"
    r"no more than .* can (attack|block)|\bunblockable\b|\balone\b|"
    r"\b(flying|reach|shadow|horsemanship|fear|intimidate|menace|skulk|defender|haste|banding|"
    r"\w+walk|protection from|earthbend)\b|"
    r"\blose[s]? [^.]*\bprotection\b|"  # Shay Cormac: "… lose hexproof, indestructible, protection, …" (702.16)
    # keyword actions whose reminder text (dropped) says what they forbid or require: goad (701.38), detain
    # ("can't attack or block"), suspect ("menace and can't block"); Archon of the Triumvirate, J. Jonah Jameson; and
    # the Ring's temptation (its Ring-bearer "can't be blocked by creatures with greater power"; War of the Last Alliance)
    r"\b(?:goads?|detains?)\b|\bsuspects?\b(?! counters?)|\b(?:is|are|it's|they're)(?: also)? goaded\b|can't be goaded|"
    r"\bthe ring tempts you\b"
)
_REMINDER = re.compile(r"\s*\([^()]*\)")
# The separators of a list of keywords; "protection from black and from red" is one keyword.
KEYWORD_LIST = re.compile(r", and (?!from )|, (?!from )| and (?!from )")

_EVASION = r"(?:flying|reach|shadow|horsemanship|fear|intimidate|menace|skulk|defender|haste|banding|\w+walk)"
_QUALITY = re.compile(
    rf"\b(?:creatures?|cards?|permanents?)(?: [\w']+){{0,3}} (?:with|without) {_EVASION}(?:,? (?:and/or|or|and) {_EVASION})*"
)


# Something becomes or is a creature with a keyword: the keyword is granted, not a quality named
BECOMES_SUCH = re.compile(
    r"\bbecomes? [^.]*\bwith\b|\b(?:(?:it|he|she)'s|is) an? \d+/\d+ [^.]*\bcreature with\b"
)  # Gideon Blackblade, Warden of the Wall: "is a 4/4 … creature with indestructible"


def strip_filters(text: str) -> str:
    """Text without "creatures with flying"-like phrases, which name a quality rather than grant it; unless
    something becomes or is such a creature ("target land becomes a 3/3 creature with haste"; Grand Master of
    Flowers: "he's a 7/7 Dragon God creature with flying")."""
    return text if BECOMES_SUCH.search(text) else _QUALITY.sub("", text)


# Oracle text since 2024 names the card by its type ("this Vehicle", "this artifact"), as it did "this creature".
_THIS = re.compile(r"\b[Tt]his (creature|permanent|artifact|enchantment|land|planeswalker|battle|Vehicle|Spacecraft)\b")


def normalise_text(
    text: str, name: str, supertypes: Iterable[str] = (), avoid: frozenset[str] = frozenset()
) -> list[str]:
    """Lines of lower-case text with the card's name as `~`, reminder text dropped, trailing periods kept."""
    for own in sorted(self_names(name, supertypes, avoid), key=len, reverse=True):
        if own:
            text = re.sub(rf"(?<![\w]){re.escape(own)}(?![\w])", SELF, text)
    text = _THIS.sub(SELF, text)
    text = _REMINDER.sub("", text).replace("’", "'").replace("−", "-")
    return [_PROTECTION_LIST.sub(_each_from, line.strip().lower()) for line in text.split("\n") if line.strip()]


# "protection from white, blue, and red" is "protection from white and from blue and from red", as a keyword list
# reads it (Sword of Fire and Ice and War and Peace)
_COLOR = r"(?:white|blue|black|red|green)"
_PROTECTION_LIST = re.compile(rf"\bprotection from ({_COLOR}(?:, {_COLOR})+,? and {_COLOR})\b")


def _each_from(match: re.Match[str]) -> str:
    return "protection from " + " and from ".join(re.split(r",? and |, ", match.group(1)))


# Where a sentence ends: after a period, or after a quoted ability's closing period ('and "{1}: … turn." It's a …')
SENTENCE_END = re.compile(r'(?<=\.)\s+(?=[^\s])|(?<=\.")\s+(?=[^\s])')


# A line that is one keyword (with a cost or a number) and its reminder text: "Upgrade (This creature enters …)".
_KEYWORD_WITH_REMINDER = re.compile(
    r"^(?P<keyword>[A-Z][\w'-]*(?: [a-z][\w'-]*)?)(?: [\d{X][^(:]*)? \((?P<reminder>[^()]*)\)$"
)


def keyword_reminders(text: str) -> list[tuple[str, str]]:
    """Each line of one keyword and its reminder text, as (keyword, reminder) in lower case: what the reminder says
    of a keyword the reader doesn't know is reported, never dropped with the reminder."""
    out = []
    for line in text.split("\n"):
        match = _KEYWORD_WITH_REMINDER.fullmatch(line.strip())
        if match:
            out.append((match.group("keyword").lower(), match.group("reminder").lower()))
    return out
