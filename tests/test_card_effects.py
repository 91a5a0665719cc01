"""Named cards act on the board (issue 21 §2): attachments (`attached_to`) and static abilities on other objects."""

from __future__ import annotations

import json
from typing import Any

import pytest
from combatcheck.combat import follow, judge
from combatcheck.combat.narration import timeline_lines
from combatcheck.models import SnapshotError, snapshot_from_data
from combatcheck.models.applying import applied
from combatcheck.models.effects import GrantEffect
from combatcheck.solver import can_attack, check, count_declarations, forced_choices, report_lines, solve
from combatcheck.solver.board import Board
from combatcheck.solver.question_words import answer_lines


def snap(*permanents: dict[str, Any], step: str = "declare_blockers", **extra: Any) -> Any:
    data: dict[str, Any] = {"step": step, "active_player": "ana", "players": ["ana", "ben"]}
    data.update(permanents=list(permanents), **extra)
    return snapshot_from_data(data)


def attacks(*permanents: dict[str, Any], attacks: dict[str, str], **extra: Any) -> Any:
    return snap(*permanents, step="declare_attackers", declaration={"attacks": attacks}, **extra)


def problem_codes(*permanents: dict[str, Any]) -> list[tuple[str, str]]:
    with pytest.raises(SnapshotError) as caught:
        snap(*permanents)
    return [(p.path, p.code) for p in caught.value.problems]


# -- attachments ----------------------------------------------------------------------------------------------------
UNICORN = {"id": "unicorn", "card": "Prized Unicorn", "controller": "ana", "attacking": "ben"}
BEAR = {"id": "bear", "card": "Grizzly Bears", "controller": "ben"}


def test_lure_attached_makes_the_bears_block() -> None:
    lure = {"id": "lure", "card": "Lure", "controller": "ana", "attached_to": "unicorn"}
    plain = {**UNICORN, "card": "Grizzly Bears", "id": "unicorn"}
    assert check(snap(plain, lure, BEAR, declaration={"blocks": {}})).verdict == "illegal"
    assert check(snap(plain, lure, BEAR, declaration={"blocks": {"bear": "unicorn"}})).verdict == "legal"
    assert check(snap(plain, BEAR, declaration={"blocks": {}})).verdict == "legal"  # without Lure: no requirement


def test_pacifism_attached_stops_the_attack_and_only_that_creature() -> None:
    ogre = {"id": "ogre", "card": "Hill Giant", "controller": "ana"}
    bear = {"id": "bear", "card": "Grizzly Bears", "controller": "ana"}
    pacifism = {"id": "pac", "card": "Pacifism", "controller": "ben", "attached_to": "ogre"}
    assert check(attacks(ogre, bear, pacifism, attacks={"ogre": "ben"})).verdict == "illegal"
    assert check(attacks(ogre, bear, pacifism, attacks={"bear": "ben"})).verdict == "legal"


def test_equipment_grants_to_the_equipped_creature() -> None:
    bear = {"id": "bear", "card": "Grizzly Bears", "controller": "ana", "entered_this_turn": True}
    greaves = {"id": "greaves", "card": "Lightning Greaves", "controller": "ana", "attached_to": "bear"}
    assert check(attacks(bear, attacks={"bear": "ben"})).verdict == "illegal"  # summoning sick (302.6)
    assert check(attacks(bear, greaves, attacks={"bear": "ben"})).verdict == "legal"  # haste from the Greaves


def test_an_equipment_that_goads_goads_for_its_controller() -> None:
    # Bloodthirsty Blade: "Equipped creature ... is goaded" by the Blade's controller (701.38a), here ben
    bear = {"id": "bear", "card": "Grizzly Bears", "controller": "ana"}
    blade = {"id": "blade", "card": "Bloodthirsty Blade", "controller": "ben", "attached_to": "bear"}

    def verdict(declared: dict[str, str], *board: dict[str, Any]) -> str:
        return check(attacks(*board, attacks=declared, players=["ana", "ben", "cal"])).verdict

    assert verdict({}, bear, blade) == "illegal"  # 701.38b: it attacks each combat if able
    assert verdict({"bear": "ben"}, bear, blade) == "illegal"  # ... a player other than ben, if able
    assert verdict({"bear": "cal"}, bear, blade) == "legal"
    assert verdict({}, bear) == "legal"  # without the Blade: no requirement


