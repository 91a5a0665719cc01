"""Timeline words of issue 19 §2: a blocker stops blocking one attacker (General Jarkeld), an attack reselected
(508.7, Portal Mage), a spell or ability whose target must be in combat (601.2c: Maze of Ith, ninjutsu 702.49c), and
the conditions "only if a creature attacked you this turn" (508.6) and "only if ~ is attacking / blocking"."""

from __future__ import annotations

from typing import Any

import pytest
from combat_helpers import BOARD, att, blk, changes_of, creature, of_kind, order, run
from combatcheck.combat.narration import timeline_lines
from combatcheck.models import SnapshotError, snapshot_from_data

ATTACK = {"declare_attackers": {"attacks": {"ogre": "ben", "elf": "jace"}}}
BLOCK = {"declare_blockers": {"blocks": {"bear": "ogre", "wall": "elf"}}}


def test_general_jarkeld_switches_the_blockers_of_two_attackers() -> None:
    """Each blocker stops blocking its attacker and blocks the other: both stay blocking creatures (509.1g), both
    attackers stay blocked (509.1h), nothing is removed from combat."""
    timeline = run(
        ATTACK,
        BLOCK,
        {"stops_blocking": "bear", "attacker": "ogre"},
        {"stops_blocking": "wall", "attacker": "elf"},
        {"made_to_block": "bear", "blocking": "elf"},
        {"made_to_block": "wall", "blocking": "ogre"},
    )
    stops = of_kind(changes_of(timeline, 2), "stops_blocking")[0]
    assert (stops.blocker, stops.attacker, stops.by_effect, stops.rule) == ("bear", "ogre", True, "509.1g")
    assert of_kind(changes_of(timeline, 2), "still_blocked")[0].attacker == "ogre"
    assert blk(timeline.moments[3].state, "bear").attackers == ()  # a blocking creature blocking nothing
    state = timeline.final.state
    assert (blk(state, "bear").attackers, blk(state, "wall").attackers) == (("elf",), ("ogre",))
    assert att(state, "ogre").status == att(state, "elf").status == "blocked"
    assert not state.removed
    again = of_kind(changes_of(timeline, 4), "blocks")[0]
    assert again.was_blocking  # 509.3a: "whenever ~ blocks" does not trigger again


def test_stops_blocking_what_it_does_not_block_changes_nothing() -> None:
    timeline = run(
        ATTACK, BLOCK, {"stops_blocking": "bear", "attacker": "elf"}, {"stops_blocking": "jace", "attacker": "elf"}
    )
    assert of_kind(changes_of(timeline, 2), "nothing")[0].reason == "not_blocking_that"
    assert of_kind(changes_of(timeline, 3), "nothing")[0].reason == "not_a_blocker"
    assert blk(timeline.final.state, "bear").attackers == ("ogre",)


def test_stops_blocking_before_blockers_are_declared_is_bad_input() -> None:
    with pytest.raises(SnapshotError, match=r"events\[1\]\.stops_blocking"):
        run(ATTACK, {"stops_blocking": "bear", "attacker": "ogre"})


def test_stops_blocking_leaves_the_old_damage_assignment_orders() -> None:
    """Seed 509.2a / 509.3a: a blocker that an effect makes stop blocking leaves the attacker's order, and the
    attacker leaves the blocker's; the others keep their relative order."""
    permanents = [*BOARD, creature("troll", "ben")]
    block = {"declare_blockers": {"blocks": {"bear": "ogre", "wall": "ogre", "troll": "ogre"}}}
    timeline = run(
        ATTACK,
        block,
        {"damage_assignment_order": "ogre", "order": ["troll", "bear", "wall"]},
        {"stops_blocking": "bear", "attacker": "ogre"},
        permanents=permanents,
        rules="before_foundations",
    )
    stops = of_kind(changes_of(timeline, 3), "stops_blocking")[0]
    assert (stops.rule, stops.edition) == ("509.2a", "before_foundations")
    assert order(timeline.final.state, "ogre").order == ("troll", "wall")
    assert timeline.final.state.order_of("bear") is None or not order(timeline.final.state, "bear").creatures


