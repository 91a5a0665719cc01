"""The bounds of a question (solver/budget.py, as for `check`): one time limit covers the whole question (compiling,
the model, every solve, the check of the declaration found) and past it the answer is "unknown", never a wrong
one. Behaviour only; speed is measured in bench/bench_questions.py."""

from __future__ import annotations

import itertools
import time
from collections.abc import Callable
from typing import Any

import combatcheck.solver.budget as budget
import pytest
from combatcheck.models import Snapshot
from combatcheck.solver import can_attack, can_block, count_declarations, forced_choices
from helpers import FakeClock, attack_board, attacker, blocker, board, creature, menace_lure_board

Ask = Callable[[Snapshot, float | None], Any]


def _attacks() -> Snapshot:
    return attack_board(
        creature("goaded", {"goaded_by": ["ben"]}),
        creature("eager", "attacks_each_combat_if_able"),
        creature("shy", "cant_attack_alone"),
        players=["ana", "ben", "cai"],
    )


def _answer(result: Any) -> Any:
    """What a question says, without the wording: its answer or status and what it lists."""
    data = result.model_dump(exclude={"text"})
    return data.get("answer", data.get("status")), data


QUESTIONS: dict[str, tuple[Callable[[], Snapshot], Ask]] = {
    "can_block yes": (menace_lure_board, lambda s, t: can_block(s, "bear", "lured", time_limit=t)),
    "can_block no by requirements": (menace_lure_board, lambda s, t: can_block(s, "bear", "brute", time_limit=t)),
    "can_block no by restrictions": (menace_lure_board, lambda s, t: can_block(s, "wall", "brute", time_limit=t)),
    "can_attack": (_attacks, lambda s, t: can_attack(s, "goaded", "ben", time_limit=t)),
    "count": (menace_lure_board, lambda s, t: count_declarations(s, time_limit=t)),
    "count attacks": (_attacks, lambda s, t: count_declarations(s, time_limit=t)),
    "forced": (menace_lure_board, lambda s, t: forced_choices(s, time_limit=t)),
    "forced attacks": (_attacks, lambda s, t: forced_choices(s, time_limit=t)),
}


@pytest.mark.parametrize("name", QUESTIONS)
def test_a_deadline_already_past_gives_unknown(name: str) -> None:
    make, ask = QUESTIONS[name]
    snapshot = make()
    assert _answer(ask(snapshot, None))[0] in ("yes", "no", "exact")
    assert _answer(ask(snapshot, 0))[0] == "unknown"


def test_a_fast_answer_is_unknown_past_the_deadline_too() -> None:
    """A pair forbidden on its own is answered without CP-SAT; compiling it is still under the limit."""
    snapshot = board(attacker("bird", "flying"), blocker("bear"))
    assert can_block(snapshot, "bear", "bird").answer == "no"
    assert can_block(snapshot, "bear", "bird", time_limit=0).answer == "unknown"


@pytest.mark.parametrize("name", QUESTIONS)
def test_the_deadline_anywhere_in_the_question_gives_unknown_or_the_answer(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every stage reads the one clock (compiling, the optimum, the model, each solve, the check of the declaration
    found): stopping at each read in turn never changes the answer, it only makes it unknown."""
    make, ask = QUESTIONS[name]
    snapshot = make()
    truth = _answer(ask(snapshot, None))
    monkeypatch.setattr(budget, "STEPS_BETWEEN_CLOCK_READS", 1)
    clock = FakeClock()
    monkeypatch.setattr(time, "perf_counter", clock)
    states = []
    for k in itertools.count(1):
        clock.now = 0.0
        answer = _answer(ask(snapshot, k))
        assert answer[0] == "unknown" or answer == truth, (k, answer, truth)
        states.append(answer[0])
        if answer == truth:
            break
        assert k < 5_000, "the question never finished"
    assert states[0] == "unknown" and len(states) > 5, "the clock is read all along the question"


def test_every_solve_gets_only_the_time_left(monkeypatch: pytest.MonkeyPatch) -> None:
    import combatcheck.solver.optimum as optimum

    seen: list[float | None] = []
    original = optimum.tune

    def spy(parameters: Any, time_limit: float | None, workers: int = 1, variables: int | None = None) -> None:
        seen.append(time_limit)
        original(parameters, time_limit, workers, variables)

    monkeypatch.setattr(optimum, "tune", spy)
    for make, ask in QUESTIONS.values():
        seen.clear()
        ask(make(), 30)
        assert seen and all(t is not None and 0 < t < 30 for t in seen), seen
