"""Reading a snapshot from JSON or YAML text, with errors that name the field path."""

from __future__ import annotations

import contextlib
import difflib
import errno
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import orjson
from pydantic import BaseModel, ValidationError

from ..limits import InputLimitError, check_values, clip, decode_text, load_json, load_yaml, read_limited, tidy
from .event_references import event_problems
from .field_names import close_field_names
from .problem_words import render_message
from .schema_words import SCHEMA_TEXTS, schema_problem_words
from .snapshot import Permanent, Snapshot
from .validation import InputProblem, reference_problems


class SnapshotError(Exception):
    """The input is not a valid snapshot; `problems` lists each problem with its field path."""

    def __init__(self, problems: Sequence[InputProblem]) -> None:
        self.problems = list(problems)
        super().__init__("; ".join(str(p) for p in self.problems))


def format_location(loc: Sequence[int | str], data: Any) -> str:
    """('permanents', 2, 'power') -> "permanents[2] (id 'bear').power"; union tags repeated by pydantic are dropped."""
    out = ""
    node: Any = data
    previous: int | str | None = None
    for part in loc:
        if part == previous and isinstance(part, str):
            continue  # a discriminated union repeats its tag, e.g. min_blockers.min_blockers
        if isinstance(part, int):
            out += f"[{part}]"
            if isinstance(node, list) and 0 <= part < len(node):
                node = node[part]
                if isinstance(node, dict) and isinstance(node.get("id"), str) and out.startswith("permanents"):
                    out += f" (id '{node['id']}')"
            else:
                node = None
        else:
            if isinstance(node, dict) and part in node:
                node = node[part]
            elif isinstance(node, dict):
                node = None
            out += f".{clip(part)}" if out else clip(part)
        previous = part
    return out


def problems_from_validation_error(
    error: ValidationError, data: Any, model: type[BaseModel] = Snapshot
) -> list[InputProblem]:
    """Each error of validating `data` as `model` with its field path, and its type and context as the problem's
    code and values, worded by schema_words.py in our words (English too); a field the format doesn't have gets
    the closest names it has ("did you mean ...?")."""
    problems = []
    for item in error.errors(include_url=False):
        loc = [p for p in item["loc"] if not (isinstance(p, str) and p.startswith("function-"))]
        code, params, english = schema_problem_words(item["type"], item.get("ctx") or {}, item["msg"])
        close = _near_misses(code, params, loc, item.get("input"), model)
        if close:
            code, params = f"{code}_close", {**params, "close": close}
            english = render_message(SCHEMA_TEXTS[code], params, "en") or english
        problems.append(InputProblem(format_location(loc, data), english, code, params))
    return problems


def _near_misses(
    code: str, params: dict[str, object], loc: Sequence[int | str], given: object, model: type[BaseModel]
) -> tuple[str, ...]:
    """What a near miss may have meant: a field the format has (`abilites`: abilities), an allowed value
    (`declare_blocker`: declare_blockers)."""
    if code == "extra_forbidden":
        return close_field_names(model, loc)
    choices = params.get("expected")
    if code in ("literal_error", "enum") and isinstance(given, str) and isinstance(choices, tuple):
        words = [str(c).strip("'") for c in choices]
        return tuple(f"'{w}'" for w in difflib.get_close_matches(given, words, n=1))
    return ()


def parse_text(text: str | bytes, source: str = "<input>") -> Any:
    """JSON or YAML text (or UTF-8 bytes) to plain data within the input limits (limits.py); SnapshotError if not.

    JSON is tried first for exact error positions in .json files."""
    try:
        if isinstance(text, bytes):
            text = decode_text(text)
        stripped = text.lstrip()
        if stripped.startswith(("{", "[")):
            try:
                return load_json(text)
            except json.JSONDecodeError:
                pass  # YAML flow style also starts with '{'; let YAML report the error
        return _parse_yaml(text, source)
    except InputLimitError as exc:
        raise SnapshotError([InputProblem(exc.where or source, exc.message, exc.code, exc.params)]) from None


def _parse_yaml(text: str, source: str) -> Any:
    import yaml  # only YAML input pays for it

    try:
        return load_yaml(text, source)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f"{source}:{mark.line + 1}:{mark.column + 1}" if mark is not None else source
        problem = getattr(exc, "problem", None) or str(exc)
        raise SnapshotError([InputProblem.of(where, "malformed", problem=problem)]) from None


