"""`combatcheck report`: one self-contained HTML file over a results file, for people to look at.

Totals, verdicts by rule, by card, by game and by turn (with matplotlib plots, inline SVG), and the illegal records
with their explanation and, where the record can still be read from its input file, its picture (`render`). The
file needs nothing else: no script, no CDN, no image beside it; it opens offline and on a phone. Its words are
English, as the batch's output is (docs/batch.md#report).
"""

from __future__ import annotations

import html
import json
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..console import same_file
from ..models.cr_edition import CR_EDITION, CR_EDITION_WORDS
from .options import BatchOutputError, BatchUsageError
from .plots import PlottingUnavailable, ranking_plot, turns_plot, verdicts_plot
from .reading import InputFile
from .tables import Row, TableCounts, read_results_lines, record_row, violation_rows

TOP = 15  # rows of the by-rule and by-card rankings


@dataclass
class Totals:
    """What the report counts, read in one pass over the results file."""

    verdicts: Counter[str] = field(default_factory=Counter)
    rules: Counter[tuple[str, str]] = field(default_factory=Counter)  # (rule, key) -> violations
    cards: Counter[str] = field(default_factory=Counter)  # card name -> violations naming it
    games: dict[str, Counter[str]] = field(default_factory=dict)  # game -> verdict counts
    turns: dict[int, Counter[str]] = field(default_factory=dict)
    partial: int = 0
    illegal: list[tuple[Row, list[Row]]] = field(default_factory=list)  # the first illegal records, shown in full
    illegal_seen: int = 0

    def add(self, result: Row, keep: int) -> None:
        row = record_row(result)
        verdict = row["verdict"]
        self.verdicts[verdict] += 1
        self.partial += not row["complete"]
        if row["game"] is not None:
            self.games.setdefault(row["game"], Counter())[verdict] += 1
        if row["turn"] is not None:
            self.turns.setdefault(row["turn"], Counter())[verdict] += 1
        violations = list(violation_rows(result))
        for violation in violations:
            self.rules[(violation["rule"] or "", violation["key"] or "")] += 1
            for card in set((violation["cards"] or "").split("; ")) - {""}:
                self.cards[card] += 1
        if verdict == "illegal":
            self.illegal_seen += 1
            if len(self.illegal) < keep:
                self.illegal.append((row, violations))


def write_report(
    results: Path,
    out: Path,
    *,
    records_dir: Path | None = None,
    illegal_shown: int = 50,
    pictures: bool = True,
    overwrite: bool = False,
) -> TableCounts:
    """Write the report of `results` to `out`. `records_dir`: where the input files named in the results are
    (default: beside the results file, then the current folder); `illegal_shown`: how many illegal records are
    shown in full. Raises BatchUsageError or BatchOutputError."""
    if not results.is_file():
        raise BatchUsageError(f"{results}: no such results file")
    if out.suffix.lower() not in (".html", ".htm"):
        raise BatchUsageError(f"{out}: the report is an HTML file (.html)")
    if not out.parent.is_dir():
        raise BatchUsageError(f"{out}: the directory {out.parent} does not exist")
    if same_file(out, results):  # symlinks and hard links followed
        raise BatchUsageError(f"{out}: is also the input")
    if out.exists() and not overwrite:
        raise BatchUsageError(f"{out} already exists: pass --overwrite to replace it")
    counts = TableCounts()
    totals = Totals()
    for result in read_results_lines(results, counts):
        totals.add(result, illegal_shown)
        counts.records += 1
        counts.violations += len(result.get("violations") or [])
    folders = [records_dir] if records_dir is not None else [results.parent, Path.cwd()]
    shown = _pictures(totals.illegal, folders) if pictures else {}
    try:
        page = _page(results, totals, counts, shown)
    except PlottingUnavailable as exc:
        raise BatchUsageError(str(exc)) from None
    temp = out.with_name(f".{out.name}.part")
    try:
        temp.write_text(page, encoding="utf-8")
        temp.replace(out)
    except OSError as exc:
        temp.unlink(missing_ok=True)
        raise BatchOutputError(f"{out}: the report can't be written ({exc.strerror or exc})") from None
    return counts


def _pictures(illegal: Sequence[tuple[Row, list[Row]]], folders: Sequence[Path]) -> dict[tuple[str, int], str]:
    """The picture of each shown illegal record, by (file, line), or the reason there is none."""
    wanted: dict[str, set[int]] = {}
    for row, _ in illegal:
        wanted.setdefault(row["file"], set()).add(row["line"])
    shown: dict[tuple[str, int], str] = {}
    for name, lines in wanted.items():
        path = next((folder / name for folder in folders if (folder / name).is_file()), None)
        if path is None:
            for line in lines:
                shown[(name, line)] = _note(f"no picture: the input file {name} was not found")
            continue
        source = InputFile(str(path))
        try:
            source.open()
            for item in source.items():
                if item[0] in lines:
                    shown[(name, item[0])] = _picture(item[1]) if len(item) == 2 else _note("no picture: damaged line")
        except OSError as exc:
            for line in lines:
                shown.setdefault((name, line), _note(f"no picture: {name} can't be read ({exc})"))
        finally:
            source.close()
    return shown


def _picture(text: str) -> str:
    """The record's board and verdict, as the `render` command draws them."""
    from ..models import SnapshotError, one_declaration, snapshot_from_data
    from ..render import render_svg
    from ..solver import check
    from .record import RECORD_KEYS

    try:
        data = json.loads(text)
        snapshot = one_declaration(snapshot_from_data({k: v for k, v in data.items() if k not in RECORD_KEYS}))
        return render_svg(snapshot, check(snapshot), witness=True)
    except (ValueError, SnapshotError, AttributeError) as exc:
        return _note(f"no picture: the record can't be read again ({type(exc).__name__})")


