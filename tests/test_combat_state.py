"""The combat state is plain data: derived answers (506.5 "alone", 509.1h "blocked with no blockers") and JSON."""

from __future__ import annotations

from combatcheck.combat import AttackingCreature, BlockingCreature, CombatState, Entry, Moment
from combatcheck.combat.state import Blocks, Change
from pydantic import TypeAdapter


def test_alone_is_said_of_the_declaration_and_of_now() -> None:
    state = CombatState(
        attacking_player="ana",
        declared_attackers=("ogre", "elf"),
        attackers=(AttackingCreature(id="ogre", target="ben", defending_player="ben", entry=Entry.DECLARED),),
        declared_blockers=("wall",),
        blockers=(),
    )
    assert state.attacked_alone is None  # two were declared (506.5)
    assert state.attacking_alone == "ogre"  # the other left combat: ogre is attacking alone now
    assert state.blocked_alone == "wall"
    assert state.blocking_alone is None


def test_blocked_without_blockers() -> None:
    blocked = AttackingCreature(
        id="wurm", target="ben", defending_player="ben", entry=Entry.DECLARED, status="blocked", blockers=()
    )
    assert blocked.blocked_without_blockers
    assert not blocked.model_copy(update={"blockers": ("bear",)}).blocked_without_blockers


def test_changes_round_trip_through_json() -> None:
    change = Blocks(
        blocker="saproling",
        attacker="warden",
        how=Entry.PUT_ONTO_BATTLEFIELD,
        was_blocking=False,
        attacker_was_unblocked=False,
        rule="509.7",
        edition="before_foundations",
    )
    state = CombatState(
        attacking_player="ana",
        blockers=(BlockingCreature(id="saproling", attackers=("warden",), entry=Entry.PUT_ONTO_BATTLEFIELD),),
    )
    moment = Moment(index=3, event="enters_blocking", changes=(change,), state=state)
    again = Moment.model_validate_json(moment.model_dump_json())
    assert again == moment
    assert TypeAdapter(Change).validate_python(change.model_dump()) == change
