"""The per-record function: one line of a records file to a JSON-ready result. Never raises.

Imports the models and the solver (lazily, so a worker pays for them once, on its first record).
"""

from __future__ import annotations

import json
import time
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ..limits import tidy

if TYPE_CHECKING:
    from ..models import Snapshot

VERDICTS = ("legal", "illegal", "invalid", "unknown")
RECORD_KEYS = ("id", "source", "expected", "fidelity")  # a record's own fields; everything else is the snapshot
KNOWN_STEPS = ("declare_blockers", "declare_attackers")

Result = dict[str, Any]


class _Invalid(Exception):
    def __init__(self, problems: list[tuple[str, str]]) -> None:
        super().__init__(problems)
        self.problems = [(tidy(path), tidy(message)) for path, message in problems]  # they may quote any input


def check_record(
    line_number: int,
    raw_text: str,
    problem: str | None = None,
    *,
    lang: str = "en",
    time_limit: float | None = None,
    triggers: bool = False,
) -> Result:
    """Decide one record: its line of text (with its newline, if the line had one) to a JSON-ready result.

    Never raises: malformed or invalid records give `invalid`, a checker failure gives `unknown` with a reason.
    `problem` is set by the reader when the file itself is damaged at this line (cut-off gzip stream, corrupt
    data); the record is then `invalid` with that problem. `triggers`: a legal record's result also lists the
    attack or block triggers its declaration causes (`combatcheck batch --triggers`).
    """
    started = time.perf_counter()
    result: Result = {"line": line_number, "id": None}
    try:
        if problem is not None:
            raise _Invalid([("", problem)])
        _decide(raw_text, result, lang, time_limit, triggers)
    except _Invalid as exc:
        result["verdict"] = "invalid"
        result["errors"] = [{"path": path, "message": message} for path, message in exc.problems]
    except Exception as exc:  # a checker bug must not stop the batch; it is reported, not hidden
        result["verdict"] = "unknown"
        result["reason"] = f"internal error: {type(exc).__name__}: {exc}"
    expected = result.get("expected")
    if expected is not None:
        result["as_expected"] = expected == result["verdict"]
    result["ms"] = round((time.perf_counter() - started) * 1000, 3)
    return result


def _decide(raw_text: str, result: Result, lang: str, time_limit: float | None, triggers: bool) -> None:
    from ..models import SnapshotError
    from ..models.fast_loading import fast_record
    from ..solver import check

    text = raw_text.rstrip("\r\n")
    # Most records are plain JSON in the format's common shape: the fast loader reads them into the same snapshot.
    # Anything else, and any problem, takes the pydantic path, which words the errors.
    fast = fast_record(text)
    if fast is None:
        snapshot = _read(text, raw_text.endswith("\n"), result)
    else:
        own, snapshot = fast
        problems = _record_fields(own, result) + _step_problems(snapshot, result)
        if problems:
            raise _Invalid(problems)
    try:
        if triggers:  # imported only when asked for: the default path loads nothing of combat
            from ..combat.judging import judge

            report = judge(snapshot, lang=lang, time_limit=time_limit, witness=False)
        else:
            report = check(snapshot, lang=lang, time_limit=time_limit, witness=False, with_outcome=False)
    except SnapshotError as exc:  # a board beyond the size limits (BoardTooLarge)
        raise _Invalid([(p.path, p.message) for p in exc.problems]) from None
    result["verdict"] = report.verdict
    names = {p.id: p.name for p in snapshot.permanents if p.name} if report.violations else {}
    result["violations"] = [
        {
            "rule": v.rule,
            "key": v.key,
            "kind": v.kind,
            "message": v.message,
            "objects": v.objects,
            "cards": [names[o] for o in v.objects if o in names],
        }
        for v in report.violations
    ]
    result["obeyed"] = report.requirements_obeyed
    result["optimum"] = report.requirements_optimum
    result["requirements"] = report.requirements_total
    result["solver"] = report.solver.status
    if report.triggers is not None:
        result["triggers"] = [t.model_dump(mode="json") for t in report.triggers]
    if report.verdict == "unknown":
        result["reason"] = f"solver stopped ({report.solver.status}): raise --time-limit"


