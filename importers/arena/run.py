"""`combatcheck import arena`: Player.log files in, batch records out (JSON lines, gzip if the name ends in .gz).

Each log is streamed, replayed, and every combat declaration it shows becomes one record as soon as its step
ends, so memory stays flat whatever the size of the logs. The output is written to a temporary file next to
`out`, unique to the run (`.OUT.<pid>.<random>.part`), and renamed at the end: an interrupted import leaves no
half-written records file. One import at a time writes `out` (the lock of batch/locking.py).
"""

from __future__ import annotations

import copy
import glob
import gzip
import os
import secrets
import shutil
import tempfile
import time
from collections import Counter
from collections.abc import Sequence
from contextlib import suppress
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any, cast

import orjson

from ...batch.locking import OutputLocked, output_lock
from ...console import clashing_outputs
from .probes import probes
from .reader import GZIP_MAGIC, Damaged, ReadStats, read_events
from .recognise import no_events_problem
from .records import build
from .replay import Replayer
from .translate import CardLookup


class ImportUsageError(Exception):
    """Bad options or output path: nothing was imported."""


@dataclass
class ImportOptions:
    probes: bool = False  # also write labelled probe records from Arena's requests
    max_probes: int = 16  # per declaration
    overwrite: bool = False
    lookup: CardLookup | None = None  # Arena id -> card text (from the card database), if any


@dataclass
class FileReport:
    name: str
    bytes: int = 0
    lines: int = 0
    events: int = 0
    damaged_lines: int = 0
    games: int = 0
    records: int = 0
    old_format_lines: int = 0
    problem: str | None = None
    dropped_records: int = 0  # records read from data its gzip check refutes: not kept
    refuted: bool = False
    read: bool = True  # False: the file can't be opened, or is not a log that holds games (no_events_problem)

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "file": self.name,
            "bytes": self.bytes,
            "lines": self.lines,
            "events": self.events,
            "damaged_lines": self.damaged_lines,
            "games": self.games,
            "records": self.records,
        }
        if self.old_format_lines:
            data["old_format_lines"] = self.old_format_lines
        if self.problem:
            data["problem"] = self.problem
        if self.dropped_records:
            data["dropped_records"] = self.dropped_records
        return data


@dataclass
class ImportSummary:
    out: str = ""
    files: list[FileReport] = field(default_factory=list)
    games: int = 0
    games_with_combat: int = 0
    games_without_combat: int = 0
    partial_games: int = 0  # games with at least one record whose board is not fully translated
    records: int = 0
    by_step: Counter[str] = field(default_factory=Counter)
    with_request: int = 0  # records with Arena's request (the log owner's decisions)
    partial_records: int = 0
    problem_kinds: Counter[str] = field(default_factory=Counter)  # fidelity problem kind -> records
    probes: Counter[str] = field(default_factory=Counter)  # expected verdict -> probe records
    unfinished_combats: int = 0  # cut off by the end of a log or of a game: no record
    damaged_lines: int = 0
    elapsed: float = 0.0
    written: bool = False  # False when no file was a log that could be read: nothing is written, --out is kept

    @property
    def bytes(self) -> int:
        return sum(f.bytes for f in self.files)

    @property
    def megabytes_per_second(self) -> float:
        return self.bytes / 1e6 / self.elapsed if self.elapsed > 0 else 0.0

    def to_json(self) -> dict[str, Any]:
        return {
            "out": self.out,
            "files": [f.to_json() for f in self.files],
            "games": self.games,
            "games_with_combat": self.games_with_combat,
            "games_without_combat": self.games_without_combat,
            "partial_games": self.partial_games,
            "records": self.records,
            "by_step": dict(sorted(self.by_step.items())),
            "with_arena_request": self.with_request,
            "partial_records": self.partial_records,
            "fidelity_problems": dict(sorted(self.problem_kinds.items())),
            "probe_records": dict(sorted(self.probes.items())),
            "unfinished_combats": self.unfinished_combats,
            "damaged_lines": self.damaged_lines,
            "written": self.written,
            "elapsed_seconds": round(self.elapsed, 3),
            "megabytes_per_second": round(self.megabytes_per_second, 1),
        }


