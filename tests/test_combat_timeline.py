"""The combat timeline: declarations checked, creatures put onto the battlefield attacking or blocking (506.3,
508.4, 509.4), effects that make a creature block (old 509.6), blocked and unblocked (509.1h), "alone" (506.5), the
steps (506.1, 508.8, 510.4, 511.3), and bad input."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml
from combat_helpers import BOARD, att, blk, changes_of, creature, kinds, of_kind, perm, run
from combatcheck.combat import Entry, follow
from combatcheck.combat.narration import timeline_lines
from combatcheck.models import SnapshotError, snapshot_from_data
from combatcheck.models.report import Language
from combatcheck.solver import check

ATTACK = {"declare_attackers": {"attacks": {"ogre": "ben"}}}
BLOCK = {"declare_blockers": {"blocks": {"bear": "ogre"}}}


def test_declarations_make_attackers_and_blockers() -> None:
    timeline = run(ATTACK, BLOCK, "combat_damage", "end_of_combat", "postcombat_main")
    assert timeline.verdict == "legal"
    after_attack = timeline.moments[1].state
    assert [a.id for a in after_attack.attackers] == ["ogre"]
    assert perm(after_attack, "ogre").tapped  # 508.1f
    assert after_attack.attacked_alone == "ogre"
    after_block = timeline.moments[2].state
    assert att(after_block, "ogre").status == "blocked"
    assert att(after_block, "ogre").blockers == ("bear",)
    assert after_block.blocked_alone == "bear"
    damage = of_kind(changes_of(timeline, 2), "assigns_damage")
    assert {(d.creature, d.to) for d in damage} == {("ogre", ("bear",)), ("bear", ("ogre",))}
    final = timeline.final.state
    assert final.step == "postcombat_main"
    assert not final.attackers and not final.blockers
    assert "combat_ends" in kinds(timeline.final)


def test_an_illegal_declaration_is_reported_and_the_timeline_stops() -> None:
    permanents = [*BOARD, creature("sentry", "ben", "blocks_each_combat_if_able")]
    timeline = run(ATTACK, {"declare_blockers": {"blocks": {}}}, "combat_damage", permanents=permanents)
    assert timeline.verdict == "illegal"
    assert timeline.stopped_at == 1
    assert timeline.declarations[1].verdict == "illegal"
    assert len(timeline.moments) == 3  # the start, the attack, the illegal block; combat damage was not followed


def test_nobody_attacks_skips_blockers_and_damage() -> None:
    """506.1, 508.8: the declare blockers and combat damage steps are skipped."""
    timeline = run({"declare_attackers": {}}, "end_of_combat")
    skipped = of_kind(changes_of(timeline, 1), "step_skipped")
    assert [s.step for s in skipped] == ["declare_blockers", "combat_damage"]
    assert skipped[0].rule == "508.8"
    assert timeline.final.state.combats[0].blockers_step_skipped
    with pytest.raises(SnapshotError, match=r"events\[1\].*skipped \(508.8\)"):
        run({"declare_attackers": {}}, BLOCK)


def test_put_onto_the_battlefield_attacking_prevents_the_skip() -> None:
    """506.1: the steps are skipped only if no creature is declared or put onto the battlefield attacking."""
    token = creature("token", "ana", name="Soldier")
    timeline = run(
        {"declare_attackers": {}},
        {"enters_attacking": token, "attacking": "ben"},
        BLOCK | {"declare_blockers": {"blocks": {"bear": "token"}}},
    )
    attacks = of_kind(changes_of(timeline, 1), "attacks")
    assert attacks[0].how is Entry.PUT_ONTO_BATTLEFIELD and attacks[0].rule == "508.4"
    assert att(timeline.final.state, "token").status == "blocked"
    assert timeline.final.state.attacked_alone is None  # it never "attacked" (508.4)


def test_first_strike_makes_two_damage_steps() -> None:
    """510.4: the first step has first and double strikers; the second, the others and double strikers."""
    permanents = [
        creature("knight", "ana", "first_strike"),
        creature("ogre", "ana"),
        creature("bear", "ben", "double_strike"),
        creature("wall", "ben"),
    ]
    timeline = run(
        {"declare_attackers": {"attacks": {"knight": "ben", "ogre": "ben"}}},
        {"declare_blockers": {"blocks": {"bear": "knight", "wall": "ogre"}}},
        "combat_damage",
        "combat_damage",
        permanents=permanents,
    )
    first, second = changes_of(timeline, 2), changes_of(timeline, 3)
    assert of_kind(first, "step_begins")[0].step == "first_strike_damage"
    assert {d.creature for d in of_kind(first, "assigns_damage")} == {"knight", "bear"}
    assert {d.creature for d in of_kind(second, "assigns_damage")} == {"ogre", "wall", "bear"}
    with pytest.raises(SnapshotError, match="no further combat damage step"):
        run(ATTACK, BLOCK, "combat_damage", "combat_damage")


def test_additional_combat_phase() -> None:
    """500.8: a second combat phase; 511.3: everything left combat at the end of the first."""
    permanents = [*BOARD, creature("scout", "ana", "vigilance")]
    timeline = run(
        {"declare_attackers": {"attacks": {"scout": "ben"}}},
        {"declare_blockers": {}},
        "end_of_combat",
        "beginning_of_combat",
        {"declare_attackers": {"attacks": {"scout": "ben", "ogre": "ben"}}},
        permanents=permanents,
    )
    assert timeline.verdict == "legal"
    begins = of_kind(changes_of(timeline, 3), "step_begins")
    assert begins[0].rule == "500.8" and begins[0].combat == 2
    assert [a.id for a in timeline.final.state.attackers] == ["scout", "ogre"]
    with pytest.raises(SnapshotError, match=r"events\[1\].*once per combat phase"):
        run(ATTACK, ATTACK)


def test_put_onto_the_battlefield_blocking_lumengrid_warden_current_rules() -> None:
    """Seed 509.7 example, current numbering (509.4): the Saproling is blocking but never 'blocked'."""
    saproling = creature("saproling", "ben", name="Saproling", power=1, toughness=1)
    timeline = run(ATTACK, BLOCK, {"enters_blocking": saproling, "blocking": "ogre"})
    blocks = of_kind(changes_of(timeline, 2), "blocks")
    assert blocks[0].how is Entry.PUT_ONTO_BATTLEFIELD and blocks[0].rule == "509.4"
    assert not blocks[0].attacker_was_unblocked and not of_kind(changes_of(timeline, 2), "becomes_blocked")
    assert att(timeline.final.state, "ogre").blockers == ("bear", "saproling")
    assert timeline.final.state.declared_blockers == ("bear",)


@pytest.mark.parametrize(
    ("entering", "target", "reason", "rule"),
    [
        ({"id": "relic", "controller": "ben", "types": ["artifact"]}, "ogre", "not_a_creature", "506.3a"),
        (creature("cat", "cai"), "ogre", "not_defending", "506.3d"),
        (creature("cat", "ana"), "ogre", "not_defending", "506.3d"),  # the attacking player's: not bad input
        (creature("cat", "ben"), "elf", "attacker_gone", "509.4a"),
        (
            {"id": "siege", "controller": "ben", "types": ["creature", "battle"], "protector": "ana"},
            "ogre",
            "battle",
            "506.3e",
        ),
    ],
)
def test_entering_but_never_blocking(entering: dict[str, object], target: str, reason: str, rule: str) -> None:
    players = ["ana", "ben", "cai"]
    attack = {"declare_attackers": {"attacks": {"ogre": "ben", "elf": "cai"}}}
    blocks: dict[str, Any] = {"declare_blockers": {"blocks": {}}}
    leave = {"remove_from_combat": "elf"}
    timeline = run(attack, blocks, leave, {"enters_blocking": entering, "blocking": target}, players=players)
    never = of_kind(changes_of(timeline, 3), "never_blocking")
    assert (never[0].reason, never[0].rule) == (reason, rule)
    assert timeline.final.state.permanent(str(entering["id"])) is not None  # it does enter the battlefield
    assert not timeline.final.state.blockers


@pytest.mark.parametrize(
    ("entering", "target", "reason", "rule"),
    [
        ({"id": "relic", "controller": "ana", "types": ["artifact"]}, "ben", "not_a_creature", "506.3a"),
        (creature("thief", "ben"), "ben", "not_attacking_player", "506.3b"),
        (creature("thief", "ben"), "ana", "not_attacking_player", "506.3b"),  # issue 19: not bad input
        (creature("thief", "ben"), "jace", "not_attacking_player", "506.3b"),  # whatever it would attack
        (creature("token", "ana"), "gone", "target_gone", "506.3c"),
    ],
)
def test_entering_but_never_attacking(entering: dict[str, object], target: str, reason: str, rule: str) -> None:
    permanents = [*BOARD, {"id": "gone", "controller": "ben", "types": ["planeswalker"], "loyalty": 1}]
    timeline = run(
        ATTACK,
        {"leaves_battlefield": "gone"},
        {"enters_attacking": entering, "attacking": target},
        permanents=permanents,
    )
    never = of_kind(changes_of(timeline, 2), "never_attacking")
    assert (never[0].reason, never[0].rule) == (reason, rule)
    assert [a.id for a in timeline.final.state.attackers] == ["ogre"]
    assert timeline.final.state.permanent(str(entering["id"])) is not None  # it does enter the battlefield


def test_an_attacking_players_creature_put_onto_the_battlefield_attacking_its_own_team_is_bad_input() -> None:
    """The impossible stays bad input: the attacking player's creature can't attack that player (508.4)."""
    with pytest.raises(SnapshotError, match="not an opponent"):
        run(ATTACK, {"enters_attacking": creature("token", "ana"), "attacking": "ana"})


def test_made_to_block_old_509_6() -> None:
    timeline = run(ATTACK, {"declare_blockers": {}}, {"made_to_block": "wall", "blocking": "ogre"})
    blocks = of_kind(changes_of(timeline, 2), "blocks")[0]
    assert blocks.how is Entry.EFFECT and not blocks.was_blocking and blocks.attacker_was_unblocked
    became = of_kind(changes_of(timeline, 2), "becomes_blocked")[0]
    assert became.was_unblocked and became.how is Entry.EFFECT and became.by_creature
    again = run(ATTACK, BLOCK, {"made_to_block": "bear", "blocking": "ogre"})
    assert of_kind(changes_of(again, 2), "nothing")[0].reason == "already_blocking"


def test_made_to_block_a_second_attacker_was_already_blocking() -> None:
    attack = {"declare_attackers": {"attacks": {"ogre": "ben", "elf": "ben"}}}
    timeline = run(attack, BLOCK, {"made_to_block": "bear", "blocking": "elf"})
    blocks = of_kind(changes_of(timeline, 2), "blocks")[0]
    assert blocks.was_blocking and blocks.attacker_was_unblocked  # 509.3a, 509.3c
    assert blk(timeline.final.state, "bear").attackers == ("ogre", "elf")


def test_blocked_stays_blocked_and_effects_change_it() -> None:
    """509.1h: a creature remains blocked even if all its blockers are removed; an effect may say otherwise."""
    timeline = run(
        ATTACK, BLOCK, {"leaves_battlefield": "bear"}, {"becomes_unblocked": "ogre"}, {"becomes_blocked": "ogre"}
    )
    assert "still_blocked" in kinds(timeline.moments[3])
    assert att(timeline.moments[3].state, "ogre").blocked_without_blockers
    assert att(timeline.moments[4].state, "ogre").status == "unblocked"
    became = of_kind(changes_of(timeline, 4), "becomes_blocked")[0]
    assert not became.by_creature and became.how is Entry.EFFECT
    no_damage = run(ATTACK, BLOCK, {"leaves_battlefield": "bear"}, "combat_damage")
    assert of_kind(changes_of(no_damage, 3), "assigns_damage")[0].how == "no_blockers"


def test_trample_blocked_with_no_blockers_assigns_to_the_player() -> None:
    permanents = [creature("wurm", "ana", "trample"), creature("bear", "ben")]
    timeline = run(
        {"declare_attackers": {"attacks": {"wurm": "ben"}}},
        {"declare_blockers": {"blocks": {"bear": "wurm"}}},
        {"leaves_battlefield": "bear"},
        "combat_damage",
        permanents=permanents,
    )
    damage = of_kind(changes_of(timeline, 3), "assigns_damage")[0]
    assert (damage.how, damage.to, damage.rule) == ("trample_no_blockers", ("ben",), "702.19d")


def test_band_blocked_by_an_effect_is_blocked_as_a_whole() -> None:
    """702.22i, and 702.22h for a creature made to block one member."""
    permanents = [creature("hero", "ana", "banding"), creature("ogre", "ana"), creature("bear", "ben")]
    attack = {"declare_attackers": {"attacks": {"hero": "ben", "ogre": "ben"}, "bands": [["hero", "ogre"]]}}
    timeline = run(attack, {"declare_blockers": {}}, {"becomes_blocked": "hero"}, permanents=permanents)
    assert {c.attacker for c in of_kind(changes_of(timeline, 2), "becomes_blocked")} == {"hero", "ogre"}
    made = run(attack, {"declare_blockers": {}}, {"made_to_block": "bear", "blocking": "ogre"}, permanents=permanents)
    assert blk(made.final.state, "bear").attackers == ("ogre", "hero")


def test_alone_now_after_a_removal() -> None:
    """506.5: it attacked with another, and is now attacking alone."""
    attack = {"declare_attackers": {"attacks": {"ogre": "ben", "elf": "ben"}}}
    timeline = run(attack, {"remove_from_combat": "elf"})
    assert timeline.final.state.attacked_alone is None
    assert timeline.final.state.attacking_alone == "ogre"
    alone = of_kind(changes_of(timeline, 1), "alone")[0]
    assert (alone.creature, alone.what, alone.rule) == ("ogre", "attacking", "506.5")


def test_starting_from_a_declare_blockers_snapshot() -> None:
    """Permanents already attacking: the timeline starts just after the attack was declared."""
    permanents = [creature("ogre", "ana", attacking="ben"), creature("bear", "ben")]
    timeline = run(BLOCK, permanents=permanents)
    assert timeline.moments[0].state.step == "declare_attackers"
    assert att(timeline.final.state, "ogre").blockers == ("bear",)


@pytest.mark.parametrize(
    ("events", "message"),
    [
        ([{"leaves_battlefield": "baer"}], r"events\[0\]\.leaves_battlefield: no permanent or player with id 'baer'"),
        ([BLOCK], r"events\[0\] \(declare_blockers\): blockers are declared before attackers are declared"),
        (
            [ATTACK, BLOCK, {"made_to_block": "elf", "blocking": "ogre"}],
            r"events\[2\]\.made_to_block: 'elf' is "
            r"controlled by 'ana', who is attacking",
        ),
        ([ATTACK, {"made_to_block": "bear", "blocking": "ogre"}], r"events\[1\]\.made_to_block: .*once blockers"),
        ([ATTACK, {"declare_blockers": {"blocks": {"ogre": "ogre"}}}], r"events\[1\]\.declare_blockers\.blocks\.ogre"),
        ([{"damage_assignment_order": "ogre", "order": ["bear", "bear"]}], r"events\[0\]\..*order: lists bear more"),
        (
            [ATTACK, {"leaves_battlefield": "bear"}, {"tap": "bear"}],
            r"events\[2\]\.tap: 'bear' is not on the battlefield",
        ),
        (["combat_damage"], r"events\[0\] \(combat_damage\): combat damage happens during a combat phase"),
        ([{"enters": creature("ogre")}], r"events\[0\]\.enters\.id: 'ogre' is already used"),
    ],
)
def test_bad_input_names_the_event_and_field(events: list[object], message: str) -> None:
    with pytest.raises(SnapshotError, match=message):
        run(*events)


def test_a_pointless_event_is_not_an_error() -> None:
    timeline = run(ATTACK, {"remove_from_combat": "wall"})
    nothing = of_kind(changes_of(timeline, 1), "nothing")[0]
    assert (nothing.reason, nothing.rule) == ("not_in_combat", "506.4")


def test_a_declaration_with_events_is_refused() -> None:
    data = {"active_player": "ana", "players": ["ana", "ben"], "permanents": BOARD, "events": [ATTACK]}
    with pytest.raises(SnapshotError, match="declaration: with events"):
        snapshot_from_data({**data, "declaration": {"blocks": {}}})


def test_check_is_unchanged_without_events() -> None:
    data = {"active_player": "ana", "players": ["ana", "ben"], "permanents": [creature("ogre", attacking="ben")]}
    report = check(snapshot_from_data(data))
    assert report.verdict == "legal" and report.outcome is not None


@pytest.mark.parametrize(
    ("permanent", "players", "reason", "rule"),
    [
        ({"id": "relic", "controller": "ben", "types": ["artifact"]}, ["ana", "ben"], "not_a_creature", "506.3"),
        (
            {"id": "siege", "controller": "ben", "types": ["creature", "battle"], "protector": "ana"},
            ["ana", "ben"],
            "battle",
            "506.3f",
        ),
        (creature("cat", "cai"), ["ana", "ben", "cai"], "not_defending", "509.1a"),
    ],
)
def test_made_to_block_that_does_nothing(permanent: dict[str, Any], players: list[str], reason: str, rule: str) -> None:
    timeline = run(
        ATTACK,
        BLOCK,
        {"made_to_block": permanent["id"], "blocking": "ogre"},
        permanents=[*BOARD, permanent],
        players=players,
    )
    nothing = of_kind(changes_of(timeline, 2), "nothing")[0]
    assert (nothing.reason, nothing.rule) == (reason, rule)
    assert blk(timeline.final.state, "bear").attackers == ("ogre",) and len(timeline.final.state.blockers) == 1


def test_entering_blocking_a_creature_that_never_attacked_is_not_said_to_have_stopped() -> None:
    """509.4a: the named creature is not attacking, whether it left combat or never attacked ("no longer" was wrong
    for a creature that never attacked, such as the defending player's own)."""
    example = Path(__file__).parent.parent / "examples" / "combat" / "flash-foliage.yaml"
    data = yaml.safe_load(example.read_text())
    data["events"][3]["blocking"] = "bear"  # ben's own Runeclaw Bear, which blocks and never attacked
    snapshot = snapshot_from_data(data)
    expected: dict[Language, str] = {
        "en": "Saproling (saproling) enters, but Runeclaw Bear (bear) is not attacking: it is never a blocking creature",
        "fr": "Runeclaw Bear (bear) n'est pas attaquante",
        "es": "Runeclaw Bear (bear) no está atacando",
    }
    for lang, text in expected.items():
        lines = timeline_lines(follow(snapshot, lang=lang), snapshot)
        assert any(text in line for line in lines), (lang, lines)


def test_702_22j_the_defending_player_divides_damage_among_blockers_with_banding() -> None:
    """An attacker blocked by two creatures, one with banding: ben (defending), not ana, divides its damage."""
    permanents = [creature("ogre", "ana"), creature("hero", "ben", "banding"), creature("bear", "ben")]
    attack = {"declare_attackers": {"attacks": {"ogre": "ben"}}}
    block = {"declare_blockers": {"blocks": {"hero": "ogre", "bear": "ogre"}}}
    for rules in ("current", "before_foundations"):
        events = [attack, block, {"damage_assignment_order": "ogre", "order": ["hero", "bear"]}, "combat_damage"]
        timeline = run(*events, permanents=permanents, rules=rules)
        ogre = next(c for c in of_kind(changes_of(timeline, 3), "assigns_damage") if c.creature == "ogre")
        assert (ogre.divided_by, ogre.rule) == ("ben", "702.22j"), rules
    data = {"active_player": "ana", "players": ["ana", "ben"], "permanents": permanents, "events": events}
    snapshot = snapshot_from_data(data)
    text = "\n".join(timeline_lines(follow(snapshot), snapshot))
    assert "divided as ben, the defending player, chooses" in text
    plain = run(attack, {"declare_blockers": {"blocks": {"bear": "ogre"}}}, "combat_damage", permanents=permanents)
    assert of_kind(changes_of(plain, 2), "assigns_damage")[0].divided_by is None


def test_702_22k_the_active_player_divides_a_blockers_damage_among_attackers_with_banding() -> None:
    permanents = [
        creature("hero", "ana", "banding"),
        creature("ogre", "ana"),
        creature("wall", "ben", {"can_block_additional": 1}),
    ]
    attack = {"declare_attackers": {"attacks": {"hero": "ben", "ogre": "ben"}}}
    timeline = run(
        attack, {"declare_blockers": {"blocks": {"wall": ["hero", "ogre"]}}}, "combat_damage", permanents=permanents
    )
    wall = next(c for c in of_kind(changes_of(timeline, 2), "assigns_damage") if c.creature == "wall")
    assert (wall.divided_by, wall.rule) == ("ana", "702.22k")
    others = [creature("ogre", "ana"), creature("elf", "ana"), creature("wall", "ben", {"can_block_additional": 1})]
    attack = {"declare_attackers": {"attacks": {"elf": "ben", "ogre": "ben"}}}
    plain = run(attack, {"declare_blockers": {"blocks": {"wall": ["elf", "ogre"]}}}, "combat_damage", permanents=others)
    wall = next(c for c in of_kind(changes_of(plain, 2), "assigns_damage") if c.creature == "wall")
    assert (wall.divided_by, wall.rule) == (None, "510.1d")


def test_702_22j_bands_with_other_needs_another_creature_of_the_quality() -> None:
    legendary = {"supertypes": ["legendary"]}
    permanents = [
        creature("ogre", "ana"),
        creature("knight", "ben", {"bands_with_other": legendary}, supertypes=["legendary"]),
        creature("lord", "ben", supertypes=["legendary"]),
        creature("bear", "ben"),
    ]
    attack = {"declare_attackers": {"attacks": {"ogre": "ben"}}}
    both = run(
        attack,
        {"declare_blockers": {"blocks": {"knight": "ogre", "lord": "ogre"}}},
        "combat_damage",
        permanents=permanents,
    )
    assert of_kind(changes_of(both, 2), "assigns_damage")[0].divided_by == "ben"
    one = run(
        attack,
        {"declare_blockers": {"blocks": {"knight": "ogre", "bear": "ogre"}}},
        "combat_damage",
        permanents=permanents,
    )
    assert of_kind(changes_of(one, 2), "assigns_damage")[0].divided_by is None
