"""The judge's questions on hand-made boards: can X block / attack, how many legal declarations, what is forced."""

from __future__ import annotations

from pathlib import Path

import pytest
from combatcheck.models import Snapshot, load_snapshot
from combatcheck.solver import QuestionError, can_attack, can_block, check, count_declarations, forced_choices
from helpers import attack_board, attacker, blocker, board, creature

EXAMPLES = Path(__file__).parent.parent / "examples"


def _example(name: str) -> Snapshot:
    return load_snapshot((EXAMPLES / name).read_text())


def test_509_1c_each_creature_can_block_only_together() -> None:
    snapshot = load_snapshot((EXAMPLES / "cr-509.1c-menace.yaml").read_text())
    for blocker_id in ("sentry", "bear"):
        answer = can_block(snapshot, blocker_id, "brute")
        assert answer.answer == "yes"
        assert answer.declaration is not None
        assert answer.declaration.block_pairs() == [("bear", "brute"), ("sentry", "brute")]
    counted = count_declarations(snapshot)
    assert (counted.status, counted.count, counted.text) == ("exact", 1, "1 legal declaration")
    forced = forced_choices(snapshot)
    assert {(c.actor, c.target) for c in forced.always} == {("sentry", "brute"), ("bear", "brute")}
    assert forced.never == []


def test_menace_with_one_possible_blocker_names_the_restriction() -> None:
    snapshot = board(attacker("brute", "menace"), blocker("bear"), blocker("bird", tapped=True))
    answer = can_block(snapshot, "bear", "brute", lang="fr")
    assert answer.answer == "no"
    assert [f.key for f in answer.forbidden_by] == ["menace"]
    assert answer.text.startswith("Non : si ") and "restriction" in answer.text
    never = forced_choices(snapshot).never
    assert {(c.actor, c.target) for c in never} == {("bear", None), ("bird", None), (None, "brute")}
    tapped = next(c for c in never if c.actor == "bird")
    assert [r.key for r in tapped.reasons] == ["untapped_creature_blocks"]


def test_a_pair_restriction_forbids_the_choice_directly() -> None:
    snapshot = board(attacker("bird", "flying"), blocker("bear"))
    answer = can_block(snapshot, "bear", "bird", lang="es")
    assert answer.answer == "no" and [f.key for f in answer.forbidden_by] == ["flying"]
    assert answer.text.startswith("No: si ")
    english = can_block(snapshot, "bear", "bird").text  # the same sentence as in French and Spanish
    assert english.startswith("No: if ") and english.endswith(", a restriction is broken"), english


def test_a_choice_that_costs_a_requirement_names_it() -> None:
    # Lure: the bear must block the lured attacker, so blocking the other one costs a requirement.
    snapshot = board(attacker("lure", "all_able_must_block_it"), attacker("other"), blocker("bear"))
    answer = can_block(snapshot, "bear", "other")
    assert answer.answer == "no"
    assert (answer.requirements_with_choice, answer.requirements_optimum) == (0, 1)
    assert [f.key for f in answer.missed_requirements] == ["all_able_must_block_it"]
    assert "at most 0 requirements are obeyed; a legal declaration obeys 1" in answer.text
    assert can_block(snapshot, "bear", "lure").answer == "yes"


def test_the_declaration_found_is_nearest_to_the_proposal_and_legal() -> None:
    snapshot = board(attacker("a1"), attacker("a2"), blocker("b1"), blocker("b2"), blocks={"b2": "a2"})
    answer = can_block(snapshot, "b1", "a1")
    assert answer.declaration is not None
    assert sorted(answer.declaration.block_pairs()) == [("b1", "a1"), ("b2", "a2")]
    assert check(snapshot.model_copy(update={"declaration": answer.declaration})).verdict == "legal"


def test_a_choice_with_a_cost_is_possible_by_paying() -> None:
    snapshot = _example("block-cost.yaml")
    answer = can_block(snapshot, "toll", "knight")
    assert (answer.answer, answer.cost) == ("yes", "{1}{W}")
    assert answer.text.startswith("Yes, by paying {1}{W}")
    counted = count_declarations(snapshot)
    # no block, the Toll Guard paid for, the Eager Blocker paid for (then held to its requirement), or both
    assert (counted.count, counted.paying) == (4, 3) and counted.declarations[0].blocks == {}
    assert counted.text == "4 legal declarations (3 of them pay a cost)"


def test_can_attack_and_attack_requirements() -> None:
    snapshot = attack_board(
        creature("goaded", {"goaded_by": ["ben"]}),
        creature("wall", "defender"),
        players=["ana", "ben", "cai"],
    )
    assert can_attack(snapshot, "goaded", "cai").answer == "yes"
    blocked = can_attack(snapshot, "goaded", "ben")
    assert blocked.answer == "no" and [f.key for f in blocked.missed_requirements] == ["goad"]
    assert [f.key for f in can_attack(snapshot, "wall", "ben").forbidden_by] == ["defender"]
    forced = forced_choices(snapshot)
    assert {(c.actor, c.target) for c in forced.always} == {("goaded", "cai")}
    assert {(c.actor, c.target) for c in forced.never} == {("wall", None), (None, "ben")}
    assert [c.text for c in forced.never] == ["wall attacks", "ben is attacked"]
    assert count_declarations(snapshot).count == 1


