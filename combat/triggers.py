"""Which attack and block triggers trigger, how many times and whose they are (508.3, 509.3, 603.2-603.3a).

`triggers_at(point)` asks every wording of the catalog about every permanent at one point of the combat;
`declaration_triggers` does it for the declaration a report found legal; `with_triggers` adds them to the report.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from typing import Any

from pydantic import BaseModel

from ..models import Keyword, Permanent, Snapshot
from ..models.applying import applied
from ..models.effects import GrantEffect
from ..models.report import Report, Triggered
from ..solver.board import Board
from ..solver.text import Message, Plural
from .trigger_points import TriggerPoint, attack_point, block_point
from .wordings import CATALOG, Hit, Wording

# 603.3a: the controller of a triggered ability is the player who controlled its source when it triggered. French
# and Spanish agree with "créature" / "criatura", as the events of the same sentence do ("devient bloquée").
SENTENCE = Message(
    "{source}, controlled by {controller}: {name} triggers {times} — {events}",
    "{source}, contrôlée par {controller} : {name} se déclenche {times} — {events}",
    "{source}, controlada por {controller}: {name} se dispara {times} — {events}",
)
TIMES = Message(
    Plural("n", "once", "{n} times", exact={2: "twice"}),
    Plural("n", "une fois", "{n} fois", exact={2: "deux fois"}),
    Plural("n", "una vez", "{n} veces", exact={2: "dos veces"}),
)


def times_phrase(n: int, lang: str) -> str:
    """ "once", "twice", "3 times" (and in French and Spanish): how many times, by count."""
    return TIMES.format(lang, {"n": n})


def ability_word(wording: Wording) -> str:
    """The ability word a wording reads: its keyword or its parameterized key."""
    if wording.keyword is not None:
        return wording.keyword.value
    assert wording.model is not None
    return next(iter(wording.model.model_fields))


@cache
def _catalog_words() -> tuple[tuple[str, Wording], ...]:
    """Each wording of the catalog with the ability word it reads, in catalog order (computed once)."""
    return tuple((ability_word(w), w) for w in CATALOG)


@cache
def _trigger_abilities() -> tuple[frozenset[Keyword], tuple[type[BaseModel], ...]]:
    """The keywords and the parameterized ability types the catalog reads."""
    keywords = frozenset(w.keyword for w in CATALOG if w.keyword is not None)
    return keywords, tuple({w.model for w in CATALOG if w.model is not None})


@cache
def _model_words() -> dict[type[BaseModel], str]:
    return {w.model: word for word, w in _catalog_words() if w.model is not None}


def _own_words(permanent: Permanent) -> set[str]:
    """The catalog words among a permanent's abilities (a keyword is its own word: a str enum)."""
    models = _model_words()
    return {a if isinstance(a, Keyword) else models.get(type(a), "") for a in permanent.abilities}


def may_trigger(snapshot: Snapshot) -> bool:
    """Whether a permanent has, or an effect grants, an ability the catalog reads: when none does, nothing can
    trigger, and no board needs building (the common case of a batch run)."""
    keywords, models = _trigger_abilities()
    snapshot = applied(snapshot)  # named cards' grants and attachments (Sublime Archangel's exalted)

    def reads(ability: object) -> bool:
        return ability in keywords if isinstance(ability, Keyword) else isinstance(ability, models)

    own = any(reads(a) for p in snapshot.permanents for a in p.abilities)
    return own or any(reads(a) for e in snapshot.effects if isinstance(e, GrantEffect) for a in e.grant)


def triggers_at(point: TriggerPoint, lang: str = "en") -> list[Triggered]:
    """Every ability that triggers at `point`, one entry per ability instance, in board and catalog order."""
    board = point.board
    # 702.26b: a phased-out permanent's abilities don't exist
    owners = [(p, _own_words(p)) for p in board.permanents.values() if not p.phased_out]
    present = set().union(*(own for _, own in owners))
    wordings = [(word, w) for word, w in _catalog_words() if word in present]
    out: list[Triggered] = []
    for source, own in owners:
        for word, wording in wordings:
            if word not in own:
                continue
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
    text = SENTENCE.format(
        lang,
        dict(
            source=board.label(source.id),
            controller=source.controller,
            name=wording.name(ability, lang),
            times=times_phrase(len(hits), lang),
            events="; ".join(_events(wording, hits, board, lang)),
        ),
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
    if report.verdict != "legal" or report.outcome is None:
        return None
    if not may_trigger(snapshot):
        return []
    point = declaration_point(snapshot, report)
    return triggers_at(point, report.lang) if point is not None else None


def with_triggers(report: Report, snapshot: Snapshot) -> Report:
    """The report with its `triggers` filled in for a legal declaration."""
    return report.model_copy(update={"triggers": declaration_triggers(snapshot, report)})


__all__ = [
    "ability_word",
    "declaration_point",
    "declaration_triggers",
    "may_trigger",
    "times_phrase",
    "triggers_at",
    "with_triggers",
]


def catalog_rows() -> list[dict[str, str]]:
    """The trigger catalog as `combatcheck triggers --json` and the desk's `GET /api/v1/triggers` list it: key, CR
    number, the ability word a snapshot writes, and what each wording says."""
    from .wordings import CATALOG

    return [{"key": w.key, "rule": w.cr, "word": ability_word(w), "summary": w.summary} for w in CATALOG]
