"""`combatcheck cards import FILE`: a card database built from current data the user downloaded.

Inputs understood: MTGJSON's AtomicCards.json (version 5: `{"meta": …, "data": {name: [faces]}}`), AllPrintings.json
(`{"data": {set code: {"cards": [...]}}}`) and AllIdentifiers.json (`{"data": {uuid: card}}`), and Scryfall's
oracle-cards or default-cards bulk files (a list of card objects). Permanent cards are kept, one entry per face; the
French and Spanish names that MTGJSON carries become aliases, so `card: Ange de Serra` works. The per-printing files
(AllPrintings, AllIdentifiers, Scryfall's) also give MTG Arena ids (`identifiers.mtgArenaId`, `arena_id`), kept so
that `combatcheck import arena` can name Arena's cards and read their text.
"""

from __future__ import annotations

import datetime
import json
import re
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from pydantic import TypeAdapter, ValidationError

from ..limits import InputLimitError, decode_text, parse_json
from .db import CardDatabase, CardFace, local_path, reset
from .formats import ATOMIC, IDENTIFIERS, PRINTINGS, SCRYFALL, problems

PERMANENT_TYPES = {"artifact", "battle", "creature", "enchantment", "land", "planeswalker"}
KNOWN_TYPES = PERMANENT_TYPES | {"instant", "sorcery", "kindred"}
SUPERTYPES = {"basic", "legendary", "snow", "world"}
SKIPPED_LAYOUTS = {
    "token",
    "double_faced_token",
    "emblem",
    "art_series",
    "planar",
    "scheme",
    "vanguard",
    "reversible_card",
}
_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")  # MTGJSON's meta.date
ALIAS_LANGUAGES = {"French", "Spanish"}
TYPE_NAMES = {"tribal": "kindred"}


class ImportProblem(ValueError):
    """The file can't be imported: not JSON, not a known kind, or cards of the wrong shape (`details`: each problem
    with its path in the file)."""

    def __init__(self, message: str, details: Sequence[str] = ()) -> None:
        super().__init__(message)
        self.details = list(details)


def _checked(adapter: TypeAdapter[Any], value: Any, path: str, kind: str) -> None:
    """Every field the importer reads has the shape it expects, or the import is refused (nothing is skipped)."""
    try:
        adapter.validate_python(value)
    except ValidationError as exc:
        raise ImportProblem(
            f"{kind} with {exc.error_count():,} problem(s); nothing was imported", problems(exc, path)
        ) from None


def _types(words: Iterable[str]) -> tuple[str, ...]:
    return tuple(TYPE_NAMES.get(w.lower(), w.lower()) for w in words)


def _keep(types: tuple[str, ...]) -> bool:
    return bool(set(types) & PERMANENT_TYPES) and set(types) <= KNOWN_TYPES


def _text(value: Any) -> str | None:
    return None if value is None else str(value)


def parse_type_line(line: str) -> tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]:
    """ "Legendary Creature — Angel Horror" -> (("creature",), ("Angel", "Horror"), ("legendary",))."""
    left, _, right = line.partition("—")
    words = left.split()
    supertypes = tuple(w.lower() for w in words if w.lower() in SUPERTYPES)
    types = _types(w for w in words if w.lower() not in SUPERTYPES)
    return types, tuple(right.split()), supertypes


def from_atomic(payload: dict[str, Any]) -> CardDatabase:
    cards: dict[str, CardFace] = {}
    aliases: dict[str, str] = {}
    for full_name, printings in payload["data"].items():
        faces = [f for f in printings if isinstance(f, dict)]
        if not faces or faces[0].get("isFunny") or faces[0].get("layout") in SKIPPED_LAYOUTS:
            continue
        face_names = tuple(f.get("faceName") or f["name"] for f in faces)
        for face in faces:
            types = _types(face.get("types", []))
            if not _keep(types):
                continue
            name = face.get("faceName") or face["name"]
            cards.setdefault(
                name,
                CardFace(
                    name=name,
                    types=types,
                    subtypes=tuple(face.get("subtypes") or ()),
                    supertypes=tuple(s.lower() for s in face.get("supertypes") or ()),
                    colors=tuple(face.get("colors") or ()),
                    power=_text(face.get("power")),
                    toughness=_text(face.get("toughness")),
                    loyalty=_text(face.get("loyalty")),
                    text=face.get("text") or "",
                    layout=face.get("layout", "normal"),
                    faces=face_names if len(face_names) > 1 else (),
                ),
            )
            for foreign in face.get("foreignData") or ():
                if foreign.get("language") not in ALIAS_LANGUAGES:
                    continue
                foreign_name = foreign.get("faceName") or foreign.get("name")
                if isinstance(foreign_name, str) and " // " in foreign_name and len(face_names) > 1:
                    parts = foreign_name.split(" // ")
                    index = face_names.index(name)
                    foreign_name = parts[index] if index < len(parts) else None
                if isinstance(foreign_name, str) and foreign_name:
                    aliases.setdefault(foreign_name, name)
        if len(face_names) > 1 and face_names[0] in cards:
            aliases.setdefault(full_name, face_names[0])
    meta = payload.get("meta")
    version = meta.get("version", "?") if isinstance(meta, dict) else "?"
    return _finish(cards, aliases, f"MTGJSON AtomicCards.json (version {version})")


def _arena_id(value: Any) -> int | None:
    try:
        number = int(value)
    except (TypeError, ValueError):
        return None
    return number if number > 0 else None


