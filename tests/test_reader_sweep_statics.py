"""The effects reader's classes that the dev sweep of the whole card database found wrong before blind sample J
(issue 21; /work/review's rulings R1-R15), each on a named card or a named board; every test fails on the reader
before its fix."""

from __future__ import annotations

from typing import Any

from combatcheck.solver import check
from helpers import attack_board, board
from reader_score import statics_of


def effects_of(name: str) -> list[Any]:
    return [s["effect"] for s in statics_of(name).statics]


# -- attachments ------------------------------------------------------------------------------------------------------
def test_an_arrest_whose_tail_names_only_tap_abilities_forbids_attacks_and_blocks() -> None:
    # Serra Bestiary: "… and its activated abilities with {T} in their costs can't be activated" bears on no declaration
    bestiary = statics_of("Serra Bestiary")
    assert bestiary.grants_attached == ["cant_attack", "cant_block"] and bestiary.unapplied == []
    bears = {"id": "bears", "card": "Grizzly Bears", "controller": "ana"}
    aura = {"id": "aura", "card": "Serra Bestiary", "controller": "ben", "attached_to": "bears"}
    assert check(attack_board(bears, aura, attacks={"bears": "ben"})).verdict == "illegal"


def test_each_clause_of_an_attachments_list_is_read_or_listed() -> None:
    # an attachment's "has …, is a TYPE …, and can't be blocked": each clause with its verb is applied if exact and
    # the rest listed (R4; Fog on the Barrow-Downs): base power and toughness, a type change, losing abilities
    assert statics_of("Deep Freeze").grants_attached == ["defender"]  # "…, has defender, loses all other abilities, …"
    assert statics_of("Observed Stasis").grants_attached == ["cant_attack", "cant_block"]  # the loss comes first
    assert statics_of("Brotherhood Regalia").grants_attached == ["ward", "cant_be_blocked"]
    assert statics_of("Psychic Paper").grants_attached == ["ward", "cant_be_blocked"]  # ", it can't be blocked, and …"
    for name in ("Deep Freeze", "Observed Stasis", "Brotherhood Regalia", "Psychic Paper"):
        assert [u["why"] for u in statics_of(name).unapplied] == ["not_understood"], name
    bears = {"id": "bears", "card": "Grizzly Bears", "controller": "ana", "attacking": "ben"}
    regalia = {"id": "regalia", "card": "Brotherhood Regalia", "controller": "ana", "attached_to": "bears"}
    ox = {"id": "ox", "card": "Grizzly Bears", "controller": "ben"}
    report = check(board(bears, regalia, ox, blocks={"ox": "bears"}))
    assert report.verdict == "illegal" and [u.why for u in report.unapplied] == ["not_understood"]  # 509.1b


def test_it_after_an_attachments_sentences_names_the_creature_and_a_type_change_is_listed() -> None:
    # Planeswalkerificate: "Enchanted creature is a planeswalker …. Its toughness becomes its loyalty. … It can't
    # block …": "it" is still the enchanted creature; the type change is listed (it can be attacked, 508.1b)
    walker = statics_of("Planeswalkerificate")
    assert walker.grants_attached == ["cant_block"]
    assert "enchanted creature is a planeswalker in addition to its other types" in [
        u["text"] for u in walker.unapplied
    ]
    assert not any(u.get("own") for u in walker.unapplied)
    bears = {"id": "bears", "card": "Grizzly Bears", "controller": "ana", "attacking": "ben"}
    ox = {"id": "ox", "card": "Grizzly Bears", "controller": "ben"}
    aura = {"id": "aura", "card": "Planeswalkerificate", "controller": "ben", "attached_to": "ox"}
    report = check(board(bears, ox, aura, blocks={"ox": "bears"}))
    assert report.verdict == "illegal" and {u.why for u in report.unapplied} == {"not_understood"}
    # a creature the attachment turns into another object (a land, a copy) is listed, never silent (205.1a, 707.2)
    for name in ("Song of the Dryads", "Metamorphic Alteration", "Oni Possession"):
        assert "not_understood" in [u["why"] for u in statics_of(name).unapplied], name
    assert statics_of("Ensoul Ring").unapplied != []  # enchant nonland permanent: a creature among them


