"""The Oracle-text reader: hand-checked labels (tests/data/cards_labelled.yaml) and the templates one by one."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml
from combatcheck.cards.db import CardDatabase, load_bundled
from combatcheck.cards.oracle import SelfInfo, read_oracle
from reader_score import Label, canonical, reader_items, score

LABELS_FILE = Path(__file__).parent / "data" / "cards_labelled.yaml"
RAW = yaml.safe_load(LABELS_FILE.read_text(encoding="utf-8"))
LABELS = [Label.from_data(item) for part in ("random_sample", "picked") for item in RAW[part]]


@pytest.fixture(scope="module")
def db() -> CardDatabase:
    return load_bundled()


def test_the_labelled_set_is_large_and_has_no_duplicates() -> None:
    names = [label.card for label in LABELS]
    assert len(names) >= 200
    assert len(set(names)) == len(names)
    assert len(RAW["random_sample"]) == 120


@pytest.mark.parametrize("label", LABELS, ids=[label.card for label in LABELS])
def test_reader_matches_the_label(label: Label, db: CardDatabase) -> None:
    assert reader_items(label.card, db) == label.items()


def test_score_counts_misses(db: CardDatabase) -> None:
    wrong = Label("Serra Angel", ("flying", "reach"), unmapped=True)
    result = score([wrong], db)
    assert (result.tp["flying"], result.fn["reach"], result.fp["vigilance"], result.fn["unmapped"]) == (1, 1, 1, 1)
    assert result.precision() == pytest.approx(1 / 2)
    assert result.recall() == pytest.approx(1 / 3)


def test_canonical_ignores_order_and_spelling() -> None:
    assert canonical({"protection_from": ["black", "red"]}) == canonical({"protection_from": ["R", "B"]})
    assert canonical("first strike") == canonical("first_strike")


def read(text: str, name: str = "Test Card", **kw: Any) -> tuple[list[Any], list[str], list[str]]:
    reading = read_oracle(text, name, **kw)
    return list(reading.abilities), list(reading.unmapped), list(reading.not_own)


@pytest.mark.parametrize(
    ("text", "abilities"),
    [
        ("Flying, first strike", ["flying", "first_strike"]),
        ("Protection from white and from blue", [{"protection_from": ["white", "blue"]}]),
        ("Flying; protection from Goblins", ["flying", {"protection_from": [{"subtypes": ["goblin"]}]}]),
        ("Swampwalk", [{"landwalk": "swamp"}]),
        ("Test Card can't block.", ["cant_block"]),
        ("This creature can't attack.", ["cant_attack"]),
        ("Test Card can't block and can't be blocked.", ["cant_block", "cant_be_blocked"]),
        ("Test Card can't be blocked except by three or more creatures.", [{"min_blockers": 3}]),
        ("Test Card can't be blocked by more than one creature.", [{"max_blockers": 1}]),
        ("Test Card can block an additional two creatures each combat.", [{"can_block_additional": 2}]),
        ("Test Card can block any number of creatures.", ["can_block_any_number"]),
        (
            "Test Card attacks or blocks each combat if able.",
            ["attacks_each_combat_if_able", "blocks_each_combat_if_able"],
        ),
        ("All creatures able to block Test Card do so.", ["all_able_must_block_it"]),
        ("Test Card must be blocked if able.", ["must_be_blocked_if_able"]),
        (
            "Creatures with power less than Test Card's power can't block it.",
            [{"cant_be_blocked_by": {"power_less_than_this": True}}],
        ),
        ("Test Card can't be blocked as long as defending player controls a Swamp.", [{"landwalk": "swamp"}]),
        (
            "Test Card can't attack unless defending player controls an Island.",
            [{"cant_attack_unless_defender_controls": {"subtypes": ["island"]}}],
        ),
        ("Test Card can't block unless you pay {3}.", [{"block_cost": "{3}"}]),
        (
            "Test Card can't be blocked by green creatures or artifact creatures.",
            [{"cant_be_blocked_by": {"any_of": [{"colors": ["G"]}, {"types": ["artifact"]}]}}],
        ),
        ("Decayed", ["cant_block"]),
    ],
)
def test_templates(text: str, abilities: list[Any]) -> None:
    found, unmapped, not_own = read(text)
    assert found == abilities
    assert unmapped == [] and not_own == []


@pytest.mark.parametrize(
    "text",
    [
        "{T}: Target creature can't block this turn.",
        "Whenever Test Card attacks, target creature can't block this turn.",
        "Creatures you control have flying.",
        "Enchanted creature can't attack or block.",
        "Other Goblins you control have menace.",
        "Equipped creature has shadow.",
        "{1}{U}: Test Card gains flying until end of turn.",
    ],
)
def test_grants_and_one_shot_effects_are_not_own_abilities(text: str) -> None:
    found, unmapped, not_own = read(text)
    assert found == [] and unmapped == []
    assert len(not_own) == 1


@pytest.mark.parametrize(
    "text",
    [
        "As long as you control an Island, Test Card has flying.",
        "Test Card can't attack unless you control more creatures than defending player.",
        "Changeling",
        "Level up {1}\nLEVEL 2-3\n3/3\nFlying",
    ],
)
def test_own_combat_text_that_cannot_be_read_is_reported(text: str) -> None:
    found, unmapped, _ = read(text)
    assert found == []
    assert len(unmapped) == 1


def test_reminder_text_and_non_combat_text_are_ignored() -> None:
    found, unmapped, not_own = read(
        "Flying (This creature can't be blocked except by creatures with flying or reach.)\nWhen Test Card enters the battlefield, draw a card."
    )
    assert (found, unmapped, not_own) == (["flying"], [], [])


def test_legendary_short_name_and_grants_that_include_the_card() -> None:
    found, _, _ = read("Tajic can't block.", name="Tajic, Blade of the Legion", supertypes=["Legendary"])
    assert found == ["cant_block"]
    sliver = SelfInfo(types=frozenset({"creature"}), subtypes=frozenset({"sliver"}))
    found, _, not_own = read("All Sliver creatures have menace.", known_subtypes=["sliver"], itself=sliver)
    assert found == ["menace"] and not_own == ["all sliver creatures have menace."]  # it also grants others
    wall = SelfInfo(types=frozenset({"creature"}), subtypes=frozenset({"wall"}))
    found, _, _ = read("All Sliver creatures have menace.", known_subtypes=["sliver", "wall"], itself=wall)
    assert found == []


@pytest.mark.parametrize(
    ("text", "name", "supertypes", "abilities"),
    [
        # Today's Oracle names a legendary by the leading words of a name without a comma (Daxos of Meletis).
        (
            "Daxos can't be blocked by creatures with power 3 or greater.",
            "Daxos of Meletis",
            ("legendary",),
            [{"cant_be_blocked_by": {"power_at_least": 3}}],
        ),
        ("Zurgo attacks each combat if able.", "Zurgo Helmsmasher", ("legendary",), ["attacks_each_combat_if_able"]),
        (
            "Flying, protection from each color",
            "Iridescent Angel",
            (),
            ["flying", {"protection_from": ["W", "U", "B", "R", "G"]}],
        ),
    ],
)
def test_todays_oracle_wording_is_read(text: str, name: str, supertypes: tuple[str, ...], abilities: list[Any]) -> None:
    reading = read_oracle(text, name, supertypes)
    assert [canonical(a) for a in reading.abilities] == [canonical(a) for a in abilities]
    assert reading.unmapped == ()


def test_a_leading_subtype_of_a_legendary_name_is_not_the_card() -> None:
    # "Sliver" in Sliver Legion's text is the Slivers, not the card.
    text = "All Sliver creatures get +1/+1 for each other Sliver on the battlefield."
    reading = read_oracle(text, "Sliver Legion", ("legendary",), frozenset({"sliver"}))
    assert "~" not in " ".join(reading.not_own + reading.unmapped)
