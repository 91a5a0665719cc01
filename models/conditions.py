"""Conditional abilities evaluated from the board (issue 21 §3): "as long as you control …", "unless you control
…", "as long as defending player controls …", counts, "during your turn", extra turns, counters (level up, +1/+1),
monstrous, kicked, paired, a creature that died this turn.

A permanent's `conditional` abilities are its own abilities while their condition holds (CR 604.1 and 611.3a: a
static ability's effect applies whenever its condition is true, and stops when it's false; 702.87 level up, 711:
leveler cards; 702.94a monstrosity and "monstrous"; 702.33d "kicked"; 702.95 soulbond, "paired"). A condition is read
from the board; what the board can't show is a fact of the snapshot (a permanent's `counters`, `monstrous`,
`kicked`, `paired`; the snapshot's `turn`). A condition that needs a fact the snapshot doesn't state is reported as
needed and the ability is not applied: never guessed.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from .abilities import Ability
from .filters import CreatureFilter
from .schema_shorthands import describe_property

Fact = Literal["defending_player", "extra_turn", "creature_died", "counters", "monstrous", "kicked", "paired"]


class Counted(BaseModel):
    """At least N permanents matching a filter ("five or more Islands", "another Giant")."""

    # The field's description is set on Counted's schema, not on the field: pydantic 2.14 writes a model-typed
    # field's description (or json_schema_extra) into the model's shared core schema when FastAPI builds a
    # TypeAdapter of the field (desk/api_schema.py), and every CreatureFilter elsewhere would be described so.
    model_config = ConfigDict(
        extra="forbid",
        frozen=True,
        json_schema_extra=describe_property("filter", "what is counted (any permanent)"),
    )
    filter: CreatureFilter = Field(default_factory=CreatureFilter)
    at_least: int = Field(1, ge=0)
    other: bool = Field(False, description="the permanent with the ability doesn't count ('another Giant')")


class TurnFacts(BaseModel):
    """Facts about the turn that the board can't show; a field left out is not stated (a condition that needs it is
    reported as needed)."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    extra_turn: bool | None = Field(None, description="this turn is an extra turn (500.7)")
    creature_died: bool | None = Field(None, description="a creature died this turn")
    cast_creature_spell: tuple[str, ...] | None = Field(
        None, description="the players who cast a creature spell this turn (all of them: [] when nobody did)"
    )


class Condition(BaseModel):
    """Every field given must hold (AND); `not` negates ("unless")."""

    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)
    you_control: Counted | None = Field(None, description="its controller controls at least N matching permanents")
    defending_player_controls: Counted | None = Field(
        None, description="the defending player (of this attacking creature) controls at least N matching permanents"
    )
    your_turn: bool | None = Field(None, description="true: during its controller's turn; false: not")
    extra_turn: bool | None = Field(None, description="during an extra turn (the snapshot's turn.extra_turn)")
    creature_died: bool | None = Field(None, description="a creature died this turn (turn.creature_died)")
    you_cast_creature_spell: bool | None = Field(
        None, description="its controller cast a creature spell this turn (turn.cast_creature_spell)"
    )
    counters_at_least: dict[str, int] | None = Field(
        None, description="at least this many counters of each kind on it ('level': 4, '+1/+1': 1)"
    )
    counters_at_most: dict[str, int] | None = Field(None, description="at most this many (level up ranges)")
    monstrous: bool | None = None
    kicked: bool | None = None
    paired: bool | None = None
    attacking: bool | None = Field(
        None, description="true: it is an attacking creature (its `attacking` field): 'as long as it's attacking'"
    )
    tapped: bool | None = Field(None, description="true: it is tapped; false: untapped ('as long as ~ is untapped')")
    equipped: bool | None = Field(None, description="an Equipment is attached to it ('as long as ~ is equipped')")
    enchanted: bool | None = Field(None, description="an Aura is attached to it ('as long as ~ is enchanted')")
    not_: Condition | None = Field(None, alias="not", description="holds when this condition doesn't")


class Conditional(BaseModel):
    """Abilities the permanent has while a condition holds."""

    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)
    when: Condition
    abilities: tuple[Ability, ...] = Field(min_length=1)
    text: str | None = Field(None, description="the rules text it comes from")


@dataclass
class Outcome:
    """A condition's value on a board: True, False, or unknown with the facts it needs."""

    value: bool | None
    needs: list[str] = field(default_factory=list)
