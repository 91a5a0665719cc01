"""The classes of wording a dev sweep of the card database showed the readers getting wrong, after blind sample I and
before J (issue 21; docs/cards.md, "The dev sweep before sample J"): conditions, one-shot and triggered effects, and
the Oracle reader's own abilities, each on a named card or board; every test fails on the reader before its fix."""

from __future__ import annotations

from typing import Any

import pytest
from combatcheck.cards.db import database
from combatcheck.cards.lookup import find_card, known_subtypes, read_card
from combatcheck.cards.text_kinds import bears_on_declaration
from combatcheck.solver import check
from helpers import attack_board, board
from reader_score import statics_of
from test_effects_reader import SCRIPT


def label_of(name: str) -> dict[str, Any]:
    """A face as the label files hold it, for the effects score (scripts/effects_accuracy.py)."""
    face = find_card(name, database())
    return {
        "name": face.name,
        "types": list(face.types),
        "subtypes": list(face.subtypes),
        "supertypes": list(face.supertypes),
        "text": face.text,
    }


def scored_unapplied(name: str) -> bool:
    return bool(SCRIPT.found(label_of(name), known_subtypes(database()))["unapplied"] == ["yes"])


# -- R1: an effect that bears on a declaration is listed, whoever's trigger it is ------------------------------------
def test_an_own_trigger_not_mapped_is_left_out_of_the_score_only_when_it_bears_on_no_declaration() -> None:
    assert bears_on_declaration(
        "whenever two or more creatures your opponents control attack, ~ can't block this combat"
    )
    assert not bears_on_declaration("whenever one or more suspected creatures you control attack, surveil 1")
    assert not bears_on_declaration("whenever ~ attacks alone, it gets +2/+2 until end of turn")  # its condition
    assert scored_unapplied("Flummoxed Cyclops")  # "… ~ can't block this combat": the trigger reader's, and listed
    assert scored_unapplied("Vedalken Humiliator")  # "… lose all abilities …"
    # a level's combat trigger that binds blockers (Fighter Class's level 3) is listed and counted too
    assert scored_unapplied("Fighter Class")


@pytest.mark.parametrize(
    "name", ["J. Jonah Jameson", "Clandestine Meddler", "Archon of the Triumvirate", "Kitt Kanto, Mayhem Diva"]
)
def test_goad_detain_and_suspect_bear_on_a_declaration(name: str) -> None:
    # said only in reminder text: goad (701.38) "attacks each combat if able …", detain "can't attack or block",
    # suspect "has menace and can't block"; a one-shot or trigger the board doesn't apply is listed (R1)
    assert "one_shot" in [u["why"] for u in statics_of(name).unapplied]
    assert scored_unapplied(name)


@pytest.mark.parametrize(
    ("name", "why"),
    [("Enraged Huorn", "one_shot"), ("Call of the Ring", "one_shot"), ("War of the Last Alliance", "not_understood")],
)
def test_the_ring_tempting_you_bears_on_a_declaration(name: str, why: str) -> None:
    # the keyword action "the Ring tempts you": the Ring emblem's first ability says the Ring-bearer "can't be blocked by
    # creatures with greater power", which no card text says; a trigger or one-shot effect (a Saga's chapter, War of
    # the Last Alliance) that makes the Ring tempt you is listed (R1)
    assert why in [u["why"] for u in statics_of(name).unapplied]
    assert scored_unapplied(name)


def test_an_attacking_archon_lists_its_detain_with_the_verdict() -> None:
    archon = {"id": "archon", "card": "Archon of the Triumvirate", "controller": "ana"}
    report = check(attack_board(archon, attacks={"archon": "ben"}))
    assert report.verdict == "legal" and [u.why for u in report.unapplied] == ["one_shot"]


def test_tokens_goaded_as_they_are_made_are_theirs_and_an_aura_that_goads_is_read() -> None:
    assert statics_of("The War Games").unapplied == []  # "the tokens are goaded for as long as …" (R11)
    assert statics_of("The Rani").grants_attached == []  # 'that token has … "enchanted creature … is goaded"'
    arc = statics_of("Redemption Arc")  # "has indestructible and is goaded"
    assert arc.grants_attached == ["indestructible", {"goaded_by": ["you"]}] and arc.unapplied == []


