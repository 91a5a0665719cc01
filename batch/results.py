"""The results file: reading back an earlier run (resume) and appending result lines chunk by chunk.

Whatever a result holds, its line is written: text that UTF-8 can't encode (an unpaired surrogate read from a record)
is written as a JSON escape, and a result that can't be serialised at all is replaced by an internal-error result.
Writing problems (a full disk, no permission, a file system that refuses the file) raise BatchOutputError.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

from .options import BatchOutputError
from .reading import refuted_problem
from .record import VERDICTS, Result
from .summary import ProgressCallback, ProgressInfo, Summary

INTERNAL_ERROR = "internal error"


@dataclass
class EarlierResults:
    """What `read_results` found in an earlier output."""

    done: dict[str, set[int]] = field(default_factory=dict)  # input file name -> line numbers with a result
    keep: int = 0  # bytes of the lines to keep, from the start (a cut-off last line is not kept)
    again: set[int] = field(default_factory=set)  # indexes of lines removed: internal errors (checked again), repeats
    unterminated: bool = False  # the last kept line is complete but lacks its newline (cut between `}` and `\n`)


def read_results(path: Path, summary: Summary) -> EarlierResults:
    """Records already in an output file, by input file name; counts them into `summary`.

    A last line cut off by an interruption is not kept (its record is checked again); nor is a result that ended
    in an internal error (a crash of the checker, a worker that died): that record is checked again too. A second
    result of the same record (file and line; two runs that wrote the same file) is removed: the first is kept.
    """
    found = EarlierResults()
    with path.open("rb") as stream:
        for index, raw in enumerate(stream):
            result = parse_result_line(raw)
            if result is None:
                if not raw.endswith(b"\n"):
                    break  # a cut-off last line: dropped, its record is checked again
                summary.unreadable_results += 1
            elif str(result.get("reason", "")).startswith(INTERNAL_ERROR):
                found.again.add(index)
            elif result["line"] in found.done.get(result["file"], ()):
                found.again.add(index)
                summary.duplicates += 1
            else:
                found.done.setdefault(result["file"], set()).add(result["line"])
                summary.add(result, this_run=False)
            found.keep += len(raw)
            found.unterminated = not raw.endswith(b"\n")
    return found


def parse_result_line(raw: bytes) -> dict[str, Any] | None:
    """A result line read back, or None when it isn't one this program could have written."""
    try:
        result = json.loads(raw)
    except ValueError:  # malformed JSON, not UTF-8, a number too long
        return None
    except RecursionError:
        return None
    if not isinstance(result, dict) or not isinstance(result.get("file"), str):
        return None
    line, verdict, violations = result.get("line"), result.get("verdict"), result.get("violations")
    if isinstance(line, bool) or not isinstance(line, int) or verdict not in VERDICTS:
        return None
    if violations is not None and not (
        isinstance(violations, list) and all(isinstance(v, dict) and _texts(v, "rule", "key") for v in violations)
    ):
        return None
    return result if _texts(result, "solver", "reason") else None


def _texts(data: dict[str, Any], *keys: str) -> bool:
    return all(isinstance(data.get(k), str | None) for k in keys)


def resume(path: Path, summary: Summary) -> dict[str, set[int]]:
    """Prepare an earlier output to be continued; returns the records it already holds, by input file name.

    Afterwards the file holds each kept result once, every line complete and ending in a newline; results to check
    again are removed (the file is rewritten through a temporary file only then).
    """
    try:
        earlier = read_results(path, summary)
    except OSError as exc:
        raise BatchOutputError(f"{path}: the earlier results can't be read ({exc.strerror or exc})") from None
    with _writing(path):
        if earlier.again:
            _rewrite_without(path, earlier)
        else:
            with path.open("r+b") as stream:
                stream.truncate(earlier.keep)
                if earlier.unterminated:
                    stream.seek(earlier.keep)
                    stream.write(b"\n")
    return earlier.done


def _rewrite_without(path: Path, earlier: EarlierResults) -> None:
    temporary = path.with_name(f".{path.name}.resume")
    try:
        with path.open("rb") as source, temporary.open("wb") as target:
            position = 0
            for index, raw in enumerate(source):
                if position >= earlier.keep:
                    break
                position += len(raw)
                if index not in earlier.again:
                    target.write(raw if raw.endswith(b"\n") else raw + b"\n")
            target.flush()
            os.fsync(target.fileno())
        os.replace(temporary, path)
    finally:
        temporary.unlink(missing_ok=True)


@contextmanager
def _writing(path: Path) -> Iterator[None]:
    """OSError while writing `path` as a BatchOutputError that names the file and the problem."""
    try:
        yield
    except OSError as exc:
        raise BatchOutputError(
            f"{path}: the results can't be written ({exc.strerror or exc}); the results written so far are kept: "
            "make room or choose another --out, then rerun with --resume"
        ) from None


