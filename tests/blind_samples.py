"""The blind samples of issue 21's second measure (docs/cards.md, "Accuracy" and "Effects reader accuracy"): two
draws from the current database, each labelled from the Oracle text by someone who had not seen the reader's output
on those faces. Sample A was compared first and the reader's errors on it were fixed as classes; sample B was
compared only after those fixes (its first comparison is a blind estimate), and its errors were fixed too; sample C,
drawn leaving out A and B, was compared only after those; D, drawn leaving out A, B and C, after C's fixes; and E,
drawn leaving out A to D, after D's fixes; F, drawn leaving out A to E, after E's;
G, drawn leaving out A to F, after F's;
H, drawn leaving out A to G, after G's;
I, drawn leaving out A to H, after H's;
J, drawn leaving out A to I, after I's fixes and a sweep of the rest of the frame (leaving J out);
K, drawn leaving out A to J, after J's fixes.

A draw excludes every card of the older label files (those were used while the reader was written), then samples
with `random.Random(seed)` from the sorted candidates: for the Oracle reader, the faces whose text mentions
attacking, blocking or a combat keyword (`reader_accuracy.NET`); for the effects reader, the faces with a line
mentioning an effect on others or a condition together with combat words (`effects_accuracy.frame`).
"""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import yaml
from combatcheck.cards.db import CardDatabase
from combatcheck.cards.oracle_text import normalise_text

DATA = Path(__file__).resolve().parent / "data"
OLDER_LABELS = ("cards_labelled.yaml", "cards_effects_labelled.yaml", "cards_triggers_labelled.yaml")
SEEDS = {
    "A": 20261203,
    "B": 20261204,
    "C": 20261205,
    "D": 20261206,
    "E": 20261207,
    "F": 20261208,
    "G": 20261209,
    "H": 20261210,
    "I": 20261211,
    "J": 20261212,
    "K": 20261213,
}
SIZES = {"own": 120, "effects": 80}
# From C on, a sample also leaves out the faces of the samples before it, of both kinds
LATER_SIZES = {
    "C": {"own": 120, "effects": 120},
    "D": {"own": 120, "effects": 160},
    "E": {"own": 120, "effects": 160},
    "F": {"own": 120, "effects": 160},
    "G": {"own": 120, "effects": 160},
    "H": {"own": 120, "effects": 160},
    "I": {"own": 120, "effects": 160},
    "J": {"own": 120, "effects": 160},
    "K": {"own": 120, "effects": 160},
}
OWN_FILE = DATA / "cards_sample_2026.yaml"
EFFECTS_FILE = DATA / "cards_effects_sample_2026.yaml"

# The nets, as scripts/reader_accuracy.py and scripts/effects_accuracy.py have them.
OWN_NET = re.compile(
    r"attack|block|flying|reach|shadow|horsemanship|\bfear\b|intimidate|menace|skulk|defender|haste|banding|walk\b|"
    r"protection from|vigilance|first strike|double strike|deathtouch|trample|lifelink|indestructible|hexproof"
)
EFFECTS_FRAME = re.compile(
    r"as long as|unless|during your turn|enchanted creature|equipped creature|creatures? you control|"
    r"other [\w ]+ (?:you control )?(?:have|get)|can't attack you|no more than|creatures (?:can't|without)|"
    r"your opponents control|level \d|monstrous|paired|kicked"
)
EFFECTS_COMBAT = re.compile(
    r"attack|block|flying|reach|shadow|horsemanship|fear|intimidate|menace|skulk|defender|haste|banding|\w+walk|"
    r"protection|first strike|double strike|trample|vigilance|exalted|lifelink|deathtouch"
)


def _names(data: Any, out: set[str]) -> None:
    if isinstance(data, dict):
        for key in ("card", "name"):
            if isinstance(data.get(key), str):
                out.add(data[key])
        for value in data.values():
            _names(value, out)
    elif isinstance(data, list):
        for value in data:
            _names(value, out)


def older_labelled() -> set[str]:
    """Every card named in the older label files: they were used while the reader was written."""
    out: set[str] = set()
    for name in OLDER_LABELS:
        _names(yaml.safe_load((DATA / name).read_text(encoding="utf-8")), out)
    return out


# A later draw leaves out every earlier one, so each draw is made once per database; the database is kept beside
# its draws so that its id can't be reused by another object while the entry lives.
_DRAWS: dict[tuple[int, str, str], tuple[CardDatabase, list[str]]] = {}
_NETTED: dict[tuple[int, str], tuple[CardDatabase, list[str]]] = {}


def candidates(db: CardDatabase, kind: str, sample: str = "A") -> list[str]:
    used = older_labelled()
    before = list(SEEDS)[: list(SEEDS).index(sample)] if sample in LATER_SIZES else []
    used |= {name for k in SIZES for letter in before for name in drawn(db, k, letter)}
    return [n for n in _netted(db, kind) if n not in used]


def _netted(db: CardDatabase, kind: str) -> list[str]:
    """The sorted faces a kind's net catches, before any exclusion."""
    cached = _NETTED.get((id(db), kind))
    if cached is not None and cached[0] is db:
        return cached[1]
    if kind == "own":
        found = sorted(n for n, face in db.cards.items() if OWN_NET.search(face.text.lower()))
    else:
        found = sorted(
            face.name
            for face in db.cards.values()
            if any(
                EFFECTS_FRAME.search(line) and EFFECTS_COMBAT.search(line)
                for line in normalise_text(face.text, face.name, face.supertypes)
            )
        )
    _NETTED[(id(db), kind)] = (db, found)
    return found


def size(kind: str, sample: str) -> int:
    return LATER_SIZES[sample][kind] if sample in LATER_SIZES else SIZES[kind]


def drawn(db: CardDatabase, kind: str, sample: str) -> list[str]:
    cached = _DRAWS.get((id(db), kind, sample))
    if cached is not None and cached[0] is db:
        return list(cached[1])
    names = random.Random(SEEDS[sample]).sample(candidates(db, kind, sample), size(kind, sample))
    _DRAWS[(id(db), kind, sample)] = (db, names)
    return list(names)


def labels(kind: str) -> dict[str, list[dict[str, Any]]]:
    """The labelled samples of a kind, by sample letter."""
    raw = yaml.safe_load((OWN_FILE if kind == "own" else EFFECTS_FILE).read_text(encoding="utf-8"))
    return {letter: raw[letter] for letter in SEEDS if letter in raw}
