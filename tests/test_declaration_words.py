"""Issue 19 §2: the declaration words the rules needed, read from Oracle text (cards/declaration_phrases.py) and
judged on boards beyond the catalog's one legal and one illegal case."""

from __future__ import annotations

from typing import Any

import pytest
from combatcheck.cards.oracle import SelfInfo, read_oracle
from combatcheck.models import SnapshotError, snapshot_from_data
from combatcheck.solver import check
from helpers import attacker, blocker, board


def read(text: str, name: str = "Test Card", **kw: Any) -> tuple[list[Any], list[str], list[str]]:
    reading = read_oracle(text, name, **kw)
    return list(reading.abilities), list(reading.unmapped), list(reading.not_own)


@pytest.mark.parametrize(
    ("text", "abilities"),
    [
        (
            "Test Card must be blocked by an Eldrazi if able.",
            [{"must_be_blocked_by_if_able": {"subtypes": ["eldrazi"]}}],
        ),
        (
            "Gorm the Great must be blocked by two or more creatures if able.",
            [{"must_be_blocked_by_at_least_if_able": 2}],
        ),
    ],
)
def test_the_reader_knows_the_new_words(text: str, abilities: list[Any]) -> None:
    name = next((n for n in ("Gorm the Great", "Aetherflame Wall", "Hipparion") if text.startswith(n)), "Test Card")
    found, unmapped, not_own = read(text, name=name)
    assert (found, unmapped, not_own) == (abilities, [], [])


def test_equipment_granting_a_block_requirement_is_not_its_own() -> None:
    """Slayer's Cleaver: the equipped creature has the requirement, stated on it in the snapshot."""
    found, unmapped, not_own = read("Equipped creature gets +3/+1 and must be blocked by an Eldrazi if able.")
    assert (found, unmapped) == ([], []) and len(not_own) == 1


def test_gorm_counts_the_creatures_blocking_it_not_the_requirements() -> None:
    """Three creatures able to block: two of them blocking Gorm is as good as three (one requirement)."""
    gorm = attacker("gorm", {"must_be_blocked_by_at_least_if_able": 2}, power=7, toughness=7)
    two = check(board(gorm, blocker("b1"), blocker("b2"), blocker("b3"), blocks={"b1": "gorm", "b2": "gorm"}))
    assert two.verdict == "legal" and two.requirements_optimum == 1


def test_aether_web_grants_reach_and_shadow_blocking_to_another_creature() -> None:
    found, unmapped, not_own = read(
        "Enchant creature\nEnchanted creature gets +1/+1, has reach, and can block creatures with shadow as though "
        "they didn't have shadow."
    )
    assert (found, unmapped) == ([], []) and len(not_own) == 1


def test_shadow_and_flying_together_need_both_exceptions() -> None:
    """Evasion abilities are cumulative (509.1b): a flyer with shadow needs a blocker that gets past both."""
    spectre = attacker("s", "flying", "shadow")
    wall = blocker("wall", "can_block_shadow")
    assert check(board(spectre, wall, blocks={"wall": "s"})).verdict == "illegal"
    web = blocker("web", "reach", "can_block_shadow")
    assert check(board(spectre, web, blocks={"web": "s"})).verdict == "legal"


def test_masako_can_block_tapped_itself_and_grants_it_to_the_others() -> None:
    """Masako is one of the "tapped creatures you control": its own ability, and a grant for the others."""
    itself = SelfInfo(types=frozenset({"creature"}))
    found, unmapped, not_own = read(
        "Flash\nTapped creatures you control can block as though they were untapped.",
        name="Masako the Humorless",
        itself=itself,
    )
    assert found == ["flash", "can_block_as_though_untapped"] and unmapped == [] and len(not_own) == 1


def test_a_tapped_creature_that_can_block_is_no_longer_exempt() -> None:
    """Old 500.3 exempted tapped creatures because they couldn't block; this one can, so "blocks each combat if
    able" holds it (509.1c)."""
    sentry = blocker("sentry", "blocks_each_combat_if_able", "can_block_as_though_untapped", tapped=True)
    assert check(board(attacker("a"), sentry, blocks={})).verdict == "illegal"
    assert check(board(attacker("a"), sentry, blocks={"sentry": "a"})).verdict == "legal"
    plain = blocker("sentry", "blocks_each_combat_if_able", tapped=True)
    assert check(board(attacker("a"), plain, blocks={})).verdict == "legal"


SKULK = {"protection_from": [{"mana_value_at_least": 3}]}  # Mistmeadow Skulk


def test_protection_from_a_mana_value_needs_every_blockers_mana_value() -> None:
    """Never guessed: a board whose filter reads mana value names each permanent without one (a land's is 0)."""
    giant: dict[str, Any] = {**blocker("giant"), "card": "Hill Giant"}
    data: dict[str, Any] = {
        "active_player": "ana",
        "players": ["ana", "ben"],
        "permanents": [
            {**attacker("skulk", SKULK), "mana_value": 2},
            giant,
            {"id": "forest", "controller": "ben", "types": ["land"], "subtypes": ["forest"]},
        ],
    }
    with pytest.raises(SnapshotError) as error:
        snapshot_from_data(data)
    paths = [p.path for p in error.value.problems]
    assert paths == ["permanents[1] (id 'giant').mana_value"]
    giant["mana_value"] = 4
    snapshot = snapshot_from_data({**data, "declaration": {"blocks": {"giant": "skulk"}}})
    assert check(snapshot).verdict == "illegal"