def test_portal_mage_reselects_what_an_attacker_attacks() -> None:
    """508.7a: not removed from combat, not attacking again (no attack trigger); the planeswalker nothing attacks any
    more is no longer attacked; the new defending player is the one it attacks (508.5)."""
    permanents = [*BOARD[:1], creature("elf", "ana", "whenever_attacks"), *BOARD[2:]]
    timeline = run(ATTACK, {"reselect_attack": "elf", "attacking": "ben"}, permanents=permanents)
    reselected = of_kind(changes_of(timeline, 1), "attack_reselected")[0]
    assert (reselected.former_target, reselected.target, reselected.allowed, reselected.rule) == (
        "jace",
        "ben",
        True,
        "508.7a",
    )
    state = timeline.final.state
    assert (att(state, "elf").target, att(state, "elf").defending_player) == ("ben", "ben")
    assert state.attacked == ("jace",)  # as when its attacker leaves combat
    assert 1 not in timeline.triggers and timeline.verdict == "legal"


@pytest.mark.parametrize("target", ["ana", "bear"])
def test_a_reselected_attack_must_be_one_508_7c_allows(target: str) -> None:
    timeline = run(ATTACK, {"reselect_attack": "ogre", "attacking": target})
    reselected = of_kind(changes_of(timeline, 1), "attack_reselected")[0]
    assert (reselected.allowed, reselected.rule) == (False, "508.7c")
    assert att(timeline.final.state, "ogre").target == "ben"
    assert timeline.verdict == "illegal"


def test_508_7d_a_reselected_attack_goes_to_the_chosen_defending_player() -> None:
    players = ["ana", "ben", "cai"]
    permanents = [*BOARD, creature("fox", "cai")]
    chosen = {"attack_option": "chosen", "defending_player": "ben", "players": players}
    timeline = run(ATTACK, {"reselect_attack": "ogre", "attacking": "cai"}, permanents=permanents, **chosen)
    assert of_kind(changes_of(timeline, 1), "attack_reselected")[0].allowed is False
    free = run(ATTACK, {"reselect_attack": "ogre", "attacking": "cai"}, permanents=permanents, players=players)
    assert of_kind(changes_of(free, 1), "attack_reselected")[0].allowed is True


MAZE = {"activate": "Maze of Ith", "by": "ben", "target": "ogre", "target_must_be": "attacking"}
NINJUTSU = {"activate": "Ninjutsu", "by": "ana", "target": "elf", "target_must_be": ["unblocked", "yours"]}


def test_maze_of_ith_needs_an_attacking_creature() -> None:
    timeline = run(MAZE, ATTACK, MAZE, BLOCK, {"remove_from_combat": "ogre"}, MAZE)
    verdicts = [(i, of_kind(changes_of(timeline, i), "target")[0]) for i in (0, 2, 5)]
    assert [(i, v.allowed, v.failed, v.rule) for i, v in verdicts] == [
        (0, False, ("attacking",), "508.1k"),
        (2, True, (), "601.2c"),
        (5, False, ("attacking",), "508.1k"),
    ]
    assert timeline.verdict == "illegal"


def test_ninjutsu_needs_an_unblocked_attacker_its_player_controls() -> None:
    """702.49c: only while a creature is unblocked, which it becomes when blockers are declared (509.1h)."""
    before = run(ATTACK, NINJUTSU)
    assert of_kind(changes_of(before, 1), "target")[0].failed == ("unblocked",)
    blocked = run(ATTACK, BLOCK, NINJUTSU)
    assert of_kind(changes_of(blocked, 2), "target")[0].failed == ("unblocked",)
    unblocked = run(ATTACK, {"declare_blockers": {"blocks": {"bear": "ogre"}}}, NINJUTSU)
    assert of_kind(changes_of(unblocked, 2), "target")[0].allowed and unblocked.verdict == "legal"
    theirs = run(ATTACK, {"declare_blockers": {"blocks": {"bear": "ogre"}}}, {**NINJUTSU, "by": "ben"})
    assert of_kind(changes_of(theirs, 2), "target")[0].failed == ("yours",)


