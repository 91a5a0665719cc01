"""Effects on a creature are not its abilities (113.12, 701.38b, 611.2): goad, provoke's "blocks it if able", a
spell's "can't block this turn" or "attacks this turn if able", Pacifism, Lure. Losing all abilities (Humility, Turn
to Frog, `loses: all`) doesn't remove them; it does remove the creature's own and granted abilities."""

from __future__ import annotations

from typing import Any

import pytest
from combatcheck.combat import follow
from combatcheck.models import Keyword, Permanent, SnapshotError, load_snapshot, snapshot_from_data
from combatcheck.models.abilities import PARAMETERIZED, ability_name
from combatcheck.models.changes import ABILITY_ONLY, EFFECT_ONLY
from combatcheck.solver import check
from helpers import attack_board, attacker, blocker, board, creature

HUMILITY = {"loses": "all"}


@pytest.mark.parametrize("field", ["abilities", "gains", "subject_to"])
def test_goad_survives_losing_all_abilities(field: str) -> None:
    """701.38b: goaded is a designation, not an ability; Humility leaves the goaded creature goaded. Written under
    `abilities` or `gains` as well as under `subject_to`, it is read as the effect it is."""
    goaded = creature("ogre", **{field: [{"goaded_by": "ben"}]}, **HUMILITY)
    stays_home = attack_board(goaded, attacks={}, players=["ana", "ben", "cai"])
    report = check(stays_home)
    assert report.verdict == "illegal"
    assert {v.key for v in report.violations} == {"goad"}
    assert check(attack_board(goaded, attacks={"ogre": "cai"}, players=["ana", "ben", "cai"])).verdict == "legal"


def test_provoke_survives_turn_to_frog() -> None:
    """702.39a, 611.2: provoke's resolution makes the creature block the provoker if able; Turn to Frog on the
    provoked creature afterwards doesn't undo that effect."""
    snapshot = board(
        attacker("elite"), blocker("frog", **HUMILITY, subject_to=[{"blocks_if_able": "elite"}]), blocks={}
    )
    report = check(snapshot)
    assert report.verdict == "illegal" and report.requirements_optimum == 1


@pytest.mark.parametrize(
    ("effect", "step"),
    [("cant_block", "declare_blockers"), ("attacks_each_combat_if_able", "declare_attackers")],
)
def test_a_spells_effect_survives_and_the_same_printed_ability_does_not(effect: str, step: str) -> None:
    """113.12: "target creature can't block this turn" (a spell) and "attacks this turn if able" state what the
    creature does; they are not abilities, so Humility leaves them. The same words printed on the creature are its
    ability, which Humility removes."""

    def verdict(**fields: Any) -> str:
        if step == "declare_blockers":
            return check(board(attacker("a"), blocker("b", **fields), blocks={"b": "a"})).verdict
        return check(attack_board(creature("c", **fields), attacks={})).verdict

    assert verdict(subject_to=[effect], **HUMILITY) == "illegal"
    assert verdict(abilities=[effect], **HUMILITY) == "legal"
    assert verdict(abilities=[effect]) == "illegal"


def test_lure_stated_by_an_aura_survives_humility() -> None:
    """Lure: "all creatures able to block enchanted creature do so" states a quality of the creature (113.12)."""
    lured = attacker("a", subject_to=["lure"], **HUMILITY)
    assert check(board(lured, blocker("b"), blocks={})).verdict == "illegal"


def test_losing_all_abilities_removes_an_auras_granted_ability() -> None:
    """An Aura's "enchanted creature has flying" grants an ability (113.1a), which losing all abilities removes."""
    enchanted = attacker("a", "flying", **HUMILITY)
    assert check(board(enchanted, blocker("bear"), blocks={"bear": "a"})).verdict == "legal"
    assert check(board(attacker("a", "flying"), blocker("bear"), blocks={"bear": "a"})).verdict == "illegal"


def test_a_timeline_change_that_loses_all_abilities_keeps_goad() -> None:
    """Turn to Frog on a goaded creature during combat (a `change` event with `loses: all`) leaves it goaded."""
    data = {
        "step": "declare_attackers",
        "active_player": "ana",
        "players": ["ana", "ben"],
        "permanents": [creature("ogre", "flying", {"goaded_by": "ben"})],
        "events": [{"declare_attackers": {"attacks": {"ogre": "ben"}}}, {"change": "ogre", "loses": "all"}],
    }
    ogre = follow(snapshot_from_data(data)).final.state.permanent("ogre")
    assert ogre is not None
    assert [ability_name(a) for a in ogre.abilities] == ["goaded_by"]


