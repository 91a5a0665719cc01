"""A brute-force reference for declare-attackers legality (508.1), written independently of the solver."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from dataclasses import dataclass

from combatcheck.models import Permanent, Snapshot
from combatcheck.models.abilities import (
    AttackCost,
    AttacksIfAble,
    CantAttackPlaneswalkersOf,
    CantAttackPlayers,
    CantAttackUnlessAlsoAttacking,
    CantAttackUnlessDefenderControls,
    CantAttackUnlessOthersAttack,
    GoadedBy,
)
from combatcheck.models.characteristics import CardType
from combatcheck.models.effects import (
    AttackCostEffect,
    CantAttackEffect,
    MaxAttackersAgainstEffect,
    MaxAttackersEffect,
    MustBeAttackedEffect,
)
from reference_common import abilities, has, with_grants

Attack = frozenset[tuple[str, str]]  # (creature, target)


@dataclass
class AttackBoard:
    snapshot: Snapshot
    perms: dict[str, Permanent]
    attackers_side: list[str]  # attacking players
    defending: list[str]
    targets: dict[str, str]  # target -> defending player
    team: dict[str, str]

    @classmethod
    def of(cls, s: Snapshot) -> AttackBoard:
        perms = with_grants(s)
        team = {pl.id: (pl.team or pl.id) if s.shared_team_turns else pl.id for pl in s.players}
        order = [pl.id for pl in s.players]
        me = s.active_player
        side = [p for p in order if team[p] == team[me]]
        opponents = [p for p in order if team[p] != team[me]]
        if s.range_of_influence is not None:
            size, seat = len(order), order.index(me)
            opponents = [
                p
                for p in opponents
                if min((order.index(p) - seat) % size, (seat - order.index(p)) % size) <= s.range_of_influence
            ]
        if s.attack_option == "chosen":
            defending = [s.defending_player] if s.defending_player in opponents else []
        elif s.attack_option == "left":
            n = order[(order.index(me) + 1) % len(order)]
            defending = [n] if n in opponents else []
        elif s.attack_option == "right":
            n = order[(order.index(me) - 1) % len(order)]
            defending = [n] if n in opponents else []
        else:
            defending = opponents
        targets = {d: d for d in defending}
        for p in perms.values():
            if p.phased_out:
                continue
            if CardType.BATTLE in p.types and p.protector in defending:
                targets[p.id] = p.protector
            elif CardType.PLANESWALKER in p.types and p.controller in defending:
                targets[p.id] = p.controller
        return cls(s, perms, side, [str(d) for d in defending], {k: str(v) for k, v in targets.items()}, team)

    def creatures(self) -> list[Permanent]:
        return [p for p in self.perms.values() if CardType.CREATURE in p.types and p.controller in self.attackers_side]

    def able(self, c: Permanent) -> bool:
        return (
            CardType.CREATURE in c.types
            and CardType.BATTLE not in c.types
            and not c.tapped
            and not c.phased_out
            and not (c.entered_this_turn and not has(c, "haste"))
        )


def _walker_of(board: AttackBoard, target: str, player: str) -> bool:
    """`target` is a planeswalker `player` controls (not a battle they protect)."""
    perm = board.perms.get(target)
    return perm is not None and CardType.PLANESWALKER in perm.types and perm.controller == player


def pair_ok(board: AttackBoard, c: Permanent, t: str) -> bool:
    if not board.able(c) or t not in board.targets:
        return False
    if has(c, "defender") or has(c, "cant_attack"):
        return False
    defender = board.targets[t]
    for e in board.snapshot.effects:
        if not isinstance(e, CantAttackEffect) or (e.attackers is not None and not e.attackers.matches(c)):
            continue
        if t == e.cant_attack or (e.planeswalkers and _walker_of(board, t, e.cant_attack)):
            return False
    if any(t in x.cant_attack_players for x in abilities(c, CantAttackPlayers)):
        return False
    if any(
        _walker_of(board, t, p) for x in abilities(c, CantAttackPlaneswalkersOf) for p in x.cant_attack_planeswalkers_of
    ):
        return False
    for x in abilities(c, CantAttackUnlessDefenderControls):
        owned = [p for p in board.perms.values() if p.controller == defender and not p.phased_out]
        if not any(x.cant_attack_unless_defender_controls.matches(p, c) for p in owned):
            return False
    return True


def restrictions_ok(board: AttackBoard, attack: Attack) -> bool:
    creatures = {c.id for c in board.creatures()}
    if any(c not in creatures or not pair_ok(board, board.perms[c], t) for c, t in attack):
        return False
    attacking = {c for c, _ in attack}
    for c_id in attacking:
        c = board.perms[c_id]
        others = attacking - {c_id}
        if has(c, "cant_attack_alone") and not others:
            return False
        if has(c, "can_only_attack_alone") and others:
            return False
        if any(len(others) < x.cant_attack_unless_others_attack for x in abilities(c, CantAttackUnlessOthersAttack)):
            return False
        for x in abilities(c, CantAttackUnlessAlsoAttacking):
            if not any(x.cant_attack_unless_also_attacking.matches(board.perms[o], c) for o in others):
                return False
    for e in board.snapshot.effects:
        if isinstance(e, MaxAttackersEffect) and len(attacking) > e.max_attackers:
            return False
        if isinstance(e, MaxAttackersAgainstEffect) and (
            sum(1 for _, t in attack if t == e.max_attackers_against) > e.count
        ):
            return False
    return True


def paid_costs(board: AttackBoard, attack: Attack) -> frozenset[tuple[str, ...]]:
    """The costs an attack pays (508.1h): a creature's own attack cost, once ("creature", c), and each tax effect
    per creature attacking the taxed player or their planeswalkers ("tax", effect index, c, target)."""
    out: set[tuple[str, ...]] = set()
    for c, t in attack:
        if abilities(board.perms[c], AttackCost):
            out.add(("creature", c))
        for i, e in enumerate(board.snapshot.effects):
            if isinstance(e, AttackCostEffect) and (
                t == e.defender or (e.planeswalkers and _walker_of(board, t, e.defender))
            ):
                out.add(("tax", str(i), c, t))
    return frozenset(out)


def pays(board: AttackBoard, attack: Attack) -> bool:
    """Whether an attack pays any cost at all."""
    return bool(paid_costs(board, attack))


def requirements_obeyed(board: AttackBoard, attack: Attack) -> int:
    attacking = {c for c, _ in attack}
    players = [p.id for p in board.snapshot.players]
    n = 0
    for c in board.creatures():
        if not board.able(c):
            continue
        if has(c, "attacks_each_combat_if_able"):
            n += c.id in attacking
        for x in abilities(c, AttacksIfAble):
            n += (c.id, x.attacks_if_able) in attack
        goaders = {g for x in abilities(c, GoadedBy) for g in x.goaded_by}
        for g in goaders:
            n += c.id in attacking
            n += any((c.id, p) in attack for p in players if p != g)
    for e in board.snapshot.effects:
        if isinstance(e, MustBeAttackedEffect):
            for attacker in board.attackers_side:
                if board.team[attacker] == board.team[e.must_be_attacked]:
                    continue
                n += any(
                    board.perms[c].controller == attacker
                    and (t == e.must_be_attacked or _walker_of(board, t, e.must_be_attacked))
                    for c, t in attack
                )
    return n


def all_attacks(board: AttackBoard) -> Iterator[Attack]:
    creatures = board.creatures()
    options = [[None, *board.targets] for _ in creatures]
    for pick in itertools.product(*options):
        yield frozenset((c.id, t) for c, t in zip(creatures, pick, strict=True) if t is not None)


def reference_optimum(board: AttackBoard, paid: frozenset[tuple[str, ...]] = frozenset()) -> int:
    """The most requirements a restriction-obeying attack obeys paying no cost outside `paid` (508.1d: nobody has
    to pay, but a creature paid for is held to the requirements it can then obey)."""
    return max(
        (
            requirements_obeyed(board, a)
            for a in all_attacks(board)
            if restrictions_ok(board, a) and paid_costs(board, a) <= paid
        ),
        default=0,
    )
