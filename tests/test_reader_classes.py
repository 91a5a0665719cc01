"""The reader's classes that the blind samples of issue 21's second measure showed wrong (docs/cards.md, "Effects
reader accuracy"), each on a named board or a named card; every test fails on the reader before the fix."""

from __future__ import annotations

from typing import Any

import pytest
from combatcheck.cards.conditions import ConditionReader
from combatcheck.cards.db import database
from combatcheck.cards.lookup import find_card, read_card
from combatcheck.cards.oracle import SelfInfo, read_oracle
from combatcheck.models import snapshot_from_data
from combatcheck.solver import check, report_lines
from helpers import attack_board, board
from reader_score import statics_of


def test_lovestruck_beast_attacks_only_beside_a_one_one() -> None:
    beast = {"id": "beast", "card": "Lovestruck Beast", "controller": "ana"}
    bears = {"id": "bears", "card": "Grizzly Bears", "controller": "ana"}
    thopter = {"id": "thopter", "card": "Ornithopter", "controller": "ana"}  # 0/2: no 1/1
    squire = {"id": "squire", "name": "Squire", "types": ["creature"], "power": 1, "toughness": 1, "controller": "ana"}
    assert check(attack_board(beast, bears, thopter, attacks={"beast": "ben"})).verdict == "illegal"
    report = check(attack_board(beast, squire, attacks={"beast": "ben"}))
    assert report.verdict == "legal" and report.unapplied == []


def test_goblin_mutant_cant_attack_if_defending_player_controls_an_untapped_big_creature() -> None:
    mutant = {"id": "mutant", "card": "Goblin Mutant", "controller": "ana"}
    giant = {"id": "giant", "card": "Hill Giant", "controller": "ben"}
    assert check(attack_board(mutant, giant, attacks={"mutant": "ben"})).verdict == "illegal"
    tapped = {**giant, "tapped": True}
    assert check(attack_board(mutant, tapped, attacks={"mutant": "ben"})).verdict == "legal"


@pytest.mark.parametrize("aura", ["Arrest", "Bound in Gold"])
def test_an_aura_forbidding_attacks_beside_other_things_forbids_the_attack(aura: str) -> None:
    bears = {"id": "bears", "card": "Grizzly Bears", "controller": "ana"}
    arrest = {"id": "aura", "card": aura, "controller": "ben", "attached_to": "bears"}
    report = check(attack_board(bears, arrest, attacks={"bears": "ben"}))
    assert report.verdict == "illegal" and report.unapplied == []


def test_protection_from_two_colors_on_an_equipment() -> None:
    assert statics_of("Sword of Sinew and Steel").grants_attached == [{"protection_from": ["black", "red"]}]


def test_a_granted_ability_in_quotation_marks_leaves_the_keywords_read() -> None:
    homura = statics_of("Homura's Essence")
    assert [s["effect"] for s in homura.statics] == [{"grant": ["flying"], "to": {"controller": "you"}}]
    assert statics_of("Shifting Shadow").grants_attached == ["haste"]


def test_during_your_turn_flying_is_the_cards_own_under_a_condition() -> None:
    aeronaut = {"id": "aeronaut", "card": "Daggersail Aeronaut", "controller": "ana", "attacking": "ben"}
    bears = {"id": "bears", "card": "Grizzly Bears", "controller": "ben"}
    assert check(board(aeronaut, bears, blocks={"bears": "aeronaut"})).verdict == "illegal"  # flying (702.9b)


def test_a_class_level_is_never_applied_unconditionally() -> None:
    rogue = statics_of("Rogue Class")
    assert rogue.statics == []
    assert [u["why"] for u in rogue.unapplied if "menace" in u["text"]] == ["condition"]


def test_chaosphere_fliers_block_only_fliers() -> None:
    chaos = statics_of("Chaosphere")
    grants = [s["effect"] for s in chaos.statics]
    assert {"grant": [{"can_block_only": {"abilities": ["flying"]}}], "to": {"abilities": ["flying"]}} in grants
    assert chaos.unapplied == []


def test_a_planeswalker_that_cant_be_attacked_is_listed() -> None:
    assert [u["why"] for u in statics_of("The Aetherspark").unapplied] == ["condition"]


def test_isshins_additional_triggers_are_listed_not_dropped() -> None:
    assert [u["why"] for u in statics_of("Isshin, Two Heavens as One").unapplied] == ["not_understood"]


def test_a_conditional_keyword_of_the_damage_step_is_read() -> None:
    iguanar = statics_of("Toxic Iguanar")
    assert iguanar.conditional[0]["abilities"] == ["deathtouch"]
    assert statics_of("Hazy Homunculus").conditional == []  # the Oracle reader's own ability, not read twice


