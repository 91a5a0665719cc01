"""The classes of wording blind sample J's first comparison showed the readers getting wrong (issue 21; docs/cards.md,
"Sample J"), each on a named card or board; every test fails on the reader before its fix."""

from __future__ import annotations

import pytest
from combatcheck.cards.db import database
from combatcheck.cards.lookup import find_card, read_card
from combatcheck.solver import check
from helpers import attack_board, board
from reader_score import statics_of


@pytest.mark.parametrize("name", ["Snowblind", "Aspect of Wolf", "Souvenir T-Shirt"])
def test_a_pump_by_variables_x_and_y_is_listed(name: str) -> None:
    # "enchanted creature gets -X/-Y": a static change of power and toughness, which the snapshot states; it was silent
    assert [u["why"] for u in statics_of(name).unapplied] == ["power_toughness"]


def test_an_ability_activated_only_from_the_graveyard_does_nothing_on_the_board() -> None:
    # 113.6 (R9): Glory's "{2}{W}: … Activate only if this card is in your graveyard"
    assert statics_of("Glory").unapplied == []


@pytest.mark.parametrize(("lands", "verdict"), [(["Forest"], "legal"), ([], "illegal")])
def test_fen_stalker_has_fear_while_you_control_no_untapped_lands(lands: list[str], verdict: str) -> None:
    stalker = {"id": "stalker", "card": "Fen Stalker", "controller": "ana", "attacking": "ben"}
    bear = {"id": "bear", "card": "Grizzly Bears", "controller": "ben"}
    owned = [{"id": f"land{n}", "card": card, "controller": "ana"} for n, card in enumerate(lands)]
    report = check(board(stalker, bear, *owned, blocks={"bear": "stalker"}))
    assert report.verdict == verdict  # 702.36b: fear, only while ana controls no untapped land
    assert statics_of("Fen Stalker").unapplied == []
    assert statics_of("Jeskai Infiltrator").conditional[0]["when"] == {
        "not": {"you_control": {"filter": {"types": ["creature"]}, "other": True}}
    }


def test_a_plural_subtype_that_doesnt_end_in_s_is_read() -> None:
    # "protection from Oxen", "Oxen you control have double strike", "can't be blocked by Oxen"
    assert {"protection_from": [{"subtypes": ["ox"]}]} in statics_of("Taught by Bruce Tarl").grants_attached
    assert statics_of("Bruse Tarl, Roving Rancher").unapplied == []
    assert {"cant_be_blocked_by": {"subtypes": ["ox"]}} in read_card(find_card("Ox Drover", database())).abilities


def test_each_creature_you_control_thats_one_of_several_kinds() -> None:
    kaheera = statics_of("Kaheera, the Orphanguard")
    kinds = ["cat", "elemental", "nightmare", "dinosaur", "beast"]
    assert [s["effect"] for s in kaheera.statics] == [
        {"grant": ["vigilance"], "to": {"subtypes": kinds, "controller": "you"}, "other": True}
    ]
    assert [u["why"] for u in kaheera.unapplied] == ["power_toughness"]  # its +1/+1, listed
    brenard = statics_of("Brenard, Ginger Sculptor")  # "that's a Food or a Golem": I's open miss
    assert [s["effect"]["to"] for s in brenard.statics] == [{"subtypes": ["food", "golem"], "controller": "you"}]


def test_losing_protection_bears_on_a_declaration() -> None:
    # Shay Cormac's "{1}: … lose hexproof, indestructible, protection, shroud, and ward until end of turn": protection
    # stops blocks (702.16b), so the one-shot effect is listed (R1)
    assert [u["why"] for u in statics_of("Shay Cormac").unapplied] == ["one_shot"]


def test_a_cost_to_attack_or_block_that_taps_a_creature_is_its_own() -> None:
    warrior = {"id": "warrior", "card": "Hollow Warrior", "controller": "ana"}
    report = check(attack_board(warrior, attacks={"warrior": "ben"}))
    assert report.verdict == "legal" and report.unapplied == [] and report.outcome is not None
    assert [c.cost for c in report.outcome.costs] == [
        "tap an untapped creature you control not declared as an attacking or blocking creature this combat"
    ]
