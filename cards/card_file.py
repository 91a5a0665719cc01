"""Reading a card file for `cards import` as a stream: one card (or one MTGJSON set) at a time, never the whole file.

The file may be gzip- or xz-compressed (MTGJSON publishes `AtomicCards.json.gz` and `.xz`). Whatever its form, at
most MAX_IMPORT_BYTES of JSON are read from it, decompressed: a longer file, an endless one (`/dev/zero`) or a
compression bomb is refused as soon as it passes the bound, with memory in proportion to one entry, not to the file.
JSON is parsed with ijson's yajl events in one pass; each entry is built as it ends, and nesting is bounded.
"""

from __future__ import annotations

import gzip
import io
import lzma
import re
from collections.abc import Iterator
from pathlib import Path
from typing import IO, Any

import ijson
from ijson.common import ObjectBuilder

from ..limits import MAX_DEPTH

MAX_IMPORT_BYTES = 1024**3  # 1 GiB of JSON, decompressed; MTGJSON's AllPrintings.json is about half of it
CHUNK = 1024 * 1024
_GZIP, _XZ = b"\x1f\x8b", b"\xfd7zXZ\x00"


class CardFileProblem(ValueError):
    """The file can't be read as a card file: too large, badly compressed, not JSON."""


_ESCAPE = re.compile(rb"(\\+)u([dD][89a-fA-F][0-9a-fA-F]{2})")
_HOLD = 16  # bytes kept back between chunks: an escaped pair is 12


class _Surrogates:
    """Finds JSON escapes of unpaired surrogates (`"\\ud800"`) in a byte stream. yajl turns them into "?" without a
    word; the import refuses them, as it refuses any text that is not valid Unicode."""

    def __init__(self) -> None:
        self._pending = b""
        self._offset = 0  # of the first pending byte in the stream

    def feed(self, data: bytes, last: bool) -> None:
        buffer = self._pending + data
        cut = len(buffer) if last else max(0, len(buffer) - _HOLD)
        while 0 < cut < len(buffer) and buffer[cut - 1 : cut] == b"\\":
            cut -= 1  # never cut a run of backslashes: its length says whether the escape is one
        expect_low, high_run = -1, 0  # where a high surrogate's low half must start; where its escape starts
        seen = 0  # the end of the last escape looked at: the next chunk starts after it
        for found in _ESCAPE.finditer(buffer):
            if found.start() >= cut and expect_low == -1:
                break  # looked at with the next chunk
            seen = found.end()
            if len(found.group(1)) % 2 == 0:
                continue  # an escaped backslash followed by the letter u
            escape = found.end(1) - 1
            high = found.group(2)[1:2].lower() in b"89ab"
            if expect_low != -1 and (high or escape != expect_low):
                self._refuse(high_run)
            if high:
                expect_low, high_run = found.end(), found.start()
            elif escape == expect_low:
                expect_low = -1
            else:
                self._refuse(found.start())
        if expect_low != -1:
            if last or expect_low + 6 <= len(buffer):
                self._refuse(high_run)
            cut = high_run  # its low half may come with the next chunk: look at the pair again then
        else:
            cut = max(cut, seen)
        self._offset += cut
        self._pending = buffer[cut:]

    def _refuse(self, at: int) -> None:
        raise CardFileProblem(f"not valid Unicode text: an unpaired surrogate escape at byte {self._offset + at + 1:,}")


MAX_DIGITS = 1_000  # a longer run of digits is refused before yajl sees it (past Python's 4,300 it crashes ijson)
_LONG_DIGITS = re.compile(rb"[0-9]{%d,}" % (MAX_DIGITS + 1))
_LEADING, _TRAILING = re.compile(rb"^[0-9]*"), re.compile(rb"[0-9]*$")


class _Digits:
    """Finds runs of more than MAX_DIGITS digits across chunks: no card file has one, and an integer literal that
    long makes ijson's C parser crash the process."""

    def __init__(self) -> None:
        self._run = 0  # digits at the end of the bytes seen so far
        self._offset = 0

    def feed(self, data: bytes) -> None:
        leading = _LEADING.match(data)
        assert leading is not None
        if self._run + leading.end() > MAX_DIGITS:
            self._refuse(self._offset - self._run)
        found = _LONG_DIGITS.search(data)
        if found:
            self._refuse(self._offset + found.start())
        trailing = _TRAILING.search(data)
        assert trailing is not None
        length = trailing.end() - trailing.start()
        self._run = self._run + length if length == len(data) else length
        self._offset += len(data)

    def _refuse(self, at: int) -> None:
        raise CardFileProblem(f"a run of more than {MAX_DIGITS:,} digits at byte {at + 1:,}: refused")


class _Bounded(io.RawIOBase):
    """A stream that refuses to give more than `limit` bytes; reading past it raises CardFileProblem."""

    def __init__(self, inner: IO[bytes], limit: int, what: str) -> None:
        self._inner, self._left, self._what = inner, limit, what
        self._limit = limit
        self._surrogates, self._digits = _Surrogates(), _Digits()

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        view = memoryview(buffer)
        try:
            data = self._inner.read(min(len(view), self._left + 1))
        except (OSError, EOFError, lzma.LZMAError) as exc:
            if isinstance(exc, OSError) and exc.errno is not None:
                raise  # a read error of the file itself: the caller names the file
            raise CardFileProblem(f"{self._what}: damaged compressed data ({exc})") from None
        if len(data) > self._left:
            raise CardFileProblem(f"more than {self._limit:,} bytes of {self._what}: refused (the limit of an import)")
        self._left -= len(data)
        self._surrogates.feed(data, last=not data)
        self._digits.feed(data)
        view[: len(data)] = data
        return len(data)


