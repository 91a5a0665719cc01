"""Boards of growing size for the benchmark: a realistic mix of abilities, with or without requirements."""

from __future__ import annotations

import random
from typing import Any

ATTACKER_MIX: list[tuple[Any, float]] = [
    ("flying", 0.25),
    ("menace", 0.12),
    ("first_strike", 0.1),
    ("deathtouch", 0.1),
    ("trample", 0.1),
    ("intimidate", 0.03),
    ("fear", 0.02),
    ({"protection_from": ["white"]}, 0.03),
    ({"landwalk": "forest"}, 0.02),
    ("skulk", 0.02),
]
BLOCKER_MIX: list[tuple[Any, float]] = [
    ("flying", 0.15),
    ("reach", 0.1),
    ("first_strike", 0.1),
    ("deathtouch", 0.1),
    ("defender", 0.05),
    ("cant_block", 0.02),
    ({"can_block_additional": 1}, 0.03),
]
COLORS = ["W", "U", "B", "R", "G"]


def _creature(
    rng: random.Random, cid: str, controller: str, mix: list[tuple[Any, float]], token: bool
) -> dict[str, Any]:
    if token:  # a token army: identical creatures
        return {
            "id": cid,
            "name": "Soldier token",
            "controller": controller,
            "colors": ["W"],
            "power": 1,
            "toughness": 1,
            "subtypes": ["soldier"],
        }
    return {
        "id": cid,
        "controller": controller,
        "colors": [rng.choice(COLORS)],
        "power": rng.randint(0, 6),
        "toughness": rng.randint(1, 6),
        "abilities": [a for a, p in mix if rng.random() < p],
    }


def board(attackers: int, blockers: int, *, requirements: bool, seed: int = 0, tokens: float = 0.3) -> dict[str, Any]:
    """A declare-blockers snapshot without a declaration. With `requirements`: a Lure attacker, a "must be blocked"
    attacker, two "blocks each combat if able" creatures and a provoked one (scaled up on large boards)."""
    rng = random.Random(seed)
    perms = []
    for i in range(attackers):
        c = _creature(rng, f"a{i}", "ana", ATTACKER_MIX, rng.random() < tokens)
        c["attacking"] = "ben"
        perms.append(c)
    for i in range(blockers):
        perms.append(_creature(rng, f"b{i}", "ben", BLOCKER_MIX, rng.random() < tokens))
    if requirements:
        scale = max(1, attackers // 25)
        for k in range(scale):
            perms[(5 * k) % attackers].setdefault("abilities", []).append("all_able_must_block_it")
            perms[(5 * k + 1) % attackers].setdefault("abilities", []).append("must_be_blocked_if_able")
        for k in range(2 * scale):
            perms[attackers + (3 * k) % blockers].setdefault("abilities", []).append("blocks_each_combat_if_able")
        perms[attackers + blockers - 1].setdefault("abilities", []).append({"blocks_if_able": f"a{attackers - 1}"})
    perms.append(
        {"id": "forest", "controller": "ben", "types": ["land"], "subtypes": ["forest"], "supertypes": ["basic"]}
    )
    return {"step": "declare_blockers", "active_player": "ana", "players": ["ana", "ben"], "permanents": perms}


def ordinary_blocks(snapshot: dict[str, Any], seed: int = 0) -> dict[str, list[str]]:
    """A plausible proposal: each non-flying blocker blocks a random non-flying attacker, half the time."""
    rng = random.Random(seed)
    attackers = [
        p["id"]
        for p in snapshot["permanents"]
        if p.get("attacking") and "flying" not in p.get("abilities", []) and "menace" not in p.get("abilities", [])
    ]
    blocks: dict[str, list[str]] = {}
    for p in snapshot["permanents"]:
        if p["controller"] == "ben" and "types" not in p and attackers and rng.random() < 0.5:
            abilities = p.get("abilities", [])
            if not any(a in abilities for a in ("cant_block", "blocks_each_combat_if_able")) and not any(
                isinstance(a, dict) for a in abilities
            ):
                blocks[p["id"]] = [rng.choice(attackers)]
    return blocks
