"""Synthetic recorded combats: boards with the ability mix of real play, declarations whose verdict is known.

Each record is a snapshot plus `id`, `source` and `expected` (see docs/batch.md). The verdict is known *by
construction*, not by asking the checker: a legal declaration is built to obey every restriction the generator
uses and the most requirements that can be obeyed; an illegal one is a legal one with one deliberate mistake,
named in `source.mutation` by the catalog key of the rule it breaks. The checker can therefore be tested against
the generator, and the share of illegal records is exact (`round(count * illegal_share)`).

Two steps are generated, each from its own model of the rules:

- declare blockers (509.1, `_Board`): flying, reach, menace, protection from a color, "can't be blocked",
  decayed ("can't block"), "can block an additional creature", block costs, Lure, provoke (`blocks_if_able`),
  "must be blocked if able", tapped creatures and multiplayer boards;
- declare attackers (508.1, `_AttackBoard`): tapped and summoning-sick creatures (`entered_this_turn`, haste),
  defender walls, "can't attack alone", the attack option (attack multiple players, left or right), planeswalkers
  and battles as targets, Propaganda / Ghostly Prison costs, Silent Arbiter (`max_attackers`), "attacks each
  combat if able", Gideon Jura and Alluring Siren (`attacks_if_able`), goad by one or two players and Trove of
  Temptation (`must_be_attacked`).

The other keywords it writes (first strike, deathtouch, trample, vigilance, ...) change nothing about which
declarations are legal.

Mixes:
  play    the mix of real play: a third of attack records; mostly evasion and combat keywords, a few requirement,
          cost and limit boards;
  fast    no requirements at all: every record is decided without CP-SAT;
  solver  every board has requirements that conflict, so CP-SAT must run for every legal record.
`fast` and `solver` give declare-blockers records unless `step` asks for attack records.
"""

from __future__ import annotations

import gzip
import io
import itertools
import json
import random
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any, Literal, get_args

Mix = Literal["play", "fast", "solver"]
MIXES: tuple[str, ...] = get_args(Mix)

# Requirement patterns. "none" and "cost" have no requirement; the three conflicting ones force CP-SAT.
Pattern = Literal[
    "none", "cost", "lure", "provoke", "must_be_blocked", "double_lure", "provoke_vs_lure", "two_must_be_blocked"
]
CONFLICTING: tuple[Pattern, ...] = ("double_lure", "provoke_vs_lure", "two_must_be_blocked")
PATTERN_RATES: dict[str, dict[Pattern, float]] = {
    "play": {
        "none": 0.80,
        "cost": 0.05,
        "lure": 0.04,
        "provoke": 0.04,
        "must_be_blocked": 0.04,
        "double_lure": 0.01,
        "provoke_vs_lure": 0.01,
        "two_must_be_blocked": 0.01,
    },
    "fast": {"none": 0.9, "cost": 0.1},
    "solver": {"double_lure": 0.4, "provoke_vs_lure": 0.4, "two_must_be_blocked": 0.2},
}

# How often a (non-token) creature has each keyword: roughly the mix of recent limited formats.
KEYWORD_RATES: dict[str, float] = {
    "flying": 0.22,
    "reach": 0.05,
    "menace": 0.07,
    "first_strike": 0.06,
    "deathtouch": 0.06,
    "trample": 0.06,
    "lifelink": 0.05,
    "vigilance": 0.06,
    "haste": 0.04,
    "double_strike": 0.01,
    "hexproof": 0.02,
    "indestructible": 0.01,
    "cant_be_blocked": 0.01,
}
TOKEN_RATE = 0.25  # share of creatures that are tokens
TAPPED_RATE = 0.12  # a defending creature is tapped (it attacked last turn, or was tapped by an effect)
PROTECTION_RATE = 0.01
BLOCK_ADDITIONAL_RATE = 0.01
MULTIPLAYER_RATE = 0.10  # three or four players, free-for-all
PLANESWALKER_RATE = 0.05
BLOCK_RATE = 0.45  # an unconstrained defender blocks something

# Weights of the deliberate mistakes, by the catalog key of the rule they break.
MUTATION_WEIGHTS: dict[str, float] = {
    "flying": 30,
    "menace": 25,
    "untapped_creature_blocks": 10,
    "one_attacker_per_blocker": 10,
    "blocks_attacker_of_its_player": 5,
    "cant_block": 5,
    "protection": 3,
    "cant_be_blocked": 2,
    "all_able_must_block_it": 10,
    "blocks_if_able": 10,
    "must_be_blocked_if_able": 10,
}
BLOCK_REQUIREMENT_KEYS = frozenset({"all_able_must_block_it", "blocks_if_able", "must_be_blocked_if_able"})

PLAYER_NAMES = ("ana", "ben", "cleo", "dev", "eli", "fay", "gus", "hana")
COLORS = "WUBRG"
BASIC = {"W": "plains", "U": "island", "B": "swamp", "R": "mountain", "G": "forest"}
NOUNS = {
    "W": ("Knight", "Cleric", "Pegasus", "Soldier", "Lancer"),
    "U": ("Drake", "Sphinx", "Merfolk", "Wizard", "Serpent"),
    "B": ("Zombie", "Vampire", "Horror", "Rogue", "Bat"),
    "R": ("Goblin", "Dragon", "Berserker", "Ogre", "Devil"),
    "G": ("Bear", "Elf", "Spider", "Wurm", "Centaur"),
}
ADJECTIVES = ("Ashen", "Bold", "Cinder", "Dusk", "Ember", "Frost", "Grim", "Hollow", "Iron", "Jade", "Moss", "Vale")
TOKENS: tuple[tuple[str, str, int, int, tuple[str, ...]], ...] = (
    ("Soldier", "W", 1, 1, ()),
    ("Spirit", "W", 1, 1, ("flying",)),
    ("Bird", "U", 1, 1, ("flying",)),
    ("Zombie", "B", 2, 2, ()),
    ("Goblin", "R", 1, 1, ()),
    ("Saproling", "G", 1, 1, ()),
    ("Insect", "G", 1, 1, ("flying",)),
    ("Beast", "G", 3, 3, ()),
    ("Thopter", "", 1, 1, ("flying",)),
)
COST_SOURCES = ("Brainwash", "Floating Fog", "Tax Collector's Ward")