def test_a_text_applied_in_part_is_listed_once_and_the_verdict_says_what_it_assumed() -> None:
    nim = statics_of("Nim Deathmantle")
    assert [u["why"] for u in nim.unapplied] == ["not_understood"]
    bears = {"id": "bears", "card": "Grizzly Bears", "controller": "ana", "attacking": "ben"}
    mantle = {"id": "nim", "card": "Nim Deathmantle", "controller": "ana", "attached_to": "bears"}
    snapshot = board(bears, mantle, blocks={})
    report = check(snapshot)
    assert (
        report.assuming == "assuming that this text of Nim Deathmantle (nim) does nothing beyond what the board states:"
    )
    assert len(report.unapplied) == 1
    assert any("intimidate" in line for line in report_lines(report, snapshot))


# -- the classes sample C showed (docs/cards.md) ---------------------------------------------------------------------
def test_a_way_out_of_an_applied_effect_is_listed_as_a_condition() -> None:
    lost = statics_of("Lost in Thought")  # "... may exile three cards ... to ignore this effect until end of turn"
    assert lost.grants_attached == ["cant_attack", "cant_block"]
    assert [u["why"] for u in lost.unapplied] == ["condition"]


@pytest.mark.parametrize("name", ["Shiny Impetus", "Bloodthirsty Blade"])
def test_an_attachment_that_goads_grants_goad_for_its_controller(name: str) -> None:
    assert statics_of(name).grants_attached == [{"goaded_by": ["you"]}]  # 701.38a, resolved as it applies


@pytest.mark.parametrize("name", ["Glorious Anthem", "Crescendo of War", "Skycat Sovereign"])
def test_every_static_change_of_power_or_toughness_is_listed(name: str) -> None:
    # the damage step and the power filters judge the power the snapshot states (docs/cards.md)
    assert "power_toughness" in [u["why"] for u in statics_of(name).unapplied]


def test_assigning_damage_as_though_unblocked_is_read() -> None:
    text = "You may have Thorn Elemental assign its combat damage as though it weren't blocked."
    assert "may_assign_damage_as_though_unblocked" in read_oracle(text, "Thorn Elemental").abilities


# -- the class blind sample A showed, fixed before sample D was compared (docs/cards.md) ------------------------------
@pytest.mark.parametrize(("name", "keyword"), [("Benalish Lancer", "first_strike"), ("Kavu Titan", "trample")])
def test_a_kicked_creature_enters_with_its_keyword(name: str, keyword: str) -> None:
    # 702.33d: "if ~ was kicked" is a fact of the permanent; its counters are a size the snapshot states
    kicker = statics_of(name)
    assert [(c["when"], c["abilities"]) for c in kicker.conditional] == [({"kicked": True}, [keyword])]
    creature = {"id": "kicker", "card": name, "controller": "ana", "attacking": "ben"}
    bears = {"id": "bears", "card": "Grizzly Bears", "controller": "ben"}
    unstated = check(board(creature, bears, blocks={"bears": "kicker"}))
    assert ["kicked"] in [u.needs for u in unstated.unapplied]
    stated = check(board({**creature, "kicked": True}, bears, blocks={"bears": "kicker"}))
    assert [u.why for u in stated.unapplied] == ["power_toughness"]


# -- the misses samples A, B and C left open, fixed before sample D was compared (docs/cards.md) ----------------------
def test_storm_windrider_keeps_flyers_from_attacking_you_and_from_blocking_your_creatures() -> None:
    storm = {"id": "storm", "card": "Storm, Windrider", "controller": "ben"}
    drake = {"id": "drake", "card": "Wind Drake", "controller": "ana"}
    bears = {"id": "bears", "card": "Grizzly Bears", "controller": "ana"}
    assert check(attack_board(storm, drake, bears, attacks={"drake": "ben"})).verdict == "illegal"
    assert check(attack_board(storm, drake, bears, attacks={"bears": "ben"})).verdict == "legal"
    # 509.1b: when ben attacks, ana's flyer can't block a creature ben (Storm's controller) controls
    attacker = {"id": "bears2", "card": "Grizzly Bears", "controller": "ben", "attacking": "ana"}
    board = {**drake, "id": "drake2"}
    data = {"step": "declare_blockers", "active_player": "ben", "players": ["ana", "ben"]}
    blocked = {**data, "permanents": [storm, attacker, board], "declaration": {"blocks": {"drake2": "bears2"}}}
    assert check(snapshot_from_data(blocked)).verdict == "illegal"


def test_akron_legionnaire_lets_only_itself_and_artifact_creatures_attack() -> None:
    akron = {"id": "akron", "card": "Akron Legionnaire", "controller": "ana"}
    bears = {"id": "bears", "card": "Grizzly Bears", "controller": "ana"}
    thopter = {"id": "thopter", "card": "Ornithopter", "controller": "ana"}
    assert check(attack_board(akron, bears, thopter, attacks={"bears": "ben"})).verdict == "illegal"
    assert check(attack_board(akron, bears, thopter, attacks={"akron": "ben", "thopter": "ben"})).verdict == "legal"


