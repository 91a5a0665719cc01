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
import itertools
import re
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any

from pydantic import TypeAdapter, ValidationError

from . import card_file
from .db import CardDatabase, CardFace, local_path, reset
from .formats import ATOMIC_ENTRY, IDENTIFIER_ENTRY, META, PRINTINGS_SET, SCRYFALL_CARD, MtgjsonFace, problems

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


def _types(words: Iterable[str]) -> tuple[str, ...]:
    return tuple(TYPE_NAMES.get(w.lower(), w.lower()) for w in words)


def kept_types(types: tuple[str, ...]) -> bool:
    """A permanent's card types, and none that a database face can't have (Plane, Scheme, an Un-card's "Eaturecray")."""
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


def from_atomic(pairs: Iterable[tuple[str, Any]], version: str = "?") -> CardDatabase:
    """MTGJSON AtomicCards entries (card name, its faces), one at a time."""
    cards: dict[str, CardFace] = {}
    aliases: dict[str, str] = {}
    for full_name, printings in pairs:
        faces = [f for f in printings if isinstance(f, dict)]
        if not faces or faces[0].get("isFunny") or faces[0].get("layout") in SKIPPED_LAYOUTS:
            continue
        face_names = tuple(f.get("faceName") or f["name"] for f in faces)
        for face in faces:
            types = _types(face.get("types", []))
            if not kept_types(types):
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
    return _finish(cards, aliases, f"MTGJSON AtomicCards.json (version {version})")


def _arena_id(value: Any) -> int | None:
    try:
        number = int(value)
    except (TypeError, ValueError):
        return None
    return number if number > 0 else None


def from_printings(printings: Iterable[Any], kind: str, checked: Any = None) -> CardDatabase:
    """MTGJSON per-printing card objects: one card per name (its first printing), and every printing's Arena id."""
    by_name: dict[str, dict[str, dict[str, Any]]] = {}  # card name -> face side -> face
    arena: dict[int, str] = {}
    for face in printings:
        if not isinstance(face, dict) or not isinstance(face.get("name"), str):
            continue
        sides = by_name.setdefault(face["name"], {})
        if str(face.get("side") or "a") not in sides:  # only what is read: a printing carries much more
            kept = {key: face[key] for key in _PRINTING_KEYS if key in face}
            if kept.get("foreignData"):
                kept["foreignData"] = [f for f in kept["foreignData"] if f.get("language") in ALIAS_LANGUAGES]
            sides[str(face.get("side") or "a")] = kept
        grp = _arena_id((face.get("identifiers") or {}).get("mtgArenaId"))
        if grp is not None and (face.get("side") or "a") == "a":
            arena.setdefault(grp, face.get("faceName") or face["name"])
    grouped = ((name, [sides[side] for side in sorted(sides)]) for name, sides in by_name.items())
    db = from_atomic(grouped) if checked is None else _guarded(checked, lambda: from_atomic(grouped))
    db.arena_ids = {grp: name for grp, name in arena.items() if name in db.cards}
    db.source = f"MTGJSON {kind}"
    return db


_PRINTING_KEYS = (*MtgjsonFace.model_fields, "faceName")


def _scryfall_face(card: dict[str, Any], face: dict[str, Any], face_names: tuple[str, ...]) -> CardFace | None:
    types, subtypes, supertypes = parse_type_line(face.get("type_line") or card.get("type_line") or "")
    if not kept_types(types):
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


def from_scryfall(items: Iterable[Any]) -> CardDatabase:
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


EXPECTED = (
    "expected MTGJSON AtomicCards.json, AllPrintings.json or AllIdentifiers.json, or Scryfall oracle-cards.json or "
    "default-cards.json"
)


class _Checked:
    """Entries checked one by one as they stream; every problem is counted, the first five are kept, and the import
    is refused at the end if there was any (nothing is skipped)."""

    def __init__(self, kind: str) -> None:
        self.kind, self.count, self.shown = kind, 0, list[str]()

    def ok(self, adapter: TypeAdapter[Any], value: Any, path: str) -> bool:
        try:
            adapter.validate_python(value)
        except ValidationError as exc:
            if len(self.shown) < 5:
                self.shown += problems(exc, path, 5 - len(self.shown))[: 5 - len(self.shown)]
            self.count += exc.error_count()
            return False
        return True

    def each(self, adapter: TypeAdapter[Any], pairs: Iterable[tuple[Any, Any]], path: str) -> Iterator[Any]:
        for key, value in pairs:
            where = f"{path}[{key}]" if isinstance(key, int) else f"{path}[{_quoted(str(key))}]"
            if self.ok(adapter, value, where) and not self.count:
                yield key, value

    def finish(self) -> None:
        if self.count:
            extra = [f"… and {self.count - len(self.shown):,} more"] if self.count > len(self.shown) else []
            raise ImportProblem(f"{self.kind} with {self.count:,} problem(s); nothing was imported", self.shown + extra)


