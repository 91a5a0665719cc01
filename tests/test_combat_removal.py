"""Removal from combat (506.4): each cause, and 506.4a-d (what does not remove, and the planeswalker cases)."""

from __future__ import annotations

from typing import Any

import pytest
from combat_helpers import BOARD, att, blk, changes_of, creature, kinds, of_kind, perm, run
from combatcheck.combat import RemovalCause

ATTACK = {"declare_attackers": {"attacks": {"ogre": "ben", "elf": "jace"}}}
BLOCK = {"declare_blockers": {"blocks": {"bear": "ogre", "wall": "elf"}}}


@pytest.mark.parametrize(
    ("event", "cause", "rule"),
    [
        ({"remove_from_combat": "bear"}, RemovalCause.EFFECT, "506.4"),
        ({"leaves_battlefield": "bear", "to": "graveyard"}, RemovalCause.LEFT_BATTLEFIELD, "506.4"),
        ({"change_control": "bear", "to": "ana"}, RemovalCause.CONTROL_CHANGED, "506.4"),
        ({"phases_out": "bear"}, RemovalCause.PHASED_OUT, "506.4"),
        ({"regenerates": "bear"}, RemovalCause.REGENERATED, "506.4"),
        ({"change": "bear", "types": ["artifact"]}, RemovalCause.STOPPED_BEING_CREATURE, "506.4"),
        ({"change": "bear", "types": ["creature", "battle"]}, RemovalCause.BECAME_BATTLE, "506.4"),
    ],
)
def test_each_cause_removes_a_blocker(event: dict[str, Any], cause: RemovalCause, rule: str) -> None:
    timeline = run(ATTACK, BLOCK, event)
    removed = of_kind(changes_of(timeline, 2), "removed_from_combat")
    assert [(r.object, r.cause, r.rule, r.roles) for r in removed] == [("bear", cause, rule, ("blocking",))]
    state = timeline.final.state
    assert state.blocker("bear") is None
    assert att(state, "ogre").status == "blocked"  # 509.1h: it stays blocked
    assert state.removed[0].cause is cause
    if cause is RemovalCause.REGENERATED:
        assert perm(state, "bear").tapped  # 701.15a


@pytest.mark.parametrize(
    ("event", "cause"),
    [
        ({"leaves_battlefield": "ogre"}, RemovalCause.LEFT_BATTLEFIELD),
        ({"change_control": "ogre", "to": "ben"}, RemovalCause.CONTROL_CHANGED),
        ({"change": "ogre", "types": ["artifact"]}, RemovalCause.STOPPED_BEING_CREATURE),
    ],
)
def test_an_attacker_removed_leaves_its_blocker_blocking(event: dict[str, Any], cause: RemovalCause) -> None:
    timeline = run(ATTACK, BLOCK, event)
    assert (of_kind(changes_of(timeline, 2), "removed_from_combat")[0].cause) is cause
    assert of_kind(changes_of(timeline, 2), "stops_blocking")[0].attacker == "ogre"
    assert blk(timeline.final.state, "bear").attackers == ()  # still a blocking creature (509.1g)


def test_removal_causes_of_an_attacked_planeswalker() -> None:
    """506.4: an attacked planeswalker that stops being one is removed; 506.4c: its attacker keeps attacking."""
    timeline = run(ATTACK, {"change": "jace", "types": ["enchantment"]})
    removed = of_kind(changes_of(timeline, 1), "removed_from_combat")[0]
    assert (removed.object, removed.roles, removed.cause) == (
        "jace",
        ("attacked",),
        RemovalCause.STOPPED_BEING_PLANESWALKER,
    )
    nothing = of_kind(changes_of(timeline, 1), "attacking_nothing")[0]
    assert (nothing.attacker, nothing.rule) == ("elf", "506.4c")
    assert att(timeline.final.state, "elf").target is None


def test_506_4c_may_still_be_blocked_and_deals_no_damage_if_unblocked() -> None:
    blocked = run(ATTACK, {"leaves_battlefield": "jace"}, {"declare_blockers": {"blocks": {"wall": "elf"}}})
    assert blocked.verdict == "legal"
    assert att(blocked.final.state, "elf").status == "blocked"
    unblocked = run(ATTACK, {"leaves_battlefield": "jace"}, {"declare_blockers": {}}, "combat_damage")
    damage = {d.creature: d for d in of_kind(changes_of(unblocked, 3), "assigns_damage")}
    assert (damage["elf"].how, damage["elf"].to, damage["elf"].rule) == ("nothing_attacked", (), "506.4c")
    assert damage["ogre"].to == ("ben",)


def test_506_4a_a_restriction_gained_later_does_not_remove() -> None:
    gains = run(ATTACK, BLOCK, {"change": "bear", "gains": ["cant_block"]}, {"change": "ogre", "gains": ["defender"]})
    stays = of_kind(changes_of(gains, 2), "stays_in_combat")[0]
    assert (stays.object, stays.reason, stays.rule) == ("bear", "would_not_be_allowed", "506.4a")
    assert of_kind(changes_of(gains, 3), "stays_in_combat")[0].rule == "506.4a"
    assert gains.final.state.blocker("bear") is not None and gains.final.state.attacker("ogre") is not None


