"""Synthetic recorded combats: boards with the ability mix of real play, declarations whose verdict is known.

Each record is a snapshot plus `id`, `source` and `expected` (see docs/batch.md). The verdict is known *by
construction*, not by asking the checker: a legal declaration is built to obey every restriction the generator
uses and the most requirements that can be obeyed; an illegal one is a legal one with one deliberate mistake,
named in `source.mutation` by the catalog key of the rule it breaks. The checker can therefore be tested against
the generator, and the share of illegal records is exact (`round(count * illegal_share)`).

The generator only uses abilities whose meaning it models itself (`_Board.can_block`): flying, reach, menace,
protection from a color, "can't be blocked", decayed ("can't block"), "can block an additional creature", block
costs, Lure, provoke (`blocks_if_able`), "must be blocked if able", tapped creatures and multiplayer boards. The
other keywords it writes (first strike, deathtouch, trample, ...) change nothing about which blocks are legal.

Mixes:
  play    the mix of real play: mostly evasion and combat keywords, a few requirement and cost boards;
  fast    no requirements at all: every record is decided without CP-SAT;
  solver  every board has requirements that conflict, so CP-SAT must run for every record.

Only declare-blockers records are generated. Attack-step records (goad, Propaganda) will need a builder with the
signature of `_blockers_record`, registered in `STEP_BUILDERS` under "declare_attackers".
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
REQUIREMENT_KEYS = frozenset({"all_able_must_block_it", "blocks_if_able", "must_be_blocked_if_able"})

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
        if self.attacking:
            out["attacking"] = self.attacking
        return out


class _Impossible(Exception):
    """This board can't carry the wanted pattern or mistake; the caller draws another board."""


class _Board:
    """One declare-blockers board and the generator's own model of which blocks are legal."""

    def __init__(self, rng: random.Random, players: list[str], colors: dict[str, str], active: str, turn: int) -> None:
        self.rng = rng
        self.players = players
        self.colors = colors
        self.active = active
        self.turn = turn
        self.creatures: list[_Creature] = []
        self.others: list[dict[str, Any]] = []
        self.effects: list[dict[str, Any]] = []
        self.planeswalkers: dict[str, str] = {}  # planeswalker id -> controller
        self.blocks: dict[str, list[str]] = {}  # the declaration: blocker -> attackers
        self._ids = itertools.count(1)

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

    def planeswalker(self, player: str) -> str:
        name = f"{self.rng.choice(ADJECTIVES)} Planeswalker"
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

    def by_id(self, creature_id: str) -> _Creature:
        return next(c for c in self.creatures if c.id == creature_id)

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


def _new_game(rng: random.Random, number: int, mix: str) -> _Game:
    multiplayer = mix == "play" and rng.random() < MULTIPLAYER_RATE
    players = rng.sample(PLAYER_NAMES, rng.choice((3, 4)) if multiplayer else 2)
    colors = {p: "".join(rng.sample(COLORS, rng.choice((1, 2, 2, 2)))) for p in players}
    return _Game(f"g{number:06d}", players, colors, rng.randint(2, 4))


def _choose(rng: random.Random, weights: dict[Any, float]) -> Any:
    keys = list(weights)
    return rng.choices(keys, weights=[weights[k] for k in keys])[0]


def _populate(board: _Board, pattern: Pattern) -> None:
    """Creatures on both sides, who attacks whom, lands, planeswalkers and block costs."""
    rng, turn = board.rng, board.turn
    opponents = [p for p in board.players if p != board.active]
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
            target = rng.choice(opponents)
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
        board = _Board(rng, game.players, game.colors, active, game.turn)
        _populate(board, pattern)
        _requirements(board, pattern)
        _free_blocks(board, pattern)
        source: dict[str, Any] = {"game": game.id, "turn": game.turn, "step": "declare_blockers", "pattern": pattern}
        if illegal:
            options = _mutations(board, pattern)
            if not options:
                continue
            weights = {k: MUTATION_WEIGHTS[k] for k in options}
            if pattern not in ("none", "cost") and REQUIREMENT_KEYS & set(options) and rng.random() < 0.5:
                weights = {k: w for k, w in weights.items() if k in REQUIREMENT_KEYS}
            mutation = _choose(rng, weights)
            options[mutation]()
            source["mutation"] = mutation
        record: dict[str, Any] = {
            "id": f"{game.id}-t{game.turn:02d}",
            "source": source,
            "expected": "illegal" if illegal else "legal",
        }
        record.update(board.snapshot())
        return record
    raise RuntimeError("could not build a board for this record")  # pragma: no cover - 100 tries never fail


STEP_BUILDERS: dict[str, Callable[[random.Random, _Game, str, bool], dict[str, Any]]] = {
    "declare_blockers": _blockers_record,
}


def generate_records(
    count: int,
    *,
    seed: int = 0,
    illegal_share: float = 0.1,
    mix: str = "play",
    step: str = "declare_blockers",
) -> Iterator[dict[str, Any]]:
    """`count` records, grouped in games of a few combats each; exactly round(count * illegal_share) are illegal.

    Streamed: memory does not grow with `count`. The same arguments always give the same records.
    """
    if count < 0:
        raise ValueError("count must be >= 0")
    if not 0.0 <= illegal_share <= 1.0:
        raise ValueError("illegal_share must be between 0 and 1")
    if mix not in PATTERN_RATES:
        raise ValueError(f"unknown mix '{mix}'; known: {', '.join(PATTERN_RATES)}")
    if step not in STEP_BUILDERS:
        raise ValueError(f"step '{step}' can't be generated yet; known: {', '.join(STEP_BUILDERS)}")
    build = STEP_BUILDERS[step]
    rng = random.Random(seed)
    wanted = round(count * illegal_share)
    game_number = 0
    game = _new_game(rng, game_number, mix)
    combats_left = rng.randint(3, 9)
    for index in range(count):
        # Selection sampling (Knuth's algorithm S): exactly `wanted` illegal records, spread uniformly.
        illegal = rng.random() * (count - index) < wanted
        wanted -= illegal
        if combats_left == 0:
            game_number += 1
            game = _new_game(rng, game_number, mix)
            combats_left = rng.randint(3, 9)
        yield build(rng, game, mix, illegal)
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