def test_crow_scarer_keeps_cowards_from_blocking_and_lists_the_attack_half() -> None:
    scarer = {"id": "scarer", "card": "Crow Scarer", "controller": "ana", "attacking": "ben"}
    coward = {"id": "coward", "name": "Coward", "types": ["creature"], "subtypes": ["coward"], "power": 1}
    coward |= {"toughness": 1, "controller": "ben"}
    report = check(board(scarer, coward, blocks={"coward": "scarer"}))
    assert report.verdict == "illegal"
    assert "not_understood" in [u.why for u in report.unapplied]  # "can't attack … creatures you control" (508.1b)


def test_sonorous_howlbonder_needs_three_blockers_for_each_menace_creature() -> None:
    howl = {"id": "howl", "card": "Sonorous Howlbonder", "controller": "ana", "attacking": "ben"}
    bears = [{"id": f"b{i}", "card": "Grizzly Bears", "controller": "ben"} for i in range(3)]
    assert check(board(howl, *bears, blocks={"b0": "howl", "b1": "howl"})).verdict == "illegal"
    assert check(board(howl, *bears, blocks={"b0": "howl", "b1": "howl", "b2": "howl"})).verdict == "legal"


# -- the classes blind sample D showed (docs/cards.md) ---------------------------------------------------------------
def test_spectral_grasp_keeps_its_creature_from_blocking_the_aura_controllers_creatures() -> None:
    bears = {"id": "bears", "card": "Grizzly Bears", "controller": "ana", "attacking": "ben"}
    ox = {"id": "ox", "card": "Grizzly Bears", "controller": "ben"}
    grasp = {"id": "grasp", "card": "Spectral Grasp", "controller": "ana", "attached_to": "ox"}
    assert check(board(bears, ox, grasp, blocks={"ox": "bears"})).verdict == "illegal"  # `you` is ana (509.1b)
    report = check(board(bears, ox, grasp, blocks={}))
    assert report.verdict == "legal" and report.unapplied == []


def test_spectral_grasp_lets_its_creature_block_someone_elses_creature() -> None:
    data = {"step": "declare_blockers", "active_player": "cat", "players": ["ana", "ben", "cat"]}
    wolf = {"id": "wolf", "card": "Grizzly Bears", "controller": "cat", "attacking": "ben"}
    ox = {"id": "ox", "card": "Grizzly Bears", "controller": "ben"}
    grasp = {"id": "grasp", "card": "Spectral Grasp", "controller": "ana", "attached_to": "ox"}
    board = {**data, "permanents": [wolf, ox, grasp], "declaration": {"blocks": {"ox": "wolf"}}}
    assert check(snapshot_from_data(board)).verdict == "legal"


def test_familiar_ground_lets_each_creature_you_control_be_blocked_by_one_creature_at_most() -> None:
    ground = {"id": "ground", "card": "Familiar Ground", "controller": "ana"}
    bears = {"id": "bears", "card": "Grizzly Bears", "controller": "ana", "attacking": "ben"}
    blockers = [{"id": f"b{i}", "card": "Grizzly Bears", "controller": "ben"} for i in range(2)]
    assert check(board(ground, bears, *blockers, blocks={"b0": "bears", "b1": "bears"})).verdict == "illegal"
    assert check(board(ground, bears, *blockers, blocks={"b0": "bears"})).verdict == "legal"


def test_sidar_kondo_keeps_ground_creatures_from_blocking_small_creatures() -> None:
    sidar = {"id": "sidar", "card": "Sidar Kondo of Jamuraa", "controller": "ana"}
    bears = {"id": "bears", "card": "Grizzly Bears", "controller": "ana", "attacking": "ben"}
    giant = {"id": "giant", "card": "Hill Giant", "controller": "ben"}
    spider = {"id": "spider", "card": "Giant Spider", "controller": "ben"}
    assert check(board(sidar, bears, giant, spider, blocks={"giant": "bears"})).verdict == "illegal"
    assert check(board(sidar, bears, giant, spider, blocks={"spider": "bears"})).verdict == "legal"  # reach


def test_tribal_golem_has_each_keyword_under_its_own_condition() -> None:
    golem = {"id": "golem", "card": "Tribal Golem", "controller": "ana", "attacking": "ben"}
    wizard = {"id": "wizard", "name": "Apprentice", "types": ["creature"], "subtypes": ["wizard"], "power": 1}
    wizard |= {"toughness": 1, "controller": "ana"}
    bears = {"id": "bears", "card": "Grizzly Bears", "controller": "ben"}
    assert check(board(golem, wizard, bears, blocks={"bears": "golem"})).verdict == "illegal"  # flying (702.9b)
    assert check(board(golem, bears, blocks={"bears": "golem"})).verdict == "legal"