def test_a_phased_out_attachment_gives_nothing() -> None:
    wings = {
        "id": "wings",
        "card": "Shimmering Wings",
        "controller": "ana",
        "attached_to": "unicorn",
        "phased_out": True,
    }
    board = applied(snap(UNICORN, wings, BEAR))
    assert "flying" not in [str(a) for a in board.permanent("unicorn").abilities]


def test_a_permanent_that_lost_all_its_abilities_gives_nothing_and_leaves_nothing_unsaid() -> None:
    """613.1f: Goblin King that lost all its abilities has no static ability, so its Goblins lose mountainwalk; a
    Lure that lost them makes nobody block; and none of their texts is listed as left out, since they have none."""
    piker = {"id": "piker", "card": "Goblin Piker", "controller": "ana", "attacking": "ben"}
    mountain = {"id": "mountain", "card": "Mountain", "controller": "ben"}
    for loses in ([], ["all"]):
        king = {"id": "king", "card": "Goblin King", "controller": "ana", "loses": loses}
        report = check(snap(king, piker, mountain, BEAR, declaration={"blocks": {"bear": "piker"}}))
        assert report.verdict == ("legal" if loses else "illegal"), report  # mountainwalk (702.14c) only with it
        assert bool(report.unapplied) is not bool(loses), report.unapplied  # its +1/+1 is left out only if it has it
    plain = {**UNICORN, "card": "Grizzly Bears", "id": "unicorn"}
    lure = {"id": "lure", "card": "Lure", "controller": "ana", "attached_to": "unicorn", "loses": ["all"]}
    assert check(snap(plain, lure, BEAR, declaration={"blocks": {}})).verdict == "legal"


@pytest.mark.parametrize(
    ("attachment", "target", "code"),
    [
        ({"card": "Lure"}, {"id": "forest", "card": "Forest", "controller": "ben"}, "aura_cant_enchant"),
        ({"card": "Bonesplitter"}, {"id": "forest", "card": "Forest", "controller": "ben"}, "equipment_on_noncreature"),
        ({"card": "Grizzly Bears"}, BEAR, "not_an_attachment"),
        ({"card": "Lure"}, None, "no_permanent"),
    ],
)
def test_a_bad_attachment_is_bad_input_naming_the_field(
    attachment: dict[str, Any], target: dict[str, Any] | None, code: str
) -> None:
    target_id = target["id"] if target else "nothing"
    perm = {"id": "att", "controller": "ana", "attached_to": target_id, **attachment}
    found = problem_codes(perm, *([target] if target else []))
    assert found == [("permanents[0] (id 'att').attached_to", code)]


def test_equipment_on_a_player_is_bad_input() -> None:
    perm = {"id": "att", "card": "Bonesplitter", "controller": "ana", "attached_to": "ben"}
    assert problem_codes(perm) == [("permanents[0] (id 'att').attached_to", "attached_to_player")]


# -- static abilities on other objects --------------------------------------------------------------------------
ANGEL = {"id": "angel", "card": "Serra Angel", "controller": "ana"}


def test_propaganda_taxes_the_attack_and_names_its_source() -> None:
    report = check(attacks(ANGEL, {"id": "prop", "card": "Propaganda", "controller": "ben"}, attacks={"angel": "ben"}))
    assert report.verdict == "legal"
    assert report.outcome is not None
    assert [(c.object, c.cost, c.source) for c in report.outcome.costs] == [("angel", "{2}", "Propaganda (prop)")]


def test_propaganda_of_the_attacker_taxes_nothing() -> None:
    report = check(attacks(ANGEL, {"id": "prop", "card": "Propaganda", "controller": "ana"}, attacks={"angel": "ben"}))
    assert report.outcome is not None and report.outcome.costs == []