def test_an_ability_is_refused_as_an_effect() -> None:
    """An effect that gives flying grants an ability (113.1a): `subject_to` refuses it, naming the field."""
    text = "active_player: ana\nplayers: [ana, ben]\npermanents:\n  - {id: a, controller: ana, subject_to: [flying]}\n"
    with pytest.raises(SnapshotError) as caught:
        load_snapshot(text)
    (problem,) = caught.value.problems
    assert problem.path == "permanents[0] (id 'a').subject_to[0]"
    assert "is an ability" in problem.message
    assert "est une capacité" in problem.text("fr")


def test_the_effect_words_are_words_of_the_format() -> None:
    known = {k.value for k in Keyword} | set(PARAMETERIZED)
    assert set(EFFECT_ONLY) <= known and known >= ABILITY_ONLY
    assert not set(EFFECT_ONLY) & ABILITY_ONLY


def test_subject_to_references_are_checked() -> None:
    with pytest.raises(SnapshotError) as caught:
        snapshot_from_data(
            {
                "active_player": "ana",
                "players": ["ana", "ben"],
                "permanents": [{"id": "b", "controller": "ben", "subject_to": [{"blocks_if_able": "nobody"}]}],
            }
        )
    assert [p.path for p in caught.value.problems] == ["permanents[0] (id 'b').subject_to[0]"]


def test_subject_to_is_not_an_ability_of_the_permanent() -> None:
    p = Permanent.model_validate({"id": "x", "controller": "ana", "subject_to": ["cant_block"]})
    assert p.abilities == () and p.subject_to == (Keyword.CANT_BLOCK,)


def test_losing_all_abilities_removes_what_a_grant_effect_gives() -> None:
    """An effect that gives creatures flying ("creatures you control have flying") grants an ability (113.1a), and
    a creature that lost all its abilities (Turn to Frog, after it) has none of it; flying it gains after the loss
    is its `gains`."""
    grant = [{"grant": ["flying"], "to": {"controller": "ana"}}]
    frog = attacker("a", **HUMILITY)
    assert check(board(frog, blocker("bear"), blocks={"bear": "a"}, effects=grant)).verdict == "legal"
    assert check(board(attacker("a"), blocker("bear"), blocks={"bear": "a"}, effects=grant)).verdict == "illegal"
    regained = attacker("a", **HUMILITY, gains=["flying"])
    assert check(board(regained, blocker("bear"), blocks={"bear": "a"}, effects=grant)).verdict == "illegal"


def test_losing_all_abilities_keeps_what_a_grant_effect_states() -> None:
    """113.12: "creatures can't be blocked except by two or more creatures" states a quality, it grants no
    ability, so Humility doesn't stop it."""
    grant = [{"grant": [{"min_blockers": 2}], "to": {}}]
    frog = attacker("a", **HUMILITY)
    assert check(board(frog, blocker("bear"), blocker("elf"), blocks={"bear": "a"}, effects=grant)).verdict == (
        "illegal"
    )


def test_a_timeline_change_that_loses_all_abilities_loses_granted_flying() -> None:
    """Turn to Frog during the declare attackers step on a creature an effect gives flying: a ground creature can
    then block it (the granted flying is lost with the rest, 113.1a)."""
    data = {
        "step": "declare_blockers",
        "active_player": "ana",
        "players": ["ana", "ben"],
        "permanents": [creature("ogre"), blocker("bear")],
        "effects": [{"grant": ["flying"], "to": {"controller": "ana"}}],
        "events": [
            {"declare_attackers": {"attacks": {"ogre": "ben"}}},
            {"change": "ogre", "loses": "all"},
            {"declare_blockers": {"blocks": {"bear": "ogre"}}},
        ],
    }
    assert follow(snapshot_from_data(data)).verdict == "legal"
    data["events"] = [data["events"][0], data["events"][2]]
    assert follow(snapshot_from_data(data)).verdict == "illegal"