def test_a_paired_creature_has_its_soulbond_keyword_and_its_partners_half_is_listed() -> None:
    trappers = statics_of("Geist Trappers")
    assert [(c["when"], c["abilities"]) for c in trappers.conditional] == [({"paired": True}, ["reach"])]
    assert [u["why"] for u in trappers.unapplied] == ["not_understood"]  # "both creatures": the partner's half


@pytest.mark.parametrize("name", ["Kalonian Hydra", "Dralnu's Pet"])
def test_counters_a_permanent_enters_with_are_a_size_the_snapshot_states(name: str) -> None:
    # 614.1c: a replacement effect as it entered; the counters are on the board, and the snapshot states its size
    assert ("power_toughness", True) in [(u["why"], u.get("own", False)) for u in statics_of(name).unapplied]


def test_which_kicker_was_paid_is_a_condition_the_board_cant_show() -> None:
    assert [u["why"] for u in statics_of("Cetavolver").unapplied] == ["condition", "condition"]


def test_an_equipment_setting_base_power_and_toughness_grants_its_keyword() -> None:
    blade = statics_of("Blade of the Oni")
    assert blade.grants_attached == ["menace"]
    assert [u["why"] for u in blade.unapplied] == ["not_understood"]  # "is a black Demon": listed once


def test_keywords_after_a_pump_are_granted_and_the_text_listed_once() -> None:
    destiny = statics_of("Draconic Destiny")
    assert destiny.grants_attached == ["flying", "haste"]
    assert [u["why"] for u in destiny.unapplied] == ["power_toughness"]


def test_a_pump_counted_for_each_attack_is_a_static_power_change() -> None:
    assert [u["why"] for u in statics_of("Moraug, Fury of Akoum").unapplied] == ["power_toughness"]


@pytest.mark.parametrize("name", ["Rionya, Fire Dancer", "Shang-Chi, Master of Kung Fu", "Garruk, Unleashed"])
def test_text_that_bears_on_no_declaration_is_not_listed(name: str) -> None:
    # Rionya's tokens gain haste as they are made (their own ability, stated on the board); Shang-Chi's haste is for
    # activating abilities (302.6); Garruk's +1 is a one-shot effect the snapshot states
    assert statics_of(name).unapplied == []


# -- the classes blind sample E showed (docs/cards.md) ---------------------------------------------------------------
def test_challenger_troll_lets_big_creatures_be_blocked_by_one_creature_at_most() -> None:
    troll = {"id": "troll", "card": "Challenger Troll", "controller": "ana"}
    wurm = {"id": "wurm", "card": "Craw Wurm", "controller": "ana", "attacking": "ben"}
    bears = {"id": "bears", "card": "Grizzly Bears", "controller": "ana", "attacking": "ben"}
    blockers = [{"id": f"b{i}", "card": "Grizzly Bears", "controller": "ben"} for i in range(2)]
    assert check(board(troll, wurm, bears, *blockers, blocks={"b0": "wurm", "b1": "wurm"})).verdict == "illegal"
    assert check(board(troll, wurm, bears, *blockers, blocks={"b0": "bears", "b1": "bears"})).verdict == "legal"


def test_warg_rider_gives_other_goblins_menace() -> None:
    rider = {"id": "rider", "card": "Warg Rider", "controller": "ana"}
    goblin = {"id": "goblin", "card": "Raging Goblin", "controller": "ana", "attacking": "ben"}
    bears = {"id": "bears", "card": "Grizzly Bears", "controller": "ben"}
    report = check(board(rider, goblin, bears, blocks={"bears": "goblin"}))
    assert report.verdict == "illegal"  # menace (702.111b): one blocker is not enough


def test_an_aura_that_changes_the_type_and_forbids_attacks_forbids_them_and_lists_the_type() -> None:
    bears = {"id": "bears", "card": "Grizzly Bears", "controller": "ana"}
    fog = {"id": "fog", "card": "Fog on the Barrow-Downs", "controller": "ben", "attached_to": "bears"}
    report = check(attack_board(bears, fog, attacks={"bears": "ben"}))
    assert report.verdict == "illegal"
    assert [u.why for u in report.unapplied] == ["not_understood"]  # "is a Spirit": the board keeps the Bears' type


def test_the_last_keyword_of_a_list_after_a_pump_is_granted() -> None:
    assert statics_of("Sword of Vengeance").grants_attached == ["first_strike", "vigilance", "trample", "haste"]


def test_soulbond_grants_the_card_a_keyword_that_bears_only_on_damage() -> None:
    wurm = statics_of("Pathbreaker Wurm")
    assert [(c["when"], c["abilities"]) for c in wurm.conditional] == [({"paired": True}, ["trample"])]
    assert [u["why"] for u in wurm.unapplied] == ["not_understood"]  # its partner's trample (702.19)


