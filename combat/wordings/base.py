"""What a trigger wording rule is: one small unit that knows its CR number, the ability words it reads, its messages
in English, French and Spanish, and how many times an ability triggers at a point of the combat."""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import Any, ClassVar

from pydantic import BaseModel

from ...models import Permanent
from ...models.abilities import Keyword
from ...models.filters import CreatureFilter
from ...solver.rules.base import Message
from ...solver.text.filters import describe_filter
from ..trigger_points import TriggerPoint


@dataclass(frozen=True)
class Hit:
    """One time an ability triggers: the creature (or player) the event is about, and the other creature of a
    per-pair event (the blocker of "becomes blocked by a creature"). `condition` names what the snapshot can't tell
    (a message code of the wording), when the trigger depends on it."""

    about: str
    by: str | None = None
    condition: str | None = None
    event: str = "event"  # the message code that tells what happened


class Wording(ABC):
    """One catalog entry of triggers. Subclasses set the class attributes and implement `hits`.

    A wording reads either a keyword (`keyword`) or a parameterized ability (`model`): each instance of it on a
    permanent is a separate ability that triggers separately (603.2c, and e.g. 702.23c for rampage).
    """

    key: ClassVar[str]
    cr: ClassVar[str]
    summary: ClassVar[str]
    keyword: ClassVar[Keyword | None] = None
    model: ClassVar[type[BaseModel] | None] = None
    # "name": the ability as messages name it ({n}: its number); "event": what happened ({about}, {by});
    # "resolution" (optional): what is counted only when the ability resolves; other codes: conditions.
    messages: ClassVar[dict[str, Message]]

    def abilities(self, permanent: Permanent) -> list[Any]:
        """The instances of this wording's ability on `permanent`."""
        if self.keyword is not None:
            return [a for a in permanent.abilities if a == self.keyword]
        assert self.model is not None
        return list(permanent.abilities_of(self.model))

    def name_values(self, ability: Any, lang: str) -> dict[str, str]:
        """The values the "name" message needs: {n} for a keyword with a number (rampage 2)."""
        return {}

    def name(self, ability: Any, lang: str) -> str:
        """The ability as a message names it, in `lang`, with the creatures its filter matches
        ("… becomes blocked by a creature" (white creatures))."""
        return self.messages["name"].text(lang).format(**self.name_values(ability, lang)) + filtered(ability, lang)

    @abstractmethod
    def hits(self, point: TriggerPoint, source: Permanent, ability: Any) -> list[Hit]:
        """Each time `source`'s `ability` triggers at `point` (empty: it doesn't)."""


class SelfWording(Wording):
    """A wording about the permanent that has it ("whenever this creature ..."): only a creature can do it."""

    def hits(self, point: TriggerPoint, source: Permanent, ability: Any) -> list[Hit]:
        if not source.is_creature:
            return []
        return self.self_hits(point, source, ability)

    @abstractmethod
    def self_hits(self, point: TriggerPoint, source: Permanent, ability: Any) -> list[Hit]: ...


def creature_filter(ability: Any) -> CreatureFilter | None:
    """The filter of a parameterized trigger: the value itself, or its `creatures` (counts, watchers)."""
    value = getattr(ability, next(iter(type(ability).model_fields)), None) if isinstance(ability, BaseModel) else None
    if isinstance(value, CreatureFilter):
        return value
    found = getattr(value, "creatures", None)
    return found if isinstance(found, CreatureFilter) else None


def filtered(ability: Any, lang: str) -> str:
    """' (white creatures)': the creatures a trigger's filter matches, in `lang`, or nothing."""
    flt = creature_filter(ability)
    return f" ({describe_filter(flt, lang, str):pl})" if flt is not None else ""


CATALOG: list[Wording] = []


def register(cls: type[Wording]) -> type[Wording]:
    """Add a wording to the trigger catalog; the key must be unique."""
    if any(w.key == cls.key for w in CATALOG):
        raise ValueError(f"duplicate trigger wording key {cls.key}")
    CATALOG.append(cls())
    return cls
