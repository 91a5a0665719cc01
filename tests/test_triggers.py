"""Triggers after the declarations (509.3a-g as the seed's 509.4a-g, 509.4 as the seed's 509.7, 508.4), the seed's
examples, multi-blocker and multi-block cases, several instances, and the report of `combatcheck check`."""

from __future__ import annotations

from typing import Any

from combatcheck.combat.tracker import TriggerTracker
from combatcheck.combat.triggers import with_triggers
from combatcheck.models import snapshot_from_data
from combatcheck.models.report import Triggered
from combatcheck.solver import check, report_lines
from combatcheck.solver.board import Board
from helpers import attack_board, attacker, blocker, board, creature


def make_board(*perms: dict[str, Any], players: list[Any] | None = None, **extra: Any) -> Board:
    return Board(board(*perms, players=players, **extra))


def times(found: list[Triggered], key: str, source: str) -> int:
    return sum(t.times for t in found if t.key == key and t.source == source)


WHITE_HATER = attacker("a", {"whenever_becomes_blocked_by_a_creature": {"colors": ["W"]}})


def test_seed_509_4f_a_blocker_turned_white_later_does_not_trigger() -> None:
    """Seed 509.4f (current 509.3f) example: blocked by a black creature that later becomes white: no trigger."""
    tracker = TriggerTracker()
    black = make_board(WHITE_HATER, blocker("k", colors=["B"]), blocker("w", colors=["W"]))
    found = tracker.blockers_declared(black, {"k": ["a"]}, ["a"])
    assert times(found, "becomes_blocked_by_a_creature_matching", "a") == 0
    turned_white = make_board(WHITE_HATER, blocker("k", colors=["W"]), blocker("w", colors=["W"]))
    assert times(tracker.changed(turned_white), "becomes_blocked_by_a_creature_matching", "a") == 0
    # a white creature an effect makes block it later does trigger: it is white as it becomes a blocker
    later = tracker.changed(turned_white, added=(("w", "a", "effect"),))
    assert times(later, "becomes_blocked_by_a_creature_matching", "a") == 1


def test_blocks_does_not_trigger_again_for_a_creature_already_blocking() -> None:
    """509.3a-b: made to block a second attacker while blocking: "blocks" no, "blocks a creature" once more; made to
    block the attacker it already blocks: neither."""
    perms = (
        attacker("a1"),
        attacker("a2"),
        blocker("b", "whenever_blocks", "whenever_blocks_a_creature", {"can_block_additional": 1}),
    )
    tracker = TriggerTracker()
    declared = tracker.blockers_declared(make_board(*perms), {"b": ["a1"]}, ["a1", "a2"])
    assert times(declared, "blocks", "b") == 1 and times(declared, "blocks_a_creature", "b") == 1
    second = tracker.changed(make_board(*perms), added=(("b", "a2", "effect"),))
    assert times(second, "blocks", "b") == 0 and times(second, "blocks_a_creature", "b") == 1
    again = tracker.changed(make_board(*perms), added=(("b", "a1", "effect"),))
    assert again == []


def test_an_effect_makes_a_creature_block_that_was_not_blocking() -> None:
    perms = (attacker("a", "whenever_becomes_blocked"), blocker("b", "whenever_blocks"))
    tracker = TriggerTracker()
    tracker.blockers_declared(make_board(*perms), {}, ["a"])
    found = tracker.changed(make_board(*perms), added=(("b", "a", "effect"),))
    assert times(found, "blocks", "b") == 1
    assert times(found, "becomes_blocked", "a") == 1


def test_seed_509_7_a_creature_put_onto_the_battlefield_blocking_never_blocked() -> None:
    """Seed 509.7 (current 509.4), Lumengrid Warden and Flash Foliage: the Saproling token is blocking but never
    "blocked"; the attacker becomes blocked by a creature (509.3d), and flanking (702.25a, now "becomes blocked by a
    creature without flanking") sees it; "becomes blocked" doesn't trigger: the Warden was already blocked."""
    warden = attacker("warden", "whenever_becomes_blocked", "whenever_becomes_blocked_by_a_creature", "flanking")
    bear = blocker("bear")
    token = blocker("saproling", "whenever_blocks", "whenever_blocks_a_creature", power=1, toughness=1)
    tracker = TriggerTracker()
    declared = tracker.blockers_declared(make_board(warden, bear), {"bear": ["warden"]}, ["warden"])
    assert times(declared, "becomes_blocked", "warden") == 1
    entered = tracker.changed(make_board(warden, bear, token), added=(("saproling", "warden", "entered"),))
    assert times(entered, "blocks", "saproling") == 0
    assert times(entered, "blocks_a_creature", "saproling") == 0
    assert times(entered, "becomes_blocked", "warden") == 0
    assert times(entered, "becomes_blocked_by_a_creature", "warden") == 1
    assert times(entered, "flanking", "warden") == 1