@pytest.mark.parametrize(("name", "why"), [("Tishana's Tidebinder", "one_shot"), ("Titania's Song", "not_understood")])
def test_a_loss_of_all_abilities_is_listed_wherever_it_stands(name: str, why: str) -> None:
    # R1: losing all abilities takes away what decides a declaration (flying, can't block); a one-shot's "for as long
    # as ~ remains on the battlefield" (Tidebinder) as much as a static's (Titania's Song)
    assert [u["why"] for u in statics_of(name).unapplied] == [why]


# -- R2: the damage-step keywords, one-shot grants of them not listed -------------------------------------------------
def test_a_one_shot_grant_of_a_damage_step_keyword_for_a_duration_is_not_listed() -> None:
    # "I — Target creature you control gains indestructible for as long as you control this Saga": a chapter's one-shot
    assert statics_of("Tale of Tinúviel").unapplied == []
    # a static one under a condition the board can't show is listed (indestructible: 702.12b, 704.5g)
    assert [u["why"] for u in statics_of("War Historian").unapplied] == ["condition"]


# -- R3: a damage-step keyword granted to "each creature you control with a +1/+1 counter on it" is listed ----------
@pytest.mark.parametrize(
    "name",
    [
        "Mer-Ek Nightblade",
        "Tuskguard Captain",
        "Crowned Ceratok",
        "Bramblewood Paragon",
        "Gnarlid Colony",
        "Drix Fatemaker",
        "Bushmaster, Coiled Henchman",
    ],
)
def test_a_damage_step_keyword_granted_to_creatures_with_counters_is_listed(name: str) -> None:
    assert "not_understood" in [u["why"] for u in statics_of(name).unapplied] and scored_unapplied(name)


def test_a_block_beside_tuskguard_captain_is_judged_with_its_text_listed() -> None:
    captain = {"id": "captain", "card": "Tuskguard Captain", "controller": "ana"}
    bears = {"id": "bears", "card": "Grizzly Bears", "controller": "ana", "attacking": "ben"}
    ox = {"id": "ox", "card": "Grizzly Bears", "controller": "ben"}
    report = check(board(captain, bears, ox, blocks={"ox": "bears"}))
    assert report.verdict == "legal" and [u.why for u in report.unapplied] == ["not_understood"]  # trample, 702.19


# -- conditions and one-shots ----------------------------------------------------------------------------------------
@pytest.mark.parametrize(("counters", "verdict"), [({}, "illegal"), ({"+1/+1": 1}, "legal")])
def test_pipsqueak_cant_attack_alone_unless_he_has_a_counter(counters: dict[str, int], verdict: str) -> None:
    # "Pipsqueak can't attack alone unless he has a +1/+1 counter on him": the card named "he"
    pipsqueak = {"id": "pip", "card": "Pipsqueak, Rebel Strongarm", "controller": "ana", "counters": counters}
    report = check(attack_board(pipsqueak, attacks={"pip": "ben"}))
    assert report.verdict == verdict and report.unapplied == []


@pytest.mark.parametrize(
    ("name", "when", "abilities"),
    [
        ("Gideon Blackblade", {"your_turn": True}, ["indestructible"]),
        ("Grand Master of Flowers", {"counters_at_least": {"loyalty": 7}}, ["flying", "indestructible"]),
        ("Warden of the Wall", {"your_turn": False}, ["flying"]),
    ],
)
def test_a_permanent_that_is_a_creature_with_a_keyword_under_a_condition(
    name: str, when: dict[str, Any], abilities: list[str]
) -> None:
    # R8: the keyword is a conditional ability under that condition; that it is a creature at all is listed (506.3)
    statics = statics_of(name)
    assert [(c["when"], c["abilities"]) for c in statics.conditional] == [(when, abilities)]
    assert statics.unapplied and scored_unapplied(name)


