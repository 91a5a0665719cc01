"""Random combat timelines (at least 300 per run): the timeline agrees with an independent reference
(`combat_reference.py`), and the invariants of issue 11 hold, each checked on the states alone:

- a blocked creature stays blocked until it is removed from combat, an effect makes it unblocked, or combat ends;
- a creature removed from combat comes back into it only by an effect that makes it block (101.1);
- nothing is both attacking and blocking, and who-blocks-whom reads the same from both sides;
- under the rules before Nov 2024, each damage assignment order holds exactly the creatures in combat with it.
"""

from __future__ import annotations

from typing import Any

from combat_reference import ACTIVE, DEFENDER, Reference
from combatcheck.combat import Timeline, follow
from combatcheck.combat.state import CombatState
from combatcheck.models import snapshot_from_data
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

ATTACKERS = ["a1", "a2", "a3"]
BLOCKERS = ["b1", "b2", "b3"]


def _permanents() -> list[dict[str, Any]]:
    own = [{"id": a, "controller": ACTIVE, "power": 2, "toughness": 2} for a in ATTACKERS]
    theirs = [{"id": b, "controller": DEFENDER, "power": 1, "toughness": 3} for b in BLOCKERS]
    theirs[0]["abilities"] = [{"can_block_additional": 1}]
    walker = {"id": "jace", "controller": DEFENDER, "types": ["planeswalker"], "loyalty": 3}
    return [*own, *theirs, walker]


@st.composite
def timelines(draw: st.DrawFn) -> tuple[bool, list[Any]]:
    """A combat: attackers declared, blockers declared, then random events, with what is on the battlefield tracked
    only so that every event names something that is there (the rest is the rules' business)."""
    old = draw(st.booleans())
    alive = {p["id"]: p["controller"] for p in _permanents()}
    creatures = set(ATTACKERS) | set(BLOCKERS)
    attackers = draw(st.lists(st.sampled_from(ATTACKERS), unique=True, min_size=1))
    attacks = {a: draw(st.sampled_from([DEFENDER, "jace"])) for a in attackers}
    blocks: dict[str, list[str]] = {}
    for blocker in BLOCKERS:
        chosen = draw(st.lists(st.sampled_from(attackers), unique=True, max_size=2 if blocker == "b1" else 1))
        if chosen:
            blocks[blocker] = chosen
    events: list[Any] = [{"declare_attackers": {"attacks": attacks}}, {"declare_blockers": {"blocks": blocks}}]
    if old and draw(st.booleans()):  # the orders due after the declaration, as a player would announce them
        for of in attackers + sorted(blocks):
            declared = blocks[of] if of in blocks else [b for b, chosen in blocks.items() if of in chosen]
            if len(declared) > 1:
                events.append({"damage_assignment_order": of, "order": list(draw(st.permutations(declared)))})
    every_attacker = list(attackers)
    damage_done = False
    for n in range(draw(st.integers(0, 10))):
        kind = draw(
            st.sampled_from(
                [
                    "remove_from_combat",
                    "leaves_battlefield",
                    "change_control",
                    "phases_out",
                    "regenerates",
                    "tap",
                    "change",
                    "made_to_block",
                    "enters_blocking",
                    "enters_attacking",
                    "becomes_blocked",
                    "becomes_unblocked",
                    "damage_assignment_order",
                    "combat_damage",
                    "stops_blocking",
                    "reselect_attack",
                ]
            )
        )
        present = sorted(alive)
        if kind in ("remove_from_combat", "leaves_battlefield", "phases_out", "regenerates", "tap") and present:
            target = draw(st.sampled_from(present))
            events.append({kind: target})
            if kind in ("leaves_battlefield", "phases_out"):
                del alive[target]
        elif kind == "change_control" and present:
            target = draw(st.sampled_from(present))
            to = draw(st.sampled_from([ACTIVE, DEFENDER]))
            events.append({"change_control": target, "to": to})
            alive[target] = to
        elif kind == "change" and present:
            target = draw(st.sampled_from(present))
            types = draw(st.sampled_from([["artifact"], ["creature"], ["enchantment"]]))
            events.append({"change": target, "types": types})
            creatures.discard(target) if "creature" not in types else creatures.add(target)
        elif kind == "made_to_block":
            theirs = sorted(c for c, who in alive.items() if who == DEFENDER and c != "jace")
            if theirs:
                blocker = draw(st.sampled_from(theirs))
                events.append({"made_to_block": blocker, "blocking": draw(st.sampled_from(every_attacker))})
        elif kind == "enters_blocking":
            new = f"t{n}"
            events.append(
                {
                    "enters_blocking": {"id": new, "controller": DEFENDER, "power": 1, "toughness": 1},
                    "blocking": draw(st.sampled_from(every_attacker)),
                }
            )
            alive[new] = DEFENDER
        elif kind == "enters_attacking":
            new = f"t{n}"
            events.append(
                {
                    "enters_attacking": {"id": new, "controller": ACTIVE, "power": 1, "toughness": 1},
                    "attacking": DEFENDER,
                }
            )
            alive[new] = ACTIVE
            every_attacker.append(new)
        elif kind in ("becomes_blocked", "becomes_unblocked"):
            events.append({kind: draw(st.sampled_from(every_attacker))})
        elif kind == "damage_assignment_order":
            of = draw(st.sampled_from(every_attacker + sorted(blocks)))
            declared = blocks[of] if of in blocks else [b for b, chosen in blocks.items() if of in chosen]
            right = bool(declared) and draw(st.booleans())  # often the right creatures, in some order
            named: list[str] = (
                list(draw(st.permutations(declared)))
                if right
                else draw(st.lists(st.sampled_from(sorted(alive)), unique=True, min_size=1, max_size=4))
            )
            events.append({"damage_assignment_order": of, "order": list(named)})
        elif kind == "stops_blocking":
            theirs = sorted(c for c, who in alive.items() if who == DEFENDER and c != "jace")
            if theirs:
                events.append(
                    {"stops_blocking": draw(st.sampled_from(theirs)), "attacker": draw(st.sampled_from(every_attacker))}
                )
        elif kind == "reselect_attack":
            present_attackers = [a for a in every_attacker if a in alive]
            if present_attackers:
                target = draw(st.sampled_from([DEFENDER, "jace", ACTIVE]))
                events.append({"reselect_attack": draw(st.sampled_from(present_attackers)), "attacking": target})
        elif kind == "combat_damage" and not damage_done:
            events.append("combat_damage")
            damage_done = True
    if draw(st.booleans()):
        events.append("end_of_combat")
    return old, events