# -- declare attackers ---------------------------------------------------------------------------------------
# Share of attack records when `step` is not given. `fast` and `solver` stay blocker-only, so their records (and
# the benchmark figures measured on them) are the ones they were before attack records existed.
ATTACK_SHARES: dict[str, float] = {"play": 1 / 3, "fast": 0.0, "solver": 0.0}

# Attack patterns. "none", "cost" and "max_attackers" have no requirement; the four conflicting ones force CP-SAT.
AttackPattern = Literal[
    "none",
    "cost",
    "max_attackers",
    "attacks_each_combat",
    "attacks_if_able",
    "trove",
    "goad",
    "arbiter_vs_forced",
    "arbiter_vs_gideon",
    "two_goaders",
    "goad_vs_trove",
]
ATTACK_CONFLICTING: tuple[AttackPattern, ...] = (
    "arbiter_vs_forced",
    "arbiter_vs_gideon",
    "two_goaders",
    "goad_vs_trove",
)
MULTIPLAYER_PATTERNS: tuple[AttackPattern, ...] = ("two_goaders", "goad_vs_trove")  # need two defending players
ATTACK_PATTERN_RATES: dict[str, dict[AttackPattern, float]] = {
    "play": {
        "none": 0.74,
        "cost": 0.05,
        "max_attackers": 0.02,
        "attacks_each_combat": 0.05,
        "attacks_if_able": 0.03,
        "trove": 0.03,
        "goad": 0.04,
        "arbiter_vs_forced": 0.01,
        "arbiter_vs_gideon": 0.01,
        "two_goaders": 0.01,
        "goad_vs_trove": 0.01,
    },
    "fast": {"none": 0.85, "cost": 0.10, "max_attackers": 0.05},
    "solver": {"arbiter_vs_forced": 0.3, "arbiter_vs_gideon": 0.3, "two_goaders": 0.2, "goad_vs_trove": 0.2},
}
# Commander (three or four players): goad, Propaganda-like taxes and Trove of Temptation are much more common.
COMMANDER_BOOST: dict[AttackPattern, float] = {"goad": 4.0, "cost": 2.0, "trove": 2.0}
# Share of multiplayer games in streams with attack records; `solver` needs them for its goad patterns.
ATTACK_MULTIPLAYER_RATES: dict[str, float] = {"play": MULTIPLAYER_RATE, "fast": MULTIPLAYER_RATE, "solver": 0.5}
LEFT_RIGHT_RATE = 0.2  # of multiplayer games: attack left or right (803) instead of attacking multiple players
SICK_RATE = 0.15  # an attacking player's creature came under their control this turn (302.6)
HASTE_WHEN_SICK = 0.25  # ... and has haste, which is often why it was cast before combat
ATTACKER_TAPPED_RATE = 0.08  # tapped for mana or an ability, or by an opponent's effect
WALL_RATE = 0.05  # a creature with defender
CANT_ATTACK_ALONE_RATE = 0.02
ATTACK_PLANESWALKER_RATE = 0.08  # per player
BATTLE_RATE = 0.03  # per record: a Siege on the battlefield
ATTACK_RATE = 0.6  # an unconstrained creature that can attack does
PAY_RATE = 0.3  # an attacker may pay a Propaganda-like cost
TROVE_OWN_RATE = 0.2  # Trove of Temptation is the active player's own: no requirement this turn
COST_ENCHANTMENTS = (("Propaganda", "U"), ("Ghostly Prison", "W"))
BATTLE_NAMES = ("Invasion of Ergamon", "Invasion of Kaladesh", "Invasion of Tarkir", "Invasion of Zendikar")

ATTACK_MUTATION_WEIGHTS: dict[str, float] = {
    "summoning_sickness": 25,
    "untapped_creature_attacks": 10,
    "defender": 10,
    "attack_target": 10,
    "max_attacking_creatures": 10,
    "cant_attack_alone": 5,
    "attacks_each_combat_if_able": 10,
    "attacks_if_able": 10,
    "goad": 10,
    "must_be_attacked": 10,
}
ATTACK_REQUIREMENT_KEYS = frozenset({"attacks_each_combat_if_able", "attacks_if_able", "goad", "must_be_attacked"})
REQUIREMENT_KEYS = BLOCK_REQUIREMENT_KEYS | ATTACK_REQUIREMENT_KEYS


@dataclass
class _Creature:
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


class _Impossible(Exception):
    """This board can't carry the wanted pattern or mistake; the caller draws another board."""


