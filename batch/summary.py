"""The run's counts (over every result in the output file) and the progress callback's information."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..models.cr_edition import CR_EDITION
from .record import VERDICTS, Result


@dataclass
class FileProblem:
    file: str
    error: str


DISAGREEMENTS_KEPT = 20  # the summary lists the first disagreements with expected verdicts; the results have all


def disagreement(result: Result) -> dict[str, Any]:
    """A result whose verdict is not the expected one, in a line: where it comes from and why."""
    raw_source = result.get("source")
    source: dict[str, Any] = raw_source if isinstance(raw_source, dict) else {}
    if result.get("violations"):
        first = result["violations"][0]
        reason = f"{first.get('rule', '?')} {first.get('key', '?')}: {first.get('message', '')}"
    elif result.get("errors"):
        reason = str(result["errors"][0].get("message", ""))
    else:
        reason = str(result.get("reason") or f"no rule is broken ({result.get('verdict')})")
    probe = source.get("probe")
    if isinstance(probe, dict) and isinstance(probe.get("added"), dict):
        added = ", ".join(f"{k} -> {v}" for k, v in probe["added"].items())
        reason += f"; the record adds {added} ({probe.get('kind', 'probe')})"
    return {
        "file": result.get("file"),
        "line": result.get("line"),
        "id": result.get("id"),
        "game": source.get("game"),
        "turn": source.get("turn"),
        "step": source.get("step"),
        "expected": result.get("expected"),
        "verdict": result.get("verdict"),
        "partial_input": bool(result.get("partial_input")),
        "reason": reason,
    }


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
    partial_input: Counter[str] = field(default_factory=Counter)  # verdict -> records checked on partial input
    disagree_partial: int = 0  # disagreements with `expected` on records with partial input
    disagreements: list[dict[str, Any]] = field(default_factory=list)  # the first DISAGREEMENTS_KEPT
    unreadable_results: int = 0  # lines of an earlier output that could not be read back
    duplicates: int = 0  # results of an earlier output removed as a second result of the same record (resume)
    file_problems: list[FileProblem] = field(default_factory=list)
    refuted: list[tuple[str, int, int]] = field(default_factory=list)  # (file, first, last line) gzip's check refutes
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
        partial = bool(result.get("partial_input"))
        if partial:
            self.partial_input[verdict] += 1
        if "as_expected" in result:
            self.as_expected[bool(result["as_expected"])] += 1
            if not result["as_expected"]:
                self.disagree_partial += partial
                if len(self.disagreements) < DISAGREEMENTS_KEPT:
                    self.disagreements.append(disagreement(result))

    def merge(self, tally: Summary) -> None:
        """Add the counts of results tallied elsewhere (`add` on a Dask worker) as if they were added here one by
        one, in order: the disagreements kept are still the first ones of the output."""
        self.records += tally.records
        self.checked += tally.checked
        self.by_verdict.update(tally.by_verdict)
        self.by_rule.update(tally.by_rule)
        self.cpsat += tally.cpsat
        self.internal_errors += tally.internal_errors
        self.as_expected.update(tally.as_expected)
        self.partial_input.update(tally.partial_input)
        self.disagree_partial += tally.disagree_partial
        self.disagreements += tally.disagreements[: max(0, DISAGREEMENTS_KEPT - len(self.disagreements))]

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
            "expected": {
                "agree": self.as_expected[True],
                "disagree": self.as_expected[False],
                "disagree_on_partial_input": self.disagree_partial,
            },
            "partial_input": {
                "records": sum(self.partial_input.values()),
                "by_verdict": {v: self.partial_input.get(v, 0) for v in VERDICTS},
            },
            "disagreements": self.disagreements,
            "unreadable_result_lines": self.unreadable_results,
            "duplicate_results_removed": self.duplicates,
            "refuted_by_gzip_check": [{"file": f, "first_line": a, "last_line": b} for f, a, b in self.refuted],
            "file_problems": [{"file": p.file, "error": p.error} for p in self.file_problems],
            "elapsed_seconds": round(self.elapsed, 3),
            "records_per_second": round(self.rate, 1),
            "interrupted": self.interrupted,
            "cr_edition": CR_EDITION,
        }


@dataclass(frozen=True)
class ProgressInfo:
    records: int  # results written by this run
    fraction: float | None  # of the input read, when its size is known


ProgressCallback = Callable[[ProgressInfo], None]