def test_509_1b_evasion_gained_after_a_legal_block() -> None:
    timeline = run(ATTACK, BLOCK, {"change": "ogre", "gains": ["flying"]})
    stays = of_kind(changes_of(timeline, 2), "stays_in_combat")[0]
    assert (stays.object, stays.reason, stays.rule) == ("ogre", "evasion_changed", "509.1b")


@pytest.mark.parametrize("event", [{"tap": "bear"}, {"change": "bear", "tapped": True}, {"untap": "ogre"}])
def test_506_4b_tapping_or_untapping_does_not_remove(event: dict[str, Any]) -> None:
    timeline = run(ATTACK, BLOCK, event)
    stays = of_kind(changes_of(timeline, 2), "stays_in_combat")
    assert stays and stays[0].rule == "506.4b"
    assert "removed_from_combat" not in kinds(timeline.final)


def test_506_4d_blocking_creature_that_is_also_an_attacked_planeswalker() -> None:
    gideon = {"id": "gideon", "controller": "ben", "types": ["creature", "planeswalker"], "power": 5, "toughness": 5}
    permanents = [*BOARD, gideon]
    attack = {"declare_attackers": {"attacks": {"ogre": "ben", "elf": "gideon"}}}
    block = {"declare_blockers": {"blocks": {"gideon": "ogre"}}}
    stops_creature = run(attack, block, {"change": "gideon", "types": ["planeswalker"]}, permanents=permanents)
    changes = changes_of(stops_creature, 2)
    assert of_kind(changes, "removed_from_combat")[0].roles == ("blocking",)
    assert of_kind(changes, "stays_in_combat")[0].reason == "still_attacked_planeswalker"
    assert of_kind(changes, "stays_in_combat")[0].rule == "506.4d"
    assert stops_creature.final.state.attacked == ("gideon",)
    stops_walker = run(attack, block, {"change": "gideon", "types": ["creature"]}, permanents=permanents)
    assert of_kind(changes_of(stops_walker, 2), "stays_in_combat")[0].reason == "still_blocking_creature"
    assert stops_walker.final.state.blocker("gideon") is not None
    assert att(stops_walker.final.state, "elf").target is None  # 506.4c
    both = run(attack, block, {"change": "gideon", "types": ["artifact"]}, permanents=permanents)
    assert {r for c in of_kind(changes_of(both, 2), "removed_from_combat") for r in c.roles} == {"blocking", "attacked"}


def test_an_effect_makes_a_removed_creature_block_again() -> None:
    """Balduvian Warlord: "Remove target blocking creature from combat. ... then it blocks an attacking creature of
    your choice" (ruling 2006-07-15). 506.4 ends its block; the card's text makes it block again (101.1, 509.3a)."""
    timeline = run(
        ATTACK,
        BLOCK,
        {"remove_from_combat": "wall"},
        {"becomes_unblocked": "elf"},
        {"made_to_block": "wall", "blocking": "ogre"},
    )
    changes = changes_of(timeline, 4)
    again = of_kind(changes, "blocks_again")
    assert [(c.blocker, c.attacker, c.rule) for c in again] == [("wall", "ogre", "101.1")]
    blocks = of_kind(changes, "blocks")[0]
    assert (blocks.blocker, blocks.attacker, blocks.was_blocking, blocks.rule) == ("wall", "ogre", False, "509.3a")
    state = timeline.final.state
    assert blk(state, "wall").attackers == ("ogre",)
    assert set(att(state, "ogre").blockers) == {"bear", "wall"}
    assert att(state, "elf").status == "unblocked"
    assert [r.id for r in state.removed] == ["wall"]  # it was removed once in this combat phase


def test_sorrows_path_each_removed_blocker_blocks_what_the_other_blocked() -> None:
    """Sorrow's Path: both blockers are removed from combat, then each blocks what the other was blocking."""
    timeline = run(
        ATTACK,
        BLOCK,
        {"remove_from_combat": "bear"},
        {"remove_from_combat": "wall"},
        {"made_to_block": "bear", "blocking": "elf"},
        {"made_to_block": "wall", "blocking": "ogre"},
    )
    state = timeline.final.state
    assert (blk(state, "bear").attackers, blk(state, "wall").attackers) == (("elf",), ("ogre",))
    assert att(state, "ogre").status == att(state, "elf").status == "blocked"


def test_a_removed_creature_still_does_not_block_on_its_own() -> None:
    """Only an effect that makes it block brings it back: declaring it again is not possible (one declaration)."""
    timeline = run(ATTACK, BLOCK, {"remove_from_combat": "wall"}, "combat_damage")
    assert timeline.final.state.blocker("wall") is None


def test_regenerating_an_attacked_planeswalker_does_not_remove_it() -> None:
    """506.4: regeneration removes an attacking or blocking creature, nothing else."""
    timeline = run(ATTACK, {"regenerates": "jace"})
    assert timeline.final.state.attacked == ("jace",)


def test_leaving_outside_combat_changes_nothing_in_combat() -> None:
    permanents = [*BOARD, creature("spare", "ben")]
    timeline = run(ATTACK, BLOCK, {"leaves_battlefield": "spare"}, permanents=permanents)
    assert of_kind(changes_of(timeline, 2), "nothing")[0].reason == "not_in_combat"
    assert timeline.final.state.permanent("spare") is None
