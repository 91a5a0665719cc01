"""Triggered abilities of combat (CR 508.2-508.3, 509.3): the parameterized ones, written as one-key mappings.

A trigger wording without a parameter is a plain keyword (`whenever_becomes_blocked`, `exalted`: see `Keyword`); the
same wording with a filter or a count is the mapping of the same name (`{whenever_becomes_blocked_by_a_creature:
{colors: [W]}}`). What each wording means, how many times it triggers and its rule live in `combat/wordings/`;
`tests/test_trigger_catalog.py` checks that every word here is read by one of them.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from .filters import CreatureFilter
from .schema_words import WordedValueError


class _TriggerAbility(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class _Spec(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class BlockCount(_Spec):
    """How many creatures (509.3e): exactly N, or N or more; optionally only creatures matching `creatures`."""

    exactly: int | None = Field(None, ge=1)
    at_least: int | None = Field(None, ge=1)
    creatures: CreatureFilter | None = Field(None, description="count only creatures matching this filter")

    @model_validator(mode="after")
    def _one_bound(self) -> BlockCount:
        if (self.exactly is None) == (self.at_least is None):
            message = "give exactly one of 'exactly' and 'at_least'"
            raise WordedValueError("one_count", message, exactly="exactly", at_least="at_least")
        return self

    def holds(self, count: int) -> bool:
        return count == self.exactly if self.exactly is not None else count >= (self.at_least or 0)


Whose = Literal["you", "opponent", "any"]


class Watch(_Spec):
    """Which creatures an ability watches: by controller (relative to the ability's controller), "another", a
    filter. Characteristics are checked when the event happens (508.2a, 509.3f)."""

    whose: Whose = Field("any", description="you: creatures you control; opponent: an opponent controls; any")
    other: bool = Field(False, description="another creature: not the permanent with the ability")
    creatures: CreatureFilter | None = None


class AttackedSpec(_Spec):
    """Attacks on the ability's controller (and, with `planeswalkers`, on planeswalkers they control)."""

    planeswalkers: bool = Field(False, description="also attacks on a planeswalker you control")
    creatures: CreatureFilter | None = Field(None, description="only attacking creatures matching this filter")


# -- this creature, with a filter or a count (509.3b, d, e, f) --------------------------------------------------
class BlocksACreatureMatching(_TriggerAbility):
    """509.3b, 509.3f: whenever this creature blocks a creature matching the filter, once per such attacker."""

    whenever_blocks_a_creature: CreatureFilter


class BecomesBlockedByACreatureMatching(_TriggerAbility):
    """509.3d, 509.3f: whenever this creature becomes blocked by a creature matching the filter, once per such
    blocker (its characteristics as it becomes a blocking creature)."""

    whenever_becomes_blocked_by_a_creature: CreatureFilter


class BlocksOrBecomesBlockedByACreatureMatching(_TriggerAbility):
    """509.3b, 509.3d, 509.3f: whenever this creature blocks or becomes blocked by a creature matching the filter."""

    whenever_blocks_or_becomes_blocked_by_a_creature: CreatureFilter


class BlocksCount(_TriggerAbility):
    """509.3e: whenever this creature blocks exactly N / N or more creatures (Lairwatch Giant)."""

    whenever_blocks: BlockCount


class BecomesBlockedByCount(_TriggerAbility):
    """509.3e: whenever this creature becomes blocked by exactly N / N or more creatures."""

    whenever_becomes_blocked_by: BlockCount


class BlocksOrBecomesBlockedByCount(_TriggerAbility):
    """509.3e: whenever this creature blocks or becomes blocked by N or more (matching) creatures."""

    whenever_blocks_or_becomes_blocked_by: BlockCount


class AttacksWithOthers(_TriggerAbility):
    """508.3a with company (battalion): whenever this creature and at least N other creatures attack."""

    whenever_attacks_with_others: int = Field(ge=1)


# -- other creatures watched by a permanent (508.3a-e, 509.3a, c, g) -----------------------------------------------
class ACreatureAttacks(_TriggerAbility):
    """508.3a, 508.3c: whenever a (matching) creature attacks, once per such creature declared as an attacker."""

    whenever_a_creature_attacks: Watch


class ACreatureAttacksAlone(_TriggerAbility):
    """506.5, 508.3a: whenever a (matching) creature attacks alone (exalted's shape)."""

    whenever_a_creature_attacks_alone: Watch


class ACreatureAttacksAndIsntBlocked(_TriggerAbility):
    """509.3g: whenever a (matching) creature attacks and isn't blocked."""

    whenever_a_creature_attacks_and_isnt_blocked: Watch


class ACreatureBlocks(_TriggerAbility):
    """509.3a: whenever a (matching) creature blocks, once per such creature."""

    whenever_a_creature_blocks: Watch


class ACreatureBecomesBlocked(_TriggerAbility):
    """509.3c: whenever a (matching) creature becomes blocked, once per such attacker."""

    whenever_a_creature_becomes_blocked: Watch


class OneOrMoreAttack(_TriggerAbility):
    """508.3a: whenever one or more (matching) creatures attack, by any player (Duelist's Heritage), once."""

    whenever_one_or_more_creatures_attack: Watch


class OneOrMoreBecomeBlocked(_TriggerAbility):
    """509.3c: whenever one or more (matching) creatures become blocked (creatures you control: Hezrou), once for
    all those that become blocked together."""

    whenever_one_or_more_creatures_become_blocked: Watch


class OpponentAttackSpec(_Spec):
    """Which opponents' attacks: any attack, or only with creatures attacking you (and your planeswalkers)."""

    you: bool = Field(False, description="only an attack with one or more creatures attacking you")
    planeswalkers: bool = Field(False, description="with `you`: or a planeswalker you control")


class AnOpponentAttacks(_TriggerAbility):
    """508.3d: whenever an opponent attacks (you), once per such opponent: twice when both players of the other
    team attack in Two-Headed Giant (805.10a)."""

    whenever_an_opponent_attacks: OpponentAttackSpec


class ACreatureAttacksYou(_TriggerAbility):
    """508.3a: whenever a creature attacks you (or a planeswalker you control), once per such creature."""

    whenever_a_creature_attacks_you: AttackedSpec


class YouAreAttacked(_TriggerAbility):
    """508.3b: whenever one or more creatures attack you (or a planeswalker you control), once."""

    whenever_you_are_attacked: AttackedSpec


class YouAttackWith(_TriggerAbility):
    """508.3d: whenever you attack with N or more creatures, once."""

    whenever_you_attack: int = Field(ge=2, description="with at least this many creatures (one: whenever_you_attack)")


# -- keywords with a number -------------------------------------------------------------------------------------
class Rampage(_TriggerAbility):
    """702.23: whenever this creature becomes blocked, +N/+N for each creature blocking it beyond the first."""

    rampage: int = Field(ge=1)


class Bushido(_TriggerAbility):
    """702.45: whenever this creature blocks or becomes blocked, it gets +N/+N until end of turn."""

    bushido: int = Field(ge=1)


class Afflict(_TriggerAbility):
    """702.130: whenever this creature becomes blocked, defending player loses N life."""

    afflict: int = Field(ge=1)


class Annihilator(_TriggerAbility):
    """702.86: whenever this creature attacks, defending player sacrifices N permanents."""

    annihilator: int = Field(ge=1)


class Frenzy(_TriggerAbility):
    """702.68: whenever this creature attacks and isn't blocked, it gets +N/+0 until end of turn."""

    frenzy: int = Field(ge=1)


TRIGGER_PARAMETERIZED: dict[str, type[BaseModel]] = {
    "whenever_blocks_a_creature": BlocksACreatureMatching,
    "whenever_becomes_blocked_by_a_creature": BecomesBlockedByACreatureMatching,
    "whenever_blocks_or_becomes_blocked_by_a_creature": BlocksOrBecomesBlockedByACreatureMatching,
    "whenever_blocks": BlocksCount,
    "whenever_becomes_blocked_by": BecomesBlockedByCount,
    "whenever_blocks_or_becomes_blocked_by": BlocksOrBecomesBlockedByCount,
    "whenever_attacks_with_others": AttacksWithOthers,
    "whenever_a_creature_attacks": ACreatureAttacks,
    "whenever_a_creature_attacks_alone": ACreatureAttacksAlone,
    "whenever_a_creature_attacks_and_isnt_blocked": ACreatureAttacksAndIsntBlocked,
    "whenever_a_creature_blocks": ACreatureBlocks,
    "whenever_a_creature_becomes_blocked": ACreatureBecomesBlocked,
    "whenever_one_or_more_creatures_attack": OneOrMoreAttack,
    "whenever_one_or_more_creatures_become_blocked": OneOrMoreBecomeBlocked,
    "whenever_an_opponent_attacks": AnOpponentAttacks,
    "whenever_a_creature_attacks_you": ACreatureAttacksYou,
    "whenever_you_are_attacked": YouAreAttacked,
    "whenever_you_attack": YouAttackWith,
    "rampage": Rampage,
    "bushido": Bushido,
    "afflict": Afflict,
    "annihilator": Annihilator,
    "frenzy": Frenzy,
}
