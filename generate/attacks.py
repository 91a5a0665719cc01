"""Building a declare-attackers board: its creatures and effects, its requirement pattern, and the legal attacks
that obey the most requirements."""

from __future__ import annotations

from .attack_board import AttackBoard
from .rates import (
    ATTACK_PATTERN_RATES,
    ATTACK_PLANESWALKER_RATE,
    ATTACK_RATE,
    BATTLE_RATE,
    CANT_ATTACK_ALONE_RATE,
    COMMANDER_BOOST,
    MULTIPLAYER_PATTERNS,
    PAY_RATE,
    TAPPED_RATE,
    TROVE_OWN_RATE,
    AttackPattern,
)
from .table import Creature


def attack_pattern_weights(mix: str, board: AttackBoard) -> dict[AttackPattern, float]:
    """The mix's attack patterns that fit this game: Commander boosts, two-defender patterns only where possible."""
    multiplayer = len(board.players) > 2
    weights = {
        p: w * (COMMANDER_BOOST.get(p, 1.0) if multiplayer else 1.0)
        for p, w in ATTACK_PATTERN_RATES[mix].items()
        if len(board.defending_players()) > 1 or p not in MULTIPLAYER_PATTERNS
    }
    return weights


def populate_attack(board: AttackBoard, pattern: AttackPattern) -> None:
    """Lands, planeswalkers, the odd battle, the active player's creatures and their opponents'."""
    rng, turn = board.rng, board.turn
    for player in board.players:
        board.lands(player)
    for player in board.players:
        if rng.random() < ATTACK_PLANESWALKER_RATE:
            board.planeswalker(player)
    # No battle on Trove boards: the checker counts an attack on a battle its owner protects as obeying Trove of
    # Temptation, which the card does not say (see docs/batch.md), so the generator stays out of that case.
    if pattern not in ("trove", "goad_vs_trove") and rng.random() < BATTLE_RATE:
        controller = rng.choice(board.players)
        board.battle(controller, rng.choice([p for p in board.players if p != controller]))
    for _ in range(rng.randint(1, min(2 + turn // 2, 7))):
        board.creatures.append(board.own_creature())
    for player in board.players:
        if player == board.active:
            continue
        for _ in range(rng.randint(0, min(1 + turn // 2, 7))):
            c = board.fighter(player)
            c.tapped = rng.random() < TAPPED_RATE
            board.creatures.append(c)
    if pattern in ("none", "cost"):
        for c in board.own:
            if not c.has("defender") and rng.random() < CANT_ATTACK_ALONE_RATE:
                c.keywords.add("cant_attack_alone")


def _able_own(board: AttackBoard, count: int) -> list[Creature]:
    """`count` creatures of the active player that can attack (new ones if too few)."""
    able = [c for c in board.own if board.able(c)]
    chosen = board.rng.sample(able, min(count, len(able)))
    while len(chosen) < count:
        chosen.append(board.able_creature())
    return chosen


def _some_own(board: AttackBoard, count: int) -> list[Creature]:
    """`count` creatures of the active player, able to attack or not, that aren't walls (new ones if too few)."""
    fighters = [c for c in board.own if not c.has("defender")]
    chosen = board.rng.sample(fighters, min(count, len(fighters)))
    while len(chosen) < count:
        chosen.append(board.able_creature())
    return chosen


def _goad_target(board: AttackBoard, c: Creature) -> str | None:
    """The cost-free target that obeys the most of a goaded creature's requirements (701.38b-c): a player other
    than every goader obeys them all; a goader obeys "attacks" and "other than" each other goader; a planeswalker
    or a battle obeys only "attacks"."""
    free = board.free_targets(c)
    goaders = set(c.goaded_by)
    best_first = (
        [t for t in free if t in board.players and t not in goaders],
        [t for t in free if t in board.players],
        free,
    )
    for group in best_first:
        if group:
            return board.rng.choice(group)
    return None


def _goad_score(board: AttackBoard, c: Creature) -> int:
    """Requirements of a creature goaded by one player, or attacking each combat, that one cost-free attack obeys."""
    if not c.goaded_by:
        return 1
    return 1 + any(p in board.players and p not in c.goaded_by for p in board.free())


def attack_requirements(board: AttackBoard, pattern: AttackPattern) -> None:
    """Set up the pattern's effects and requirements, and the attacks that obey the most requirements."""
    rng = board.rng
    opponents = [p for p in board.players if p != board.active]
    defending = board.defending_players()
    attacks = board.attacks
    if pattern == "cost":
        for player in rng.sample(opponents, 2 if len(opponents) > 2 and rng.random() < 0.3 else 1):
            board.attack_cost(player)
    elif pattern == "max_attackers":
        board.silent_arbiter()
    elif pattern == "attacks_each_combat":
        # Each one that can attacks something: every requirement obeyed (no cost, no limit on this board).
        for c in _some_own(board, rng.choice((1, 1, 2))):
            c.keywords.add("attacks_each_combat_if_able")
            if board.able(c):
                attacks[c.id] = board.pick(board.free_targets(c))
    elif pattern == "attacks_if_able":
        player = rng.choice(defending)
        if rng.random() < 0.6:  # Gideon Jura's +2: every creature of the active player attacks Gideon if able
            gideon = board.planeswalker(player, "Gideon Jura")
            for c in board.own:
                c.attacks_if_able = gideon
                if board.able(c):
                    attacks[c.id] = gideon
        else:  # Alluring Siren: one creature attacks the Siren's controller if able
            name = "Alluring Siren"
            board.creatures.append(Creature(board.new_id(name), name, player, 1, 1, ("U",), ("siren",)))
            c = _some_own(board, 1)[0]
            c.attacks_if_able = player
            if board.able(c):
                attacks[c.id] = player
    elif pattern == "trove":
        board.trove_of_temptation(board.active if rng.random() < TROVE_OWN_RATE else rng.choice(opponents))
        # obeyed in finish_attacks, after the free attacks
    elif pattern == "goad":
        if len(opponents) > 1 and rng.random() < 0.3:
            board.attack_cost(rng.choice(opponents))
        for c in rng.sample(board.own, min(len(board.own), rng.choice((1, 1, 2)))):
            goaders = (
                rng.sample(opponents, 2) if len(opponents) > 2 and rng.random() < 0.35 else [rng.choice(opponents)]
            )
            free_players = {p for p in board.free() if p in board.players}
            if len(goaders) == 2 and free_players == set(goaders):
                # Both goaders free and no other free player: "attacks a player other than ben" and "... other
                # than cai" conflict. That is the two_goaders pattern; here one goader keeps the board conflict-free.
                goaders = goaders[:1]
            c.goaded_by = tuple(goaders)
            if board.able(c) and (target := _goad_target(board, c)):
                attacks[c.id] = target
    elif pattern == "two_goaders":
        # Goaded by ben and cai, and every other player taxed: attacking ben misses "other than ben", attacking
        # cai misses "other than cai". Three of the four requirements per creature is the most.
        goaders = rng.sample(defending, 2)
        for player in opponents:
            if player not in goaders:
                board.attack_cost(player)
        for c in _able_own(board, rng.choice((1, 1, 2))):
            c.goaded_by = tuple(goaders)
            attacks[c.id] = rng.choice(goaders)
    elif pattern == "goad_vs_trove":
        # Goaded by the Trove's owner, and no other creature able to attack: attacking the owner obeys Trove but
        # misses "other than" the owner. 2n of the 2n + 1 requirements is the most, either way.
        owner = rng.choice(defending)
        board.trove_of_temptation(owner)
        goaded = _able_own(board, rng.choice((1, 1, 2)))
        for c in board.own:
            if c not in goaded and board.able(c):
                if c.has("haste") or rng.random() < 0.5:
                    c.tapped = True
                else:
                    c.entered_this_turn = True
        others = [p for p in defending if p != owner]
        hit = rng.choice(goaded) if rng.random() < 0.5 else None
        for c in goaded:
            c.goaded_by = (owner,)
            attacks[c.id] = board.pick(board.trove_side()) if c is hit else rng.choice(others)
    elif pattern == "arbiter_vs_forced":
        # Silent Arbiter and two or three creatures forced to attack: only one may. The one whose attack obeys the
        # most requirements attacks (a creature goaded in multiplayer obeys two, others one).
        board.silent_arbiter()
        forced = _able_own(board, rng.choice((2, 2, 3)))
        for c in forced:
            if rng.random() < 0.4:
                c.goaded_by = (rng.choice(opponents),)
            else:
                c.keywords.add("attacks_each_combat_if_able")
        best = max(_goad_score(board, c) for c in forced)
        chosen = rng.choice([c for c in forced if _goad_score(board, c) == best])
        target = _goad_target(board, chosen) if chosen.goaded_by else board.pick(board.free_targets(chosen))
        assert target is not None
        attacks[chosen.id] = target
    elif pattern == "arbiter_vs_gideon":
        # Silent Arbiter and Gideon Jura: every creature must attack Gideon, only one may.
        board.silent_arbiter()
        gideon = board.planeswalker(rng.choice(defending), "Gideon Jura")
        able = _able_own(board, rng.choice((2, 2, 3)))
        for c in board.own:
            c.attacks_if_able = gideon
        attacks[rng.choice(able).id] = gideon


def free_attacks(board: AttackBoard, pattern: AttackPattern) -> None:
    """Creatures without a requirement attack (or not) as players do; some pay Propaganda."""
    if pattern in ("arbiter_vs_forced", "arbiter_vs_gideon"):
        return
    rng = board.rng
    for c in board.own:
        if c.id in board.attacks or board.forced(c) or not board.able(c) or rng.random() >= ATTACK_RATE:
            continue
        options = list(board.targets()) if board.cost_players and rng.random() < PAY_RATE else board.free_targets(c)
        if options:
            board.attacks[c.id] = board.pick(options)


def finish_attacks(board: AttackBoard, pattern: AttackPattern) -> None:
    """Silent Arbiter's limit, Trove of Temptation's requirement and "can't attack alone"."""
    rng = board.rng
    attacks = board.attacks
    if pattern == "max_attackers" and board.max_attackers is not None:
        while len(attacks) > board.max_attackers:
            del attacks[rng.choice(list(attacks))]
    if pattern == "trove" and board.trove_applies():
        side = board.trove_side()
        able = [c for c in board.own if board.able(c)]
        if side and able and not any(t in side for t in attacks.values()):
            idle = [c for c in able if c.id not in attacks]
            attacks[rng.choice(idle or able).id] = board.pick(side)
    for c in board.own:
        if c.has("cant_attack_alone") and list(attacks) == [c.id]:
            partners = [o for o in board.own if o is not c and board.free_targets(o)]
            if partners:
                partner = rng.choice(partners)
                attacks[partner.id] = board.pick(board.free_targets(partner))
            else:
                del attacks[c.id]