def test_a_board_without_mana_value_filters_needs_no_mana_value() -> None:
    snapshot = board(attacker("a", {"protection_from": ["red"]}), blocker("b"), blocks={"b": "a"})
    assert check(snapshot).verdict == "legal"


HIPPARION = {"block_cost_against": {"attackers": {"power_at_least": 3}, "cost": "{1}"}}


def test_hipparion_need_not_pay_to_obey_a_requirement() -> None:
    """509.1c: nobody has to pay, even to obey a requirement; blocking the small attacker costs nothing."""
    big = attacker("big", "lure", power=3)
    assert check(board(big, blocker("hipparion", HIPPARION), blocks={})).verdict == "legal"
    small = attacker("small", "lure")
    assert check(board(small, blocker("hipparion", HIPPARION), blocks={})).verdict == "illegal"


def test_the_cost_to_block_one_attacker_is_paid_only_for_it() -> None:
    big = attacker("big", power=3)
    report = check(board(big, attacker("small"), blocker("hipparion", HIPPARION), blocks={"hipparion": "big"}))
    assert report.verdict == "legal" and report.outcome is not None
    assert [c.cost for c in report.outcome.costs] == ["{1}"]
    free = check(board(big, attacker("small"), blocker("hipparion", HIPPARION), blocks={"hipparion": "small"}))
    assert free.outcome is not None and free.outcome.costs == []


@pytest.mark.parametrize(
    ("text", "name", "expected"),
    [
        (
            "Whenever one or more creatures attack, draw a card.",
            "Duelist's Heritage",
            [{"whenever_one_or_more_creatures_attack": {}}],
        ),
        (
            "Whenever one or more creatures an opponent controls attack, draw a card.",
            "Test Card",
            [{"whenever_one_or_more_creatures_attack": {"whose": "opponent"}}],
        ),
        ("Whenever an opponent attacks, draw a card.", "Test Card", [{"whenever_an_opponent_attacks": {}}]),
        (
            "Whenever an opponent attacks you and/or planeswalkers you control with one or more creatures, scry 1.",
            "Test Card",
            [{"whenever_an_opponent_attacks": {"you": True, "planeswalkers": True}}],
        ),
        (
            "Whenever one or more creatures you control become blocked, draw a card.",
            "Hezrou",
            [{"whenever_one_or_more_creatures_become_blocked": {"whose": "you"}}],
        ),
        (
            "Whenever Master of Cruelties attacks a player and isn't blocked, that player's life total becomes 1.",
            "Master of Cruelties",
            ["whenever_attacks_a_player_and_isnt_blocked"],
        ),
        (
            "Whenever Canal Courier and another creature attack different players, draw a card.",
            "Canal Courier",
            ["whenever_it_and_another_attack_different_players"],
        ),
    ],
)
def test_the_trigger_reader_knows_the_new_wordings(text: str, name: str, expected: list[Any]) -> None:
    reading = read_oracle(text, name)
    assert (list(reading.triggers), list(reading.triggers_unmapped)) == (expected, [])


def test_each_blocker_of_an_awesome_presence_creature_pays() -> None:
    """509.1d: the cost is per creature blocking it; blocking another attacker is free."""
    presence = attacker("a", {"cost_to_block_it": "{3}"})
    report = check(board(presence, attacker("x"), blocker("b1"), blocker("b2"), blocks={"b1": "a", "b2": "a"}))
    assert report.verdict == "legal" and report.outcome is not None
    assert [c.cost for c in report.outcome.costs] == ["{3}", "{3}"]
    free = check(board(presence, attacker("x"), blocker("b1"), blocks={"b1": "x"}))
    assert free.outcome is not None and free.outcome.costs == []


@pytest.mark.parametrize(("target", "times"), [("ben", 1), ("pw", 0)])
def test_master_of_cruelties_along_a_timeline(target: str, times: int) -> None:
    """The timeline's board doesn't carry what each creature attacks: the trigger point does (it was never seen)."""
    from combatcheck.combat import follow

    data = {
        "active_player": "ana",
        "players": ["ana", "ben"],
        "permanents": [
            {**attacker("m", "whenever_attacks_a_player_and_isnt_blocked"), "attacking": None},
            {"id": "pw", "controller": "ben", "types": ["planeswalker"], "loyalty": 3},
        ],
        "events": [{"declare_attackers": {"attacks": {"m": target}}}, {"declare_blockers": {"blocks": {}}}],
    }
    timeline = follow(snapshot_from_data(data))
    assert timeline.verdict == "legal"
    found = [t for t in timeline.triggers.get(1, []) if t.key == "attacks_a_player_and_isnt_blocked"]
    assert sum(t.times for t in found) == times