@pytest.mark.parametrize(("enchantments", "cost"), [(1, "{1}"), (3, "{3}")])
def test_sphere_of_safety_counts_x_on_the_board(enchantments: int, cost: str) -> None:
    others = [{"id": f"e{i}", "card": "Pacifism", "controller": "ben"} for i in range(enchantments - 1)]
    sphere = {"id": "sphere", "card": "Sphere of Safety", "controller": "ben"}
    report = check(attacks(ANGEL, sphere, *others, attacks={"angel": "ben"}))
    assert report.outcome is not None and [c.cost for c in report.outcome.costs] == [cost]


def test_collective_restraint_counts_basic_land_types() -> None:
    lands = [{"id": n, "card": n.title(), "controller": "ben"} for n in ("forest", "island", "plains")]
    lands.append({"id": "forest2", "card": "Forest", "controller": "ben"})
    restraint = {"id": "cr", "card": "Collective Restraint", "controller": "ben"}
    report = check(attacks(ANGEL, restraint, *lands, attacks={"angel": "ben"}))
    assert report.outcome is not None and [c.cost for c in report.outcome.costs] == ["{3}"]


def test_silent_arbiter_and_crawlspace_limit_the_attack() -> None:
    bear = {"id": "bear", "card": "Grizzly Bears", "controller": "ana"}
    both = {"angel": "ben", "bear": "ben"}
    assert check(attacks(ANGEL, bear, attacks=both)).verdict == "legal"
    arbiter = {"id": "arbiter", "card": "Silent Arbiter", "controller": "ben"}
    assert check(attacks(ANGEL, bear, arbiter, attacks=both)).verdict == "illegal"
    assert check(attacks(ANGEL, bear, arbiter, attacks={"angel": "ben"})).verdict == "legal"
    crawl = {"id": "crawl", "card": "Crawlspace", "controller": "ben"}
    third = {"id": "third", "card": "Hill Giant", "controller": "ana"}
    assert check(attacks(ANGEL, bear, third, crawl, attacks={**both, "third": "ben"})).verdict == "illegal"


def test_moat_lets_only_fliers_attack() -> None:
    bear = {"id": "bear", "card": "Grizzly Bears", "controller": "ana"}
    moat = {"id": "moat", "card": "Moat", "controller": "ben"}
    assert check(attacks(ANGEL, bear, moat, attacks={"bear": "ben"})).verdict == "illegal"
    assert check(attacks(ANGEL, bear, moat, attacks={"angel": "ben"})).verdict == "legal"


def test_elephant_grass_black_cant_attack_nonblack_pays() -> None:
    grass = {"id": "grass", "card": "Elephant Grass", "controller": "ben"}
    knight = {"id": "knight", "card": "Hypnotic Specter", "controller": "ana"}
    assert check(attacks(knight, grass, attacks={"knight": "ben"})).verdict == "illegal"
    report = check(attacks(ANGEL, grass, attacks={"angel": "ben"}))
    assert report.outcome is not None and [c.cost for c in report.outcome.costs] == ["{2}"]


def test_bedlam_no_creature_blocks() -> None:
    bedlam = {"id": "bedlam", "card": "Bedlam", "controller": "ana"}
    attacker = {"id": "ogre", "card": "Hill Giant", "controller": "ana", "attacking": "ben"}
    assert check(snap(attacker, BEAR, bedlam, declaration={"blocks": {"bear": "ogre"}})).verdict == "illegal"
    assert check(snap(attacker, BEAR, declaration={"blocks": {"bear": "ogre"}})).verdict == "legal"


def test_a_lord_grants_to_the_others_only() -> None:
    king = {"id": "king", "card": "Goblin King", "controller": "ana"}
    goblin = {"id": "gob", "card": "Raging Goblin", "controller": "ana"}
    seen = Board(snap(king, goblin))
    assert any("landwalk" in str(a) for a in seen["gob"].abilities)
    assert not any("landwalk" in str(a) for a in seen["king"].abilities)


def test_sublime_archangel_gives_exalted_to_the_others() -> None:
    archangel = {"id": "arch", "card": "Sublime Archangel", "controller": "ana"}
    bear = {"id": "bear", "card": "Grizzly Bears", "controller": "ana"}
    report = judge(attacks(archangel, bear, attacks={"bear": "ben"}))
    assert report.triggers is not None
    exalted = [t for t in report.triggers if t.key == "exalted"]
    assert sorted(t.source for t in exalted) == ["arch", "bear"]  # its own exalted and the one it gives the Bears


