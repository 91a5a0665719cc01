"""The snapshot's shorthands in its JSON Schema, so that the schema (`combatcheck schema`, docs/snapshot.schema.json,
the desk's request bodies) accepts what the loader accepts: `players: [ana, ben]`, `colors: G`, `blocks: {bear:
brute}`, a step written as a word, a timing written as text. Each function is a pydantic `json_schema_extra`: it
widens, in place, the schema pydantic made of a field (or of a model) by the shorthand its `mode="before"`
validator reads; tests/test_snapshot_schema.py checks every example against the schema.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

JsonSchema = dict[str, Any]
_ABOUT = ("title", "description", "default", "examples")  # what stays on the field when its type becomes anyOf


def _either(schema: JsonSchema, *alternatives: JsonSchema) -> None:
    """`schema` becomes anyOf [itself, alternatives...], keeping its title, description and default on top."""
    own = {k: v for k, v in schema.items() if k not in _ABOUT}
    kinds = own.pop("anyOf", None) or [own]
    about = {k: v for k, v in schema.items() if k in _ABOUT}
    schema.clear()
    schema.update(about, anyOf=[*kinds, *alternatives])


def _array(schema: JsonSchema) -> JsonSchema:
    """The array in a field's schema (itself, or one member of its anyOf: an optional list)."""
    if schema.get("type") == "array":
        return schema
    return next(s for s in schema.get("anyOf", ()) if s.get("type") == "array")


def one_or_many(schema: JsonSchema) -> None:
    """A list that also takes one item alone: `colors: G` for `colors: [G]`."""
    _either(schema, dict(_array(schema)["items"]))


def ids_or_items(schema: JsonSchema) -> None:
    """A list of players that also takes each as its id alone: `players: [ana, ben]`."""
    array = _array(schema)
    array["items"] = {"anyOf": [array["items"], {"type": "string", "minLength": 1, "description": "the player's id"}]}


def one_or_many_values(schema: JsonSchema) -> None:
    """A mapping to lists that also takes one value alone: `blocks: {bear: brute}` for `{bear: [brute]}`; nothing
    (`blocks:`) is no pair."""
    values = schema["additionalProperties"]
    schema["additionalProperties"] = {"anyOf": [values, dict(values["items"])]}
    _either(schema, {"type": "null"})


def or_text(description: str) -> Callable[[JsonSchema], None]:
    """A model that can also be written as text (a timing: `before the combat damage step`)."""

    def widen(schema: JsonSchema) -> None:
        _either(schema, {"type": "string", "description": description})

    return widen


def or_words(words: tuple[str, ...]) -> Callable[[JsonSchema], None]:
    """A list whose items can also be one of `words` (an event that is a step: `end_of_combat`)."""

    def widen(schema: JsonSchema) -> None:
        array = _array(schema)
        array["items"] = {"anyOf": [array["items"], {"type": "string", "enum": list(words)}]}

    return widen


def or_number(schema: JsonSchema) -> None:
    """Text that can also be written as a number (a team: `team: 1`)."""
    _either(schema, {"type": "integer"})


def describe_property(name: str, description: str) -> Callable[[JsonSchema], None]:
    """A model's `json_schema_extra` describing its field `name`, for a field of a model type: a description on
    the field itself would be written by pydantic 2.14 into that model's shared core schema whenever FastAPI makes
    a TypeAdapter of the field, and then show on every other use of the model (tests/test_desk_api_v1.py)."""

    def describe(schema: JsonSchema) -> None:
        schema["properties"][name]["description"] = description

    return describe
