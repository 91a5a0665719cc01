"""Triggers read from the timeline's typed changes (combat/state.py), event by event."""

from __future__ import annotations

from typing import Any

from combatcheck.combat.state import (
    Attacks,
    BecomesBlocked,
    BecomesUnblocked,
    Blocks,
    CombatState,
    Declared,
    Entry,
    Moment,
    RemovedFromCombat,
)
from combatcheck.combat.timeline_triggers import TimelineTriggers
from combatcheck.models import Permanent
from combatcheck.models.report import Triggered
from helpers import attacker, blocker, board

SNAPSHOT = board(
    attacker("a", "whenever_attacks", "whenever_becomes_blocked", "whenever_becomes_blocked_by_a_creature"),
    attacker("token", "whenever_attacks", "whenever_attacks_and_isnt_blocked"),
    blocker("b", "whenever_blocks", "whenever_blocks_a_creature", {"can_block_additional": 1}),
    blocker("c", "whenever_blocks", colors=["B"]),
    blocker("w", "whenever_blocks"),
)


def moment(index: int, event: str, *changes: Any, perms: tuple[Permanent, ...] | None = None) -> Moment:
    state = CombatState(attacking_player="ana", board=perms if perms is not None else SNAPSHOT.permanents)
    return Moment(index=index, event=event, changes=changes, state=state)


def times(found: list[Triggered], key: str, source: str) -> int:
    return sum(t.times for t in found if t.key == key and t.source == source)


def test_a_combat_event_by_event() -> None:
    follow = TimelineTriggers(SNAPSHOT)
    attacks = follow.at(
        moment(
            0,
            "declare_attackers",
            Declared(rule="508.1", step="declare_attackers", verdict="legal"),
            Attacks(rule="508.1k", creature="a", target="ben", how=Entry.DECLARED),
        )
    )
    assert times(attacks, "attacks", "a") == 1
    entered = follow.at(
        moment(
            1,
            "put_onto_battlefield",
            Attacks(rule="508.4", creature="token", target="ben", how=Entry.PUT_ONTO_BATTLEFIELD),
        )
    )
    assert entered == []  # 508.4: it never "attacked"
    blocks = follow.at(
        moment(
            2,
            "declare_blockers",
            Declared(rule="509.1", step="declare_blockers", verdict="legal"),
            Blocks(
                rule="509.1g",
                blocker="b",
                attacker="a",
                how=Entry.DECLARED,
                was_blocking=False,
                attacker_was_unblocked=False,
            ),
            BecomesBlocked(rule="509.1h", attacker="a", how=Entry.DECLARED, was_unblocked=False),
            BecomesUnblocked(rule="509.1h", attacker="token", how=Entry.DECLARED),
        )
    )
    assert times(blocks, "blocks", "b") == 1
    assert times(blocks, "becomes_blocked", "a") == 1
    assert times(blocks, "becomes_blocked_by_a_creature", "a") == 1
    assert times(blocks, "attacks_and_isnt_blocked", "token") == 1  # current 509.3g: even though it entered attacking
    made = follow.at(
        moment(
            3,
            "block",
            Blocks(
                rule="509.1g",
                blocker="b",
                attacker="token",
                how=Entry.EFFECT,
                was_blocking=True,
                attacker_was_unblocked=True,
            ),
            Blocks(
                rule="509.1g",
                blocker="c",
                attacker="a",
                how=Entry.EFFECT,
                was_blocking=False,
                attacker_was_unblocked=False,
            ),
            BecomesBlocked(rule="509.1h", attacker="token", how=Entry.EFFECT, was_unblocked=True),
        )
    )
    assert times(made, "blocks", "b") == 0  # already blocking (509.3a)
    assert times(made, "blocks_a_creature", "b") == 1  # a new attacker (509.3b)
    assert times(made, "blocks", "c") == 1
    assert times(made, "becomes_blocked", "a") == 0  # it was blocked already (509.3c)
    assert times(made, "becomes_blocked_by_a_creature", "a") == 1
    entered_blocker = follow.at(
        moment(
            4,
            "put_onto_battlefield",
            Blocks(
                rule="509.4",
                blocker="w",
                attacker="a",
                how=Entry.PUT_ONTO_BATTLEFIELD,
                was_blocking=False,
                attacker_was_unblocked=False,
            ),
        )
    )
    assert times(entered_blocker, "blocks", "w") == 0  # 509.4: never "blocked"
    assert times(entered_blocker, "becomes_blocked_by_a_creature", "a") == 1
    removed = follow.at(
        moment(5, "remove", RemovedFromCombat(rule="506.4", object="b", roles=("blocking",), cause="effect"))
    )
    assert removed == []
    assert ("b", "a") not in follow.pairs and ("w", "a") in follow.pairs