def test_only_if_a_creature_attacked_you_this_turn() -> None:
    """508.6: a creature declared attacking you, in any combat phase so far; not one attacking your planeswalker, and
    not one put onto the battlefield attacking (508.4)."""
    ability: dict[str, Any] = {
        "activate": "Ability",
        "by": "ben",
        "timing": "only if a creature attacked you this turn",
    }
    early = run(ability, ATTACK, ability)
    answers = [of_kind(changes_of(early, i), "timing")[0] for i in (0, 2)]
    assert [(a.allowed, a.reason, a.rule) for a in answers] == [
        (False, "not_attacked_you", "508.6"),
        (True, "attacked_you", "508.6"),
    ]
    walker_only = run({"declare_attackers": {"attacks": {"elf": "jace"}}}, ability)
    assert of_kind(changes_of(walker_only, 1), "timing")[0].allowed is False
    entered = run(
        {"declare_attackers": {"attacks": {"elf": "jace"}}},
        {"enters_attacking": creature("token", "ana"), "attacking": "ben"},
        ability,
    )
    assert of_kind(changes_of(entered, 2), "timing")[0].allowed is False
    later = run(ATTACK, BLOCK, "end_of_combat", "postcombat_main", ability)
    assert of_kind(changes_of(later, 4), "timing")[0].allowed is True  # this turn, not only this combat


def test_only_while_attacking_or_blocking() -> None:
    hellkite = {"activate": "Ancient Hellkite", "by": "ana", "timing": {"while_attacking": "ogre"}}
    timeline = run(hellkite, ATTACK, hellkite, BLOCK, {"remove_from_combat": "ogre"}, hellkite)
    assert [of_kind(changes_of(timeline, i), "timing")[0].allowed for i in (0, 2, 5)] == [False, True, False]
    manticore = {
        "activate": "Sawback Manticore",
        "by": "ben",
        "timing": {"while_attacking": "bear", "while_blocking": "bear"},
    }
    both = run(ATTACK, manticore, BLOCK, manticore)
    answers = [of_kind(changes_of(both, i), "timing")[0] for i in (1, 3)]
    assert [(a.allowed, a.reason, a.rule) for a in answers] == [
        (False, "not_attacking_or_blocking", "508.1k"),
        (True, "while_attacking_or_blocking", "508.1k"),
    ]
    combined = {"activate": "X", "by": "ana", "timing": {"while_attacking": "ogre", "before": "blockers_declared"}}
    late = run(ATTACK, BLOCK, combined)
    assert of_kind(changes_of(late, 2), "timing")[0].reason == "point_passed"


def test_the_new_words_are_narrated_in_three_languages() -> None:
    events = [
        ATTACK,
        {"reselect_attack": "elf", "attacking": "ben"},
        {"declare_blockers": {"blocks": {"bear": "ogre"}}},
        {"stops_blocking": "bear", "attacker": "ogre"},
        NINJUTSU,
        {"activate": "Ability", "by": "ben", "timing": "only if a creature attacked you this turn"},
        {"activate": "Ancient Hellkite", "by": "ana", "timing": {"while_attacking": "ogre"}},
    ]
    data = {"active_player": "ana", "players": ["ana", "ben"], "permanents": BOARD, "events": events}
    snapshot = snapshot_from_data(data)
    from combatcheck.combat import follow

    for lang, words in (("en", "instead of"), ("fr", "au lieu de"), ("es", "en lugar de")):
        text = "\n".join(timeline_lines(follow(snapshot, lang=lang), snapshot))  # type: ignore[arg-type]
        assert words in text, lang
        assert "{" not in text, lang


def test_an_action_with_nothing_to_judge_is_bad_input() -> None:
    with pytest.raises(SnapshotError, match="timing"):
        run({"activate": "X", "by": "ana"})
    with pytest.raises(SnapshotError, match="target"):
        run({"activate": "X", "by": "ana", "target_must_be": "attacking"})
    with pytest.raises(SnapshotError, match=r"events\[0\]\.target"):
        run({"activate": "X", "by": "ana", "target": "nobody", "target_must_be": "attacking"})
