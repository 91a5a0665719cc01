"""Costs are read with a mana grammar (models/costs.py): an unusual cost is refused when the snapshot is read, with its
field path, instead of crashing the outcome of a legal proposal that pays it (issue 9 §2.6)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from combatcheck.batch import check_record
from combatcheck.models import SnapshotError, snapshot_from_data
from combatcheck.models.costs import check_cost
from combatcheck.solver import check
from combatcheck.solver.explain import total_cost
from helpers import attacker, blocker, board
from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic_core import PydanticCustomError


def paid_block(cost: str, where: str = "ability") -> dict[str, Any]:
    """A board where the blocker pays `cost` (its own ability or a global effect) to block."""
    return {
        "active_player": "ana",
        "players": ["ana", "ben"],
        "permanents": [
            {"id": "a", "controller": "ana", "power": 2, "toughness": 2, "attacking": "ben"},
            {
                "id": "b",
                "controller": "ben",
                "power": 2,
                "toughness": 2,
                "abilities": [{"block_cost": cost}] if where == "ability" else [],
            },
        ],
        "effects": [{"block_cost": cost}] if where == "effect" else [],
        "declaration": {"blocks": {"b": "a"}},
    }


@pytest.mark.parametrize(
    ("written", "read"),
    [
        ("{2}", "{2}"),
        ("{1}{W}", "{1}{W}"),
        ("{w/u}", "{W/U}"),
        ("{2/W}{W/P}{G/U/P}", "{2/W}{W/P}{G/U/P}"),
        ("{X}{S}{C}{0}{P}", "{X}{S}{C}{0}{P}"),
        ("  {1000000} ", "{1000000}"),
        ("sacrifice a land", "sacrifice a land"),
        ("{1} and sacrifice a creature", "{1} and sacrifice a creature"),
        ("pay 2 life", "pay 2 life"),
    ],
)
def test_mana_symbols_and_words_are_costs(written: str, read: str) -> None:
    assert check_cost(written) == read


@pytest.mark.parametrize(
    ("cost", "message"),
    [
        ("{²}", "{²} is not a mana symbol"),
        ("{" + "9" * 998 + "}", "a generic amount over 1,000,000"),
        ("{}", "{} is not a mana symbol"),
        ("{Q}", "{Q} is not a mana symbol"),
        ("{T}", "{T} is not a mana symbol"),
        ("{W/W}", "{W/W} is not a mana symbol"),
        ("{2/3}", "{2/3} is not a mana symbol"),
        ("{2", "a brace without its pair"),
        ("1}{W}", "a brace without its pair"),
        ("   ", "a cost can't be empty"),
    ],
)
@pytest.mark.parametrize("where", ["ability", "effect"])
def test_unusual_costs_are_refused_with_their_path(cost: str, message: str, where: str) -> None:
    with pytest.raises(SnapshotError) as caught:
        snapshot_from_data(paid_block(cost, where))
    problem = caught.value.problems[0]
    path = "permanents[1] (id 'b').abilities[0].block_cost" if where == "ability" else "effects[0].block_cost"
    assert (problem.path, message in problem.message) == (path, True), str(problem)


def test_attack_costs_use_the_same_grammar() -> None:
    data = {
        "step": "declare_attackers",
        "active_player": "ana",
        "players": ["ana", "ben"],
        "permanents": [{"id": "a", "controller": "ana", "abilities": [{"attack_cost": "{²}"}]}],
        "effects": [{"attack_cost": "{W/X}", "defender": "ben"}],
    }
    with pytest.raises(SnapshotError) as caught:
        snapshot_from_data(data)
    assert [p.path for p in caught.value.problems] == [
        "permanents[0] (id 'a').abilities[0].attack_cost",
        "effects[0].attack_cost",
    ]


def test_a_paid_unusual_cost_is_added_up_in_the_outcome() -> None:
    snapshot = board(
        attacker("a"),
        attacker("a2"),
        blocker("b", {"block_cost": "{2/W}{w/u}"}),
        blocker("c", {"block_cost": "{3}{G/P}"}),
        blocks={"b": "a", "c": "a2"},
    )
    report = check(snapshot)
    assert report.verdict == "legal"
    assert report.outcome is not None and report.outcome.total_cost == "{3}{2/W}{G/P}{W/U}"


def test_a_record_with_an_unusual_cost_is_invalid_not_an_internal_error() -> None:
    result = check_record(1, json.dumps({"id": "r", **paid_block("{²}")}) + "\n")
    assert result["verdict"] == "invalid"
    assert result["errors"][0]["path"] == "permanents[1] (id 'b').abilities[0].block_cost"


cost_text = st.text(alphabet=st.sampled_from("{}/0123456789²٣WUBRGCSXPwubxT aql"), max_size=14)


@settings(max_examples=300, deadline=None)
@given(st.lists(cost_text, min_size=1, max_size=4))
def test_every_cost_the_grammar_accepts_can_be_added_up(costs: list[str]) -> None:
    """The class behind "{²}": whatever passes the check, the outcome's total can be computed."""
    accepted = []
    for cost in costs:
        try:
            accepted.append(check_cost(cost))
        except PydanticCustomError:
            continue
    total = total_cost(accepted)
    assert (total is None) == (not accepted)
