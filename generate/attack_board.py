"""A declare-attackers board and the generator's own model of which attacks are legal (508.1)."""

from __future__ import annotations

import random
from typing import Any

from .rates import (
    ADJECTIVES,
    ATTACKER_TAPPED_RATE,
    BATTLE_NAMES,
    COST_ENCHANTMENTS,
    HASTE_WHEN_SICK,
    SICK_RATE,
    WALL_RATE,
)
from .table import Creature, Table


class AttackBoard(Table):
    """One declare-attackers board and the generator's own model of which attacks are legal (508.1).

    Restrictions: an attacker is an untapped creature of the active player that is not summoning sick (302.6,
    702.10b) and has no defender (702.3b); it attacks a defending player, a planeswalker they control or a battle
    they protect (508.1b, 310.8b); "can't attack alone" (506.5) and Silent Arbiter's limit over the whole attack
    (802.3a). Costs: attacking a player with Propaganda costs {2} per creature; a declaration may pay, the optimum
    never does (508.1d). Requirements (508.1d), for creatures that are neither tapped nor summoning sick: "attacks
    each combat if able" (one), `attacks_if_able` (one), goad (two per distinct goader: attacks, and attacks a
    *player* other than the goader, 701.38b-c) and Trove of Temptation (one per attacking player: attacks its
    owner or a planeswalker they control).
    """

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
        self.battles: dict[str, str] = {}  # battle id -> protector
        self.cost_players: set[str] = set()  # attacking this player costs {2} per creature (Propaganda)
        self.max_attackers: int | None = None  # Silent Arbiter
        self.trove: str | None = None  # the owner of Trove of Temptation
        self.attacks: dict[str, str] = {}  # the declaration: creature -> player, planeswalker or battle

    # -- building --------------------------------------------------------------------------------------------
    def wall(self, controller: str) -> Creature:
        color = self.rng.choice(self.colors[controller])
        name = f"{self.rng.choice(ADJECTIVES)} Wall"
        keywords = {"defender", "reach"} if self.rng.random() < 0.3 else {"defender"}
        power = self.rng.choice((0, 0, 1, 2))
        return Creature(
            self.new_id(name), name, controller, power, self.rng.randint(4, 6), (color,), ("wall",), keywords
        )

    def fighter(self, controller: str) -> Creature:
        """A creature of the real-play mix, now and then a wall."""
        return self.wall(controller) if self.rng.random() < WALL_RATE else self.creature(controller)

    def own_creature(self) -> Creature:
        """A creature of the active player: some came under their control this turn, some are tapped."""
        c = self.fighter(self.active)
        roll = self.rng.random()
        if roll < SICK_RATE:
            c.entered_this_turn = True
            if not c.has("defender") and self.rng.random() < HASTE_WHEN_SICK:
                c.keywords.add("haste")
        elif roll < SICK_RATE + ATTACKER_TAPPED_RATE:
            c.tapped = True
        return c

    def able_creature(self) -> Creature:
        """A new creature of the active player that can attack."""
        c = self.creature(self.active)
        self.creatures.append(c)
        return c

    def permanent(self, name: str, controller: str, types: list[str], color: str = "") -> str:
        pid = self.new_id(name)
        entry: dict[str, Any] = {"id": pid, "name": name, "controller": controller, "types": types}
        if color:
            entry["colors"] = [color]
        self.others.append(entry)
        return pid

    def battle(self, controller: str, protector: str) -> str:
        name = self.rng.choice(BATTLE_NAMES)
        bid = self.new_id(name)
        self.others.append(
            {
                "id": bid,
                "name": name,
                "controller": controller,
                "types": ["battle"],
                "subtypes": ["siege"],
                "protector": protector,
            }
        )
        self.battles[bid] = protector
        return bid

    def attack_cost(self, player: str) -> None:
        name, color = self.rng.choice(COST_ENCHANTMENTS)
        source = self.permanent(name, player, ["enchantment"], color)
        self.effects.append({"attack_cost": "{2}", "defender": player, "source": source})
        self.cost_players.add(player)

    def silent_arbiter(self) -> None:
        controller = self.rng.choice(self.players)
        name = "Silent Arbiter"
        arbiter = Creature(self.new_id(name), name, controller, 1, 5, (), ("construct",), artifact=True)
        self.creatures.append(arbiter)
        self.effects += [{"max_attackers": 1, "source": arbiter.id}, {"max_blockers": 1, "source": arbiter.id}]
        self.max_attackers = 1

    def trove_of_temptation(self, player: str) -> None:
        source = self.permanent("Trove of Temptation", player, ["enchantment"], "R")
        self.effects.append({"must_be_attacked": player, "source": source})
        self.trove = player

    # -- the generator's model of 508.1 ----------------------------------------------------------------------
    @property
    def own(self) -> list[Creature]:
        return [c for c in self.creatures if c.controller == self.active]

    def sick(self, c: Creature) -> bool:
        return c.entered_this_turn and not c.has("haste")

    def exempt(self, c: Creature) -> bool:
        """Tapped and summoning-sick creatures carry no requirement (508.1d)."""
        return c.tapped or self.sick(c)

    def able(self, c: Creature) -> bool:
        return c.controller == self.active and not self.exempt(c) and not c.has("defender")

    def forced(self, c: Creature) -> bool:
        """Whether `c` has a requirement of its own."""
        return bool(c.goaded_by or c.attacks_if_able or c.has("attacks_each_combat_if_able"))

    def targets(self) -> dict[str, str]:
        """What may be attacked, with the defending player it stands for (508.1b)."""
        defending = self.defending_players()
        out = {p: p for p in defending}
        out.update({w: p for w, p in self.planeswalkers.items() if p in defending})
        out.update({b: p for b, p in self.battles.items() if p in defending})
        return out

    def free(self) -> list[str]:
        """Targets that cost nothing to attack (Propaganda taxes only the player, not their planeswalkers)."""
        return [t for t in self.targets() if t not in self.cost_players]

    def free_targets(self, c: Creature) -> list[str]:
        return self.free() if self.able(c) else []

    def trove_applies(self) -> bool:
        return self.trove is not None and self.trove != self.active

    def trove_side(self) -> list[str]:
        """What obeys Trove of Temptation: its owner or a planeswalker they control (not a battle they protect)."""
        return [t for t, p in self.targets().items() if p == self.trove and t not in self.battles]

    def pick(self, options: list[str]) -> str:
        """A target as players choose them: mostly a player, sometimes a planeswalker or a battle."""
        walkers = [t for t in options if t in self.planeswalkers]
        battles = [t for t in options if t in self.battles]
        players = [t for t in options if t in self.players]
        roll = self.rng.random()
        if walkers and roll < 0.35:
            return self.rng.choice(walkers)
        if battles and roll > 0.65:
            return self.rng.choice(battles)
        return self.rng.choice(players or walkers or battles)

    # -- output ----------------------------------------------------------------------------------------------
    def snapshot(self) -> dict[str, Any]:
        data: dict[str, Any] = {"step": "declare_attackers", "active_player": self.active, "players": self.players}
        if self.attack_option:
            data["attack_option"] = self.attack_option
        data["permanents"] = [c.to_json() for c in self.creatures] + self.others
        if self.effects:
            data["effects"] = self.effects
        data["declaration"] = {"attacks": dict(self.attacks)}
        return data
