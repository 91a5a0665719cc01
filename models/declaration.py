"""A proposed declaration of attackers or blockers, as a snapshot (or a timeline event) writes it."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field, SerializerFunctionWrapHandler, field_validator, model_serializer

from .schema_shorthands import one_or_many_values


class Declaration(BaseModel):
    """The proposed declaration: `blocks` (declare blockers) or `attacks` and `bands` (declare attackers)."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    blocks: dict[str, tuple[str, ...]] = Field(
        default_factory=dict,
        description="blocker -> the attacker it blocks (or a list, if it may block several)",
        json_schema_extra=one_or_many_values,
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
