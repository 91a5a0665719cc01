"""Streaming reader of MTG Arena `Player.log` files: the JSON events among the log's other lines.

A log is read line by line (plain or gzip, recognised by content), so memory stays flat whatever its size. The
game's events are one line of JSON each, after a header line (2020 and 2026 logs alike); pretty-printed objects
(client messages, some 2020 lines) are gathered up to their closing brace. Only the two kinds of event the
importer needs are decoded: `greToClientEvent` (game states and requests) and `matchGameRoomStateChangedEvent`
(which match is starting). A line that should hold one of them but can't be read is reported as damaged, never
skipped silently: the game it falls in may miss a state change.
"""

from __future__ import annotations

import builtins
import gzip
import zlib
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any, cast

import orjson

GZIP_MAGIC = b"\x1f\x8b"
WANTED = (b"greToClientEvent", b"matchGameRoomStateChangedEvent")
HEAD_LINES, HEAD_BYTES = 64, 4096  # kept to say what a file without events is
MAX_LINE_BYTES = 16 << 20  # a line of the log (Arena's largest game states are a few hundred kB): 16 MiB, as a record
MAX_OBJECT_BYTES = 64 << 20  # a pretty-printed object larger than this is not one the importer needs


@dataclass
class Damaged:
    """A line that should hold an event but does not parse (cut off, garbage inside)."""

    line: int
    message: str


@dataclass
class ReadStats:
    bytes: int = 0
    lines: int = 0
    events: int = 0
    damaged: int = 0
    problem: str | None = None  # the file itself is cut off or corrupt (gzip), or unreadable
    old_format: int = 0  # lines of 2019 logs (`[Client GRE]`, base64 protobuf): not read
    refuted: bool = False
    detailed_logs: bool | None = None  # Arena's "DETAILED LOGS: ENABLED" / "DISABLED" line, if the log has one
    arena_lines: int = 0  # lines of Arena's own logger (`[UnityCrossThreadLogger]...`)
    head: builtins.bytes = b""  # the first bytes of the (decompressed) file: what it is, if it holds no event  # gzip's own check (CRC, length, deflate data) refutes what was read: nothing of it holds


Event = tuple[int, dict[str, Any]]


def open_log(path: Path) -> IO[bytes]:
    handle: IO[bytes] = path.open("rb")
    if handle.read(2) == GZIP_MAGIC:
        handle.close()
        return cast(IO[bytes], gzip.open(path, "rb"))
    handle.seek(0)
    return handle


def read_events(path: Path, stats: ReadStats) -> Iterator[Event | Damaged]:
    """The log's events in order, with their line numbers; damaged lines as `Damaged`. Never raises on content."""
    try:
        handle = open_log(path)
    except OSError as exc:
        stats.problem = f"can't open: {exc.strerror or exc}"
        return
    with handle:
        try:
            yield from _events(handle, stats)
        except EOFError:
            stats.problem = "the gzip data ends early: the file is cut off"
        except (gzip.BadGzipFile, zlib.error) as exc:
            stats.problem = f"corrupt gzip data: {exc}"
            stats.refuted = True
        except OSError as exc:
            stats.problem = f"read error: {exc.strerror or exc}"


def _events(handle: IO[bytes], stats: ReadStats) -> Iterator[Event | Damaged]:
    pending: list[bytes] | None = None  # lines of a pretty-printed object being gathered
    pending_start = 0
    pending_size = 0
    number = 0
    for number, line in enumerate(_lines(handle), 1):
        if isinstance(line, _TooLong):
            stats.bytes += line.size
            if number <= HEAD_LINES:
                _keep_head(stats, line.head)
            if any(w in line.head for w in WANTED):
                stats.damaged += 1
                yield Damaged(number, f"an event line of {line.size:,} bytes, over the limit of {MAX_LINE_BYTES:,}")
            pending = None
            continue
        stats.bytes += len(line)
        if pending is not None:
            pending_size += len(line)
            if pending_size > MAX_OBJECT_BYTES:
                pending = None
            else:
                pending.append(line)
                if line.rstrip() == b"}":
                    yield from _decode(b"".join(pending), pending_start, stats, complete=True)
                    pending = None
            continue
        if not line.startswith(b"{"):
            if line.startswith(b"[Client GRE]"):
                stats.old_format += 1
            elif line.startswith(b"[UnityCrossThreadLogger]"):
                stats.arena_lines += 1
            elif line.startswith(b"DETAILED LOGS: "):
                stats.detailed_logs = line.startswith(b"DETAILED LOGS: ENABLED")
            if number <= HEAD_LINES:
                _keep_head(stats, line)
            continue
        if number <= HEAD_LINES:
            _keep_head(stats, line)
        if line.rstrip() == b"{":
            pending, pending_start, pending_size = [line], number, len(line)
            continue
        if WANTED[0] in line or WANTED[1] in line:
            yield from _decode(line, number, stats, complete=line.endswith(b"\n"))
    stats.lines = number
    if pending is not None and any(w in b"".join(pending) for w in WANTED):
        stats.damaged += 1
        yield Damaged(pending_start, "an event cut off at the end of the file")


@dataclass
class _TooLong:
    """A line longer than MAX_LINE_BYTES: its first bytes and its size (the rest was read past, never held)."""

    head: bytes
    size: int


def _lines(handle: IO[bytes]) -> Iterator[bytes | _TooLong]:
    """The lines of the log, each read with a bounded buffer: a 300 MB line (or a gzip bomb of NULs without a
    newline) costs MAX_LINE_BYTES of memory, not its size."""
    while line := handle.readline(MAX_LINE_BYTES + 1):
        if len(line) <= MAX_LINE_BYTES or line.endswith(b"\n"):
            yield line
            continue
        head, size = line[:HEAD_BYTES], len(line)
        del line
        while rest := handle.readline(1 << 20):
            size += len(rest)
            if rest.endswith(b"\n"):
                break
        yield _TooLong(head, size)


def _keep_head(stats: ReadStats, line: bytes) -> None:
    if len(stats.head) < HEAD_BYTES:
        stats.head += line[: HEAD_BYTES - len(stats.head)]


def _decode(raw: bytes, number: int, stats: ReadStats, *, complete: bool) -> Iterator[Event | Damaged]:
    try:
        data = orjson.loads(raw)
    except orjson.JSONDecodeError as exc:
        if not any(w in raw for w in WANTED):
            return  # a pretty-printed client message or other object the importer doesn't read
        stats.damaged += 1
        where = "cut off at the end of the file" if not complete else f"not readable JSON ({exc})"
        yield Damaged(number, f"an event {where}")
        return
    if isinstance(data, dict) and ("greToClientEvent" in data or "matchGameRoomStateChangedEvent" in data):
        stats.events += 1
        yield number, data
