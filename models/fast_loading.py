"""The fast loader: a batch record's JSON text straight to the same `Snapshot` the pydantic path builds, or None.

Why: validating a record through the models calls a Python validator for each normalised field (types, colours,
abilities), about ten per permanent, and the record's text is parsed into dicts first. Here msgspec decodes the text
into Structs in one pass (C), and the models are built without running their validators again, from values that
pydantic itself validated once and that are cached by their text (a game's lands, creatures and abilities repeat
from record to record).

One source of truth, the models: the Structs are generated at import from the models' own fields
(`model_fields`: the same names, defaults and constraints), and every value that a model normalises goes through
that model's own validator (a `TypeAdapter` of the field's annotation), once per distinct value. The loader takes
only the common shape of the format (`FAST_PERMANENT_FIELDS`, `FAST_SNAPSHOT_FIELDS`: ids and names, card types,
colours, power and toughness, abilities, effects, a declaration); anything else (named cards `card:`, `gains`,
events, player objects, YAML, text that is not plain ASCII JSON within the input limits, any value a model refuses
or a reference problem) gives None, and the caller takes the pydantic path, whose errors, field paths and verdicts
are the reference. tests/test_fast_loading.py checks that both give equal models, of equal types, on every example
and on the fuzz corpus, and that the batch results are the same.
"""

from __future__ import annotations

import types
import typing
from collections.abc import Callable, Hashable
from typing import Any

import annotated_types
import msgspec
import orjson
from pydantic import BaseModel, TypeAdapter, ValidationError

from ..limits import MAX_INPUT_BYTES, long_integer, plain_json
from .abilities import Ability
from .declaration import Declaration
from .effects import Effect
from .permanent import Permanent
from .snapshot import Snapshot
from .validation import reference_problems

# The record's own fields: batch/record.py reads them from the decoded values, as from orjson's.
RECORD_FIELDS = ("id", "source", "expected", "fidelity")

# The fields the loader reads. Those of NORMALISED go through the model's validator of the field (cached by value);
# the others are plain values (str, int, bool, None, literals) that the model keeps as given, with the model's
# constraints (`ge`, `min_length`) as msgspec's. Any other field sends the record to the pydantic path.
FAST_PERMANENT_FIELDS = (
    "id",
    "name",
    "controller",
    "types",
    "subtypes",
    "supertypes",
    "colors",
    "power",
    "toughness",
    "loyalty",
    "mana_value",
    "defense",
    "damage",
    "tapped",
    "entered_this_turn",
    "phased_out",
    "abilities",
    "attacking",
    "protector",
    "attached_to",
)
FAST_SNAPSHOT_FIELDS = (
    "format_version",
    "step",
    "active_player",
    "players",
    "shared_team_turns",
    "attack_option",
    "defending_player",
    "range_of_influence",
    "bands",
    "permanents",
    "effects",
    "declaration",
    "rules",
)
# Normalised fields as msgspec reads them, before the model's validator: lists of strings (types: ["land"]; the
# one-string shorthand takes the pydantic path) and, for abilities, names or one-key mappings.
NORMALISED: dict[str, Any] = {
    "types": tuple[str, ...],
    "subtypes": tuple[str, ...],
    "supertypes": tuple[str, ...],
    "colors": tuple[str, ...],
    "abilities": tuple[str | dict[str, Any], ...],
}
# The models' own validators (field and model level) that the loader does not run: each is the identity on what
# the loader accepts (a list stays a list; no `card`, `gains` or `loses`; players as ids). tests/test_fast_loading.py
# compares this with the models, so that a new validator is looked at here first.
IDENTITY_VALIDATORS = {
    "Permanent": {"_one_or_many", "_fill_from_card", "_known_card", "_lost_names", "_apply_gains_and_losses"},
    "Snapshot": {"_players_from_ids"},
    "Declaration": {"_one_or_many"},
}
_PLAIN_TYPES = (str, int, bool, type(None))
_CACHE_SIZE = 4096


class _Refused(Exception):
    """A value the fast path does not take: the caller uses the pydantic path."""


def _constrained(annotation: Any, field: Any) -> Any:
    """The annotation with the field's constraints (pydantic's `Field(ge=0)`, `min_length=1`) as msgspec's, on the
    type that is not None; TypeError for a constraint it does not know."""
    kwargs: dict[str, Any] = {}
    for item in field.metadata:
        if isinstance(item, annotated_types.Ge):
            kwargs["ge"] = item.ge
        elif isinstance(item, annotated_types.MinLen):
            kwargs["min_length"] = item.min_length
        else:
            raise TypeError(f"the fast loader does not know the constraint {item!r}")
    if not kwargs:
        return annotation
    args = typing.get_args(annotation)
    if typing.get_origin(annotation) in (typing.Union, types.UnionType) and type(None) in args:
        (inner,) = (a for a in args if a is not type(None))
        return typing.Annotated[inner, msgspec.Meta(**kwargs)] | None
    return typing.Annotated[annotation, msgspec.Meta(**kwargs)]


