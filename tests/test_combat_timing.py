"""Combat timing restrictions, every clause of 506.7 (French seed 506.6a-g)."""

from __future__ import annotations

from typing import Any

import pytest
from combat_helpers import of_kind, run

ATTACK = {"declare_attackers": {"attacks": {"ogre": "ben"}}}
NO_ATTACK: dict[str, Any] = {"declare_attackers": {}}
BLOCK: dict[str, Any] = {"declare_blockers": {}}


def ask(timing: Any, *before: Any, by: str = "ana", action: str = "cast", **extra: Any) -> Any:
    """The verdict on casting (or activating) with `timing` after the events `before`."""
    question = {action: "Something", "by": by, "timing": timing}
    timeline = run(*before, question, **extra)
    return of_kind(timeline.final.changes, "timing")[0]


@pytest.mark.parametrize(
    ("before", "allowed"),
    [((), True), (("beginning_of_combat",), True), ((NO_ATTACK,), False), ((ATTACK, BLOCK), False)],
)
def test_506_7a_before_attackers_are_declared(before: tuple[Any, ...], allowed: bool) -> None:
    verdict = ask("before attackers are declared", *before)
    assert (verdict.allowed, verdict.rule) == (allowed, "506.7a")


def test_506_7a_after_attackers_are_declared_even_if_none_were() -> None:
    assert ask("after attackers are declared", NO_ATTACK).allowed
    assert not ask("after attackers are declared", "beginning_of_combat").allowed


@pytest.mark.parametrize(
    ("before", "timing", "allowed"),
    [
        ((ATTACK,), "before blockers are declared", True),
        ((ATTACK, BLOCK), "before blockers are declared", False),
        ((ATTACK, BLOCK), "after blockers are declared", True),  # no blocker was declared (506.7b)
        ((ATTACK,), "after blockers are declared", False),
    ],
)
def test_506_7b_blockers_are_declared(before: tuple[Any, ...], timing: str, allowed: bool) -> None:
    verdict = ask(timing, *before)
    assert (verdict.allowed, verdict.rule) == (allowed, "506.7b")


SECOND_COMBAT: tuple[Any, ...] = (ATTACK, BLOCK, "end_of_combat", "beginning_of_combat", {"declare_attackers": {}})


def test_506_7c_during_combat_any_combat_phase() -> None:
    assert ask("during combat", *SECOND_COMBAT).allowed
    assert not ask("during combat").allowed
    outside = ask("during combat")
    assert outside.rule == "506.7c" and outside.reason == "not_during_combat"
    during_second = ask("during combat before blockers are declared", *SECOND_COMBAT)
    assert during_second.allowed


def test_506_7d_without_during_combat_only_the_first_combat_counts() -> None:
    verdict = ask("before blockers are declared", *SECOND_COMBAT)
    assert (verdict.allowed, verdict.rule, verdict.reason) == (False, "506.7d", "first_combat_only")
    assert ask("after blockers are declared", *SECOND_COMBAT).allowed


def test_506_7e_a_point_that_does_not_exist() -> None:
    """No attackers: "before blockers are declared" ends with the declare attackers step."""
    during = ask("before blockers are declared", NO_ATTACK)
    assert during.allowed
    after = ask("before blockers are declared", NO_ATTACK, "end_of_combat")
    assert (after.allowed, after.rule) == (False, "506.7e")
    damage = ask("before the combat damage step", NO_ATTACK, "end_of_combat")
    assert (damage.allowed, damage.rule) == (False, "506.7e")
    skipped = ask("before blockers are declared", "skip_combat")
    assert (skipped.allowed, skipped.rule, skipped.reason) == (False, "506.7e", "combat_skipped")


def test_506_7f_during_combat_after_blockers_when_the_step_is_skipped() -> None:
    verdict = ask("during combat after blockers are declared", NO_ATTACK, "end_of_combat")
    assert (verdict.allowed, verdict.rule) == (False, "506.7f")


def test_506_7g_abilities_like_spells() -> None:
    for timing, before in [("before blockers are declared", (ATTACK,)), ("during combat", ())]:
        spell = ask(timing, *before)
        ability = ask(timing, *before, action="activate")
        assert (ability.allowed, ability.reason, ability.action) == (spell.allowed, spell.reason, "activate")


def test_other_combat_points() -> None:
    assert ask("before the combat damage step", ATTACK, BLOCK).allowed
    assert not ask("before the combat damage step", ATTACK, BLOCK, "combat_damage").allowed
    assert ask("after the combat damage step", ATTACK, BLOCK, "end_of_combat").allowed
    assert ask("before the end of combat step", ATTACK, BLOCK, "combat_damage").allowed
    assert not ask("before the end of combat step", ATTACK, BLOCK, "end_of_combat").allowed
    assert not ask("before combat", "beginning_of_combat").allowed
    assert ask("after combat", ATTACK, BLOCK, "postcombat_main").allowed


def test_your_turn_and_a_named_step() -> None:
    assert not ask("during your turn, before attackers are declared", by="ben").allowed
    assert ask("during your turn, before attackers are declared").allowed
    assert ask({"during_step": "end_of_combat"}, ATTACK, BLOCK, "end_of_combat").allowed
    assert not ask({"during_step": "end_of_combat"}, ATTACK, BLOCK).allowed


def test_the_old_rules_cite_the_seed_numbers() -> None:
    verdict = ask("before blockers are declared", ATTACK, BLOCK, rules="before_foundations")
    assert (verdict.rule, verdict.edition) == ("506.6b", "before_foundations")


def test_a_forbidden_cast_makes_the_timeline_illegal_but_it_goes_on() -> None:
    question = {"cast": "Berserk", "by": "ana", "timing": "before the combat damage step"}
    timeline = run(ATTACK, BLOCK, "combat_damage", question, "end_of_combat")
    assert timeline.verdict == "illegal"
    assert timeline.stopped_at is None
    assert timeline.final.state.step == "end_of_combat"
