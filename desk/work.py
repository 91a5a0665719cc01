"""The desk's work on a request body: reading it (JSON or YAML, through the CLI's loader and limits) and answering
it. Runs in a worker process of the desk's pool (desk/pool.py) when the desk serves, in a thread otherwise: never
on the event loop, which only moves bytes. Everything crossing to the server pickles: the answers are the library's
models, and a bad input is a DeskError.
"""

from __future__ import annotations

import json
from typing import Any

from ..models import Snapshot, SnapshotError, one_declaration, parse_text, snapshot_from_data
from ..models.problem_words import shown
from ..models.validation import InputProblem
from .api_models import Problem
from .error_words import ERROR_WORDS


class DeskError(Exception):
    """A 4xx answer: `word` is the heading's key in ERROR_WORDS (with its `values`), or an input problem itself;
    `problems` are the input problems under it. Both are put in words in the request's language (`words`)."""

    def __init__(
        self, status: int, word: str | InputProblem, problems: list[InputProblem] | None = None, **values: int
    ) -> None:
        super().__init__(word if isinstance(word, str) else str(word))
        self.status = status
        self.word = word
        self.values = values
        self.problems = problems or []

    def __reduce__(self) -> tuple[Any, ...]:  # from a worker process to the server
        return (_desk_error, (self.status, self.word, self.problems, self.values))

    def words(self, lang: str) -> tuple[str, list[Problem]]:
        """The heading and the problems in `lang`."""
        word = self.word
        if isinstance(word, InputProblem):
            heading = word.line(lang)
        else:
            heading = ERROR_WORDS[word].format(lang, {k: shown(v, lang) for k, v in self.values.items()})
        return heading, worded(self.problems, lang)


def _desk_error(status: int, word: str | InputProblem, problems: list[InputProblem], values: dict[str, int]) -> Any:
    return DeskError(status, word, problems, **values)


def worded(problems: list[InputProblem], lang: str) -> list[Problem]:
    """The problems in `lang`: the models' own, or the desk's (a code of ERROR_WORDS)."""
    return [Problem(path=p.path, message=_text(p, lang)) for p in problems]


def _text(problem: InputProblem, lang: str) -> str:
    if problem.code in ERROR_WORDS:
        return ERROR_WORDS[problem.code].format(lang, {k: shown(v, lang) for k, v in problem.params.items()})
    return problem.text(lang)


def desk_problem(path: str, code: str, **params: int | str) -> InputProblem:
    """A problem in the desk's own words (ERROR_WORDS), at `path`."""
    return InputProblem(path, ERROR_WORDS[code].format("en", params), code, params)


def parsed(text: str) -> Any:
    if not text.strip():
        raise DeskError(400, "body_empty")
    try:
        return parse_text(text, "request")  # within the input limits of limits.py, as on the command line
    except SnapshotError as exc:
        raise DeskError(400, "unreadable", exc.problems) from None


def loaded(data: Any) -> Snapshot:
    try:
        return snapshot_from_data(data, within_limits=True)
    except SnapshotError as exc:
        raise DeskError(422, "invalid_snapshot", exc.problems) from None


def one_snapshot(text: str) -> Snapshot:
    """The snapshot of an endpoint that judges one declaration (a timeline with `events` is a 422)."""
    snapshot = loaded(parsed(text))
    try:
        return one_declaration(snapshot)
    except SnapshotError as exc:
        raise DeskError(422, "invalid_snapshot", exc.problems) from None


def run(endpoint: str, text: str, params: dict[str, Any]) -> Any:
    """The answer of `endpoint` to a request body: the same function whether a worker process or a thread runs it.
    A question that doesn't fit the snapshot, or a board beyond the size limits, is a 422."""
    from ..solver import QuestionError

    try:
        return _ANSWERS[endpoint](text, **params)
    except QuestionError as exc:  # the problem names the question's parameter (`blocker`), as every other 422 does
        raise DeskError(422, "invalid_question", [exc.problem]) from None
    except DeskError:
        raise
    except SnapshotError as exc:  # a board beyond the size limits of solver/budget.py
        raise DeskError(422, "board_too_large", exc.problems) from None


def _check(text: str, lang: str, time_limit: float, find: bool = False) -> Any:
    from ..combat.judging import judge

    return judge(one_snapshot(text), lang=lang, time_limit=time_limit, find=find)


def _judge(text: str, lang: str, time_limit: float) -> Any:
    from ..combat.judging import judge
    from ..render import render_svg
    from ..solver import count_declarations, forced_choices
    from ..solver.explain import report_lines
    from .api_models import JudgeResult

    snapshot = one_snapshot(text)
    report = judge(snapshot, lang=lang, time_limit=time_limit)
    return JudgeResult(
        report=report,
        lines=report_lines(report.model_copy(update={"triggers": None}), snapshot),
        svg=render_svg(snapshot, report),
        count=count_declarations(snapshot, limit=1000, show=5, lang=lang, time_limit=time_limit),  # type: ignore[arg-type]
        forced=forced_choices(snapshot, lang=lang, time_limit=time_limit),  # type: ignore[arg-type]
    )