def test_an_illegal_declaration_triggers_nothing() -> None:
    follow = TimelineTriggers(SNAPSHOT)
    found = follow.at(
        moment(
            0,
            "declare_attackers",
            Declared(rule="508.1", step="declare_attackers", verdict="illegal"),
            Attacks(rule="508.1k", creature="a", target="ben", how=Entry.DECLARED),
        )
    )
    assert found == []


def _follow(*events: Any, permanents: list[dict[str, Any]]) -> dict[int, list[Triggered]]:
    from combatcheck.combat import follow
    from combatcheck.models import snapshot_from_data

    snapshot = snapshot_from_data(
        {"active_player": "ana", "players": ["ana", "ben"], "permanents": permanents, "events": list(events)}
    )
    timeline = follow(snapshot)
    assert timeline.verdict == "legal"
    return timeline.triggers


def test_seed_509_7_lumengrid_warden_and_flash_foliage_on_the_timeline() -> None:
    """Seed 509.7 (current 509.4): the Saproling put onto the battlefield blocking never "blocked"; the Warden is
    blocked by one more creature (509.3d) but doesn't become blocked again (509.3c)."""
    warden = {
        "id": "warden",
        "controller": "ana",
        "power": 1,
        "toughness": 3,
        "abilities": ["whenever_becomes_blocked", "whenever_becomes_blocked_by_a_creature"],
    }
    bear = {"id": "bear", "controller": "ben", "power": 2, "toughness": 2, "abilities": ["whenever_blocks"]}
    saproling = {"id": "saproling", "controller": "ben", "power": 1, "toughness": 1, "abilities": ["whenever_blocks"]}
    found = _follow(
        {"declare_attackers": {"attacks": {"warden": "ben"}}},
        {"declare_blockers": {"blocks": {"bear": "warden"}}},
        {"enters_blocking": saproling, "blocking": "warden"},
        permanents=[warden, bear],
    )
    assert times(found[1], "blocks", "bear") == 1 and times(found[1], "becomes_blocked", "warden") == 1
    assert times(found[2], "blocks", "saproling") == 0
    assert times(found[2], "becomes_blocked", "warden") == 0
    assert times(found[2], "becomes_blocked_by_a_creature", "warden") == 1


def test_seed_509_4f_recolored_blocker_on_the_timeline() -> None:
    """Seed 509.4f (current 509.3f) example, followed event by event: the black blocker turned white later does
    not make "becomes blocked by a white creature" trigger; a white creature made to block afterwards does."""
    hater = {
        "id": "a",
        "controller": "ana",
        "power": 2,
        "toughness": 2,
        "abilities": [{"whenever_becomes_blocked_by_a_creature": {"colors": ["W"]}}],
    }
    black = {"id": "k", "controller": "ben", "power": 2, "toughness": 2, "colors": ["B"]}
    other = {"id": "o", "controller": "ben", "power": 2, "toughness": 2, "colors": ["B"]}
    found = _follow(
        {"declare_attackers": {"attacks": {"a": "ben"}}},
        {"declare_blockers": {"blocks": {"k": "a"}}},
        {"change": "k", "colors": ["W"]},
        {"change": "o", "colors": ["W"]},
        {"made_to_block": "o", "blocking": "a"},
        permanents=[hater, black, other],
    )
    assert set(found) == {4}
    assert [t.objects for t in found[4]] == [["a", "o"]]