def test_siege_elemental_lets_only_tapped_creatures_block() -> None:
    siege = {"id": "siege", "card": "Siege Elemental", "controller": "ana"}
    bears = {"id": "bears", "card": "Grizzly Bears", "controller": "ana", "attacking": "ben"}
    tapped = {"id": "tapped", "card": "Grizzly Bears", "controller": "ben", "tapped": True}
    untapped = {"id": "untapped", "card": "Grizzly Bears", "controller": "ben"}
    assert check(board(siege, bears, tapped, untapped, blocks={"untapped": "bears"})).verdict == "illegal"
    report = check(board(siege, bears, tapped, untapped, blocks={"tapped": "bears"}))
    assert report.verdict == "legal" and report.unapplied == []


def test_if_able_outside_combat_bears_on_no_declaration() -> None:
    captured = statics_of("Captured by the Consulate")  # "change the target to enchanted creature if able"
    assert captured.grants_attached == ["cant_attack"] and captured.unapplied == []


def test_a_planeswalker_that_is_a_creature_with_flying_is_listed() -> None:
    flowers = statics_of("Grand Master of Flowers")  # "he's a 7/7 Dragon God creature with flying": not a filter
    # its flying is read under its condition since the dev sweep (R8); that it is a creature is what stays listed
    assert "not_understood" in [u["why"] for u in flowers.unapplied]


def test_a_copy_keeps_the_keywords_of_its_exception_and_is_reported() -> None:
    reading = read_oracle(
        "You may have Dack's Duplicate enter as a copy of any creature on the battlefield, except it has haste and "
        "dethrone.",
        "Dack's Duplicate",
    )
    assert reading.abilities == ("haste",) and len(reading.unmapped) == 1  # 707.9b; the copy is the snapshot's (707.2)


@pytest.mark.parametrize(
    "name", ["Kiki-Jiki, Mirror Breaker", "Totentanz, Swarm Piper", "Helm of the Host", "Jaxis, the Troublemaker"]
)
def test_what_tokens_are_given_as_they_are_made_is_theirs(name: str) -> None:
    # sample A's rule (the token's keyword, created with it, is stated with it on the board); 707.9b for copies.
    # Jaxis' own blitz is reported apart (its haste if cast for that cost: tests/test_reader_sample_k.py)
    assert [u for u in statics_of(name).unapplied if not u["text"].startswith("blitz")] == []


def test_a_one_shot_grant_to_creatures_beside_a_token_is_still_listed() -> None:
    karlach = statics_of("Karlach, Tiefling Zealot")  # "creatures you control get +1/+1 and gain haste until …"
    assert "one_shot" in [u["why"] for u in karlach.unapplied]


@pytest.mark.parametrize("target", ["ana", "walker"])
def test_a_vow_keeps_its_creature_from_attacking_the_auras_controller(target: str) -> None:
    # 508.1c: "can't attack you or planeswalkers you control", `you` the Aura's controller (ana)
    data = {"step": "declare_attackers", "active_player": "ben", "players": ["ana", "ben", "cai"]}
    ox = {"id": "ox", "card": "Grizzly Bears", "controller": "ben"}
    vow = {"id": "vow", "card": "Vow of Duty", "controller": "ana", "attached_to": "ox"}
    walker = {"id": "walker", "card": "Jace Beleren", "controller": "ana"}
    for attacked, verdict in ((target, "illegal"), ("cai", "legal")):
        board = {**data, "permanents": [ox, vow, walker], "declaration": {"attacks": {"ox": attacked}}}
        report = check(snapshot_from_data(board))
        assert report.verdict == verdict, attacked
        assert [u.why for u in report.unapplied] == ["power_toughness"]  # its +2/+2, stated by the snapshot


# -- the classes blind sample F showed (docs/cards.md) ---------------------------------------------------------------
def test_a_keyword_during_your_turn_after_the_keyword_is_the_cards_own_under_a_condition() -> None:
    needlehead = statics_of("Razorkin Needlehead")  # "this creature has first strike during your turn"
    assert [(c["when"], c["abilities"]) for c in needlehead.conditional] == [({"your_turn": True}, ["first_strike"])]


def test_no_counters_of_a_kind_is_a_condition_on_counters() -> None:
    roc = statics_of("Roc Hatchling")  # "as long as this creature has no shell counters on it, … has flying"
    assert [(c["when"], c["abilities"]) for c in roc.conditional] == [({"counters_at_most": {"shell": 0}}, ["flying"])]


