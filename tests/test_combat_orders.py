"""Damage assignment orders under the rules before Nov 2024 (French seed 509.2-509.7), and their absence today."""

from __future__ import annotations

from typing import Any

from combat_helpers import changes_of, creature, of_kind, order, run

OLD = {"rules": "before_foundations"}
WURM_BOARD = [
    creature("wurm", "ana", name="Voracious Wurm", power=2, toughness=2),
    creature("elves", "ben", name="Llanowar Elves", power=1, toughness=1),
    creature("bear", "ben", name="Runeclaw Bear"),
    creature("angel", "ben", "flying", name="Serra Angel", power=4, toughness=4),
]
WURM_ATTACKS = {"declare_attackers": {"attacks": {"wurm": "ben"}}}
WURM_BLOCKED = {"declare_blockers": {"blocks": {"elves": "wurm", "bear": "wurm", "angel": "wurm"}}}


def wurm(*events: Any, **extra: Any) -> Any:
    return run(WURM_ATTACKS, WURM_BLOCKED, *events, permanents=WURM_BOARD, **{**OLD, **extra})


def test_voracious_wurm_the_seed_509_2_example() -> None:
    """The active player orders the Wurm's blockers: Serra Angel, Runeclaw Bear, Llanowar Elves."""
    timeline = wurm({"damage_assignment_order": "wurm", "order": ["angel", "bear", "elves"], "by": "ana"})
    due = of_kind(changes_of(timeline, 1), "order_due")
    assert [(d.of, d.by, set(d.creatures), d.whole, d.rule, d.edition) for d in due] == [
        ("wurm", "ana", {"elves", "bear", "angel"}, True, "509.2", "before_foundations")
    ]
    announced = of_kind(changes_of(timeline, 2), "order_announced")[0]
    assert (announced.order, announced.rule) == (("angel", "bear", "elves"), "509.2")
    assert timeline.verdict == "legal"
    assert order(timeline.final.state, "wurm").order == ("angel", "bear", "elves")


def test_an_order_by_the_wrong_player_is_illegal_and_stops_the_timeline() -> None:
    timeline = wurm(
        {"damage_assignment_order": "wurm", "order": ["angel", "bear", "elves"], "by": "ben"}, "combat_damage"
    )
    rejected = of_kind(changes_of(timeline, 2), "order_rejected")[0]
    assert (rejected.problem, rejected.expected) == ("wrong_player", ("ana",))
    assert timeline.verdict == "illegal" and timeline.stopped_at == 2


def test_an_order_must_name_exactly_the_blockers() -> None:
    timeline = wurm({"damage_assignment_order": "wurm", "order": ["angel", "bear"]})
    assert of_kind(changes_of(timeline, 2), "order_rejected")[0].problem == "wrong_creatures"


def test_a_blocker_leaving_keeps_the_relative_order_509_2a() -> None:
    timeline = wurm(
        {"damage_assignment_order": "wurm", "order": ["angel", "bear", "elves"]}, {"leaves_battlefield": "bear"}
    )
    updated = of_kind(changes_of(timeline, 3), "order_updated")[0]
    assert (updated.order, updated.rule) == (("angel", "elves"), "509.2a")


def test_damage_follows_the_order() -> None:
    timeline = wurm({"damage_assignment_order": "wurm", "order": ["angel", "bear", "elves"]}, "combat_damage")
    damage = {d.creature: d for d in of_kind(changes_of(timeline, 3), "assigns_damage")}
    assert damage["wurm"].to == ("angel", "bear", "elves")


WARDEN_BOARD = [
    creature("warden", "ana", name="Lumengrid Warden", power=1, toughness=3),
    creature("bear", "ben", name="Runeclaw Bear"),
    creature("elves", "ben", name="Llanowar Elves"),
]
SAPROLING = creature("saproling", "ben", name="Saproling", power=1, toughness=1)


def warden(*events: Any, blockers: tuple[str, ...] = ("bear",)) -> Any:
    blocks = {"declare_blockers": {"blocks": dict.fromkeys(blockers, "warden")}}
    return run({"declare_attackers": {"attacks": {"warden": "ben"}}}, blocks, *events, permanents=WARDEN_BOARD, **OLD)


def test_lumengrid_warden_and_flash_foliage_the_seed_509_7_example() -> None:
    """The Saproling enters blocking; the active player announces: Saproling first, Runeclaw Bear second."""
    timeline = warden(
        {"cast": "Flash Foliage", "by": "ben", "timing": "during combat after blockers are declared"},
        {"enters_blocking": SAPROLING, "blocking": "warden"},
        {"damage_assignment_order": "warden", "order": ["saproling", "bear"], "by": "ana"},
    )
    assert timeline.verdict == "legal"
    due = of_kind(changes_of(timeline, 3), "order_due")[0]
    assert (due.of, due.by, due.creatures, due.whole, due.rule) == ("warden", "ana", ("saproling",), False, "509.7")
    blocks = of_kind(changes_of(timeline, 3), "blocks")[0]
    assert blocks.rule == "509.7" and blocks.edition == "before_foundations"
    assert order(timeline.final.state, "warden").order == ("saproling", "bear")


