"""`combatcheck combat FILE`: the combat timeline narrated step by step. Parses arguments and prints only;
`combatcheck.cli` mounts the command."""

from __future__ import annotations

from typing import Annotated

import typer

from ..console import JsonOpt, Lang, LangOpt, fail, out
from ..models import SnapshotError, read_snapshot

FileArg = Annotated[str, typer.Argument(help="snapshot file with events (YAML or JSON); '-' reads standard input")]
EXIT = {"legal": 0, "illegal": 1, "unknown": 3}


def combat_command(file: FileArg, as_json: JsonOpt = False, lang: LangOpt = Lang.en) -> None:
    """Follow the snapshot's events through the combat phase: each change with its rule, damage assignment order
    duties, timing verdicts. Exit 0 all legal, 1 something illegal, 2 bad input, 3 unknown."""
    from . import follow
    from .narration import timeline_lines

    try:
        snapshot = read_snapshot(file)
        timeline = follow(snapshot, lang=lang.value)
    except SnapshotError as exc:
        fail(exc.problems, lang.value)
    if as_json:
        out.print(timeline.model_dump_json(indent=2), markup=False)
    else:
        for line in timeline_lines(timeline, snapshot):
            out.print(line, markup=False)
    raise typer.Exit(EXIT[timeline.verdict])


RangesOpt = Annotated[bool, typer.Option("--ranges", help="the least and most damage each recipient can be assigned")]
EveryOpt = Annotated[int, typer.Option("--every", min=0, help="list up to N legal assignments of each step")]


def damage_command(
    file: FileArg,
    as_json: JsonOpt = False,
    lang: LangOpt = Lang.en,
    with_ranges: RangesOpt = False,
    every: EveryOpt = 0,
) -> None:
    """The combat damage steps of a timeline: each assignment judged with its rules and the nearest legal one, the
    damage dealt and what dies (510, 704.5). Without an assignment, the next step is asked about. Exit 0 legal, 1
    illegal, 2 bad input, 3 unknown."""
    from ..models.cr_edition import CR_EDITION_WORDS
    from .damage_report import damage_report, report_lines

    try:
        snapshot = read_snapshot(file)
        report, timeline, followed = damage_report(snapshot, lang=lang.value, want_ranges=with_ranges, every=every)
    except SnapshotError as exc:
        fail(exc.problems, lang.value)
    if as_json:
        out.print(report.model_dump_json(indent=2), markup=False)
    else:
        for line in report_lines(report, timeline, followed):
            out.print(line, markup=False)
        if snapshot.rules == "current":  # the old rules' report names its rules as its timeline's title does
            out.print(CR_EDITION_WORDS.text(lang.value), markup=False)
    raise typer.Exit(EXIT[report.verdict])