@pytest.mark.parametrize("name", ["Wilson, Majestic Bear", "Veiling Oddity", "Beetle, Legacy Criminal"])
def test_an_ability_that_works_from_the_graveyard_or_exile_does_nothing_on_the_board(name: str) -> None:
    # R9, 113.6: "{1}{G}{G}, exile ~ from your graveyard: …", "… removed from this card while it's exiled, …"
    assert statics_of(name).unapplied == []


def test_two_conditions_on_one_ability_are_one_condition_with_both_fields() -> None:
    # R6, Cloud, Planet's Champion: "during your turn, as long as Cloud is equipped, it has double strike and …"
    cloud = statics_of("Cloud, Planet's Champion")
    assert [(c["when"], c["abilities"]) for c in cloud.conditional] == [
        ({"your_turn": True, "equipped": True}, ["double_strike", "indestructible"])
    ]
    attacker = {"id": "cloud", "card": "Cloud, Planet's Champion", "controller": "ana", "attacking": "ben"}
    sword = {"id": "sword", "card": "Bonesplitter", "controller": "ana", "attached_to": "cloud"}
    bears = {"id": "bears", "card": "Grizzly Bears", "controller": "ben"}
    report = check(board(attacker, sword, bears, blocks={"bears": "cloud"}))
    assert report.verdict == "legal" and [u.why for u in report.unapplied] == ["power_toughness"]  # Bonesplitter's


@pytest.mark.parametrize(("counters", "verdict"), [({"ice": 1}, "illegal"), ({}, "legal")])
def test_woolly_razorback_has_defender_while_it_has_an_ice_counter(counters: dict[str, int], verdict: str) -> None:
    # "… prevent all combat damage it would deal and it has defender": the prevention bears on no declaration
    boar = {"id": "boar", "card": "Woolly Razorback", "controller": "ana", "counters": counters}
    report = check(attack_board(boar, attacks={"boar": "ben"}))
    assert report.verdict == verdict and report.unapplied == []  # defender (702.3b)


@pytest.mark.parametrize("name", ["Erg Raiders", "Aggression", "Season of the Witch"])
def test_a_check_of_an_earlier_attack_bears_on_no_declaration(name: str) -> None:
    # R10: "at the beginning of your end step, if ~ didn't attack this turn, …"
    assert [u for u in statics_of(name).unapplied if "this turn" in u["text"]] == []
    assert [u["why"] for u in statics_of("Trygon Prime").unapplied] == ["one_shot"]  # "can't be blocked this turn"


def test_a_keyword_counter_a_kicked_creature_enters_with_is_its_keyword() -> None:
    # Voidpouncer: "if ~ was kicked, it enters with two +1/+1 counters and a trample counter on it and with haste"
    pouncer = statics_of("Voidpouncer")
    assert [(c["when"], c["abilities"]) for c in pouncer.conditional] == [({"kicked": True}, ["trample", "haste"])]
    assert [u["why"] for u in pouncer.unapplied] == ["power_toughness"]  # its +1/+1 counters, a size stated


@pytest.mark.parametrize(("land", "verdict"), [("Island", "illegal"), ("Plains", "legal")])
def test_tek_has_each_keyword_under_its_own_condition_beside_its_pumps(land: str, verdict: str) -> None:
    # "gets +0/+2 as long as you control a Plains, has flying as long as you control an Island, …"
    tek = {"id": "tek", "card": "Tek", "controller": "ana", "attacking": "ben"}
    basic = {"id": "land", "card": land, "controller": "ana"}
    bears = {"id": "bears", "card": "Grizzly Bears", "controller": "ben"}
    report = check(board(tek, basic, bears, blocks={"bears": "tek"}))
    assert report.verdict == verdict  # flying (702.9b) with an Island
    assert [u.why for u in report.unapplied] == ["power_toughness"]  # its pumps, a size the snapshot states