def test_a_creature_put_onto_the_battlefield_blocking_an_unblocked_attacker_makes_it_become_blocked() -> None:
    """509.3c: by a creature put onto the battlefield as a blocker, if the attacker was unblocked at that time."""
    perms = (attacker("a", "whenever_becomes_blocked", {"rampage": 1}),)
    tracker = TriggerTracker()
    assert tracker.blockers_declared(make_board(*perms), {}, ["a"]) == []
    entered = tracker.changed(make_board(*perms, blocker("t")), added=(("t", "a", "entered"),))
    assert times(entered, "becomes_blocked", "a") == 1
    assert times(entered, "rampage", "a") == 1


def test_an_effect_that_makes_an_attacker_blocked_is_not_a_creature() -> None:
    """509.3c: "becomes blocked" triggers when an effect makes an unblocked attacker blocked; 509.3d: "becomes
    blocked by a creature" doesn't."""
    perms = (attacker("a", "whenever_becomes_blocked", "whenever_becomes_blocked_by_a_creature"),)
    tracker = TriggerTracker()
    tracker.blockers_declared(make_board(*perms), {}, ["a"])
    found = tracker.changed(make_board(*perms), made_blocked=("a",))
    assert times(found, "becomes_blocked", "a") == 1
    assert times(found, "becomes_blocked_by_a_creature", "a") == 0
    assert tracker.changed(make_board(*perms), made_blocked=("a",)) == []  # already blocked (603.2f)


def test_attacks_and_isnt_blocked_after_its_blockers_leave_combat() -> None:
    """509.3g: blocked, then every blocker removed from combat: no trigger; the attacker stays blocked (509.1h)."""
    perms = (attacker("a", "whenever_attacks_and_isnt_blocked", "whenever_becomes_blocked"), blocker("b"))
    tracker = TriggerTracker()
    declared = tracker.blockers_declared(make_board(*perms), {"b": ["a"]}, ["a"])
    assert times(declared, "attacks_and_isnt_blocked", "a") == 0
    assert tracker.changed(make_board(*perms), removed=("b",)) == []
    assert "a" in tracker.blocked


def test_attacks_and_isnt_blocked_for_a_creature_put_onto_the_battlefield_attacking() -> None:
    """Current 509.3g (not in the seed's 509.4g): it triggers even if the creature was never declared as an
    attacker; its "whenever attacks" never triggers (508.3a, 508.4)."""
    ninja = attacker("ninja", "whenever_attacks", "whenever_attacks_and_isnt_blocked")
    tracker = TriggerTracker()
    assert tracker.attackers_declared(make_board(ninja, creature("other")), {"other": "ben"}) == []
    found = tracker.blockers_declared(make_board(ninja), {}, ["ninja"])
    assert times(found, "attacks_and_isnt_blocked", "ninja") == 1


def test_509_3e_counts_reached_by_adding_and_removing_blockers() -> None:
    """509.3e: "becomes blocked by exactly two": one declared (no), a second made to block (yes), a third (no), one
    removed back to two (yes: effects that add or remove blockers can make it trigger)."""
    perms = (
        attacker("a", {"whenever_becomes_blocked_by": {"exactly": 2}}),
        blocker("b1"),
        blocker("b2"),
        blocker("b3"),
    )
    tracker = TriggerTracker()
    key = "becomes_blocked_by_count"
    assert times(tracker.blockers_declared(make_board(*perms), {"b1": ["a"]}, ["a"]), key, "a") == 0
    assert times(tracker.changed(make_board(*perms), added=(("b2", "a", "effect"),)), key, "a") == 1
    assert times(tracker.changed(make_board(*perms), added=(("b3", "a", "entered"),)), key, "a") == 0
    assert times(tracker.changed(make_board(*perms), removed=("b1",)), key, "a") == 1


def test_multi_blocker_and_multi_block() -> None:
    """One creature blocking two attackers, and an attacker blocked by two: each count by its wording."""
    snapshot = board(
        attacker("a1", "whenever_becomes_blocked_by_a_creature", {"rampage": 1}, {"rampage": 1}),
        attacker("a2", "whenever_becomes_blocked_by_a_creature"),
        blocker("b", "whenever_blocks", "whenever_blocks_a_creature", {"bushido": 1}, {"can_block_additional": 1}),
        blocker("c", "whenever_blocks_a_creature"),
        blocks={"b": ["a1", "a2"], "c": "a1"},
    )
    found = with_triggers(check(snapshot), snapshot).triggers or []
    assert times(found, "becomes_blocked_by_a_creature", "a1") == 2
    assert times(found, "becomes_blocked_by_a_creature", "a2") == 1
    assert times(found, "blocks", "b") == 1
    assert times(found, "blocks_a_creature", "b") == 2
    assert times(found, "blocks_a_creature", "c") == 1
    assert times(found, "bushido", "b") == 1
    rampage = [t for t in found if t.key == "rampage"]
    assert [t.times for t in rampage] == [1, 1]  # 702.23c: each instance triggers separately
    assert all(t.on_resolution and "702.23b" in t.on_resolution for t in rampage)


