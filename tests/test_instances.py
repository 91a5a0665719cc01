"""Several instances of one ability (113.2c): `gains` adds a second instance, and each works on its own; only an
instance the rules call redundant (702.9c, 702.16m, ...) is merged. `loses` removes every instance (113.10b)."""

from __future__ import annotations

from typing import Any

import pytest
from combatcheck.combat.triggers import with_triggers
from combatcheck.models import Keyword, Permanent, snapshot_from_data
from combatcheck.models.abilities import PARAMETERIZED
from combatcheck.models.changes import REDUNDANT
from combatcheck.solver import check
from helpers import attacker, blocker, board


def perm(**fields: Any) -> Permanent:
    return Permanent.model_validate({"id": "x", "controller": "ana", **fields})


def times(snapshot: Any, key: str, source: str) -> int:
    report = check(snapshot)
    assert report.verdict == "legal", report.violations
    found = with_triggers(report, snapshot).triggers or []
    return sum(t.times for t in found if t.key == key and t.source == source)


def test_every_redundant_name_is_an_ability_of_the_format() -> None:
    known = {k.value for k in Keyword} | set(PARAMETERIZED)
    assert set(REDUNDANT) <= known


@pytest.mark.parametrize(
    ("ability", "key"),
    [
        ("exalted", "exalted"),
        ("flanking", "flanking"),
        ({"rampage": 2}, "rampage"),
        ({"bushido": 1}, "bushido"),
        ({"afflict": 2}, "afflict"),
    ],
)
def test_a_gained_second_instance_triggers_again(ability: Any, key: str) -> None:
    """113.2c; 702.23c, 702.25b, 702.45b, 702.130b: each instance triggers separately. Exalted has no such
    sentence of its own, so 113.2c alone (Sublime Archangel on a creature that has exalted: two triggers)."""
    if key == "exalted":
        snapshot = snapshot_from_data(
            {
                "step": "declare_attackers",
                "active_player": "ana",
                "players": ["ana", "ben"],
                "permanents": [
                    {
                        "id": "squire",
                        "controller": "ana",
                        "power": 1,
                        "toughness": 1,
                        "abilities": [ability],
                        "gains": [ability],
                    },
                ],
                "declaration": {"attacks": {"squire": "ben"}},
            }
        )
    else:
        snapshot = board(
            attacker("a", ability, gains=[ability]),
            blocker("b"),
            blocks={"b": "a"},
        )
    assert len(snapshot.permanents[0].abilities) == 2
    assert times(snapshot, key, snapshot.permanents[0].id) == 2


def test_can_block_an_additional_creature_gained_twice_adds_up() -> None:
    """Echo Circlet twice (509.1a, 113.2c): a creature that can block two additional creatures blocks three."""
    snapshot = board(
        attacker("a1"),
        attacker("a2"),
        attacker("a3"),
        blocker("wall", gains=[{"can_block_additional": 1}, {"can_block_additional": 1}]),
        blocks={"wall": ["a1", "a2", "a3"]},
    )
    assert check(snapshot).verdict == "legal"
    once = board(
        attacker("a1"),
        attacker("a2"),
        attacker("a3"),
        blocker("wall", gains=[{"can_block_additional": 1}]),
        blocks={"wall": ["a1", "a2", "a3"]},
    )
    assert check(once).verdict == "illegal"


def test_two_attack_costs_are_both_paid() -> None:
    """508.1h: two "can't attack unless its controller pays {1}" on one creature: the total cost is {2}."""
    snapshot = snapshot_from_data(
        {
            "step": "declare_attackers",
            "active_player": "ana",
            "players": ["ana", "ben"],
            "permanents": [
                {
                    "id": "ogre",
                    "controller": "ana",
                    "abilities": [{"attack_cost": "{1}"}],
                    "gains": [{"attack_cost": "{1}"}],
                },
            ],
            "declaration": {"attacks": {"ogre": "ben"}},
        }
    )
    report = check(snapshot)
    assert report.verdict == "legal" and report.outcome is not None
    assert report.outcome.total_cost == "{2}"


def test_two_block_costs_are_both_paid() -> None:
    """509.1d: two "can't block unless its controller pays {1}" (the same tax gained twice): {2} to block."""
    snapshot = board(
        attacker("a"), blocker("b", {"block_cost": "{1}"}, gains=[{"block_cost": "{1}"}]), blocks={"b": "a"}
    )
    report = check(snapshot)
    assert report.verdict == "legal" and report.outcome is not None
    assert report.outcome.total_cost == "{2}"


@pytest.mark.parametrize(
    "ability",
    ["flying", "menace", "first strike", "haste", {"protection_from": "red"}, {"landwalk": "swamp"}],
)
def test_a_redundant_second_instance_is_merged(ability: Any) -> None:
    """702.9c, 702.111c, 702.7d, 702.10d, 702.16m, 702.14e: a second instance is redundant."""
    assert len(perm(abilities=[ability], gains=[ability]).abilities) == 1


def test_different_instances_of_a_parameterized_keyword_are_both_kept() -> None:
    """Protection from red and protection from blue are two abilities, and swampwalk is not islandwalk."""
    p = perm(
        abilities=[{"protection_from": "red"}, {"landwalk": "swamp"}],
        gains=[{"protection_from": "blue"}, {"landwalk": "island"}],
    )
    assert len(p.abilities) == 4


def test_loses_removes_every_instance() -> None:
    """113.10b: an effect that removes an ability removes all instances of it."""
    p = perm(abilities=["exalted", "exalted", "flying"], loses=["exalted"])
    assert p.abilities == (Keyword.FLYING,)
