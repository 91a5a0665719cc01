"""Card frames in a picture name every ability in the picture's language: keywords by their printed names from the
vocabulary, the other abilities of the snapshot format as sentences with the official terms, never as the format's
English field names."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from typing import Any

import pytest
from combatcheck.models import Keyword, Snapshot
from combatcheck.models.abilities import PARAMETERIZED
from combatcheck.render import render_svg
from combatcheck.render.ability_words import ability_lines
from combatcheck.solver import check
from combatcheck.solver.board import Board
from combatcheck.solver.text.vocabulary import NUMBERED_KEYWORDS
from helpers import attacker, blocker, board
from test_translations import english_words, scrub

SVG = "{http://www.w3.org/2000/svg}"
WHITE_KNIGHTS = {"colors": ["W"], "subtypes": ["knight"]}
# One value for every parameterized ability of the snapshot format (the test fails on a new one until it is here).
SAMPLES: dict[str, Any] = {
    "protection_from": ["red", "artifacts"],
    "landwalk": "swamp",
    "min_blockers": 3,
    "max_blockers": 1,
    "cant_be_blocked_by": {"colors": ["B"]},
    "cant_be_blocked_except_by": {"abilities": ["flying"]},
    "can_block_additional": 2,
    "can_block_only": {"abilities": ["flying"]},
    "cant_block": WHITE_KNIGHTS,
    "blocks_if_able": "a",
    "attacks_if_able": "ben",
    "goaded_by": ["ben"],
    "cant_attack_players": ["ben"],
    "cant_attack_planeswalkers_of": ["ben"],
    "block_cost": "{2}",
    "block_cost_against": {"attackers": WHITE_KNIGHTS, "cost": "{1}"},
    "cost_to_block_it": "{3}",
    "attack_cost": "{1}{W}",
    "cant_attack_unless_defender_controls": {"subtypes": ["island"]},
    "cant_attack_unless_others_attack": 1,
    "cant_attack_unless_also_attacking": {"colors": ["R"]},
    "cant_block_unless_also_blocking": {"colors": ["G"]},
    "cant_be_blocked_while_defender_controls": {"types": ["artifact"]},
    "cant_block_unless_others_block": 2,
    "bands_with_other": {"subtypes": ["wolf"]},
    "must_be_blocked_by_if_able": WHITE_KNIGHTS,
    "must_be_blocked_by_at_least_if_able": 2,
    "can_block_as_though_reach": WHITE_KNIGHTS,
    "whenever_blocks_a_creature": WHITE_KNIGHTS,
    "whenever_becomes_blocked_by_a_creature": {"colors": ["W"]},
    "whenever_blocks_or_becomes_blocked_by_a_creature": {"colors": ["B"]},
    "whenever_blocks": {"at_least": 2},
    "whenever_becomes_blocked_by": {"exactly": 2},
    "whenever_blocks_or_becomes_blocked_by": {"at_least": 1, "creatures": {"colors": ["B"]}},
    "whenever_attacks_with_others": 2,
    "whenever_a_creature_attacks": {"whose": "you", "other": True},
    "whenever_a_creature_attacks_alone": {"whose": "you"},
    "whenever_a_creature_attacks_and_isnt_blocked": {"whose": "you"},
    "whenever_a_creature_blocks": {"whose": "opponent"},
    "whenever_a_creature_becomes_blocked": {"whose": "you"},
    "whenever_one_or_more_creatures_attack": {},
    "whenever_one_or_more_creatures_become_blocked": {"whose": "you"},
    "whenever_an_opponent_attacks": {"you": True},
    "whenever_a_creature_attacks_you": {"planeswalkers": True},
    "whenever_you_are_attacked": {"planeswalkers": False},
    "whenever_you_attack": 2,
    "rampage": 2,
    "bushido": 1,
    "afflict": 3,
    "annihilator": 2,
    "frenzy": 1,
}


def _board_with(abilities: list[Any]) -> Snapshot:
    return board(attacker("a", *abilities, name="Test Subject"), blocker("b", name="Other"))


def test_every_parameterized_ability_has_a_sample() -> None:
    assert set(SAMPLES) == set(PARAMETERIZED)


@pytest.mark.parametrize("lang", ["fr", "es"])
def test_every_ability_on_a_frame_speaks_the_pictures_language(lang: str) -> None:
    abilities = [k.value for k in Keyword] + [{key: value} for key, value in SAMPLES.items()]
    snapshot = _board_with(abilities)
    english = ability_lines(snapshot.permanents[0], Board(snapshot), "en")
    shown = ability_lines(snapshot.permanents[0], Board(snapshot), lang)
    assert len(shown) == len(abilities)
    leaks = {line: english_words(scrub(line, snapshot), lang) for line in shown}
    assert not {line: words for line, words in leaks.items() if words}
    assert not [line for line in shown if "_" in line], "a snapshot field name on a frame"
    assert sum(a != b for a, b in zip(english, shown, strict=True)) > len(shown) * 0.9


def test_keywords_use_the_printed_names_of_the_vocabulary() -> None:
    snapshot = _board_with(["flying", "flanking", "first_strike", {"rampage": 2}, {"annihilator": 1}, "cant_block"])
    perm, view = snapshot.permanents[0], Board(snapshot)
    assert ability_lines(perm, view, "en") == [
        "flying",
        "flanking",
        "first strike",
        "rampage 2",
        "annihilator 1",
        "“can't block”",
    ]
    assert ability_lines(perm, view, "fr") == [
        "vol",
        "débordement",
        "initiative",
        "sauvagerie 2",
        "annihilateur 1",
        "« ne peut pas bloquer »",
    ]
    assert ability_lines(perm, view, "es") == [
        "volar",
        "flanquear",
        "dañar primero",
        "desenfreno 2",
        "aniquilador 1",
        "«no puede bloquear»",
    ]


def test_parameterized_abilities_read_as_sentences_with_their_values() -> None:
    snapshot = _board_with(
        [
            {"max_blockers": 1},
            {"protection_from": ["red", "artifacts"]},
            {"landwalk": "swamp"},
            {"cant_block": WHITE_KNIGHTS},
            {"blocks_if_able": "b"},
            {"cant_be_blocked_while_defender_controls": {"types": ["artifact"]}},
        ]
    )
    perm, view = snapshot.permanents[0], Board(snapshot)
    assert ability_lines(perm, view, "fr") == [
        "ne peut pas être bloqué par plus d'une créature",
        "protection contre le rouge et les artefacts",
        "traversée des marais",
        "ne peut pas bloquer de Chevaliers blancs",
        "bloque Other (b) si possible",
        "ne peut pas être bloqué tant que le joueur défenseur contrôle un artefact",
    ]
    assert ability_lines(perm, view, "es")[:3] == [
        "no puede ser bloqueada por más de una criatura",
        "protección contra rojo y artefactos",
        "cruzar pantanos",
    ]


def test_the_picture_draws_frames_in_its_language() -> None:
    snapshot = board(attacker("a", "flanking", {"min_blockers": 2}, name="Knight"), blocker("b"))
    text = " ".join(ET.fromstring(render_svg(snapshot, check(snapshot, lang="fr"))).itertext())
    assert "débordement" in text and "créatures ou plus" in text
    assert "flanking" not in text and "min blockers" not in text


def test_a_numbered_keyword_is_named_from_the_vocabulary() -> None:
    for word, names in NUMBERED_KEYWORDS.items():
        snapshot = _board_with([{word: 3}])
        assert ability_lines(snapshot.permanents[0], Board(snapshot), "fr") == [f"{names['fr']} 3"]
