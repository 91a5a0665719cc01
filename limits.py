"""The documented limits on input (docs/format.md, "Limits") and the cheap checks that enforce them.

One place for every entry point (the CLI, the batch, the HTTP server): bytes are decoded strictly, JSON and YAML are
parsed with guards against deep nesting and endless numbers, and the parsed values are walked once, with YAML
aliases counted as if expanded, before any model is built. Messages never repeat an offending value in full.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from functools import cache
from typing import IO, Any

import orjson

MAX_INPUT_BYTES = 16 * 1024 * 1024  # one snapshot, one batch record
MAX_DEPTH = 64  # mappings and lists inside one another
MAX_VALUES = 200_000  # values (mappings, lists, scalars) once YAML aliases are expanded
MAX_TEXT = 1_000  # characters in one string: ids, names, costs, keys
MIN_INT, MAX_INT = -(2**63), 2**63 - 1  # what a 64-bit client sends; also keeps every sum exact and small
SHOWN = 60  # characters of an offending value that a message repeats

_INT_CHARS = 40  # longer integer literals are refused before conversion (Python converts long ones in O(n^2))
_UNPRINTABLE = re.compile(r"[\x00-\x1f\x7f-\x9f\ud800-\udfff]")


class InputLimitError(ValueError):
    """The input breaks a documented limit or is not text; `where` is a field path or a source position."""

    def __init__(self, where: str, message: str, code: str = "", params: dict[str, object] | None = None) -> None:
        super().__init__(f"{where}: {message}" if where else message)
        self.where = where
        self.message = message
        self.code = code  # the problem's code and values, for messages in other languages (models/problem_words.py)
        self.params = params or {}


class TooLongNumber(str):
    """An integer literal too long to convert, kept as its text: the walk reports it with its field path, and a
    result that echoes it (a batch record's `source`) can still be written as JSON."""

    @property
    def digits(self) -> int:
        return sum(c.isdigit() for c in self)


def clip(text: str, limit: int = SHOWN) -> str:
    """A value as a message may show it: at most `limit` characters, control characters and surrogates escaped."""
    shown = text if len(text) <= limit else f"{text[:limit]}… ({len(text) - limit:,} more characters)"
    return _UNPRINTABLE.sub(lambda m: m.group().encode("unicode_escape").decode("ascii"), shown)


_QUOTED = re.compile(r"'([^']*)'")
MESSAGE_LIMIT = 500


def tidy(message: str) -> str:
    """A message fit to print: each quoted value clipped to SHOWN characters, the whole to MESSAGE_LIMIT, and
    nothing unprintable (a report or an error line must never fail to encode)."""
    if len(message) <= 2 * SHOWN and message.isprintable():
        return message
    shortened = _QUOTED.sub(lambda m: f"'{clip(m.group(1))}'" if len(m.group(1)) > SHOWN else m.group(), message)
    return clip(shortened, MESSAGE_LIMIT)


# -- bytes to text -------------------------------------------------------------------------------------------------
def read_limited(stream: IO[bytes], limit: int = MAX_INPUT_BYTES) -> bytes:
    """At most `limit` + 1 bytes of a stream: enough to tell that it is too big without reading all of it."""
    return stream.read(limit + 1)


def decode_text(data: bytes, limit: int | None = MAX_INPUT_BYTES) -> str:
    """UTF-8 text (a leading byte-order mark dropped); whatever the source, a file, standard input or a request."""
    if limit is not None and len(data) > limit:
        raise _too_large(limit)
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        column = exc.start - (data.rfind(b"\n", 0, exc.start) + 1) + 1
        byte = f"0x{data[exc.start]:02x}"
        where = f"byte {byte} at line {line:,}, byte {column:,} of the line"
        params: dict[str, object] = {"byte": byte, "line": line, "column": column}
        raise InputLimitError("", f"not UTF-8 text ({where})", "not_utf8", params) from None


# -- text to values ------------------------------------------------------------------------------------------------
def check_size(text: str, limit: int | None = MAX_INPUT_BYTES) -> None:
    """Text that was not read through decode_text (a batch line, a library caller's string) is held to the same
    size in UTF-8 bytes; cheap, since a character is at most four bytes."""
    if limit is not None and len(text) > limit // 4 and len(text.encode("utf-8", "surrogatepass")) > limit:
        raise _too_large(limit)


def _too_large(limit: int) -> InputLimitError:
    return InputLimitError("", f"the input is larger than {limit:,} bytes", "input_too_large", {"limit": limit})


def _too_deep() -> InputLimitError:
    return InputLimitError("", f"nested more than {MAX_DEPTH} levels deep", "too_deep", {"depth": MAX_DEPTH})


def load_json(text: str) -> Any:
    """JSON to values within the limits: json.JSONDecodeError for malformed text, InputLimitError otherwise."""
    data, plain = parse_json(text)
    if not plain:
        check_values(data)
    return data


def parse_json(text: str, limit: int | None = MAX_INPUT_BYTES) -> tuple[Any, bool]:
    """JSON to values, and whether they surely keep the limits (plain_json: a cheap look at the text, so that the
    walk over the values can be left out); if not, check_values decides. For callers that check a part of the values
    only (a batch record's snapshot). InputLimitError if nested beyond the parser's stack."""
    check_size(text, limit)
    if text.isascii() or _encodable(text):
        encoded = text.encode("utf-8")
        # orjson reads a record in about half the time of the standard library and agrees with it on every text it
        # accepts, but for integers beyond 64 bits (long_integer); what it refuses takes the standard path.
        if not long_integer(encoded):
            try:
                return orjson.loads(encoded), plain_json(text, encoded)
            except orjson.JSONDecodeError:
                pass
    long_numbers: list[str] = []

    def number(literal: str) -> int | TooLongNumber:
        if len(literal) < 19:  # always within 64 bits
            return int(literal)
        long_numbers.append(literal)
        return TooLongNumber(literal) if len(literal) > _INT_CHARS else int(literal)

    try:
        data = json.loads(text, parse_int=number)
    except RecursionError:
        raise _too_deep() from None
    return data, not long_numbers and plain_json(text)


_DIGITS_AS_ZERO = bytes.maketrans(b"123456789", b"000000000")
_NINETEEN_DIGITS = b"0" * 19  # the shortest integer literal that may not fit in 64 bits


def long_integer(encoded: bytes) -> bool:  # 19 digits or more in a row: an integer that may not fit in 64 bits
    return encoded.translate(_DIGITS_AS_ZERO).find(_NINETEEN_DIGITS) >= 0


def _encodable(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:  # a lone surrogate (a batch line that was not UTF-8)
        return False
    return True


_LONG_RUN = re.compile(f'"[^"]{{{MAX_TEXT + 1}}}')  # no escapes: a string is what lies between two quotes
_NOT_SHAPE = bytes(c for c in range(256) if c not in b'[]{}"')
_BRACKETS = bytes.maketrans(b"{}", b"[]")  # for depth, a mapping is a list
_QUOTED_SHAPE = re.compile(rb'"[^"]*"')


def _long_run(text: str) -> bool:
    """Whether more than MAX_TEXT characters follow a quote without another quote (a string that may be too long).
    Such a run covers a whole aligned chunk of half that size, so chunks that all hold a quote rule it out fast."""
    half = (MAX_TEXT + 1) // 2
    if all('"' in text[i : i + half] for i in range(0, len(text) - half + 1, half)):
        return False
    return _LONG_RUN.search(text) is not None


def plain_json(text: str, encoded: bytes | None = None) -> bool:
    """True when parsed JSON text surely keeps the limits (the walk over its values can be skipped); `encoded`: the
    text in UTF-8, if the caller has it. Also decides what models/fast_loading.py may read."""
    if len(text) > MAX_VALUES:  # every value takes at least one character
        return False
    if text.isascii():  # raw control characters inside JSON strings are already refused by the parser
        if "\\" in text or "\x7f" in text:
            return False
    elif "\\" in text or not text.isprintable():
        return False
    if len(text) > MAX_TEXT and _long_run(text):
        return False
    # The brackets alone, those inside strings dropped: with no escapes, a string is what lies between two quotes.
    # Dropping adjacent quotes first (strings without brackets) keeps the others paired. Then each pass removes the
    # innermost pairs of brackets: as many passes as levels.
    shape = (text.encode("utf-8") if encoded is None else encoded).translate(_BRACKETS, _NOT_SHAPE).replace(b'""', b"")
    if b'"' in shape:  # strings with brackets, such as the cost "{2}"
        shape = _QUOTED_SHAPE.sub(b"", shape)
    for _ in range(MAX_DEPTH):
        if not shape:
            return True
        shape = shape.replace(b"[]", b"")  # one pass: the pairs it uncovers wait for the next
    return not shape


def load_yaml(text: str, source: str = "<input>") -> Any:
    """YAML to values (the safe subset) within the limits: yaml.YAMLError for malformed text, InputLimitError
    otherwise. Aliases are counted as expanded, without expanding them."""
    check_size(text)
    loader = (_fast_loader() if _count_events(text) else _guarded_loader())(text)
    loader.source = source
    try:
        data = loader.get_single_data()
    finally:
        loader.dispose()
    check_values(data)
    return data


class _Open:
    """A mapping or a list being read: its values so far (aliases expanded), its anchor, where its items are."""

    __slots__ = ("anchor", "index", "key", "key_next", "mapping", "part", "values")

    def __init__(self, anchor: str | None, mapping: bool, part: int | str | None) -> None:
        self.anchor, self.mapping, self.part = anchor, mapping, part
        self.values, self.index, self.key, self.key_next = 1, 0, "", True


def _count_events(text: str) -> bool:
    """Refuse YAML past MAX_VALUES values (aliases expanded) or MAX_DEPTH levels from libyaml's events, before a
    node is built (nodes cost 20 us and 1 KB a value: 1 MiB used to cost 10 s and 330 MB before the walk refused it).
    Counted as the walk counts, with its field path, and only up to the limit. True: read whole within the limits;
    malformed text is left to the loader, which words the error (and counts nodes itself without libyaml)."""
    import yaml

    if not yaml.__with_libyaml__:
        return False
    scalar, alias, start = yaml.ScalarEvent, yaml.AliasEvent, (yaml.MappingStartEvent, yaml.SequenceStartEvent)
    end = (yaml.MappingEndEvent, yaml.SequenceEndEvent)
    sizes: dict[str, int] = {}
    stack: list[_Open] = []
    try:
        events: Iterable[Any] = yaml.parse(text, Loader=yaml.CSafeLoader)
        for event in events:
            kind = type(event)
            if kind in end:
                done = stack.pop()
                if done.anchor is not None:
                    sizes[done.anchor] = done.values
                if stack:
                    stack[-1].values += done.values
                    if stack[-1].values > MAX_VALUES:
                        raise _problem_at(stack, _too_many_values())
                continue
            if kind is not scalar and kind is not alias and kind not in start:
                continue  # stream and document events
            part: int | str | None = None
            if stack:
                parent = stack[-1]
                if not parent.mapping:
                    part, parent.index = parent.index, parent.index + 1
                elif parent.key_next:
                    parent.key, parent.key_next = (event.value if kind is scalar else "?"), False
                else:
                    part, parent.key_next = parent.key, True
            if kind in start:
                stack.append(_Open(event.anchor, kind is yaml.MappingStartEvent, part))
                if len(stack) > MAX_DEPTH:
                    raise _problem_at(stack, _too_deep())
            elif stack:
                if kind is scalar and event.anchor is not None:
                    sizes[event.anchor] = 1
                stack[-1].values += 1 if kind is scalar else sizes.get(event.anchor, 1)
                if stack[-1].values > MAX_VALUES:
                    raise _problem_at(stack, _too_many_values())
    except yaml.YAMLError:
        return False
    return True


def _problem_at(stack: list[_Open], problem: InputLimitError) -> InputLimitError:
    """`problem` at the innermost open container, named by its field path as the walk names it."""
    where = format_path(o.part for o in stack[1:] if o.part is not None)
    return InputLimitError(where, problem.message, problem.code, problem.params)


def _too_many_values() -> InputLimitError:
    many = f"more than {MAX_VALUES:,} values once YAML aliases are expanded"
    return InputLimitError("", many, "too_many_values", {"count": MAX_VALUES})


@cache
def _guarded_loader() -> type[Any]:
    """A SafeLoader that stops at MAX_DEPTH while composing (before Python's stack runs out) and leaves long
    integer literals unconverted (the walk reports them with their path). Built on first use: only YAML pays."""
    import yaml

    class GuardedLoader(yaml.SafeLoader):
        source = "<input>"
        depth = 0
        nodes = 0

        def compose_node(self, parent: yaml.Node | None, index: Any) -> yaml.Node | None:
            self.depth += 1
            if not self.check_event(yaml.AliasEvent):
                self.nodes += 1  # without libyaml, nothing has counted them yet (_count_events)
                if self.nodes > MAX_VALUES:
                    mark = self.peek_event().start_mark  # type: ignore[no-untyped-call]
                    many = _too_many_values()
                    raise InputLimitError(
                        f"{self.source}:{mark.line + 1}:{mark.column + 1}", many.message, many.code, many.params
                    )
            try:
                if self.depth > MAX_DEPTH + 1:  # +1: the scalars inside the deepest container
                    mark = self.peek_event().start_mark  # type: ignore[no-untyped-call]
                    deep = _too_deep()
                    raise InputLimitError(
                        f"{self.source}:{mark.line + 1}:{mark.column + 1}", deep.message, deep.code, deep.params
                    )
                return super().compose_node(parent, index)
            finally:
                self.depth -= 1

        def construct_bounded_int(self, node: yaml.ScalarNode) -> int | TooLongNumber:
            literal = str(node.value)
            return TooLongNumber(literal) if len(literal) > _INT_CHARS else self.construct_yaml_int(node)

    GuardedLoader.add_constructor("tag:yaml.org,2002:int", GuardedLoader.construct_bounded_int)
    return GuardedLoader


@cache
def _fast_loader() -> type[Any]:
    """libyaml composing (five times faster than PyYAML's own) with the guarded loader's constructors, for text that
    _count_events has read whole within the limits: then nothing is too deep for its recursion, and there is no
    error to word (malformed text goes to the guarded loader, whose messages the docs show)."""
    import yaml

    class FastLoader(yaml.CSafeLoader):
        source = "<input>"
        construct_bounded_int = _guarded_loader().construct_bounded_int

    FastLoader.add_constructor("tag:yaml.org,2002:int", FastLoader.construct_bounded_int)
    return FastLoader


# -- the walk over values ------------------------------------------------------------------------------------------
class _Problem(Exception):
    """Raised where the problem is; each container on the way out adds its key to `parts`."""

    def __init__(self, message: str, code: str, **params: object) -> None:
        super().__init__(message)
        self.message = message
        self.code = code
        self.params = params
        self.parts: list[int | str] = []


def check_values(data: Any) -> None:
    """Refuse values that break a limit: nesting, expanded size, text length, unpaired surrogates and control
    characters, integers out of range, and types that JSON cannot express (YAML dates, binary, sets)."""
    try:
        _Walk().root(data)
    except _Problem as exc:
        raise InputLimitError(format_path(reversed(exc.parts)), exc.message, exc.code, exc.params) from None


def format_path(parts: Any) -> str:
    """('permanents', 2, 'name') -> 'permanents[2].name'; long keys are clipped."""
    out = ""
    for part in parts:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            text = clip(str(part), SHOWN)
            out += f".{text}" if out else text
    return out


def text_problem(text: str) -> _Problem | None:
    """Why a string is not acceptable text, or None."""
    if len(text) > MAX_TEXT:
        return _Problem(
            f"text of {len(text):,} characters; the limit is {MAX_TEXT:,}",
            "text_too_long",
            length=len(text),
            limit=MAX_TEXT,
        )
    if text.isascii() and text.isprintable():
        return None
    bad = _UNPRINTABLE.search(text)
    if bad is None:
        return None
    char = bad.group()
    code, position = f"U+{ord(char):04X}", bad.start() + 1
    if "\ud800" <= char <= "\udfff":
        return _Problem(
            f"not valid Unicode text: an unpaired surrogate ({code}) at character {position}",
            "unpaired_surrogate",
            char=code,
            position=position,
        )
    return _Problem(
        f"a control character ({code}) at character {position}; names and ids are one line",
        "control_character",
        char=code,
        position=position,
    )


class _Walk:
    """One pass over the values. Hot (every batch record goes through it): scalars are checked inline, and only
    containers are memoised, which is what makes a YAML alias cost one lookup instead of a second walk."""

    def __init__(self) -> None:
        self.measured: dict[int, tuple[int, int]] = {}  # id of a container -> (values in it, levels below it)
        self.open: set[int] = set()  # containers being walked: meeting one again is a cycle

    def root(self, value: Any) -> None:
        if type(value) is dict or type(value) is list:
            self.container(value, 1)
        else:
            self.scalar(value)

    def container(self, value: dict[Any, Any] | list[Any], depth: int) -> tuple[int, int]:
        """(values in `value`, levels below it), aliases expanded; raises _Problem at the first broken limit."""
        key = id(value)
        if key in self.open:
            raise _Problem("refers to itself (a recursive YAML alias)", "recursive_alias")
        known = self.measured.get(key)
        if known is not None:  # a YAML alias: the same values again, counted again but not walked again
            if depth + known[1] > MAX_DEPTH:
                raise _Problem(_too_deep().message, "too_deep", depth=MAX_DEPTH)
            return known
        if depth > MAX_DEPTH:
            raise _Problem(_too_deep().message, "too_deep", depth=MAX_DEPTH)
        self.open.add(key)
        count, below = 1, 0
        mapping = type(value) is dict
        pairs = value.items() if isinstance(value, dict) else enumerate(value)
        for part, item in pairs:
            try:
                if mapping:
                    if type(part) is not str or len(part) > MAX_TEXT or not part.isprintable():
                        self.scalar(part)
                    count += 1
                kind = type(item)
                if kind is str:
                    if len(item) > MAX_TEXT or not item.isprintable():
                        self.scalar(item)
                elif kind is int:
                    if item > MAX_INT or item < MIN_INT:
                        self.scalar(item)
                elif kind is dict or kind is list:
                    inner, levels = self.container(item, depth + 1)
                    count += inner - 1
                    below = max(below, levels + 1)
                elif not (kind is bool or kind is float or item is None):
                    self.scalar(item)
            except _Problem as exc:
                exc.parts.append(part)
                raise
            count += 1
            if count > MAX_VALUES:
                raise _Problem(
                    f"more than {MAX_VALUES:,} values once YAML aliases are expanded",
                    "too_many_values",
                    count=MAX_VALUES,
                )
        self.open.discard(key)
        self.measured[key] = (count, below)
        return count, below

    @staticmethod
    def scalar(value: Any) -> None:
        """The slow check of one value that is not a container; raises _Problem if it breaks a limit."""
        if isinstance(value, TooLongNumber):
            raise _Problem(
                f"an integer of {value.digits:,} digits; integers lie between {MIN_INT:,} and {MAX_INT:,}",
                "integer_too_long",
                digits=value.digits,
                min=MIN_INT,
                max=MAX_INT,
            )
        if isinstance(value, str):
            problem = text_problem(value)
            if problem is not None:
                raise problem
        elif isinstance(value, bool) or value is None or isinstance(value, float):
            return
        elif isinstance(value, int):
            if not MIN_INT <= value <= MAX_INT:
                shown = clip(str(value), 20)
                raise _Problem(
                    f"the integer {shown} is out of range ({MIN_INT:,} to {MAX_INT:,})",
                    "integer_out_of_range",
                    value=shown,
                    min=MIN_INT,
                    max=MAX_INT,
                )
        elif isinstance(value, (dict, list)):
            raise _Problem("a mapping or a list cannot be a mapping key", "key_not_text")
        else:
            kind = type(value).__name__
            raise _Problem(
                f"a YAML {kind} is not a value this format uses; quote it to make it text", "yaml_type", kind=kind
            )
