"""The combat damage step (issue 22): assignments judged with their rules (510.1a-e, 702.19b-d, 702.2c, 702.22j-k,
old 510.1c-d), damage dealt (510.2, 120.3) and the state-based actions (704.5). The CR's own examples are here
(the 7 Feb 2025 text, and the 29 Apr 2022 text for the rules before Foundations)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from combatcheck.cli import app
from combatcheck.combat.damage_model import DamageProblem, Dealer
from combatcheck.combat.damage_search import every_assignment, ranges
from combatcheck.combat.state import AssignsDamage, DamageAssignment, DamageDealt, LifeGained, StateBasedAction
from combatcheck.combat.timeline import Timeline, follow
from combatcheck.models import SnapshotError, snapshot_from_data
from typer.testing import CliRunner


def c(pid: str, controller: str, power: int, toughness: int, *abilities: Any, **fields: Any) -> dict[str, Any]:
    return {"id": pid, "controller": controller, "power": power, "toughness": toughness, "abilities": list(abilities)}


def run(permanents: list[dict[str, Any]], *events: Any, life: int | None = 20, **extra: Any) -> Timeline:
    players = [{"id": "ana", "life": life}, {"id": "ben", "life": life}] if life is not None else ["ana", "ben"]
    data = {"active_player": "ana", "players": players, "permanents": permanents, "events": list(events), **extra}
    return follow(snapshot_from_data(data))


def judged(timeline: Timeline) -> DamageAssignment:
    return next(ch for m in timeline.moments for ch in m.changes if isinstance(ch, DamageAssignment))


def codes(timeline: Timeline) -> list[tuple[str, str]]:
    return [(f.rule, f.code) for f in judged(timeline).findings]


REGROWER = [c("regrower", "ana", 4, 3), c("spawn", "ben", 2, 3), c("hunter", "ben", 1, 1)]
DOUBLE_BLOCK = [
    {"declare_attackers": {"attacks": {"regrower": "ben"}}},
    {"declare_blockers": {"blocks": {"spawn": "regrower", "hunter": "regrower"}}},
]


def test_cr_510_1c_example_any_division_among_blockers_today() -> None:
    """510.1c (Feb 2025): Elvish Regrower (4/3) blocked by Vampire Spawn (2/3) and Helpful Hunter (1/1) may assign
    all 4 to the Hunter, 1 + 3, 2 + 2, 3 + 1, or all 4 to the Spawn."""
    for spawn in range(5):
        split = {k: v for k, v in {"spawn": spawn, "hunter": 4 - spawn}.items() if v}
        timeline = run(REGROWER, *DOUBLE_BLOCK, {"assign_combat_damage": {"regrower": split}})
        assert timeline.verdict == "legal", (spawn, codes(timeline))


def test_the_whole_power_is_assigned_510_1a() -> None:
    timeline = run(REGROWER, *DOUBLE_BLOCK, {"assign_combat_damage": {"regrower": {"spawn": 1, "hunter": 1}}})
    assert timeline.verdict == "illegal" and timeline.stopped_at == 2
    assert codes(timeline) == [("510.1a", "amount")]
    assert sum(judged(timeline).witness["regrower"].values()) == 4  # type: ignore[index]


def test_same_board_under_the_old_rules_follows_the_order() -> None:
    """Before Nov 2024 (510.1c, CR 29 Apr 2022): in the order Spawn then Hunter, the Hunter gets damage only once the
    Spawn is assigned lethal damage (3): 3 + 1 or 4 + 0."""
    order = {"damage_assignment_order": "regrower", "order": ["spawn", "hunter"], "by": "ana"}
    legal = []
    for spawn in range(5):
        split = {k: v for k, v in {"spawn": spawn, "hunter": 4 - spawn}.items() if v}
        events = [*DOUBLE_BLOCK, order, {"assign_combat_damage": {"regrower": split}}]
        timeline = run(REGROWER, *events, rules="before_foundations")
        if timeline.verdict == "legal":
            legal.append(spawn)
        else:
            assert codes(timeline) == [("510.1c", "order")]
            assert judged(timeline).findings[0].edition == "before_foundations"
    assert legal == [3, 4]


GORGER = [c("gorger", "ana", 5, 6), c("guardian", "ben", 0, 3), c("elves", "ben", 1, 1)]
GORGER_EVENTS = [
    {"declare_attackers": {"attacks": {"gorger": "ben"}}},
    {"declare_blockers": {"blocks": {"guardian": "gorger", "elves": "gorger"}}},
    {"damage_assignment_order": "gorger", "order": ["guardian", "elves"]},
]


def _gorger_legal(*extra_events: Any, prevent: dict[str, Any] | None = None) -> list[int]:
    legal = []
    for guardian in range(6):
        split = {k: v for k, v in {"guardian": guardian, "elves": 5 - guardian}.items() if v}
        event: dict[str, Any] = {"assign_combat_damage": {"gorger": split}}
        if prevent:
            event["prevent"] = prevent
        timeline = run(GORGER, *GORGER_EVENTS, *extra_events, event, rules="before_foundations")
        if timeline.verdict == "legal":
            legal.append(guardian)
    return legal


def test_cr_2022_vastwood_gorger_examples() -> None:
    """Old 510.1c examples: 3 + 2, 4 + 1 or 5 + 0; after Giant Growth on the Guardian (0/3 -> 3/6), all 5 to it;
    after Mending Hands (prevent the next 4 to the Guardian), the same as without: prevention does not count."""
    assert _gorger_legal() == [3, 4, 5]
    assert _gorger_legal({"change": "guardian", "power": 3, "toughness": 6}) == [5]
    assert _gorger_legal(prevent={"guardian": 4}) == [3, 4, 5]


def test_prevented_damage_is_not_dealt_but_counted_as_assigned() -> None:
    timeline = run(
        GORGER,
        *GORGER_EVENTS,
        {"assign_combat_damage": {"gorger": {"guardian": 3, "elves": 2}}, "prevent": {"guardian": 4}},
        rules="before_foundations",
    )
    final = timeline.final.state
    assert "guardian" not in final.died_ids and "elves" in final.died_ids
    dealt = {ch.recipient: ch for ch in timeline.final.changes if isinstance(ch, DamageDealt)}
    assert dealt["guardian"].amount == 0 and dealt["guardian"].prevented == 3


BALOTH = [
    c("baloth", "ana", 7, 7),
    c("boars", "ana", 4, 4),
    {**c("armodon", "ben", 3, 3), "damage": 2},
    {**c("brigade", "ben", 2, 4), "abilities": [{"can_block_additional": 1}]},
    c("ape", "ben", 5, 5),
    c("piker", "ben", 2, 1),
]
BALOTH_EVENTS = [
    {"declare_attackers": {"attacks": {"baloth": "ben", "boars": "ben"}}},
    {
        "declare_blockers": {
            "blocks": {"armodon": "baloth", "brigade": ["baloth", "boars"], "ape": "baloth", "piker": "boars"}
        }
    },
    {"damage_assignment_order": "baloth", "order": ["armodon", "brigade", "ape"], "by": "ana"},
    {"damage_assignment_order": "boars", "order": ["brigade", "piker"], "by": "ana"},
    {"damage_assignment_order": "brigade", "order": ["baloth", "boars"], "by": "ben"},
]


def test_cr_2022_enormous_baloth_example_counts_other_creatures_damage_and_marked_damage() -> None:
    """Old 510.1c: Baloth 1 to the Armodon (2 already marked), 1 to the Brigade, 5 to the Ape; Boars 3 to the
    Brigade (4 with the Baloth's: lethal) and 1 to the Piker."""
    assignment = {
        "baloth": {"armodon": 1, "brigade": 1, "ape": 5},
        "boars": {"brigade": 3, "piker": 1},
        "brigade": {"baloth": 2},
    }
    timeline = run(BALOTH, *BALOTH_EVENTS, {"assign_combat_damage": assignment}, rules="before_foundations")
    assert timeline.verdict == "legal", codes(timeline)
    assignment["boars"] = {"brigade": 2, "piker": 2}  # the Brigade then has 3 of 4: the Piker and the Ape can't
    timeline = run(BALOTH, *BALOTH_EVENTS, {"assign_combat_damage": assignment}, rules="before_foundations")
    assert sorted(codes(timeline)) == [("510.1c", "order"), ("510.1c", "order")]


WURM = [c("wurm", "ana", 6, 6, "trample", "deathtouch"), c("bear", "ben", 2, 2), c("elf", "ben", 1, 1)]
WURM_EVENTS = [
    {"declare_attackers": {"attacks": {"wurm": "ben"}}},
    {"declare_blockers": {"blocks": {"bear": "wurm", "elf": "wurm"}}},
]


def test_trample_and_deathtouch_one_to_each_blocker_is_lethal() -> None:
    """702.19b with 702.2c: 1 to each blocker is lethal; the other 4 may go to the player."""
    timeline = run(WURM, *WURM_EVENTS, {"assign_combat_damage": {"wurm": {"bear": 1, "elf": 1, "ben": 4}}})
    assert timeline.verdict == "legal"
    final = timeline.final.state
    assert final.life == {"ana": 20, "ben": 16}
    assert set(final.died_ids) == {"bear", "elf"}
    assert {(f.id, f.what, f.rule, f.event) for f in final.died} == {
        ("bear", "deathtouch", "704.5h", 2),
        ("elf", "lethal_damage", "704.5g", 2),
    }
    whats = {ch.object: (ch.what, ch.rule) for ch in timeline.final.changes if isinstance(ch, StateBasedAction)}
    assert whats["bear"] == ("deathtouch", "704.5h")
    assert final.damage == {"wurm": 3}


def test_trample_to_the_player_before_lethal_to_every_blocker_is_illegal() -> None:
    timeline = run(WURM, *WURM_EVENTS, {"assign_combat_damage": {"wurm": {"elf": 1, "ben": 5}}})
    assert codes(timeline) == [("702.19b", "lethal_first")]
    assert judged(timeline).witness["wurm"] == {"bear": 1, "elf": 1, "ben": 4}  # type: ignore[index]


def test_without_trample_no_damage_to_the_player() -> None:
    board = [c("giant", "ana", 6, 6), c("bear", "ben", 2, 2)]
    events = [{"declare_attackers": {"attacks": {"giant": "ben"}}}, {"declare_blockers": {"blocks": {"bear": "giant"}}}]
    timeline = run(board, *events, {"assign_combat_damage": {"giant": {"bear": 2, "ben": 4}}})
    assert codes(timeline) == [("510.1c", "blocked")]
    assert judged(timeline).witness["giant"] == {"bear": 6}  # type: ignore[index]


def test_blocked_without_blockers_trample_goes_to_the_player_702_19d() -> None:
    board = [c("wurm", "ana", 6, 6, "trample"), c("giant", "ana", 3, 3), c("bear", "ben", 2, 2), c("wall", "ben", 0, 4)]
    events = [
        {"declare_attackers": {"attacks": {"wurm": "ben", "giant": "ben"}}},
        {"declare_blockers": {"blocks": {"bear": "wurm", "wall": "giant"}}},
        {"leaves_battlefield": "bear", "to": "graveyard"},
        {"leaves_battlefield": "wall", "to": "graveyard"},
        {"assign_combat_damage": {}},
    ]
    timeline = run(board, *events)
    assert timeline.verdict == "legal"
    assert judged(timeline).assignment == {"wurm": {"ben": 6}, "giant": {}}
    assert timeline.final.state.life["ben"] == 14
    illegal = run(board, *events[:-1], {"assign_combat_damage": {"giant": {"ben": 3}}})
    assert codes(illegal) == [("510.1c", "no_blockers")]


def test_as_though_unblocked_all_or_nothing() -> None:
    board = [c("thorn", "ana", 7, 7, "may_assign_damage_as_though_unblocked"), c("bear", "ben", 2, 2)]
    events = [{"declare_attackers": {"attacks": {"thorn": "ben"}}}, {"declare_blockers": {"blocks": {"bear": "thorn"}}}]
    assert run(board, *events, {"assign_combat_damage": {"thorn": {"ben": 7}}}).verdict == "legal"
    assert run(board, *events, {"assign_combat_damage": {"thorn": {"bear": 7}}}).verdict == "legal"
    split = run(board, *events, {"assign_combat_damage": {"thorn": {"bear": 2, "ben": 5}}})
    assert codes(split) == [("510.1b", "split")]
    missing = run(board, *events, {"assign_combat_damage": {}})  # a choice to make: it must be announced
    assert codes(missing) == [("510.1", "missing")]


def test_blocker_of_two_attackers_divides_510_1d() -> None:
    board = [
        c("ogre", "ana", 2, 2),
        c("elf", "ana", 1, 1),
        {**c("brigade", "ben", 3, 4), "abilities": [{"can_block_additional": 1}]},
    ]
    events = [
        {"declare_attackers": {"attacks": {"ogre": "ben", "elf": "ben"}}},
        {"declare_blockers": {"blocks": {"brigade": ["ogre", "elf"]}}},
    ]
    assert run(board, *events, {"assign_combat_damage": {"brigade": {"elf": 3}}}).verdict == "legal"
    wrong = run(board, *events, {"assign_combat_damage": {"brigade": {"ben": 3}}})
    assert ("510.1d", "blocking") in codes(wrong)


def test_banding_the_defending_player_divides_and_ignores_the_order() -> None:
    """702.22j: blocked by a creature with banding, the defending player divides the attacker's damage among its
    blockers as they choose, even under the old damage assignment order."""
    board = [c("giant", "ana", 4, 4), c("hero", "ben", 1, 1, "banding"), c("bear", "ben", 2, 2)]
    events = [
        {"declare_attackers": {"attacks": {"giant": "ben"}}},
        {"declare_blockers": {"blocks": {"hero": "giant", "bear": "giant"}}},
        {"damage_assignment_order": "giant", "order": ["hero", "bear"], "by": "ana"},
        {"assign_combat_damage": {"giant": {"bear": 4}}},
    ]
    timeline = run(board, *events, rules="before_foundations")
    assert timeline.verdict == "legal"
    assert judged(timeline).choosers["giant"] == "ben"


def test_first_strike_then_regular_damage_510_4() -> None:
    """The first striker kills its blocker in the first step; the blocker deals no damage in the second."""
    board = [c("knight", "ana", 2, 2, "first_strike"), c("bear", "ben", 2, 2), c("ogre", "ana", 3, 3)]
    events = [
        {"declare_attackers": {"attacks": {"knight": "ben", "ogre": "ben"}}},
        {"declare_blockers": {"blocks": {"bear": "knight"}}},
        {"assign_combat_damage": {}},
        {"assign_combat_damage": {}},
    ]
    timeline = run(board, *events)
    assert timeline.verdict == "legal"
    first, second = (judged_at(timeline, i) for i in (2, 3))
    assert first.assignment == {"knight": {"bear": 2}}
    assert second.assignment == {"ogre": {"ben": 3}}  # the bear died; the knight has no double strike
    assert timeline.final.state.life["ben"] == 17 and "knight" not in timeline.final.state.damage


def test_double_strike_deals_in_both_steps_and_gaining_it_late_counts_702_4d() -> None:
    board = [c("knight", "ana", 2, 2, "first_strike")]
    events = [
        {"declare_attackers": {"attacks": {"knight": "ben"}}},
        {"declare_blockers": {"blocks": {}}},
        {"assign_combat_damage": {}},
        {"change": "knight", "gains": ["double_strike"]},
        {"assign_combat_damage": {}},
    ]
    timeline = run(board, *events)
    assert timeline.final.state.life["ben"] == 16
    without = run(board, *events[:3], {"assign_combat_damage": {"knight": {"ben": 2}}})
    assert without.verdict == "illegal"
    assert [(f.rule, f.code) for f in judged_at(without, 3).findings] == [("510.4", "not_this_step")]


def judged_at(timeline: Timeline, index: int) -> DamageAssignment:
    moment = next(m for m in timeline.moments if m.index == index)
    return next(ch for ch in moment.changes if isinstance(ch, DamageAssignment))


def test_lifelink_infect_wither_and_their_results() -> None:
    board = [
        c("healer", "ana", 2, 2, "lifelink"),
        c("plague", "ana", 3, 3, "infect"),
        c("wilt", "ana", 2, 2, "wither"),
        c("bear", "ben", 2, 3),
    ]
    events = [
        {"declare_attackers": {"attacks": {"healer": "ben", "plague": "ben", "wilt": "ben"}}},
        {"declare_blockers": {"blocks": {"bear": "wilt"}}},
        {"assign_combat_damage": {}},
    ]
    timeline = run(board, *events)
    state = timeline.final.state
    assert state.life == {"ana": 22, "ben": 18}
    assert state.poison == {"ben": 3}
    assert state.counters == {"bear": 2}
    assert state.permanent("bear").toughness == 1  # type: ignore[union-attr]
    assert any(isinstance(ch, LifeGained) and ch.amount == 2 for ch in timeline.final.changes)


def test_zero_toughness_indestructible_and_losing_the_game() -> None:
    board = [
        c("wilt", "ana", 3, 3, "wither"),
        c("ogre", "ana", 5, 5),
        c("bear", "ben", 1, 3, "indestructible"),
        c("wall", "ben", 0, 5, "indestructible"),
    ]
    events = [
        {"declare_attackers": {"attacks": {"wilt": "ben", "ogre": "ben"}}},
        {"declare_blockers": {"blocks": {"bear": "wilt", "wall": "ogre"}}},
        {"assign_combat_damage": {}},
    ]
    timeline = run(board, *events, life=3)
    sba = {ch.object: ch for ch in timeline.final.changes if isinstance(ch, StateBasedAction)}
    assert sba["bear"].what == "zero_toughness" and sba["bear"].rule == "704.5f"  # indestructible doesn't help
    assert sba["wall"].what == "lethal_damage" and sba["wall"].indestructible
    assert timeline.final.state.died_ids == ("bear",)
    lose = run(
        [c("ogre", "ana", 5, 5)],
        {"declare_attackers": {"attacks": {"ogre": "ben"}}},
        {"declare_blockers": {"blocks": {}}},
        {"assign_combat_damage": {}},
        life=3,
    )
    assert lose.final.state.lost_ids == ("ben",) and lose.final.state.life["ben"] == -2


def test_planeswalker_loses_loyalty_and_dies() -> None:
    board = [c("ogre", "ana", 3, 3), {"id": "jace", "controller": "ben", "types": ["planeswalker"], "loyalty": 3}]
    events = [
        {"declare_attackers": {"attacks": {"ogre": "jace"}}},
        {"declare_blockers": {"blocks": {}}},
        {"assign_combat_damage": {}},
    ]
    timeline = run(board, *events)
    assert timeline.final.state.died_ids == ("jace",)
    assert any(isinstance(ch, StateBasedAction) and ch.rule == "704.5i" for ch in timeline.final.changes)


def test_ranges_how_much_can_go_through() -> None:
    """The desk's question "how much can go through to the player?": with trample and deathtouch over a 2/2 and a
    1/1, 0 to 4 of the 6; and every legal assignment, of which 1-1-4 is one."""

    wurm = Dealer(
        id="wurm",
        side="attacker",
        power=6,
        creatures=("bear", "elf"),
        target="ben",
        blocked=True,
        trample=True,
        deathtouch=True,
    )
    problem = DamageProblem(edition="current", dealers={"wurm": wurm}, lethal={"bear": 2, "elf": 1})
    through = next(r for r in ranges(problem) if r.recipient == "ben")
    assert (through.low, through.high) == (0, 4)
    found, complete = every_assignment(problem)
    assert complete and {"bear": 1, "elf": 1, "ben": 4} in [a["wurm"] for a in found]
    assert through.proved


def test_a_search_stopped_by_its_limit_proves_no_range_and_no_complete_list(monkeypatch: pytest.MonkeyPatch) -> None:
    """A solve that doesn't reach OPTIMAL (its limit struck) must not be read as an answer: the range is the outer
    bound the creatures' power allows, marked unproved, and the list of assignments is not called complete."""
    from combatcheck.combat import damage_search
    from combatcheck.solver.optimum import new_solver as real

    def stopped_at_once(time_limit: float | None, workers: int = 1) -> Any:
        solver = real(time_limit, workers)
        solver.parameters.max_time_in_seconds = 1e-9
        solver.parameters.max_number_of_conflicts = 0
        return solver

    monkeypatch.setattr(damage_search, "new_solver", stopped_at_once)
    wurm = Dealer(
        id="wurm", side="attacker", power=6, creatures=("bear", "elf"), target="ben", blocked=True, trample=True
    )
    problem = DamageProblem(edition="current", dealers={"wurm": wurm}, lethal={"bear": 2, "elf": 1})
    for found in ranges(problem):
        assert not found.proved and (found.low, found.high) == (0, 6), found
    assert every_assignment(problem)[1] is False


@pytest.mark.parametrize(
    ("event", "where"),
    [
        ({"assign_combat_damage": {"wurm": {"bear": -1}}}, "events[2].assign_combat_damage"),
        ({"assign_combat_damage": {"wurm": {"baer": 6}}}, "events[2].assign_combat_damage.wurm.baer"),
    ],
)
def test_bad_input_names_the_field(event: dict[str, Any], where: str) -> None:
    with pytest.raises(SnapshotError) as caught:
        run(WURM, *WURM_EVENTS, event)
    assert any(p.path.startswith(where) for p in caught.value.problems), [p.path for p in caught.value.problems]


def test_a_shield_with_several_sources_must_say_which() -> None:
    board = [
        c("ogre", "ana", 2, 2),
        c("elf", "ana", 1, 1),
        {**c("brigade", "ben", 3, 4), "abilities": [{"can_block_additional": 1}]},
    ]
    events = [
        {"declare_attackers": {"attacks": {"ogre": "ben", "elf": "ben"}}},
        {"declare_blockers": {"blocks": {"brigade": ["ogre", "elf"]}}},
    ]
    with pytest.raises(SnapshotError) as caught:
        run(board, *events, {"assign_combat_damage": {"brigade": {"elf": 3}}, "prevent": {"brigade": 1}})
    assert caught.value.problems[0].path == "events[2].prevent.brigade"
    ok = run(board, *events, {"assign_combat_damage": {"brigade": {"elf": 3}}, "prevent": {"brigade": {"ogre": 2}}})
    assert ok.final.state.damage["brigade"] == 1


def test_without_banding_the_same_old_rules_assignment_breaks_the_order() -> None:
    board = [c("giant", "ana", 4, 4), c("hero", "ben", 1, 1), c("bear", "ben", 2, 2)]
    events = [
        {"declare_attackers": {"attacks": {"giant": "ben"}}},
        {"declare_blockers": {"blocks": {"hero": "giant", "bear": "giant"}}},
        {"damage_assignment_order": "giant", "order": ["bear", "hero"], "by": "ana"},
        {"assign_combat_damage": {"giant": {"hero": 4}}},
    ]
    timeline = run(board, *events, rules="before_foundations")
    assert codes(timeline) == [("510.1c", "order")]
    assert judged(timeline).choosers["giant"] == "ana"


EXAMPLES = Path(__file__).parent.parent / "examples" / "combat"
runner = CliRunner()


def test_the_damage_command_judges_explains_and_exits_by_verdict() -> None:
    legal = runner.invoke(app, ["damage", str(EXAMPLES / "damage-trample-deathtouch.yaml"), "--lang", "fr"])
    assert legal.exit_code == 0, legal.output
    assert "ben perd 4 points de vie" in legal.output
    illegal = runner.invoke(app, ["damage", str(EXAMPLES / "damage-trample-too-soon.yaml"), "--json"])
    assert illegal.exit_code == 1
    report = json.loads(illegal.output)
    assert report["verdict"] == "illegal"
    step = report["steps"][0]
    assert [f["rule"] for f in step["judged"]["findings"]] == ["702.19b", "702.19b"]
    assert step["judged"]["witness"]["wurm"] == {"bear": 2, "elves": 1, "ben": 3}
    assert "problem" not in step["judged"]


def test_the_damage_command_without_an_assignment_asks_about_the_next_step(tmp_path: Path) -> None:
    text = (EXAMPLES / "damage-trample-too-soon.yaml").read_text(encoding="utf-8")
    question = tmp_path / "q.yaml"
    question.write_text(text.split("  - assign_combat_damage:")[0], encoding="utf-8")
    result = runner.invoke(app, ["damage", str(question), "--ranges", "--json"])
    assert result.exit_code == 0, result.output
    report = json.loads(result.output)
    assert report["asked"] is True
    through = [r for r in report["steps"][0]["ranges"] if r["recipient"] == "ben"]
    assert through == [{"recipient": "ben", "source": "wurm", "low": 0, "high": 3, "proved": True}]
    spanish = runner.invoke(app, ["damage", str(question), "--every", "3", "--lang", "es"])
    assert "3 asignaciones legales:" in spanish.output and "aumenta --every" in spanish.output


def test_the_damage_command_bad_input_exits_2(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    text = (EXAMPLES / "damage-trample-too-soon.yaml").read_text(encoding="utf-8")
    bad.write_text(text.replace("bear: 1, ben: 5", "bear: -1, ben: 5"), encoding="utf-8")
    result = runner.invoke(app, ["damage", str(bad)])
    assert result.exit_code == 2
    assert "events[2].assign_combat_damage" in result.output + result.stderr
    assert "Traceback" not in result.output + result.stderr


def test_seed_509_2_voracious_wurm_follows_its_announced_order() -> None:
    """French seed 000, 509.2 example: Voracious Wurm (2/2) blocked by Llanowar Elves, Runeclaw Bear and Serra Angel,
    order Angel, Bear, Elves. With its order announced, its 2 damage can only go to the Angel (4 is lethal to it)."""
    board = [c("wurm", "ana", 2, 2), c("elves", "ben", 1, 1), c("bear", "ben", 2, 2), c("angel", "ben", 4, 4)]
    events = [
        {"declare_attackers": {"attacks": {"wurm": "ben"}}},
        {"declare_blockers": {"blocks": {"elves": "wurm", "bear": "wurm", "angel": "wurm"}}},
        {"damage_assignment_order": "wurm", "order": ["angel", "bear", "elves"], "by": "ana"},
    ]
    timeline = run(
        board, *events, {"assign_combat_damage": {"wurm": {"elves": 1, "bear": 1}}}, rules="before_foundations"
    )
    assert codes(timeline) == [("510.1c", "order"), ("510.1c", "order")]
    assert judged(timeline).witness["wurm"] == {"angel": 2}  # type: ignore[index]
    current = run(board, *events, {"assign_combat_damage": {"wurm": {"elves": 1, "bear": 1}}})
    assert current.verdict == "legal"  # today no order: any division (510.1c)


def test_seed_509_7_saproling_first_in_the_order() -> None:
    """French seed 000, 509.7 example: Lumengrid Warden (1/3) blocked by Runeclaw Bear, then a Saproling put onto the
    battlefield blocking; the order is Saproling first. Its 1 damage goes to the Saproling."""
    board = [c("warden", "ana", 1, 3), c("bear", "ben", 2, 2)]
    events = [
        {"declare_attackers": {"attacks": {"warden": "ben"}}},
        {"declare_blockers": {"blocks": {"bear": "warden"}}},
        {"enters_blocking": {"id": "saproling", "controller": "ben", "power": 1, "toughness": 1}, "blocking": "warden"},
        {"damage_assignment_order": "warden", "order": ["saproling", "bear"], "by": "ana"},
    ]
    wrong = run(board, *events, {"assign_combat_damage": {"warden": {"bear": 1}}}, rules="before_foundations")
    assert codes(wrong) == [("510.1c", "order")]
    right = run(board, *events, {"assign_combat_damage": {"warden": {"saproling": 1}}}, rules="before_foundations")
    assert right.verdict == "legal" and "saproling" in right.final.state.died_ids


def test_the_picture_draws_the_damage_and_what_dies() -> None:
    from combatcheck.models import load_snapshot
    from combatcheck.render import render_timeline_svg

    path = EXAMPLES / "damage-trample-deathtouch.yaml"
    snapshot = load_snapshot(path.read_text(encoding="utf-8"))
    svg = render_timeline_svg(snapshot, follow(snapshot, lang="fr"))
    assert svg.count('class="arrow damage"') == 5  # 1 + 1 + 4 from the wurm, 2 and 1 back
    assert '<g class="panel" data-panel="damage"' in svg
    assert 'data-id="bear"' in svg and "meurt (704.5h)" in svg and "meurt (704.5g)" in svg
    illegal = load_snapshot((EXAMPLES / "damage-trample-too-soon.yaml").read_text(encoding="utf-8"))
    drawn = render_timeline_svg(illegal, follow(illegal))
    assert ">702.19b</text>" in drawn and "dies (" not in drawn


def test_the_desk_answers_a_damage_question() -> None:
    from combatcheck.desk.app import create_app
    from fastapi.testclient import TestClient

    client = TestClient(create_app(), base_url="http://127.0.0.1", raise_server_exceptions=False)
    text = (EXAMPLES / "damage-trample-too-soon.yaml").read_text(encoding="utf-8")
    answer = client.post("/api/damage?lang=es", content=text, headers={"content-type": "application/yaml"})
    assert answer.status_code == 200, answer.text
    step = answer.json()["steps"][0]
    assert answer.json()["verdict"] == "illegal" and step["judged"]["witness"]["wurm"]["ben"] == 3
    assert {"recipient": "ben", "source": "wurm", "low": 0, "high": 3, "proved": True} in step["ranges"]
    bad = client.post("/api/damage", content=text.replace("bear: 1", "bear: -1"))
    assert bad.status_code == 422
    misplaced = client.post(
        "/api/damage", content=text.replace("  - declare_blockers: {blocks: {bear: wurm, elves: wurm}}\n", "")
    )
    assert misplaced.status_code == 422 and "events[1]" in misplaced.text


JACE = {"id": "jace", "controller": "ben", "types": ["planeswalker"], "loyalty": 3}


def test_trample_over_planeswalkers_702_19c_e_f() -> None:
    """702.19c: once the planeswalker is assigned damage equal to its loyalty, the rest may go to its controller;
    702.19e: the planeswalker gone, all of it to the defending player; 702.19f: plain trample never reaches him."""
    over = [c("thrasta", "ana", 5, 5, "trample_over_planeswalkers"), JACE]
    attack = {"declare_attackers": {"attacks": {"thrasta": "jace"}}}
    ok = run(
        over, attack, {"declare_blockers": {"blocks": {}}}, {"assign_combat_damage": {"thrasta": {"jace": 3, "ben": 2}}}
    )
    assert ok.verdict == "legal" and ok.final.state.life["ben"] == 18 and "jace" in ok.final.state.died_ids
    short = run(
        over, attack, {"declare_blockers": {"blocks": {}}}, {"assign_combat_damage": {"thrasta": {"jace": 2, "ben": 3}}}
    )
    assert codes(short) == [("702.19c", "loyalty_first")]
    assert judged(short).witness["thrasta"] == {"jace": 3, "ben": 2}  # type: ignore[index]
    gone = run(
        over, attack, {"declare_blockers": {"blocks": {}}}, {"leaves_battlefield": "jace"}, {"assign_combat_damage": {}}
    )
    assert judged(gone).assignment == {"thrasta": {"ben": 5}} and gone.final.state.life["ben"] == 15
    said = [ch for m in gone.moments for ch in m.changes if isinstance(ch, AssignsDamage)]
    assert [(ch.how, ch.to, ch.rule) for ch in said] == [("planeswalker_gone", ("ben",), "702.19e")]
    plain = [c("wurm", "ana", 5, 5, "trample"), JACE]
    wrong = run(
        plain,
        {"declare_attackers": {"attacks": {"wurm": "jace"}}},
        {"declare_blockers": {"blocks": {}}},
        {"assign_combat_damage": {"wurm": {"jace": 3, "ben": 2}}},
    )
    assert codes(wrong) == [("510.1b", "unblocked")]


def test_trample_over_planeswalkers_blocked_lethal_then_loyalty() -> None:
    board = [c("thrasta", "ana", 6, 6, "trample_over_planeswalkers"), c("bear", "ben", 2, 2), JACE]
    events = [
        {"declare_attackers": {"attacks": {"thrasta": "jace"}}},
        {"declare_blockers": {"blocks": {"bear": "thrasta"}}},
    ]
    assert (
        run(board, *events, {"assign_combat_damage": {"thrasta": {"bear": 2, "jace": 3, "ben": 1}}}).verdict == "legal"
    )
    early = run(board, *events, {"assign_combat_damage": {"thrasta": {"bear": 1, "jace": 3, "ben": 2}}})
    assert sorted(codes(early)) == [("702.19b", "lethal_first"), ("702.19c", "lethal_first")]


def test_bands_with_other_pair_lets_the_defending_player_divide_702_22j() -> None:
    """702.22j's second case: blocked by both a Wolf with "bands with other Wolves" and another Wolf."""
    wolves = {"subtypes": ["wolf"]}
    board = [
        c("giant", "ana", 4, 4),
        {**c("pack", "ben", 1, 1), "subtypes": ["wolf"], "abilities": [{"bands_with_other": wolves}]},
        {**c("cub", "ben", 2, 2), "subtypes": ["wolf"]},
    ]
    events = [
        {"declare_attackers": {"attacks": {"giant": "ben"}}},
        {"declare_blockers": {"blocks": {"cub": "giant", "pack": "giant"}}},
        {"damage_assignment_order": "giant", "order": ["cub", "pack"], "by": "ana"},
        {"assign_combat_damage": {"giant": {"pack": 4}}},
    ]
    timeline = run(board, *events, rules="before_foundations")
    assert timeline.verdict == "legal" and judged(timeline).choosers["giant"] == "ben"
    board[2] = c("cub", "ben", 2, 2)  # not a Wolf: no pair, the order binds
    assert codes(run(board, *events, rules="before_foundations")) == [("510.1c", "order")]


def test_as_though_unblocked_without_blockers_may_be_declined() -> None:
    """Its blocker gone, Thorn Elemental may assign all to the player (as though unblocked) or, declining, none
    (510.1c: a blocked creature with no blockers assigns no combat damage); not a part of it."""
    board = [c("thorn", "ana", 7, 7, "may_assign_damage_as_though_unblocked"), c("bear", "ben", 2, 2)]
    events = [
        {"declare_attackers": {"attacks": {"thorn": "ben"}}},
        {"declare_blockers": {"blocks": {"bear": "thorn"}}},
        {"leaves_battlefield": "bear"},
    ]
    assert run(board, *events, {"assign_combat_damage": {"thorn": {"ben": 7}}}).final.state.life["ben"] == 13
    declined = run(board, *events, {"assign_combat_damage": {"thorn": {}}})
    assert declined.verdict == "legal" and declined.final.state.life["ben"] == 20
    assert codes(run(board, *events, {"assign_combat_damage": {"thorn": {"ben": 3}}})) == [("510.1a", "amount")]


def test_losing_double_strike_between_the_steps_702_4c() -> None:
    board = [c("knight", "ana", 2, 2, "double_strike")]
    events = [
        {"declare_attackers": {"attacks": {"knight": "ben"}}},
        {"declare_blockers": {"blocks": {}}},
        {"assign_combat_damage": {}},
        {"change": "knight", "loses": ["double_strike"]},
        {"assign_combat_damage": {"knight": {"ben": 2}}},
    ]
    timeline = run(board, *events)
    assert [(f.rule, f.code) for f in judged_at(timeline, 4).findings] == [("510.4", "not_this_step")]
    kept = run(board, *events[:4], {"assign_combat_damage": {}})
    assert kept.verdict == "legal" and kept.final.state.life["ben"] == 18


def test_a_declare_blockers_snapshot_asks_about_its_damage_step(tmp_path: Path) -> None:
    """`combatcheck damage` on a board whose blocks are declared (no events): how much can go through."""
    path = tmp_path / "blocks.yaml"
    path.write_text(
        "active_player: ana\nplayers: [ana, ben]\npermanents:\n"
        "  - {id: wurm, controller: ana, power: 6, toughness: 6, abilities: [trample], attacking: ben}\n"
        "  - {id: bear, controller: ben, power: 2, toughness: 2}\n"
        "declaration: {blocks: {bear: wurm}}\n",
        encoding="utf-8",
    )
    result = runner.invoke(app, ["damage", str(path), "--ranges", "--json"])
    assert result.exit_code == 0, result.output
    ranges_found = {
        (r["recipient"], r["source"]): (r["low"], r["high"]) for r in json.loads(result.output)["steps"][0]["ranges"]
    }
    assert ranges_found[("ben", "wurm")] == (0, 4) and ranges_found[("bear", "wurm")] == (2, 6)


def test_a_creature_planeswalker_dealt_damage_has_it_marked_and_loses_loyalty_120_3c_e() -> None:
    """120.3: the results for each of its types apply: marked as a creature (120.3e), loyalty counters removed as a
    planeswalker (120.3c); at loyalty 0 it is put into the graveyard (704.5i) though the damage isn't lethal."""
    walker = {"id": "pw", "controller": "ben", "types": ["planeswalker", "creature"], "power": 4, "toughness": 4}
    board = [c("giant", "ana", 3, 3), walker | {"loyalty": 3}]
    events = [
        {"declare_attackers": {"attacks": {"giant": "ben"}}},
        {"declare_blockers": {"blocks": {"pw": "giant"}}},
        {"assign_combat_damage": {"giant": {"pw": 3}}},
    ]
    timeline = run(board, *events)
    dealt = next(ch for ch in timeline.final.changes if isinstance(ch, DamageDealt) and ch.recipient == "pw")
    assert (dealt.result, dealt.loyalty_removed, dealt.rule) == ("marked", 3, "120.3c, 120.3e")
    assert "pw" in timeline.final.state.died_ids
    assert any(isinstance(ch, StateBasedAction) and ch.rule == "704.5i" for ch in timeline.final.changes)
