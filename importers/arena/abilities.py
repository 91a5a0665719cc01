"""Arena ability ids that combatcheck reads without a card database.

Keyword ability ids are global and stable across Arena's history (the same in 2018, 2020 and 2026 logs; see
docs/arena.md). Anything not listed here is read through the card database (an imported file with Arena ids)
or reported as not translated.
"""

from __future__ import annotations

from typing import Any

# Keyword ids -> the snapshot's ability (a name, or a one-key mapping for abilities with a parameter).
KEYWORD_IDS: dict[int, Any] = {
    1: "deathtouch",
    2: "defender",
    3: "double_strike",
    6: "first_strike",
    7: "flash",
    8: "flying",
    9: "haste",
    10: "hexproof",
    12: "lifelink",
    13: "reach",
    14: "trample",
    15: "vigilance",
    104: "indestructible",
    142: "menace",
    185: {"protection_from": ["white"]},
    186: {"protection_from": ["blue"]},
    187: {"protection_from": ["black"]},
    188: {"protection_from": ["red"]},
    189: {"protection_from": ["green"]},
    9532: {"protection_from": ["multicolored"]},
    17157: "cant_block",  # "This creature can't block."
    86476: "cant_block",  # "CARDNAME can't block."
    62969: "cant_be_blocked",  # "CARDNAME can't be blocked."
}

# Ids whose text never bears on which attacks or blocks are legal: basic land mana abilities, enchant, equip,
# prowess, crew (activated or triggered, or about attaching). They need no card database.
NO_COMBAT_EFFECT_IDS: frozenset[int] = frozenset({1001, 1002, 1003, 1004, 1005, 4, 5, 137, 156})

# Arena's QualificationType numbers for combat restrictions and requirements (GRE protocol enum), used to name
# what a Qualification annotation is about when its ability can't be read.
COMBAT_QUALIFICATIONS: dict[int, str] = {
    30: "can't attack",
    31: "can't block",
    32: "can't be blocked",
    33: "must block an attacker",
    34: "must attack",
    39: "blocked by at most N",
    40: "blocked by at least N",
    41: "must attack a specific player or permanent",
    42: "blocks if able",
    43: "able to attack",
    44: "attacks that combat if able",
    49: "can attack",
    52: "can't block unless also",
    54: "maximum attackers",
    55: "maximum blockers",
    56: "can't attack unless also",
    57: "can only attack alone",
    59: "attack cost",
    60: "block cost",
    63: "must attack one of a list",
}


def ability_ids(obj: dict[str, Any]) -> list[int]:
    """An object's ability ids: `uniqueAbilities[].grpId` (2021 on) or `abilities[]` (2020 and before)."""
    unique = obj.get("uniqueAbilities")
    if unique:
        return [a["grpId"] for a in unique if isinstance(a, dict) and isinstance(a.get("grpId"), int)]
    return [a for a in obj.get("abilities") or () if isinstance(a, int)]