def snapshot_from_data(data: Any, *, within_limits: bool = False) -> Snapshot:
    """A validated snapshot from plain data; SnapshotError lists every problem. `within_limits`: the data comes
    from limits.load_json or load_yaml (or parse_text), which have checked the input limits already."""
    if not within_limits:
        try:
            check_values(data)
        except InputLimitError as exc:
            raise SnapshotError([InputProblem(exc.where, exc.message, exc.code, exc.params)]) from None
    if not isinstance(data, dict):
        raise SnapshotError([InputProblem.of("", "not_a_mapping")])
    try:
        snapshot = _validated(data)
    except ValidationError as exc:
        raise SnapshotError(problems_from_validation_error(exc, data)) from None
    problems = reference_problems(snapshot) + event_problems(snapshot)
    if problems:
        raise SnapshotError(problems)
    return snapshot


def _validated(data: dict[str, Any]) -> Snapshot:
    """The snapshot model of `data`. Permanents seen before (the lands and creatures that the records of one game
    share) are taken from a cache instead of being validated again; anything that fails is validated again as a
    whole, so that the errors and their paths are the same as without the cache."""
    permanents = data.get("permanents")
    if type(permanents) is list and permanents:
        known = _PERMANENTS.validated(permanents)
        if known is not None:
            with contextlib.suppress(ValidationError):
                return Snapshot.model_validate({**data, "permanents": known})
    return Snapshot.model_validate(data)


class _PermanentCache:
    """Validated permanents by their JSON text. Validation is a function of the data alone (the models are frozen,
    their validators read nothing else), so equal text gives an equal permanent; permanents that name a card are
    left out, since the card source can be replaced. Bounded: emptied when full (records come game by game)."""

    SIZE = 4096

    def __init__(self) -> None:
        self._known: dict[bytes, Permanent] = {}

    def validated(self, items: list[Any]) -> list[Permanent] | None:
        """Each item as a validated permanent, or None if one is not plain JSON data or is not valid."""
        out = []
        known = self._known
        for item in items:
            if type(item) is not dict or "card" in item:
                return None
            try:
                key = orjson.dumps(item, option=_EXACT_TYPES_ONLY)
            except TypeError:  # not JSON data (a library caller's own objects)
                return None
            permanent = known.get(key)
            if permanent is None:
                try:
                    permanent = Permanent.model_validate(item)
                except ValidationError:
                    return None
                if len(known) >= self.SIZE:
                    known.clear()
                known[key] = permanent
            out.append(permanent)
        return out


# Subclasses of str, int, dict and list, dataclasses and dates are refused rather than written as their base type.
_EXACT_TYPES_ONLY = orjson.OPT_PASSTHROUGH_SUBCLASS | orjson.OPT_PASSTHROUGH_DATACLASS | orjson.OPT_PASSTHROUGH_DATETIME
_PERMANENTS = _PermanentCache()


def load_snapshot(text: str | bytes, source: str = "<input>") -> Snapshot:
    """A snapshot from its JSON or YAML text (a file's name is no snapshot: `read_snapshot` reads the file)."""
    data = parse_text(text, source)
    if isinstance(data, str) and "\n" not in data and data.lower().endswith((".yaml", ".yml", ".json")):
        problem = InputProblem.of("", "file_name_as_text", name=data, read="read_snapshot()", load="combatcheck.load()")
        raise SnapshotError([problem])
    return snapshot_from_data(data, within_limits=True)


def read_snapshot(file: str) -> Snapshot:
    """A snapshot from a file, or from standard input for '-': the same bytes give the same answer either way. A file
    that can't be read raises SnapshotError too."""
    try:
        if file == "-":
            raw = read_limited(sys.stdin.buffer)
        else:
            with Path(file).open("rb") as stream:
                raw = read_limited(stream)
    except OSError as exc:
        raise SnapshotError([file_problem(tidy(file), exc)]) from None
    return load_snapshot(raw, "<stdin>" if file == "-" else file)


def one_declaration(snapshot: Snapshot) -> Snapshot:
    """The snapshot, for a command that judges one declaration (check, solve, the questions, render, a batch record).
    A snapshot with `events` is a combat timeline whose declarations are events: judged here it would read as "no
    declaration" and pass as legal, so it is refused (SnapshotError naming `events`) and sent to `combatcheck combat`.
    """
    if snapshot.events:
        raise SnapshotError([TIMELINE_NOT_ONE_DECLARATION])
    return snapshot


TIMELINE_NOT_ONE_DECLARATION = InputProblem.of(
    "events",
    "timeline_not_one_declaration",
    command="combatcheck combat",
    declaration="declaration:",
    events="events:",
)
_FILE_PROBLEMS = {errno.ENOENT: "no_such_file", errno.EISDIR: "is_a_directory", errno.EACCES: "permission_denied"}


def file_problem(where: str, exc: OSError) -> InputProblem:
    """A file that can't be read: the system's own words in English, ours for the common causes elsewhere."""
    problem = exc.strerror or str(exc)
    code = _FILE_PROBLEMS.get(exc.errno or 0, "unreadable_file")
    return InputProblem(where, problem, code, {"problem": problem})