def _plain_annotation(annotation: Any) -> bool:
    """Whether msgspec reads values of this annotation exactly as the model keeps them: str, int, bool, None,
    literals, and unions and tuples of those."""
    origin = typing.get_origin(annotation)
    if origin is typing.Literal:
        return True
    if origin in (typing.Union, types.UnionType):
        return all(_plain_annotation(a) for a in typing.get_args(annotation))
    if origin is tuple:
        args = typing.get_args(annotation)
        return len(args) == 2 and args[1] is Ellipsis and _plain_annotation(args[0])
    return annotation in _PLAIN_TYPES


def fast_fields(model: type[BaseModel], names: tuple[str, ...], special: dict[str, Any]) -> list[tuple[str, Any]]:
    """The msgspec type of each of the model's fields `names`: `special`'s, or the model's own plain annotation
    with its constraints; TypeError for a field that is neither (the loader can't read it as the model does)."""
    out: list[tuple[str, Any]] = []
    for name in names:
        field = model.model_fields[name]
        if name in special:
            out.append((name, special[name]))
        elif _plain_annotation(field.annotation):
            out.append((name, _constrained(field.annotation, field)))
        else:
            raise TypeError(f"{model.__name__}.{name}: not a plain field, and no reader for it")
    return out


def _struct(name: str, fields: list[tuple[str, Any]]) -> type[msgspec.Struct]:
    """A Struct of these fields, each unset unless given; unknown fields are refused (the pydantic path reads
    them)."""
    with_unset = [(field, kind | msgspec.UnsetType, msgspec.UNSET) for field, kind in fields]
    return msgspec.defstruct(name, with_unset, forbid_unknown_fields=True)


def _adapter(model: type[BaseModel], name: str) -> TypeAdapter[Any]:
    """The model's own validation of one field: its annotation with its constraints."""
    field = model.model_fields[name]
    # Any: pydantic 2.14 types `annotation` as a special form or None, which TypeAdapter's signature refuses
    annotation: Any = typing.Annotated[field.annotation, *field.metadata] if field.metadata else field.annotation
    return TypeAdapter(annotation)


class _Builder:
    """Model instances as validation makes them, from values that need no validator: the fields in their order,
    defaults for the others, the given ones marked as set (`model_construct` without its loop over the fields)."""

    def __init__(self, model: type[BaseModel]) -> None:
        self.model = model
        self.required = frozenset(n for n, f in model.model_fields.items() if f.is_required())
        self.factories = {n: f.default_factory for n, f in model.model_fields.items() if f.default_factory}
        self.template = {
            n: None if f.is_required() or f.default_factory else f.default for n, f in model.model_fields.items()
        }

    def __call__(self, given: dict[str, Any]) -> Any:
        if not self.required <= given.keys():
            raise _Refused  # a required field is missing: the pydantic path words the error
        values = self.template.copy()
        for name, factory in self.factories.items():
            values[name] = factory()  # type: ignore[call-arg]
        values.update(given)
        instance = self.model.__new__(self.model)
        object.__setattr__(instance, "__dict__", values)
        object.__setattr__(instance, "__pydantic_fields_set__", set(given))
        object.__setattr__(instance, "__pydantic_extra__", None)
        object.__setattr__(instance, "__pydantic_private__", None)
        return instance


class _Cache:
    """Values validated by a model's own validator, by a hashable key (their text, or the tuple as read): `known`
    for the lookup, `validated` on a miss (_Refused if the model refuses the value). Bounded: emptied when full
    (records come game by game)."""

    def __init__(self, validate: Callable[[Any], Any]) -> None:
        self._validate = validate
        self.known: dict[Hashable, Any] = {}

    def validated(self, key: Hashable, value: Any) -> Any:
        try:
            valid = self._validate(value)
        except ValidationError:
            raise _Refused from None
        if len(self.known) >= _CACHE_SIZE:
            self.known.clear()
        self.known[key] = valid
        return valid