def withdraw_refuted(path: Path, summary: Summary) -> Summary:
    """Replace the results of records read from gzip data whose check failed after them (`summary.refuted`) by
    `invalid` results that say so, and count the file again: no verdict rests on data its checksum refutes. The
    file is rewritten through a temporary file beside it, replaced in one step."""
    ranges: dict[str, list[tuple[int, int]]] = {}
    for name, first, last in summary.refuted:
        ranges.setdefault(name, []).append((first, last))
    recount = Summary(out=summary.out, engine=summary.engine, workers=summary.workers)
    temporary = path.with_name(f".{path.name}.refuted")
    with _writing(path):
        try:
            with path.open("rb") as source, temporary.open("wb") as target:
                for raw in source:
                    result = parse_result_line(raw)
                    if result is not None:
                        for first, last in ranges.get(result["file"], ()):
                            if first <= result["line"] <= last and result["verdict"] != "invalid":
                                result = _refuted(result, last)
                                raw = (json.dumps(result, ensure_ascii=False, separators=(",", ":")) + "\n").encode(
                                    "utf-8", "backslashreplace"
                                )
                        recount.add(result, this_run=False)
                    target.write(raw)
                target.flush()
                os.fsync(target.fileno())
            os.replace(temporary, path)
        finally:
            temporary.unlink(missing_ok=True)
    for name in ("checked", "skipped", "unreadable_results", "duplicates", "file_problems", "refuted", "elapsed"):
        setattr(recount, name, getattr(summary, name))
    recount.interrupted = summary.interrupted
    return recount


def _refuted(result: dict[str, Any], last: int) -> dict[str, Any]:
    kept: dict[str, Any] = {key: result[key] for key in ("file", "line", "id", "source", "expected") if key in result}
    withdrawn: dict[str, Any] = {
        **kept,
        "verdict": "invalid",
        "errors": [{"path": "", "message": refuted_problem(last)}],
    }
    if "expected" in result:
        withdrawn["as_expected"] = result["expected"] == "invalid"
    withdrawn["ms"] = result.get("ms", 0)
    return withdrawn


def clear(path: Path) -> None:
    """Empty an earlier output (--overwrite)."""
    with _writing(path):
        path.write_bytes(b"")


def open_for_append(path: Path) -> IO[str]:
    # backslashreplace: a lone surrogate becomes the JSON escape `\ud800` instead of stopping the run.
    return path.open("a", encoding="utf-8", errors="backslashreplace", newline="\n")


Segments = list[tuple[str, int]]  # consecutive results: (input file name, how many)


class ResultWriter:
    """Appends result lines to the output, flushing after each chunk."""

    def __init__(self, path: Path, summary: Summary, progress: ProgressCallback | None) -> None:
        self.path = path
        self.summary = summary
        self.progress = progress
        self.stream: IO[str] | None = None
        with _writing(path):
            self.stream = open_for_append(path)
        self.written = 0

    def emit(self, segments: Segments, results: list[Result], fraction: float | None) -> None:
        self.write(*format_results(segments, results), fraction)

    def write(self, text: str, tally: Summary, fraction: float | None) -> None:
        """Append result lines already formatted (`format_results`, maybe on a Dask worker) and count them."""
        if text:
            assert self.stream is not None
            try:
                with _writing(self.path):
                    self.stream.write(text)
                    self.stream.flush()
            except BatchOutputError:
                self._abandon()
                raise
        self.summary.merge(tally)
        self.written += tally.records
        if self.progress is not None:
            self.progress(ProgressInfo(self.written, fraction))

    def _abandon(self) -> None:
        """After a failed write, close without flushing again what the file system refused."""
        stream, self.stream = self.stream, None
        if stream is not None:
            with suppress(OSError):
                stream.close()

    def close(self) -> None:
        stream, self.stream = self.stream, None
        if stream is not None:
            with _writing(self.path):
                stream.close()


def format_results(segments: Segments, results: list[Result]) -> tuple[str, Summary]:
    """The lines of consecutive results, each ending in a newline, and their counts (a Summary of them alone, to
    merge into the run's). The Dask engine calls it on the workers, so the client only writes and adds up."""
    lines = []
    tally = Summary()
    position = 0
    for name, count in segments:
        for result in results[position : position + count]:
            line, written = result_line(name, result)
            lines.append(line)
            tally.add(written)
        position += count
    return "".join(line + "\n" for line in lines), tally


def result_line(name: str, result: Result) -> tuple[str, Result]:
    """The JSON line of a result, and the result as written: one that can't be serialised (a number too long for
    text, nesting too deep) is written as an internal error instead, so that the line is always there."""
    written = {"file": name, **result}  # the summary's disagreements name the file too
    try:
        return json.dumps(written, ensure_ascii=False, separators=(",", ":")), written
    except (ValueError, TypeError, RecursionError) as exc:
        replaced: Result = {
            "file": name,
            "line": result.get("line"),
            "id": None,
            "verdict": "unknown",
            "reason": f"{INTERNAL_ERROR}: the result can't be written as JSON ({type(exc).__name__})",
        }
        return json.dumps(replaced, separators=(",", ":")), replaced
