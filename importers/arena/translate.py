"""Arena game objects to snapshot permanents, saying what could not be translated.

Characteristics come from the object itself (Arena sends them with every effect applied: power and toughness
include counters and pumps). Keyword abilities come from their stable ids; other ability ids need the card's
text, from the card database when the user imported a file with Arena ids (`combatcheck cards import`), and are
reported otherwise. Nothing is guessed: a permanent whose abilities can't all be read is named in the record's
`fidelity`, with the ids.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from .abilities import COMBAT_QUALIFICATIONS, KEYWORD_IDS, NO_COMBAT_EFFECT_IDS, ability_ids

TYPES = {"artifact", "battle", "creature", "enchantment", "kindred", "land", "planeswalker"}
TYPE_NAMES = {"tribal": "kindred"}
SUPERTYPES = {"basic", "legendary", "snow", "world"}
COLORS = {"white", "blue", "black", "red", "green"}
# Keywords that Arena always sends as their own ids: the card's text is not needed for them, and the object's
# ids are the truth (a creature that lost flying has no id 8, whatever its card says).
ID_KEYWORDS = frozenset(v for v in KEYWORD_IDS.values() if isinstance(v, str)) - {"cant_block", "cant_be_blocked"}


@dataclass(frozen=True)
class CardText:
    """What the card database knows of an Arena card: its name and the reader's view of its text."""

    name: str
    abilities: tuple[Any, ...]  # the snapshot abilities the Oracle reader found
    unread: tuple[str, ...]  # combat text the reader could not express, or that affects other permanents
    double_faced: bool = False


CardLookup = Callable[[int], CardText | None]


@dataclass
class Problem:
    """One thing the importer could not translate."""

    kind: str
    message: str
    objects: list[str] = field(default_factory=list)
    ids: list[int] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"kind": self.kind, "message": self.message}
        if self.objects:
            data["objects"] = self.objects
        if self.ids:
            data["ids"] = self.ids
        return data


def object_id(instance: int) -> str:
    return f"i{instance}"


def player_id(seat: int) -> str:
    return f"p{seat}"


def _strip(values: Any, prefix: str) -> list[str]:
    return [v.removeprefix(prefix).replace("_", " ").lower() for v in values or () if isinstance(v, str)]


def _value(obj: dict[str, Any], key: str) -> int:
    box = obj.get(key)
    value = box.get("value", 0) if isinstance(box, dict) else 0  # protobuf JSON leaves a 0 out
    return value if isinstance(value, int) else 0


def translate(
    obj: dict[str, Any], *, attack_step: bool, lookup: CardLookup | None
) -> tuple[dict[str, Any] | None, list[Problem]]:
    """One battlefield object as a snapshot permanent (None if it has no permanent type), and its problems."""
    pid = object_id(obj["instanceId"])
    problems: list[Problem] = []
    raw_types = _strip(obj.get("cardTypes"), "CardType_")
    types = [TYPE_NAMES.get(t, t) for t in raw_types]
    kept = [t for t in types if t in TYPES]
    if not kept:
        return None, problems
    grp = obj.get("grpId")
    card = lookup(grp) if lookup is not None and isinstance(grp, int) and grp else None
    permanent: dict[str, Any] = {
        "id": pid,
        "name": card.name if card else (f"Arena #{grp}" if grp else None),
        "controller": player_id(obj.get("controllerSeatId", 0)),
        "types": kept,
    }
    for key, values in (
        ("subtypes", _strip(obj.get("subtypes"), "SubType_")),
        ("supertypes", [s for s in _strip(obj.get("superTypes"), "SuperType_") if s in SUPERTYPES]),
        ("colors", [c for c in _strip(obj.get("color"), "CardColor_") if c in COLORS]),
    ):
        if values:
            permanent[key] = values
    if "creature" in kept:
        permanent["power"], permanent["toughness"] = _value(obj, "power"), _value(obj, "toughness")
    if "planeswalker" in kept:
        permanent["loyalty"] = _value(obj, "loyalty")
    if obj.get("isTapped"):
        permanent["tapped"] = True
    if attack_step and obj.get("hasSummoningSickness") and "creature" in kept:
        permanent["entered_this_turn"] = True
    abilities, unknown = _abilities(obj, card)
    if abilities:
        permanent["abilities"] = abilities
    if unknown:
        problems.append(Problem("unknown_abilities", "ability ids the importer can't read", [pid], unknown))
    if card and card.unread:
        problems.append(Problem("unread_text", "card text not translated: " + " | ".join(card.unread), [pid]))
    if obj.get("isFacedown") or (obj.get("type") == "GameObjectType_Card" and not grp):
        problems.append(Problem("face_down", "a face-down permanent: its real characteristics are hidden", [pid]))
    if card and card.double_faced and unknown:
        problems.append(Problem("double_faced", "a double-faced card: its text is read from the card", [pid]))
    if "battle" in kept:
        problems.append(Problem("battle", "a battle: its protector is not in the log", [pid]))
    if [t for t in types if t not in TYPES]:
        others = [t for t in types if t not in TYPES]
        problems.append(Problem("unknown_type", f"card types not translated: {', '.join(others)}", [pid]))
    return permanent, problems


def _abilities(obj: dict[str, Any], card: CardText | None) -> tuple[list[Any], list[int]]:
    abilities: list[Any] = []
    unknown: list[int] = []
    for ability in ability_ids(obj):
        keyword = KEYWORD_IDS.get(ability)
        if keyword is not None:
            if keyword not in abilities:
                abilities.append(keyword)
        elif ability not in NO_COMBAT_EFFECT_IDS and card is None:
            unknown.append(ability)
    if card is not None:  # the card's other abilities, read from its text; keywords come from the ids above
        for ability in card.abilities:
            if not (isinstance(ability, str) and ability in ID_KEYWORDS) and ability not in abilities:
                abilities.append(ability)
    return abilities, sorted(set(unknown))


def read_ids(obj: dict[str, Any], card: CardText | None) -> set[int]:
    """The object's ability ids whose meaning the record carries (keywords, or all of them via the card's text)."""
    ids = set(ability_ids(obj))
    return ids if card is not None else {i for i in ids if i in KEYWORD_IDS or i in NO_COMBAT_EFFECT_IDS}


def qualification_problems(notes: tuple[dict[str, Any], ...], read: dict[int, set[int]]) -> list[Problem]:
    """Arena's Qualification annotations on permanents of the board: combat rules Arena applies that the record
    may not carry (the restricting ability is another permanent's, or an ability the importer could not read)."""
    problems: list[Problem] = []
    for note in notes:
        details = {d.get("key"): (d.get("valueInt32") or [None])[0] for d in note.get("details") or ()}
        kind = details.get("QualificationType")
        grp = details.get("grpid")
        if kind not in COMBAT_QUALIFICATIONS:
            continue
        affected = [
            object_id(i)
            for i in note.get("affectedIds") or ()
            if i in read and not (isinstance(grp, int) and grp in read[i])
        ]
        if affected:
            problems.append(
                Problem(
                    "qualification",
                    f"Arena applies '{COMBAT_QUALIFICATIONS[kind]}' (ability {grp}); not translated",
                    affected,
                    [grp] if isinstance(grp, int) else [],
                )
            )
    return problems