_FastPermanent = _struct("FastPermanent", fast_fields(Permanent, FAST_PERMANENT_FIELDS, NORMALISED))
_FastDeclaration = _struct(
    "FastDeclaration",
    [("blocks", dict[str, str | tuple[str, ...]]), ("attacks", dict[str, str]), ("bands", tuple[tuple[str, ...], ...])],
)
SNAPSHOT_SPECIAL: dict[str, Any] = {
    "players": tuple[str, ...],  # ids only; player objects ({id, team}) take the pydantic path
    "permanents": tuple[msgspec.Raw, ...],  # each read by its text, through the cache
    "effects": tuple[msgspec.Raw, ...],  # each validated by the Effect union, through the cache
    "declaration": _FastDeclaration | None,
}
_FastRecord = _struct(
    "FastRecord",
    [*((name, Any) for name in RECORD_FIELDS), *fast_fields(Snapshot, FAST_SNAPSHOT_FIELDS, SNAPSHOT_SPECIAL)],
)
_RECORD = msgspec.json.Decoder(_FastRecord)
_PERMANENT = msgspec.json.Decoder(_FastPermanent)

_BUILD_PERMANENT = _Builder(Permanent)
_BUILD_SNAPSHOT = _Builder(Snapshot)
_BUILD_DECLARATION = _Builder(Declaration)
_NORMALISERS = {name: _Cache(_adapter(Permanent, name).validate_python) for name in NORMALISED if name != "abilities"}
_ABILITIES = _Cache(TypeAdapter(Ability).validate_python)
_EFFECT = TypeAdapter(Effect)
_EFFECTS = _Cache(lambda raw: _EFFECT.validate_python(orjson.loads(raw)))
_PLAYERS_ADAPTER = _adapter(Snapshot, "players")
_PLAYERS = _Cache(lambda ids: _PLAYERS_ADAPTER.validate_python([{"id": p} for p in ids]))
_UNSET = msgspec.UNSET


def _ability(item: str | dict[str, Any]) -> Any:
    key = item if type(item) is str else orjson.dumps(item)
    known = _ABILITIES.known.get(key)
    return known if known is not None else _ABILITIES.validated(key, item)


def _normalised(cache: _Cache, value: Any) -> Any:
    known = cache.known.get(value)
    return known if known is not None else cache.validated(value, value)


def _permanent(raw: bytes) -> Permanent:
    # orjson's dict is the given fields in their order (what fields_set and the template need); msgspec checks it
    # against the Struct (the model's plain fields and constraints, nothing unknown) without building another.
    given = orjson.loads(raw)
    try:
        msgspec.convert(given, _FastPermanent)
    except msgspec.ValidationError:
        raise _Refused from None
    for name in _NORMALISERS.keys() & given.keys():
        given[name] = _normalised(_NORMALISERS[name], tuple(given[name]))
    if "abilities" in given:
        given["abilities"] = tuple([_ability(item) for item in given["abilities"]])
    permanent: Permanent = _BUILD_PERMANENT(given)
    return permanent


_PERMANENTS = _Cache(_permanent)


def _declaration(fast: Any) -> Declaration:
    given: dict[str, Any] = {}
    if fast.blocks is not _UNSET:  # Declaration._one_or_many: one attacker's id is a list of one
        given["blocks"] = {k: (v,) if type(v) is str else v for k, v in fast.blocks.items()}
    if fast.attacks is not _UNSET:
        given["attacks"] = fast.attacks
    if fast.bands is not _UNSET:
        given["bands"] = fast.bands
    declaration: Declaration = _BUILD_DECLARATION(given)
    return declaration


def _snapshot(record: Any) -> Snapshot:
    given: dict[str, Any] = {}
    for name in FAST_SNAPSHOT_FIELDS:
        value = getattr(record, name)
        if value is _UNSET:
            continue
        if name == "players":
            value = _normalised(_PLAYERS, value)
        elif name == "permanents":
            value = tuple([_normalised(_PERMANENTS, key) for key in map(bytes, value)])
        elif name == "effects":
            value = tuple([_normalised(_EFFECTS, key) for key in map(bytes, value)])
        elif name == "declaration" and value is not None:
            value = _declaration(value)
        given[name] = value
    snapshot: Snapshot = _BUILD_SNAPSHOT(given)
    return snapshot


def fast_record(text: str) -> tuple[dict[str, Any], Snapshot] | None:
    """A batch record's line (without its newline) to its own fields (those present, as JSON values) and its
    validated snapshot, with no reference problem; None if the pydantic path must read it."""
    # The input limits: the text must be what limits.parse_json surely finds within them without walking the values.
    if not text.isascii() or len(text) > MAX_INPUT_BYTES:
        return None
    encoded = text.encode("ascii")
    if long_integer(encoded) or not plain_json(text, encoded):
        return None
    try:
        record = _RECORD.decode(encoded)
        snapshot = _snapshot(record)
    except (msgspec.DecodeError, msgspec.ValidationError, orjson.JSONDecodeError, _Refused):
        return None  # orjson refuses a number beyond a double (1E400) in a permanent's or an effect's raw text
    if reference_problems(snapshot):
        return None
    own = {name: value for name in RECORD_FIELDS if (value := getattr(record, name)) is not _UNSET}
    return own, snapshot
