"""Trigger counts along random timelines: combat/timeline_triggers (reading the timeline's typed changes) against
the plain reference in tests/reference_triggers.py (reading the events)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from combatcheck.combat import follow
from combatcheck.models import snapshot_from_data
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from reference_triggers import ReferenceTriggers

ATTACKER_ABILITIES = [
    "whenever_attacks",
    "whenever_becomes_blocked",
    "whenever_becomes_blocked_by_a_creature",
    {"whenever_becomes_blocked_by_a_creature": {"colors": ["W"]}},
    {"whenever_becomes_blocked_by": {"exactly": 2}},
    "whenever_attacks_and_isnt_blocked",
    "whenever_attacks_a_player_and_isnt_blocked",
    {"whenever_one_or_more_creatures_become_blocked": {"whose": "you"}},
    {"rampage": 1},
    "flanking",
    "exalted",
]
BLOCKER_ABILITIES = ["whenever_blocks", "whenever_blocks_a_creature", "flanking", {"can_block_additional": 1}]


def _creature(pid: str, controller: str, abilities: list[Any], white: bool) -> dict[str, Any]:
    return {
        "id": pid,
        "controller": controller,
        "power": 2,
        "toughness": 2,
        "colors": ["W"] if white else ["B"],
        "abilities": abilities,
    }


def _blocks(draw: st.DrawFn, blockers: list[dict[str, Any]], attacking: list[str]) -> dict[str, list[str]]:
    blocks: dict[str, list[str]] = {}
    for b in blockers:
        if draw(st.booleans()):
            capacity = 2 if {"can_block_additional": 1} in b["abilities"] else 1
            chosen = draw(st.lists(st.sampled_from(attacking), min_size=1, max_size=capacity, unique=True))
            blocks[b["id"]] = chosen
    return blocks


@st.composite
def timelines(draw: st.DrawFn) -> dict[str, Any]:
    n_att = draw(st.integers(1, 3))
    n_blk = draw(st.integers(0, 3))
    pick = st.lists(st.sampled_from(range(len(ATTACKER_ABILITIES))), max_size=3)
    attackers = [
        _creature(f"a{i}", "ana", ["vigilance", *(ATTACKER_ABILITIES[j] for j in draw(pick))], draw(st.booleans()))
        for i in range(n_att)
    ]
    bpick = st.lists(st.sampled_from(range(len(BLOCKER_ABILITIES))), max_size=2, unique=True)
    blockers = [
        _creature(f"b{i}", "ben", [BLOCKER_ABILITIES[j] for j in draw(bpick)], draw(st.booleans()))
        for i in range(n_blk)
    ]
    declared = draw(st.lists(st.sampled_from([a["id"] for a in attackers]), min_size=1, unique=True))
    events: list[Any] = [{"declare_attackers": {"attacks": {a: "ben" for a in declared}}}]
    events.append({"declare_blockers": {"blocks": _blocks(draw, blockers, declared)}})
    in_combat = set(declared)
    others = [b["id"] for b in blockers]
    for i in range(draw(st.integers(0, 5))):
        kind = draw(
            st.sampled_from(["made_to_block", "enters_blocking", "becomes_blocked", "remove", "recolor", "stop"])
        )
        live = sorted(in_combat)
        if kind == "made_to_block" and live and others:
            events.append({"made_to_block": draw(st.sampled_from(others)), "blocking": draw(st.sampled_from(live))})
        elif kind == "enters_blocking" and live:
            token = _creature(
                f"t{i}", "ben", draw(st.sampled_from([[], ["flanking"], ["whenever_blocks"]])), draw(st.booleans())
            )
            events.append({"enters_blocking": token, "blocking": draw(st.sampled_from(live))})
            others.append(token["id"])
        elif kind == "becomes_blocked" and live:
            events.append({"becomes_blocked": draw(st.sampled_from(live))})
        elif kind == "remove" and (live or others):
            gone = draw(st.sampled_from(live + others))
            events.append({"remove_from_combat": gone})
            in_combat.discard(gone)
        elif kind == "stop" and live and others:
            events.append({"stops_blocking": draw(st.sampled_from(others)), "attacker": draw(st.sampled_from(live))})
        elif kind == "recolor" and others:
            events.append({"change": draw(st.sampled_from(others)), "colors": [draw(st.sampled_from(["W", "B"]))]})
    if draw(st.booleans()):  # an additional combat phase (500.8): the same creatures may attack and block again
        again = draw(st.lists(st.sampled_from([a["id"] for a in attackers]), min_size=1, unique=True))
        events += [
            "end_of_combat",
            "beginning_of_combat",
            {"declare_attackers": {"attacks": {a: "ben" for a in again}}},
        ]
        events.append({"declare_blockers": {"blocks": _blocks(draw, blockers, again)}})
    return {
        "active_player": "ana",
        "players": ["ana", "ben"],
        "permanents": attackers + blockers,
        "events": events,
    }


def _counts(found: list[Any]) -> Counter[tuple[str, str]]:
    out: Counter[tuple[str, str]] = Counter()
    for t in found:
        out[(t.key, t.source)] += t.times
    return out


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=timelines())
def test_trigger_counts_agree_with_the_reference(data: dict[str, Any]) -> None:
    snapshot = snapshot_from_data(data)
    timeline = follow(snapshot)
    assert timeline.verdict == "legal", timeline.stopped_at
    got = timeline.triggers
    reference = ReferenceTriggers(data["permanents"])
    for index, event in enumerate(data["events"]):
        expected = reference.event(event)
        assert _counts(got.get(index, [])) == expected, (index, event)