def open_bounded(path: Path, limit: int | None = None) -> IO[bytes]:
    """The file's JSON bytes (decompressed if it is gzip or xz), refused past `limit` (MAX_IMPORT_BYTES) bytes."""
    limit = MAX_IMPORT_BYTES if limit is None else limit
    raw = path.open("rb")
    try:
        head = raw.read(6)
        raw.seek(0)
    except OSError:
        raw.close()
        raise
    inner: Any
    if head.startswith(_GZIP):
        inner, what = gzip.GzipFile(fileobj=raw, mode="rb"), "JSON once decompressed (gzip)"
    elif head.startswith(_XZ):
        inner, what = lzma.LZMAFile(raw, mode="rb"), "JSON once decompressed (xz)"  # noqa: SIM115 (returned)
    else:
        inner, what = raw, "JSON"
    stream = io.BufferedReader(_Bounded(inner, limit, what), buffer_size=CHUNK)
    if stream.peek(3)[:3] == b"\xef\xbb\xbf":  # a byte-order mark, as some editors write
        stream.read(3)
    return stream


def _json_problem(exc: Exception) -> CardFileProblem:
    message = exc.args[0] if exc.args else exc
    text = message.decode("utf-8", "replace") if isinstance(message, bytes) else str(message)
    first = text.strip().splitlines()[0] if text.strip() else type(exc).__name__
    if "UTF8" in first or "UTF-8" in first:
        return CardFileProblem(f"not UTF-8 text ({first})")
    return CardFileProblem(f"not JSON: {first}")


_OPEN, _CLOSE = {"start_map", "start_array"}, {"end_map", "end_array"}


class CardFileReader:
    """A card file's entries, one at a time: the (key, value) pairs of a top-level `data` object (MTGJSON), or the
    (index, value) items of a top-level list or of a `data` list (Scryfall). `top` ("map", "array", "scalar") and
    `data` ("map", "array", "") are known once the first entry is given (or the file is read); `meta` and `object`
    once the file is read. Nesting deeper than MAX_DEPTH is refused (yajl's own prefixes cost depth squared)."""

    def __init__(self, path: Path, limit: int | None = None) -> None:
        self.path, self.limit = path, limit
        self.top, self.data = "", ""
        self.meta: Any = None
        self.has_meta = False
        self.object: Any = None

    def entries(self) -> Iterator[tuple[Any, Any]]:
        with open_bounded(self.path, self.limit) as stream:
            try:
                yield from self._entries(ijson.basic_parse(stream, use_float=False))
            except ijson.JSONError as exc:
                raise _json_problem(exc) from None
            except ValueError as exc:  # an integer past Python's digit limit, and the like
                if isinstance(exc, CardFileProblem):
                    raise
                raise _json_problem(exc) from None

    def _entries(self, events: Iterator[tuple[str, Any]]) -> Iterator[tuple[Any, Any]]:
        depth = 0  # containers open before the event
        key: Any = None  # the last key at the top level, or in `data`
        entry_key: Any = None
        index = 0
        in_data = False
        builder: ObjectBuilder | None = None
        target, base = "", 0  # what is being read ("entry", "meta", "object", "skip") and its depth
        for event, value in events:
            opens, closes = event in _OPEN, event in _CLOSE
            if target:  # inside a value being read or skipped
                if builder is not None:
                    builder.event(event, value)
                depth += opens - closes
                if depth > MAX_DEPTH:
                    raise CardFileProblem(f"nested more than {MAX_DEPTH} levels deep: refused")
                if depth > base:
                    continue
            elif depth == 0:
                if not opens:
                    self.top = "scalar"
                    return
                self.top, depth = ("map" if event == "start_map" else "array"), 1
                continue
            elif closes:  # the top level or `data` ends
                depth -= 1
                in_data = in_data and depth == 2
                continue
            elif event == "map_key":
                if in_data:
                    entry_key = value
                else:
                    key = value
                continue
            elif self.top == "map" and depth == 1 and key == "data" and opens and not self.data:
                self.data, in_data, depth = ("map" if event == "start_map" else "array"), True, 2
                continue
            else:
                reading = in_data or self.top == "array"
                target = "entry" if reading else str(key) if key in ("meta", "object") else "skip"
                base = depth
                builder = ObjectBuilder() if target != "skip" else None
                if builder is not None:
                    builder.event(event, value)
                depth += opens
                if depth > base:
                    continue
            # the value that started at depth `base` is complete
            done = builder.value if builder is not None else None
            if target == "entry":
                yield (entry_key if self.data == "map" else index), done
                index += 1
            elif target == "meta":
                self.meta, self.has_meta = done, True
            elif target == "object":
                self.object = done
            builder, target = None, ""
