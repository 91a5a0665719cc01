"""Every loop of a check over board-sized input reads the clock (issue 20, item 6): hostile boards built to the
input limits (filters of 100,000 nodes through YAML aliases, 150,000 names, thousands of grants, effects, players or
protection qualities) stay within `--time-limit`.

The property: with a fake clock, the Python lines the check executes (the package's and the libraries' it calls)
between two clock reads, or after the last one, are bounded by the work the budget was told of (`Budget.tick`) in that stretch, whatever the board's size. A loop that does work
without counting it shows up as a stretch of lines that grows with the board."""

from __future__ import annotations

import itertools
import sys
import time
from collections.abc import Callable
from pathlib import Path
from types import FrameType
from typing import Any

import combatcheck.solver.budget as budget
import pytest
from combatcheck.models import Snapshot, snapshot_from_data
from combatcheck.solver import check
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

STEPS = 32  # STEPS_BETWEEN_CLOCK_READS during the test: small, so that a short uncounted loop already shows
LINES_PER_STEP = 40  # measured: a step is at most a filter node, a pair's few checks or an emitted atom
SLACK = 3_000  # lines of fixed work between two reads (a rule's set-up, a report's header)


class Meter:
    """Counts the lines executed in the package, the steps told to the budget, and both at every clock read."""

    def __init__(self) -> None:
        self.lines = 0
        self.steps = 0
        self.last_tick = 0
        self.reads: list[tuple[int, int, int]] = []  # (lines, steps, the last tick's steps) at each read

    def clock(self) -> float:
        self.reads.append((self.lines, self.steps, self.last_tick))
        return 0.0  # never the deadline: the whole check runs

    def trace(self, frame: FrameType, event: str, arg: Any) -> Any:
        # the package's lines and the libraries' it calls (pydantic hashing a model is Python code), not the meter's
        return None if frame.f_code.co_filename == __file__ else self.local

    def local(self, frame: FrameType, event: str, arg: Any) -> Any:
        if event == "line":
            self.lines += 1
        return self.local

    def worst_stretch(self) -> tuple[int, int]:
        """The stretch between two reads (or the last read and the end) with the most lines beyond its bound:
        (lines, bound)."""
        points = [*self.reads, (self.lines, self.steps, self.last_tick)]
        worst = (0, 1)
        for (lines0, steps0, tick0), (lines1, steps1, _) in itertools.pairwise(points):
            lines, bound = lines1 - lines0, LINES_PER_STEP * (steps1 - steps0 + tick0 + STEPS) + SLACK
            if lines - bound > worst[0] - worst[1]:
                worst = (lines, bound)
        return worst


def measured(snapshot: Snapshot) -> Meter:
    meter = Meter()
    original = budget.Budget.tick

    def tick(self: budget.Budget, steps: int = 1) -> None:
        meter.steps += steps
        meter.last_tick = steps
        original(self, steps)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(budget, "STEPS_BETWEEN_CLOCK_READS", STEPS)
        patch.setattr(budget.Budget, "tick", tick)
        patch.setattr(time, "perf_counter", meter.clock)
        sys.settrace(meter.trace)
        try:
            check(snapshot, time_limit=1e9)
        finally:
            sys.settrace(None)
    return meter


# -- hostile boards ------------------------------------------------------------------------------------------------
def aliased_filter(fanout: int, depth: int, names: int) -> dict[str, Any]:
    """A filter tree of fanout**depth leaves that match nothing, sharing its sub-filters as YAML aliases do."""
    node: dict[str, Any] = {"names": [f"nobody {i}" for i in range(names)]}
    for _ in range(depth):
        node = {"any_of": [node] * fanout}
    return node


def _creatures(prefix: str, controller: str, n: int, **fields: Any) -> list[dict[str, Any]]:
    return [{"id": f"{prefix}{i}", "controller": controller, "power": 2, "toughness": 2, **fields} for i in range(n)]


