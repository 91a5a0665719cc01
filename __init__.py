"""combatcheck: exact legality of attack and block declarations in Magic: The Gathering (CR 508.1, 509.1).

The library in a few lines, as python-chess's `chess.Board` is::

    import combatcheck

    snapshot = combatcheck.load("examples/lure.yaml")   # a path, YAML or JSON text, or a dict
    report = combatcheck.check(snapshot)                 # or combatcheck.check("examples/lure.yaml")
    report.verdict                                       # 'illegal'
    print("\\n".join(combatcheck.explain(report, snapshot)))
    combatcheck.solve(snapshot).witness                  # a legal declaration obeying the most requirements

Bad input raises `SnapshotError`, whose `problems` name each field (`problem.line("fr")` in French).

The package root is also where the parts are connected: the snapshot models read `card: NAME` through
`card_source`, and the card database is installed here as their source (imported when a snapshot first names a
card). Everything else is imported on first use, so that `import combatcheck` (and `combatcheck check`) stays
quick. See docs/architecture.md.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from .card_source import CardSource, set_card_source

if TYPE_CHECKING:
    from .models import InputProblem, Snapshot, SnapshotError
    from .models.answers import ChoiceAnswer
    from .models.report import Report

__version__ = "0.1.0"

Language = Literal["en", "fr", "es"]
"""The languages of explanations and input problems."""

_SNAPSHOT_SUFFIXES = (".yaml", ".yml", ".json")


def _card_database() -> CardSource:
    from .cards.source import CardDatabaseSource

    return CardDatabaseSource()


set_card_source(_card_database)


def load(source: str | os.PathLike[str] | bytes | Mapping[str, Any]) -> Snapshot:
    """A validated snapshot (the board and the declaration, docs/format.md) from a file, text or plain data.

    `source` is one of:

    - a path (`pathlib.Path`, or a `str` naming a file, or ending in `.yaml`, `.yml` or `.json`): the file is read;
    - YAML or JSON text (`str` or UTF-8 `bytes`);
    - plain data (a `dict`, as `yaml.safe_load` or `json.load` give it).

    Raises:
        SnapshotError: the source can't be read or is not a valid snapshot; its `problems` list each problem with
            its field path (`str(problem)` in English, `problem.line("fr")` in French).

    Example:
        >>> snapshot = load({"players": ["ana", "ben"], "active_player": "ana", "permanents": []})
        >>> snapshot.active_player
        'ana'
    """
    from .models import load_snapshot, read_snapshot, snapshot_from_data

    if isinstance(source, Mapping):
        return snapshot_from_data(dict(source))
    if isinstance(source, bytes):
        return load_snapshot(source)
    if isinstance(source, os.PathLike) or _names_a_file(source):
        return read_snapshot(os.fspath(source))
    if isinstance(source, str):
        return load_snapshot(source)
    raise TypeError(f"load() takes a path, text or a mapping, not {type(source).__name__}")


def _names_a_file(text: object) -> bool:
    """Whether a `str` is meant as a file name: one line that names an existing file or ends like a snapshot file."""
    if not isinstance(text, str) or not text or "\n" in text or ": " in text or text.lstrip().startswith(("{", "[")):
        return False  # text: several lines, a mapping ("players: [ana, ben]"), JSON
    return text.lower().endswith(_SNAPSHOT_SUFFIXES) or Path(text).is_file()


def _snapshot(source: Snapshot | str | os.PathLike[str] | bytes | Mapping[str, Any]) -> Snapshot:
    from .models import Snapshot, one_declaration

    return one_declaration(source if isinstance(source, Snapshot) else load(source))


def check(
    source: Snapshot | str | os.PathLike[str] | bytes | Mapping[str, Any],
    *,
    lang: Language = "en",
    time_limit: float | None = None,
) -> Report:
    """The verdict on a snapshot's declaration, as `combatcheck check --json` prints it.

    Args:
        source: a `Snapshot`, or anything `load` reads (a path, YAML or JSON text, a dict).
        lang: the language of the report's messages: "en", "fr" or "es".
        time_limit: seconds for the whole check; past it the verdict may be "unknown".

    Returns:
        The `Report`: `verdict` ("legal", "illegal" or "unknown"), the `violations` with their CR numbers, the
        requirements obeyed and the best possible, a `witness` (a legal declaration nearest to the proposal) when
        the declaration is illegal, and the attack and block `triggers` of a legal declaration.

    Raises:
        SnapshotError: bad input (see `load`); also a combat timeline (a snapshot with `events`, which
            `combatcheck combat` follows) and a board beyond the size limits.

    Example:
        >>> report = check("examples/lure.yaml")
        >>> report.verdict, [v.rule for v in report.violations]
        ('illegal', ['509.1c'])
    """
    from .combat.judging import judge

    return judge(_snapshot(source), lang=lang, time_limit=time_limit)


def solve(
    source: Snapshot | str | os.PathLike[str] | bytes | Mapping[str, Any],
    *,
    lang: Language = "en",
    time_limit: float | None = None,
) -> Report:
    """A legal declaration that obeys the most requirements (CR 508.1d, 509.1c), as `combatcheck solve` finds it.

    Takes the same arguments as `check`. The declaration found is the report's `witness` (the nearest to the
    snapshot's own declaration, if it has one); `requirements_optimum` is how many requirements it obeys.

    Example:
        >>> report = solve("examples/lure.yaml")
        >>> report.witness.blocks
        {'archer': ('raven',), 'bear': ('lured',)}
    """
    from .combat.judging import judge

    return judge(_snapshot(source), lang=lang, time_limit=time_limit, find=True)


def can_block(
    source: Snapshot | str | os.PathLike[str] | bytes | Mapping[str, Any],
    blocker: str,
    attacker: str,
    *,
    lang: Language = "en",
    time_limit: float | None = None,
) -> ChoiceAnswer:
    """Can `blocker` block `attacker` (ids of the snapshot's permanents)? The answer ("yes", "no" or "unknown")
    with a legal declaration in which it does, or the restrictions that forbid it and the requirements it costs.

    Raises:
        SnapshotError: bad input, or a question that doesn't fit the snapshot (an unknown id, the wrong step); its
            problem names the argument ("did you mean ...?" for a near miss).
    """
    from .solver import QuestionError
    from .solver import can_block as ask

    snapshot = _snapshot(source)
    try:
        return ask(snapshot, blocker, attacker, lang=lang, time_limit=time_limit)
    except QuestionError as exc:
        raise _question_error(exc.problem) from None


def can_attack(
    source: Snapshot | str | os.PathLike[str] | bytes | Mapping[str, Any],
    creature: str,
    target: str,
    *,
    lang: Language = "en",
    time_limit: float | None = None,
) -> ChoiceAnswer:
    """Can `creature` attack `target` (a player, planeswalker or battle)? Answered as `can_block` answers."""
    from .solver import QuestionError
    from .solver import can_attack as ask

    snapshot = _snapshot(source)
    try:
        return ask(snapshot, creature, target, lang=lang, time_limit=time_limit)
    except QuestionError as exc:
        raise _question_error(exc.problem) from None


def _question_error(problem: InputProblem) -> SnapshotError:
    from .models import SnapshotError

    return SnapshotError([problem])


def explain(report: Report, snapshot: Snapshot) -> list[str]:
    """The report in words, one line per item, as `combatcheck check` prints it (in the report's language)."""
    from .solver import report_lines

    return report_lines(report, snapshot)


_LAZY = {
    "Snapshot": "models",
    "SnapshotError": "models",
    "InputProblem": "models",
    "Report": "models.report",
    "ChoiceAnswer": "models.answers",
}


def __getattr__(name: str) -> Any:
    """The models named in `__all__`, imported on first use (so that `import combatcheck` stays quick)."""
    if name in _LAZY:
        import importlib

        value = getattr(importlib.import_module(f".{_LAZY[name]}", __name__), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "CardSource",
    "ChoiceAnswer",
    "InputProblem",
    "Language",
    "Report",
    "Snapshot",
    "SnapshotError",
    "__version__",
    "can_attack",
    "can_block",
    "check",
    "explain",
    "load",
    "set_card_source",
    "solve",
]