def test_the_card_and_others_during_your_turn_gives_the_card_its_half() -> None:
    dion = statics_of("Dion, Bahamut's Dominant")  # "during your turn, Dion and other Knights you control have flying"
    assert [(c["when"], c["abilities"]) for c in dion.conditional] == [({"your_turn": True}, ["flying"])]
    assert [u["why"] for u in dion.unapplied] == ["condition"]  # the other Knights' flying: no static has a condition


def test_an_attachments_keyword_under_a_condition_it_cant_read_is_listed() -> None:
    knuckles = statics_of("Brass Knuckles")  # "double strike as long as two or more Equipment are attached to it"
    assert knuckles.grants_attached == [] and [u["why"] for u in knuckles.unapplied] == ["condition"]


def test_an_aura_that_makes_a_creature_legendary_grants_its_keywords() -> None:
    wings = statics_of("On Serra's Wings")
    assert wings.grants_attached == ["flying", "vigilance", "lifelink"]
    assert [u["why"] for u in wings.unapplied] == ["not_understood"]  # "is legendary": listed


def test_a_bestowed_lure_is_the_cards_own_and_the_enchanted_creatures() -> None:
    db = database()
    quarry = find_card("Noble Quarry", db)
    assert read_oracle(quarry.text, quarry.name).abilities == ("all_able_must_block_it",)
    assert statics_of("Noble Quarry").grants_attached == ["all_able_must_block_it"]


def test_the_counter_unleash_may_enter_with_is_listed_as_a_size() -> None:
    imps = statics_of("Chaos Imps")
    assert [(u["why"], u.get("own")) for u in imps.unapplied] == [("power_toughness", True)]  # 702.98a, 614.1c


def test_a_pump_counted_by_the_keywords_a_creature_has_bears_on_no_declaration() -> None:
    assert statics_of("Akroma, Vision of Ixidor").unapplied == []  # "+1/+1 if it has flying, …" until end of turn


@pytest.mark.parametrize("name", ["Skatewing Spy", "Triarch Stalker"])
def test_a_grant_the_card_may_share_but_no_filter_names_is_reported_as_its_own(name: str) -> None:
    db = database()
    face = find_card(name, db)
    itself = SelfInfo(types=frozenset(face.types), subtypes=frozenset(s.lower() for s in face.subtypes))
    assert len(read_oracle(face.text, face.name, itself=itself).unmapped) == 1


def test_a_keyword_the_reader_doesnt_know_is_reported_by_what_its_reminder_says() -> None:
    text = "Upgrade (This creature enters covering another artifact you control. It has haste.)"
    assert read_oracle(text, "Weaponized Scrap").unmapped == (
        "upgrade: this creature enters covering another artifact you control. it has haste.",
    )
    assert (
        read_oracle("Flying (This creature can't be blocked except by creatures with flying or reach.)", "x").unmapped
        == ()
    )


# -- the classes a sweep of the frame showed after sample F (docs/cards.md) ----------------------------------------
@pytest.mark.parametrize(
    ("name", "effect"),
    [
        ("Deepchannel Mentor", {"grant": ["cant_be_blocked"], "to": {"colors": ["U"], "controller": "you"}}),
        (
            "Midnight Pathlighter",
            {"grant": [{"cant_be_blocked_except_by": {"supertypes": ["legendary"]}}], "to": {"controller": "you"}},
        ),
        ("High Ground", {"grant": [{"can_block_additional": 1}], "to": {"controller": "you"}}),
        (
            "Depthshaker Titan",
            {"grant": ["melee", "trample", "haste"], "to": {"types": ["artifact"], "controller": "you"}},
        ),
    ],
)
def test_a_group_that_cant_be_blocked_or_blocks_more_is_an_effect_on_others(name: str, effect: dict[str, Any]) -> None:
    statics = statics_of(name)
    assert [s["effect"] for s in statics.statics][:1] == [effect] and statics.unapplied == []


def test_whispersilk_cloak_makes_its_creature_unblockable_and_shroud_bears_on_no_declaration() -> None:
    bears = {"id": "bears", "card": "Grizzly Bears", "controller": "ana", "attacking": "ben"}
    cloak = {"id": "cloak", "card": "Whispersilk Cloak", "controller": "ana", "attached_to": "bears"}
    ox = {"id": "ox", "card": "Grizzly Bears", "controller": "ben"}
    assert check(board(bears, cloak, ox, blocks={"ox": "bears"})).verdict == "illegal"  # 509.1b
    report = check(board(bears, cloak, ox, blocks={}))
    assert report.verdict == "legal" and report.unapplied == []


def test_a_keyword_then_a_pump_grants_the_keyword_and_lists_the_pump() -> None:
    pike = statics_of("Runechanter's Pike")  # "has first strike and gets +X/+0, where X is …"
    assert pike.grants_attached == ["first_strike"] and [u["why"] for u in pike.unapplied] == ["power_toughness"]