def from_printings(printings: Iterable[Any], kind: str) -> CardDatabase:
    """MTGJSON per-printing card objects: one card per name (its first printing), and every printing's Arena id."""
    by_name: dict[str, dict[str, dict[str, Any]]] = {}  # card name -> face side -> face
    arena: dict[int, str] = {}
    for face in printings:
        if not isinstance(face, dict) or not isinstance(face.get("name"), str):
            continue
        sides = by_name.setdefault(face["name"], {})
        sides.setdefault(str(face.get("side") or "a"), face)
        grp = _arena_id((face.get("identifiers") or {}).get("mtgArenaId"))
        if grp is not None and (face.get("side") or "a") == "a":
            arena.setdefault(grp, face.get("faceName") or face["name"])
    grouped = {name: [sides[side] for side in sorted(sides)] for name, sides in by_name.items()}
    db = from_atomic({"data": grouped, "meta": {}})
    db.arena_ids = {grp: name for grp, name in arena.items() if name in db.cards}
    db.source = f"MTGJSON {kind}"
    return db


def _scryfall_face(card: dict[str, Any], face: dict[str, Any], face_names: tuple[str, ...]) -> CardFace | None:
    types, subtypes, supertypes = parse_type_line(face.get("type_line") or card.get("type_line") or "")
    if not _keep(types):
        return None
    colors = face.get("colors", card.get("colors")) or ()
    return CardFace(
        name=face["name"],
        types=types,
        subtypes=subtypes,
        supertypes=supertypes,
        colors=tuple(colors),
        power=_text(face.get("power")),
        toughness=_text(face.get("toughness")),
        loyalty=_text(face.get("loyalty")),
        text=face.get("oracle_text") or "",
        layout=card.get("layout", "normal"),
        faces=face_names if len(face_names) > 1 else (),
    )


def from_scryfall(items: list[Any]) -> CardDatabase:
    cards: dict[str, CardFace] = {}
    aliases: dict[str, str] = {}
    arena: dict[int, str] = {}
    for card in items:
        if not isinstance(card, dict) or card.get("layout") in SKIPPED_LAYOUTS or card.get("set_type") == "funny":
            continue
        raw_faces = card.get("card_faces") or [card]
        face_names = tuple(f["name"] for f in raw_faces)
        for raw in raw_faces:
            face = _scryfall_face(card, raw, face_names)
            if face is not None:
                cards.setdefault(face.name, face)
        if len(face_names) > 1 and face_names[0] in cards:
            aliases.setdefault(card["name"], face_names[0])
        grp = _arena_id(card.get("arena_id"))
        if grp is not None and face_names[0] in cards:
            arena.setdefault(grp, face_names[0])
    db = _finish(cards, aliases, "Scryfall cards")
    db.arena_ids = arena
    return db


def _finish(cards: dict[str, CardFace], aliases: dict[str, str], source: str) -> CardDatabase:
    if not cards:
        raise ImportProblem("no permanent cards found in the file")
    kept = {alias: target for alias, target in aliases.items() if target in cards and alias not in cards}
    return CardDatabase(cards=cards, aliases=kept, source=source)


def database_from_json(payload: Any) -> CardDatabase:
    """Recognise the file's kind and build a database from it."""
    if isinstance(payload, dict) and isinstance(payload.get("data"), dict):
        data = payload["data"]
        first = next(iter(data.values()), None)
        if isinstance(first, dict) and isinstance(first.get("cards"), list):
            _checked(PRINTINGS, data, "data", "an MTGJSON AllPrintings file")
            return from_printings((c for s in data.values() for c in s.get("cards") or ()), "AllPrintings.json")
        if isinstance(first, dict) and "name" in first:
            _checked(IDENTIFIERS, data, "data", "an MTGJSON AllIdentifiers file")
            return from_printings(data.values(), "AllIdentifiers.json")
        _checked(ATOMIC, data, "data", "an MTGJSON AtomicCards file")
        return from_atomic(payload)
    if isinstance(payload, list):
        _checked(SCRYFALL, payload, "", "a Scryfall cards file")
        return from_scryfall(payload)
    if isinstance(payload, dict) and payload.get("object") == "list" and isinstance(payload.get("data"), list):
        _checked(SCRYFALL, payload["data"], "data", "a Scryfall cards file")
        return from_scryfall(payload["data"])
    raise ImportProblem(
        "expected MTGJSON AtomicCards.json, AllPrintings.json or AllIdentifiers.json, or Scryfall oracle-cards.json "
        "or default-cards.json"
    )


def import_file(path: Path, target: Path | None = None) -> tuple[CardDatabase, Path]:
    """Build a database from `path` and store it in the cache directory (or `target`); later reads prefer it.

    The old database stays as it was unless every card of the file was read and the new file is complete."""
    try:
        text = decode_text(path.read_bytes(), limit=None)
        payload, _ = parse_json(text, limit=None)
    except InputLimitError as exc:
        raise ImportProblem(str(exc)) from None
    except json.JSONDecodeError as exc:
        raise ImportProblem(f"not JSON: {exc}") from None
    del text  # a card file can be hundreds of megabytes
    db = database_from_json(payload)
    db.source = f"{db.source}, imported from {path.name}"
    meta = payload.get("meta") if isinstance(payload, dict) else None
    dated = meta.get("date") if isinstance(meta, dict) else None
    db.date = dated if isinstance(dated, str) and _DATE.fullmatch(dated) else datetime.date.today().isoformat()
    out = target if target is not None else local_path()
    db.dump(out)
    reset()
    return db, out
