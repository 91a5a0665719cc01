"""Which attack and block triggers trigger, how many times and whose they are (508.3, 509.3, 603.2-603.3a).

`triggers_at(point)` asks every wording of the catalog about every permanent at one point of the combat;
`declaration_triggers` does it for the declaration a report found legal; `with_triggers` adds them to the report.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ..models import Permanent, Snapshot
from ..models.report import Report, Triggered
from ..solver.board import Board
from .trigger_points import TriggerPoint, attack_point, block_point
from .wordings import CATALOG, Hit, Wording

_SENTENCE = {
    "en": "{source}: {name} triggers {times} — {events}",
    "fr": "{source} : {name} se déclenche {times} — {events}",
    "es": "{source}: {name} se dispara {times} — {events}",
}
_TIMES = {
    "en": ("once", "twice", "{n} times"),
    "fr": ("une fois", "deux fois", "{n} fois"),
    "es": ("una vez", "dos veces", "{n} veces"),
}


def times_phrase(n: int, lang: str) -> str:
    """ "once", "twice", "3 times" (and in French and Spanish): how many times, by count."""
    one, two, many = _TIMES.get(lang, _TIMES["en"])
    return one if n == 1 else two if n == 2 else many.format(n=n)


def ability_word(wording: Wording) -> str:
    """The ability word a wording reads: its keyword or its parameterized key."""
    if wording.keyword is not None:
        return wording.keyword.value
    assert wording.model is not None
    return next(iter(wording.model.model_fields))


def triggers_at(point: TriggerPoint, lang: str = "en") -> list[Triggered]:
    """Every ability that triggers at `point`, one entry per ability instance, in board and catalog order."""
    board = point.board
    words = board.words
    wordings = [w for w in CATALOG if ability_word(w) in words]
    out: list[Triggered] = []
    if not wordings:
        return out
    for source in board.permanents.values():
        if source.phased_out:  # 702.26b: a phased-out permanent's abilities don't exist
            continue
        for wording in wordings:
            for ability in wording.abilities(source):
                hits = wording.hits(point, source, ability)
                if hits:
                    out.append(_entry(wording, source, ability, hits, board, lang))
    return out


def _entry(wording: Wording, source: Permanent, ability: Any, hits: list[Hit], board: Board, lang: str) -> Triggered:
    values = wording.name_values(ability, lang)
    resolution = wording.messages.get("resolution")
    condition = next((h for h in hits if h.condition is not None), None)
    objects = list(dict.fromkeys(o for h in hits for o in (h.about, h.by) if o is not None and o in board.permanents))
    text = _SENTENCE.get(lang, _SENTENCE["en"]).format(
        source=board.label(source.id),
        name=wording.name(ability, lang),
        times=times_phrase(len(hits), lang),
        events="; ".join(_events(wording, hits, board, lang)),
    )
    return Triggered(
        rule=wording.cr,
        key=wording.key,
        source=source.id,
        controller=source.controller,
        times=len(hits),
        objects=objects or [h.about for h in hits][:1],
        message=text,
        on_resolution=resolution.text(lang).format(**values) if resolution is not None else None,
        condition=(
            wording.messages[condition.condition].text(lang).format(by=board.label(condition.by or ""))
            if condition is not None and condition.condition is not None
            else None
        ),
    )


def _events(wording: Wording, hits: Iterable[Hit], board: Board, lang: str) -> list[str]:
    """What happened, one phrase per creature the events are about ("a becomes blocked by b1, b2")."""
    grouped: dict[tuple[str, str], list[str]] = {}
    for hit in hits:
        others = grouped.setdefault((hit.event, hit.about), [])
        if hit.by is not None and hit.by not in others:
            others.append(hit.by)
    return [
        wording.messages[code].text(lang).format(about=board.label(about), by=", ".join(board.label(b) for b in by))
        for (code, about), by in grouped.items()
    ]


def declaration_point(snapshot: Snapshot, report: Report) -> TriggerPoint | None:
    """The point of the declaration a legal report describes (its outcome), or None if there is none."""
    if report.verdict != "legal" or report.outcome is None:
        return None
    board = Board(snapshot)
    if snapshot.step == "declare_attackers":
        return attack_point(board, report.outcome.attacks)
    blocks: dict[str, list[str]] = {}
    for attacker, blockers in report.outcome.blocked.items():  # bands included (702.22h)
        for blocker in blockers:
            blocks.setdefault(blocker, []).append(attacker)
    return block_point(board, blocks)


def declaration_triggers(snapshot: Snapshot, report: Report) -> list[Triggered] | None:
    """The triggers of the declaration a report found legal (None if it is not legal)."""
    point = declaration_point(snapshot, report)
    return triggers_at(point, report.lang) if point is not None else None


def with_triggers(report: Report, snapshot: Snapshot) -> Report:
    """The report with its `triggers` filled in for a legal declaration."""
    return report.model_copy(update={"triggers": declaration_triggers(snapshot, report)})


__all__ = [
    "ability_word",
    "declaration_point",
    "declaration_triggers",
    "times_phrase",
    "triggers_at",
    "with_triggers",
]
