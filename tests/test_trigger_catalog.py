"""Every trigger wording has a case where it triggers (with the count it must give) and one where it doesn't."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest
from combatcheck.combat import follow
from combatcheck.combat.triggers import with_triggers
from combatcheck.combat.wordings import CATALOG
from combatcheck.models import Snapshot, snapshot_from_data
from combatcheck.models.abilities import TRIGGER_KEYWORDS
from combatcheck.models.report import Triggered
from combatcheck.models.trigger_abilities import TRIGGER_PARAMETERIZED
from combatcheck.solver import check
from helpers import attack_board, attacker, blocker, board, creature


@dataclass
class Case:
    key: str
    source: str
    times: int
    snapshot: Snapshot
    note: str


def triggered(snapshot: Snapshot, lang: str = "en") -> list[Triggered]:
    """The triggers of a legal declaration, or of every event of a timeline (the combat damage wordings)."""
    if snapshot.events:
        timeline = follow(snapshot, lang=lang)  # type: ignore[arg-type]
        assert timeline.verdict == "legal", timeline.model_dump_json(indent=1)
        return [t for found in timeline.triggers.values() for t in found]
    report = with_triggers(check(snapshot, lang=lang), snapshot)
    assert report.verdict == "legal", report.model_dump_json(indent=1)
    assert report.triggers is not None
    return report.triggers


def counts(snapshot: Snapshot) -> dict[tuple[str, str], int]:
    """(wording key, source) -> times, summed over the source's instances, for a legal declaration or timeline."""
    out: dict[tuple[str, str], int] = {}
    for t in triggered(snapshot):
        out[(t.key, t.source)] = out.get((t.key, t.source), 0) + t.times
    return out


def blocks(key: str, source: str, times: int, note: str, *perms: dict[str, Any], **kw: Any) -> Case:
    return Case(key, source, times, board(*perms, **kw), note)


def attacks(key: str, source: str, times: int, note: str, *perms: dict[str, Any], **kw: Any) -> Case:
    return Case(key, source, times, attack_board(*perms, **kw), note)


A, B = attacker, blocker
TWO_ATTACKERS = (A("a1"), A("a2"))


def damage(key: str, source: str, times: int, note: str, *perms: dict[str, Any], **kw: Any) -> Case:
    """A combat damage trigger: a timeline with the attacks, the blocks and one combat damage step (or two, with
    first strike), every assignment without a choice; `events` are added before the damage step."""
    permanents = [
        {"controller": "ana", "power": 2, "toughness": 2, **p}
        if "controller" not in p
        else {"power": 2, "toughness": 2, **p}
        for p in perms
    ]
    events: list[Any] = [
        {"declare_attackers": {"attacks": kw.get("attacks", {})}},
        {"declare_blockers": {"blocks": kw.get("blocks", {})}},
        *kw.get("events", []),
        {"assign_combat_damage": kw.get("assign", {}), "prevent": kw.get("prevent", {})},
    ]
    players = kw.get("players", [{"id": "ana", "life": 20}, {"id": "ben", "life": 20}])
    data = {"active_player": "ana", "players": players, "permanents": permanents, "events": events}
    return Case(key, source, times, snapshot_from_data(data), note)


def theirs(pid: str, *abilities: Any, **fields: Any) -> dict[str, Any]:
    return {"id": pid, "controller": "ben", "power": 2, "toughness": 2, "abilities": list(abilities), **fields}


def mine(pid: str, *abilities: Any, **fields: Any) -> dict[str, Any]:
    return {"id": pid, "controller": "ana", "power": 2, "toughness": 2, "abilities": list(abilities), **fields}


