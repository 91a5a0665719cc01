"""`combatcheck.combat.judge`: the verdict of `solver.check` (or `solve`) with the triggers of a legal declaration —
the one call the CLI, the desk and `batch --triggers` make."""

from __future__ import annotations

from combatcheck.combat import judge
from combatcheck.combat.triggers import may_trigger, with_triggers
from combatcheck.solver import check, solve
from helpers import attack_board, attacker, blocker, board, creature


def test_judge_is_check_plus_the_triggers() -> None:
    snapshot = board(attacker("a", {"rampage": 2}), blocker("b1"), blocker("b2"), blocks={"b1": "a", "b2": "a"})
    report = judge(snapshot, lang="es")
    expected = with_triggers(check(snapshot, lang="es"), snapshot)
    assert report.model_dump(exclude={"solver"}) == expected.model_dump(exclude={"solver"})
    (rampage,) = report.triggers or []
    assert rampage.key == "rampage" and rampage.controller == "ana" and rampage.times == 1
    assert check(snapshot).triggers is None  # the solver alone knows nothing of triggers


def test_find_solves_and_reports_the_triggers_of_the_declaration_found() -> None:
    snapshot = board(attacker("a", "whenever_becomes_blocked"), blocker("b", "blocks_each_combat_if_able"))
    report = judge(snapshot, find=True)
    assert report.verdict == "legal" and solve(snapshot).witness == report.witness
    assert [t.key for t in report.triggers or []] == ["becomes_blocked"]


def test_an_illegal_declaration_triggers_nothing_and_a_quiet_board_an_empty_list() -> None:
    illegal = board(attacker("a", "flying", {"rampage": 1}), blocker("b"), blocks={"b": "a"})
    assert judge(illegal).verdict == "illegal" and judge(illegal).triggers is None
    quiet = board(attacker("a"), blocker("b"), blocks={"b": "a"})
    assert not may_trigger(quiet) and judge(quiet).triggers == []


def test_an_ability_granted_by_an_effect_triggers() -> None:
    """The quick check that skips boards without trigger abilities sees abilities granted by effects too."""
    snapshot = attack_board(
        creature("c"),
        creature("d"),
        attacks={"c": "ben"},
        effects=[{"grant": ["exalted"], "to": {"types": ["creature"]}}],
    )
    assert may_trigger(snapshot)
    found = judge(snapshot).triggers or []
    assert [(t.key, t.source) for t in found] == [("exalted", "c"), ("exalted", "d")]