def test_opponent_in_a_written_static_means_each_opponent() -> None:
    data = {
        "id": "war",
        "name": "War Tax",
        "controller": "ana",
        "types": ["enchantment"],
        "statics": [{"effect": {"grant": ["cant_block"], "to": {"controller": "opponent"}}}],
    }
    board = snap(
        data,
        BEAR,
        {"id": "own", "card": "Grizzly Bears", "controller": "ana"},
        players=["ana", "ben", "cy"],
        attack_option="multiple_players",
    )
    effects = [e for e in applied(board).effects if isinstance(e, GrantEffect)]
    assert [(e.to.controller, e.source) for e in effects] == [("ben", "war"), ("cy", "war")]


def test_applying_twice_changes_nothing() -> None:
    lure = {"id": "lure", "card": "Lure", "controller": "ana", "attached_to": "unicorn"}
    board = snap(UNICORN, lure, BEAR, {"id": "prop", "card": "Propaganda", "controller": "ben"})
    once = applied(board)
    assert applied(once) == once


# -- never silent -----------------------------------------------------------------------------------------------
KAZUUL = {"id": "kazuul", "card": "Kazuul, Tyrant of the Cliffs", "controller": "ben"}


@pytest.mark.parametrize(
    ("lang", "start"),
    [
        (
            "en",
            "LEGAL, assuming that this text of Kazuul, Tyrant of the Cliffs (kazuul) does nothing beyond what the board states",
        ),
        (
            "fr",
            "LÉGAL, en supposant que ce texte de Kazuul, Tyrant of the Cliffs (kazuul) ne fait rien de plus que ce qu'indique le plateau",
        ),
        (
            "es",
            "LEGAL, suponiendo que este texto de Kazuul, Tyrant of the Cliffs (kazuul) no hace nada más de lo que indica el tablero",
        ),
    ],
)
def test_text_not_applied_qualifies_the_verdict(lang: str, start: str) -> None:
    board = attacks(ANGEL, KAZUUL, attacks={"angel": "ben"})
    report = check(board, lang=lang)
    assert [(u.source, u.why) for u in report.unapplied] == [("kazuul", "not_understood")]
    assert report.unapplied[0].text.startswith("whenever a creature an opponent controls attacks")
    lines = report_lines(report, board)
    assert lines[0].startswith(start)
    assert "whenever a creature an opponent controls attacks" in lines[1]
    assert report.assuming is not None and lines[0].endswith(report.assuming)


def test_solve_is_qualified_too() -> None:
    report = solve(attacks(ANGEL, KAZUUL, attacks={"angel": "ben"}))
    assert [u.source for u in report.unapplied] == ["kazuul"] and report.assuming


def test_a_fully_read_board_is_not_qualified() -> None:
    report = check(attacks(ANGEL, {"id": "prop", "card": "Propaganda", "controller": "ben"}, attacks={"angel": "ben"}))
    assert report.unapplied == [] and report.assuming is None
    assert report_lines(report, attacks(ANGEL, attacks={"angel": "ben"}))[0] == "LEGAL"


def test_the_snapshot_overrides_what_is_not_applied() -> None:
    stated = {**KAZUUL, "unapplied": []}
    assert check(attacks(ANGEL, stated, attacks={"angel": "ben"})).unapplied == []
    phased = {**KAZUUL, "phased_out": True}  # 702.26b: its abilities don't exist
    assert check(attacks(ANGEL, phased, attacks={"angel": "ben"})).unapplied == []
    restated = {**KAZUUL, "abilities": []}  # the card's own text is restated by `abilities`
    assert check(attacks(ANGEL, restated, attacks={"angel": "ben"})).unapplied == []


def test_one_shot_text_of_a_named_card_is_listed() -> None:
    bident = {"id": "bident", "card": "Bident of Thassa", "controller": "ben"}
    report = check(attacks(ANGEL, bident, attacks={"angel": "ben"}))
    assert ("bident", "one_shot") in [(u.source, u.why) for u in report.unapplied]
    assert any(u.text.startswith("{1}{u}, {t}: creatures your opponents control attack") for u in report.unapplied)


