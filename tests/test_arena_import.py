"""`combatcheck import arena`: MTG Arena Player.log files to batch records, and the audit of those records."""

from __future__ import annotations

import gzip
import json
from pathlib import Path
from typing import Any

import pytest
from arena_logs import LogWriter, card, from_tracker_state, two_turn_game
from combatcheck.batch import BatchOptions, run_batch
from combatcheck.cli import app
from combatcheck.importers.arena import ImportOptions, ImportUsageError, import_logs
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

DATA = Path(__file__).parent / "data" / "arena"
MATCH = "2c67eed8-5866-416d-baf2-1606545b1b13"


def run_import(tmp_path: Path, text: str | bytes, **options: Any) -> tuple[list[dict[str, Any]], Any]:
    log = tmp_path / "Player.log"
    log.write_bytes(text.encode() if isinstance(text, str) else text)
    out = tmp_path / "records.jsonl"
    summary = import_logs([log], out, ImportOptions(overwrite=True, **options))
    return [json.loads(line) for line in out.read_text().splitlines()], summary


def by_id(records: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    return {r["id"]: r for r in records}


def perm(record: dict[str, Any], pid: str) -> dict[str, Any]:
    return next(p for p in record["permanents"] if p["id"] == pid)


def audit(tmp_path: Path, records_file: Path) -> Any:
    return run_batch([str(records_file)], tmp_path / "results.jsonl", BatchOptions(workers=1, overwrite=True))


# -- a known game --------------------------------------------------------------------------------------------
def test_known_game_gives_every_declaration_of_both_players_with_its_board(tmp_path: Path) -> None:
    records, summary = run_import(tmp_path, two_turn_game().text())
    found = by_id(records)
    assert list(found) == [
        "2c67eed8-g1-t3-attackers",
        "2c67eed8-g1-t3-blockers",
        "2c67eed8-g1-t4-attackers",
        "2c67eed8-g1-t4-blockers",
    ]
    attack = found["2c67eed8-g1-t3-attackers"]
    assert attack["step"] == "declare_attackers" and attack["active_player"] == "p1"
    assert attack["players"] == ["p1", "p2"]
    assert attack["declaration"] == {"attacks": {"i101": "p2"}}
    assert perm(attack, "i101") == {
        "id": "i101",
        "name": "Arena #70101",
        "controller": "p1",
        "types": ["creature"],
        "subtypes": ["drake"],
        "colors": ["blue"],
        "power": 2,
        "toughness": 2,
        "abilities": ["flying"],
    }  # the board before the declaration: not yet tapped
    assert perm(attack, "i102")["entered_this_turn"] is True
    assert perm(attack, "i202")["abilities"] == ["defender"] and perm(attack, "i202")["power"] == 0
    assert perm(attack, "i103") == {
        "id": "i103",
        "name": "Arena #70103",
        "controller": "p1",
        "types": ["land"],
        "subtypes": ["island"],
    }  # its mana ability is known to have no bearing on combat
    assert attack["source"]["game"] == f"{MATCH}#1" and attack["source"]["turn"] == 3
    assert attack["source"]["seat"] == 1 and attack["source"]["log_owner_seat"] == 1
    assert attack["source"]["arena"] == {"request": True, "seat": 1, "legal_attackers": {"i101": ["p2"]}}
    assert attack["expected"] == "legal" and attack["fidelity"] == {"complete": True, "problems": []}
    no_blocks = found["2c67eed8-g1-t3-blockers"]
    assert no_blocks["declaration"] == {"blocks": {}} and no_blocks["source"]["seat"] == 2
    assert perm(no_blocks, "i101")["attacking"] == "p2" and perm(no_blocks, "i101")["tapped"] is True
    assert no_blocks["source"]["arena"] == {"request": False}  # the opponent's decision: no request (pitfall 4)
    block = found["2c67eed8-g1-t4-blockers"]
    assert block["declaration"] == {"blocks": {"i102": "i201"}}
    assert perm(block, "i201")["attacking"] == "p1"
    assert summary.records == 4 and summary.by_step == {"declare_attackers": 2, "declare_blockers": 2}
    assert summary.games == 1 and summary.partial_records == 0 and summary.with_request == 2


def test_diffs_replace_objects_whole_so_an_untapped_permanent_is_untapped(tmp_path: Path) -> None:
    """Pitfall 3: the drake attacked (tapped) on turn 3 and is sent again on turn 4 without `isTapped`."""
    records, _ = run_import(tmp_path, two_turn_game().text())
    turn4 = by_id(records)["2c67eed8-g1-t4-attackers"]
    assert "tapped" not in perm(turn4, "i101")
    assert "entered_this_turn" not in perm(turn4, "i102")


def test_a_request_belongs_to_its_turn(tmp_path: Path) -> None:
    """Pitfall 2: turn 3's attack request is not applied to the opponent's attack on turn 4."""
    records, _ = run_import(tmp_path, two_turn_game().text())
    assert by_id(records)["2c67eed8-g1-t4-attackers"]["source"]["arena"] == {"request": False}


def test_first_block_request_with_the_union_of_offered_and_selected_pairs(tmp_path: Path) -> None:
    """Pitfall 1: a pair already selected is listed under `selectedAttackerInstanceIds` only; later re-sends are
    ignored."""
    log = LogWriter(owner=2)
    bear, ogre = card(101, 1, attacking=2), card(102, 1, attacking=2)
    wall, cub = card(201, 2), card(202, 2)
    log.state(turn=5, active=1, phase="Phase_Combat", step="Step_DeclareBlock", objects=(bear, ogre, wall, cub),
              full=True, match_id=MATCH)  # fmt: skip
    log.block_request({201: [101], 202: [101, 102]}, selected={201: [102]})
    log.block_request({202: [101]}, selected={201: [102], 202: [102]})
    log.state(
        turn=5, active=1, phase="Phase_Combat", step="Step_DeclareBlock", objects=(card(201, 2, blocking=(102,)),)
    )
    log.state(turn=5, active=1, phase="Phase_Combat", step="Step_CombatDamage")
    records, _ = run_import(tmp_path, log.text())
    (block,) = records
    assert block["source"]["arena"]["legal_blocks"] == {"i201": ["i101", "i102"], "i202": ["i101", "i102"]}
    assert block["declaration"] == {"blocks": {"i201": "i102"}}


def test_no_blocks_when_the_game_goes_straight_to_damage(tmp_path: Path) -> None:
    """Pitfall 5: no declare blockers step in the log, attackers reach combat damage: a "no blocks" record."""
    log = LogWriter(owner=1)
    log.state(turn=2, active=2, phase="Phase_Combat", step="Step_BeginCombat",
              objects=(card(201, 2), card(101, 1, tapped=True)), full=True, match_id=MATCH)  # fmt: skip
    log.state(turn=2, active=2, phase="Phase_Combat", step="Step_DeclareAttack", objects=(card(201, 2, attacking=1),))
    log.state(turn=2, active=2, phase="Phase_Combat", step="Step_CombatDamage")
    log.state(turn=2, active=2, phase="Phase_Combat", step="Step_EndCombat")
    records, _ = run_import(tmp_path, log.text())
    assert [(r["step"], r["declaration"]) for r in records] == [
        ("declare_attackers", {"attacks": {"i201": "p1"}}),
        ("declare_blockers", {"blocks": {}}),
    ]


def test_no_attack_gives_an_attack_record_and_no_block_record(tmp_path: Path) -> None:
    log = LogWriter(owner=1)
    log.state(turn=1, active=1, phase="Phase_Main1", objects=(card(101, 1, sick=True),), full=True, match_id=MATCH)
    log.state(turn=1, active=1, phase="Phase_Combat", step="Step_DeclareAttack")
    log.state(turn=1, active=1, phase="Phase_Combat", step="Step_EndCombat")
    records, _ = run_import(tmp_path, log.text())
    assert [(r["step"], r["declaration"]) for r in records] == [("declare_attackers", {"attacks": {}})]


def test_an_attack_taken_back_before_submitting_is_not_declared(tmp_path: Path) -> None:
    log = LogWriter(owner=1)
    log.state(turn=3, active=1, phase="Phase_Combat", step="Step_DeclareAttack", objects=(card(101, 1), card(102, 1)),
              full=True, match_id=MATCH)  # fmt: skip
    clicked = dict(card(101, 1), attackState="AttackState_Declared", attackInfo={"targetId": 2})
    log.state(turn=3, active=1, phase="Phase_Combat", step="Step_DeclareAttack", objects=(clicked,))
    log.state(turn=3, active=1, phase="Phase_Combat", step="Step_DeclareAttack", objects=(card(101, 1),))
    log.state(turn=3, active=1, phase="Phase_Combat", step="Step_DeclareAttack", objects=(card(102, 1, attacking=2),))
    log.state(turn=3, active=1, phase="Phase_Combat", step="Step_EndCombat")
    records, _ = run_import(tmp_path, log.text())
    assert records[0]["declaration"] == {"attacks": {"i102": "p2"}}


def test_2020_log_format_gives_the_same_records(tmp_path: Path) -> None:
    """2020 logs list ability ids in `abilities`, 2021+ logs in `uniqueAbilities`; the records are the same."""
    new, _ = run_import(tmp_path, two_turn_game(fmt=2026).text())
    old, _ = run_import(tmp_path, two_turn_game(fmt=2020).text())
    strip = [{k: v for k, v in r.items() if k != "source"} for r in new]
    assert strip == [{k: v for k, v in r.items() if k != "source"} for r in old]


# -- fidelity ------------------------------------------------------------------------------------------------
def test_unknown_ability_ids_are_reported_per_object(tmp_path: Path) -> None:
    log = LogWriter(owner=1)
    log.state(turn=3, active=1, phase="Phase_Combat", step="Step_DeclareAttack",
              objects=(card(101, 1, abilities=(9, 137, 174013)), card(201, 2, abilities=(86918,))),
              full=True, match_id=MATCH)  # fmt: skip
    log.state(turn=3, active=1, phase="Phase_Combat", step="Step_EndCombat")
    (record,), summary = run_import(tmp_path, log.text())
    assert perm(record, "i101")["abilities"] == ["haste"]
    assert record["fidelity"]["complete"] is False
    assert record["fidelity"]["problems"] == [
        {"kind": "unknown_abilities", "message": "ability ids the importer can't read", "objects": ["i101"],
         "ids": [174013]},
        {"kind": "unknown_abilities", "message": "ability ids the importer can't read", "objects": ["i201"],
         "ids": [86918]},
    ]  # fmt: skip
    assert summary.partial_records == 1 and summary.partial_games == 1


def test_a_log_joined_mid_game_says_the_board_is_incomplete(tmp_path: Path) -> None:
    """The real 2026 sample (diffs only, from turn 6 upkeep) plus the lines that end its attack step."""
    text = (DATA / "player_log_stack_order_20261019.log").read_text()
    log = LogWriter(owner=2)
    log.lines = []
    log.state_id = 145
    mouse = card(294, 2, grp=91668, subtypes=("Mouse", "Warrior"), colors=("Red",), power=4, toughness=4,
                 abilities=(9, 137, 174013), tapped=True, attacking=1)  # fmt: skip
    log.battlefield = [303, 298, 294, 293, 286, 281, 279]
    log.state(turn=6, active=2, phase="Phase_Combat", step="Step_DeclareAttack", objects=(mouse,))
    log.state(turn=6, active=2, phase="Phase_Combat", step="Step_DeclareBlock")
    records, summary = run_import(tmp_path, text + log.text())
    attack = records[0]
    assert attack["source"]["arena"] == {"request": True, "seat": 2, "legal_attackers": {"i294": ["p1"]}}
    assert attack["declaration"] == {"attacks": {"i294": "p1"}}
    mouse_then = perm(attack, "i294")
    assert (mouse_then["power"], mouse_then["toughness"], mouse_then.get("tapped")) == (4, 4, None)  # prowess twice
    assert mouse_then["abilities"] == ["haste"] and mouse_then["subtypes"] == ["mouse", "warrior"]
    problems = {p["kind"]: p for p in attack["fidelity"]["problems"]}
    assert problems["unseen_objects"]["objects"] == ["i286", "i279"]
    assert problems["unknown_abilities"]["ids"] == [174013]
    assert "no_full_state" in problems
    assert summary.unfinished_combats == 1  # the block step is cut off by the end of the log: no record


def test_missed_game_states_make_the_board_stale(tmp_path: Path) -> None:
    log = LogWriter(owner=1)
    log.state(turn=3, active=1, phase="Phase_Main1", objects=(card(101, 1),), full=True, match_id=MATCH)
    log.state(turn=3, active=1, phase="Phase_Combat", step="Step_DeclareAttack", skip=4)
    log.state(turn=3, active=1, phase="Phase_Combat", step="Step_EndCombat")
    (record,), _ = run_import(tmp_path, log.text())
    (problem,) = record["fidelity"]["problems"]
    assert problem["kind"] == "stale_board" and "missing from the log" in problem["message"]


# -- bad input -----------------------------------------------------------------------------------------------
def test_truncated_log_garbage_and_no_combat_are_counted_not_fatal(tmp_path: Path) -> None:
    game = two_turn_game().text()
    lines = game.splitlines(keepends=True)
    noisy = "".join(line + "(Filename: C:/buildslave Line: 35)\n\x00\xff garbage\n" for line in lines)
    cut = noisy[: noisy.index('"BlockState_Blocking"')]  # inside the line of the turn 4 block
    records, summary = run_import(tmp_path, cut)
    assert [r["id"] for r in records] == [
        "2c67eed8-g1-t3-attackers",
        "2c67eed8-g1-t3-blockers",
        "2c67eed8-g1-t4-attackers",
    ]
    assert summary.damaged_lines == 1 and summary.unfinished_combats == 1
    other = tmp_path / "other.log"  # no event at all: not a Player.log (issue 20 item 5), and nothing is written
    other.write_text("Mono path[0] = 'C:/x'\nnothing here\n")
    summary = import_logs([other], tmp_path / "none.jsonl")
    assert summary.games == 0 and not summary.written and not (tmp_path / "none.jsonl").exists()
    assert (summary.files[0].problem or "").startswith("not an MTG Arena Player.log: the file is text without")


def test_several_matches_and_a_game_without_combat(tmp_path: Path) -> None:
    first = two_turn_game(match_id="aaaaaaaa-0000-0000-0000-000000000001")
    second = LogWriter(owner=2)
    second.room("bbbbbbbb-0000-0000-0000-000000000002")
    second.state(turn=1, active=1, phase="Phase_Main1", objects=(card(101, 1),), full=True,
                 match_id="bbbbbbbb-0000-0000-0000-000000000002")  # fmt: skip
    second.game_over(match_id="bbbbbbbb-0000-0000-0000-000000000002")
    records, summary = run_import(tmp_path, first.text() + second.text())
    assert {r["source"]["match"] for r in records} == {"aaaaaaaa-0000-0000-0000-000000000001"}
    assert summary.games == 2 and summary.games_with_combat == 1 and summary.games_without_combat == 1


def test_gzip_logs_and_a_cut_off_gzip_log(tmp_path: Path) -> None:
    data = gzip.compress(two_turn_game().text().encode())
    records, summary = run_import(tmp_path, data)
    assert len(records) == 4 and summary.files[0].problem is None
    records, summary = run_import(tmp_path, data[: len(data) // 2])
    assert summary.files[0].problem == "the gzip data ends early: the file is cut off"
    assert len(records) < 4


def test_usage_errors(tmp_path: Path) -> None:
    out = tmp_path / "records.jsonl"
    out.write_text("")
    with pytest.raises(ImportUsageError, match="exists"):
        import_logs([tmp_path / "Player.log"], out)
    with pytest.raises(ImportUsageError, match="not a directory"):
        import_logs([tmp_path / "Player.log"], tmp_path / "missing" / "r.jsonl")


# -- Arena's labels and the audit ------------------------------------------------------------------------------
def test_probe_records_label_offered_and_not_offered_declarations(tmp_path: Path) -> None:
    records, summary = run_import(tmp_path, two_turn_game().text(), probes=True)
    probes = {r["id"]: r for r in records if "probe" in r["source"]}
    assert probes["2c67eed8-g1-t3-attackers-probe1"]["declaration"] == {"attacks": {"i101": "p2", "i102": "p2"}}
    assert probes["2c67eed8-g1-t3-attackers-probe1"]["expected"] == "illegal"  # summoning sick, not offered
    assert probes["2c67eed8-g1-t4-blockers-probe1"]["declaration"] == {"blocks": {"i102": "i201", "i101": "i201"}}
    assert probes["2c67eed8-g1-t4-blockers-probe1"]["expected"] == "legal"
    assert summary.probes == {"illegal": 1, "legal": 1}


@pytest.mark.parametrize(
    ("sample", "disagreements"),
    [
        ("commander_block_20261004_103338.json", []),
        # the tracker's board kept Hare Apparent #678 after Arena had exiled it (see the samples' README)
        ("swarm_41b07b15_t23_attack_20261019.json", ["41b07b15-g1-t23-attackers-probe1"]),
    ],
)
def test_real_boards_agree_with_arenas_own_answers(tmp_path: Path, sample: str, disagreements: list[str]) -> None:
    log = from_tracker_state(json.loads((DATA / sample).read_text()))
    (tmp_path / "Player.log").write_text(log.text())
    out = tmp_path / "records.jsonl"
    import_logs([tmp_path / "Player.log"], out, ImportOptions(probes=True, max_probes=40))
    summary = audit(tmp_path, out)
    assert summary.as_expected[True] >= 7
    assert [d["id"] for d in summary.disagreements] == disagreements
    if disagreements:
        assert summary.disagreements[0]["partial_input"] is True
        assert "i678 -> p1" in summary.disagreements[0]["reason"]


def test_batch_reports_partial_input_separately(tmp_path: Path) -> None:
    log = LogWriter(owner=1)
    log.state(turn=3, active=1, phase="Phase_Combat", step="Step_DeclareAttack",
              objects=(card(101, 1, abilities=(999999,)), card(102, 1, tapped=True)), full=True,
              match_id=MATCH)  # fmt: skip
    attacking = card(101, 1, abilities=(999999,), attacking=2)
    log.state(turn=3, active=1, phase="Phase_Combat", step="Step_DeclareAttack", objects=(attacking,))
    log.state(turn=3, active=1, phase="Phase_Combat", step="Step_EndCombat")
    (tmp_path / "Player.log").write_text(log.text())
    out = tmp_path / "records.jsonl"
    import_logs([tmp_path / "Player.log"], out)
    summary = audit(tmp_path, out)
    assert summary.partial_input == {"legal": 2}  # the attack, and "no blocks"
    result = json.loads((tmp_path / "results.jsonl").read_text().splitlines()[0])
    assert result["partial_input"] is True and result["fidelity"]["problems"][0]["ids"] == [999999]
    assert summary.to_json()["partial_input"]["records"] == 2


# -- the command ---------------------------------------------------------------------------------------------
def test_command_imports_and_reports(tmp_path: Path) -> None:
    (tmp_path / "Player.log").write_text(two_turn_game().text())
    runner = CliRunner()
    out = tmp_path / "records.jsonl.gz"
    result = runner.invoke(app, ["import", "arena", str(tmp_path / "Player.log"), "--out", str(out), "--probes"])
    assert result.exit_code == 0, result.output
    assert "records: 4 (2 declare_attackers, 2 declare_blockers); 2 with Arena's request" in result.output
    assert len(gzip.decompress(out.read_bytes()).splitlines()) == 6
    again = runner.invoke(app, ["import", "arena", str(tmp_path / "Player.log"), "--out", str(out)])
    assert again.exit_code == 2 and "exists" in again.output
    missing = runner.invoke(app, ["import", "arena", str(tmp_path / "nope.log"), "--out", str(tmp_path / "r.jsonl")])
    assert missing.exit_code == 2 and "can't open" in missing.output


def test_the_documented_example_runs_as_docs_arena_says(tmp_path: Path) -> None:
    example = Path(__file__).parent.parent / "examples" / "arena" / "Player.log"
    out = tmp_path / "records.jsonl"
    summary = import_logs([example], out, ImportOptions(probes=True))
    assert (summary.records, summary.with_request, dict(summary.probes)) == (4, 2, {"illegal": 1, "legal": 1})
    audited = audit(tmp_path, out)
    assert audited.as_expected == {True: 6}


def test_qualifications_and_face_down_permanents_are_reported(tmp_path: Path) -> None:
    """Arena's Qualification annotation (QualificationType 31, "can't block" family) from an ability the record
    does not carry, and a face-down creature (no card id), make the record partial, naming the objects."""
    siren = card(201, 2, abilities=(8, 86918))
    hidden = dict(card(202, 2), grpId=0)
    note = {
        "id": 9001,
        "affectorId": 201,
        "affectedIds": [201],
        "type": ["AnnotationType_Qualification"],
        "details": [
            {"key": "QualificationType", "type": "KeyValuePairValueType_int32", "valueInt32": [31]},
            {"key": "grpid", "type": "KeyValuePairValueType_int32", "valueInt32": [86918]},
        ],
    }
    log = LogWriter(owner=2)
    log.state(turn=3, active=1, phase="Phase_Combat", step="Step_DeclareBlock",
              objects=(card(101, 1, attacking=2), siren, hidden), full=True, match_id=MATCH,
              extra={"persistentAnnotations": [note]})  # fmt: skip
    log.state(turn=3, active=1, phase="Phase_Combat", step="Step_CombatDamage")
    (record,), _ = run_import(tmp_path, log.text())
    kinds = {(p["kind"], tuple(p.get("objects", ()))) for p in record["fidelity"]["problems"]}
    assert ("qualification", ("i201",)) in kinds and ("face_down", ("i202",)) in kinds
    assert ("unknown_abilities", ("i201",)) in kinds


def test_pretty_printed_events_tokens_entering_attacking_and_2019_lines(tmp_path: Path) -> None:
    log = LogWriter(owner=1)
    log.garbage("[Client GRE]10/5/2019 8:01:02 PM: Match to 1A2B: GreToClientEvent CgQIARAB")
    log.state(turn=3, active=1, phase="Phase_Combat", step="Step_DeclareAttack", objects=(card(101, 1),),
              full=True, match_id=MATCH)  # fmt: skip
    log.state(turn=3, active=1, phase="Phase_Combat", step="Step_DeclareAttack", objects=(card(101, 1, attacking=2),))
    token = dict(card(102, 1, attacking=2), type="GameObjectType_Token")  # made by an attack trigger
    log.state(turn=3, active=1, phase="Phase_Combat", step="Step_DeclareAttack", objects=(token,))
    log.state(turn=3, active=1, phase="Phase_Combat", step="Step_DeclareBlock")
    last = json.loads(log.lines[-1])
    log.lines[-1] = json.dumps(last, indent=2)  # the same event, over many lines
    log.state(turn=3, active=1, phase="Phase_Combat", step="Step_EndCombat")
    records, summary = run_import(tmp_path, log.text())
    attack, block = records
    assert attack["declaration"] == {"attacks": {"i101": "p2"}} and attack["fidelity"]["complete"] is True
    assert perm(block, "i102")["attacking"] == "p2"  # attacking, though never declared (508.4)
    assert summary.files[0].old_format_lines == 1


KEYS = [
    "zones", "gameObjects", "players", "turnInfo", "instanceId", "zoneId", "type", "attackState", "blockInfo",
    "attackerIds", "systemSeatNumber", "gameInfo", "matchID", "gameNumber", "turnNumber", "step", "phase",
    "persistentAnnotations", "id", "details", "diffDeletedInstanceIds", "cardTypes", "uniqueAbilities", "grpId",
]  # fmt: skip


JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 300) | st.sampled_from(["", "Step_DeclareAttack", "x"]),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.sampled_from(KEYS), inner, max_size=4),
    max_leaves=12,
)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    state=st.dictionaries(st.sampled_from(KEYS), JSON, max_size=6),
    request=st.dictionaries(st.sampled_from(["attackers", "blockers", "qualifiedAttackers"]), JSON, max_size=2),
)
def test_events_of_any_shape_never_raise(tmp_path: Path, state: dict[str, Any], request: dict[str, Any]) -> None:
    log = two_turn_game()
    odd = [
        {"type": "GREMessageType_GameStateMessage", "gameStateMessage": state},
        {"type": "GREMessageType_DeclareAttackersReq", "declareAttackersReq": request},
        {"type": "GREMessageType_DeclareBlockersReq", "declareBlockersReq": request, "systemSeatIds": state},
    ]
    position = len(log.lines) // 2
    log.lines.insert(position, json.dumps({"greToClientEvent": {"greToClientMessages": odd}}))
    records, summary = run_import(tmp_path, log.text())
    assert summary.records == len(records)
