"""`cached`: functools.cached_property without its lock, for what every check computes once per object (the
solver's Board and Context, a permanent's keywords).

Why: on Python 3.11 `cached_property` takes a lock shared by every instance of the class on each first read; a
first read cost about 3.6 us against 0.9 us here, and a check computes a dozen of them and more for each new
permanent (docs/performance.md, "The hot path, second step"). No lock is needed: the value is computed from a frozen
object (a second thread computing it too would store an equal value). A pydantic model that uses it lists it in
`ignored_types` (its metaclass would otherwise take a descriptor whose name starts with `_` for a private attribute).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Generic, TypeVar, overload

S = TypeVar("S")
T = TypeVar("T")


class cached(Generic[S, T]):
    """A method computed on its first read and kept in the instance's `__dict__` (a non-data descriptor: later reads
    find the value there and never call this)."""

    def __init__(self, func: Callable[[S], T]) -> None:
        self.func = func
        self.name = func.__name__
        self.__doc__ = func.__doc__

    def __set_name__(self, owner: type[Any], name: str) -> None:
        self.name = name

    @overload
    def __get__(self, instance: None, owner: type[Any] | None = None) -> cached[S, T]: ...

    @overload
    def __get__(self, instance: S, owner: type[Any] | None = None) -> T: ...

    def __get__(self, instance: S | None, owner: type[Any] | None = None) -> T | cached[S, T]:
        if instance is None:
            return self
        value = instance.__dict__[self.name] = self.func(instance)
        return value
