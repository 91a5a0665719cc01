"""Terminal display for the CLI: the progress bar and the end-of-run tables and lines (rich, loaded lazily)."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

from ..models.cr_edition import CR_EDITION_WORDS
from .record import VERDICTS
from .summary import ProgressInfo, Summary

if TYPE_CHECKING:
    from rich.console import Console
    from rich.progress import Progress, TaskID
    from rich.table import Table


class TerminalProgress:
    """A rich progress bar on standard error, shown only when standard error is a terminal."""

    def __init__(self, console: Console | None = None) -> None:
        from rich.console import Console

        self.console = console or Console(stderr=True)
        self.enabled = self.console.is_terminal
        self._progress: Progress | None = None
        self._task: TaskID | None = None
        self._started = time.perf_counter()

    def __enter__(self) -> TerminalProgress:
        if self.enabled:
            from rich.progress import BarColumn, Progress, TaskProgressColumn, TextColumn, TimeElapsedColumn

            self._progress = Progress(
                TextColumn("[bold]checking[/]"),
                BarColumn(),
                TaskProgressColumn(),
                TextColumn("{task.fields[records]} records, {task.fields[rate]}/s"),
                TimeElapsedColumn(),
                console=self.console,
                transient=True,
            )
            self._progress.start()
            self._task = self._progress.add_task("batch", total=None, records="0", rate="-")
        self._started = time.perf_counter()
        return self

    def __call__(self, info: ProgressInfo) -> None:
        if self._progress is None or self._task is None:
            return
        elapsed = time.perf_counter() - self._started
        rate = f"{info.records / elapsed:,.0f}" if elapsed > 0 else "-"
        if info.fraction is not None:
            self._progress.update(self._task, total=1.0, completed=info.fraction)
        self._progress.update(self._task, records=f"{info.records:,}", rate=rate)

    def __exit__(self, *exc: object) -> None:
        if self._progress is not None:
            self._progress.stop()


def summary_tables(summary: Summary) -> list[Table]:
    """The end-of-run tables: records by verdict, and records by broken rule."""
    from rich.table import Table

    verdicts = Table(title="Records by verdict", title_justify="left")
    verdicts.add_column("verdict")
    verdicts.add_column("records", justify="right")
    verdicts.add_column("share", justify="right")
    partial = bool(summary.partial_input)
    if partial:  # records an importer could not fully translate: their verdicts are not rules findings
        verdicts.add_column("of which partial input", justify="right")
    total = summary.records or 1
    for verdict in VERDICTS:
        n = summary.by_verdict.get(verdict, 0)
        extra = [f"{summary.partial_input.get(verdict, 0):,}"] if partial else []
        verdicts.add_row(verdict, f"{n:,}", f"{100 * n / total:.1f}%", *extra)
    extra = [f"{sum(summary.partial_input.values()):,}"] if partial else []
    verdicts.add_row("total", f"{summary.records:,}", "", *extra, end_section=True)
    tables = [verdicts]
    if summary.by_rule:
        rules = Table(title="Records by broken rule", title_justify="left")
        rules.add_column("rule")
        rules.add_column("catalog key")
        rules.add_column("records", justify="right")
        for (rule, key), n in sorted(summary.by_rule.items(), key=lambda kv: (-kv[1], kv[0])):
            rules.add_row(rule, key, f"{n:,}")
        tables.append(rules)
    return tables


def summary_lines(summary: Summary) -> list[str]:
    """Plain lines after the tables: throughput, resume, expectations, problems."""
    lines = [
        f"{summary.checked:,} records checked in {summary.elapsed:.2f} s ({summary.rate:,.0f} records/s, "
        f"{summary.workers} worker(s), engine {summary.engine}); results in {summary.out}"
    ]
    if summary.skipped:
        lines.append(f"{summary.skipped:,} records skipped: already in the output (--resume)")
    if summary.cpsat:
        lines.append(f"CP-SAT ran for {summary.cpsat:,} records")
    if summary.as_expected:
        on_partial = f" ({summary.disagree_partial:,} on partial input)" if summary.disagree_partial else ""
        lines.append(
            f"expected verdicts: {summary.as_expected[True]:,} agree, {summary.as_expected[False]:,} disagree{on_partial}"
        )
        for item in summary.disagreements:
            where = f"game {item['game']} turn {item['turn']} {item['step']}" if item["game"] is not None else ""
            partial_note = " [partial input]" if item["partial_input"] else ""
            lines.append(
                f"  {item['id'] or 'line ' + str(item['line'])} {where}: expected {item['expected']}, "
                f"got {item['verdict']}{partial_note} - {item['reason']}"
            )
        if summary.as_expected[False] > len(summary.disagreements):
            lines.append(f"  ... {summary.as_expected[False] - len(summary.disagreements):,} more in the results")
    if summary.internal_errors:
        lines.append(f"internal errors: {summary.internal_errors:,} (verdict unknown; see 'reason' in the results)")
    for name, first, last in summary.refuted:
        lines.append(
            f"{name}: lines {first:,} to {last:,} withdrawn (invalid): the gzip check fails after them (corrupt data)"
        )
    if summary.duplicates:
        lines.append(f"{summary.duplicates:,} repeated results of the earlier output removed: each record is kept once")
    if summary.unreadable_results:
        lines.append(f"{summary.unreadable_results:,} lines of the earlier output could not be read back")
    lines.append(CR_EDITION_WORDS.text("en"))  # the rules the verdicts follow (the summary is in English)
    return lines
