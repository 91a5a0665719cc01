"""A named card's effects on other objects, applied to the board: static abilities and attachments.

A permanent carries what its card does to other objects (`cards/statics.py` reads it from the Oracle text):

- `statics`: static abilities that affect other objects or players (Propaganda, Moat, a lord), each an effect of
  the snapshot's `effects:` vocabulary written from its controller's point of view: the player word `you` (the
  controller) where an effect names a player, and `controller: you` or `controller: opponent` in a filter;
- `grants_attached`: the abilities an Aura, Equipment or Fortification gives the permanent it is `attached_to`
  ("enchanted creature has flying", "all creatures able to block enchanted creature do so");
- `unapplied`: the card's combat text that is neither read nor applied, with why (reported with every verdict).

`models/applying.py` makes them the board the rules see: each static ability becomes an effect with its permanent as
`source` (CR 604.1: a static ability does what it says while its permanent is on the battlefield; 611.3a: its
effect applies at all times to the objects it names), and each attachment's abilities are added to the object it is
attached to (CR 613.1f, layer 6). A phased-out permanent's abilities don't exist (702.26b).
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from .effects import Effect

YOU, OPPONENT = "you", "opponent"

Count = Literal["enchantments_you_control", "basic_land_types_you_control"]
Why = Literal["not_understood", "condition", "one_shot", "power_toughness"]


class Static(BaseModel):
    """A static ability of a permanent that affects other objects, as an effect seen from its controller."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    effect: Effect = Field(
        description="an effect of the `effects:` vocabulary; `you` stands for the permanent's controller where a "
        "player is named, and a filter's `controller` may be `you` or `opponent` (each opponent)"
    )
    x: Count | None = Field(
        None,
        description="the value of {X} in the effect's cost, counted on the board (Sphere of Safety: "
        "enchantments_you_control; Collective Restraint: basic_land_types_you_control)",
    )
    text: str | None = Field(None, description="the rules text it comes from")


class Unapplied(BaseModel):
    """Combat text of a named card that is neither read as an ability nor applied as an effect."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    text: str
    own: bool = Field(
        False,
        description="the card's own ability (not an effect on others): `abilities` written in the snapshot restate it",
    )
    why: Why = Field(
        description="not_understood: outside the vocabulary; condition: it depends on something the board doesn't "
        "show; one_shot: a triggered, activated or one-shot effect, which the snapshot states when it applies; "
        "power_toughness: a change of power or toughness, which the snapshot states"
    )