def _can(text: str, actor: str, target: str, attack: bool, lang: str, time_limit: float) -> Any:
    from ..solver import can_attack, can_block

    ask = can_attack if attack else can_block
    return ask(one_snapshot(text), actor, target, lang=lang, time_limit=time_limit)  # type: ignore[arg-type]


def _count(text: str, limit: int, show: int, lang: str, time_limit: float) -> Any:
    from ..solver import count_declarations

    snapshot = one_snapshot(text)
    return count_declarations(snapshot, limit=limit, show=show, lang=lang, time_limit=time_limit)  # type: ignore[arg-type]


def _forced(text: str, lang: str, time_limit: float) -> Any:
    from ..solver import forced_choices

    return forced_choices(one_snapshot(text), lang=lang, time_limit=time_limit)  # type: ignore[arg-type]


def _render(text: str, lang: str, witness: bool, time_limit: float) -> str:
    from ..render import render_svg
    from ..solver import check

    snapshot = one_snapshot(text)
    return render_svg(snapshot, check(snapshot, lang=lang, time_limit=time_limit), witness=witness)


def _parse(text: str, lang: str) -> Any:
    from .api_models import ParsedSnapshot

    data = parsed(text)
    if not isinstance(data, dict):
        raise DeskError(422, "invalid_snapshot", [InputProblem.of("", "not_a_mapping")])
    try:
        one_declaration(loaded(data))
    except DeskError as exc:
        heading, problems = exc.words(lang)
        return ParsedSnapshot(snapshot=data, problems=problems or [Problem(path="", message=heading)])
    except SnapshotError as exc:  # a combat timeline: the page judges one declaration
        return ParsedSnapshot(snapshot=data, problems=worded(exc.problems, lang))
    return ParsedSnapshot(snapshot=data, problems=[])


def _export(text: str, format: str) -> tuple[bytes, str]:
    data = parsed(text)
    loaded(data)  # only a valid snapshot is saved as one
    if format == "json":
        out, media = json.dumps(data, indent=2, ensure_ascii=False) + "\n", "application/json"
    else:
        import yaml

        out = yaml.safe_dump(data, sort_keys=False, allow_unicode=True, default_flow_style=None)
        media = "application/yaml"
    return out.encode("utf-8", "replace"), media


def _damage(text: str, lang: str, ranges: bool, every: int) -> Any:
    from ..combat.damage_report import damage_report

    snapshot = loaded(parsed(text))
    try:
        return damage_report(snapshot, lang=lang, want_ranges=ranges, every=every)[0]  # type: ignore[arg-type]
    except SnapshotError as exc:  # an event that can't happen where it is written
        raise DeskError(422, "invalid_snapshot", exc.problems) from None


def _combat(text: str, lang: str) -> Any:
    from ..combat import follow

    try:
        return follow(loaded(parsed(text)), lang=lang)  # type: ignore[arg-type]
    except SnapshotError as exc:  # an event that can't happen where it is written
        raise DeskError(422, "invalid_snapshot", exc.problems) from None


def _damage_page(text: str, lang: str, ranges: bool) -> Any:
    from .card_details import damage_page

    try:
        return damage_page(loaded(parsed(text)), lang, ranges)
    except SnapshotError as exc:  # an event that can't happen where it is written
        raise DeskError(422, "invalid_snapshot", exc.problems) from None


def _combat_render(text: str, lang: str) -> str:
    from ..combat import follow
    from ..render import render_timeline_svg

    snapshot = loaded(parsed(text))
    try:
        return render_timeline_svg(snapshot, follow(snapshot, lang=lang))  # type: ignore[arg-type]
    except SnapshotError as exc:
        raise DeskError(422, "invalid_snapshot", exc.problems) from None


def _card(text: str, name: str) -> Any:
    from ..cards.lookup import UnknownCard, card_details, find_card

    try:
        return card_details(find_card(name))
    except UnknownCard as exc:
        code = "unknown_card_face" if exc.face_of else "unknown_card_close" if exc.suggestions else "unknown_card"
        params = {"name": exc.name, "close": tuple(exc.suggestions), "dated": exc.dated, "card": exc.face_of}
        commands = {"update": "`combatcheck cards update`", "import_file": "`combatcheck cards import FILE`"}
        problem = InputProblem("name", str(exc), code, {**params, **commands})
        raise DeskError(404, "unknown_card", [problem]) from None


def _card_info(text: str) -> Any:
    from ..cards.lookup import database_info

    return database_info()


def _card_search(text: str, words: str, limit: int) -> Any:
    from ..cards.db import database
    from ..cards.names import normalise

    if not normalise(words):  # every name contains the empty key: the first cards in order would be listed
        raise DeskError(422, "invalid_parameters", [desk_problem("q", "search_words")])
    return [
        {"card": face.name, "type_line": face.type_line(), "power": face.power, "toughness": face.toughness}
        for face in database().search(words, limit)
    ]


_ANSWERS: dict[str, Any] = {
    "combat": _combat,
    "combat_render": _combat_render,
    "card": _card,
    "card_search": _card_search,
    "card_info": _card_info,
    "damage": _damage,
    "damage_page": _damage_page,
    "check": _check,
    "judge": _judge,
    "can": _can,
    "count": _count,
    "forced": _forced,
    "render": _render,
    "parse": _parse,
    "export": _export,
}
