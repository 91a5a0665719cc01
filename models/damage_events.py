"""The combat damage step's events (issue 22): a proposed combat damage assignment, and the prevention shields a
snapshot states. The rules that judge an assignment and deal the damage live in `combat/damage_*.py`.

A leaf module: `models/events.py` registers the event under its word, `assign_combat_damage`.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator
from pydantic_core import PydanticCustomError

Shield = int | Literal["all"] | dict[str, int]
"""How much of the damage that would be dealt to one recipient this step is prevented (615): the next N (a shield,
615.7), all of it, or, when two or more sources would deal it damage at once, N of each one's: the player or the
controller of the shielded permanent chooses which damage the shield prevents (615.7)."""


class AssignCombatDamage(BaseModel):
    """The next combat damage step (510.1, 510.4), with how each creature assigns its combat damage: creature ->
    recipient (a blocker, an attacker, the player, planeswalker or battle attacked) -> amount. A creature whose
    assignment leaves no choice (unblocked, one blocker and no trample) may be left out; it assigns as it must."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    assign_combat_damage: dict[str, dict[str, int]] = Field(
        default_factory=dict, description="creature -> {recipient: amount}; amounts are whole numbers, 0 or more"
    )
    prevent: dict[str, Shield] = Field(
        default_factory=dict,
        description="recipient -> the damage prevented this step: N (a shield, 615.7), all, or {source: N}",
    )

    @field_validator("assign_combat_damage", mode="before")
    @classmethod
    def _nothing_is_empty(cls, value: Any) -> Any:
        if value is None:
            return {}
        if isinstance(value, dict):
            return {k: ({} if v is None else v) for k, v in value.items()}
        return value

    @field_validator("assign_combat_damage")
    @classmethod
    def _amounts(cls, value: dict[str, dict[str, int]]) -> dict[str, dict[str, int]]:
        for creature, split in value.items():
            for recipient, amount in split.items():
                if amount < 0:
                    raise PydanticCustomError(
                        "negative_damage",
                        "{creature} assigns {amount} damage to {recipient}: an amount is 0 or more",
                        {"creature": creature, "recipient": recipient, "amount": amount},
                    )
        return value

    @field_validator("prevent")
    @classmethod
    def _shields(cls, value: dict[str, Shield]) -> dict[str, Shield]:
        for recipient, shield in value.items():
            amounts = shield.values() if isinstance(shield, dict) else [shield] if isinstance(shield, int) else []
            if any(a < 0 for a in amounts):
                raise PydanticCustomError(
                    "negative_prevention", "prevent for {recipient}: an amount is 0 or more", {"recipient": recipient}
                )
        return value


def assignment_objects(event: AssignCombatDamage) -> list[tuple[str, str]]:
    """(field path, id) for every creature, recipient and source the event names."""
    found: list[tuple[str, str]] = []
    for creature, split in event.assign_combat_damage.items():
        found.append((f"assign_combat_damage.{creature}", creature))
        found += [(f"assign_combat_damage.{creature}.{recipient}", recipient) for recipient in split]
    for recipient, shield in event.prevent.items():
        found.append((f"prevent.{recipient}", recipient))
        if isinstance(shield, dict):
            found += [(f"prevent.{recipient}.{source}", source) for source in shield]
    return found
