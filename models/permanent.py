"""A player and a permanent of a snapshot: the objects that declarations, effects and events refer to by id."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Any, TypeVar

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, field_validator, model_validator

from .abilities import Ability, Keyword
from .cached import cached
from .changes import (
    apply_changes,
    check_card_name,
    check_effect_word,
    check_lost_name,
    fill_from_card,
    lost_keys,
)
from .characteristics import CardType, CardTypeName, ColorName, Subtype, SupertypeName
from .conditions import Conditional
from .schema_shorthands import one_or_many, or_number
from .statics import Static, Unapplied

T = TypeVar("T")
# Rules ask these for every permanent of every board; reading a member off the enum class costs about 0.5 us on
# Python 3.11, a module constant almost nothing.
_CREATURE, _BATTLE, _PLANESWALKER = CardType.CREATURE, CardType.BATTLE, CardType.PLANESWALKER


class Player(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    id: str = Field(min_length=1)
    team: str | None = Field(
        None, description="players with the same team are teammates (Two-Headed Giant)", json_schema_extra=or_number
    )
    life: int | None = Field(
        None, description="life total; read by triggers that compare it (dethrone) and by combat damage (120.3a)"
    )
    poison: int = Field(0, ge=0, description="poison counters (120.3b, 704.5c)")

    @field_validator("team", mode="before")
    @classmethod
    def _team_as_text(cls, value: Any) -> Any:
        return str(value) if isinstance(value, int) else value


class Permanent(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, ignored_types=(cached,))

    id: str = Field(min_length=1, description="unique; declarations and effects refer to ids")
    name: str | None = Field(None, description="card name, shown in explanations")
    controller: str
    types: tuple[CardTypeName, ...] = Field((CardType.CREATURE,), json_schema_extra=one_or_many)
    subtypes: tuple[Subtype, ...] = Field((), json_schema_extra=one_or_many)
    supertypes: tuple[SupertypeName, ...] = Field((), json_schema_extra=one_or_many)
    colors: tuple[ColorName, ...] = Field((), json_schema_extra=one_or_many)
    power: int | None = None
    toughness: int | None = None
    loyalty: int | None = None
    mana_value: int | None = Field(
        None, ge=0, description="mana value (202.3); needed where a filter reads it (protection from mana value)"
    )
    defense: int | None = Field(None, description="a battle's defense: the defense counters on it (310.4c)")
    damage: int = Field(0, ge=0, description="damage marked on it (120.6): counted for lethal damage (510.1c-d)")
    tapped: bool = False
    entered_this_turn: bool = Field(False, description="not continuously controlled since the turn began (302.6)")
    phased_out: bool = False
    abilities: tuple[Ability, ...] = ()
    subject_to: tuple[Annotated[Ability, AfterValidator(check_effect_word)], ...] = Field(
        (),
        description="what effects of other objects say this creature does or can't do, which are not its abilities "
        "(113.12, 701.38b): goad, provoke's 'blocks it if able', a spell's 'can't block this turn' or 'attacks this "
        "turn if able', Pacifism, Lure; the rules read them as they read abilities, and losing abilities (`loses`, "
        "Humility) never removes them",
    )
    attacking: str | None = Field(None, description="the player, planeswalker or battle this creature attacks")
    protector: str | None = Field(None, description="for a battle: the player who protects it (310.8)")
    attached_to: str | None = Field(
        None, description="for an Aura, Equipment or Fortification: the id of the permanent it is attached to"
    )
    enchant: tuple[CardTypeName, ...] = Field(
        (), description="an Aura's enchant ability (702.5a): the card types of what it can be attached to"
    )
    grants_attached: tuple[Ability, ...] = Field(
        (),
        description="abilities this Aura, Equipment or Fortification gives the permanent it is attached to; "
        "`goaded_by: you` is goaded by this permanent's controller (Bloodthirsty Blade)",
    )
    statics: tuple[Static, ...] = Field(
        (), description="static abilities of this permanent that affect other objects, applied as effects"
    )
    conditional: tuple[Conditional, ...] = Field(
        (), description="abilities it has while a condition holds ('as long as you control a Knight, ~ has ...')"
    )
    counters: dict[str, int] | None = Field(
        None, description="counters on it by kind ('+1/+1': 2, level: 3); unstated: a condition on them is needed"
    )
    monstrous: bool | None = Field(None, description="it is monstrous (702.94a); unstated if left out")
    kicked: bool | None = Field(None, description="it was kicked (702.33d); unstated if left out")
    paired: bool | None = Field(None, description="it is paired (702.95); unstated if left out")
    unapplied: tuple[Unapplied, ...] = Field(
        (), description="the card's combat text that is neither read nor applied; reported with every verdict"
    )
    card: str | None = Field(
        None,
        description="a card name: name, types, subtypes, supertypes, colors, power, toughness, loyalty and the "
        "card's own abilities come from the card database; fields written here override the card's",
    )
    gains: tuple[Ability, ...] = Field(
        (), description="abilities added to the others (the card's or `abilities`); applied on reading, then empty"
    )
    loses: tuple[str, ...] = Field(
        (),
        description="ability names removed before `gains` are added ('all': every ability); applied on reading, "
        "then empty",
        json_schema_extra=one_or_many,
    )
    lost: tuple[str, ...] = Field(
        (),
        description="filled from `loses` on reading: the ability names it lost ('all'); the keyword and triggered "
        "abilities that `grant` effects give it are lost too (models.changes.keeps_granted)",
        json_schema_extra=one_or_many,
    )

    @field_validator("types", "subtypes", "supertypes", "colors", mode="before")
    @classmethod
    def _one_or_many(cls, value: Any) -> Any:
        return [value] if isinstance(value, str) else value

    @model_validator(mode="before")
    @classmethod
    def _fill_from_card(cls, data: Any) -> Any:
        if isinstance(data, dict) and isinstance(data.get("card"), str):
            return fill_from_card(data)
        return data

    @field_validator("card")
    @classmethod
    def _known_card(cls, value: str | None) -> str | None:
        return check_card_name(value) if value is not None else None

    @field_validator("loses", "lost", mode="before")
    @classmethod
    def _lost_names(cls, value: Any) -> Any:
        items = [value] if isinstance(value, str) else value
        return [check_lost_name(v) if isinstance(v, str) else v for v in items] if isinstance(items, list) else value

    @model_validator(mode="after")
    def _apply_gains_and_losses(self) -> Permanent:
        if not self.gains and not self.loses:
            return self
        changed = apply_changes(self.abilities, self.gains, self.loses)
        lost = tuple(dict.fromkeys((*self.lost, *lost_keys(self.loses))))
        return self.model_copy(update={"abilities": changed, "gains": (), "loses": (), "lost": lost})

    @property
    def label(self) -> str:
        """How explanations name this permanent: its card name and id."""
        return f"{self.name} ({self.id})" if self.name and self.name != self.id else self.id

    @property
    def is_creature(self) -> bool:
        return _CREATURE in self.types

    @property
    def is_battle(self) -> bool:
        return _BATTLE in self.types

    @property
    def is_planeswalker(self) -> bool:
        return _PLANESWALKER in self.types

    @cached
    def _keywords(self) -> frozenset[str]:
        # Rules ask this for every (blocker, attacker) pair; the model is frozen, so compute it once.
        return frozenset(a._value_ for a in self.abilities if isinstance(a, Keyword))  # ._value_: plain str, fast

    @cached
    def _by_kind(self) -> dict[type[Any], list[Any]]:
        kinds: dict[type[Any], list[Any]] = {}
        for a in self.abilities:
            if not isinstance(a, Keyword):
                kinds.setdefault(type(a), []).append(a)
        return kinds

    def has_keyword(self, name: str | Keyword) -> bool:
        return name in self._keywords

    def model_copy(self, *, update: Mapping[str, Any] | None = None, deep: bool = False) -> Permanent:
        """A copy whose cached ability lookups are recomputed (an update may change the abilities)."""
        copied = super().model_copy(update=update, deep=deep)
        for name in ("_keywords", "_by_kind"):
            copied.__dict__.pop(name, None)
        return copied

    def abilities_of(self, cls: type[T]) -> list[T]:
        return self._by_kind.get(cls, [])
