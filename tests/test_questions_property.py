"""The judge's questions against the brute-force references on random small boards: the count and the list of legal
declarations, the forced choices, and "can X block / attack Y?" (cost-free choices; costs are tested by hand)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from boards import attack_boards, boards
from combatcheck.models import Snapshot, snapshot_from_data
from combatcheck.models.answers import Choice, ChoiceAnswer, ForcedChoices
from combatcheck.solver import can_attack, can_block, check, count_declarations, forced_choices
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from reference import (
    RefBoard,
    all_declarations,
    costs_of,
    pair_costs_of,
    pair_ok,
    reference_optimum,
    requirements_obeyed,
)
from reference import restrictions_ok as block_ok
from reference_attacks import AttackBoard, all_attacks, pays
from reference_attacks import pair_ok as attack_pair_ok
from reference_attacks import reference_optimum as attack_optimum
from reference_attacks import requirements_obeyed as attack_obeyed
from reference_attacks import restrictions_ok as attack_ok

Pairs = frozenset[tuple[str, str]]
SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _wall(pid: str, controller: str, **fields: Any) -> dict[str, Any]:
    return {
        "id": pid,
        "controller": controller,
        "types": ["artifact", "creature"],
        "colors": [],
        "power": 0,
        "toughness": 1,
        "abilities": [],
        **fields,
    }


def _multiplayer(permanents: list[dict[str, Any]], *, two_headed: bool = False, effects: Any = ()) -> dict[str, Any]:
    players: list[Any] = (
        [{"id": "ana", "team": "a"}, {"id": "ben", "team": "b"}, {"id": "amy", "team": "a"}, {"id": "cai", "team": "b"}]
        if two_headed
        else ["ana", "ben", "cai"]
    )
    return {
        "step": "declare_blockers",
        "active_player": "ana",
        "players": players,
        "shared_team_turns": two_headed,
        "permanents": permanents,
        "effects": list(effects),
    }


# The board of the failure seen on several machines (before 3cb5c60): ben's b1 may block a0 or a1 but never a2,
# which attacks cai. A creature can block only creatures attacking its controller (802.4a), so the pair (b1, a2) is
# no choice at all and `forced` rightly leaves it out; the test wanted it listed as "never".
CROSS_PLAYER = _multiplayer(
    [
        _wall("a0", "ana", attacking="ben"),
        _wall("a1", "ana", attacking="ben"),
        _wall("a2", "ana", attacking="cai"),
        _wall("b0", "ben", tapped=True),
        _wall("b1", "ben"),
        _wall("b2", "cai"),
    ]
)
# Each defending player's blocks are judged alone (802.4b): cai's blocker doesn't keep ben's from blocking alone, and
# "no more than one creature can block" holds per defending player. In Two-Headed Giant the team has one combined
# block (805.10d): the teammate's blocker counts, the limit is the team's, and ben's creature may block an attacker
# attacking cai.
ALONE = [
    _wall("a0", "ana", attacking="ben"),
    _wall("a1", "ana", attacking="cai", abilities=["must_be_blocked_if_able"]),
    _wall("b1", "ben", abilities=["cant_block_alone"]),
    _wall("b2", "cai"),
]
ARBITER = [
    _wall("a0", "ana", attacking="ben", abilities=["must_be_blocked_if_able"]),
    _wall("a1", "ana", attacking="cai", abilities=["must_be_blocked_if_able"]),
    _wall("b1", "ben"),
    _wall("b2", "cai"),
]
ONE_BLOCKER = [{"max_blockers": 1, "source": "arbiter"}]


def _holds(choice: Choice, declaration: Pairs) -> bool:
    if choice.actor is not None and choice.target is not None:
        return (choice.actor, choice.target) in declaration
    if choice.actor is not None:
        return any(a == choice.actor for a, _ in declaration)
    return any(t == choice.target for _, t in declaration)


def _check_forced(
    forced: ForcedChoices, legal: list[Pairs], actors: list[str], targets: list[str], pairs: list[tuple[str, str]]
) -> None:
    """Every listed choice is made by all (or none) of the legal declarations, and every choice (among `pairs`, the
    actors and the targets) that is made by all (none) is listed or implied by a listed one; no other pair is
    listed."""
    assert forced.status == "exact"
    for choice in forced.always:
        assert all(_holds(choice, d) for d in legal), choice
    for choice in forced.never:
        assert not any(_holds(choice, d) for d in legal), choice
    always = {(c.actor, c.target) for c in forced.always}
    never = {(c.actor, c.target) for c in forced.never}
    # A pair that is no choice at all (a creature and an attacker of another defending player, 802.4a) isn't listed.
    assert all(a is None or t is None or (a, t) in pairs for a, t in always | never), (always, never)
    for a, t in pairs:
        if all((a, t) in d for d in legal):
            assert (a, t) in always
        if not any((a, t) in d for d in legal) and any(p[0] == a for d in legal for p in d):
            assert (a, t) in never or (None, t) in never
    for a in actors:
        makes = [any(x == a for x, _ in d) for d in legal]
        if all(makes):
            assert (a, None) in always or any(x == a for x, _ in always)
        if not any(makes):
            assert (a, None) in never
    for t in targets:
        gets = [any(y == t for _, y in d) for d in legal]
        if all(gets):
            assert (None, t) in always or any(y == t for _, y in always)
        if not any(gets):
            assert (None, t) in never


def _check_can(
    snapshot: Snapshot,
    answer: ChoiceAnswer,
    choice: tuple[str, str],
    legal: list[Pairs],
    *,
    with_choice: list[Pairs],
    pair_allowed: bool,
    obeyed: Callable[[Pairs], int],
    optimum: int,
) -> None:
    """Yes iff some legal declaration makes the choice, and then the one given is legal and makes it; no with the
    restrictions when no restriction-obeying declaration makes it, else with the requirements it costs."""
    if any(choice in d for d in legal):
        assert answer.answer == "yes" and answer.declaration is not None
        pairs = (
            answer.declaration.attack_pairs() if answer.question == "can_attack" else answer.declaration.block_pairs()
        )
        assert frozenset(pairs) in legal and choice in pairs
        assert check(snapshot.model_copy(update={"declaration": answer.declaration})).verdict == "legal"
    else:
        assert answer.answer == "no", answer
        if not pair_allowed or not with_choice:
            assert answer.forbidden_by and not answer.missed_requirements
        else:
            assert answer.missed_requirements and not answer.forbidden_by
            assert answer.requirements_with_choice == max(obeyed(d) for d in with_choice)
            assert answer.requirements_optimum == optimum


def _check_count(snapshot: Snapshot, legal: list[Pairs], pairs_of: Any) -> None:
    counted = count_declarations(snapshot, limit=10_000, show=10_000)
    assert (counted.status, counted.count) == ("exact", len(legal))
    assert {frozenset(pairs_of(d)) for d in counted.declarations} == set(legal)


@SETTINGS
@given(board=boards(), pick=st.integers(0, 10**9))
@example(board=CROSS_PLAYER, pick=0)
@example(board=CROSS_PLAYER, pick=3)
@example(board=_multiplayer(ALONE), pick=0)
@example(board=_multiplayer(ALONE, two_headed=True), pick=0)
@example(board=_multiplayer(ALONE, two_headed=True), pick=1)
@example(board=_multiplayer(ARBITER, effects=ONE_BLOCKER), pick=0)
@example(board=_multiplayer(ARBITER, two_headed=True, effects=ONE_BLOCKER), pick=2)
def test_block_questions_agree_with_brute_force(board: dict[str, Any], pick: int) -> None:
    snapshot = snapshot_from_data(board)
    ref = RefBoard.of(snapshot)
    optimum = reference_optimum(ref)

    def costly(b: str, a: str) -> bool:  # a blocker's own cost, or a cost to block that attacker (block_cost_against)
        return bool(costs_of(ref, ref.perms[b]) or pair_costs_of(ref.perms[b], ref.perms[a]))

    free = [d for d in all_declarations(ref, beyond_capacity=0) if not any(costly(b, a) for b, a in d)]
    obeying = [d for d in free if block_ok(ref, d)]
    legal = [d for d in obeying if requirements_obeyed(ref, d) >= optimum]
    _check_count(snapshot, legal, lambda d: d.block_pairs())

    blockers = [b.id for b in ref.defending_creatures()]
    attackers = [a.id for a in ref.attackers]
    same_side = [
        (b, a) for b in blockers for a in attackers if ref.team[ref.perms[b].controller] == ref.team[ref.defender[a]]
    ]
    _check_forced(forced_choices(snapshot), legal, blockers, attackers, same_side)

    cost_free = [(b, a) for b, a in same_side if not costly(b, a)]
    if not cost_free:
        return
    b, a = cost_free[pick % len(cost_free)]
    _check_can(
        snapshot,
        can_block(snapshot, b, a),
        (b, a),
        legal,
        with_choice=[d for d in obeying if (b, a) in d],
        pair_allowed=pair_ok(ref, ref.perms[b], ref.perms[a]),
        obeyed=lambda d: requirements_obeyed(ref, d),
        optimum=optimum,
    )


@SETTINGS
@given(board=attack_boards(), pick=st.integers(0, 10**9))
def test_attack_questions_agree_with_brute_force(board: dict[str, Any], pick: int) -> None:
    snapshot = snapshot_from_data(board)
    ref = AttackBoard.of(snapshot)
    optimum = attack_optimum(ref)
    obeying = [a for a in all_attacks(ref) if attack_ok(ref, a) and not pays(ref, a)]
    legal = [a for a in obeying if attack_obeyed(ref, a) >= optimum]
    _check_count(snapshot, legal, lambda d: d.attack_pairs())

    creatures = [c.id for c in ref.creatures()]
    targets = list(ref.targets)
    _check_forced(forced_choices(snapshot), legal, creatures, targets, [(c, t) for c in creatures for t in targets])

    cost_free = [(c, t) for c in creatures for t in targets if not pays(ref, frozenset({(c, t)}))]
    if not cost_free:
        return
    c, t = cost_free[pick % len(cost_free)]
    _check_can(
        snapshot,
        can_attack(snapshot, c, t),
        (c, t),
        legal,
        with_choice=[a for a in obeying if (c, t) in a],
        pair_allowed=attack_pair_ok(ref, ref.perms[c], t),
        obeyed=lambda a: attack_obeyed(ref, a),
        optimum=optimum,
    )