def test_what_binds_only_an_attacker_is_granted_while_the_equipped_creature_attacks() -> None:
    # The Masamune: "as long as equipped creature is attacking, it has first strike and must be blocked if able":
    # a requirement on blocking it binds only an attacking creature (509.1c), so it is exact; first strike isn't
    masamune = statics_of("The Masamune")
    assert masamune.grants_attached == ["must_be_blocked_if_able"]
    assert [u["why"] for u in masamune.unapplied] == ["condition"]
    assert statics_of("Ace's Baseball Bat").grants_attached == [{"must_be_blocked_by_if_able": {"subtypes": ["dalek"]}}]
    bears = {"id": "bears", "card": "Grizzly Bears", "controller": "ana", "attacking": "ben"}
    sword = {"id": "sword", "card": "The Masamune", "controller": "ana", "attached_to": "bears"}
    ox = {"id": "ox", "card": "Grizzly Bears", "controller": "ben"}
    assert check(board(bears, sword, ox, blocks={})).verdict == "illegal"
    assert check(board(bears, sword, ox, blocks={"ox": "bears"})).verdict == "legal"


def test_an_equipments_grant_given_by_an_aura_is_listed_when_the_damage_step_reads_it() -> None:
    # R13: the Rune cycle's Equipment half ('it has "Equipped creature has deathtouch."') is not applied; the damage
    # step reads deathtouch and lifelink (702.2c, 702.15b), so it is listed, as Rune of Flight's flying is
    for name in ("Rune of Mortality", "Rune of Sustenance", "Rune of Flight"):
        rune = statics_of(name)
        assert [u["text"] for u in rune.unapplied if "is an equipment" in u["text"]] != [], name
        assert {u["why"] for u in rune.unapplied} == {"not_understood"}, name


def test_an_attachments_trigger_on_its_creatures_combat_is_listed() -> None:
    # R15: "whenever equipped creature deals damage to a blocking creature" (Kusari-Gama); "whenever this creature
    # or equipped creature deals combat damage to a player, goad …" (Komainu Battle Armor, a reconfigure Equipment)
    assert [u["why"] for u in statics_of("Kusari-Gama").unapplied] == ["one_shot"]
    komainu = statics_of("Komainu Battle Armor").unapplied
    assert [(u["why"], u.get("own", False)) for u in komainu if u["text"].startswith("whenever")] == [
        ("one_shot", False)
    ]
    bears = {"id": "bears", "card": "Grizzly Bears", "controller": "ana", "attacking": "ben"}
    gama = {"id": "gama", "card": "Kusari-Gama", "controller": "ana", "attached_to": "bears"}
    ox = {"id": "ox", "card": "Grizzly Bears", "controller": "ben"}
    assert [u.why for u in check(board(bears, gama, ox, blocks={"ox": "bears"})).unapplied] == ["one_shot"]


# -- granted quoted abilities ----------------------------------------------------------------------------------------
def test_what_tokens_made_by_a_granted_ability_are_given_is_theirs() -> None:
    # R11: a copy "except it has haste" (Splinter Twin, Mirage Phalanx), tokens "with haste" (Elemental Mastery) or
    # with "This creature can't block" (Seething Skitter-Priest), made by an ability granted in quotation marks
    for name in ("Splinter Twin", "Elemental Mastery", "Seething Skitter-Priest", "Mirage Phalanx"):
        assert statics_of(name).unapplied == [], name
    bears = {"id": "bears", "card": "Grizzly Bears", "controller": "ana"}
    twin = {"id": "twin", "card": "Splinter Twin", "controller": "ana", "attached_to": "bears"}
    report = check(attack_board(bears, twin, attacks={"bears": "ben"}))
    assert report.verdict == "legal" and report.unapplied == []


