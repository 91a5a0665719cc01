"""What both steps' boards share: a creature as the generator models it, the table (players, permanents, how to
make them) and the game a record belongs to."""

from __future__ import annotations

import itertools
import random
from dataclasses import dataclass, field
from typing import Any

from .rates import (
    ADJECTIVES,
    ATTACK_MULTIPLAYER_RATES,
    BASIC,
    BLOCK_ADDITIONAL_RATE,
    COLORS,
    KEYWORD_RATES,
    LEFT_RIGHT_RATE,
    MULTIPLAYER_RATE,
    NOUNS,
    PLAYER_NAMES,
    PROTECTION_RATE,
    TOKEN_RATE,
    TOKENS,
)


@dataclass
class Creature:
    id: str
    name: str
    controller: str
    power: int
    toughness: int
    colors: tuple[str, ...]
    subtypes: tuple[str, ...]
    keywords: set[str] = field(default_factory=set)
    token: bool = False
    artifact: bool = False
    tapped: bool = False
    attacking: str | None = None
    protection: str | None = None  # a color
    block_cost: str | None = None
    blocks_if_able: str | None = None
    block_additional: int = 0
    entered_this_turn: bool = False
    attacks_if_able: str | None = None  # a player or planeswalker
    goaded_by: tuple[str, ...] = ()

    def has(self, keyword: str) -> bool:
        return keyword in self.keywords

    def to_json(self) -> dict[str, Any]:
        abilities: list[Any] = sorted(self.keywords)
        if self.protection:
            abilities.append({"protection_from": self.protection})
        if self.block_cost:
            abilities.append({"block_cost": self.block_cost})
        if self.blocks_if_able:
            abilities.append({"blocks_if_able": self.blocks_if_able})
        if self.block_additional:
            abilities.append({"can_block_additional": self.block_additional})
        if self.attacks_if_able:
            abilities.append({"attacks_if_able": self.attacks_if_able})
        if self.goaded_by:
            abilities.append({"goaded_by": list(self.goaded_by)})
        out: dict[str, Any] = {"id": self.id, "name": self.name, "controller": self.controller}
        if self.artifact:
            out["types"] = ["artifact", "creature"]
        if self.colors:
            out["colors"] = list(self.colors)
        out["subtypes"] = list(self.subtypes)
        out["power"] = self.power
        out["toughness"] = self.toughness
        if abilities:
            out["abilities"] = abilities
        if self.tapped:
            out["tapped"] = True
        if self.entered_this_turn:
            out["entered_this_turn"] = True
        if self.attacking:
            out["attacking"] = self.attacking
        return out


class Table:
    """What both steps' boards share: the players, the permanents and how to make them."""

    def __init__(
        self,
        rng: random.Random,
        players: list[str],
        colors: dict[str, str],
        active: str,
        turn: int,
        attack_option: str | None = None,
    ) -> None:
        self.rng = rng
        self.players = players
        self.colors = colors
        self.active = active
        self.turn = turn
        self.attack_option = attack_option  # None (two players), multiple_players, left or right
        self.creatures: list[Creature] = []
        self.others: list[dict[str, Any]] = []
        self.effects: list[dict[str, Any]] = []
        self.planeswalkers: dict[str, str] = {}  # planeswalker id -> controller
        self._ids = itertools.count(1)

    def defending_players(self) -> list[str]:
        """Who the active player may attack (506.2, 802.2, 803.1): every opponent, or the one on the left / right."""
        if self.attack_option in ("left", "right"):
            step = 1 if self.attack_option == "left" else -1
            return [self.players[(self.players.index(self.active) + step) % len(self.players)]]
        return [p for p in self.players if p != self.active]

    # -- building --------------------------------------------------------------------------------------------
    def new_id(self, name: str) -> str:
        return f"{name.lower().replace(' ', '-').replace(',', '')}-{next(self._ids)}"

    def creature(self, controller: str) -> Creature:
        rng = self.rng
        if rng.random() < TOKEN_RATE:
            kind, color, power, toughness, token_keywords = rng.choice(TOKENS)
            name = f"{kind} Token"
            c = Creature(
                self.new_id(name),
                name,
                controller,
                power,
                toughness,
                (color,) if color else (),
                (kind.lower(),),
                set(token_keywords),
                token=True,
                artifact=kind == "Thopter",
            )
            if kind == "Zombie" and rng.random() < 0.3:
                c.keywords.add("cant_block")  # decayed
            return c
        color = rng.choice(self.colors[controller])
        noun = rng.choice(NOUNS[color])
        name = f"{rng.choice(ADJECTIVES)} {noun}"
        power = max(0, min(7, int(rng.triangular(0, 6, 2)) + (self.turn > 6)))
        toughness = max(1, min(8, power + rng.choice((-1, 0, 0, 1, 1, 2))))
        keywords = {k for k, rate in KEYWORD_RATES.items() if rng.random() < rate}
        if noun in ("Drake", "Sphinx", "Pegasus", "Dragon", "Bat"):
            keywords.add("flying")
        if noun == "Spider":
            keywords.add("reach")
        if {"flying", "reach"} <= keywords:
            keywords.discard("reach")
        c = Creature(self.new_id(name), name, controller, power, toughness, (color,), (noun.lower(),), keywords)
        if rng.random() < PROTECTION_RATE:
            c.protection = rng.choice([x for x in COLORS if x != color])
        if rng.random() < BLOCK_ADDITIONAL_RATE:
            c.block_additional = 1
        return c

    def lands(self, player: str) -> None:
        for _ in range(min(self.turn, 7)):
            land = BASIC[self.rng.choice(self.colors[player])]
            self.others.append(
                {
                    "id": self.new_id(land),
                    "name": land.title(),
                    "controller": player,
                    "types": ["land"],
                    "supertypes": ["basic"],
                    "subtypes": [land],
                }
            )

    def planeswalker(self, player: str, name: str | None = None) -> str:
        name = name or f"{self.rng.choice(ADJECTIVES)} Planeswalker"
        pid = self.new_id(name)
        self.others.append(
            {
                "id": pid,
                "name": name,
                "controller": player,
                "types": ["planeswalker"],
                "loyalty": self.rng.randint(1, 6),
            }
        )
        self.planeswalkers[pid] = player
        return pid

    def by_id(self, creature_id: str) -> Creature:
        return next(c for c in self.creatures if c.id == creature_id)


@dataclass
class Game:
    id: str
    players: list[str]
    colors: dict[str, str]
    turn: int
    attack_option: str | None = None  # multiplayer games: multiple_players, left or right, for the whole game


def new_game(rng: random.Random, number: int, mix: str, attacks: bool) -> Game:
    """A new game. Without attack records, the draws are those made before attack records existed, so blocker-only
    streams keep their records."""
    rate = ATTACK_MULTIPLAYER_RATES[mix] if attacks else (MULTIPLAYER_RATE if mix == "play" else 0.0)
    multiplayer = rate > 0 and rng.random() < rate
    players = rng.sample(PLAYER_NAMES, rng.choice((3, 4)) if multiplayer else 2)
    colors = {p: "".join(rng.sample(COLORS, rng.choice((1, 2, 2, 2)))) for p in players}
    game = Game(f"g{number:06d}", players, colors, rng.randint(2, 4))
    if multiplayer and attacks:
        left_right = rng.random() < LEFT_RIGHT_RATE
        game.attack_option = rng.choice(("left", "right")) if left_right else "multiple_players"
    return game


def choose(rng: random.Random, weights: dict[Any, float]) -> Any:
    keys = list(weights)
    return rng.choices(keys, weights=[weights[k] for k in keys])[0]
