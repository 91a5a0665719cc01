"""Hypothesis strategies for random small declare-blockers boards that use every catalog entry."""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

COLORS = ["W", "U", "B", "R", "G"]

FILTERS: list[dict[str, Any]] = [
    {"abilities": ["flying"]},
    {"types": ["artifact"]},
    {"colors": ["G"]},
    {"power_at_most": 2},
    {"power_at_least": 2},
    {"power_greater_than_this": True},
    {"power_less_than_this": True},
    {"not": {"colors": ["B"]}},
    {"any_of": [{"types": ["artifact"]}, {"abilities": ["reach"]}]},
    {"subtypes": ["wall"]},
    {"mana_value_at_least": 3},
]

ATTACKER_ABILITIES: list[Any] = [
    "flying",
    "shadow",
    "horsemanship",
    "fear",
    "intimidate",
    "menace",
    "skulk",
    "cant_be_blocked",
    "cant_be_blocked_unless_all_block_it",
    "cant_be_blocked_while_attacking_alone",
    "all_able_must_block_it",
    "must_be_blocked_if_able",
    {"landwalk": "forest"},
    {"landwalk": {"supertype": "snow"}},
    {"landwalk": "nonbasic"},
    {"min_blockers": 2},
    {"min_blockers": 3},
    {"max_blockers": 1},
    {"max_blockers": 2},
    {"cost_to_block_it": "{1}"},
    {"must_be_blocked_by_at_least_if_able": 2},
]

BLOCKER_ABILITIES: list[Any] = [
    "flying",
    "reach",
    "shadow",
    "horsemanship",
    "cant_block",
    "cant_block_alone",
    "can_block_any_number",
    "can_block_shadow",
    "can_block_as_though_untapped",
    "blocks_each_combat_if_able",
    {"can_block_additional": 1},
    {"block_cost": "{1}"},
    {"block_cost_against": {"attackers": {"power_at_least": 3}, "cost": "{1}"}},
]


@st.composite
def filters(draw: st.DrawFn) -> dict[str, Any]:
    return dict(draw(st.sampled_from(FILTERS)))


@st.composite
def attacker_ability(draw: st.DrawFn) -> Any:
    kind = draw(st.integers(0, 4))
    if kind == 0:
        return {"protection_from": [draw(st.sampled_from([*COLORS, "artifact", "everything", "multicolored"]))]}
    if kind == 1:
        key = draw(st.sampled_from(["cant_be_blocked_by", "cant_be_blocked_except_by", "must_be_blocked_by_if_able"]))
        return {key: draw(filters())}
    return draw(st.sampled_from(ATTACKER_ABILITIES))


@st.composite
def blocker_ability(draw: st.DrawFn, attacker_ids: list[str]) -> Any:
    kind = draw(st.integers(0, 5))
    if kind == 0:
        keys = ["can_block_only", "cant_block", "cant_block_unless_also_blocking", "can_block_as_though_reach"]
        key = draw(st.sampled_from(keys))
        return {key: draw(filters())}
    if kind == 1:
        return {"blocks_if_able": draw(st.sampled_from(attacker_ids))}
    return draw(st.sampled_from(BLOCKER_ABILITIES))


def _creature(draw: st.DrawFn, pid: str, controller: str, abilities: list[Any]) -> dict[str, Any]:
    types = ["artifact", "creature"] if draw(st.integers(0, 5)) == 0 else ["creature"]
    return {
        "id": pid,
        "controller": controller,
        "types": types,
        "subtypes": ["wall"] if draw(st.integers(0, 6)) == 0 else [],
        "colors": draw(st.lists(st.sampled_from(COLORS), max_size=2, unique=True)),
        "power": draw(st.integers(0, 4)),
        "toughness": draw(st.integers(1, 4)),
        "mana_value": draw(st.integers(0, 5)),
        "abilities": abilities,
    }


EFFECT_WORDS = ("goaded_by", "blocks_if_able", "attacks_if_able")