# -- the classes blind sample G showed (docs/cards.md) ---------------------------------------------------------------
def test_kitesail_corsair_flies_while_it_attacks() -> None:
    corsair = {"id": "corsair", "card": "Kitesail Corsair", "controller": "ana", "attacking": "ben"}
    bears = {"id": "bears", "card": "Grizzly Bears", "controller": "ben"}
    assert check(board(corsair, bears, blocks={"bears": "corsair"})).verdict == "illegal"  # flying (702.9b)
    home = {"id": "corsair", "card": "Kitesail Corsair", "controller": "ben"}
    raider = {"id": "raider", "card": "Grizzly Bears", "controller": "ana", "attacking": "ben"}
    assert check(board(home, raider, blocks={"corsair": "raider"})).verdict == "legal"  # not attacking: no flying


def test_an_alchemy_card_names_itself_without_its_prefix() -> None:
    adventurer = statics_of("A-Triumphant Adventurer")  # "as long as it's your turn, Triumphant Adventurer has …"
    assert [(c["when"], c["abilities"]) for c in adventurer.conditional] == [({"your_turn": True}, ["first_strike"])]


@pytest.mark.parametrize(
    ("name", "when"),
    [
        ("Ice-Fang Coatl", {"you_control": {"filter": {"supertypes": ["snow"]}, "at_least": 3, "other": True}}),
        ("Evolved Spinoderm", {"counters_at_most": {"oil": 2}}),
    ],
)
def test_conditions_on_other_permanents_and_on_fewer_counters_are_read(name: str, when: dict[str, Any]) -> None:
    assert statics_of(name).conditional[0]["when"] == when


def test_otherwise_is_the_negated_condition() -> None:
    spinoderm = statics_of(
        "Evolved Spinoderm"
    )  # "… trample as long as … two or fewer oil counters. Otherwise, hexproof"
    assert spinoderm.conditional[1] == {
        "when": {"not": {"counters_at_most": {"oil": 2}}},
        "abilities": ["hexproof"],
        "text": "otherwise, it has hexproof.",
    }


def test_a_keyword_of_the_damage_step_under_a_condition_the_board_cant_show_is_listed() -> None:
    # never silent: the damage step reads double strike (510.4), so the text not applied is listed with the verdict
    assert [u["why"] for u in statics_of("Gallant Pie-Wielder").unapplied] == ["condition"]


def test_an_ability_that_works_from_the_graveyard_does_nothing_on_the_board() -> None:
    assert statics_of("Anger").unapplied == []  # 113.6: "as long as this card is in your graveyard"


@pytest.mark.parametrize("name", ["Flitterwing Nuisance"])
def test_minus_counters_a_permanent_enters_with_are_a_size(name: str) -> None:
    assert [u["why"] for u in statics_of(name).unapplied] == ["power_toughness"]


def test_protection_from_three_colors_in_a_list() -> None:
    sword = statics_of("Sword of Fire and Ice and War and Peace")
    assert sword.grants_attached == [{"protection_from": ["white", "blue", "red"]}]


def test_a_filter_by_name_and_one_by_power_or_toughness() -> None:
    rite = statics_of("Rite of the Raging Storm")
    assert rite.statics[0]["effect"]["attackers"] == {"names": ["Lightning Rager"]}
    assert rite.unapplied == []  # the Rager token's trample and haste are the token's own
    tetsuko = statics_of("Tetsuko Umezawa, Fugitive")
    assert tetsuko.statics[0]["effect"]["to"]["any_of"] == [{"power_at_most": 1}, {"toughness_at_most": 1}]


def test_a_granted_combat_trigger_keyword_is_listed() -> None:
    mace = statics_of("Nazgûl Battle-Mace")  # "has menace, deathtouch, annihilator 1, and …"
    assert mace.grants_attached == ["menace", "deathtouch"] and [u["why"] for u in mace.unapplied] == ["not_understood"]


def test_a_quality_of_a_one_shot_target_bears_on_no_declaration() -> None:
    assert (
        statics_of("Crowd of True Believers").unapplied == []
    )  # "target creature … that's attacking alone gets +1/+0"


@pytest.mark.parametrize(("aura", "verdict"), [(True, "illegal"), (False, "legal")])
def test_fledgling_osprey_flies_while_enchanted(aura: bool, verdict: str) -> None:
    osprey = {"id": "osprey", "card": "Fledgling Osprey", "controller": "ana", "attacking": "ben"}
    bears = {"id": "bears", "card": "Grizzly Bears", "controller": "ben"}
    wings = [{"id": "aura", "card": "Ancestral Mask", "controller": "ana", "attached_to": "osprey"}] if aura else []
    assert check(board(osprey, bears, *wings, blocks={"bears": "osprey"})).verdict == verdict  # 702.9b, 303.4


