"""A declare-blockers board and the generator's own model of which blocks are legal (509.1)."""

from __future__ import annotations

import random
from typing import Any

from .table import Creature, Table


class BlockBoard(Table):
    """One declare-blockers board and the generator's own model of which blocks are legal."""

    def __init__(
        self,
        rng: random.Random,
        players: list[str],
        colors: dict[str, str],
        active: str,
        turn: int,
        attack_option: str | None = None,
    ) -> None:
        super().__init__(rng, players, colors, active, turn, attack_option)
        self.blocks: dict[str, list[str]] = {}  # the declaration: blocker -> attackers

    # -- the generator's model of 509.1 ----------------------------------------------------------------------
    @property
    def attackers(self) -> list[Creature]:
        return [c for c in self.creatures if c.attacking is not None]

    def defending_creatures(self, player: str | None = None) -> list[Creature]:
        return [c for c in self.creatures if c.controller != self.active and player in (None, c.controller)]

    def defender_of(self, attacker: Creature) -> str:
        assert attacker.attacking is not None
        return self.planeswalkers.get(attacker.attacking, attacker.attacking)

    def costs(self, blocker: Creature) -> bool:
        return blocker.block_cost is not None or bool(self.effects)

    def evades(self, blocker: Creature, attacker: Creature) -> bool:
        """Whether an evasion ability of `attacker` stops `blocker` (the pair restrictions the generator uses)."""
        if attacker.has("cant_be_blocked"):
            return True
        if attacker.has("flying") and not (blocker.has("flying") or blocker.has("reach")):
            return True
        return attacker.protection is not None and attacker.protection in blocker.colors

    def can_block(self, blocker: Creature, attacker: Creature) -> bool:
        """A declaration may contain this pair (paying the blocker's cost if it has one)."""
        return (
            not blocker.tapped
            and not blocker.has("cant_block")
            and blocker.controller == self.defender_of(attacker)
            and not self.evades(blocker, attacker)
        )

    def free_can_block(self, blocker: Creature, attacker: Creature) -> bool:
        return self.can_block(blocker, attacker) and not self.costs(blocker)

    def capacity(self, blocker: Creature) -> int:
        return 1 + blocker.block_additional

    def blockers_of(self, attacker: Creature) -> list[str]:
        return [b for b, attackers in self.blocks.items() if attacker.id in attackers]

    def unassigned(self) -> list[Creature]:
        return [c for c in self.defending_creatures() if c.id not in self.blocks]

    # -- output ----------------------------------------------------------------------------------------------
    def snapshot(self) -> dict[str, Any]:
        permanents = [c.to_json() for c in self.creatures] + self.others
        data: dict[str, Any] = {"step": "declare_blockers", "active_player": self.active, "players": self.players}
        data["permanents"] = permanents
        if self.effects:
            data["effects"] = self.effects
        data["declaration"] = {
            "blocks": {b: (a[0] if len(a) == 1 else list(a)) for b, a in self.blocks.items() if a},
        }
        return data
