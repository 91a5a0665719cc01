"""The trigger reader: hand-checked labels (tests/data/cards_triggers_labelled.yaml), templates one by one, and cards
by name bringing their triggers into snapshots and reports."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import yaml
from combatcheck.cards.db import CardDatabase, load_bundled
from combatcheck.cards.lookup import known_subtypes
from combatcheck.cards.oracle import read_oracle
from combatcheck.cli import app
from combatcheck.combat.triggers import with_triggers
from combatcheck.models import snapshot_from_data
from combatcheck.solver import check
from reader_score import Label, drawn_trigger_sample, reader_trigger_items, score_triggers, trigger_label
from reader_score import trigger_label_items as label_items
from typer.testing import CliRunner

LABELS_FILE = Path(__file__).parent / "data" / "cards_triggers_labelled.yaml"
RAW = yaml.safe_load(LABELS_FILE.read_text(encoding="utf-8"))
LABELS = [trigger_label(item) for part in ("random_sample", "picked") for item in RAW[part]]


@pytest.fixture(scope="module")
def db() -> CardDatabase:
    return load_bundled()


def test_the_sample_is_the_drawn_one_and_large_enough(db: CardDatabase) -> None:
    sample = [item["card"] for item in RAW["random_sample"]]
    assert len(sample) >= 100
    assert sample == drawn_trigger_sample(db)
    names = [label.card for label in LABELS]
    assert len(set(names)) == len(names)


@pytest.mark.parametrize("label", LABELS, ids=[label.card for label in LABELS])
def test_reader_matches_the_label(label: Label, db: CardDatabase) -> None:
    assert reader_trigger_items(label.card, db) == label_items(label)


def test_score_counts_instances_and_misses(db: CardDatabase) -> None:
    wrong = Label("Chromium", ({"rampage": 2}, {"rampage": 2}, "whenever_attacks"), unmapped=True)
    result = score_triggers([wrong], db)
    assert (result.tp["rampage"], result.fn["rampage"], result.fn["whenever_attacks"], result.fn["unmapped"]) == (
        1,
        1,
        1,
        1,
    )


def triggers(text: str, name: str = "Test Card") -> tuple[list[Any], list[str]]:
    """The reader on a text, knowing the bundled database's subtypes (so "nontoken" is no subtype)."""
    reading = read_oracle(text, name, known_subtypes=known_subtypes(load_bundled()))
    return list(reading.triggers), list(reading.triggers_unmapped)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Afflict 2", [{"afflict": 2}]),
        ("Frenzy 1", [{"frenzy": 1}]),
        ("Trample\nTraining", ["training"]),
        ("Mentor", ["mentor"]),
        ("Flying, battle cry", ["battle_cry"]),
        ("Rampage 1\nRampage 1", [{"rampage": 1}, {"rampage": 1}]),
        ("Whenever you attack, draw a card.", ["whenever_you_attack"]),
        ("Whenever Test Card attacks alone, it gets +1/+1.", ["whenever_attacks_alone"]),
        (
            "Whenever this creature becomes blocked by exactly two creatures, draw a card.",
            [{"whenever_becomes_blocked_by": {"exactly": 2}}],
        ),
        (
            "Whenever Test Card becomes blocked by two or more creatures, it gets +2/+2.",
            [{"whenever_becomes_blocked_by": {"at_least": 2}}],
        ),
        (
            "Whenever a creature an opponent controls attacks, you gain 1 life.",
            [{"whenever_a_creature_attacks": {"whose": "opponent"}}],
        ),
        ("When Test Card blocks, sacrifice it at end of combat.", ["whenever_blocks"]),
    ],
)
def test_templates(text: str, expected: list[Any]) -> None:
    assert triggers(text) == (expected, [])


@pytest.mark.parametrize(
    "text",
    [
        "Whenever Test Card attacks, if you control an Island, draw a card.",  # 603.4 intervening if
        "Whenever Test Card attacks for the first time each turn, untap it.",
        "Whenever a nontoken creature you control attacks, create a token.",
        "Whenever Test Card attacks a planeswalker, draw a card.",
    ],
)
def test_what_the_vocabulary_cannot_say_is_reported(text: str) -> None:
    found, unmapped = triggers(text)
    assert found == [] and len(unmapped) == 1


def test_aura_and_equipment_triggers_are_not_the_cards_own() -> None:
    assert triggers("Whenever equipped creature attacks, destroy target permanent.") == ([], [])
    assert triggers("Enchant creature\nWhenever enchanted creature blocks, draw a card.") == ([], [])


def test_a_card_by_name_brings_its_triggers_into_the_report() -> None:
    snapshot = snapshot_from_data(
        {
            "active_player": "ana",
            "players": ["ana", "ben"],
            "permanents": [
                {"id": "giant", "card": "Craw Giant", "controller": "ana", "attacking": "ben"},
                {"id": "ronin", "card": "Cursed Ronin", "controller": "ben"},
                {"id": "bear", "card": "Grizzly Bears", "controller": "ben"},
            ],
            "declaration": {"blocks": {"ronin": "giant", "bear": "giant"}},
        }
    )
    found = with_triggers(check(snapshot), snapshot).triggers or []
    assert [(t.key, t.source, t.times) for t in found] == [("rampage", "giant", 1), ("bushido", "ronin", 1)]


def test_cards_show_reports_triggers_and_what_it_could_not_read() -> None:
    runner = CliRunner()
    shown = runner.invoke(app, ["cards", "show", "Craw Giant"])
    assert shown.exit_code == 0 and "triggers: [{rampage: 2}]" in shown.stdout
    bears = runner.invoke(app, ["cards", "show", "Spectral Bears"])
    assert "attack or block triggers not read" in bears.stdout
    data = json.loads(runner.invoke(app, ["cards", "show", "Cockatrice", "--json"]).stdout)
    assert data["triggers"] == [{"whenever_blocks_or_becomes_blocked_by_a_creature": {"not": {"subtypes": ["wall"]}}}]
    assert data["fields"]["abilities"] == ["flying", *data["triggers"]]
