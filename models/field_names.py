"""The field names a model accepts at a place of the input: what "did you mean ...?" offers for a field that the
format doesn't have (`attacks:` at the top level, `abilites:` on a permanent)."""

from __future__ import annotations

import difflib
from collections.abc import Sequence
from typing import Annotated, Any, get_args, get_origin

from pydantic import BaseModel


def _models_in(annotation: Any) -> list[type[BaseModel]]:
    """The models a field's annotation may hold (in a list, a mapping's values, an optional, a union)."""
    value = getattr(annotation, "__value__", None)  # a `type X = ...` alias
    if value is not None:
        return _models_in(value)
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return [annotation]
    if get_origin(annotation) is Annotated:
        return _models_in(get_args(annotation)[0])
    found: list[type[BaseModel]] = []
    for arg in get_args(annotation):
        found += _models_in(arg)
    return found


def _names(model: type[BaseModel]) -> list[str]:
    return [field.alias or name for name, field in model.model_fields.items()]


def _models_at(root: type[BaseModel], loc: Sequence[int | str]) -> list[type[BaseModel]]:
    """The models that can stand at `loc` (pydantic's error location of a mapping), best effort: a part of the
    location that names no field (a union's tag, a mapping's key) leaves the models as they are."""
    candidates = [root]
    for part in loc:
        if isinstance(part, int):
            continue
        inner: list[type[BaseModel]] = []
        for model in candidates:
            for name, field in model.model_fields.items():
                if part in (name, field.alias):
                    inner += _models_in(field.annotation)
        if inner:
            candidates = list(dict.fromkeys(inner))
    return candidates


def field_names_at(root: type[BaseModel], loc: Sequence[int | str]) -> list[str]:
    """The fields of the models that can stand at `loc`."""
    return sorted({name for model in _models_at(root, loc) for name in _names(model)})


def close_field_names(root: type[BaseModel], loc: Sequence[int | str]) -> tuple[str, ...]:
    """Where the last part of `loc`, a field the model at `loc[:-1]` doesn't have, may belong: a field of one of
    its fields' models of that very name (`attacks` at the top level: `declaration.attacks`), else the closest
    names of its own fields."""
    if not loc or not isinstance(loc[-1], str):
        return ()
    key = loc[-1]
    below = [
        f"{field.alias or name}.{key}"
        for model in _models_at(root, loc[:-1])
        for name, field in model.model_fields.items()
        if any(key in _names(inner) for inner in _models_in(field.annotation))
    ]
    if below:
        return tuple(dict.fromkeys(below))[:3]
    return tuple(difflib.get_close_matches(key, field_names_at(root, loc[:-1]), n=3))