CASES: list[Case] = [
    # combat damage (510.2; 603.2c: once per occurrence; 603.2h: prevented damage triggers nothing)
    damage(
        "deals_combat_damage",
        "a",
        1,
        "unblocked: once",
        mine("a", "whenever_deals_combat_damage"),
        attacks={"a": "ben"},
    ),
    damage(
        "deals_combat_damage",
        "a",
        1,
        "trample over two blockers and the player: still once per step (510.2)",
        mine("a", "whenever_deals_combat_damage", "trample", power=5),
        theirs("b1", toughness=1),
        theirs("b2", toughness=1),
        attacks={"a": "ben"},
        blocks={"b1": "a", "b2": "a"},
        assign={"a": {"b1": 1, "b2": 1, "ben": 3}},
    ),
    damage(
        "deals_combat_damage",
        "a",
        0,
        "all of its damage prevented: none dealt (603.2h)",
        mine("a", "whenever_deals_combat_damage"),
        attacks={"a": "ben"},
        prevent={"ben": "all"},
    ),
    damage(
        "deals_combat_damage",
        "a",
        2,
        "double strike: once in each step",
        mine("a", "whenever_deals_combat_damage", "double_strike"),
        attacks={"a": "ben"},
        events=[{"assign_combat_damage": {}}],
    ),
    damage(
        "deals_combat_damage_to_a_player",
        "a",
        1,
        "unblocked: once",
        mine("a", "whenever_deals_combat_damage_to_a_player"),
        attacks={"a": "ben"},
    ),
    damage(
        "deals_combat_damage_to_a_player",
        "a",
        0,
        "blocked, no trample: only the blocker is dealt damage",
        mine("a", "whenever_deals_combat_damage_to_a_player"),
        theirs("b"),
        attacks={"a": "ben"},
        blocks={"b": "a"},
    ),
    damage(
        "deals_combat_damage_to_a_player",
        "a",
        0,
        "attacks a planeswalker: not a player",
        mine("a", "whenever_deals_combat_damage_to_a_player"),
        {"id": "jace", "controller": "ben", "types": ["planeswalker"], "loyalty": 5},
        attacks={"a": "jace"},
    ),
    damage(
        "deals_combat_damage_to_an_opponent",
        "a",
        1,
        "the defending player is an opponent",
        mine("a", "whenever_deals_combat_damage_to_an_opponent"),
        attacks={"a": "ben"},
    ),
    damage(
        "deals_combat_damage_to_an_opponent",
        "a",
        0,
        "only a creature is dealt damage",
        mine("a", "whenever_deals_combat_damage_to_an_opponent"),
        theirs("b"),
        attacks={"a": "ben"},
        blocks={"b": "a"},
    ),
    damage(
        "deals_combat_damage_to_a_creature",
        "a",
        2,
        "divides its damage between two blockers: once per creature (603.2c)",
        mine("a", "whenever_deals_combat_damage_to_a_creature", power=4),
        theirs("b1"),
        theirs("b2"),
        attacks={"a": "ben"},
        blocks={"b1": "a", "b2": "a"},
        assign={"a": {"b1": 2, "b2": 2}},
    ),
    damage(
        "deals_combat_damage_to_a_creature",
        "a",
        0,
        "unblocked: only the player",
        mine("a", "whenever_deals_combat_damage_to_a_creature"),
        attacks={"a": "ben"},
    ),
    damage(
        "is_dealt_damage",
        "b",
        1,
        "blocks and is dealt damage by two attackers at once: once (510.2), and though it dies (120.4b)",
        mine("a1"),
        mine("a2"),
        theirs("b", "whenever_is_dealt_damage", {"can_block_additional": 1}, toughness=3),
        attacks={"a1": "ben", "a2": "ben"},
        blocks={"b": ["a1", "a2"]},
        assign={"b": {"a1": 2}},
    ),
    damage(
        "is_dealt_damage",
        "b",
        0,
        "blocks a 0-power attacker: dealt no damage",
        mine("a", power=0),
        theirs("b", "whenever_is_dealt_damage"),
        attacks={"a": "ben"},
        blocks={"b": "a"},
    ),
    damage(
        "creatures_you_control_deal_combat_damage_to_a_player",
        "e",
        1,
        "two unblocked creatures damage the same player: once per player",
        {
            "id": "e",
            "controller": "ana",
            "types": ["enchantment"],
            "abilities": ["whenever_creatures_you_control_deal_combat_damage_to_a_player"],
        },
        mine("a1"),
        mine("a2"),
        attacks={"a1": "ben", "a2": "ben"},
    ),
    damage(
        "creatures_you_control_deal_combat_damage_to_a_player",
        "e",
        2,
        "three players: two opponents dealt damage, twice",
        {
            "id": "e",
            "controller": "ana",
            "types": ["enchantment"],
            "abilities": ["whenever_creatures_you_control_deal_combat_damage_to_a_player"],
        },
        mine("a1"),
        mine("a2"),
        attacks={"a1": "ben", "a2": "cat"},
        players=[{"id": "ana"}, {"id": "ben"}, {"id": "cat"}],
    ),
    damage(
        "creatures_you_control_deal_combat_damage_to_a_player",
        "e",
        0,
        "an opponent's creature deals the damage",
        {
            "id": "e",
            "controller": "ben",
            "types": ["enchantment"],
            "abilities": ["whenever_creatures_you_control_deal_combat_damage_to_a_player"],
        },
        mine("a1"),
        attacks={"a1": "ben"},
    ),
    damage(
        "creature_it_damaged_dies",
        "a",
        1,
        "Sengir Vampire kills its blocker, and dies with it: looks back (603.10a)",
        mine("a", "whenever_a_creature_it_damaged_dies"),
        theirs("b"),
        attacks={"a": "ben"},
        blocks={"b": "a"},
    ),
    damage(
        "creature_it_damaged_dies",
        "a",
        0,
        "its blocker survives",
        mine("a", "whenever_a_creature_it_damaged_dies"),
        theirs("b", toughness=3),
        attacks={"a": "ben"},
        blocks={"b": "a"},
    ),
    # 509.3a: once each combat even when it blocks several
    blocks(
        "blocks",
        "b",
        1,
        "blocks two attackers: once (509.3a)",
        *TWO_ATTACKERS,
        B("b", "whenever_blocks", {"can_block_additional": 1}),
        blocks={"b": ["a1", "a2"]},
    ),
    blocks("blocks", "b", 0, "doesn't block", A("a"), B("b", "whenever_blocks"), blocks={}),
    # 509.3b: once per attacker it blocks
    blocks(
        "blocks_a_creature",
        "b",
        2,
        "blocks two attackers: twice (509.3b)",
        *TWO_ATTACKERS,
        B("b", "whenever_blocks_a_creature", {"can_block_additional": 1}),
        blocks={"b": ["a1", "a2"]},
    ),
    blocks("blocks_a_creature", "b", 0, "doesn't block", A("a"), B("b", "whenever_blocks_a_creature"), blocks={}),
    blocks(
        "blocks_a_creature_matching",
        "b",
        1,
        "blocks a flyer and a ground creature: once, for the flyer (Ezuri's Archers)",
        A("a1", "flying"),
        A("a2"),
        B("b", "reach", {"whenever_blocks_a_creature": {"abilities": ["flying"]}}, {"can_block_additional": 1}),
        blocks={"b": ["a1", "a2"]},
    ),
    blocks(
        "blocks_a_creature_matching",
        "b",
        0,
        "blocks a creature without flying",
        A("a"),
        B("b", {"whenever_blocks_a_creature": {"abilities": ["flying"]}}),
        blocks={"b": "a"},
    ),
    # 509.3c: once each combat however many creatures block it
    blocks(
        "becomes_blocked",
        "a",
        1,
        "blocked by three: once (509.3c)",
        A("a", "whenever_becomes_blocked"),
        B("b1"),
        B("b2"),
        B("b3"),
        blocks={"b1": "a", "b2": "a", "b3": "a"},
    ),
    blocks("becomes_blocked", "a", 0, "unblocked", A("a", "whenever_becomes_blocked"), B("b"), blocks={}),
    # 509.3d: once per blocker
    blocks(
        "becomes_blocked_by_a_creature",
        "a",
        3,
        "blocked by three: three times (509.3d)",
        A("a", "whenever_becomes_blocked_by_a_creature"),
        B("b1"),
        B("b2"),
        B("b3"),
        blocks={"b1": "a", "b2": "a", "b3": "a"},
    ),
    blocks(
        "becomes_blocked_by_a_creature",
        "a",
        0,
        "unblocked",
        A("a", "whenever_becomes_blocked_by_a_creature"),
        B("b"),
        blocks={},
    ),
    blocks(
        "becomes_blocked_by_a_creature_matching",
        "a",
        1,
        "blocked by a white and a black creature: once, for the white one (509.3f)",
        A("a", {"whenever_becomes_blocked_by_a_creature": {"colors": ["W"]}}),
        B("w", colors=["W"]),
        B("k", colors=["B"]),
        blocks={"w": "a", "k": "a"},
    ),
    blocks(
        "becomes_blocked_by_a_creature_matching",
        "a",
        0,
        "blocked by a black creature",
        A("a", {"whenever_becomes_blocked_by_a_creature": {"colors": ["W"]}}),
        B("k", colors=["B"]),
        blocks={"k": "a"},
    ),
    blocks(
        "blocks_or_becomes_blocked",
        "a",
        1,
        "the attacker blocked by two: once",
        A("a", "whenever_blocks_or_becomes_blocked"),
        B("b1"),
        B("b2"),
        blocks={"b1": "a", "b2": "a"},
    ),
    blocks(
        "blocks_or_becomes_blocked",
        "b",
        1,
        "the blocker: once",
        A("a"),
        B("b", "whenever_blocks_or_becomes_blocked"),
        blocks={"b": "a"},
    ),
    blocks(
        "blocks_or_becomes_blocked",
        "a",
        0,
        "unblocked",
        A("a", "whenever_blocks_or_becomes_blocked"),
        B("b"),
        blocks={},
    ),
    blocks(
        "blocks_or_becomes_blocked_by_a_creature",
        "a",
        2,
        "the attacker blocked by two: twice",
        A("a", "whenever_blocks_or_becomes_blocked_by_a_creature"),
        B("b1"),
        B("b2"),
        blocks={"b1": "a", "b2": "a"},
    ),
    blocks(
        "blocks_or_becomes_blocked_by_a_creature",
        "b",
        0,
        "doesn't block",
        A("a"),
        B("b", "whenever_blocks_or_becomes_blocked_by_a_creature"),
        blocks={},
    ),
    blocks(
        "blocks_or_becomes_blocked_by_a_creature_matching",
        "b",
        1,
        "a Cockatrice blocks a non-Wall",
        A("a"),
        B("b", {"whenever_blocks_or_becomes_blocked_by_a_creature": {"not": {"subtypes": ["wall"]}}}),
        blocks={"b": "a"},
    ),
    blocks(
        "blocks_or_becomes_blocked_by_a_creature_matching",
        "a",
        0,
        "a Cockatrice blocked by a Wall",
        A("a", {"whenever_blocks_or_becomes_blocked_by_a_creature": {"not": {"subtypes": ["wall"]}}}),
        B("w", "defender", subtypes=["wall"]),
        blocks={"w": "a"},
    ),
    # 509.3e: counts
    blocks(
        "blocks_count",
        "g",
        1,
        "Lairwatch Giant blocks two",
        *TWO_ATTACKERS,
        B("g", {"whenever_blocks": {"at_least": 2}}, {"can_block_additional": 1}),
        blocks={"g": ["a1", "a2"]},
    ),
    blocks(
        "blocks_count",
        "g",
        0,
        "Lairwatch Giant blocks one",
        *TWO_ATTACKERS,
        B("g", {"whenever_blocks": {"at_least": 2}}, {"can_block_additional": 1}),
        blocks={"g": ["a1"]},
    ),
    blocks(
        "becomes_blocked_by_count",
        "a",
        1,
        "blocked by exactly two",
        A("a", {"whenever_becomes_blocked_by": {"exactly": 2}}),
        B("b1"),
        B("b2"),
        blocks={"b1": "a", "b2": "a"},
    ),
    blocks(
        "becomes_blocked_by_count",
        "a",
        0,
        "blocked by three, not exactly two",
        A("a", {"whenever_becomes_blocked_by": {"exactly": 2}}),
        B("b1"),
        B("b2"),
        B("b3"),
        blocks={"b1": "a", "b2": "a", "b3": "a"},
    ),
    blocks(
        "blocks_or_becomes_blocked_by_count",
        "a",
        1,
        "Serra Inquisitors blocked by two black creatures: once",
        A("a", {"whenever_blocks_or_becomes_blocked_by": {"at_least": 1, "creatures": {"colors": ["B"]}}}),
        B("k1", colors=["B"]),
        B("k2", colors=["B"]),
        blocks={"k1": "a", "k2": "a"},
    ),
    blocks(
        "blocks_or_becomes_blocked_by_count",
        "a",
        0,
        "Serra Inquisitors blocked by a green creature",
        A("a", {"whenever_blocks_or_becomes_blocked_by": {"at_least": 1, "creatures": {"colors": ["B"]}}}),
        B("g", colors=["G"]),
        blocks={"g": "a"},
    ),
    # 508.3a, 506.5, 509.3g
    attacks("attacks", "c", 1, "declared as an attacker", creature("c", "whenever_attacks"), attacks={"c": "ben"}),
    attacks(
        "attacks", "c", 0, "doesn't attack", creature("c", "whenever_attacks"), creature("d"), attacks={"d": "ben"}
    ),
    attacks(
        "attacks_alone", "c", 1, "the only attacker", creature("c", "whenever_attacks_alone"), attacks={"c": "ben"}
    ),
    attacks(
        "attacks_alone",
        "c",
        0,
        "attacks with another",
        creature("c", "whenever_attacks_alone"),
        creature("d"),
        attacks={"c": "ben", "d": "ben"},
    ),
    blocks(
        "attacks_and_isnt_blocked",
        "a",
        1,
        "no blocker declared (509.3g)",
        A("a", "whenever_attacks_and_isnt_blocked"),
        B("b"),
        blocks={},
    ),
    blocks(
        "attacks_and_isnt_blocked",
        "a",
        0,
        "blocked",
        A("a", "whenever_attacks_and_isnt_blocked"),
        B("b"),
        blocks={"b": "a"},
    ),
    attacks("attacks_or_blocks", "c", 1, "attacks", creature("c", "whenever_attacks_or_blocks"), attacks={"c": "ben"}),
    blocks("attacks_or_blocks", "b", 1, "blocks", A("a"), B("b", "whenever_attacks_or_blocks"), blocks={"b": "a"}),
    blocks("attacks_or_blocks", "b", 0, "neither", A("a"), B("b", "whenever_attacks_or_blocks"), blocks={}),
    attacks(
        "attacks_with_others",
        "c",
        1,
        "battalion: with two others",
        creature("c", {"whenever_attacks_with_others": 2}),
        creature("d"),
        creature("e"),
        attacks={"c": "ben", "d": "ben", "e": "ben"},
    ),
    attacks(
        "attacks_with_others",
        "c",
        0,
        "battalion: with one other",
        creature("c", {"whenever_attacks_with_others": 2}),
        creature("d"),
        attacks={"c": "ben", "d": "ben"},
    ),
    attacks(
        "you_attack",
        "e",
        1,
        "an enchantment of the attacking player: once for two attackers (508.3d)",
        {"id": "e", "controller": "ana", "types": ["enchantment"], "abilities": ["whenever_you_attack"]},
        creature("c"),
        creature("d"),
        attacks={"c": "ben", "d": "ben"},
    ),
    attacks(
        "you_attack",
        "e",
        0,
        "nobody attacks",
        {"id": "e", "controller": "ana", "types": ["enchantment"], "abilities": ["whenever_you_attack"]},
        creature("c"),
        attacks={},
    ),
    attacks(
        "you_attack_with",
        "e",
        1,
        "Military Intelligence: two attackers",
        {"id": "e", "controller": "ana", "types": ["enchantment"], "abilities": [{"whenever_you_attack": 2}]},
        creature("c"),
        creature("d"),
        attacks={"c": "ben", "d": "ben"},
    ),
    attacks(
        "you_attack_with",
        "e",
        0,
        "Military Intelligence: one attacker",
        {"id": "e", "controller": "ana", "types": ["enchantment"], "abilities": [{"whenever_you_attack": 2}]},
        creature("c"),
        creature("d"),
        attacks={"c": "ben"},
    ),
    # keywords (702)
    blocks(
        "rampage",
        "a",
        1,
        "rampage: once however many blockers (bonus counted on resolution)",
        A("a", {"rampage": 2}),
        B("b1"),
        B("b2"),
        B("b3"),
        blocks={"b1": "a", "b2": "a", "b3": "a"},
    ),
    blocks("rampage", "a", 0, "unblocked", A("a", {"rampage": 2}), B("b"), blocks={}),
    blocks("bushido", "b", 1, "bushido blocker", A("a"), B("b", {"bushido": 1}), blocks={"b": "a"}),
    blocks("bushido", "a", 1, "bushido attacker blocked", A("a", {"bushido": 2}), B("b"), blocks={"b": "a"}),
    blocks("bushido", "a", 0, "bushido attacker unblocked", A("a", {"bushido": 2}), B("b"), blocks={}),
    blocks(
        "flanking",
        "a",
        1,
        "flanking against a creature without flanking and a flanker: once",
        A("a", "flanking"),
        B("plain"),
        B("knight", "flanking"),
        blocks={"plain": "a", "knight": "a"},
    ),
    blocks("flanking", "a", 0, "blocked by a flanker only", A("a", "flanking"), B("k", "flanking"), blocks={"k": "a"}),
    blocks(
        "afflict",
        "a",
        1,
        "afflict: once for two blockers",
        A("a", {"afflict": 2}),
        B("b1"),
        B("b2"),
        blocks={"b1": "a", "b2": "a"},
    ),
    blocks("afflict", "a", 0, "unblocked", A("a", {"afflict": 2}), B("b"), blocks={}),
    blocks("frenzy", "a", 1, "unblocked", A("a", {"frenzy": 1}), B("b"), blocks={}),
    blocks("frenzy", "a", 0, "blocked", A("a", {"frenzy": 1}), B("b"), blocks={"b": "a"}),
    attacks(
        "exalted",
        "land",
        1,
        "exalted on a land (Cathedral of War): a creature attacks alone",
        {"id": "land", "controller": "ana", "types": ["land"], "abilities": ["exalted"]},
        creature("c"),
        attacks={"c": "ben"},
    ),
    attacks(
        "exalted",
        "c",
        0,
        "two attackers",
        creature("c", "exalted"),
        creature("d"),
        attacks={"c": "ben", "d": "ben"},
    ),
    attacks(
        "exalted",
        "x",
        0,
        "an opponent's exalted",
        creature("c"),
        {"id": "x", "controller": "ben", "abilities": ["exalted"]},
        attacks={"c": "ben"},
    ),
    attacks("battle_cry", "c", 1, "attacks", creature("c", "battle_cry"), creature("d"), attacks={"c": "ben"}),
    attacks("battle_cry", "c", 0, "stays home", creature("c", "battle_cry"), creature("d"), attacks={"d": "ben"}),
    attacks("annihilator", "c", 1, "attacks", creature("c", {"annihilator": 2}), attacks={"c": "ben"}),
    attacks("annihilator", "c", 0, "stays home", creature("c", {"annihilator": 2}), attacks={}),
    attacks("myriad", "c", 1, "attacks", creature("c", "myriad"), attacks={"c": "ben"}, players=["ana", "ben", "cai"]),
    attacks("myriad", "c", 0, "stays home", creature("c", "myriad"), attacks={}),
    attacks("melee", "c", 1, "attacks", creature("c", "melee"), attacks={"c": "ben"}),
    attacks("melee", "c", 0, "stays home", creature("c", "melee"), attacks={}),
    attacks("provoke", "c", 1, "attacks", creature("c", "provoke"), attacks={"c": "ben"}),
    attacks("provoke", "c", 0, "stays home", creature("c", "provoke"), attacks={}),
    attacks(
        "mentor", "c", 1, "attacks", creature("c", "mentor", power=3), creature("d", power=1), attacks={"c": "ben"}
    ),
    attacks("mentor", "c", 0, "stays home", creature("c", "mentor"), attacks={}),
    attacks(
        "training",
        "c",
        1,
        "with a stronger attacker",
        creature("c", "training", power=1),
        creature("d", power=3),
        attacks={"c": "ben", "d": "ben"},
    ),
    attacks(
        "training",
        "c",
        0,
        "with an equal attacker",
        creature("c", "training", power=2),
        creature("d", power=2),
        attacks={"c": "ben", "d": "ben"},
    ),
    attacks(
        "dethrone",
        "c",
        1,
        "attacks the player tied for most life",
        creature("c", "dethrone"),
        attacks={"c": "ben"},
        players=[{"id": "ana", "life": 20}, {"id": "ben", "life": 20}],
    ),
    attacks(
        "dethrone",
        "c",
        0,
        "attacks a player with less life",
        creature("c", "dethrone"),
        attacks={"c": "ben"},
        players=[{"id": "ana", "life": 20}, {"id": "ben", "life": 7}],
    ),
    # watching permanents
    attacks(
        "a_creature_attacks",
        "e",
        2,
        "Anthem of Rakdos: two of your creatures attack",
        {
            "id": "e",
            "controller": "ana",
            "types": ["enchantment"],
            "abilities": [{"whenever_a_creature_attacks": {"whose": "you"}}],
        },
        creature("c"),
        creature("d"),
        attacks={"c": "ben", "d": "ben"},
    ),
    attacks(
        "a_creature_attacks",
        "x",
        0,
        "another creature you control: the watcher itself attacks",
        creature("x", {"whenever_a_creature_attacks": {"whose": "you", "other": True}}),
        attacks={"x": "ben"},
    ),
    attacks(
        "a_creature_attacks_alone",
        "e",
        1,
        "a creature you control attacks alone",
        {
            "id": "e",
            "controller": "ana",
            "types": ["enchantment"],
            "abilities": [{"whenever_a_creature_attacks_alone": {"whose": "you"}}],
        },
        creature("c"),
        attacks={"c": "ben"},
    ),
    attacks(
        "a_creature_attacks_alone",
        "e",
        0,
        "two attack",
        {
            "id": "e",
            "controller": "ana",
            "types": ["enchantment"],
            "abilities": [{"whenever_a_creature_attacks_alone": {"whose": "you"}}],
        },
        creature("c"),
        creature("d"),
        attacks={"c": "ben", "d": "ben"},
    ),
    blocks(
        "a_creature_attacks_and_isnt_blocked",
        "r",
        1,
        "Stinkdrinker Bandit: one of two rogues unblocked",
        A(
            "r",
            {"whenever_a_creature_attacks_and_isnt_blocked": {"whose": "you", "creatures": {"subtypes": ["rogue"]}}},
            subtypes=["goblin", "rogue"],
        ),
        A("r2", subtypes=["rogue"]),
        B("b"),
        blocks={"b": "r2"},
    ),
    blocks(
        "a_creature_attacks_and_isnt_blocked",
        "r",
        0,
        "every rogue blocked",
        A(
            "r",
            {"whenever_a_creature_attacks_and_isnt_blocked": {"whose": "you", "creatures": {"subtypes": ["rogue"]}}},
            subtypes=["rogue"],
        ),
        B("b"),
        blocks={"b": "r"},
    ),
    blocks(
        "a_creature_blocks",
        "n",
        2,
        "Noble Stand: two of your creatures block",
        *TWO_ATTACKERS,
        {
            "id": "n",
            "controller": "ben",
            "types": ["enchantment"],
            "abilities": [{"whenever_a_creature_blocks": {"whose": "you"}}],
        },
        B("b1"),
        B("b2"),
        blocks={"b1": "a1", "b2": "a2"},
    ),
    blocks(
        "a_creature_blocks",
        "n",
        0,
        "an opponent's creatures block",
        A("a"),
        {
            "id": "n",
            "controller": "ana",
            "types": ["enchantment"],
            "abilities": [{"whenever_a_creature_blocks": {"whose": "you"}}],
        },
        B("b"),
        blocks={"b": "a"},
    ),
    blocks(
        "a_creature_becomes_blocked",
        "e",
        1,
        "Close Quarters: one of your attackers blocked by two",
        A("a"),
        A("a2"),
        {
            "id": "e",
            "controller": "ana",
            "types": ["enchantment"],
            "abilities": [{"whenever_a_creature_becomes_blocked": {"whose": "you"}}],
        },
        B("b1"),
        B("b2"),
        blocks={"b1": "a", "b2": "a"},
    ),
    blocks(
        "a_creature_becomes_blocked",
        "e",
        0,
        "nobody blocked",
        A("a"),
        {
            "id": "e",
            "controller": "ana",
            "types": ["enchantment"],
            "abilities": [{"whenever_a_creature_becomes_blocked": {"whose": "you"}}],
        },
        B("b"),
        blocks={},
    ),
    attacks(
        "a_creature_attacks_you",
        "e",
        1,
        "one of two attackers attacks the watcher's controller (and one its planeswalker: not counted)",
        {
            "id": "e",
            "controller": "ben",
            "types": ["enchantment"],
            "abilities": [{"whenever_a_creature_attacks_you": {}}],
        },
        {"id": "pw", "controller": "ben", "types": ["planeswalker"], "loyalty": 3},
        creature("c"),
        creature("d"),
        attacks={"c": "ben", "d": "pw"},
    ),
    attacks(
        "a_creature_attacks_you",
        "e",
        2,
        "with planeswalkers: both",
        {
            "id": "e",
            "controller": "ben",
            "types": ["enchantment"],
            "abilities": [{"whenever_a_creature_attacks_you": {"planeswalkers": True}}],
        },
        {"id": "pw", "controller": "ben", "types": ["planeswalker"], "loyalty": 3},
        creature("c"),
        creature("d"),
        attacks={"c": "ben", "d": "pw"},
    ),
    attacks(
        "a_creature_attacks_you",
        "e",
        0,
        "another player is attacked",
        {
            "id": "e",
            "controller": "cai",
            "types": ["enchantment"],
            "abilities": [{"whenever_a_creature_attacks_you": {}}],
        },
        creature("c"),
        attacks={"c": "ben"},
        players=["ana", "ben", "cai"],
    ),
    attacks(
        "you_are_attacked",
        "e",
        1,
        "two creatures attack you: once (508.3b)",
        {"id": "e", "controller": "ben", "types": ["enchantment"], "abilities": [{"whenever_you_are_attacked": {}}]},
        creature("c"),
        creature("d"),
        attacks={"c": "ben", "d": "ben"},
    ),
    attacks(
        "you_are_attacked",
        "e",
        0,
        "nobody attacks",
        {"id": "e", "controller": "ben", "types": ["enchantment"], "abilities": [{"whenever_you_are_attacked": {}}]},
        creature("c"),
        attacks={},
    ),
]


