"""Deliberate mistakes: the ways a legal declaration can be made illegal on a given board, each named after the
catalog key of the rule it is sure to break."""

from __future__ import annotations

from collections.abc import Callable

from .attack_board import AttackBoard
from .block_board import BlockBoard
from .rates import AttackPattern, Pattern
from .table import Creature

Mutation = Callable[[], None]


def block_mistakes(board: BlockBoard, pattern: Pattern) -> dict[str, Mutation]:
    """The mistakes that this board allows, each one sure to break the rule it is named after."""
    rng = board.rng
    out: dict[str, Mutation] = {}
    attackers = board.attackers
    defenders = board.defending_creatures()

    def assign(blocker: Creature, targets: list[Creature]) -> Mutation:
        return lambda: board.blocks.__setitem__(blocker.id, [t.id for t in targets])

    def owned(c: Creature, a: Creature) -> bool:
        return c.controller == board.defender_of(a)

    def pick(pairs: list[tuple[Creature, Creature]]) -> tuple[Creature, Creature] | None:
        return rng.choice(pairs) if pairs else None

    untapped = [c for c in defenders if not c.tapped]
    choice = pick(
        [
            (c, a)
            for a in attackers
            if a.has("flying")
            for c in untapped
            if owned(c, a) and not (c.has("flying") or c.has("reach"))
        ]
    )
    if choice:
        out["flying"] = assign(choice[0], [choice[1]])
    choice = pick([(c, a) for a in attackers if a.has("menace") for c in defenders if board.can_block(c, a)])
    if choice:
        blocker, menace = choice

        def alone() -> None:
            for b in board.blockers_of(menace):
                board.blocks[b].remove(menace.id)
                if not board.blocks[b]:
                    del board.blocks[b]
            board.blocks[blocker.id] = [menace.id]

        out["menace"] = alone
    choice = pick([(c, a) for a in attackers for c in defenders if c.tapped and owned(c, a)])
    if choice:
        out["untapped_creature_blocks"] = assign(choice[0], [choice[1]])
    groups = [
        (c, options)
        for c in defenders
        if len(options := [a for a in attackers if board.can_block(c, a)]) > board.capacity(c)
    ]
    if groups:
        blocker, options = rng.choice(groups)
        out["one_attacker_per_blocker"] = assign(blocker, rng.sample(options, board.capacity(blocker) + 1))
    choice = pick([(c, a) for a in attackers for c in untapped if not owned(c, a)])
    if choice:
        out["blocks_attacker_of_its_player"] = assign(choice[0], [choice[1]])
    choice = pick([(c, a) for a in attackers for c in untapped if c.has("cant_block") and owned(c, a)])
    if choice:
        out["cant_block"] = assign(choice[0], [choice[1]])
    choice = pick(
        [(c, a) for a in attackers if a.protection for c in untapped if owned(c, a) and a.protection in c.colors]
    )
    if choice:
        out["protection"] = assign(choice[0], [choice[1]])
    choice = pick([(c, a) for a in attackers if a.has("cant_be_blocked") for c in untapped if owned(c, a)])
    if choice:
        out["cant_be_blocked"] = assign(choice[0], [choice[1]])

    # Missing a requirement: a cost-free creature that obeys one stops blocking. Requirements only count blocks,
    # so removing blocks never obeys another one; and every other requirement stays as the optimum has it.
    def stop(blocker_id: str) -> Mutation:
        def mutate() -> None:
            del board.blocks[blocker_id]

        return mutate

    by_id = {c.id: c for c in board.creatures}
    if pattern in ("lure", "paid_lure", "double_lure", "provoke_vs_lure"):
        lured = [
            b
            for b, targets in board.blocks.items()
            if any(by_id[t].has("all_able_must_block_it") for t in targets) and not board.costs(by_id[b])
        ]
        if lured:
            out["all_able_must_block_it"] = stop(rng.choice(lured))
    if pattern == "paid_lure":
        # Qal Sisma Behemoth and Roar of Challenge: the paid creature blocks another attacker instead of the Lure.
        # Paid for, it was able to block the Lure; the other attacker carries no requirement or restriction on
        # being blocked by one creature, so this misses exactly that Lure requirement.
        moves = [
            (by_id[b], a)
            for b in board.blocks
            if board.costs(by_id[b])
            for a in attackers
            if not (a.has("all_able_must_block_it") or a.has("menace")) and board.can_block(by_id[b], a)
        ]
        if moves and (not lured or rng.random() < 0.5):
            paid, other = rng.choice(moves)
            out["all_able_must_block_it"] = assign(paid, [other])
    if pattern in ("provoke", "provoke_vs_lure"):
        provoked = [c for c in defenders if c.blocks_if_able and c.id in board.blocks]
        if provoked:
            out["blocks_if_able"] = stop(provoked[0].id)
    if pattern in ("must_be_blocked", "two_must_be_blocked"):
        musts = [a for a in attackers if a.has("must_be_blocked_if_able") and board.blockers_of(a)]
        if musts:
            target = rng.choice(musts)

            def unblock() -> None:
                for b in board.blockers_of(target):
                    del board.blocks[b]

            out["must_be_blocked_if_able"] = unblock
    return out