def test_an_insertion_keeps_the_others_relative_order() -> None:
    announce = {"damage_assignment_order": "warden", "order": ["bear", "elves"]}
    enters = {"enters_blocking": SAPROLING, "blocking": "warden"}
    good = warden(
        announce,
        enters,
        {"damage_assignment_order": "warden", "order": ["bear", "saproling", "elves"]},
        blockers=("bear", "elves"),
    )
    assert good.verdict == "legal"
    bad = warden(
        announce,
        enters,
        {"damage_assignment_order": "warden", "order": ["elves", "saproling", "bear"]},
        blockers=("bear", "elves"),
    )
    rejected = of_kind(changes_of(bad, 4), "order_rejected")[0]
    assert (rejected.problem, rejected.expected, rejected.rule) == ("relative_order", ("bear", "elves"), "509.7")


def test_a_blocker_of_several_attackers_is_ordered_by_the_defending_player_509_3() -> None:
    permanents = [creature("ogre", "ana"), creature("elf", "ana"), creature("wall", "ben", {"can_block_additional": 1})]
    timeline = run(
        {"declare_attackers": {"attacks": {"ogre": "ben", "elf": "ben"}}},
        {"declare_blockers": {"blocks": {"wall": ["ogre", "elf"]}}},
        {"damage_assignment_order": "wall", "order": ["elf", "ogre"], "by": "ben"},
        {"remove_from_combat": "elf"},
        permanents=permanents,
        **OLD,
    )
    due = of_kind(changes_of(timeline, 1), "order_due")[0]
    assert (due.of, due.by, due.rule) == ("wall", "ben", "509.3")
    assert of_kind(changes_of(timeline, 3), "order_updated")[0].rule == "509.3a"
    assert order(timeline.final.state, "wall").order == ("ogre",)


def test_made_to_block_509_6_both_players_place_it() -> None:
    permanents = [creature("ogre", "ana"), creature("elf", "ana"), creature("bear", "ben"), creature("wall", "ben")]
    timeline = run(
        {"declare_attackers": {"attacks": {"ogre": "ben", "elf": "ben"}}},
        {"declare_blockers": {"blocks": {"bear": "ogre", "wall": "elf"}}},
        {"made_to_block": "bear", "blocking": "elf"},
        permanents=permanents,
        **OLD,
    )
    due = {(d.of, d.by, d.rule) for d in of_kind(changes_of(timeline, 2), "order_due")}
    assert due == {("elf", "ana", "509.6"), ("bear", "ben", "509.6")}


def test_current_rules_have_no_order() -> None:
    timeline = run(
        WURM_ATTACKS,
        WURM_BLOCKED,
        {"damage_assignment_order": "wurm", "order": ["angel", "bear", "elves"]},
        permanents=WURM_BOARD,
    )
    assert not of_kind(changes_of(timeline, 1), "order_due")
    nothing = of_kind(changes_of(timeline, 2), "nothing")[0]
    assert (nothing.reason, nothing.rule, nothing.edition) == ("no_order_current_rules", "510.1c", "current")
    assert timeline.verdict == "legal" and not timeline.final.state.orders


def test_a_removed_blocker_made_to_block_again_is_placed_in_the_order_again() -> None:
    """Rules before Nov 2024: the removed blocker leaves the Wurm's order (509.2a); made to block again, the active
    player announces its new position (509.6), the others keeping their relative order."""
    timeline = wurm(
        {"damage_assignment_order": "wurm", "order": ["angel", "bear", "elves"], "by": "ana"},
        {"remove_from_combat": "bear"},
        {"made_to_block": "bear", "blocking": "wurm"},
        {"damage_assignment_order": "wurm", "order": ["bear", "angel", "elves"], "by": "ana"},
    )
    assert order(timeline.moments[4].state, "wurm").order == ("angel", "elves")  # after events[3]
    due = of_kind(changes_of(timeline, 4), "order_due")
    assert [(d.of, d.by, d.creatures, d.whole, d.rule) for d in due] == [("wurm", "ana", ("bear",), False, "509.6")]
    assert order(timeline.final.state, "wurm").order == ("bear", "angel", "elves")
    assert order(timeline.final.state, "bear").order == ("wurm",)  # alone in its own order: placed at once
    assert timeline.verdict == "legal"