HERITAGE = {
    "id": "h",
    "controller": "ben",
    "types": ["enchantment"],
    "abilities": [{"whenever_one_or_more_creatures_attack": {}}],
}
HEZROU = {"whenever_one_or_more_creatures_become_blocked": {"whose": "you"}}
THREE = ["ana", "ben", "cai"]
TEAMS = [{"id": "ana", "team": "a"}, {"id": "ben", "team": "b"}, {"id": "amy", "team": "a"}, {"id": "cai", "team": "b"}]
CASES += [
    # issue 19 §2
    attacks(
        "one_or_more_creatures_attack",
        "h",
        1,
        "Duelist's Heritage: two of an opponent's creatures attack: once, whoever attacks",
        HERITAGE,
        creature("c"),
        creature("d"),
        attacks={"c": "ben", "d": "ben"},
    ),
    attacks(
        "one_or_more_creatures_attack",
        "h",
        0,
        "Duelist's Heritage: nobody attacks",
        HERITAGE,
        creature("c"),
        attacks={},
    ),
    blocks(
        "one_or_more_creatures_become_blocked",
        "hezrou",
        1,
        "Hezrou: two creatures you control become blocked: once",
        A("hezrou", HEZROU),
        A("a2"),
        B("b1"),
        B("b2"),
        blocks={"b1": "hezrou", "b2": "a2"},
    ),
    blocks(
        "one_or_more_creatures_become_blocked",
        "hezrou",
        0,
        "Hezrou: nothing blocked",
        A("hezrou", HEZROU),
        B("b1"),
        blocks={},
    ),
    blocks(
        "attacks_a_player_and_isnt_blocked",
        "m",
        1,
        "Master of Cruelties attacks a player, unblocked",
        A("m", "whenever_attacks_a_player_and_isnt_blocked"),
        B("b"),
        blocks={},
    ),
    blocks(
        "attacks_a_player_and_isnt_blocked",
        "m",
        0,
        "Master of Cruelties attacks a planeswalker, unblocked: not a player",
        A("m", "whenever_attacks_a_player_and_isnt_blocked", attacking="pw"),
        {"id": "pw", "controller": "ben", "types": ["planeswalker"], "loyalty": 3},
        B("b"),
        blocks={},
    ),
    attacks(
        "it_and_another_attack_different_players",
        "courier",
        1,
        "Canal Courier attacks ben and two others attack cai: once",
        creature("courier", "whenever_it_and_another_attack_different_players"),
        creature("c"),
        creature("d"),
        attacks={"courier": "ben", "c": "cai", "d": "cai"},
        players=THREE,
    ),
    attacks(
        "it_and_another_attack_different_players",
        "courier",
        0,
        "Canal Courier and another attack the same player",
        creature("courier", "whenever_it_and_another_attack_different_players"),
        creature("c"),
        attacks={"courier": "ben", "c": "ben"},
        players=THREE,
    ),
    attacks(
        "it_and_another_attack_different_players",
        "courier",
        0,
        "Canal Courier attacks ben, the other cai's planeswalker: not a player",
        creature("courier", "whenever_it_and_another_attack_different_players"),
        creature("c"),
        {"id": "pw", "controller": "cai", "types": ["planeswalker"], "loyalty": 3},
        attacks={"courier": "ben", "c": "pw"},
        players=THREE,
    ),
    attacks(
        "an_opponent_attacks",
        "e",
        2,
        "Two-Headed Giant: both opponents attack, one creature each: twice (805.10a)",
        {"id": "e", "controller": "ben", "types": ["enchantment"], "abilities": [{"whenever_an_opponent_attacks": {}}]},
        creature("c"),
        creature("d", controller="amy"),
        creature("d2", controller="amy"),
        attacks={"c": "ben", "d": "cai", "d2": "cai"},
        players=TEAMS,
        shared_team_turns=True,
    ),
    attacks(
        "an_opponent_attacks",
        "e",
        1,
        "Two-Headed Giant, 'attacks you': only the opponent whose creature attacks ben",
        {
            "id": "e",
            "controller": "ben",
            "types": ["enchantment"],
            "abilities": [{"whenever_an_opponent_attacks": {"you": True}}],
        },
        creature("c"),
        creature("d", controller="amy"),
        attacks={"c": "ben", "d": "cai"},
        players=TEAMS,
        shared_team_turns=True,
    ),
    attacks(
        "an_opponent_attacks",
        "e",
        0,
        "nobody attacks",
        {"id": "e", "controller": "ben", "types": ["enchantment"], "abilities": [{"whenever_an_opponent_attacks": {}}]},
        creature("c"),
        attacks={},
    ),
]