BLOCK_ABILITIES: dict[str, Callable[[dict[str, Any]], tuple[str, dict[str, Any]]]] = {
    "cant_be_blocked_by": lambda f: ("attacker", {"cant_be_blocked_by": f}),
    "cant_be_blocked_except_by": lambda f: ("attacker", {"cant_be_blocked_except_by": {"not": f}}),
    "protection_from": lambda f: ("attacker", {"protection_from": [f]}),
    "while_defender_controls": lambda f: ("attacker", {"cant_be_blocked_while_defender_controls": f}),
    "cant_block": lambda f: ("blocker", {"cant_block": f}),
    "can_block_only": lambda f: ("blocker", {"can_block_only": {"not": f}}),
    "unless_also_blocking": lambda f: ("blocker", {"cant_block_unless_also_blocking": f}),
}
ATTACK_ABILITIES = {
    "unless_defender_controls": {"cant_attack_unless_defender_controls": None},
    "unless_also_attacking": {"cant_attack_unless_also_attacking": None},
}


def block_board(
    kind: str, flt: dict[str, Any], attackers: int, blockers: int, copies: int, declared: bool = False
) -> Snapshot:
    """`declared`: every blocker blocks the first attacker (each forbidden block is explained, naming the filter)."""
    side, ability = BLOCK_ABILITIES[kind](flt)
    abilities = [ability] * copies
    a = _creatures("a", "ana", attackers, attacking="ben", abilities=abilities if side == "attacker" else [])
    b = _creatures("b", "ben", blockers, abilities=abilities if side == "blocker" else [])
    data: dict[str, Any] = {"step": "declare_blockers", "active_player": "ana", "players": ["ana", "ben"]}
    data["permanents"] = a + b
    if declared:
        data["declaration"] = {"blocks": {f"b{i}": "a0" for i in range(blockers)}}
    return snapshot_from_data(data)


def attack_board(kind: str, flt: dict[str, Any], creatures: int, others: int, copies: int) -> Snapshot:
    key = next(iter(ATTACK_ABILITIES[kind]))
    c = _creatures("c", "ana", creatures, abilities=[{key: flt}] * copies)
    d = _creatures("d", "ben", others)
    data = {"step": "declare_attackers", "active_player": "ana", "players": ["ana", "ben"], "permanents": c + d}
    return snapshot_from_data(data)


def effects_board(kind: str, flt: dict[str, Any], creatures: int, effects: int) -> Snapshot:
    step = "declare_attackers" if kind in ("cant_attack", "attack_cost") else "declare_blockers"
    effects_of: dict[str, dict[str, Any]] = {
        "grant": {"grant": ["flying"], "to": flt},
        "block_cost": {"block_cost": "{1}", "blockers": flt},
        "cant_attack": {"cant_attack": "ben", "attackers": flt},
        "attack_cost": {"attack_cost": "{1}", "defender": "cai"},
    }
    effect = effects_of[kind]
    mine = _creatures("a", "ana", creatures, **({"attacking": "ben"} if step == "declare_blockers" else {}))
    data = {
        "step": step,
        "active_player": "ana",
        "players": ["ana", "ben", "cai"],
        "permanents": mine + _creatures("b", "ben", creatures),
        "effects": [dict(effect) for _ in range(effects)],
    }
    return snapshot_from_data(data)


