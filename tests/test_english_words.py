"""Input problems in English are in our own words, as the French and Spanish ones are (issue 23 §3): never
pydantic's "Field required", "Extra inputs are not permitted" or "Value error, ...", and a near miss gets "did you
mean ...?" (an ability, a field, an allowed value, the ids a question names)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import combatcheck
import pytest
from combatcheck.cli import app
from combatcheck.models import SnapshotError, snapshot_from_data
from combatcheck.models.field_names import close_field_names
from combatcheck.models.schema_words import SCHEMA_TEXTS
from combatcheck.models.snapshot import Snapshot
from typer.testing import CliRunner

LURE = Path(__file__).resolve().parents[1] / "examples" / "lure.yaml"
PYDANTIC_WORDS = ("Field required", "Extra inputs", "Input should", "String should", "Value error", "after validation")


def board(**changes: Any) -> dict[str, Any]:
    bear = {"id": "bear", "controller": "ana", "power": 2, "toughness": 2}
    return {"players": ["ana", "ben"], "active_player": "ana", "permanents": [bear], **changes}


def problems(data: dict[str, Any]) -> list[str]:
    with pytest.raises(SnapshotError) as caught:
        snapshot_from_data(data)
    return [str(p) for p in caught.value.problems]


def test_no_template_is_pydantic_s_english() -> None:
    for code, message in SCHEMA_TEXTS.items():
        english = message.en
        for form in (english,) if isinstance(english, str) else english.forms():
            assert not any(w in form for w in PYDANTIC_WORDS), (code, form)


BAD = {
    "an extra field": board(attacks=[]),
    "a missing field": board(permanents=[{"id": "x", "power": 1, "toughness": 1}]),
    "a word for a number": board(permanents=[{"id": "x", "controller": "ana", "power": "two", "toughness": 1}]),
    "a wrong step": board(step="declare_blocker"),
    "a keyword typo in a filter": board(
        permanents=[{"id": "x", "controller": "ana", "abilities": [{"cant_be_blocked_by": {"abilities": ["flyng"]}}]}]
    ),
    "a list for a text": board(active_player=["ana"]),
    "an empty id": board(permanents=[{"id": "", "controller": "ana"}]),
    "a negative count": board(permanents=[{"id": "x", "controller": "ana", "abilities": [{"bushido": -1}]}]),
}


@pytest.mark.parametrize("case", sorted(BAD))
def test_the_schema_s_problems_are_in_our_words(case: str) -> None:
    found = problems(BAD[case])
    assert found
    for line in found:
        assert not any(w in line for w in PYDANTIC_WORDS), line


def test_each_problem_says_what_is_expected() -> None:
    assert problems(BAD["a missing field"]) == ["permanents[0] (id 'x').controller: required, and not given"]
    assert problems(BAD["a word for a number"]) == [
        "permanents[0] (id 'x').power: a whole number expected (this text is not one)"
    ]
    assert problems(BAD["a list for a text"]) == ["active_player: text expected"]
    assert problems(BAD["a keyword typo in a filter"]) == [
        "permanents[0] (id 'x').abilities[0].cant_be_blocked_by.abilities: unknown keyword 'flyng'; "
        "did you mean flying or flanking?"
    ]


def test_a_misspelt_ability_suggests_the_name_it_resembles() -> None:
    """`lur` suggests lure (another accepted spelling of all_able_must_block_it) instead of listing 30 names."""
    bear = {"id": "bear", "controller": "ana", "abilities": ["lur"]}
    assert problems(board(permanents=[bear])) == [
        "permanents[0] (id 'bear').abilities[0]: unknown ability 'lur'; did you mean lure?"
    ]


def test_a_field_the_format_lacks_says_where_it_belongs() -> None:
    assert problems(board(attacks=[])) == ["attacks: no such field in this format; did you mean declaration.attacks?"]
    bear = {"id": "bear", "controller": "ana", "abilites": ["flying"]}
    assert problems(board(permanents=[bear])) == [
        "permanents[0] (id 'bear').abilites: no such field in this format; did you mean abilities?"
    ]
    in_a_filter: list[int | str] = [
        "permanents",
        0,
        "abilities",
        0,
        "cant_be_blocked_by",
        "cant_be_blocked_by",
        "colour",
    ]
    assert close_field_names(Snapshot, in_a_filter) == ("colors", "colorless")  # a filter's fields


def test_a_near_miss_of_an_allowed_value() -> None:
    (line,) = problems(board(step="declare_blocker"))
    assert line.startswith("step: did you mean 'declare_blockers'? allowed values: ")


def test_the_near_misses_are_said_in_french_and_spanish_too() -> None:
    with pytest.raises(SnapshotError) as caught:
        snapshot_from_data(board(attacks=[]))
    (problem,) = caught.value.problems
    assert (
        problem.line("fr") == "attacks : ce champ n'existe pas dans ce format ; vouliez-vous dire declaration.attacks ?"
    )
    assert problem.line("es") == "attacks: este campo no existe en este formato; ¿quisiste decir declaration.attacks?"


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (["bears", "lured"], "blocker: 'bears' is not a permanent of the snapshot; did you mean bear?"),
        (["Bear", "lured"], "blocker: 'Bear' is not a permanent of the snapshot; did you mean bear?"),
        (["bear", "lure"], "attacker: 'lure' is not an attacking creature of the snapshot; did you mean lured?"),
        (["nobody", "lured"], "blocker: 'nobody' is not a permanent of the snapshot"),
        (["Grizzly Bears", "lured"], "blocker: 'Grizzly Bears' is not a permanent of the snapshot; did you mean bear?"),
        (["grizly bears", "lured"], "blocker: 'grizly bears' is not a permanent of the snapshot; did you mean bear?"),
        (
            ["bear", "Runeclaw Bear"],
            "attacker: 'Runeclaw Bear' is not an attacking creature of the snapshot; did you mean lured?",
        ),
    ],
)
def test_a_question_naming_a_near_miss_id(args: list[str], expected: str) -> None:
    result = CliRunner().invoke(app, ["can-block", str(LURE), *args])
    assert result.exit_code == 2
    assert result.stderr.strip() == f"error: {expected}"


def test_a_near_miss_target_of_an_attack() -> None:
    with pytest.raises(SnapshotError) as caught:
        combatcheck.can_attack(board(step="declare_attackers"), "bear", "bem")
    assert str(caught.value) == "target: 'bem' is not a player or permanent of the snapshot; did you mean ben?"
