"""The run's counts (over every result in the output file) and the progress callback's information."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from .record import VERDICTS, Result


@dataclass
class FileProblem:
    file: str
    error: str


@dataclass
class Summary:
    """Counts over every result in the output file (earlier runs included when resuming)."""

    out: str = ""
    engine: str = "process"
    workers: int = 1
    records: int = 0
    checked: int = 0  # records checked by this run
    skipped: int = 0  # records already in the output (resume)
    by_verdict: Counter[str] = field(default_factory=Counter)
    by_rule: Counter[tuple[str, str]] = field(default_factory=Counter)  # (rule number, key) -> records
    cpsat: int = 0  # records for which CP-SAT ran
    internal_errors: int = 0
    as_expected: Counter[bool] = field(default_factory=Counter)
    unreadable_results: int = 0  # lines of an earlier output that could not be read back
    file_problems: list[FileProblem] = field(default_factory=list)
    elapsed: float = 0.0
    interrupted: bool = False

    def add(self, result: Result, *, this_run: bool = True) -> None:
        self.records += 1
        self.checked += this_run
        verdict = result.get("verdict", "unknown")
        self.by_verdict[verdict] += 1
        for rule in {(v.get("rule", "?"), v.get("key", "?")) for v in result.get("violations") or ()}:
            self.by_rule[rule] += 1
        if result.get("solver") not in (None, "fast-path"):
            self.cpsat += 1
        if str(result.get("reason", "")).startswith("internal error"):
            self.internal_errors += 1
        if "as_expected" in result:
            self.as_expected[bool(result["as_expected"])] += 1

    @property
    def rate(self) -> float:
        return self.checked / self.elapsed if self.elapsed > 0 else 0.0

    def to_json(self) -> dict[str, Any]:
        return {
            "out": self.out,
            "engine": self.engine,
            "workers": self.workers,
            "records": self.records,
            "checked_this_run": self.checked,
            "skipped_already_done": self.skipped,
            "by_verdict": {v: self.by_verdict.get(v, 0) for v in VERDICTS},
            "by_rule": [
                {"rule": rule, "key": key, "records": n}
                for (rule, key), n in sorted(self.by_rule.items(), key=lambda kv: (-kv[1], kv[0]))
            ],
            "cpsat_records": self.cpsat,
            "internal_errors": self.internal_errors,
            "expected": {"agree": self.as_expected[True], "disagree": self.as_expected[False]},
            "unreadable_result_lines": self.unreadable_results,
            "file_problems": [{"file": p.file, "error": p.error} for p in self.file_problems],
            "elapsed_seconds": round(self.elapsed, 3),
            "records_per_second": round(self.rate, 1),
            "interrupted": self.interrupted,
        }


@dataclass(frozen=True)
class ProgressInfo:
    records: int  # results written by this run
    fraction: float | None  # of the input read, when its size is known


ProgressCallback = Callable[[ProgressInfo], None]