def _note(text: str) -> str:
    return f'<p class="note">{html.escape(text)}</p>'


def _table(headers: Sequence[str], rows: Iterable[Sequence[Any]]) -> str:
    head = "".join(f"<th>{html.escape(h)}</th>" for h in headers)
    body = "".join("<tr>" + "".join(f"<td>{html.escape(_cell(v))}</td>" for v in row) + "</tr>" for row in rows)
    return f'<div class="scroll"><table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table></div>'


def _cell(value: Any) -> str:
    return f"{value:,}" if isinstance(value, int) and not isinstance(value, bool) else str(value)


def _by_verdict(counter: Counter[str]) -> list[int]:
    return [sum(counter.values()), counter["legal"], counter["illegal"], counter["invalid"], counter["unknown"]]


def _page(results: Path, totals: Totals, counts: TableCounts, shown: dict[tuple[str, int], str]) -> str:
    verdicts = totals.verdicts
    sections = [
        "<h2>Totals</h2>",
        _table(
            ("records", "legal", "illegal", "invalid", "unknown", "partial input", "violations"),
            [[*_by_verdict(verdicts), totals.partial, counts.violations]],
        ),
        verdicts_plot(dict(verdicts)),
    ]
    if counts.unreadable_lines:
        sections.append(_note(f"{len(counts.unreadable_lines):,} line(s) of {results.name} are not results: left out"))
    rules = totals.rules.most_common()
    sections.append("<h2>By rule</h2>")
    if rules:
        top = rules[:TOP]
        sections.append(
            ranking_plot("Rules broken most", [f"{r} {k}" for (r, k), _ in top], [n for _, n in top], "violations")
        )
        sections.append(_table(("rule", "catalog entry", "violations"), [(r, k, n) for (r, k), n in rules]))
    else:
        sections.append(_note("no rule was broken"))
    cards = totals.cards.most_common()
    sections.append("<h2>By card</h2>")
    if cards:
        top_cards = cards[:TOP]
        sections.append(
            ranking_plot(
                "Cards named in violations", [c for c, _ in top_cards], [n for _, n in top_cards], "violations"
            )
        )
        sections.append(_table(("card", "violations naming it"), cards[: TOP * 4]))
    else:
        sections.append(_note("no violation names a card"))
    sections.append("<h2>By game</h2>")
    games = sorted(totals.games.items(), key=lambda item: (-item[1]["illegal"], item[0]))
    sections.append(
        _table(
            ("game", "records", "legal", "illegal", "invalid", "unknown"),
            [[g, *_by_verdict(c)] for g, c in games[:200]],
        )
    )
    if len(games) > 200:
        sections.append(_note(f"the 200 games with the most illegal records of {len(games):,} are listed"))
    if totals.turns:
        turns = sorted(totals.turns)
        sections.append("<h2>By turn</h2>")
        sections.append(
            turns_plot(
                turns, [totals.turns[t]["illegal"] for t in turns], [sum(totals.turns[t].values()) for t in turns]
            )
        )
        sections.append(
            _table(
                ("turn", "records", "legal", "illegal", "invalid", "unknown"),
                [[t, *_by_verdict(totals.turns[t])] for t in turns],
            )
        )
    sections.append(f"<h2>Illegal records ({totals.illegal_seen:,})</h2>")
    if totals.illegal_seen > len(totals.illegal):
        sections.append(_note(f"the first {len(totals.illegal):,} are shown in full"))
    for row, violations in totals.illegal:
        where = f"{row['file']} line {row['line']}"
        title = f"{row['id'] or where}" + (f" · game {row['game']}, turn {row['turn']}" if row["game"] else "")
        items = "".join(
            f"<li><b>{html.escape(v['rule'] or '')}</b> {html.escape(v['message'] or '')}</li>" for v in violations
        )
        picture = shown.get((row["file"], row["line"]), "")
        sections.append(
            f'<section class="record"><h3>{html.escape(title)}</h3><p class="where">{html.escape(where)}</p>'
            f'<ul>{items}</ul><div class="picture">{picture}</div></section>'
        )
    body = "\n".join(sections)
    return (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>combatcheck report: {html.escape(results.name)}</title><style>{STYLE}</style></head>"
        f'<body><h1>combatcheck report</h1><p class="where">{html.escape(results.name)}: '
        f"{counts.records:,} records; {html.escape(CR_EDITION_WORDS.text('en'))} "
        f'(<span class="cr-edition">{CR_EDITION}</span>)</p>\n{body}\n</body></html>\n'
    )


STYLE = """
body{font-family:system-ui,sans-serif;margin:0 auto;padding:12px;max-width:960px;color:#212121}
h1{font-size:1.4em}h2{font-size:1.15em;margin-top:1.6em;border-bottom:1px solid #ccc}h3{font-size:1em;margin:.3em 0}
svg{max-width:100%;height:auto;display:block}
.scroll{overflow-x:auto}table{border-collapse:collapse;font-size:.9em}td,th{padding:2px 8px;border-bottom:1px solid #eee;text-align:left}
td:not(:first-child){font-variant-numeric:tabular-nums}
.note,.where{color:#616161;font-size:.9em}.record{border:1px solid #ddd;border-radius:6px;padding:8px;margin:10px 0}
h1,h2,h3,p,.record ul{overflow-wrap:anywhere}.record ul{padding-left:1.2em}.picture{overflow-x:auto}
"""