def qualities_board(qualities: int, blockers: int) -> Snapshot:
    colors = ["white", "blue", "black", "red"]  # the blockers are colorless: nothing matches, every item is read
    a = _creatures("a", "ana", 2, attacking="ben", abilities=[{"protection_from": colors * (qualities // 4)}])
    data = {
        "step": "declare_blockers",
        "active_player": "ana",
        "players": ["ana", "ben"],
        "permanents": a + _creatures("b", "ben", blockers),
    }
    return snapshot_from_data(data)


def players_board(players: int) -> Snapshot:
    ids = [f"p{i}" for i in range(players)]
    data = {
        "step": "declare_attackers",
        "active_player": "p0",
        "players": ids,
        "range_of_influence": 2,
        "permanents": [{"id": f"w{i}", "controller": p, "types": ["planeswalker"]} for i, p in enumerate(ids)]
        + _creatures("c", "p0", 2),
    }
    return snapshot_from_data(data)


sizes = st.integers(min_value=1, max_value=25)
filters = st.builds(aliased_filter, st.integers(min_value=1, max_value=3), st.integers(min_value=0, max_value=3), sizes)


@st.composite
def hostile_boards(draw: st.DrawFn) -> Snapshot:
    family = draw(st.sampled_from(["block", "attack", "effects", "qualities", "players"]))
    if family == "block":
        kind = draw(st.sampled_from(sorted(BLOCK_ABILITIES)))
        return block_board(kind, draw(filters), draw(sizes), draw(sizes), draw(st.integers(1, 5)), draw(st.booleans()))
    if family == "attack":
        kind = draw(st.sampled_from(sorted(ATTACK_ABILITIES)))
        return attack_board(kind, draw(filters), draw(sizes), draw(sizes), draw(st.integers(1, 5)))
    if family == "effects":
        kind = draw(st.sampled_from(["grant", "block_cost", "cant_attack", "attack_cost"]))
        return effects_board(kind, draw(filters), draw(sizes), draw(st.integers(1, 40)))
    if family == "qualities":
        return qualities_board(draw(st.integers(4, 2_000)), draw(sizes))
    return players_board(draw(st.integers(3, 1_500)))


@settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck), derandomize=True)
@given(snapshot=hostile_boards())
def test_between_two_clock_reads_the_work_is_bounded_whatever_the_board(snapshot: Snapshot) -> None:
    lines, bound = measured(snapshot).worst_stretch()
    assert lines <= bound, f"{lines:,} lines ran between two clock reads; the budget was told of {bound:,}"


@pytest.mark.parametrize(
    "snapshot",
    [
        pytest.param(block_board("cant_be_blocked_by", aliased_filter(4, 4, 1), 2, 30, 1), id="aliased filter"),
        pytest.param(block_board("cant_block", aliased_filter(1, 0, 3_000), 2, 30, 1), id="names"),
        pytest.param(
            block_board(
                "cant_be_blocked_by", {"any_of": [{"any_of": [{"power_at_least": 0}] * 16}] * 16}, 1, 30, 1, True
            ),
            id="explained",
        ),
        pytest.param(block_board("protection_from", aliased_filter(3, 3, 2), 3, 30, 20), id="many filters"),
        pytest.param(effects_board("grant", aliased_filter(3, 3, 1), 30, 30), id="grants"),
        pytest.param(effects_board("cant_attack", aliased_filter(1, 1, 1), 30, 200), id="effects"),
        pytest.param(attack_board("unless_defender_controls", aliased_filter(3, 3, 1), 30, 30, 1), id="controls"),
        pytest.param(qualities_board(4_000, 30), id="protection qualities"),
        pytest.param(players_board(1_500), id="players"),
    ],
)
def test_each_hostile_class_reads_the_clock_as_it_works(snapshot: Snapshot) -> None:
    """One board of each class, large enough that uncounted work would overrun the bound many times over."""
    lines, bound = measured(snapshot).worst_stretch()
    assert lines <= bound, f"{lines:,} lines ran between two clock reads; the budget was told of {bound:,}"


def aliased_yaml(fanout: int, depth: int, blockers: int) -> str:
    """56 KB of YAML whose one filter holds fanout**depth leaves through aliases (the issue's hostile board)."""
    flt = "&f0 {names: [nobody]}"
    for i in range(1, depth + 1):
        flt = f"&f{i} {{any_of: [{flt}, {', '.join([f'*f{i - 1}'] * (fanout - 1))}]}}"
    lines = ["step: declare_blockers", "active_player: ana", "players: [ana, ben]", "permanents:"]
    lines.append(
        f"  - {{id: a, controller: ana, power: 1, toughness: 1, attacking: ben, abilities: [{{cant_be_blocked_by: {flt}}}]}}"
    )
    lines += [f"  - {{id: b{i}, controller: ben, power: 1, toughness: 1}}" for i in range(blockers)]
    return "\n".join(lines) + "\n"


def test_a_board_of_aliased_filters_stays_within_the_time_limit(tmp_path: Path) -> None:
    """Real clock, the CLI: before, compiling this board never read the clock (10 s and more under a 0.5 s limit).
    The bound is on this process's CPU time: on a loaded machine the wall clock also counts other processes' turns."""
    from combatcheck.cli import app
    from typer.testing import CliRunner

    path = tmp_path / "aliased.yaml"
    path.write_text(aliased_yaml(6, 5, 1_000))
    started = time.process_time()
    result = CliRunner().invoke(app, ["check", str(path), "--time-limit", "0.5"])
    elapsed = time.process_time() - started
    assert result.exit_code == 3, result.output
    assert elapsed < 0.5 + 2.0, f"{elapsed:.1f} s"  # start-up here: reading and validating 33 KB of aliases
