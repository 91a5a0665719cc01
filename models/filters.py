"""A filter that matches creatures by their characteristics ("creatures with flying", "artifact creatures")."""

from __future__ import annotations

import difflib
from typing import Protocol

from pydantic import BaseModel, ConfigDict, Field, field_validator

from .characteristics import CardTypeName, ColorName, Subtype, SupertypeName
from .keywords import Keyword
from .schema_words import WordedValueError


class Filterable(Protocol):
    """What a filter reads of a permanent. `snapshot.Permanent` has it all; a protocol, because the snapshot's
    models build on this module and so can't be imported here."""

    @property
    def name(self) -> str | None: ...
    @property
    def controller(self) -> str: ...
    @property
    def types(self) -> tuple[str, ...]: ...
    @property
    def subtypes(self) -> tuple[str, ...]: ...
    @property
    def supertypes(self) -> tuple[str, ...]: ...
    @property
    def colors(self) -> tuple[str, ...]: ...
    @property
    def power(self) -> int | None: ...
    @property
    def toughness(self) -> int | None: ...
    @property
    def tapped(self) -> bool: ...
    @property
    def mana_value(self) -> int | None: ...
    def has_keyword(self, name: str) -> bool: ...


class CreatureFilter(BaseModel):
    """Every field that is given must hold (AND); a list field holds when the creature has any listed item (OR).

    `this` fields compare with the creature that carries the ability (skulk-like texts: "creatures with greater
    power than this creature").
    """

    model_config = ConfigDict(extra="forbid", frozen=True)

    names: tuple[str, ...] | None = Field(None, description="has one of these names (case-insensitive)")
    colors: tuple[ColorName, ...] | None = Field(None, description="has at least one of these colors")
    colorless: bool | None = Field(None, description="true: has no color; false: has at least one")
    multicolored: bool | None = Field(None, description="true: has two or more colors")
    types: tuple[CardTypeName, ...] | None = Field(None, description="has at least one of these card types")
    subtypes: tuple[Subtype, ...] | None = Field(None, description="has at least one of these subtypes")
    supertypes: tuple[SupertypeName, ...] | None = Field(None, description="has at least one of these supertypes")
    abilities: tuple[str, ...] | None = Field(
        None, description="has at least one of these keyword abilities (plain names, e.g. flying)"
    )
    power_at_most: int | None = None
    power_at_least: int | None = None
    toughness_at_most: int | None = None
    toughness_at_least: int | None = None
    mana_value_at_most: int | None = Field(None, description="mana value (202.3) N or less")
    mana_value_at_least: int | None = Field(None, description="mana value (202.3) N or greater")
    power_greater_than_this: bool | None = Field(
        None, description="power greater than the power of the creature with this ability"
    )
    power_less_than_this: bool | None = Field(
        None, description="power less than the power of the creature with this ability"
    )
    controller: str | None = Field(None, description="controlled by this player id")
    tapped: bool | None = Field(None, description="true: tapped; false: untapped")
    not_: CreatureFilter | None = Field(None, alias="not", description="the creature must not match this filter")
    any_of: tuple[CreatureFilter, ...] | None = Field(None, description="matches at least one of these filters")

    @field_validator("abilities")
    @classmethod
    def _known_keywords(cls, value: tuple[str, ...] | None) -> tuple[str, ...] | None:
        """A misspelt keyword would silently match nothing, so names must be keywords of the vocabulary."""
        if value is None:
            return None
        known = [k.value for k in Keyword]
        out = []
        for name in value:
            word = name.strip().lower().replace(" ", "_").replace("-", "_")
            if word not in known:
                close = difflib.get_close_matches(word, known, n=3)
                hint = f"did you mean {' or '.join(close)}?" if close else "use a keyword such as flying or reach"
                code = "unknown_keyword_close" if close else "unknown_keyword"
                message = f"unknown keyword '{name}'; {hint}"
                raise WordedValueError(code, message, name=name, close=tuple(close), examples=("flying", "reach"))
            out.append(word)
        return tuple(out)

    def matches(self, creature: Filterable, this: Filterable | None = None) -> bool:
        """Whether `creature` matches; `this` is the permanent whose ability holds the filter."""
        checks: list[bool] = []
        if self.names is not None:
            name = (creature.name or "").casefold()
            checks.append(any(n.casefold() == name for n in self.names))
        if self.colors is not None:
            checks.append(any(c in creature.colors for c in self.colors))
        if self.colorless is not None:
            checks.append((len(creature.colors) == 0) == self.colorless)
        if self.multicolored is not None:
            checks.append((len(set(creature.colors)) >= 2) == self.multicolored)
        if self.types is not None:
            checks.append(any(t in creature.types for t in self.types))
        if self.subtypes is not None:
            checks.append(any(s in creature.subtypes for s in self.subtypes))
        if self.supertypes is not None:
            checks.append(any(s in creature.supertypes for s in self.supertypes))
        if self.abilities is not None:
            checks.append(any(creature.has_keyword(a) for a in self.abilities))
        power = creature.power if creature.power is not None else 0
        toughness = creature.toughness if creature.toughness is not None else 0
        if self.power_at_most is not None:
            checks.append(power <= self.power_at_most)
        if self.power_at_least is not None:
            checks.append(power >= self.power_at_least)
        if self.toughness_at_most is not None:
            checks.append(toughness <= self.toughness_at_most)
        if self.toughness_at_least is not None:
            checks.append(toughness >= self.toughness_at_least)
        if self.mana_value_at_most is not None or self.mana_value_at_least is not None:
            # A land's mana value is 0 (it has no mana cost, 202.3a); any other permanent a board checks this way
            # states its own (models/validation.py refuses the board otherwise).
            mana_value = creature.mana_value or 0
            if self.mana_value_at_most is not None:
                checks.append(mana_value <= self.mana_value_at_most)
            if self.mana_value_at_least is not None:
                checks.append(mana_value >= self.mana_value_at_least)
        if self.power_greater_than_this is not None:
            this_power = (this.power or 0) if this is not None else 0
            checks.append((power > this_power) == self.power_greater_than_this)
        if self.power_less_than_this is not None:
            this_power = (this.power or 0) if this is not None else 0
            checks.append((power < this_power) == self.power_less_than_this)
        if self.controller is not None:
            checks.append(creature.controller == self.controller)
        if self.tapped is not None:
            checks.append(creature.tapped == self.tapped)
        if self.not_ is not None:
            checks.append(not self.not_.matches(creature, this))
        if self.any_of is not None:
            checks.append(any(f.matches(creature, this) for f in self.any_of))
        return all(checks)
