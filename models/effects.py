"""Global effects: rules text of spells and other permanents that is not one creature's own ability."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any, Union

from pydantic import BaseModel, BeforeValidator, ConfigDict, Discriminator, Field, Tag
from pydantic_core import PydanticCustomError

from .abilities import Ability
from .costs import Cost
from .filters import CreatureFilter


class _Effect(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    source: str | None = Field(None, description="id or name of the permanent or spell that creates the effect")


class MaxBlockersEffect(_Effect):
    """No more than N creatures can block each combat (Silent Arbiter); counted per defending player (802.4b)."""

    max_blockers: int = Field(ge=0)


class BlockCostEffect(_Effect):
    """Each creature (matching `blockers`, default all) can't block unless its controller pays the cost."""

    block_cost: Cost
    blockers: CreatureFilter | None = None


class GrantEffect(_Effect):
    """Creatures matching `to` have these abilities ("creatures can't be blocked except by two or more")."""

    grant: tuple[Ability, ...] = Field(min_length=1)
    to: CreatureFilter = Field(default_factory=CreatureFilter)
    other: bool = Field(False, description="the source itself is not among them ('other Goblins you control')")


class MaxAttackersEffect(_Effect):
    """No more than N creatures can attack each combat (Silent Arbiter); counted over the whole attack (802.3a)."""

    max_attackers: int = Field(ge=0)


class MaxAttackersAgainstEffect(_Effect):
    """No more than `count` creatures can attack this player each combat (Crawlspace)."""

    max_attackers_against: str
    count: int = Field(ge=0)


class AttackCostEffect(_Effect):
    """Creatures can't attack `defender` (and, with `planeswalkers`, planeswalkers they control) unless their
    controller pays the cost for each such creature (Propaganda, Ghostly Prison; Sphere of Safety)."""

    attack_cost: Cost
    defender: str
    planeswalkers: bool = False
    attackers: CreatureFilter | None = Field(None, description="only creatures matching it (Elephant Grass: nonblack)")


class CantAttackEffect(_Effect):
    """Creatures (matching `attackers`, default all) can't attack this player (Blazing Archon), nor, with
    `planeswalkers`, the planeswalkers they control."""

    cant_attack: str
    planeswalkers: bool = False
    attackers: CreatureFilter | None = None


class MustBeAttackedEffect(_Effect):
    """Each opponent must attack this player or a planeswalker they control with at least one creature each combat
    if able (Trove of Temptation): one requirement per attacking player."""

    must_be_attacked: str


EFFECT_KINDS: dict[str, type[_Effect]] = {
    "max_blockers": MaxBlockersEffect,
    "block_cost": BlockCostEffect,
    "grant": GrantEffect,
    "max_attackers": MaxAttackersEffect,
    "max_attackers_against": MaxAttackersAgainstEffect,
    "attack_cost": AttackCostEffect,
    "cant_attack": CantAttackEffect,
    "must_be_attacked": MustBeAttackedEffect,
}


def effect_key(effect: _Effect) -> str:
    """The word that names an effect in a snapshot (`max_blockers`, `grant`, ...)."""
    kind = type(effect)
    key = _KEYS.get(kind)
    if key is None:  # once per class: the walk over EFFECT_KINDS costs about 2 us, every board asks
        key = _KEYS[kind] = next(k for k, m in EFFECT_KINDS.items() if isinstance(effect, m))
    return key


_KEYS: dict[type[Any], str] = {}


def _effect_tag(value: Any) -> str | None:
    if isinstance(value, BaseModel):
        return next((k for k, m in EFFECT_KINDS.items() if isinstance(value, m)), None)
    if isinstance(value, dict):
        keys = [k for k in value if k in EFFECT_KINDS]
        return str(keys[0]) if len(keys) == 1 else None
    return None


def _check_effect(value: Any) -> Any:
    if isinstance(value, dict):
        keys = [k for k in value if k in EFFECT_KINDS]
        if len(keys) != 1:
            raise PydanticCustomError(
                "unknown_effect",
                "an effect needs exactly one of the keys {known}; got {keys}",
                {"known": ", ".join(EFFECT_KINDS), "keys": sorted(map(str, value))},
            )
    return value


if TYPE_CHECKING:
    Effect = _Effect
else:
    Effect = Annotated[
        Union[tuple(Annotated[model, Tag(key)] for key, model in EFFECT_KINDS.items())],  # noqa: UP007
        Discriminator(_effect_tag),
        BeforeValidator(_check_effect),
    ]