def test_questions_and_the_combat_timeline_are_qualified() -> None:
    board = attacks(ANGEL, KAZUUL, attacks={"angel": "ben"})
    answer = can_attack(board, "angel", "ben")
    assert [u.source for u in answer.unapplied] == ["kazuul"]
    assert answer_lines(answer, board)[0].endswith(answer.assuming or "?")
    for other in (count_declarations(board), forced_choices(board)):
        assert [u.source for u in other.unapplied] == ["kazuul"] and other.assuming
    forced_lines = answer_lines(forced_choices(board, lang="es"), board)
    assert forced_lines[0].startswith("Suponiendo que este texto de Kazuul")
    timeline_board = snap(
        ANGEL, KAZUUL, step="declare_attackers", events=[{"declare_attackers": {"attacks": {"angel": "ben"}}}]
    )
    timeline = follow(timeline_board)
    assert [u.source for u in timeline.unapplied] == ["kazuul"]
    assert timeline_lines(timeline, timeline_board)[1].startswith("Assuming that this text of Kazuul")


def test_the_desk_api_lists_and_qualifies() -> None:
    from combatcheck.desk.app import create_app
    from fastapi.testclient import TestClient

    body = json.dumps(
        {
            "step": "declare_attackers",
            "active_player": "ana",
            "players": ["ana", "ben"],
            "permanents": [ANGEL, KAZUUL],
            "declaration": {"attacks": {"angel": "ben"}},
        }
    )
    client = TestClient(create_app(), base_url="http://127.0.0.1")
    answer = client.post(
        "/api/judge", content=body, params={"lang": "fr"}, headers={"Content-Type": "application/json"}
    )
    result = answer.json()
    assert answer.status_code == 200
    assert [u["source"] for u in result["report"]["unapplied"]] == ["kazuul"]
    assert result["lines"][0].startswith("LÉGAL, en supposant que ce texte de Kazuul")
    assert result["forced"]["assuming"] and result["count"]["assuming"]


def test_the_picture_shows_what_is_attached() -> None:
    from combatcheck.render import render_svg

    lure = {"id": "lure", "card": "Lure", "controller": "ana", "attached_to": "unicorn"}
    board = snap(UNICORN, lure, BEAR, declaration={"blocks": {"bear": "unicorn"}})
    assert ">with Lure<" in render_svg(board, check(board))
    assert ">avec Lure<" in render_svg(board, check(board, lang="fr"))


# -- conditions from the board (§3) -----------------------------------------------------------------------------
def test_unless_you_control_another_giant() -> None:
    giant = {"id": "giant", "card": "Blind-Spot Giant", "controller": "ana"}
    other = {"id": "other", "card": "Hill Giant", "controller": "ana", "tapped": True}
    assert check(attacks(giant, attacks={"giant": "ben"})).verdict == "illegal"
    report = check(attacks(giant, other, attacks={"giant": "ben"}))
    assert report.verdict == "legal" and report.unapplied == []


def test_as_long_as_you_control_counts_and_kinds() -> None:
    sunchaser = {"id": "sun", "card": "Auriok Sunchaser", "controller": "ben", "attacking": "ana"}
    artifacts = [{"id": f"a{i}", "card": "Ornithopter", "controller": "ben"} for i in range(3)]
    bear = {"id": "bear", "card": "Grizzly Bears", "controller": "ana"}
    blocks = {"blocks": {"bear": "sun"}}
    base = {"active_player": "ben", "players": ["ben", "ana"], "declaration": blocks}
    two = snapshot_from_data({**base, "permanents": [sunchaser, *artifacts[:2], bear]})
    three = snapshot_from_data({**base, "permanents": [sunchaser, *artifacts, bear]})
    assert check(two).verdict == "legal"  # two artifacts: no flying
    assert check(three).verdict == "illegal"  # three: flying, the Bears can't block it (702.9b)