def _open_out(path: Path, *, compressed: bool) -> IO[bytes]:
    """A new file (never an existing one: O_EXCL), with the permissions the umask gives."""
    raw = os.fdopen(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_CLOEXEC, 0o666), "wb")
    if compressed:
        return cast(IO[bytes], _GzipOwningFile(raw))
    return raw


class _GzipOwningFile(gzip.GzipFile):
    """A gzip writer that closes the file it writes into."""

    def __init__(self, raw: IO[bytes]) -> None:
        super().__init__(filename="", mode="wb", fileobj=raw, compresslevel=6)
        self._raw = raw

    def close(self) -> None:
        try:
            super().close()
        finally:
            self._raw.close()


def temporary_name(out: Path) -> Path:
    """Where the records are written until the import ends: unique to this run, hidden beside `out`."""
    return out.with_name(f".{out.name}.{os.getpid()}.{secrets.token_hex(4)}.part")


def _remove_leftovers(out: Path) -> None:
    """Temporary files of earlier imports into `out` that were killed (SIGKILL, a power cut): called under the
    lock of `out`, so no live import owns them."""
    for leftover in out.parent.glob(f".{glob.escape(out.name)}.*.part"):
        with suppress(OSError):
            leftover.unlink()


def check_usage(logs: Sequence[Path], out: Path, options: ImportOptions) -> None:
    if not logs:
        raise ImportUsageError("no log file given")
    if options.max_probes < 0:
        raise ImportUsageError("--max-probes must be 0 or more")
    if out.exists() and not options.overwrite:
        raise ImportUsageError(f"{out} exists: give --overwrite to replace it")
    if out.is_dir():
        raise ImportUsageError(f"{out} is a directory")
    if not out.parent.is_dir():
        raise ImportUsageError(f"{out.parent} is not a directory")
    if clashes := clashing_outputs(logs, [("--out", out)]):
        raise ImportUsageError(clashes[0])


def import_logs(logs: Sequence[Path], out: Path, options: ImportOptions | None = None) -> ImportSummary:
    """Import every log into one records file; problems with a log are reported in the summary, never raised."""
    options = options or ImportOptions()
    check_usage(logs, out, options)
    summary = ImportSummary(out=str(out))
    started = time.perf_counter()
    try:
        with output_lock(out):
            _remove_leftovers(out)
            temporary = temporary_name(out)
            try:
                with _open_out(temporary, compressed=out.name.endswith(".gz")) as handle:
                    for log in logs:
                        summary.files.append(_import_checked(log, handle, options, summary))
                if any(f.read for f in summary.files):
                    temporary.replace(out)
                    summary.written = True
            finally:
                temporary.unlink(missing_ok=True)
    except OutputLocked as exc:
        raise ImportUsageError(str(exc)) from None
    summary.elapsed = time.perf_counter() - started
    return summary


def _import_checked(log: Path, handle: IO[bytes], options: ImportOptions, summary: ImportSummary) -> FileReport:
    """Import one log; a gzip log's records are held back until its gzip check (CRC-32 and length of each member)
    has passed: records read from data the check refutes are not kept (a creature's power read from corrupt bytes
    is no power), and the summary does not count them."""
    if not _is_gzip(log):
        return _import_one(log, handle, options, summary)
    before = copy.deepcopy(summary)
    with tempfile.SpooledTemporaryFile(max_size=16 << 20) as held:  # on disk past 16 MiB
        report = _import_one(log, cast(IO[bytes], held), options, summary)
        if not report.refuted:
            held.seek(0)
            shutil.copyfileobj(held, handle)
            return report
    files = summary.files
    summary.__dict__.update(before.__dict__)
    summary.files = files
    report.dropped_records, report.records = report.records, 0
    report.problem = (
        f"{report.problem}; the {report.dropped_records:,} record(s) read from it are not kept: the data its check "
        "refutes can't be trusted"
    )
    return report


def _is_gzip(log: Path) -> bool:
    try:
        with log.open("rb") as stream:
            return stream.read(2) == GZIP_MAGIC
    except OSError:
        return False