# -- lords and group statics -------------------------------------------------------------------------------------------
OUTLAWS = {"subtypes": ["assassin", "mercenary", "pirate", "rogue", "warlock"], "controller": "you"}


def test_outlaws_are_the_five_creature_types_their_reminder_names() -> None:
    # R5: "Other outlaws you control have haste. (Assassins, Mercenaries, Pirates, Rogues, and Warlocks are outlaws.)"
    assert effects_of("Hellspur Posse Boss") == [{"grant": ["haste"], "to": OUTLAWS, "other": True}]
    assert effects_of("Vihaan, Goldwaker") == [{"grant": ["vigilance", "haste"], "to": OUTLAWS, "other": True}]
    assert statics_of("Vihaan, Goldwaker").unapplied == []
    boss = {"id": "boss", "card": "Hellspur Posse Boss", "controller": "ana"}
    rogue = {"id": "rogue", "name": "Rogue", "types": ["creature"], "subtypes": ["rogue"], "power": 1, "toughness": 1}
    fresh = {**rogue, "controller": "ana", "entered_this_turn": True}
    assert check(attack_board(boss, fresh, attacks={"rogue": "ben"})).verdict == "legal"  # haste (302.6)


def test_a_lord_over_several_groups_grants_each_group() -> None:
    # Death Baron: "Skeletons you control and other Zombies you control get +1/+1 and have deathtouch": two groups,
    # one without the source; the pump listed
    assert effects_of("Death Baron") == [
        {"grant": ["deathtouch"], "to": {"subtypes": ["skeleton"], "controller": "you"}},
        {"grant": ["deathtouch"], "to": {"subtypes": ["zombie"], "controller": "you"}, "other": True},
    ]
    assert [u["why"] for u in statics_of("Death Baron").unapplied] == ["power_toughness"]
    # Shalai: "You, planeswalkers you control, and other creatures you control have hexproof": the player's
    # hexproof bears on no declaration (it is no permanent); each group of permanents is granted
    assert effects_of("Shalai, Voice of Plenty") == [
        {"grant": ["hexproof"], "to": {"types": ["planeswalker"], "controller": "you"}},
        {"grant": ["hexproof"], "to": {"controller": "you"}, "other": True},
    ]


def test_two_effects_on_one_group_joined_by_and_they() -> None:
    # Varchild: "Survivors your opponents control can't block, and they can't attack you or planeswalkers you control"
    survivors = {"subtypes": ["survivor"], "controller": "opponent"}
    assert effects_of("Varchild, Betrayer of Kjeldor") == [
        {"grant": ["cant_block"], "to": survivors},
        {"cant_attack": "you", "planeswalkers": True, "attackers": survivors},
    ]
    assert statics_of("Varchild, Betrayer of Kjeldor").unapplied == []
    varchild = {"id": "varchild", "card": "Varchild, Betrayer of Kjeldor", "controller": "ben"}
    survivor = {"id": "survivor", "name": "Survivor", "types": ["creature"], "subtypes": ["survivor"], "power": 1}
    survivor |= {"toughness": 1, "controller": "ana"}
    assert check(attack_board(varchild, survivor, attacks={"survivor": "ben"})).verdict == "illegal"  # 508.1c


def test_a_group_that_cant_block_a_kind_of_creature() -> None:
    # Gornog: "Cowards can't block Warriors" (509.1b), as Crow Scarer's "… can't block creatures you control"
    assert effects_of("Gornog, the Red Reaper") == [
        {"grant": [{"cant_block": {"subtypes": ["warrior"]}}], "to": {"subtypes": ["coward"]}}
    ]
    warrior = {"id": "warrior", "name": "Warrior", "types": ["creature"], "subtypes": ["warrior"], "power": 2}
    warrior |= {"toughness": 2, "controller": "ana", "attacking": "ben"}
    coward = {**warrior, "id": "coward", "name": "Coward", "subtypes": ["coward"], "controller": "ben"}
    del coward["attacking"]
    gornog = {"id": "gornog", "card": "Gornog, the Red Reaper", "controller": "ana"}
    assert check(board(gornog, warrior, coward, blocks={"coward": "warrior"})).verdict == "illegal"