@pytest.mark.parametrize(("advocate", "verdict"), [(False, "illegal"), (True, "legal")])
def test_marauding_maulhorn_attacks_unless_you_control_a_creature_named_advocate(advocate: bool, verdict: str) -> None:
    # "attacks each combat if able unless you control a creature named Advocate of the Beast" (508.1d)
    maulhorn = {"id": "maulhorn", "card": "Marauding Maulhorn", "controller": "ana"}
    beast = [{"id": "advocate", "card": "Advocate of the Beast", "controller": "ana"}] if advocate else []
    report = check(attack_board(maulhorn, *beast, attacks={}))
    assert report.verdict == verdict and report.unapplied == []


def test_a_keyword_list_under_a_condition_the_board_cant_show_is_never_read_as_unconditional() -> None:
    # The Tarrasque: "has haste and ward {10} as long as it was cast": the Oracle reader must not take haste as its own
    db = database()
    assert read_card(find_card("The Tarrasque", db), db).abilities == ()
    assert [u["why"] for u in statics_of("The Tarrasque").unapplied] == ["condition"]
    tarrasque = {"id": "tarrasque", "card": "The Tarrasque", "controller": "ana", "entered_this_turn": True}
    report = check(attack_board(tarrasque, attacks={"tarrasque": "ben"}))
    assert report.verdict == "illegal" and [u.why for u in report.unapplied] == ["condition"]  # 302.6


def test_a_keyword_while_it_is_untapped_is_conditional() -> None:
    iymrith = statics_of("Iymrith, Desert Doom")  # "Iymrith has ward {4} as long as it's untapped"
    assert [(c["when"], c["abilities"]) for c in iymrith.conditional] == [({"tapped": False}, ["ward"])]


def test_keywords_only_counted_grant_nothing() -> None:
    # R12, Odric, Blood-Cursed: "X is the number of abilities from among flying, first strike, … among creatures …"
    assert statics_of("Odric, Blood-Cursed").unapplied == []


@pytest.mark.parametrize(
    ("name", "when", "abilities"),
    [
        ("Colossus of Akros", {"monstrous": True}, ["trample"]),  # "… and can attack as though it didn't have defender"
        ("Skyknight Squire", {"counters_at_least": {"+1/+1": 3}}, ["flying"]),  # "… and is a Knight …"
        ("Futurist Operative", {"tapped": True}, ["cant_be_blocked"]),  # "it's a Human Citizen … and can't be blocked"
    ],
)
def test_a_conditional_ability_read_in_part_applies_its_exact_part_and_lists_the_rest(
    name: str, when: dict[str, Any], abilities: list[str]
) -> None:
    # R4 on the card's own conditional abilities
    statics = statics_of(name)
    assert [(c["when"], c["abilities"]) for c in statics.conditional] == [(when, abilities)]
    assert "not_understood" in [u["why"] for u in statics.unapplied]


def test_skyknight_squire_flies_with_three_counters_and_its_type_is_listed() -> None:
    squire: dict[str, Any] = {"id": "squire", "card": "Skyknight Squire", "controller": "ana", "attacking": "ben"}
    squire["counters"] = {"+1/+1": 3}
    bears = {"id": "bears", "card": "Grizzly Bears", "controller": "ben"}
    report = check(board(squire, bears, blocks={"bears": "squire"}))
    assert report.verdict == "illegal" and [u.why for u in report.unapplied] == ["not_understood"]  # 702.9b


def test_a_keyword_unless_the_card_is_attacking() -> None:
    tadeas = statics_of("Tadeas, Juniper Ascendant")  # "Tadeas has hexproof unless it's attacking"
    assert [(c["when"], c["abilities"]) for c in tadeas.conditional] == [({"not": {"attacking": True}}, ["hexproof"])]


def test_soulbond_granting_an_attack_trigger_gives_the_card_its_half_and_lists_the_partners() -> None:
    # Imperious Mindbreaker: 'each of those creatures has "Whenever this creature attacks, each opponent mills …"'
    mindbreaker = statics_of("Imperious Mindbreaker")
    assert [(c["when"], c["abilities"]) for c in mindbreaker.conditional] == [({"paired": True}, ["whenever_attacks"])]
    assert [u["why"] for u in mindbreaker.unapplied] == ["not_understood"]  # the partner's half (E's soulbond rule)