def attack_mistakes(board: AttackBoard, pattern: AttackPattern) -> dict[str, Mutation]:
    """The mistakes that this board allows, each one sure to break the rule it is named after.

    A restriction is broken by adding (or moving) one attack. A requirement is missed by removing attacks that
    obey it, or moving them to a target that obeys no other requirement: requirements only count attacks, so this
    obeys nothing new; the legal declaration obeyed exactly the most that can be obeyed (no paid attack obeys a
    requirement on these boards), so the mutated one obeys fewer.
    """
    rng = board.rng
    out: dict[str, Mutation] = {}
    attacks = board.attacks
    own = board.own
    targets = list(board.targets())
    free = board.free()
    idle = [c for c in own if c.id not in attacks]

    def attack(c: Creature, target: str) -> Mutation:
        return lambda: attacks.__setitem__(c.id, target)

    def stop(c: Creature) -> Mutation:
        def mutate() -> None:
            del attacks[c.id]

        return mutate

    sick = [c for c in idle if board.sick(c) and not c.tapped and not c.has("defender")]
    if sick:
        out["summoning_sickness"] = attack(rng.choice(sick), rng.choice(targets))
    tapped = [c for c in idle if c.tapped and not board.sick(c) and not c.has("defender")]
    if tapped:
        out["untapped_creature_attacks"] = attack(rng.choice(tapped), rng.choice(targets))
    walls = [c for c in idle if c.has("defender") and not board.exempt(c)]
    if walls:
        out["defender"] = attack(rng.choice(walls), rng.choice(targets))
    # A player the attack option leaves out (or that player's planeswalker), one's own planeswalker or a battle
    # one protects.
    outside = [
        t for t in [*board.players, *board.planeswalkers, *board.battles] if t not in targets and t != board.active
    ]
    movers = [c for c in own if board.able(c)]
    if outside and movers:
        out["attack_target"] = attack(rng.choice(movers), rng.choice(outside))
    if board.max_attackers is not None:
        extra = [c for c in idle if board.free_targets(c)]
        need = board.max_attackers + 1 - len(attacks)
        if len(extra) >= need:
            added = [(c, board.pick(board.free_targets(c))) for c in rng.sample(extra, need)]

            def too_many() -> None:
                for c, target in added:
                    attacks[c.id] = target

            out["max_attacking_creatures"] = too_many
    if pattern in ("none", "cost"):
        loners = [c for c in own if c.has("cant_attack_alone") and board.free_targets(c)]
        if loners:
            loner = rng.choice(loners)
            target = board.pick(board.free_targets(loner))

            def alone() -> None:
                attacks.clear()
                attacks[loner.id] = target

            out["cant_attack_alone"] = alone

    # Missing a requirement.
    if pattern in ("attacks_each_combat", "arbiter_vs_forced"):
        forced = [c for c in own if c.has("attacks_each_combat_if_able") and c.id in attacks]
        if forced:
            out["attacks_each_combat_if_able"] = stop(rng.choice(forced))
    if pattern in ("attacks_if_able", "arbiter_vs_gideon"):
        obeying = [c for c in own if c.attacks_if_able is not None and attacks.get(c.id) == c.attacks_if_able]
        if obeying:
            c = rng.choice(obeying)
            elsewhere = [t for t in free if t != c.attacks_if_able]
            out["attacks_if_able"] = attack(c, rng.choice(elsewhere)) if elsewhere and rng.random() < 0.5 else stop(c)
    if pattern in ("goad", "two_goaders", "goad_vs_trove", "arbiter_vs_forced"):
        goaded = [c for c in own if c.goaded_by and c.id in attacks]
        if goaded:
            c = rng.choice(goaded)
            target = attacks[c.id]
            # Moving from a player to a planeswalker or battle misses "attacks a player other than" each goader
            # that player is not (but not to Trove's side: that would obey Trove instead); stopping misses all.
            trove_side = board.trove_side() if board.trove_applies() else []
            not_players = [t for t in free if t not in board.players and t not in trove_side]
            if target in board.players and any(g != target for g in c.goaded_by) and not_players and rng.random() < 0.5:
                out["goad"] = attack(c, rng.choice(not_players))
            else:
                out["goad"] = stop(c)
    if pattern == "trove" and board.trove_applies():
        side = board.trove_side()
        hitters = [c for c in own if attacks.get(c.id) in side]
        if hitters:
            elsewhere = [t for t in free if t not in side]
            moves = [(c, rng.choice(elsewhere) if elsewhere and rng.random() < 0.5 else None) for c in hitters]

            def avoid() -> None:
                for c, target in moves:
                    if target is None:
                        del attacks[c.id]
                    else:
                        attacks[c.id] = target

            out["must_be_attacked"] = avoid
    return out
