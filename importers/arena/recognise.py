"""What a file given to `import arena` is, when it holds no game event: a log written with detailed logs off, an
Arena log without games, or not a Player.log at all (an image, UTF-16 text, a snapshot, ...). Only the first bytes
are looked at, and only once the whole file has been read without finding an event."""

from __future__ import annotations

import re

from .reader import ReadStats

DETAILED_LOGS_OPTION = "Options (the gear) > Account > Detailed Logs (Plugin Support), then restart Arena"
DISABLED = b"DETAILED LOGS: DISABLED"
ENABLED = b"DETAILED LOGS: ENABLED"
ARENA_LINE = b"[UnityCrossThreadLogger]"

_MAGIC = [
    (b"\x89PNG\r\n\x1a\n", "a PNG image"),
    (b"\xff\xd8\xff", "a JPEG image"),
    (b"GIF8", "a GIF image"),
    (b"%PDF", "a PDF document"),
    (b"PK\x03\x04", "a ZIP archive (unpack it and give the Player.log inside)"),
    (b"\xfd7zXZ", "an xz archive (decompress it first; gzip is read as it is)"),
    (b"BZh", "a bzip2 archive (decompress it first; gzip is read as it is)"),
    (b"SQLite format 3\x00", "an SQLite database"),
]
_SNAPSHOT_KEY = re.compile(rb"^\s*(active_player|players|permanents|declaration|step|effects|events)\s*:", re.M)


def what_is(head: bytes, name: str = "FILE") -> str:
    """A short description of a file by its first bytes (decompressed, for gzip)."""
    if not head:
        return "an empty file"
    for magic, kind in _MAGIC:
        if head.startswith(magic):
            return kind
    if head.startswith((b"\xff\xfe", b"\xfe\xff")) or _utf16_without_mark(head[:200]):
        return "UTF-16 text (a Player.log is UTF-8: give Arena's own file, not one re-saved by an editor)"
    try:
        text = head.decode("utf-8")
    except UnicodeDecodeError as exc:
        if exc.start < len(head) - 4:  # not merely a character cut at the end of the head
            return "binary data, not text"
        text = head[: exc.start].decode("utf-8")
    if sum(1 for c in text if c < " " and c not in "\t\r\n") > len(text) // 20:
        return "binary data, not text"
    if _SNAPSHOT_KEY.search(head):
        return f"a combatcheck snapshot (YAML or JSON), not a log: check it with `combatcheck check {name}`"
    if text.lstrip().startswith("{") and b'"active_player"' in head:
        return f"combatcheck records (JSON lines), not a log: check them with `combatcheck batch {name} --out RESULTS`"
    return "text without any of Arena's game events"


def _utf16_without_mark(head: bytes) -> bool:
    """Text in UTF-16 (little or big endian) without a byte-order mark: ASCII letters with a NUL beside each."""
    even, odd = head[0::2], head[1::2]
    return any(
        len(half) > 16 and half.count(0) > len(half) * 0.8 and other.count(0) < len(other) * 0.2
        for half, other in ((even, odd), (odd, even))
    )


def no_events_problem(stats: ReadStats, name: str) -> str | None:
    """Why a log that was read through gave no game event, or None when that is no problem (an Arena log with
    detailed logs on and no game, a 2019 log whose lines are counted apart)."""
    if stats.events or stats.problem or stats.old_format:
        return None
    if stats.detailed_logs is False:
        return (
            "an MTG Arena log written with detailed logs off: it holds no game states. Turn them on in "
            f"{DETAILED_LOGS_OPTION}, and play the games again"
        )
    if stats.detailed_logs is True:
        return None
    if stats.arena_lines:
        return (
            "an MTG Arena log with no game event: no game was played while it was written, or detailed logs were "
            f"off ({DETAILED_LOGS_OPTION})"
        )
    return f"not an MTG Arena Player.log: the file is {what_is(stats.head, name)}"
