"""The generator's tables: how often each pattern, keyword, mistake and board feature occurs, and the names it
uses. Data only; the mixes are described in the package docstring."""

from __future__ import annotations

from typing import Literal, get_args

Mix = Literal["play", "fast", "solver"]
MIXES: tuple[str, ...] = get_args(Mix)

# Requirement patterns. "none" and "cost" have no requirement; the three conflicting ones force CP-SAT;
# "paid_lure" is a Lure with a creature its controller pays for, held to the Lure once paid (docs/format.md#costs).
Pattern = Literal[
    "none",
    "cost",
    "lure",
    "paid_lure",
    "provoke",
    "must_be_blocked",
    "double_lure",
    "provoke_vs_lure",
    "two_must_be_blocked",
]
CONFLICTING: tuple[Pattern, ...] = ("double_lure", "provoke_vs_lure", "two_must_be_blocked")
PATTERN_RATES: dict[str, dict[Pattern, float]] = {
    "play": {
        "none": 0.79,
        "cost": 0.05,
        "lure": 0.04,
        "paid_lure": 0.01,
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
