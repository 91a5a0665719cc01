"""Reading records files: one input (a file or standard input), streamed line by line; gzip is sniffed."""

from __future__ import annotations

import os
import re
import stat
import sys
import zlib
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import IO, Any

from ..limits import MAX_INPUT_BYTES
from .summary import FileProblem, Summary

GZIP_MAGIC = b"\x1f\x8b"
BLOCK = 1 << 16

Item = tuple[int, str] | tuple[int, str, str]  # (line number, text) or (line number, partial text, problem)


class InputFile:
    """One input file (or '-' for standard input), streamed line by line; gzip is recognised by its magic bytes.

    `position` counts the (compressed) bytes read so far, for progress; `size` is the file size when known.
    """

    def __init__(self, name: str) -> None:
        self.name = name
        self.position = 0
        self.size: int | None = None
        self._stream: IO[bytes] | None = None
        self.gzip = False
        self.crc = 0  # CRC-32 of the raw (compressed) bytes read so far
        self.members = 0  # gzip members read to their end, their check passed
        self.refuted: tuple[int, int] | None = None  # lines (first, last) read from gzip data its check refutes
        self.fingerprint: tuple[int, int, int, int] | None = (
            None  # (device, inode, size, mtime) when opened: see changed()
        )

    def open(self) -> None:
        """Open the file and sniff gzip. Raises OSError with a message fit for the user."""
        if self.name == "-":
            self._stream = sys.stdin.buffer
        else:
            path = Path(self.name)
            if path.is_dir():
                raise IsADirectoryError(f"{self.name}: is a directory")
            self._stream = path.open("rb")
            self.fingerprint = self.stat()
            self.size = self.fingerprint[2]
        peek = getattr(self._stream, "peek", None)
        head = peek(2)[:2] if peek is not None else b""
        self.gzip = head == GZIP_MAGIC

    def stat(self) -> tuple[int, int, int, int]:
        """What identifies the file's content as the system sees it: device, inode, size and modification time."""
        assert self._stream is not None
        status = os.fstat(self._stream.fileno())
        return status.st_dev, status.st_ino, status.st_size, status.st_mtime_ns

    def close(self) -> None:
        if self._stream is not None and self.name != "-":
            self._stream.close()
        self._stream = None

    def blocks(self, stop: int | None = None) -> Iterator[bytes]:
        """Decompressed bytes (of a plain file: up to byte `stop`, if given). Raises _StreamProblem when the data
        ends early or is corrupt."""
        assert self._stream is not None
        stream = self._stream
        if not self.gzip:
            while block := stream.read(BLOCK if stop is None else min(BLOCK, stop - self.position)):
                self.position += len(block)
                self.crc = zlib.crc32(block, self.crc)
                yield block
            return
        decompressor: Any = None  # zlib's decompress object has no public type
        while block := stream.read(BLOCK):
            self.position += len(block)
            self.crc = zlib.crc32(block, self.crc)
            while True:
                if decompressor is None:
                    decompressor = zlib.decompressobj(wbits=31)
                try:  # at most BLOCK bytes out at a time: a gzip bomb (1,000 to 1 for NULs) costs no more
                    data = decompressor.decompress(block, BLOCK)
                except zlib.error as exc:
                    raise _StreamProblem(
                        f"corrupt gzip data ({exc}); the rest of the file can't be read", refutes=True
                    ) from None
                if data:
                    yield data
                if decompressor.eof:  # end of one gzip member; another may follow (concatenated .gz files)
                    self.members += 1  # zlib checked its CRC-32 and length
                    block = decompressor.unused_data
                    decompressor = None
                    if not block:
                        break
                else:
                    block = decompressor.unconsumed_tail
                    if not block and len(data) < BLOCK:  # all input used and no output pending
                        break
        if decompressor is not None:
            tail = decompressor.flush()
            if tail:
                yield tail
            raise _StreamProblem("the gzip data ends early: the file is cut off")

    def items(
        self, start: int = 0, first_line: int = 1, max_lines: int | None = None, stop: int | None = None
    ) -> Iterator[Item]:
        """(line number, text with its newline) for each non-blank line; a damaged file ends with a problem item.

        `start` is a byte offset in a plain (not gzip) file where line `first_line` begins; `stop` the offset where
        reading ends (a line boundary).
        """
        assert self._stream is not None
        if start:
            self._stream.seek(start)
            self.position = start
        number = first_line
        parts: list[bytes] = []
        held = 0  # bytes in parts
        over = 0  # > 0: the bytes of a line past the record limit, read past and not held
        produced = 0
        members, trusted = self.members, first_line - 1  # lines up to `trusted` lie in members whose check passed
        try:
            for block in self.blocks(stop):
                if self.members != members:
                    members, trusted = self.members, number - 1
                begin = 0
                while (end := block.find(b"\n", begin)) >= 0:
                    if over:
                        yield number, "", _too_long(over + end + 1 - begin)
                        over = 0
                    else:
                        parts.append(block[begin : end + 1])
                        line = b"".join(parts)
                        if len(line) > MAX_INPUT_BYTES:
                            yield number, "", _too_long(len(line))
                        elif line.strip():
                            yield number, _decode(line, number == 1 and start == 0)
                    parts.clear()
                    held = 0
                    number += 1
                    produced += 1
                    if max_lines is not None and produced >= max_lines:
                        return
                    begin = end + 1
                if begin < len(block):
                    if over:
                        over += len(block) - begin
                    else:
                        parts.append(block[begin:])
                        held += len(block) - begin
                        if held > MAX_INPUT_BYTES + 1:  # past the limit: count the rest of the line, don't hold it
                            over, held = held, 0
                            parts.clear()
        except _StreamProblem as exc:
            if self.members != members:
                trusted = number - 1
            if exc.refutes and trusted + 1 < number:
                self.refuted = (trusted + 1, number - 1)
            yield number, _decode(b"".join(parts), number == 1), exc.message
            return
        except OSError as exc:
            yield number, "", f"read error: {exc.strerror or exc}; the rest of the file can't be read"
            return
        if over:
            yield number, "", _too_long(over)
            return
        line = b"".join(parts)
        if len(line) > MAX_INPUT_BYTES:
            yield number, "", _too_long(len(line))
        elif line.strip():
            yield number, _decode(line, number == 1 and start == 0)