def test_count_stops_at_the_limit() -> None:
    # Three attackers and four free blockers, no requirement: 4^4 = 256 legal declarations.
    snapshot = board(*(attacker(f"a{i}") for i in range(3)), *(blocker(f"b{i}") for i in range(4)))
    assert count_declarations(snapshot, limit=1000).count == 256
    more = count_declarations(snapshot, limit=100, show=5, lang="es")
    assert (more.status, more.count, more.text) == ("more", 100, "más de 100 declaraciones legales")
    assert len(more.declarations) == 5 and more.declarations[0].blocks == {}


def test_plural_forms_follow_the_count() -> None:
    snapshot = board(attacker("a"), blocker("b"))
    assert count_declarations(snapshot, lang="fr").text == "2 déclarations légales"
    sole = board(attacker("a", "must_be_blocked_if_able"), blocker("b"))
    assert count_declarations(sole, lang="fr").text == "1 déclaration légale"
    assert count_declarations(sole, lang="es").text == "1 declaración legal"


def test_count_words_for_one_and_for_none_found() -> None:
    """ "More than one" in words ("plus d'une", not "plus de 1"); a count stopped before finding any says so, not
    "at least 0"."""
    snapshot = board(attacker("a"), blocker("b"))
    texts = {lang: count_declarations(snapshot, limit=1, lang=lang).text for lang in ("en", "fr", "es")}
    assert texts == {
        "en": "more than one legal declaration",
        "fr": "plus d'une déclaration légale",
        "es": "más de una declaración legal",
    }
    stopped = {lang: count_declarations(snapshot, lang=lang, time_limit=0) for lang in ("en", "fr", "es")}
    assert {a.status for a in stopped.values()} == {"unknown"} and {a.count for a in stopped.values()} == {0}
    assert stopped["en"].text == "unknown: the time limit was reached before a legal declaration was found"
    assert stopped["fr"].text.startswith("inconnu : la limite de temps a été atteinte avant")
    assert stopped["es"].text.startswith("desconocido: se alcanzó el límite de tiempo antes")


def test_questions_reject_unknown_ids_and_the_wrong_step() -> None:
    snapshot = board(attacker("a"), blocker("b"))
    with pytest.raises(QuestionError, match="blocker: 'nobody'"):
        can_block(snapshot, "nobody", "a")
    with pytest.raises(QuestionError, match="attacker: 'b' is not an attacking creature"):
        can_block(snapshot, "a", "b")
    with pytest.raises(QuestionError, match="declare_attackers step"):
        can_attack(snapshot, "a", "ben")


def test_cli_questions_exit_codes_and_json() -> None:
    import json

    from combatcheck.cli import app
    from typer.testing import CliRunner

    runner = CliRunner()
    menace = str(EXAMPLES / "cr-509.1c-menace.yaml")
    yes = runner.invoke(app, ["can-block", menace, "bear", "brute", "--lang", "fr"])
    assert yes.exit_code == 0 and yes.output.startswith("Oui : Grizzly Bears (bear) bloque Boggart Brute (brute)")
    alone = str(EXAMPLES / "cr-509.1b-flying-shadow.yaml")
    answer = json.loads(runner.invoke(app, ["can-block", alone, "--json", *_first_forbidden(alone)]).output)
    assert answer["answer"] == "no" and answer["forbidden_by"]
    counted = runner.invoke(app, ["count", menace, "--json"])
    assert counted.exit_code == 0 and json.loads(counted.output)["count"] == 1
    forced = runner.invoke(app, ["forced", menace, "--lang", "es"])
    assert forced.exit_code == 0 and "Toda declaración legal:" in forced.output
    bad = runner.invoke(app, ["can-block", menace, "ghost", "brute"])
    assert bad.exit_code == 2 and "blocker: 'ghost' is not a permanent" in bad.output
    wrong_step = runner.invoke(app, ["can-attack", menace, "bear", "ana"])
    assert wrong_step.exit_code == 2 and "declare_attackers step" in wrong_step.output


def _first_forbidden(path: str) -> list[str]:
    """A (blocker, attacker) pair of the example that a pair restriction forbids."""
    snapshot = load_snapshot(Path(path).read_text())
    for blocker_perm in snapshot.permanents:
        for attacker_perm in snapshot.permanents:
            if attacker_perm.attacking and not blocker_perm.attacking:
                answer = can_block(snapshot, blocker_perm.id, attacker_perm.id)
                if answer.forbidden_by:
                    return [blocker_perm.id, attacker_perm.id]
    raise AssertionError("no forbidden pair")
