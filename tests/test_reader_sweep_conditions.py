"""The classes of wording a dev sweep of the card database showed the readers getting wrong, after blind sample I and
before J (issue 21; docs/cards.md, "The dev sweep before sample J"): conditions, one-shot and triggered effects, and
the Oracle reader's own abilities, each on a named card or board; every test fails on the reader before its fix."""

from __future__ import annotations

from typing import Any

from combatcheck.cards.db import database
from combatcheck.cards.lookup import card_statics, find_card, known_subtypes
from combatcheck.cards.statics import bears_on_declaration
from test_effects_reader import SCRIPT


def statics_of(name: str) -> Any:
    db = database()
    return card_statics(find_card(name, db), db)


def label_of(name: str) -> dict[str, Any]:
    """A face as the label files hold it, for the effects score (scripts/effects_accuracy.py)."""
    face = find_card(name, database())
    return {
        "name": face.name,
        "types": list(face.types),
        "subtypes": list(face.subtypes),
        "supertypes": list(face.supertypes),
        "text": face.text,
    }


def scored_unapplied(name: str) -> bool:
    return bool(SCRIPT.found(label_of(name), known_subtypes(database()))["unapplied"] == ["yes"])


# -- R1: an effect that bears on a declaration is listed, whoever's trigger it is ------------------------------------
def test_an_own_trigger_not_mapped_is_left_out_of_the_score_only_when_it_bears_on_no_declaration() -> None:
    assert bears_on_declaration(
        "whenever two or more creatures your opponents control attack, ~ can't block this combat"
    )
    assert not bears_on_declaration("whenever one or more suspected creatures you control attack, surveil 1")
    assert not bears_on_declaration("whenever ~ attacks alone, it gets +2/+2 until end of turn")  # its condition
    assert scored_unapplied("Flummoxed Cyclops")  # "… ~ can't block this combat": the trigger reader's, and listed
    assert scored_unapplied("Vedalken Humiliator")  # "… lose all abilities …"
    # a level's combat trigger that binds blockers (Fighter Class's level 3) is listed and counted too
    assert scored_unapplied("Fighter Class")
