"""The card database: a gzip'd JSON file of card faces, bundled or built by `combatcheck cards import`.

It is read only when a snapshot names a card (`card: Grizzly Bears`) or a `cards` command runs. A database that the
user imported into their cache directory is preferred over the bundled one.
"""

from __future__ import annotations

import difflib
import gzip
import json
import os
import re
import zlib
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

import orjson

from .names import normalise
from .store import write_atomically

FORMAT = 1
MAX_DATABASE_BYTES = 256 * 1024 * 1024  # of a database file, unpacked (the bundled one is 7 MB)
BUNDLED_NAME = "cards.json.gz"
LOCAL_NAME = "cards.json.gz"
_INTEGER = re.compile(r"^-?\d+$")


@dataclass(frozen=True)
class CardFace:
    """One face of a card as printed in its Oracle text: characteristics and text, nothing else."""

    name: str
    types: tuple[str, ...] = ()
    subtypes: tuple[str, ...] = ()
    supertypes: tuple[str, ...] = ()
    colors: tuple[str, ...] = ()  # WUBRG letters
    power: str | None = None  # as printed: "2", "*", "1+*"
    toughness: str | None = None
    loyalty: str | None = None
    text: str = ""
    layout: str = "normal"
    faces: tuple[str, ...] = ()  # all face names of the card, in order, when it has more than one

    def to_json(self) -> dict[str, Any]:
        row: dict[str, Any] = {"t": list(self.types)}
        for key, value in (("s", self.subtypes), ("u", self.supertypes), ("c", self.colors), ("f", self.faces)):
            if value:
                row[key] = list(value)
        for key, scalar in (("p", self.power), ("h", self.toughness), ("l", self.loyalty)):
            if scalar is not None:
                row[key] = scalar
        if self.text:
            row["x"] = self.text
        if self.layout != "normal":
            row["y"] = self.layout
        return row

    @classmethod
    def from_json(cls, name: str, row: dict[str, Any]) -> CardFace:
        return cls(
            name=name,
            types=tuple(row.get("t", ())),
            subtypes=tuple(row.get("s", ())),
            supertypes=tuple(row.get("u", ())),
            colors=tuple(row.get("c", ())),
            power=row.get("p"),
            toughness=row.get("h"),
            loyalty=row.get("l"),
            text=row.get("x", ""),
            layout=row.get("y", "normal"),
            faces=tuple(row.get("f", ())),
        )

    @property
    def is_creature(self) -> bool:
        return "creature" in self.types

    def type_line(self) -> str:
        left = " ".join(w.capitalize() for w in (*self.supertypes, *self.types))
        return f"{left} — {' '.join(self.subtypes)}" if self.subtypes else left


def as_int(value: str | None) -> int | None:
    """A printed power, toughness or loyalty as a number; None for '*', 'X', '1+*' and the like."""
    return int(value) if value is not None and _INTEGER.match(value) else None


