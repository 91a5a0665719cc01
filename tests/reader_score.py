"""Measuring the Oracle reader against hand-checked labels: per-category precision and recall (used by
tests/test_cards_reader.py and scripts/reader_accuracy.py; outside the package, because it reads the reader's
abilities with the snapshot models and `cards` doesn't import them).

A category is an ability's snapshot name (`flying`, `protection_from`, `cant_be_blocked_by`, …) plus `unmapped`
(the reader reported the card's own combat text as not read). An ability counts as found only if it is exactly the
labelled one, parameters included.
"""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from combatcheck.cards.db import CardDatabase, database
from combatcheck.cards.lookup import card_statics, find_card, read_card
from combatcheck.models.abilities import Ability, ability_name
from pydantic import TypeAdapter

UNMAPPED = "unmapped"
_ABILITY: TypeAdapter[Ability] = TypeAdapter(Ability)


def statics_of(name: str) -> Any:
    """The effects reader's reading of a named face (its statics, attachment grants, conditions, what it lists)."""
    db = database()
    return card_statics(find_card(name, db), db)


def _sorted(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _sorted(v) for k, v in sorted(value.items())}
    if isinstance(value, (list, tuple)):
        items = [_sorted(v) for v in value]
        return sorted(items, key=lambda v: json.dumps(v, sort_keys=True))
    return value


def canonical(ability: Any) -> tuple[str, str]:
    """(category, exact form) of an ability written as in a snapshot; equal abilities give equal forms."""
    model = _ABILITY.validate_python(ability)
    dumped = _ABILITY.dump_python(model, mode="json", exclude_none=True, by_alias=True)
    return ability_name(model), json.dumps(_sorted(dumped), sort_keys=True)


@dataclass(frozen=True)
class Label:
    card: str
    abilities: tuple[Any, ...]
    unmapped: bool = False

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> Label:
        return cls(str(data["card"]), tuple(data.get("abilities") or ()), bool(data.get("unmapped", False)))

    def items(self) -> set[tuple[str, str]]:
        found = {canonical(a) for a in self.abilities}
        return found | ({(UNMAPPED, UNMAPPED)} if self.unmapped else set())


def reader_items(card: str, db: CardDatabase) -> set[tuple[str, str]]:
    reading = read_card(find_card(card, db), db)
    found = {canonical(a) for a in reading.abilities}
    return found | ({(UNMAPPED, UNMAPPED)} if reading.unmapped else set())


# The net that drew the trigger sample: a when/whenever condition about attacking or blocking, or a trigger keyword
# at the start of a line; and the draw itself (tests/data/cards_triggers_labelled.yaml).
TRIGGER_NET = re.compile(
    r"(^|\n)(when|whenever)\b[^,.\n]*\b(attack|attacks|block|blocks|blocked|attacked)\b|"
    r"(^|\n)(rampage|bushido|flanking|afflict|frenzy|exalted|battle cry|annihilator|myriad|melee|dethrone|provoke|"
    r"training|mentor)\b",
    re.I,
)
TRIGGER_SEED, TRIGGER_SAMPLE = 5083, 110


def trigger_candidates(db: CardDatabase) -> list[str]:
    return sorted(n for n, c in db.cards.items() if TRIGGER_NET.search(c.text))


def drawn_trigger_sample(db: CardDatabase) -> list[str]:
    return random.Random(TRIGGER_SEED).sample(trigger_candidates(db), TRIGGER_SAMPLE)


def trigger_label(data: Mapping[str, Any]) -> Label:
    """A label of tests/data/cards_triggers_labelled.yaml: the card's attack and block triggers, and whether it has
    own trigger text the vocabulary can't express."""
    return Label(str(data["card"]), tuple(data.get("triggers") or ()), bool(data.get("unmapped", False)))


def _counted(abilities: Iterable[Any]) -> set[tuple[str, str]]:
    """Canonical forms, the second and later instances of the same ability told apart (a card with two of one
    trigger has two triggers)."""
    seen: Counter[tuple[str, str]] = Counter()
    out: set[tuple[str, str]] = set()
    for ability in abilities:
        category, form = canonical(ability)
        seen[(category, form)] += 1
        n = seen[(category, form)]
        out.add((category, form if n == 1 else f"{form} #{n}"))
    return out


def trigger_label_items(label: Label) -> set[tuple[str, str]]:
    return _counted(label.abilities) | ({(UNMAPPED, UNMAPPED)} if label.unmapped else set())


def reader_trigger_items(card: str, db: CardDatabase) -> set[tuple[str, str]]:
    reading = read_card(find_card(card, db), db)
    return _counted(reading.triggers) | ({(UNMAPPED, UNMAPPED)} if reading.triggers_unmapped else set())


@dataclass
class Score:
    tp: Counter[str] = field(default_factory=Counter)
    fp: Counter[str] = field(default_factory=Counter)
    fn: Counter[str] = field(default_factory=Counter)
    misses: list[tuple[str, str, str]] = field(default_factory=list)  # card, "extra"|"missing", exact form

    def add(self, card: str, expected: set[tuple[str, str]], got: set[tuple[str, str]]) -> None:
        for category, _form in got & expected:
            self.tp[category] += 1
        for category, form in got - expected:
            self.fp[category] += 1
            self.misses.append((card, "extra", form))
        for category, form in expected - got:
            self.fn[category] += 1
            self.misses.append((card, "missing", form))

    def categories(self) -> list[str]:
        return sorted(set(self.tp) | set(self.fp) | set(self.fn))

    @staticmethod
    def ratio(good: int, other: int) -> float | None:
        return good / (good + other) if good + other else None

    def precision(self, category: str | None = None) -> float | None:
        if category is None:
            return self.ratio(sum(self.tp.values()), sum(self.fp.values()))
        return self.ratio(self.tp[category], self.fp[category])

    def recall(self, category: str | None = None) -> float | None:
        if category is None:
            return self.ratio(sum(self.tp.values()), sum(self.fn.values()))
        return self.ratio(self.tp[category], self.fn[category])


def score(labels: Iterable[Label], db: CardDatabase) -> Score:
    result = Score()
    for label in labels:
        result.add(label.card, label.items(), reader_items(label.card, db))
    return result


def score_triggers(labels: Iterable[Label], db: CardDatabase) -> Score:
    result = Score()
    for label in labels:
        result.add(label.card, trigger_label_items(label), reader_trigger_items(label.card, db))
    return result


def database_trigger_counts(db: CardDatabase) -> Counter[str]:
    """How many faces of the database the trigger reader gives each category."""
    counts: Counter[str] = Counter()
    for face in db.cards.values():
        reading = read_card(face, db)
        for category in {canonical(a)[0] for a in reading.triggers}:
            counts[category] += 1
        if reading.triggers_unmapped:
            counts[UNMAPPED] += 1
    return counts


def database_counts(db: CardDatabase) -> Counter[str]:
    """How many faces of the database the reader gives each category."""
    counts: Counter[str] = Counter()
    for face in db.cards.values():
        reading = read_card(face, db)
        for category in {canonical(a)[0] for a in reading.abilities}:
            counts[category] += 1
        if reading.unmapped:
            counts[UNMAPPED] += 1
    return counts