def test_follow_reports_triggers_per_event_in_its_json() -> None:
    """`combatcheck combat --json`: the timeline carries, per event index, what that event makes trigger."""
    from combatcheck.combat import follow
    from combatcheck.models import snapshot_from_data

    snapshot = snapshot_from_data(
        {
            "active_player": "ana",
            "players": ["ana", "ben"],
            "permanents": [
                {"id": "a", "controller": "ana", "power": 2, "toughness": 2, "abilities": [{"rampage": 1}]},
                {"id": "b", "controller": "ben", "power": 2, "toughness": 2},
            ],
            "events": [{"declare_attackers": {"attacks": {"a": "ben"}}}, {"declare_blockers": {"blocks": {"b": "a"}}}],
        }
    )
    timeline = follow(snapshot, lang="es")
    assert list(timeline.triggers) == [1]
    assert timeline.triggers[1][0].key == "rampage" and "se dispara" in timeline.triggers[1][0].message
    assert '"triggers"' in timeline.model_dump_json()


def test_a_creature_made_to_block_again_after_removal_blocks_anew() -> None:
    """509.3a: "whenever ~ blocks" triggers when an effect makes it block and it wasn't a blocking creature then;
    509.3d: the attacker's "becomes blocked by a creature" triggers for it again; 509.3c: the attacker, still
    blocked (509.1h), does not "become blocked" again."""
    from combat_helpers import run

    permanents = [
        {
            "id": "a",
            "controller": "ana",
            "power": 2,
            "toughness": 2,
            "abilities": ["whenever_becomes_blocked", "whenever_becomes_blocked_by_a_creature"],
        },
        {"id": "w", "controller": "ben", "power": 1, "toughness": 4, "abilities": ["whenever_blocks"]},
    ]
    timeline = run(
        {"declare_attackers": {"attacks": {"a": "ben"}}},
        {"declare_blockers": {"blocks": {"w": "a"}}},
        {"remove_from_combat": "w"},
        {"made_to_block": "w", "blocking": "a"},
        permanents=permanents,
    )
    found = timeline.triggers[3]
    assert times(found, "blocks", "w") == 1
    assert times(found, "becomes_blocked_by_a_creature", "a") == 1
    assert times(found, "becomes_blocked", "a") == 0


def test_block_triggers_fire_again_in_an_additional_combat_phase() -> None:
    """Relentless Assault: the same pair blocks in the second combat phase. 511.3 removed everything from combat at
    the end of the first, so the block is new: "blocks" and "becomes blocked" trigger again (509.3a, c)."""
    from combat_helpers import run

    permanents = [
        {
            "id": "a",
            "controller": "ana",
            "power": 2,
            "toughness": 2,
            "abilities": ["vigilance", "whenever_becomes_blocked", "whenever_becomes_blocked_by_a_creature"],
        },
        {"id": "w", "controller": "ben", "power": 1, "toughness": 4, "abilities": ["whenever_blocks"]},
    ]
    attack, block = {"declare_attackers": {"attacks": {"a": "ben"}}}, {"declare_blockers": {"blocks": {"w": "a"}}}
    timeline = run(attack, block, "end_of_combat", "beginning_of_combat", attack, block, permanents=permanents)
    for index in (1, 5):
        found = timeline.triggers[index]
        assert times(found, "blocks", "w") == 1, index
        assert times(found, "becomes_blocked", "a") == 1, index
        assert times(found, "becomes_blocked_by_a_creature", "a") == 1, index