@dataclass
class CardDatabase:
    """Card faces by name, plus other names that lead to a face (a split card's full name, translations)."""

    cards: dict[str, CardFace]
    aliases: dict[str, str] = field(default_factory=dict)  # alias as written -> face name
    arena_ids: dict[int, str] = field(default_factory=dict)  # MTG Arena grpId -> face name
    missing: dict[str, str] = field(default_factory=dict)  # a face known to be left out -> its card's full name
    source: str = ""
    date: str = ""  # how current the cards are: the source's date (YYYY-MM-DD), else the day it was imported
    path: str = ""
    _index: dict[str, str] = field(default_factory=dict, repr=False)

    def __post_init__(self) -> None:
        for alias, target in self.aliases.items():
            self._index.setdefault(normalise(alias), target)
        for name in self.cards:
            self._index[normalise(name)] = name  # a face's own name wins over an alias

    def __len__(self) -> int:
        return len(self.cards)

    def find(self, name: str) -> CardFace | None:
        target = self._index.get(normalise(name))
        return self.cards.get(target) if target is not None else None

    def missing_card(self, name: str) -> str | None:
        """The full name of the card whose face `name` is, when the database knows it lacks that face."""
        key = normalise(name)
        return next((card for face, card in self.missing.items() if normalise(face) == key), None)

    def find_arena(self, grp_id: int) -> CardFace | None:
        """The face of an MTG Arena card id (a printing's `grpId` in Player.log), if the database has Arena ids."""
        name = self.arena_ids.get(grp_id)
        return self.cards.get(name) if name is not None else None

    def suggest(self, name: str, n: int = 3) -> list[str]:
        """The names closest to a name that is not in the database ("did you mean ...")."""
        key = normalise(name)
        if not key:
            return []
        keys = difflib.get_close_matches(key, list(self._index), n=n * 2, cutoff=0.7)
        if not keys:  # a long name typed in part: "Tromokratis" for "Tromokratis, ..." or a prefix
            keys = sorted(k for k in self._index if k.startswith(key) or (len(key) >= 4 and key in k))[: n * 2]
        names = list(dict.fromkeys(self._index[k] for k in keys))
        return names[:n]

    def search(self, words: str, limit: int = 20) -> list[CardFace]:
        """Faces whose name contains `words` (normalised), then faces whose Oracle text does; at most `limit`."""
        key = normalise(words)
        named = [c for n, c in self.cards.items() if key in normalise(n)]
        if len(named) < limit:
            needle = words.lower()
            named += [c for c in self.cards.values() if needle in c.text.lower() and c not in named]
        return named[:limit]

    def dump(self, path: Path) -> None:
        """Write the database as gzip'd JSON: stable key order, so a rebuild from the same data is the same file.
        The file is replaced only by a complete one that reads back as a database (cards/store.py)."""
        payload = {
            "format": FORMAT,
            "source": self.source,
            **({"date": self.date} if self.date else {}),
            "cards": {name: self.cards[name].to_json() for name in sorted(self.cards)},
            "aliases": dict(sorted(self.aliases.items())),
        }
        if self.arena_ids:
            payload["arena"] = {str(grp): name for grp, name in sorted(self.arena_ids.items())}
        if self.missing:
            payload["missing"] = dict(sorted(self.missing.items()))
        raw = json.dumps(payload, ensure_ascii=False, separators=(",", ":"), sort_keys=False).encode("utf-8")
        data = gzip.compress(raw, compresslevel=9, mtime=0)
        write_atomically(path, data, lambda written: CardDatabase.from_bytes(written.read_bytes(), str(written)))

    @classmethod
    def from_bytes(cls, data: bytes, path: str) -> CardDatabase:
        """Read a database file; CardDatabaseError if it is not one, whatever is wrong with it."""
        try:
            payload = orjson.loads(_decompressed(data, path))  # UTF-8 checked; about four times json's speed
        except (zlib.error, EOFError, ValueError, RecursionError) as exc:  # not gzip, cut off, not UTF-8 or JSON
            if isinstance(exc, CardDatabaseError):
                raise
            kind = "not gzip data" if isinstance(exc, zlib.error) else type(exc).__name__
            raise CardDatabaseError(f"{path}: not a combatcheck card database ({kind}: {exc})") from None
        if not isinstance(payload, dict) or payload.get("format") != FORMAT:
            raise CardDatabaseError(f"{path}: not a combatcheck card database (format {FORMAT})")
        problem = _stored_problem(payload)
        if problem is not None:
            raise CardDatabaseError(f"{path}: a damaged card database: {problem}")
        cards = {name: CardFace.from_json(name, row) for name, row in payload["cards"].items()}
        arena = {int(grp): name for grp, name in payload.get("arena", {}).items() if grp.isdigit() and name in cards}
        return cls(
            cards=cards,
            aliases=dict(payload.get("aliases", {})),
            arena_ids=arena,
            missing=dict(payload.get("missing", {})),
            source=payload.get("source", ""),
            date=payload.get("date", ""),
            path=path,
        )


def _decompressed(data: bytes, path: str) -> bytes:
    """The gzip'd bytes, at most MAX_DATABASE_BYTES of them: a compression bomb is refused when it passes the bound."""
    inflater = zlib.decompressobj(wbits=16 + zlib.MAX_WBITS)
    raw = inflater.decompress(data, MAX_DATABASE_BYTES + 1)
    if len(raw) > MAX_DATABASE_BYTES:
        raise CardDatabaseError(f"{path}: not a combatcheck card database (over {MAX_DATABASE_BYTES:,} bytes unpacked)")
    if not inflater.eof:
        raise EOFError("the gzip data is cut off")
    return raw