def _check_invariants(timeline: Timeline, events: list[Any]) -> None:
    removed: set[str] = set()
    previous: CombatState | None = None
    for moment in timeline.moments:
        state = moment.state
        attacking = {a.id for a in state.attackers}
        blocking = {b.id for b in state.blockers}
        assert not attacking & blocking, "nothing is both attacking and blocking"
        assert not attacking & removed, "a creature removed from combat never attacks again"
        event = events[moment.index] if moment.index >= 0 else None
        back = (blocking & removed) - ({b.id for b in previous.blockers} if previous is not None else set())
        assert not back or (isinstance(event, dict) and event.get("made_to_block") in back), (
            "a creature removed from combat blocks again only when an effect makes it block (101.1)"
        )
        removed |= {r.id for r in state.removed if "attacked" not in r.roles}
        for attacker in state.attackers:
            assert set(attacker.blockers) == {b.id for b in state.blockers if attacker.id in b.attackers}
        if previous is not None and moment.index >= 0:
            event = events[moment.index]
            unblocked_by_effect = isinstance(event, dict) and "becomes_unblocked" in event
            for before in previous.attackers:
                now = state.attacker(before.id)
                if before.status == "blocked" and now is not None and not unblocked_by_effect:
                    assert now.status == "blocked", f"{before.id} stays blocked (509.1h)"
        for order in state.orders:
            with_it = (
                {b.id for b in state.blockers if order.of in b.attackers}
                if order.side == "attacker"
                else set(next(b.attackers for b in state.blockers if b.id == order.of))
            )
            assert order.creatures == with_it, f"the order of {order.of} holds exactly the creatures with it"
            assert len(order.order) + len(order.unplaced) == len(order.creatures), "an order names each once"
        previous = state


def _agree(timeline: Timeline, old: bool, events: list[Any]) -> None:
    permanents = _permanents()
    reference = Reference(
        old_rules=old,
        controller={p["id"]: p["controller"] for p in permanents},
        is_creature={p["id"]: "planeswalker" not in p.get("types", []) for p in permanents},
        is_walker={p["id"]: "planeswalker" in p.get("types", []) for p in permanents},
        alive={p["id"] for p in permanents},
    )
    for moment in timeline.moments[1:]:
        reference.step(events[moment.index])
        state = moment.state
        where = f"after events[{moment.index}] = {events[moment.index]!r}"
        assert {a.id: a.target for a in state.attackers} == reference.attacking, where
        assert {b.id: sorted(b.attackers) for b in state.blockers} == {
            b: sorted(a) for b, a in reference.blocking.items()
        }, where
        statuses = {a.id: {"undecided": None, "blocked": True, "unblocked": False}[a.status] for a in state.attackers}
        assert statuses == reference.blocked, where
        assert sorted(r.id for r in state.removed) == sorted(reference.removed), where
        if old and not reference.stopped:
            orders = {o.of: (list(o.order), sorted(o.unplaced)) for o in state.orders if o.creatures}
            expected = {
                of: (reference.orders.get(of, []), sorted(reference.to_place.get(of, [])))
                for of in set(reference.orders) | set(reference.to_place)
                if reference.orders.get(of) or reference.to_place.get(of)
            }
            assert orders == expected, where
    stopped = timeline.stopped_at is not None
    assert stopped == reference.stopped, f"stopped at {timeline.stopped_at}; the reference {reference.stopped}"


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(timelines())
def test_random_timelines(drawn: tuple[bool, list[Any]]) -> None:
    old, events = drawn
    data = {
        "active_player": ACTIVE,
        "players": [ACTIVE, DEFENDER],
        "permanents": _permanents(),
        "events": events,
        "rules": "before_foundations" if old else "current",
    }
    timeline = follow(snapshot_from_data(data))
    _check_invariants(timeline, events)
    _agree(timeline, old, events)