def test_defending_player_controls() -> None:
    foxes = {"id": "fox", "card": "Arctic Foxes", "controller": "ana", "attacking": "ben"}
    ogre = {"id": "ogre", "card": "Hill Giant", "controller": "ben"}
    snow = {"id": "snow", "card": "Snow-Covered Forest", "controller": "ben"}
    blocks = {"blocks": {"ogre": "fox"}}
    assert check(snap(foxes, ogre, declaration=blocks)).verdict == "legal"
    assert check(snap(foxes, ogre, snow, declaration=blocks)).verdict == "illegal"


def test_level_up_needs_the_counters_and_uses_them() -> None:
    student = {"id": "student", "card": "Student of Warfare", "controller": "ana", "attacking": "ben"}
    board = snap(student, BEAR, declaration={"blocks": {}})
    report = check(board)
    sizes: list[tuple[str, str, list[str]]] = [
        ("student", "power_toughness", []),
        ("student", "power_toughness", []),
    ]  # level 2-6: 3/3, level 7+: 4/4
    assert [(u.source, u.why, u.needs) for u in report.unapplied] == [
        *sizes,
        ("student", "condition", ["counters"]),
        ("student", "condition", ["counters"]),
    ]
    leveled = applied(snap({**student, "counters": {"level": 7}}, BEAR))
    abilities = [str(a) for a in leveled.permanent("student").abilities]
    assert "double_strike" in abilities and "first_strike" not in abilities
    leveled_report = check(snap({**student, "counters": {"level": 7}}, BEAR))
    assert [(u.source, u.why, u.needs) for u in leveled_report.unapplied] == sizes  # the snapshot states its size


def test_a_turn_fact_is_needed_never_guessed() -> None:
    data = {
        "id": "x",
        "name": "Extra Turn Haste",
        "controller": "ana",
        "entered_this_turn": True,
        "conditional": [{"when": {"extra_turn": True}, "abilities": ["haste"]}],
    }
    unknown = attacks(data, attacks={"x": "ben"})
    report = check(unknown)
    assert report.verdict == "illegal" and [u.needs for u in report.unapplied] == [["turn.extra_turn"]]
    stated = attacks(data, attacks={"x": "ben"}, turn={"extra_turn": True})
    assert check(stated).verdict == "legal" and check(stated).unapplied == []
    not_extra = attacks(data, attacks={"x": "ben"}, turn={"extra_turn": False})
    assert check(not_extra).verdict == "illegal" and check(not_extra).unapplied == []


def test_during_your_turn() -> None:
    data = {
        "id": "x",
        "name": "Turn Flier",
        "controller": "ana",
        "attacking": "ben",
        "power": 2,
        "toughness": 2,
        "conditional": [{"when": {"your_turn": True}, "abilities": ["flying"]}],
    }
    mine = applied(snap(data))
    assert "flying" in [str(a) for a in mine.permanent("x").abilities]
    theirs = applied(snap({**data, "attacking": None, "controller": "ben"}))
    assert "flying" not in [str(a) for a in theirs.permanent("x").abilities]


@pytest.mark.parametrize(
    ("lang", "named"),
    [
        ("en", "(an ability given by Lure (lure))"),
        ("fr", "(capacité donnée par Lure (lure))"),
        ("es", "(habilidad otorgada por Lure (lure))"),
    ],
)
def test_a_reason_names_the_attachment_that_gives_the_ability(lang: str, named: str) -> None:
    lure = {"id": "lure", "card": "Lure", "controller": "ana", "attached_to": "unicorn"}
    plain = {**UNICORN, "card": "Grizzly Bears"}
    report = check(snap(plain, lure, BEAR, declaration={"blocks": {}}), lang=lang)
    assert [v.message.endswith(named) for v in report.violations] == [True]


def test_a_reason_names_the_lord() -> None:
    king = {"id": "king", "card": "Goblin King", "controller": "ana"}
    goblin = {"id": "gob", "card": "Raging Goblin", "controller": "ana", "attacking": "ben"}
    mountain = {"id": "mountain", "card": "Mountain", "controller": "ben"}
    report = check(snap(king, goblin, mountain, BEAR, declaration={"blocks": {"bear": "gob"}}))
    assert report.verdict == "illegal"
    assert report.violations[0].message.endswith("(an ability given by Goblin King (king))")