def _as_effects(draw: st.DrawFn, perm: dict[str, Any]) -> None:
    """Sometimes state goad, provoke's and Gideon's requirements as the effects they are (`subject_to`), and
    sometimes make the creature lose all its abilities (Humility), which leaves those effects alone."""
    if draw(st.booleans()):
        effects = [a for a in perm["abilities"] if isinstance(a, dict) and next(iter(a)) in EFFECT_WORDS]
        perm["abilities"] = [a for a in perm["abilities"] if a not in effects]
        perm["subject_to"] = effects
    if draw(st.integers(0, 9)) == 0:
        perm["loses"] = "all"


@st.composite
def boards(draw: st.DrawFn, max_attackers: int = 3, max_blockers: int = 4) -> dict[str, Any]:
    """A snapshot (as plain data) without a declaration; 2 or 3 players, sometimes Two-Headed Giant."""
    layout = draw(st.sampled_from(["duel", "duel", "duel", "multi", "2hg"]))
    if layout == "duel":
        players: list[Any] = ["ana", "ben"]
        defenders = ["ben"]
    elif layout == "multi":
        players = ["ana", "ben", "cai"]
        defenders = ["ben", "cai"]
    else:
        players = [
            {"id": "ana", "team": "a"},
            {"id": "ben", "team": "b"},
            {"id": "amy", "team": "a"},
            {"id": "cai", "team": "b"},
        ]
        defenders = ["ben", "cai"]
    n_att = draw(st.integers(1, max_attackers))
    n_blk = draw(st.integers(1, max_blockers))
    attacker_ids = [f"a{i}" for i in range(n_att)]
    permanents: list[dict[str, Any]] = []
    for aid in attacker_ids:
        abilities = draw(st.lists(attacker_ability(), max_size=2))
        perm = _creature(draw, aid, "ana", abilities)
        perm["attacking"] = draw(st.sampled_from(defenders))
        permanents.append(perm)
    for i in range(n_blk):
        abilities = draw(st.lists(blocker_ability(attacker_ids), max_size=2))
        perm = _creature(draw, f"b{i}", draw(st.sampled_from(defenders)), abilities)
        _as_effects(draw, perm)
        perm["tapped"] = draw(st.integers(0, 7)) == 0
        permanents.append(perm)
    for defender in defenders:
        land = draw(st.sampled_from([None, "forest", "snow", "island"]))
        if land == "forest":
            permanents.append(
                {
                    "id": f"forest_{defender}",
                    "controller": defender,
                    "types": ["land"],
                    "supertypes": ["basic"],
                    "subtypes": ["forest"],
                }
            )
        elif land == "snow":
            permanents.append(
                {
                    "id": f"snow_{defender}",
                    "controller": defender,
                    "types": ["land"],
                    "supertypes": ["snow"],
                    "subtypes": ["island"],
                }
            )
        elif land == "island":
            permanents.append(
                {"id": f"island_{defender}", "controller": defender, "types": ["land"], "subtypes": ["island"]}
            )
    effects: list[dict[str, Any]] = []
    if draw(st.integers(0, 5)) == 0:
        effects.append({"max_blockers": draw(st.integers(1, 2)), "source": "arbiter"})
    if draw(st.integers(0, 9)) == 0:
        effects.append({"block_cost": "{1}", "blockers": draw(filters())})
    if draw(st.integers(0, 7)) == 0:
        effects.append(
            {"grant": [draw(st.sampled_from(["menace", "flying", {"min_blockers": 2}]))], "to": {"controller": "ana"}}
        )
    return {
        "step": "declare_blockers",
        "active_player": "ana",
        "players": players,
        "shared_team_turns": layout == "2hg",
        "permanents": permanents,
        "effects": effects,
    }


ATTACK_ABILITIES: list[Any] = [
    "haste",
    "defender",
    "cant_attack",
    "cant_attack_alone",
    "can_only_attack_alone",
    "attacks_each_combat_if_able",
    {"cant_attack_unless_others_attack": 1},
    {"cant_attack_unless_others_attack": 2},
    {"cant_attack_unless_also_attacking": {"power_greater_than_this": True}},
    {"cant_attack_unless_defender_controls": {"subtypes": ["island"]}},
    {"attack_cost": "{1}"},
]


