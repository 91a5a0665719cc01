"""The results file: reading back an earlier run (resume) and appending result lines chunk by chunk."""

from __future__ import annotations

import json
from pathlib import Path

from .record import Result
from .summary import ProgressCallback, ProgressInfo, Summary


def read_results(path: Path, summary: Summary) -> tuple[dict[str, set[int]], int]:
    """Records already in an output file, by input file name, and the byte length of its complete lines.

    Counts them into `summary`. A last line cut off by an interruption is not counted; the caller truncates it.
    """
    done: dict[str, set[int]] = {}
    keep = 0
    with path.open("rb") as stream:
        for raw in stream:
            try:
                result = json.loads(raw)
                name, line = result["file"], result["line"]
                if not isinstance(name, str) or not isinstance(line, int) or not isinstance(result, dict):
                    raise TypeError
            except (ValueError, KeyError, TypeError):
                if not raw.endswith(b"\n"):
                    break  # a cut-off last line: dropped, its record is checked again
                summary.unreadable_results += 1
                keep += len(raw)
                continue
            done.setdefault(name, set()).add(line)
            summary.add(result, this_run=False)
            keep += len(raw)
    return done, keep


Segments = list[tuple[str, int]]  # consecutive results: (input file name, how many)


class ResultWriter:
    """Appends result lines to the output, flushing after each chunk."""

    def __init__(self, path: Path, summary: Summary, progress: ProgressCallback | None) -> None:
        self.summary = summary
        self.progress = progress
        self.stream = path.open("a", encoding="utf-8", newline="\n")
        self.written = 0

    def emit(self, segments: Segments, results: list[Result], fraction: float | None) -> None:
        lines = []
        position = 0
        for name, count in segments:
            for result in results[position : position + count]:
                lines.append(json.dumps({"file": name, **result}, ensure_ascii=False, separators=(",", ":")))
                self.summary.add(result)
            position += count
        if lines:
            self.stream.write("\n".join(lines) + "\n")
            self.stream.flush()
        self.written += len(lines)
        if self.progress is not None:
            self.progress(ProgressInfo(self.written, fraction))

    def close(self) -> None:
        self.stream.close()
