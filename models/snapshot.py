"""The combat snapshot: players, permanents, global effects and the proposed declaration."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cached_property
from typing import Any, Literal, TypeVar

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    SerializerFunctionWrapHandler,
    field_validator,
    model_serializer,
    model_validator,
)

from .abilities import Ability, Keyword
from .changes import apply_changes, check_card_name, check_lost_name, fill_from_card
from .characteristics import CardType, CardTypeName, ColorName, Subtype, SupertypeName
from .effects import Effect

T = TypeVar("T")


class Player(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    id: str = Field(min_length=1)
    team: str | None = Field(None, description="players with the same team are teammates (Two-Headed Giant)")

    @field_validator("team", mode="before")
    @classmethod
    def _team_as_text(cls, value: Any) -> Any:
        return str(value) if isinstance(value, int) else value


class Permanent(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str = Field(min_length=1, description="unique; declarations and effects refer to ids")
    name: str | None = Field(None, description="card name, shown in explanations")
    controller: str
    types: tuple[CardTypeName, ...] = (CardType.CREATURE,)
    subtypes: tuple[Subtype, ...] = ()
    supertypes: tuple[SupertypeName, ...] = ()
    colors: tuple[ColorName, ...] = ()
    power: int | None = None
    toughness: int | None = None
    loyalty: int | None = None
    tapped: bool = False
    entered_this_turn: bool = Field(False, description="not continuously controlled since the turn began (302.6)")
    phased_out: bool = False
    abilities: tuple[Ability, ...] = ()
    attacking: str | None = Field(None, description="the player, planeswalker or battle this creature attacks")
    protector: str | None = Field(None, description="for a battle: the player who protects it (310.8)")
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

    @field_validator("loses", mode="before")
    @classmethod
    def _lost_names(cls, value: Any) -> Any:
        items = [value] if isinstance(value, str) else value
        return [check_lost_name(v) if isinstance(v, str) else v for v in items] if isinstance(items, list) else value

    @model_validator(mode="after")
    def _apply_gains_and_losses(self) -> Permanent:
        if not self.gains and not self.loses:
            return self
        changed = apply_changes(self.abilities, self.gains, self.loses)
        return self.model_copy(update={"abilities": changed, "gains": (), "loses": ()})

    @property
    def label(self) -> str:
        """How explanations name this permanent: its card name and id."""
        return f"{self.name} ({self.id})" if self.name and self.name != self.id else self.id

    @property
    def is_creature(self) -> bool:
        return CardType.CREATURE in self.types

    @property
    def is_battle(self) -> bool:
        return CardType.BATTLE in self.types

    @property
    def is_planeswalker(self) -> bool:
        return CardType.PLANESWALKER in self.types

    @cached_property
    def _keywords(self) -> frozenset[str]:
        # Rules ask this for every (blocker, attacker) pair; the model is frozen, so compute it once.
        return frozenset(a.value for a in self.abilities if isinstance(a, Keyword))

    @cached_property
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
        for cached in ("_keywords", "_by_kind"):
            copied.__dict__.pop(cached, None)
        return copied

    def abilities_of(self, cls: type[T]) -> list[T]:
        return self._by_kind.get(cls, [])


class Declaration(BaseModel):
    """The proposed declaration: `blocks` (declare blockers) or `attacks` and `bands` (declare attackers)."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    blocks: dict[str, tuple[str, ...]] = Field(
        default_factory=dict, description="blocker -> the attacker it blocks (or a list, if it may block several)"
    )
    attacks: dict[str, str] = Field(
        default_factory=dict, description="attacking creature -> the player, planeswalker or battle it attacks"
    )
    bands: tuple[tuple[str, ...], ...] = Field((), description="attacking bands (702.22c): lists of creature ids")

    @field_validator("blocks", mode="before")
    @classmethod
    def _one_or_many(cls, value: Any) -> Any:
        if isinstance(value, dict):
            return {k: ([v] if isinstance(v, str) else v) for k, v in value.items()}
        if value is None:
            return {}
        return value

    def block_pairs(self) -> list[tuple[str, str]]:
        return [(blocker, attacker) for blocker, attackers in self.blocks.items() for attacker in attackers]

    def attack_pairs(self) -> list[tuple[str, str]]:
        return list(self.attacks.items())

    @model_serializer(mode="wrap")
    def _omit_empty(self, handler: SerializerFunctionWrapHandler) -> dict[str, Any]:
        """Write only what is declared, so a witness reads like a hand-written declaration."""
        data: dict[str, Any] = handler(self)
        return {k: v for k, v in data.items() if v}


Step = Literal["declare_blockers", "declare_attackers"]
AttackOption = Literal["multiple_players", "left", "right", "chosen"]


class Snapshot(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    format_version: Literal[1] = 1
    step: Step = "declare_blockers"
    active_player: str
    players: tuple[Player, ...] = Field(min_length=2, description="in turn order")
    shared_team_turns: bool = Field(
        False, description="teams take turns together (Two-Headed Giant, 805): one combined block per team"
    )
    attack_option: AttackOption | None = Field(
        None,
        description=(
            "multiplayer attack option (802, 803): attack multiple players (default with 3+ players), attack left "
            "(the next player in turn order), attack right (the previous one), or one chosen defending player"
        ),
    )
    defending_player: str | None = Field(None, description="with attack_option: chosen, the chosen player (506.2a)")
    range_of_influence: int | None = Field(
        None, ge=1, description="limited range of influence (801): players more seats away can't be attacked"
    )
    bands: tuple[tuple[str, ...], ...] = Field(
        (), description="in the declare blockers step: the attacking bands that were declared (702.22h)"
    )
    permanents: tuple[Permanent, ...] = ()
    effects: tuple[Effect, ...] = ()
    declaration: Declaration | None = None

    @field_validator("players", mode="before")
    @classmethod
    def _players_from_ids(cls, value: Any) -> Any:
        if isinstance(value, list):
            return [{"id": p} if isinstance(p, str) else p for p in value]
        return value

    def permanent(self, permanent_id: str) -> Permanent:
        for p in self.permanents:
            if p.id == permanent_id:
                return p
        raise KeyError(permanent_id)

    def player(self, player_id: str) -> Player:
        for p in self.players:
            if p.id == player_id:
                return p
        raise KeyError(player_id)