@pytest.mark.parametrize("c", CASES, ids=[f"{c.key}-{c.times}-{c.note}" for c in CASES])
def test_case(c: Case) -> None:
    assert counts(c.snapshot).get((c.key, c.source), 0) == c.times


@pytest.mark.parametrize("entry", CATALOG, ids=[w.key for w in CATALOG])
def test_every_wording_has_a_triggering_and_a_silent_case(entry: object) -> None:
    key = entry.key  # type: ignore[attr-defined]
    outcomes = {c.times > 0 for c in CASES if c.key == key}
    assert outcomes == {True, False}, f"{key} needs a case where it triggers and one where it doesn't"


def test_every_wording_knows_its_rule_and_speaks_three_languages() -> None:
    for entry in CATALOG:
        assert entry.cr[:3] in {"506", "508", "509", "510", "603", "702"}, entry.key
        assert entry.summary
        assert "name" in entry.messages, entry.key
        for code, message in entry.messages.items():
            assert message.fr and message.es, f"{entry.key}/{code} lacks a translation"


def test_every_trigger_word_is_read_by_a_wording() -> None:
    """Each trigger keyword and parameterized trigger ability is read by exactly the wordings that name it."""
    keywords = {w.keyword for w in CATALOG if w.keyword is not None}
    models = {w.model for w in CATALOG if w.model is not None}
    assert keywords == set(TRIGGER_KEYWORDS)
    assert models == set(TRIGGER_PARAMETERIZED.values())


@pytest.mark.parametrize("lang", ["fr", "es"])
def test_every_case_renders_in_each_language(lang: str) -> None:
    """Every trigger of every case has its sentence (and notes) in the language, not the English one."""
    for c in CASES:
        english = triggered(c.snapshot)
        other = triggered(c.snapshot, lang)
        assert len(english) == len(other)
        for en, tr in zip(english, other, strict=True):
            assert tr.message and tr.message != en.message, (c.note, tr.message)
            assert (tr.on_resolution is None) == (en.on_resolution is None)
            if tr.on_resolution is not None:
                assert tr.on_resolution != en.on_resolution