def test_a_condition_on_being_equipped_or_tapped_is_read() -> None:
    assert statics_of("Kor Duelist").conditional[0]["when"] == {"equipped": True}
    assert ConditionReader(frozenset()).condition("~ is untapped") == {"tapped": False}


# -- the classes blind sample H showed (docs/cards.md) ---------------------------------------------------------------
def test_a_god_that_isnt_a_creature_below_its_devotion_is_listed() -> None:
    # 506.3: only creatures attack or block; devotion is no fact a snapshot states
    assert [u["why"] for u in statics_of("Purphoros, Bronze-Blooded").unapplied] == ["condition"]


def test_graaz_makes_juggernauts_attack_and_walls_unable_to_block_them() -> None:
    graaz = {"id": "graaz", "card": "Graaz, Unstoppable Juggernaut", "controller": "ana", "attacking": "ben"}
    wall = {"id": "wall", "card": "Wall of Stone", "controller": "ben"}
    assert check(board(graaz, wall, blocks={"wall": "graaz"})).verdict == "illegal"  # 509.1b


def test_a_creature_that_needs_a_soulbond_partner_to_attack() -> None:
    knot = statics_of("Flowering Lumberknot")
    assert [(c["when"], c["abilities"]) for c in knot.conditional] == [
        ({"not": {"paired": True}}, ["cant_attack", "cant_block"])
    ]


@pytest.mark.parametrize("name", ["Hold for Ransom", "Riders of Rohan", "Sonic the Hedgehog"])
def test_text_of_no_declaration_beside_what_is_read_is_not_listed(name: str) -> None:
    # a granted "{7}: …" ability; tokens made with trample and haste (theirs); "each creature with flash or haste"
    db = database()
    own_triggers = {t.rstrip(".") for t in read_card(find_card(name, db), db).triggers_unmapped}
    listed = [u["text"] for u in statics_of(name).unapplied if u["text"] not in own_triggers]
    assert [text for text in listed if not text.startswith("dash")] == []  # Riders of Rohan's own dash, reported


def test_a_static_pump_under_a_condition_on_this_turn_is_listed() -> None:
    navigator = statics_of("Deepway Navigator")  # "as long as you attacked with three or more Merfolk this turn"
    assert [u["why"] for u in navigator.unapplied] == ["power_toughness"]


# -- the classes blind sample I showed (docs/cards.md) ---------------------------------------------------------------
@pytest.mark.parametrize(
    ("name", "effect"),
    [
        (
            "Esika, God of the Tree",
            {"grant": ["vigilance"], "to": {"supertypes": ["legendary"], "controller": "you"}, "other": True},
        ),
        ("Hold the Gates", {"grant": ["vigilance"], "to": {"controller": "you"}}),
        ("Lo and Li, Twin Tutors", {"grant": ["lifelink"], "to": {"subtypes": ["noble"], "controller": "you"}}),
    ],
)
def test_a_lord_beside_a_quoted_ability_a_counted_pump_or_spells_grants_its_keyword(
    name: str, effect: dict[str, Any]
) -> None:
    assert [s["effect"] for s in statics_of(name).statics] == [effect]


def test_a_keyword_of_the_damage_step_granted_to_a_group_no_filter_names_is_listed() -> None:
    assert [u["why"] for u in statics_of("Deathleaper, Terror Weapon").unapplied] == [
        "not_understood"
    ]  # entered this turn


def test_an_aura_that_forbids_attacks_and_takes_abilities_away() -> None:
    mutation = statics_of("Retro-Mutation")  # "it can't attack and loses all abilities"
    assert mutation.grants_attached == ["cant_attack"]
    # and "Enchanted creature is a Turtle with base power and toughness 0/1", the type change listed apart (sweep)
    assert [u["why"] for u in mutation.unapplied] == ["not_understood", "not_understood"]


def test_yuna_has_its_keywords_during_your_turn_and_the_others_are_listed() -> None:
    yuna = statics_of("Yuna, Hope of Spira")
    assert [(c["when"], c["abilities"]) for c in yuna.conditional] == [
        ({"your_turn": True}, ["trample", "lifelink", "ward"])
    ]
    assert [u["why"] for u in yuna.unapplied] == ["condition"]


def test_a_grant_to_all_creatures_that_must_attack_is_the_cards_own_too() -> None:
    db = database()
    avatar = find_card("Avatar of Slaughter", db)
    assert read_card(avatar, db).abilities == ("double_strike", "attacks_each_combat_if_able")


# -- texts that take abilities away, listed (never silent) -----------------------------------------------------------
@pytest.mark.parametrize("name", ["Humility", "Heliod's Punishment"])
def test_losing_all_abilities_is_listed(name: str) -> None:
    # a board of named cards keeps their abilities, so the loss is listed with the verdict, never dropped
    assert "not_understood" in [u["why"] for u in statics_of(name).unapplied]