def _read(text: str, complete: bool, result: Result) -> Snapshot:
    """The record's snapshot through the pydantic path; _Invalid with every problem (the record's own fields too)."""
    from ..limits import InputLimitError, parse_json
    from ..models import SnapshotError, one_declaration, snapshot_from_data

    if not text.isascii():
        try:
            text.encode("utf-8")
        except UnicodeEncodeError:
            raise _Invalid([("", "the line is not UTF-8 text")]) from None
    try:
        data, plain = parse_json(text)
    except InputLimitError as exc:
        raise _Invalid([(exc.where, exc.message)]) from None
    except json.JSONDecodeError as exc:  # some messages end in "at": "Unterminated string starting at"
        detail = f"{exc.msg} {'' if exc.msg.endswith(' at') else 'at '}column {exc.colno}"
        if not complete:
            raise _Invalid([("", f"record cut off at the end of the file (malformed JSON: {detail})")]) from None
        raise _Invalid([("", f"malformed JSON: {detail}")]) from None
    if not isinstance(data, dict):
        raise _Invalid([("", f"a record is a JSON object, got {type(data).__name__}")])

    problems = _record_fields(data, result)
    snapshot_data = {k: v for k, v in data.items() if k not in RECORD_KEYS}
    try:
        snapshot = one_declaration(snapshot_from_data(snapshot_data, within_limits=plain))  # id, source: above
    except SnapshotError as exc:
        problems += [(p.path, p.message) for p in exc.problems]
        raise _Invalid(problems) from None
    problems += _step_problems(snapshot, result)
    if problems:
        raise _Invalid(problems)
    return snapshot


def _step_problems(snapshot: Snapshot, result: Result) -> list[tuple[str, str]]:
    """The record's `source.step`, when it names a step, must be the snapshot's."""
    source_step = result.get("source", {}).get("step") if isinstance(result.get("source"), dict) else None
    if source_step in KNOWN_STEPS and source_step != snapshot.step:
        return [("source.step", f"'{source_step}', but the snapshot's step is '{snapshot.step}'")]
    return []


def _record_fields(data: dict[str, Any], result: Result) -> list[tuple[str, str]]:
    """Check and copy the record's own fields (`id`, `source`, `expected`, `fidelity`) into the result."""
    problems: list[tuple[str, str]] = []
    rid = data.get("id")
    if rid is not None:
        if isinstance(rid, bool) or not isinstance(rid, (str, int)):
            problems.append(("id", "must be a string or an integer"))
        else:
            result["id"] = rid
    source = data.get("source")
    if source is not None:
        if not isinstance(source, dict):
            problems.append(("source", "must be an object with game, turn and step"))
        else:
            game, turn, step = source.get("game"), source.get("turn"), source.get("step")
            if game is not None and (isinstance(game, bool) or not isinstance(game, (str, int))):
                problems.append(("source.game", "must be a string or an integer"))
            if turn is not None and (isinstance(turn, bool) or not isinstance(turn, int) or turn < 0):
                problems.append(("source.turn", "must be a non-negative integer"))
            if step is not None and not isinstance(step, str):
                problems.append(("source.step", "must be a string"))
            result["source"] = source
    expected = data.get("expected")
    if expected is not None:
        if expected not in VERDICTS:
            problems.append(("expected", f"must be one of {', '.join(VERDICTS)}"))
        else:
            result["expected"] = expected
    return problems + _fidelity(data.get("fidelity"), result)


def _fidelity(fidelity: Any, result: Result) -> list[tuple[str, str]]:
    """An importer's account of what it could not translate: a record with `complete: false` is checked on
    partial input, and its result says so (`partial_input`, with the problems), so that an "illegal" caused by
    missing input is not taken for a rules violation."""
    if fidelity is None:
        return []
    if not isinstance(fidelity, dict) or not isinstance(fidelity.get("complete"), bool):
        return [("fidelity", "must be an object with complete (true or false) and problems (a list)")]
    problems = fidelity.get("problems", [])
    if not isinstance(problems, list):
        return [("fidelity.problems", "must be a list")]
    if not fidelity["complete"]:
        result["partial_input"] = True
        result["fidelity"] = {"complete": False, "problems": problems}
    return []


def check_chunk(
    items: Sequence[tuple[int, str] | tuple[int, str, str]],
    lang: str = "en",
    time_limit: float | None = None,
    triggers: bool = False,
) -> list[Result]:
    """`check_record` over a chunk of (line number, text[, problem]) items: the unit of work of the process pool."""
    return [check_record(*item, lang=lang, time_limit=time_limit, triggers=triggers) for item in items]