@st.composite
def attack_boards(draw: st.DrawFn, max_creatures: int = 4) -> dict[str, Any]:
    """A declare-attackers snapshot without a declaration: 2-4 players or Two-Headed Giant, options, goad, costs."""
    layout = draw(st.sampled_from(["duel", "three", "four", "2hg"]))
    if layout == "2hg":
        players: list[Any] = [
            {"id": "ana", "team": "a"},
            {"id": "ben", "team": "b"},
            {"id": "amy", "team": "a"},
            {"id": "cai", "team": "b"},
        ]
        ids = ["ana", "ben", "amy", "cai"]
    else:
        ids = {"duel": ["ana", "ben"], "three": ["ana", "ben", "cai"], "four": ["ana", "ben", "cai", "dee"]}[layout]
        players = list(ids)
    opponents = [p for p in ids if p not in ("ana", "amy" if layout == "2hg" else "ana")]
    side = ["ana", "amy"] if layout == "2hg" else ["ana"]
    option = draw(st.sampled_from([None, None, "multiple_players", "left", "right", "chosen"]))
    permanents: list[dict[str, Any]] = []
    n = draw(st.integers(1, max_creatures))
    for i in range(n):
        abilities = draw(st.lists(st.sampled_from(ATTACK_ABILITIES), max_size=2))
        if draw(st.integers(0, 3)) == 0:
            abilities.append({"goaded_by": draw(st.lists(st.sampled_from(opponents), min_size=1, max_size=2))})
        if draw(st.integers(0, 5)) == 0:
            abilities.append({"attacks_if_able": draw(st.sampled_from([*opponents, "pw"]))})
        if draw(st.integers(0, 5)) == 0:  # Vow of Duty (508.1c), from another player's Aura
            barred = draw(st.lists(st.sampled_from(opponents), min_size=1, max_size=2))
            key = draw(st.sampled_from(["cant_attack_players", "cant_attack_planeswalkers_of"]))
            abilities.append({key: barred})
        creature = {
            "id": f"c{i}",
            "controller": draw(st.sampled_from(side)),
            "power": draw(st.integers(0, 4)),
            "toughness": 2,
            "abilities": abilities,
            "tapped": draw(st.integers(0, 7)) == 0,
            "entered_this_turn": draw(st.integers(0, 5)) == 0,
        }
        _as_effects(draw, creature)
        permanents.append(creature)
    permanents.append(
        {"id": "pw", "controller": draw(st.sampled_from(opponents)), "types": ["planeswalker"], "loyalty": 3}
    )
    if draw(st.booleans()):
        permanents.append(
            {"id": "isle", "controller": draw(st.sampled_from(opponents)), "types": ["land"], "subtypes": ["island"]}
        )
    if draw(st.integers(0, 3)) == 0:
        permanents.append(
            {"id": "siege", "controller": "ana", "types": ["battle"], "protector": draw(st.sampled_from(opponents))}
        )
    effects: list[dict[str, Any]] = []
    if draw(st.integers(0, 4)) == 0:
        effects.append({"max_attackers": draw(st.integers(1, 2))})
    if draw(st.integers(0, 4)) == 0:
        effects.append({"max_attackers_against": draw(st.sampled_from(opponents)), "count": 1})
    if draw(st.integers(0, 3)) == 0:
        effects.append(
            {"attack_cost": "{2}", "defender": draw(st.sampled_from(opponents)), "planeswalkers": draw(st.booleans())}
        )
    if draw(st.integers(0, 4)) == 0:
        effects.append({"cant_attack": draw(st.sampled_from(opponents)), "planeswalkers": draw(st.booleans())})
    if draw(st.integers(0, 3)) == 0:
        effects.append({"must_be_attacked": draw(st.sampled_from(opponents))})
    data: dict[str, Any] = {
        "step": "declare_attackers",
        "active_player": "ana",
        "players": players,
        "shared_team_turns": layout == "2hg",
        "permanents": permanents,
        "effects": effects,
    }
    if option is not None:
        data["attack_option"] = option
    if option == "chosen":
        data["defending_player"] = draw(st.sampled_from(opponents))
    if layout == "four" and draw(st.integers(0, 3)) == 0:
        data["range_of_influence"] = 1
    return data