def _quoted(key: str) -> str:
    return repr(key if len(key) <= 60 else key[:60] + "…")


def _built(kind: str, data: str, first: Any, pairs: Iterable[tuple[Any, Any]], meta: Any) -> CardDatabase:
    """A database from a file's entries: `first` (the first value) tells the kind, `pairs` are every entry."""
    if data == "map" and isinstance(first, dict) and isinstance(first.get("cards"), list):
        checked = _Checked("an MTGJSON AllPrintings file")
        sets = checked.each(PRINTINGS_SET, pairs, "data")
        db = from_printings((c for _, s in sets for c in s.get("cards") or ()), "AllPrintings.json", checked)
    elif data == "map" and isinstance(first, dict) and "name" in first:
        checked = _Checked("an MTGJSON AllIdentifiers file")
        db = from_printings(
            (c for _, c in checked.each(IDENTIFIER_ENTRY, pairs, "data")), "AllIdentifiers.json", checked
        )
    elif data == "map":
        checked = _Checked("an MTGJSON AtomicCards file")
        db = _guarded(checked, lambda: from_atomic(checked.each(ATOMIC_ENTRY, pairs, "data")))
        meta = meta.meta if isinstance(meta, card_file.CardFileReader) else meta  # read by now
        if isinstance(meta, dict) and isinstance(meta.get("version"), str):
            db.source = f"MTGJSON AtomicCards.json (version {meta['version']})"
    else:
        checked = _Checked("a Scryfall cards file")
        db = _guarded(checked, lambda: from_scryfall(c for _, c in checked.each(SCRYFALL_CARD, pairs, kind)))
    checked.finish()
    return db


def _guarded(checked: _Checked, build: Any) -> CardDatabase:
    """`build()`, except that "no permanent cards" after a problem is the problem, not the emptiness."""
    try:
        db: CardDatabase = build()
    except ImportProblem:
        checked.finish()
        raise
    return db


def _meta(meta: Any, present: bool) -> None:
    if present:
        checked = _Checked("an MTGJSON file")
        checked.ok(META, meta, "meta")
        checked.finish()


def _kind(payload: Any) -> tuple[str, str, Any]:
    """(where the entries are, "map" or "array", the entries) of a parsed card file, or ImportProblem."""
    if isinstance(payload, dict) and isinstance(payload.get("data"), dict):
        return "data", "map", payload["data"]
    if isinstance(payload, list):
        return "", "array", payload
    if isinstance(payload, dict) and payload.get("object") == "list" and isinstance(payload.get("data"), list):
        return "data", "array", payload["data"]
    raise ImportProblem(EXPECTED)


def database_from_json(payload: Any) -> CardDatabase:
    """Recognise a parsed file's kind and build a database from it."""
    where, data, values = _kind(payload)
    _meta(payload.get("meta") if isinstance(payload, dict) else None, isinstance(payload, dict) and "meta" in payload)
    pairs = list(values.items()) if data == "map" else list(enumerate(values))
    if not pairs:
        raise ImportProblem("no permanent cards found in the file")
    return _built(where, data, pairs[0][1], pairs, payload.get("meta") if isinstance(payload, dict) else None)


def database_from_file(path: Path) -> tuple[CardDatabase, Any]:
    """A database from a card file read as a stream (card_file.py), and the file's `meta`."""
    reader = card_file.CardFileReader(path)
    try:
        stream = reader.entries()
        first = next(stream, None)
        scryfall_list = reader.data != "array" or reader.object == "list"  # Scryfall's `object` comes first
        if reader.top == "scalar" or (reader.top == "map" and not reader.data) or not scryfall_list:
            raise ImportProblem(EXPECTED)
        if first is None:
            raise ImportProblem("no permanent cards found in the file")
        where = "data" if reader.top == "map" else ""
        data = "map" if reader.data == "map" else "array"
        db = _built(where, data, first[1], itertools.chain([first], stream), reader)
    except card_file.CardFileProblem as exc:
        raise ImportProblem(str(exc)) from None
    _meta(reader.meta, reader.has_meta)
    return db, reader.meta


def import_file(path: Path, target: Path | None = None, name: str | None = None) -> tuple[CardDatabase, Path]:
    """Build a database from `path` (JSON, gzip'd or xz'd, read as a stream) and store it in the cache directory (or
    `target`); later reads prefer it.

    The old database stays as it was unless every card of the file was read and the new file is complete."""
    db, meta = database_from_file(path)
    db.source = f"{db.source}, imported from {name or path.name}"
    dated = meta.get("date") if isinstance(meta, dict) else None
    db.date = dated if isinstance(dated, str) and _DATE.fullmatch(dated) else datetime.date.today().isoformat()
    out = target if target is not None else local_path()
    db.dump(out)
    reset()
    return db, out