def _import_one(log: Path, handle: IO[bytes], options: ImportOptions, summary: ImportSummary) -> FileReport:
    report = FileReport(name=str(log))
    stats = ReadStats()
    replayer = Replayer()
    partial_games: set[int] = set()

    def write(decls: list[Any]) -> None:
        for decl in decls:
            built = build(decl, log_name=log.name, lookup=options.lookup)
            record = built.record
            handle.write(orjson.dumps(record) + b"\n")
            summary.records += 1
            report.records += 1
            summary.by_step[record["step"]] += 1
            summary.with_request += record["source"]["arena"]["request"]
            if not record["fidelity"]["complete"]:
                summary.partial_records += 1
                partial_games.add(decl.game.ordinal)
                for kind in {p["kind"] for p in record["fidelity"]["problems"]}:
                    summary.problem_kinds[kind] += 1
            if options.probes:
                for probe in probes(built, options.max_probes):
                    handle.write(orjson.dumps(probe) + b"\n")
                    summary.probes[probe["expected"]] += 1

    for item in read_events(log, stats):
        if isinstance(item, Damaged):
            replayer.damaged(item.line, item.message)
            continue
        try:
            write(replayer.event(*item))
        except (KeyError, TypeError, ValueError, AttributeError, IndexError) as exc:
            # an event of a shape the importer does not know: reported like a damaged line, never a traceback
            stats.damaged += 1
            replayer.damaged(item[0], f"an event the importer can't read ({type(exc).__name__}: {exc})")
    replayer.finish()
    report.bytes, report.lines, report.events = stats.bytes, stats.lines, stats.events
    report.damaged_lines, report.games = stats.damaged, len(replayer.games)
    unusable = no_events_problem(stats, str(log))
    report.problem = stats.problem or unusable
    report.read = unusable is None and not (stats.problem or "").startswith("can't open")
    report.old_format_lines = stats.old_format
    report.refuted = stats.refuted
    summary.games += len(replayer.games)
    with_combat = sum(1 for g in replayer.games if g.declarations)
    summary.games_with_combat += with_combat
    summary.games_without_combat += len(replayer.games) - with_combat
    summary.partial_games += len(partial_games)
    summary.unfinished_combats += replayer.unfinished_combats
    summary.damaged_lines += stats.damaged
    return report


def summary_lines(summary: ImportSummary) -> list[str]:
    lines = []
    for f in summary.files:
        state = f" - {f.problem}" if f.problem else ""
        if f.old_format_lines:
            state += f" - {f.old_format_lines:,} line(s) in the 2019 format ([Client GRE], base64): not read"
        lines.append(f"{f.name}: {f.bytes / 1e6:,.1f} MB, {f.games} game(s), {f.records} record(s){state}")
    steps = ", ".join(f"{n:,} {step}" for step, n in sorted(summary.by_step.items())) or "none"
    lines.append(f"records: {summary.records:,} ({steps}); {summary.with_request:,} with Arena's request")
    lines.append(
        f"games: {summary.games:,} ({summary.games_with_combat:,} with combat, {summary.games_without_combat:,} without; "
        f"{summary.partial_games:,} partial)"
    )
    if summary.partial_records:
        kinds = ", ".join(f"{kind} {n:,}" for kind, n in sorted(summary.problem_kinds.items()))
        lines.append(f"partial records (board not fully translated): {summary.partial_records:,} ({kinds})")
    if summary.probes:
        lines.append("probe records: " + ", ".join(f"{n:,} {v}" for v, n in sorted(summary.probes.items())))
    if summary.unfinished_combats or summary.damaged_lines:
        lines.append(
            f"skipped: {summary.unfinished_combats:,} combat(s) cut off, {summary.damaged_lines:,} damaged line(s)"
        )
    if not summary.written:
        lines.append(f"nothing written to {summary.out}: no log could be read")
        return lines
    lines.append(f"written to {summary.out} in {summary.elapsed:.2f} s ({summary.megabytes_per_second:,.1f} MB/s)")
    return lines
