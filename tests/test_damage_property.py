"""Random small combat damage steps (issue 22): the timeline's verdict on a proposed assignment, its nearest legal
assignment and the ranges agree with an independent brute force (`reference_damage.py`), under both editions."""

from __future__ import annotations

from itertools import product
from typing import Any

from combatcheck.combat import follow
from combatcheck.combat.damage_model import DamageProblem
from combatcheck.combat.damage_rules import findings
from combatcheck.combat.damage_search import ranges
from combatcheck.combat.state import DamageAssignment
from combatcheck.models import snapshot_from_data
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from reference_damage import Board, Creature, distance, legal_assignments, legal_whole, options

KEYWORDS = ["trample", "deathtouch", "may_assign_damage_as_though_unblocked", "banding", "trample_over_planeswalkers"]


@st.composite
def boards(draw: st.DrawFn) -> tuple[Board, dict[str, dict[str, int]]]:
    attackers = draw(st.lists(st.sampled_from(["a1", "a2"]), unique=True, min_size=1))
    blockers = draw(st.lists(st.sampled_from(["b1", "b2"]), unique=True))
    creatures = {}
    for cid in [*attackers, *blockers]:
        toughness = draw(st.integers(1, 3))
        creatures[cid] = Creature(
            id=cid,
            power=draw(st.integers(0, 3)),
            toughness=toughness,
            marked=draw(st.integers(0, toughness - 1)),
            keywords=frozenset(draw(st.lists(st.sampled_from(KEYWORDS), unique=True, max_size=2))),
        )
    blocks = {b: draw(st.lists(st.sampled_from(attackers), unique=True, min_size=1)) for b in blockers}
    gone = set(draw(st.lists(st.sampled_from(blockers), unique=True))) if blockers else set()
    old = draw(st.booleans())
    attacks = {a: draw(st.sampled_from(["ben", "jace"])) for a in attackers}
    loyalty = {"jace": draw(st.integers(1, 3))}
    board = Board(creatures=creatures, attacks=attacks, blocks=blocks, old=old, loyalty=loyalty, gone=gone)
    if old:
        for a in attackers:
            mine = [b for b, attacked in blocks.items() if a in attacked]
            if len(mine) > 1:
                board.orders[a] = draw(st.permutations(mine))
        for b, attacked in blocks.items():
            if len(attacked) > 1:
                board.orders[b] = draw(st.permutations(attacked))
    proposal: dict[str, dict[str, int]] = {}
    for dealer in board.dealers():
        candidates = [*blocks[dealer]] if dealer in blocks else ["ben", "jace", *board.blockers_of(dealer)]
        if dealer in blocks and draw(st.booleans()):
            candidates.append("ben")  # a blocker can't damage the player: sometimes try
        power = creatures[dealer].power
        split = {r: draw(st.integers(0, max(power, 1))) for r in candidates}
        if draw(st.booleans()) and power > 0:  # mostly whole: the amounts add up to its power
            first = candidates[0]
            split[first] = max(0, power - sum(v for r, v in split.items() if r != first))
        proposal[dealer] = {r: v for r, v in split.items() if v}
    return board, proposal


def _snapshot(board: Board, proposal: dict[str, dict[str, int]]) -> dict[str, Any]:
    permanents = []
    for c in board.creatures.values():
        abilities: list[Any] = sorted(c.keywords)
        if c.id in board.blocks and len(board.blocks[c.id]) > 1:
            abilities.append({"can_block_additional": 1})
        controller = "ana" if c.id in board.attacks else "ben"
        permanents.append(
            {"id": c.id, "controller": controller, "power": c.power, "toughness": c.toughness, "damage": c.marked}
            | {"abilities": abilities}
        )
    permanents.append({"id": "jace", "controller": "ben", "types": ["planeswalker"], "loyalty": board.loyalty["jace"]})
    events: list[Any] = [
        {"declare_attackers": {"attacks": dict(board.attacks)}},
        {"declare_blockers": {"blocks": {b: list(a) for b, a in board.blocks.items()}}},
    ]
    for of, order in board.orders.items():
        events.append({"damage_assignment_order": of, "order": order, "by": "ana" if of in board.attacks else "ben"})
    events += [{"leaves_battlefield": b, "to": "graveyard"} for b in sorted(board.gone)]
    events.append({"assign_combat_damage": proposal})
    return {
        "active_player": "ana",
        "players": ["ana", "ben"],
        "permanents": permanents,
        "events": events,
        "rules": "before_foundations" if board.old else "current",
    }


@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(boards())
def test_assignments_agree_with_the_brute_force(case: tuple[Board, dict[str, dict[str, int]]]) -> None:
    board, proposal = case
    timeline = follow(snapshot_from_data(_snapshot(board, proposal)))
    judged = next(c for m in timeline.moments for c in m.changes if isinstance(c, DamageAssignment))
    legal = legal_assignments(board)
    whole = {d: {r: a for r, a in split.items() if a} for d, split in judged.assignment.items()}
    assert judged.legal == (whole in legal), (proposal, [(f.rule, f.code) for f in judged.findings], legal)
    assert (timeline.verdict == "legal") == judged.legal
    if not judged.legal:
        assert judged.witness is not None and judged.witness in legal
        assert distance(judged.witness, whole) == min(distance(a, whole) for a in legal)
    assert isinstance(judged.problem, DamageProblem)
    for found in ranges(judged.problem):
        if found.source is None:
            amounts = [sum(a[d].get(found.recipient, 0) for d in a) for a in legal]
        else:
            amounts = [a[found.source].get(found.recipient, 0) for a in legal]
        assert (found.low, found.high) == (min(amounts), max(amounts)), found
    # every combination of each creature's own ways to divide its damage: the direct check agrees on each
    dealers = board.dealers()
    for choice in product(*(options(board, d) for d in dealers)):
        candidate = dict(zip(dealers, choice, strict=True))
        assert (not findings(judged.problem, candidate)) == legal_whole(board, candidate), candidate