def test_a_lord_granting_each_keyword_to_its_color() -> None:
    # Scion of Draco: "Each creature you control has vigilance if it's white, hexproof if it's blue, …, and trample
    # if it's green": a grant to each color (it was silent, though the damage step reads three of them)
    grants = [(s["grant"], s["to"]["colors"]) for s in effects_of("Scion of Draco")]
    assert grants == [
        (["vigilance"], ["W"]),
        (["hexproof"], ["U"]),
        (["lifelink"], ["B"]),
        (["first_strike"], ["R"]),
        (["trample"], ["G"]),
    ]
    assert all(s["to"]["controller"] == "you" for s in effects_of("Scion of Draco"))


def test_an_artifact_land_is_a_land_that_is_an_artifact() -> None:
    # Tanglewalker: "… can't be blocked as long as defending player controls an artifact land": both types must
    # hold; a filter's list holds for any of its items (format.md), so the second type is a filter of its own
    assert effects_of("Tanglewalker") == [
        {
            "grant": [
                {"cant_be_blocked_while_defender_controls": {"types": ["land"], "any_of": [{"types": ["artifact"]}]}}
            ],
            "to": {"controller": "you"},
        }
    ]
    walker = {"id": "walker", "card": "Tanglewalker", "controller": "ana", "attacking": "ben"}
    ox = {"id": "ox", "card": "Grizzly Bears", "controller": "ben"}
    relic = {"id": "relic", "name": "Relic", "types": ["artifact"], "mana_value": 1, "controller": "ben"}
    seat = {"id": "seat", "name": "Seat of the Synod", "types": ["artifact", "land"], "controller": "ben"}
    assert check(board(walker, ox, relic, blocks={"ox": "walker"})).verdict == "legal"  # an artifact, no land
    assert check(board(walker, ox, seat, blocks={"ox": "walker"})).verdict == "illegal"


UNBLOCKED = "may_assign_damage_as_though_unblocked"


def test_assigning_combat_damage_as_though_unblocked_granted_to_others() -> None:
    # 510.1b, read by the damage step (Thorn Elemental's own): granted to a group (Zilortha: "for each non-Human
    # creature you control, you may have that creature assign …"), in quotation marks (Proud Wildbonder), by an Aura
    # (Indomitable Might: "enchanted creature's controller may have it assign …"); under a condition, listed
    assert effects_of("Zilortha, Apex of Ikoria") == [
        {"grant": [UNBLOCKED], "to": {"not": {"subtypes": ["human"]}, "controller": "you"}}
    ]
    assert effects_of("Proud Wildbonder") == [
        {"grant": [UNBLOCKED], "to": {"abilities": ["trample"], "controller": "you"}}
    ]
    assert statics_of("Indomitable Might").grants_attached == [UNBLOCKED]
    assert [u["why"] for u in statics_of("Siege Behemoth").unapplied] == ["condition"]  # "as long as ~ is attacking"
    ruxa = statics_of("Ruxa, Patient Professor").unapplied  # "for each creature you control with no abilities, …"
    assert [u["text"] for u in ruxa if "weren't blocked" in u["text"]] != []


def test_a_groups_base_power_and_toughness_is_listed() -> None:
    # Andrios: "… tapped creatures you control with base power and toughness 4/3 have base power and toughness
    # 16/9": a static change of power and toughness, which the snapshot states (it was silent)
    assert [u["why"] for u in statics_of("Andrios, Roaming Explorer").unapplied] == ["power_toughness"]
