"""A verdict with its triggers: what `combatcheck check` and `solve` print, the desk answers and `batch --triggers`
writes. The solver decides legality and knows nothing of triggers (it sits below combat); this is the one call that
gives both."""

from __future__ import annotations

from typing import cast

from ..models import Snapshot
from ..models.report import Language, Report
from ..solver import check, solve
from .triggers import with_triggers


def judge(
    snapshot: Snapshot,
    *,
    lang: str = "en",
    time_limit: float | None = None,
    witness: bool = True,
    find: bool = False,
) -> Report:
    """The verdict on the snapshot's declaration (`solver.check`), or with `find=True` a legal declaration obeying
    the most requirements (`solver.solve`), with `triggers` filled in: for a legal declaration, every attack or block
    trigger it causes (508.3, 509.3, 702), whose it is and how many times; None when the verdict is not legal.

    `time_limit` bounds the decision as in `check`; `witness=False` skips the witness of an illegal declaration
    (as batch does). Raises BoardTooLarge (a SnapshotError) for a board beyond the size limits."""
    if find:
        report = solve(snapshot, lang=cast(Language, lang), time_limit=time_limit)  # the Report validates it
    else:
        report = check(snapshot, lang=lang, time_limit=time_limit, witness=witness)
    return with_triggers(report, snapshot)


__all__ = ["judge"]