def _too_long(size: int) -> str:
    """The problem of a line past the limit of one record (docs/format.md#limits): it is read past, never held."""
    return f"the record is {size:,} bytes, larger than the limit of {MAX_INPUT_BYTES:,} bytes per record"


class _StreamProblem(Exception):
    def __init__(self, message: str, *, refutes: bool = False) -> None:
        super().__init__(message)
        self.message = message
        self.refutes = refutes  # gzip's check fails: what was read of the member is refuted, not only cut short


def refuted_problem(last: int) -> str:
    """The problem of a record read from gzip data whose check fails after it (docs/batch.md)."""
    return (
        f"the gzip check of this part of the file fails at line {last + 1:,} (corrupt data): what was read of it "
        "can't be trusted, so the record is not checked"
    )


def _decode(line: bytes, first: bool) -> str:
    if first and line.startswith(b"\xef\xbb\xbf"):
        line = line[3:]
    return line.decode("utf-8", "surrogateescape")


def opened_inputs(inputs: Sequence[str], summary: Summary) -> Iterator[InputFile]:
    """Each input that can be opened; the others are reported in the summary."""
    for name in inputs:
        reader = InputFile(name)
        try:
            reader.open()
        except OSError as exc:
            message = str(exc) if isinstance(exc, IsADirectoryError) else f"{name}: {exc.strerror or exc}"
            summary.file_problems.append(FileProblem(name, message))
            continue
        try:
            yield reader
        finally:
            reader.close()


_YAML_START = re.compile(r"(---|%YAML|#|[A-Za-z_][\w-]*[ \t]*:(\s|$))")


def _snapshot_kind(first_line: str) -> str | None:
    """ "YAML" or "JSON" when the first line of a file is how a snapshot file starts and no record does."""
    text = first_line.strip()
    if text == "{":  # a pretty-printed JSON document: a record is one line
        return "JSON"
    return "YAML" if _YAML_START.match(text) else None


def preflight(inputs: Sequence[str]) -> list[str]:
    """Problems that make a run pointless, found before anything is written: no input file can be opened, or an
    input is a snapshot file rather than records (with the command that checks it). Only regular files are opened
    here: a pipe (`<(zcat ...)`) would lose what is read from it."""
    problems: list[str] = []
    opened = 0
    for name in inputs:
        if name == "-":
            opened += 1
            continue
        try:
            mode = os.stat(name).st_mode
        except OSError as exc:
            problems.append(f"{name}: {exc.strerror or exc}")
            continue
        if stat.S_ISDIR(mode):
            problems.append(f"{name}: is a directory")
            continue
        if not stat.S_ISREG(mode):
            opened += 1
            continue
        reader = InputFile(name)
        try:
            reader.open()
        except OSError as exc:
            problems.append(f"{name}: {exc.strerror or exc}")
            continue
        opened += 1
        try:
            first = next(iter(reader.items(max_lines=50)), None)
        finally:
            reader.close()
        if first is not None and len(first) == 2 and (kind := _snapshot_kind(first[1])):
            return [
                f"{name} is not JSON lines (one record per line) but looks like a {kind} snapshot: check it with "
                f"`combatcheck check {name}`"
            ]
    return problems if not opened else []


def input_size(inputs: Sequence[str]) -> int | None:
    total = 0
    for name in inputs:
        if name == "-":
            return None
        try:
            total += Path(name).stat().st_size
        except OSError:
            continue
    return total or None