@pytest.mark.parametrize("name", ["Mirage Phalanx", "Seething Skitter-Priest", "Elemental Mastery"])
def test_what_tokens_made_by_a_granted_ability_are_given_is_theirs(name: str) -> None:
    # R11: a token copy "except it has haste", a Mite token 'with … "This creature can't block."', tokens "with haste"
    assert statics_of(name).unapplied == []


@pytest.mark.parametrize("name", ["Sauron, the Necromancer", "Kaya, Intangible Slayer"])
def test_a_token_copy_except_its_a_creature_with_a_keyword_is_the_tokens_own(name: str) -> None:
    # R11: "create a tapped and attacking token that's a copy of that card, except it's a 3/3 black Wraith with menace"
    assert statics_of(name).unapplied == []


# -- the Oracle reader ------------------------------------------------------------------------------------------------
def own_abilities(name: str) -> tuple[Any, ...]:
    db = database()
    return read_card(find_card(name, db), db).abilities


@pytest.mark.parametrize(
    ("name", "abilities"),
    [
        ("Shifting Sliver", ({"cant_be_blocked_except_by": {"subtypes": ["sliver"]}},)),
        ("Kargan Intimidator", ({"cant_be_blocked_by": {"subtypes": ["coward"]}},)),  # a Warrior
        ("Frost Fair Lure Fish", ("haste", {"cant_be_blocked_by": {"subtypes": ["human"]}})),
        ("Frenetic Raptor", ("cant_block",)),  # a Beast
        (
            "Graaz, Unstoppable Juggernaut",
            ("attacks_each_combat_if_able", {"cant_be_blocked_by": {"subtypes": ["wall"]}}),
        ),
    ],
)
def test_a_restriction_stated_of_a_group_that_includes_the_card_is_its_own(
    name: str, abilities: tuple[Any, ...]
) -> None:
    assert own_abilities(name) == abilities  # R14


def test_kargan_intimidator_cant_be_blocked_by_a_coward() -> None:
    kargan = {"id": "kargan", "card": "Kargan Intimidator", "controller": "ana", "attacking": "ben"}
    coward = {"id": "coward", "name": "Coward", "types": ["creature"], "subtypes": ["coward"], "power": 1}
    coward |= {"toughness": 1, "controller": "ben"}
    assert check(board(kargan, coward, blocks={"coward": "kargan"})).verdict == "illegal"  # 509.1b


@pytest.mark.parametrize(
    ("name", "abilities"),
    [("Niv-Mizzet, Guildpact", ("flying",)), ("Eradicator Valkyrie", ("flying", "lifelink"))],
)
def test_hexproof_from_a_quality_leaves_the_keywords_beside_it_read(name: str, abilities: tuple[str, ...]) -> None:
    # "Flying, hexproof from multicolored": hexproof from a quality bears on no declaration
    assert own_abilities(name) == abilities and statics_of(name).unapplied == []


@pytest.mark.parametrize(("name", "reported"), [("Sphinx of the Guildpact", True), ("Transguild Courier", False)])
def test_a_card_that_is_all_colors_is_reported_unless_the_database_gives_it_all_five(name: str, reported: bool) -> None:
    # R7: "~ is all colors" changes what intimidate, fear and protection see; the Sphinx's face is colorless here
    db = database()
    assert bool(read_card(find_card(name, db), db).unmapped) == reported


def test_a_copy_that_is_a_wall_with_defender_keeps_its_defender_and_is_reported() -> None:
    # "… enter as a copy of any creature …, except it's a Wall in addition to its other types and has defender. When
    # you do, …": the exception's keyword is its own whatever it copies (707.9b); the copy is the snapshot's (707.2)
    db = database()
    reading = read_card(find_card("Wall of Stolen Identity", db), db)
    assert reading.abilities == ("defender",) and len(reading.unmapped) == 1