class _Table:
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
        self.creatures: list[_Creature] = []
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

    def creature(self, controller: str) -> _Creature:
        rng = self.rng
        if rng.random() < TOKEN_RATE:
            kind, color, power, toughness, token_keywords = rng.choice(TOKENS)
            name = f"{kind} Token"
            c = _Creature(
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
        c = _Creature(self.new_id(name), name, controller, power, toughness, (color,), (noun.lower(),), keywords)
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

    def by_id(self, creature_id: str) -> _Creature:
        return next(c for c in self.creatures if c.id == creature_id)


class _Board(_Table):
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
    def attackers(self) -> list[_Creature]:
        return [c for c in self.creatures if c.attacking is not None]

    def defending_creatures(self, player: str | None = None) -> list[_Creature]:
        return [c for c in self.creatures if c.controller != self.active and player in (None, c.controller)]

    def defender_of(self, attacker: _Creature) -> str:
        assert attacker.attacking is not None
        return self.planeswalkers.get(attacker.attacking, attacker.attacking)

    def costs(self, blocker: _Creature) -> bool:
        return blocker.block_cost is not None or bool(self.effects)

    def evades(self, blocker: _Creature, attacker: _Creature) -> bool:
        """Whether an evasion ability of `attacker` stops `blocker` (the pair restrictions the generator uses)."""
        if attacker.has("cant_be_blocked"):
            return True
        if attacker.has("flying") and not (blocker.has("flying") or blocker.has("reach")):
            return True
        return attacker.protection is not None and attacker.protection in blocker.colors

    def can_block(self, blocker: _Creature, attacker: _Creature) -> bool:
        """A declaration may contain this pair (paying the blocker's cost if it has one)."""
        return (
            not blocker.tapped
            and not blocker.has("cant_block")
            and blocker.controller == self.defender_of(attacker)
            and not self.evades(blocker, attacker)
        )

    def free_can_block(self, blocker: _Creature, attacker: _Creature) -> bool:
        return self.can_block(blocker, attacker) and not self.costs(blocker)

    def capacity(self, blocker: _Creature) -> int:
        return 1 + blocker.block_additional

    def blockers_of(self, attacker: _Creature) -> list[str]:
        return [b for b, attackers in self.blocks.items() if attacker.id in attackers]

    def unassigned(self) -> list[_Creature]:
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


@dataclass
class _Game:
    id: str
    players: list[str]
    colors: dict[str, str]
    turn: int
    attack_option: str | None = None  # multiplayer games: multiple_players, left or right, for the whole game


def _new_game(rng: random.Random, number: int, mix: str, attacks: bool) -> _Game:
    """A new game. Without attack records, the draws are those made before attack records existed, so blocker-only
    streams keep their records."""
    rate = ATTACK_MULTIPLAYER_RATES[mix] if attacks else (MULTIPLAYER_RATE if mix == "play" else 0.0)
    multiplayer = rate > 0 and rng.random() < rate
    players = rng.sample(PLAYER_NAMES, rng.choice((3, 4)) if multiplayer else 2)
    colors = {p: "".join(rng.sample(COLORS, rng.choice((1, 2, 2, 2)))) for p in players}
    game = _Game(f"g{number:06d}", players, colors, rng.randint(2, 4))
    if multiplayer and attacks:
        left_right = rng.random() < LEFT_RIGHT_RATE
        game.attack_option = rng.choice(("left", "right")) if left_right else "multiple_players"
    return game


def _choose(rng: random.Random, weights: dict[Any, float]) -> Any:
    keys = list(weights)
    return rng.choices(keys, weights=[weights[k] for k in keys])[0]


def _populate(board: _Board, pattern: Pattern) -> None:
    """Creatures on both sides, who attacks whom, lands, planeswalkers and block costs."""
    rng, turn = board.rng, board.turn
    opponents = [p for p in board.players if p != board.active]
    defending = board.defending_players()
    for player in board.players:
        board.lands(player)
    walkers = {}
    for player in opponents:
        if rng.random() < PLANESWALKER_RATE:
            walkers[player] = board.planeswalker(player)
    cap = min(2 + turn // 2, 7)
    own = [board.creature(board.active) for _ in range(rng.randint(1, cap))]
    for i, c in enumerate(own):
        if i == 0 or rng.random() < 0.75:
            target = rng.choice(defending)
            c.attacking = walkers[target] if target in walkers and rng.random() < 0.5 else target
            c.tapped = not c.has("vigilance")
    board.creatures += own
    for player in opponents:
        for _ in range(rng.randint(0, min(1 + turn // 2, 7))):
            c = board.creature(player)
            c.tapped = rng.random() < TAPPED_RATE
            board.creatures.append(c)
    if pattern == "cost":
        defenders = board.defending_creatures()
        if defenders and rng.random() < 0.5:
            rng.choice(defenders).block_cost = rng.choice(("{1}", "{2}", "{3}", "{2}{U}"))
        else:
            board.effects.append({"block_cost": rng.choice(("{1}", "{2}")), "source": rng.choice(COST_SOURCES)})


def _plain_attacker(board: _Board, defender: str, other_than: _Creature | None = None) -> _Creature:
    """An attacker of `defender` that every untapped creature of theirs can block: the target of a requirement.

    It has no requirement yet and no evasion; an existing attacker if one fits, else a new one attacking the player.
    """
    special = ("menace", "flying", "cant_be_blocked", "all_able_must_block_it", "must_be_blocked_if_able")
    candidates = [
        a
        for a in board.attackers
        if board.defender_of(a) == defender
        and a is not other_than
        and not (any(a.has(k) for k in special) or a.protection)
    ]
    if candidates:
        return board.rng.choice(candidates)
    attacker = board.creature(board.active)
    attacker.keywords -= set(special)
    attacker.protection = None
    attacker.attacking = defender
    attacker.tapped = not attacker.has("vigilance")
    board.creatures.append(attacker)
    return attacker


def _able_defenders(board: _Board, defender: str, minimum: int) -> list[_Creature]:
    """Untapped, cost-free creatures of `defender` that can block (adding some if fewer than `minimum`)."""
    able = [
        c
        for c in board.defending_creatures(defender)
        if not c.tapped and not c.has("cant_block") and not board.costs(c)
    ]
    while len(able) < minimum:
        c = board.creature(defender)
        c.keywords.discard("cant_block")
        c.tapped = False
        board.creatures.append(c)
        able.append(c)
    return able


def _requirements(board: _Board, pattern: Pattern) -> None:
    """Set up the pattern's requirement abilities and the blocks that obey the most requirements."""
    if pattern in ("none", "cost"):
        return
    rng = board.rng
    defender = board.defender_of(rng.choice(board.attackers))
    if pattern == "lure":
        lure = _plain_attacker(board, defender)
        lure.keywords.add("all_able_must_block_it")
        for c in _able_defenders(board, defender, 1):
            board.blocks[c.id] = [lure.id]
    elif pattern == "provoke":
        target = _plain_attacker(board, defender)
        provoked = rng.choice(_able_defenders(board, defender, 1))
        provoked.blocks_if_able = target.id
        board.blocks[provoked.id] = [target.id]
    elif pattern == "must_be_blocked":
        target = _plain_attacker(board, defender)
        target.keywords.add("must_be_blocked_if_able")
        able = _able_defenders(board, defender, 1)
        for c in rng.sample(able, rng.randint(1, min(2, len(able)))):
            board.blocks[c.id] = [target.id]
    elif pattern == "double_lure":
        first = _plain_attacker(board, defender)
        first.keywords.add("all_able_must_block_it")
        second = _plain_attacker(board, defender, other_than=first)
        second.keywords.add("all_able_must_block_it")
        for c in _able_defenders(board, defender, 1):
            board.blocks[c.id] = [rng.choice((first.id, second.id))]
    elif pattern == "provoke_vs_lure":
        lure = _plain_attacker(board, defender)
        lure.keywords.add("all_able_must_block_it")
        target = _plain_attacker(board, defender, other_than=lure)
        able = _able_defenders(board, defender, 1)
        provoked = rng.choice(able)
        provoked.blocks_if_able = target.id
        for c in able:
            board.blocks[c.id] = [lure.id]
        board.blocks[provoked.id] = [rng.choice((lure.id, target.id))]
    elif pattern == "two_must_be_blocked":
        first = _plain_attacker(board, defender)
        second = _plain_attacker(board, defender, other_than=first)
        first.keywords.add("must_be_blocked_if_able")
        second.keywords.add("must_be_blocked_if_able")
        able = _able_defenders(board, defender, 1)
        keep = rng.choice(able)
        for c in able:
            if c is not keep:
                c.tapped = True  # exactly one creature can block: it can satisfy only one of the two
        board.blocks[keep.id] = [rng.choice((first.id, second.id))]
    # Requirement boards keep one attacker per blocker, so each blocker obeys at most one requirement.
    for c in board.defending_creatures(defender):
        c.block_additional = 0


def _free_blocks(board: _Board, pattern: Pattern) -> None:
    """Creatures no requirement binds block (or not) as players do; menace gets two blockers or none."""
    rng = board.rng
    attackers = board.attackers
    paying_allowed = pattern in ("none", "cost")
    for c in board.unassigned():
        if c.tapped or c.has("cant_block") or (board.costs(c) and not (paying_allowed and rng.random() < 0.3)):
            continue
        if rng.random() >= BLOCK_RATE:
            continue
        options = [a for a in attackers if board.can_block(c, a)]
        if options:
            n = min(len(options), board.capacity(c) if rng.random() < 0.5 else 1)
            board.blocks[c.id] = [a.id for a in rng.sample(options, n)]
    for attacker in attackers:
        if not attacker.has("menace"):
            continue
        blockers = board.blockers_of(attacker)
        if len(blockers) != 1:
            continue
        extra = [c for c in board.unassigned() if board.can_block(c, attacker) and not board.costs(c)]
        if extra:
            board.blocks[rng.choice(extra).id] = [attacker.id]
        else:
            board.blocks[blockers[0]].remove(attacker.id)
            if not board.blocks[blockers[0]]:
                del board.blocks[blockers[0]]


# -- deliberate mistakes -------------------------------------------------------------------------------------
Mutation = Callable[[], None]


def _mutations(board: _Board, pattern: Pattern) -> dict[str, Mutation]:
    """The mistakes that this board allows, each one sure to break the rule it is named after."""
    rng = board.rng
    out: dict[str, Mutation] = {}
    attackers = board.attackers
    defenders = board.defending_creatures()

    def assign(blocker: _Creature, targets: list[_Creature]) -> Mutation:
        return lambda: board.blocks.__setitem__(blocker.id, [t.id for t in targets])

    def owned(c: _Creature, a: _Creature) -> bool:
        return c.controller == board.defender_of(a)

    def pick(pairs: list[tuple[_Creature, _Creature]]) -> tuple[_Creature, _Creature] | None:
        return rng.choice(pairs) if pairs else None

    untapped = [c for c in defenders if not c.tapped]
    choice = pick(
        [
            (c, a)
            for a in attackers
            if a.has("flying")
            for c in untapped
            if owned(c, a) and not (c.has("flying") or c.has("reach"))
        ]
    )
    if choice:
        out["flying"] = assign(choice[0], [choice[1]])
    choice = pick([(c, a) for a in attackers if a.has("menace") for c in defenders if board.can_block(c, a)])
    if choice:
        blocker, menace = choice

        def alone() -> None:
            for b in board.blockers_of(menace):
                board.blocks[b].remove(menace.id)
                if not board.blocks[b]:
                    del board.blocks[b]
            board.blocks[blocker.id] = [menace.id]

        out["menace"] = alone
    choice = pick([(c, a) for a in attackers for c in defenders if c.tapped and owned(c, a)])
    if choice:
        out["untapped_creature_blocks"] = assign(choice[0], [choice[1]])
    groups = [
        (c, options)
        for c in defenders
        if len(options := [a for a in attackers if board.can_block(c, a)]) > board.capacity(c)
    ]
    if groups:
        blocker, options = rng.choice(groups)
        out["one_attacker_per_blocker"] = assign(blocker, rng.sample(options, board.capacity(blocker) + 1))
    choice = pick([(c, a) for a in attackers for c in untapped if not owned(c, a)])
    if choice:
        out["blocks_attacker_of_its_player"] = assign(choice[0], [choice[1]])
    choice = pick([(c, a) for a in attackers for c in untapped if c.has("cant_block") and owned(c, a)])
    if choice:
        out["cant_block"] = assign(choice[0], [choice[1]])
    choice = pick(
        [(c, a) for a in attackers if a.protection for c in untapped if owned(c, a) and a.protection in c.colors]
    )
    if choice:
        out["protection"] = assign(choice[0], [choice[1]])
    choice = pick([(c, a) for a in attackers if a.has("cant_be_blocked") for c in untapped if owned(c, a)])
    if choice:
        out["cant_be_blocked"] = assign(choice[0], [choice[1]])

    # Missing a requirement: a cost-free creature that obeys one stops blocking. Requirements only count blocks,
    # so removing blocks never obeys another one; and every other requirement stays as the optimum has it.
    def stop(blocker_id: str) -> Mutation:
        def mutate() -> None:
            del board.blocks[blocker_id]

        return mutate

    by_id = {c.id: c for c in board.creatures}
    if pattern in ("lure", "double_lure", "provoke_vs_lure"):
        lured = [
            b
            for b, targets in board.blocks.items()
            if any(by_id[t].has("all_able_must_block_it") for t in targets) and not board.costs(by_id[b])
        ]
        if lured:
            out["all_able_must_block_it"] = stop(rng.choice(lured))
    if pattern in ("provoke", "provoke_vs_lure"):
        provoked = [c for c in defenders if c.blocks_if_able and c.id in board.blocks]
        if provoked:
            out["blocks_if_able"] = stop(provoked[0].id)
    if pattern in ("must_be_blocked", "two_must_be_blocked"):
        musts = [a for a in attackers if a.has("must_be_blocked_if_able") and board.blockers_of(a)]
        if musts:
            target = rng.choice(musts)

            def unblock() -> None:
                for b in board.blockers_of(target):
                    del board.blocks[b]

            out["must_be_blocked_if_able"] = unblock
    return out


def _blockers_record(rng: random.Random, game: _Game, mix: str, illegal: bool) -> dict[str, Any]:
    """One declare-blockers record of `game` at its current turn."""
    for _attempt in range(100):
        pattern: Pattern = _choose(rng, PATTERN_RATES[mix])
        active = game.players[(game.turn - 1) % len(game.players)]
        board = _Board(rng, game.players, game.colors, active, game.turn, game.attack_option)
        _populate(board, pattern)
        _requirements(board, pattern)
        _free_blocks(board, pattern)
        mutations = _mutations(board, pattern) if illegal else None
        focus = pattern not in ("none", "cost")
        record = _record(
            rng,
            game,
            "declare_blockers",
            pattern,
            board.snapshot,
            mutations,
            MUTATION_WEIGHTS,
            BLOCK_REQUIREMENT_KEYS,
            focus,
        )
        if record is not None:
            return record
    raise RuntimeError("could not build a board for this record")  # pragma: no cover - 100 tries never fail


def _record(
    rng: random.Random,
    game: _Game,
    step: str,
    pattern: str,
    snapshot: Callable[[], dict[str, Any]],
    mutations: dict[str, Mutation] | None,
    weights: dict[str, float],
    requirement_keys: frozenset[str],
    focus_on_requirements: bool,
) -> dict[str, Any] | None:
    """The record of a built board: legal as built, or (with `mutations`) illegal by one mistake drawn from them,
    half the time a missed requirement when one is possible. None when no mistake fits this board."""
    source: dict[str, Any] = {"game": game.id, "turn": game.turn, "step": step, "pattern": pattern}
    if mutations is not None:
        if not mutations:
            return None
        chances = {k: weights[k] for k in mutations}
        if focus_on_requirements and requirement_keys & set(mutations) and rng.random() < 0.5:
            chances = {k: w for k, w in chances.items() if k in requirement_keys}
        mutation = _choose(rng, chances)
        mutations[mutation]()
        source["mutation"] = mutation
    record: dict[str, Any] = {
        "id": f"{game.id}-t{game.turn:02d}",
        "source": source,
        "expected": "legal" if mutations is None else "illegal",
    }
    record.update(snapshot())
    return record


# -- declare attackers ---------------------------------------------------------------------------------------
class _AttackBoard(_Table):
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
    def wall(self, controller: str) -> _Creature:
        color = self.rng.choice(self.colors[controller])
        name = f"{self.rng.choice(ADJECTIVES)} Wall"
        keywords = {"defender", "reach"} if self.rng.random() < 0.3 else {"defender"}
        power = self.rng.choice((0, 0, 1, 2))
        return _Creature(
            self.new_id(name), name, controller, power, self.rng.randint(4, 6), (color,), ("wall",), keywords
        )

    def fighter(self, controller: str) -> _Creature:
        """A creature of the real-play mix, now and then a wall."""
        return self.wall(controller) if self.rng.random() < WALL_RATE else self.creature(controller)

    def own_creature(self) -> _Creature:
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

    def able_creature(self) -> _Creature:
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
        arbiter = _Creature(self.new_id(name), name, controller, 1, 5, (), ("construct",), artifact=True)
        self.creatures.append(arbiter)
        self.effects += [{"max_attackers": 1, "source": arbiter.id}, {"max_blockers": 1, "source": arbiter.id}]
        self.max_attackers = 1

    def trove_of_temptation(self, player: str) -> None:
        source = self.permanent("Trove of Temptation", player, ["enchantment"], "R")
        self.effects.append({"must_be_attacked": player, "source": source})
        self.trove = player

    # -- the generator's model of 508.1 ----------------------------------------------------------------------
    @property
    def own(self) -> list[_Creature]:
        return [c for c in self.creatures if c.controller == self.active]

    def sick(self, c: _Creature) -> bool:
        return c.entered_this_turn and not c.has("haste")

    def exempt(self, c: _Creature) -> bool:
        """Tapped and summoning-sick creatures carry no requirement (508.1d)."""
        return c.tapped or self.sick(c)

    def able(self, c: _Creature) -> bool:
        return c.controller == self.active and not self.exempt(c) and not c.has("defender")

    def forced(self, c: _Creature) -> bool:
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

    def free_targets(self, c: _Creature) -> list[str]:
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


def _attack_pattern_weights(mix: str, board: _AttackBoard) -> dict[AttackPattern, float]:
    """The mix's attack patterns that fit this game: Commander boosts, two-defender patterns only where possible."""
    multiplayer = len(board.players) > 2
    weights = {
        p: w * (COMMANDER_BOOST.get(p, 1.0) if multiplayer else 1.0)
        for p, w in ATTACK_PATTERN_RATES[mix].items()
        if len(board.defending_players()) > 1 or p not in MULTIPLAYER_PATTERNS
    }
    return weights


def _populate_attack(board: _AttackBoard, pattern: AttackPattern) -> None:
    """Lands, planeswalkers, the odd battle, the active player's creatures and their opponents'."""
    rng, turn = board.rng, board.turn
    for player in board.players:
        board.lands(player)
    for player in board.players:
        if rng.random() < ATTACK_PLANESWALKER_RATE:
            board.planeswalker(player)
    # No battle on Trove boards: the checker counts an attack on a battle its owner protects as obeying Trove of
    # Temptation, which the card does not say (see docs/batch.md), so the generator stays out of that case.
    if pattern not in ("trove", "goad_vs_trove") and rng.random() < BATTLE_RATE:
        controller = rng.choice(board.players)
        board.battle(controller, rng.choice([p for p in board.players if p != controller]))
    for _ in range(rng.randint(1, min(2 + turn // 2, 7))):
        board.creatures.append(board.own_creature())
    for player in board.players:
        if player == board.active:
            continue
        for _ in range(rng.randint(0, min(1 + turn // 2, 7))):
            c = board.fighter(player)
            c.tapped = rng.random() < TAPPED_RATE
            board.creatures.append(c)
    if pattern in ("none", "cost"):
        for c in board.own:
            if not c.has("defender") and rng.random() < CANT_ATTACK_ALONE_RATE:
                c.keywords.add("cant_attack_alone")


def _able_own(board: _AttackBoard, count: int) -> list[_Creature]:
    """`count` creatures of the active player that can attack (new ones if too few)."""
    able = [c for c in board.own if board.able(c)]
    chosen = board.rng.sample(able, min(count, len(able)))
    while len(chosen) < count:
        chosen.append(board.able_creature())
    return chosen


def _some_own(board: _AttackBoard, count: int) -> list[_Creature]:
    """`count` creatures of the active player, able to attack or not, that aren't walls (new ones if too few)."""
    fighters = [c for c in board.own if not c.has("defender")]
    chosen = board.rng.sample(fighters, min(count, len(fighters)))
    while len(chosen) < count:
        chosen.append(board.able_creature())
    return chosen


def _goad_target(board: _AttackBoard, c: _Creature) -> str | None:
    """The cost-free target that obeys the most of a goaded creature's requirements (701.38b-c): a player other
    than every goader obeys them all; a goader obeys "attacks" and "other than" each other goader; a planeswalker
    or a battle obeys only "attacks"."""
    free = board.free_targets(c)
    goaders = set(c.goaded_by)
    best_first = (
        [t for t in free if t in board.players and t not in goaders],
        [t for t in free if t in board.players],
        free,
    )
    for group in best_first:
        if group:
            return board.rng.choice(group)
    return None


def _goad_score(board: _AttackBoard, c: _Creature) -> int:
    """Requirements of a creature goaded by one player, or attacking each combat, that one cost-free attack obeys."""
    if not c.goaded_by:
        return 1
    return 1 + any(p in board.players and p not in c.goaded_by for p in board.free())


def _attack_requirements(board: _AttackBoard, pattern: AttackPattern) -> None:
    """Set up the pattern's effects and requirements, and the attacks that obey the most requirements."""
    rng = board.rng
    opponents = [p for p in board.players if p != board.active]
    defending = board.defending_players()
    attacks = board.attacks
    if pattern == "cost":
        for player in rng.sample(opponents, 2 if len(opponents) > 2 and rng.random() < 0.3 else 1):
            board.attack_cost(player)
    elif pattern == "max_attackers":
        board.silent_arbiter()
    elif pattern == "attacks_each_combat":
        # Each one that can attacks something: every requirement obeyed (no cost, no limit on this board).
        for c in _some_own(board, rng.choice((1, 1, 2))):
            c.keywords.add("attacks_each_combat_if_able")
            if board.able(c):
                attacks[c.id] = board.pick(board.free_targets(c))
    elif pattern == "attacks_if_able":
        player = rng.choice(defending)
        if rng.random() < 0.6:  # Gideon Jura's +2: every creature of the active player attacks Gideon if able
            gideon = board.planeswalker(player, "Gideon Jura")
            for c in board.own:
                c.attacks_if_able = gideon
                if board.able(c):
                    attacks[c.id] = gideon
        else:  # Alluring Siren: one creature attacks the Siren's controller if able
            name = "Alluring Siren"
            board.creatures.append(_Creature(board.new_id(name), name, player, 1, 1, ("U",), ("siren",)))
            c = _some_own(board, 1)[0]
            c.attacks_if_able = player
            if board.able(c):
                attacks[c.id] = player
    elif pattern == "trove":
        board.trove_of_temptation(board.active if rng.random() < TROVE_OWN_RATE else rng.choice(opponents))
        # obeyed in _finish_attacks, after the free attacks
    elif pattern == "goad":
        if len(opponents) > 1 and rng.random() < 0.3:
            board.attack_cost(rng.choice(opponents))
        for c in rng.sample(board.own, min(len(board.own), rng.choice((1, 1, 2)))):
            goaders = (
                rng.sample(opponents, 2) if len(opponents) > 2 and rng.random() < 0.35 else [rng.choice(opponents)]
            )
            free_players = {p for p in board.free() if p in board.players}
            if len(goaders) == 2 and free_players == set(goaders):
                # Both goaders free and no other free player: "attacks a player other than ben" and "... other
                # than cai" conflict. That is the two_goaders pattern; here one goader keeps the board conflict-free.
                goaders = goaders[:1]
            c.goaded_by = tuple(goaders)
            if board.able(c) and (target := _goad_target(board, c)):
                attacks[c.id] = target
    elif pattern == "two_goaders":
        # Goaded by ben and cai, and every other player taxed: attacking ben misses "other than ben", attacking
        # cai misses "other than cai". Three of the four requirements per creature is the most.
        goaders = rng.sample(defending, 2)
        for player in opponents:
            if player not in goaders:
                board.attack_cost(player)
        for c in _able_own(board, rng.choice((1, 1, 2))):
            c.goaded_by = tuple(goaders)
            attacks[c.id] = rng.choice(goaders)
    elif pattern == "goad_vs_trove":
        # Goaded by the Trove's owner, and no other creature able to attack: attacking the owner obeys Trove but
        # misses "other than" the owner. 2n of the 2n + 1 requirements is the most, either way.
        owner = rng.choice(defending)
        board.trove_of_temptation(owner)
        goaded = _able_own(board, rng.choice((1, 1, 2)))
        for c in board.own:
            if c not in goaded and board.able(c):
                if c.has("haste") or rng.random() < 0.5:
                    c.tapped = True
                else:
                    c.entered_this_turn = True
        others = [p for p in defending if p != owner]
        hit = rng.choice(goaded) if rng.random() < 0.5 else None
        for c in goaded:
            c.goaded_by = (owner,)
            attacks[c.id] = board.pick(board.trove_side()) if c is hit else rng.choice(others)
    elif pattern == "arbiter_vs_forced":
        # Silent Arbiter and two or three creatures forced to attack: only one may. The one whose attack obeys the
        # most requirements attacks (a creature goaded in multiplayer obeys two, others one).
        board.silent_arbiter()
        forced = _able_own(board, rng.choice((2, 2, 3)))
        for c in forced:
            if rng.random() < 0.4:
                c.goaded_by = (rng.choice(opponents),)
            else:
                c.keywords.add("attacks_each_combat_if_able")
        best = max(_goad_score(board, c) for c in forced)
        chosen = rng.choice([c for c in forced if _goad_score(board, c) == best])
        target = _goad_target(board, chosen) if chosen.goaded_by else board.pick(board.free_targets(chosen))
        assert target is not None
        attacks[chosen.id] = target
    elif pattern == "arbiter_vs_gideon":
        # Silent Arbiter and Gideon Jura: every creature must attack Gideon, only one may.
        board.silent_arbiter()
        gideon = board.planeswalker(rng.choice(defending), "Gideon Jura")
        able = _able_own(board, rng.choice((2, 2, 3)))
        for c in board.own:
            c.attacks_if_able = gideon
        attacks[rng.choice(able).id] = gideon


def _free_attacks(board: _AttackBoard, pattern: AttackPattern) -> None:
    """Creatures without a requirement attack (or not) as players do; some pay Propaganda."""
    if pattern in ("arbiter_vs_forced", "arbiter_vs_gideon"):
        return
    rng = board.rng
    for c in board.own:
        if c.id in board.attacks or board.forced(c) or not board.able(c) or rng.random() >= ATTACK_RATE:
            continue
        options = list(board.targets()) if board.cost_players and rng.random() < PAY_RATE else board.free_targets(c)
        if options:
            board.attacks[c.id] = board.pick(options)


def _finish_attacks(board: _AttackBoard, pattern: AttackPattern) -> None:
    """Silent Arbiter's limit, Trove of Temptation's requirement and "can't attack alone"."""
    rng = board.rng
    attacks = board.attacks
    if pattern == "max_attackers" and board.max_attackers is not None:
        while len(attacks) > board.max_attackers:
            del attacks[rng.choice(list(attacks))]
    if pattern == "trove" and board.trove_applies():
        side = board.trove_side()
        able = [c for c in board.own if board.able(c)]
        if side and able and not any(t in side for t in attacks.values()):
            idle = [c for c in able if c.id not in attacks]
            attacks[rng.choice(idle or able).id] = board.pick(side)
    for c in board.own:
        if c.has("cant_attack_alone") and list(attacks) == [c.id]:
            partners = [o for o in board.own if o is not c and board.free_targets(o)]
            if partners:
                partner = rng.choice(partners)
                attacks[partner.id] = board.pick(board.free_targets(partner))
            else:
                del attacks[c.id]


def _attack_mutations(board: _AttackBoard, pattern: AttackPattern) -> dict[str, Mutation]:
    """The mistakes that this board allows, each one sure to break the rule it is named after.

    A restriction is broken by adding (or moving) one attack. A requirement is missed by removing attacks that
    obey it, or moving them to a target that obeys no other requirement: requirements only count attacks, so this
    obeys nothing new; the legal declaration obeyed exactly the most that can be obeyed (no paid attack obeys a
    requirement on these boards), so the mutated one obeys fewer.
    """
    rng = board.rng
    out: dict[str, Mutation] = {}
    attacks = board.attacks
    own = board.own
    targets = list(board.targets())
    free = board.free()
    idle = [c for c in own if c.id not in attacks]

    def attack(c: _Creature, target: str) -> Mutation:
        return lambda: attacks.__setitem__(c.id, target)

    def stop(c: _Creature) -> Mutation:
        def mutate() -> None:
            del attacks[c.id]

        return mutate

    sick = [c for c in idle if board.sick(c) and not c.tapped and not c.has("defender")]
    if sick:
        out["summoning_sickness"] = attack(rng.choice(sick), rng.choice(targets))
    tapped = [c for c in idle if c.tapped and not board.sick(c) and not c.has("defender")]
    if tapped:
        out["untapped_creature_attacks"] = attack(rng.choice(tapped), rng.choice(targets))
    walls = [c for c in idle if c.has("defender") and not board.exempt(c)]
    if walls:
        out["defender"] = attack(rng.choice(walls), rng.choice(targets))
    # A player the attack option leaves out (or that player's planeswalker), one's own planeswalker or a battle
    # one protects.
    outside = [
        t for t in [*board.players, *board.planeswalkers, *board.battles] if t not in targets and t != board.active
    ]
    movers = [c for c in own if board.able(c)]
    if outside and movers:
        out["attack_target"] = attack(rng.choice(movers), rng.choice(outside))
    if board.max_attackers is not None:
        extra = [c for c in idle if board.free_targets(c)]
        need = board.max_attackers + 1 - len(attacks)
        if len(extra) >= need:
            added = [(c, board.pick(board.free_targets(c))) for c in rng.sample(extra, need)]

            def too_many() -> None:
                for c, target in added:
                    attacks[c.id] = target

            out["max_attacking_creatures"] = too_many
    if pattern in ("none", "cost"):
        loners = [c for c in own if c.has("cant_attack_alone") and board.free_targets(c)]
        if loners:
            loner = rng.choice(loners)
            target = board.pick(board.free_targets(loner))

            def alone() -> None:
                attacks.clear()
                attacks[loner.id] = target

            out["cant_attack_alone"] = alone

    # Missing a requirement.
    if pattern in ("attacks_each_combat", "arbiter_vs_forced"):
        forced = [c for c in own if c.has("attacks_each_combat_if_able") and c.id in attacks]
        if forced:
            out["attacks_each_combat_if_able"] = stop(rng.choice(forced))
    if pattern in ("attacks_if_able", "arbiter_vs_gideon"):
        obeying = [c for c in own if c.attacks_if_able is not None and attacks.get(c.id) == c.attacks_if_able]
        if obeying:
            c = rng.choice(obeying)
            elsewhere = [t for t in free if t != c.attacks_if_able]
            out["attacks_if_able"] = attack(c, rng.choice(elsewhere)) if elsewhere and rng.random() < 0.5 else stop(c)
    if pattern in ("goad", "two_goaders", "goad_vs_trove", "arbiter_vs_forced"):
        goaded = [c for c in own if c.goaded_by and c.id in attacks]
        if goaded:
            c = rng.choice(goaded)
            target = attacks[c.id]
            # Moving from a player to a planeswalker or battle misses "attacks a player other than" each goader
            # that player is not (but not to Trove's side: that would obey Trove instead); stopping misses all.
            trove_side = board.trove_side() if board.trove_applies() else []
            not_players = [t for t in free if t not in board.players and t not in trove_side]
            if target in board.players and any(g != target for g in c.goaded_by) and not_players and rng.random() < 0.5:
                out["goad"] = attack(c, rng.choice(not_players))
            else:
                out["goad"] = stop(c)
    if pattern == "trove" and board.trove_applies():
        side = board.trove_side()
        hitters = [c for c in own if attacks.get(c.id) in side]
        if hitters:
            elsewhere = [t for t in free if t not in side]
            moves = [(c, rng.choice(elsewhere) if elsewhere and rng.random() < 0.5 else None) for c in hitters]

            def avoid() -> None:
                for c, target in moves:
                    if target is None:
                        del attacks[c.id]
                    else:
                        attacks[c.id] = target

            out["must_be_attacked"] = avoid
    return out


def _attackers_record(rng: random.Random, game: _Game, mix: str, illegal: bool) -> dict[str, Any]:
    """One declare-attackers record of `game` at its current turn."""
    for _attempt in range(100):
        active = game.players[(game.turn - 1) % len(game.players)]
        board = _AttackBoard(rng, game.players, game.colors, active, game.turn, game.attack_option)
        pattern: AttackPattern = _choose(rng, _attack_pattern_weights(mix, board))
        _populate_attack(board, pattern)
        _attack_requirements(board, pattern)
        _free_attacks(board, pattern)
        _finish_attacks(board, pattern)
        mutations = _attack_mutations(board, pattern) if illegal else None
        record = _record(
            rng,
            game,
            "declare_attackers",
            pattern,
            board.snapshot,
            mutations,
            ATTACK_MUTATION_WEIGHTS,
            ATTACK_REQUIREMENT_KEYS,
            True,
        )
        if record is not None:
            return record
    raise RuntimeError("could not build a board for this record")  # pragma: no cover - 100 tries never fail


STEP_BUILDERS: dict[str, Callable[[random.Random, _Game, str, bool], dict[str, Any]]] = {
    "declare_blockers": _blockers_record,
    "declare_attackers": _attackers_record,
}


def generate_records(
    count: int,
    *,
    seed: int = 0,
    illegal_share: float = 0.1,
    mix: str = "play",
    step: str | None = None,
) -> Iterator[dict[str, Any]]:
    """`count` records, grouped in games of a few combats each; exactly round(count * illegal_share) are illegal.

    `step` None mixes the steps as the mix says (`ATTACK_SHARES`: a third of attack records in `play`, none in
    `fast` and `solver`); "declare_blockers" or "declare_attackers" gives only that step.
    Streamed: memory does not grow with `count`. The same arguments always give the same records.
    """
    if count < 0:
        raise ValueError("count must be >= 0")
    if not 0.0 <= illegal_share <= 1.0:
        raise ValueError("illegal_share must be between 0 and 1")
    if mix not in PATTERN_RATES:
        raise ValueError(f"unknown mix '{mix}'; known: {', '.join(PATTERN_RATES)}")
    if step is not None and step not in STEP_BUILDERS:
        raise ValueError(f"unknown step '{step}'; known: {', '.join(STEP_BUILDERS)}")
    attack_share = ATTACK_SHARES[mix] if step is None else float(step == "declare_attackers")
    rng = random.Random(seed)
    wanted = round(count * illegal_share)
    game_number = 0
    game = _new_game(rng, game_number, mix, attack_share > 0)
    combats_left = rng.randint(3, 9)
    for index in range(count):
        # Selection sampling (Knuth's algorithm S): exactly `wanted` illegal records, spread uniformly.
        illegal = rng.random() * (count - index) < wanted
        wanted -= illegal
        if combats_left == 0:
            game_number += 1
            game = _new_game(rng, game_number, mix, attack_share > 0)
            combats_left = rng.randint(3, 9)
        # Drawn only when both steps are possible, so a one-step stream is the same as before attacks existed.
        this_step = step or (
            "declare_attackers" if attack_share > 0 and rng.random() < attack_share else "declare_blockers"
        )
        yield STEP_BUILDERS[this_step](rng, game, mix, illegal)
        combats_left -= 1
        game.turn += rng.choice((1, 1, 2))


def dumps(record: dict[str, Any]) -> str:
    return json.dumps(record, separators=(",", ":"), ensure_ascii=False)


def write_records(records: Iterable[dict[str, Any]], stream: IO[str]) -> int:
    """Write records as JSON lines; returns how many."""
    n = 0
    for record in records:
        stream.write(dumps(record) + "\n")
        n += 1
    return n


def write_file(records: Iterable[dict[str, Any]], path: Path) -> int:
    """Write to `path`, gzip-compressed when it ends in .gz (reproducibly: no timestamp in the header)."""
    if path.suffix == ".gz":
        with path.open("wb") as raw, gzip.GzipFile(filename="", mode="wb", fileobj=raw, mtime=0) as gz:
            text = io.TextIOWrapper(gz, encoding="utf-8", newline="\n")
            n = write_records(records, text)
            text.flush()
            text.detach()
            return n
    with path.open("w", encoding="utf-8", newline="\n") as stream:
        return write_records(records, stream)