def test_exalted_instances_on_several_permanents() -> None:
    """702.83a-b: every exalted instance of the attacking player triggers when a creature attacks alone."""
    snapshot = attack_board(
        creature("c", "exalted"),
        creature("d", "exalted", "exalted", tapped=True),
        {"id": "land", "controller": "ana", "types": ["land"], "abilities": ["exalted"]},
        attacks={"c": "ben"},
    )
    found = with_triggers(check(snapshot), snapshot).triggers or []
    assert [(t.source, t.times) for t in found if t.key == "exalted"] == [("c", 1), ("d", 1), ("d", 1), ("land", 1)]
    assert {t.controller for t in found} == {"ana"}


def test_attacks_alone_counts_the_whole_team_attack() -> None:
    """805.10b: with shared team turns one combined attack is declared; a creature attacks alone only if it is the
    team's only attacker."""
    data = {
        "step": "declare_attackers",
        "active_player": "ana",
        "players": [
            {"id": "ana", "team": 1},
            {"id": "amy", "team": 1},
            {"id": "ben", "team": 2},
            {"id": "bo", "team": 2},
        ],
        "shared_team_turns": True,
        "permanents": [creature("c", "exalted"), {**creature("d"), "controller": "amy"}],
        "declaration": {"attacks": {"c": "ben", "d": "bo"}},
    }
    snapshot = snapshot_from_data(data)
    assert times(with_triggers(check(snapshot), snapshot).triggers or [], "exalted", "c") == 0


def test_band_members_all_become_blocked() -> None:
    """702.22h: blocking one member of a band blocks them all: each member's "becomes blocked" triggers."""
    snapshot = board(
        attacker("x", "banding", "whenever_becomes_blocked"),
        attacker("y", "whenever_becomes_blocked"),
        blocker("b", "whenever_blocks_a_creature"),
        blocks={"b": "x"},
        bands=[["x", "y"]],
    )
    found = with_triggers(check(snapshot), snapshot).triggers or []
    assert times(found, "becomes_blocked", "x") == 1 and times(found, "becomes_blocked", "y") == 1
    assert times(found, "blocks_a_creature", "b") == 2


def test_dethrone_without_life_totals_is_conditional() -> None:
    snapshot = attack_board(creature("c", "dethrone"), attacks={"c": "ben"})
    (entry,) = with_triggers(check(snapshot), snapshot).triggers or []
    assert entry.condition is not None and "life" in entry.condition


def test_illegal_declaration_reports_no_triggers() -> None:
    snapshot = board(attacker("a", "flying", {"rampage": 1}), blocker("b"), blocks={"b": "a"})
    report = with_triggers(check(snapshot), snapshot)
    assert report.verdict == "illegal" and report.triggers is None


def test_report_lines_in_three_languages() -> None:
    snapshot = board(
        attacker("a", {"rampage": 2}, name="Craw Giant"), blocker("b1"), blocker("b2"), blocks={"b1": "a", "b2": "a"}
    )
    expected = {
        "en": ("Triggers:", "rampage 2 triggers once"),
        "fr": ("Capacités déclenchées :", "sauvagerie 2 se déclenche une fois"),
        "es": ("Habilidades disparadas:", "se dispara una vez"),
    }
    for lang, (title, phrase) in expected.items():
        report = with_triggers(check(snapshot, lang=lang), snapshot)
        text = "\n".join(report_lines(report, snapshot))
        assert title in text and phrase in text and "702.23a" in text, text
    quiet = board(attacker("a"), blocker("b"), blocks={})
    assert "Nothing triggers." in report_lines(with_triggers(check(quiet), quiet), quiet)


def test_a_blocker_whose_attacker_left_combat_is_still_blocking() -> None:
    """509.1g: a blocking creature stays one until it is removed from combat; made to block another attacker
    after its attacker left, it was already blocking: "whenever blocks" doesn't trigger again (509.3a)."""
    perms = (attacker("a1"), attacker("a2"), blocker("b", "whenever_blocks", "whenever_blocks_a_creature"))
    tracker = TriggerTracker()
    assert times(tracker.blockers_declared(make_board(*perms), {"b": ["a1"]}, ["a1", "a2"]), "blocks", "b") == 1
    tracker.changed(make_board(*perms), removed=("a1",))
    again = tracker.changed(make_board(*perms), added=(("b", "a2", "effect"),))
    assert times(again, "blocks", "b") == 0 and times(again, "blocks_a_creature", "b") == 1
