"""Building a declare-blockers board: its creatures, its requirement pattern, and the legal blocks that obey the
most requirements."""

from __future__ import annotations

from .block_board import BlockBoard
from .rates import BLOCK_RATE, COST_SOURCES, PLANESWALKER_RATE, TAPPED_RATE, Pattern
from .table import Creature


def populate_blocks(board: BlockBoard, pattern: Pattern) -> None:
    """Creatures on both sides, who attacks whom, lands, planeswalkers and block costs."""
    rng, turn = board.rng, board.turn
    opponents = [p for p in board.players if p != board.active]
    defending = board.defending_players()
    for player in board.players:
        board.lands(player)
    walkers = {}
    for player in opponents:
        if rng.random() < PLANESWALKER_RATE:
            walkers[player] = board.planeswalker(player)
    cap = min(2 + turn // 2, 7)
    own = [board.creature(board.active) for _ in range(rng.randint(1, cap))]
    for i, c in enumerate(own):
        if i == 0 or rng.random() < 0.75:
            target = rng.choice(defending)
            c.attacking = walkers[target] if target in walkers and rng.random() < 0.5 else target
            c.tapped = not c.has("vigilance")
    board.creatures += own
    for player in opponents:
        for _ in range(rng.randint(0, min(1 + turn // 2, 7))):
            c = board.creature(player)
            c.tapped = rng.random() < TAPPED_RATE
            board.creatures.append(c)
    if pattern == "cost":
        defenders = board.defending_creatures()
        if defenders and rng.random() < 0.5:
            rng.choice(defenders).block_cost = rng.choice(("{1}", "{2}", "{3}", "{2}{U}"))
        else:
            board.effects.append({"block_cost": rng.choice(("{1}", "{2}")), "source": rng.choice(COST_SOURCES)})


def _plain_attacker(board: BlockBoard, defender: str, other_than: Creature | None = None) -> Creature:
    """An attacker of `defender` that every untapped creature of theirs can block: the target of a requirement.

    It has no requirement yet and no evasion; an existing attacker if one fits, else a new one attacking the player.
    """
    special = ("menace", "flying", "cant_be_blocked", "all_able_must_block_it", "must_be_blocked_if_able")
    candidates = [
        a
        for a in board.attackers
        if board.defender_of(a) == defender
        and a is not other_than
        and not (any(a.has(k) for k in special) or a.protection)
    ]
    if candidates:
        return board.rng.choice(candidates)
    attacker = board.creature(board.active)
    attacker.keywords -= set(special)
    attacker.protection = None
    attacker.attacking = defender
    attacker.tapped = not attacker.has("vigilance")
    board.creatures.append(attacker)
    return attacker


def _able_defenders(board: BlockBoard, defender: str, minimum: int) -> list[Creature]:
    """Untapped, cost-free creatures of `defender` that can block (adding some if fewer than `minimum`)."""
    able = [
        c
        for c in board.defending_creatures(defender)
        if not c.tapped and not c.has("cant_block") and not board.costs(c)
    ]
    while len(able) < minimum:
        c = board.creature(defender)
        c.keywords.discard("cant_block")
        c.tapped = False
        board.creatures.append(c)
        able.append(c)
    return able


def block_requirements(board: BlockBoard, pattern: Pattern) -> None:
    """Set up the pattern's requirement abilities and the blocks that obey the most requirements."""
    if pattern in ("none", "cost"):
        return
    rng = board.rng
    defender = board.defender_of(rng.choice(board.attackers))
    if pattern == "lure":
        lure = _plain_attacker(board, defender)
        lure.keywords.add("all_able_must_block_it")
        for c in _able_defenders(board, defender, 1):
            board.blocks[c.id] = [lure.id]
    elif pattern == "paid_lure":
        # One of the creatures able to block the Lure can block only if its controller pays (Qal Sisma Behemoth).
        # Nobody has to pay, but this declaration does, and a creature paid for is held to the Lure like the others.
        lure = _plain_attacker(board, defender)
        lure.keywords.add("all_able_must_block_it")
        able = _able_defenders(board, defender, 2)
        rng.choice(able).block_cost = rng.choice(("{1}", "{2}"))
        for c in able:
            board.blocks[c.id] = [lure.id]
    elif pattern == "provoke":
        target = _plain_attacker(board, defender)
        provoked = rng.choice(_able_defenders(board, defender, 1))
        provoked.blocks_if_able = target.id
        board.blocks[provoked.id] = [target.id]
    elif pattern == "must_be_blocked":
        target = _plain_attacker(board, defender)
        target.keywords.add("must_be_blocked_if_able")
        able = _able_defenders(board, defender, 1)
        for c in rng.sample(able, rng.randint(1, min(2, len(able)))):
            board.blocks[c.id] = [target.id]
    elif pattern == "double_lure":
        first = _plain_attacker(board, defender)
        first.keywords.add("all_able_must_block_it")
        second = _plain_attacker(board, defender, other_than=first)
        second.keywords.add("all_able_must_block_it")
        for c in _able_defenders(board, defender, 1):
            board.blocks[c.id] = [rng.choice((first.id, second.id))]
    elif pattern == "provoke_vs_lure":
        lure = _plain_attacker(board, defender)
        lure.keywords.add("all_able_must_block_it")
        target = _plain_attacker(board, defender, other_than=lure)
        able = _able_defenders(board, defender, 1)
        provoked = rng.choice(able)
        provoked.blocks_if_able = target.id
        for c in able:
            board.blocks[c.id] = [lure.id]
        board.blocks[provoked.id] = [rng.choice((lure.id, target.id))]
    elif pattern == "two_must_be_blocked":
        first = _plain_attacker(board, defender)
        second = _plain_attacker(board, defender, other_than=first)
        first.keywords.add("must_be_blocked_if_able")
        second.keywords.add("must_be_blocked_if_able")
        able = _able_defenders(board, defender, 1)
        keep = rng.choice(able)
        for c in able:
            if c is not keep:
                c.tapped = True  # exactly one creature can block: it can satisfy only one of the two
        board.blocks[keep.id] = [rng.choice((first.id, second.id))]
    # Requirement boards keep one attacker per blocker, so each blocker obeys at most one requirement.
    for c in board.defending_creatures(defender):
        c.block_additional = 0


def free_blocks(board: BlockBoard, pattern: Pattern) -> None:
    """Creatures no requirement binds block (or not) as players do; menace gets two blockers or none."""
    rng = board.rng
    attackers = board.attackers
    paying_allowed = pattern in ("none", "cost")
    for c in board.unassigned():
        if c.tapped or c.has("cant_block") or (board.costs(c) and not (paying_allowed and rng.random() < 0.3)):
            continue
        if rng.random() >= BLOCK_RATE:
            continue
        options = [a for a in attackers if board.can_block(c, a)]
        if options:
            n = min(len(options), board.capacity(c) if rng.random() < 0.5 else 1)
            board.blocks[c.id] = [a.id for a in rng.sample(options, n)]
    for attacker in attackers:
        if not attacker.has("menace"):
            continue
        blockers = board.blockers_of(attacker)
        if len(blockers) != 1:
            continue
        extra = [c for c in board.unassigned() if board.can_block(c, attacker) and not board.costs(c)]
        if extra:
            board.blocks[rng.choice(extra).id] = [attacker.id]
        else:
            board.blocks[blockers[0]].remove(attacker.id)
            if not board.blocks[blockers[0]]:
                del board.blocks[blockers[0]]