DAMAGED_REMEDY = "import a card file again (`combatcheck cards import FILE`), or delete it to use the bundled cards"


class CardDatabaseError(ValueError):
    """A database file that can't be used: damaged, not one (`code` "card_database_damaged"), or unreadable
    ("card_database_unreadable"); `remedy` says what to do."""

    def __init__(self, message: str, *, unreadable: str = "", path: str = "") -> None:
        super().__init__(message)
        self.path = path or message.partition(": ")[0]
        self.reason = unreadable  # why the file can't be read (the system's words), for an unreadable one
        self.code = "card_database_unreadable" if unreadable else "card_database_damaged"
        self.remedy = (
            f"make it readable (chmod u+r {self.path}), or delete it to use the bundled cards"
            if unreadable
            else DAMAGED_REMEDY
        )


_ROW_LISTS = frozenset("tsucf")  # CardFace.to_json: lists of text
_ROW_TEXTS = frozenset("phlxy")  # text


def _stored_problem(payload: dict[str, Any]) -> str | None:
    """What is wrong with the shape of a database file, or None. Checked on every load, so by hand: pydantic takes
    about five times as long on the 12,000 rows (0.1 s against 0.02 s), and imports are checked with it already."""
    cards, aliases, arena = payload.get("cards"), payload.get("aliases", {}), payload.get("arena", {})
    if type(cards) is not dict or not all(_text_map(m) for m in (aliases, arena, payload.get("missing", {}))):
        return "cards, aliases, arena and missing must be objects of text"
    if type(payload.get("source", "")) is not str or type(payload.get("date", "")) is not str:
        return "source and date must be text"
    for name, row in cards.items():
        if type(row) is not dict:
            return f"cards[{name!r}] is not an object"
        for key, value in row.items():
            if key in _ROW_LISTS:
                fits = type(value) is list and all(type(item) is str for item in value)
            else:
                fits = key in _ROW_TEXTS and type(value) is str
            if not fits:
                return f"cards[{name!r}][{key!r}] has the wrong shape"
    return None


def _text_map(value: Any) -> bool:
    return type(value) is dict and all(type(v) is str for v in value.values())


def cache_dir() -> Path:
    """Where `cards import` writes: $COMBATCHECK_CACHE_DIR, else $XDG_CACHE_HOME/combatcheck, else ~/.cache/combatcheck."""
    explicit = os.environ.get("COMBATCHECK_CACHE_DIR")
    if explicit:
        return Path(explicit)
    xdg = os.environ.get("XDG_CACHE_HOME")
    base = Path(xdg) if xdg else Path.home() / ".cache"
    return base / "combatcheck"


def local_path() -> Path:
    return cache_dir() / LOCAL_NAME


def bundled_bytes() -> bytes:
    return resources.files("combatcheck.cards").joinpath("data", BUNDLED_NAME).read_bytes()


def load_bundled() -> CardDatabase:
    return CardDatabase.from_bytes(bundled_bytes(), f"<bundled>/{BUNDLED_NAME}")


@cache
def database() -> CardDatabase:
    """The database in use: the imported one in the cache directory if there is one, else the bundled one."""
    local = local_path()
    try:
        if local.stat().st_size > MAX_DATABASE_BYTES:
            raise CardDatabaseError(f"{local}: not a combatcheck card database (over {MAX_DATABASE_BYTES:,} bytes)")
        data = local.read_bytes()
    except FileNotFoundError:
        return load_bundled()
    except OSError as exc:  # unreadable (permissions), a folder in its place, an I/O error
        reason = exc.strerror or type(exc).__name__
        raise CardDatabaseError(f"{local}: the card database can't be read ({reason})", unreadable=reason) from None
    return CardDatabase.from_bytes(data, str(local))


def reset() -> None:
    """Forget the loaded database (after an import, or when a test changes the cache directory)."""
    database.cache_clear()
