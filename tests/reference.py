"""A brute-force reference for declare-blockers legality, written independently of the solver.

It enumerates every declaration of a small board, applies each rule straight from the Comprehensive Rules text
(no IR, no catalog), and takes the maximum number of requirements over restriction-obeying declarations that pay
no cost the proposal does not pay (509.1c: nobody has to pay, but a creature paid for is held to the requirements
it can then obey). Slow on purpose: it is the yardstick for the CP-SAT checker.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from dataclasses import dataclass

from combatcheck.models import Permanent, Snapshot
from combatcheck.models.abilities import (
    BlockCost,
    BlockCostAgainst,
    BlocksIfAble,
    CanBlockAdditional,
    CanBlockAsThoughReach,
    CanBlockOnly,
    CantBeBlockedBy,
    CantBeBlockedExceptBy,
    CantBeBlockedWhileDefenderControls,
    CantBlockCreatures,
    CantBlockUnlessAlsoBlocking,
    CantBlockUnlessOthersBlock,
    CostToBlockIt,
    Landwalk,
    MaxBlockers,
    MinBlockers,
    MustBeBlockedByAtLeastIfAble,
    MustBeBlockedByIfAble,
    ProtectionFrom,
)
from combatcheck.models.characteristics import CardType, Color, Supertype
from combatcheck.models.effects import BlockCostEffect, MaxBlockersEffect
from combatcheck.models.filters import CreatureFilter
from reference_common import abilities, has, with_grants

Declaration = frozenset[tuple[str, str]]  # (blocker, attacker)


@dataclass
class RefBoard:
    snapshot: Snapshot
    perms: dict[str, Permanent]
    attackers: list[Permanent]
    defender: dict[str, str]  # attacker -> defending player
    team: dict[str, str]

    @classmethod
    def of(cls, snapshot: Snapshot) -> RefBoard:
        perms = with_grants(snapshot)
        players = {pl.id for pl in snapshot.players}
        attackers = [p for p in perms.values() if p.attacking is not None and not p.phased_out]
        defender = {}
        for a in attackers:
            t = a.attacking
            assert t is not None
            if t in players:
                defender[a.id] = t
            else:
                target = perms[t]
                defender[a.id] = target.protector if CardType.BATTLE in target.types else target.controller  # type: ignore[assignment]
        team = {pl.id: (pl.team or pl.id) if snapshot.shared_team_turns else pl.id for pl in snapshot.players}
        return cls(snapshot, perms, attackers, defender, team)

    def defending_creatures(self) -> list[Permanent]:
        teams = {self.team[d] for d in self.defender.values()}
        return [
            p
            for p in self.perms.values()
            if CardType.CREATURE in p.types and not p.phased_out and self.team[p.controller] in teams
        ]


def pair_ok(board: RefBoard, b: Permanent, a: Permanent) -> bool:
    """Every single-pair rule: 509.1a basics, evasion (702.x), blocker's own restrictions."""
    tapped = b.tapped and not has(b, "can_block_as_though_untapped")  # Masako the Humorless
    if CardType.CREATURE not in b.types or CardType.BATTLE in b.types or tapped or b.phased_out:
        return False
    if board.team[b.controller] != board.team[board.defender[a.id]]:
        return False
    as_reach = any(x.can_block_as_though_reach.matches(a, b) for x in abilities(b, CanBlockAsThoughReach))
    if has(a, "flying") and not (has(b, "flying") or has(b, "reach") or as_reach):
        return False
    if has(a, "shadow") and not (has(b, "shadow") or has(b, "can_block_shadow")):  # 702.28b, Aetherflame Wall
        return False
    if has(b, "shadow") and not has(a, "shadow"):
        return False
    if has(a, "horsemanship") and not has(b, "horsemanship"):
        return False
    if has(a, "fear") and not (CardType.ARTIFACT in b.types or Color.BLACK in b.colors):
        return False
    if has(a, "intimidate") and not (CardType.ARTIFACT in b.types or set(a.colors) & set(b.colors)):
        return False
    if has(a, "skulk") and (b.power or 0) > (a.power or 0):
        return False
    if has(a, "cant_be_blocked") or has(b, "cant_block"):
        return False
    if has(a, "cant_be_blocked_while_attacking_alone") and len(board.attackers) == 1:  # 506.5: Dream Prowler
        return False
    lands = [
        p
        for p in board.perms.values()
        if p.controller == board.defender[a.id] and CardType.LAND in p.types and not p.phased_out
    ]
    for lw in abilities(a, Landwalk):
        spec = lw.landwalk
        for land in lands:
            if spec.nonbasic and Supertype.BASIC in land.supertypes:
                continue
            if spec.subtype and spec.subtype not in land.subtypes:
                continue
            if spec.supertype and spec.supertype not in land.supertypes:
                continue
            return False
    for pr in abilities(a, ProtectionFrom):
        for q in pr.protection_from:
            if q == "everything":
                return False
            if isinstance(q, Color) and q in b.colors:
                return False
            if isinstance(q, CardType) and q in b.types:
                return False
            if q == "multicolored" and len(set(b.colors)) > 1:
                return False
            if q == "monocolored" and len(set(b.colors)) == 1:
                return False
            if q == "colorless" and not b.colors:
                return False
            if isinstance(q, CreatureFilter) and q.matches(b, a):
                return False
    owned = [p for p in board.perms.values() if p.controller == board.defender[a.id] and not p.phased_out]
    for x in abilities(a, CantBeBlockedWhileDefenderControls):
        if any(x.cant_be_blocked_while_defender_controls.matches(p, a) for p in owned):
            return False
    if any(x.cant_be_blocked_by.matches(b, a) for x in abilities(a, CantBeBlockedBy)):
        return False
    if any(not x.cant_be_blocked_except_by.matches(b, a) for x in abilities(a, CantBeBlockedExceptBy)):
        return False
    if any(x.cant_block.matches(a, b) for x in abilities(b, CantBlockCreatures)):
        return False
    return not any(not x.can_block_only.matches(a, b) for x in abilities(b, CanBlockOnly))


def costs_of(board: RefBoard, b: Permanent) -> list[str]:
    out = [c.block_cost for c in abilities(b, BlockCost)]
    for e in board.snapshot.effects:
        if isinstance(e, BlockCostEffect) and (e.blockers is None or e.blockers.matches(b)):
            out.append(e.block_cost)
    return out


def pair_costs_of(b: Permanent, a: Permanent) -> list[str]:
    """The costs to block `a` in particular, per (blocker, attacker): the blocker's (Hipparion: creatures with power
    3 or greater) and the attacker's (Awesome Presence: for each creature blocking it)."""
    own = [
        x.block_cost_against.cost
        for x in abilities(b, BlockCostAgainst)
        if x.block_cost_against.attackers.matches(a, b)
    ]
    return own + [x.cost_to_block_it for x in abilities(a, CostToBlockIt)]


def paid_blockers(board: RefBoard, decl: Declaration) -> frozenset[object]:
    """What `decl` pays for (509.1d): every costly creature it declares as a blocker, and every (blocker, attacker)
    pair that costs to declare."""
    creatures = frozenset(b for b, _ in decl if costs_of(board, board.perms[b]))
    pairs = frozenset((b, a) for b, a in decl if a in board.perms and pair_costs_of(board.perms[b], board.perms[a]))
    return creatures | pairs


def restrictions_ok(board: RefBoard, decl: Declaration) -> bool:
    """Every restriction, on the whole declaration (509.1a-b)."""
    for b_id, a_id in decl:
        if b_id not in board.perms or a_id not in board.defender:
            return False
        if not pair_ok(board, board.perms[b_id], board.perms[a_id]):
            return False
    blockers_of: dict[str, set[str]] = {}
    blocked_by: dict[str, set[str]] = {}
    for b_id, a_id in decl:
        blocked_by.setdefault(b_id, set()).add(a_id)
        blockers_of.setdefault(a_id, set()).add(b_id)
    for b_id, targets in blocked_by.items():
        b = board.perms[b_id]
        if not has(b, "can_block_any_number"):
            limit = 1 + sum(x.can_block_additional for x in abilities(b, CanBlockAdditional))
            if len(targets) > limit:
                return False
        group = board.team[b.controller]
        others = [o for o in blocked_by if o != b_id and board.team[board.perms[o].controller] == group]
        if has(b, "cant_block_alone") and not others:
            return False
        if any(len(others) < x.cant_block_unless_others_block for x in abilities(b, CantBlockUnlessOthersBlock)):
            return False
        for x in abilities(b, CantBlockUnlessAlsoBlocking):
            if not any(x.cant_block_unless_also_blocking.matches(board.perms[o], b) for o in others):
                return False
    for a in board.attackers:
        n = len(blockers_of.get(a.id, ()))
        if n == 0:
            continue
        if has(a, "menace") and n < 2:
            return False
        if any(n < x.min_blockers for x in abilities(a, MinBlockers)):
            return False
        if any(n > x.max_blockers for x in abilities(a, MaxBlockers)):
            return False
        if has(a, "cant_be_blocked_unless_all_block_it"):
            everyone = {
                p.id
                for p in board.perms.values()
                if p.controller == board.defender[a.id] and CardType.CREATURE in p.types and not p.phased_out
            }
            if not everyone <= blockers_of[a.id]:
                return False
    for e in board.snapshot.effects:
        if isinstance(e, MaxBlockersEffect):
            per_group: dict[str, int] = {}
            for b_id in blocked_by:
                g = board.team[board.perms[b_id].controller]
                per_group[g] = per_group.get(g, 0) + 1
            if any(n > e.max_blockers for n in per_group.values()):
                return False
    return True


def requirements_obeyed(board: RefBoard, decl: Declaration) -> int:
    """509.1c: count requirements obeyed. Tapped creatures are exempt (they carry none)."""
    blocking = {b for b, _ in decl}
    blocked = {a for _, a in decl}
    attacking = {a.id for a in board.attackers}
    count = 0
    for b in board.defending_creatures():
        if b.tapped and not has(b, "can_block_as_though_untapped"):
            continue
        if has(b, "blocks_each_combat_if_able"):
            count += b.id in blocking
        for x in abilities(b, BlocksIfAble):
            if x.blocks_if_able in attacking:
                count += (b.id, x.blocks_if_able) in decl
    for a in board.attackers:
        if has(a, "must_be_blocked_if_able"):
            count += a.id in blocked
        if has(a, "must_be_blocked_by_exactly_one_if_able"):
            count += sum(1 for _, x in decl if x == a.id) == 1
        band = next((set(b) for b in board.snapshot.bands if a.id in b), {a.id})
        for x in abilities(a, MustBeBlockedByIfAble):  # a blocker of a band member blocks the band (702.22h)
            count += any(m in band and x.must_be_blocked_by_if_able.matches(board.perms[b], a) for b, m in decl)
        for x in abilities(a, MustBeBlockedByAtLeastIfAble):  # pairs on the band, as the solver counts them
            count += sum(1 for _, m in decl if m in band) >= x.must_be_blocked_by_at_least_if_able
        if has(a, "all_able_must_block_it"):
            for b in board.defending_creatures():
                untapped = not b.tapped or has(b, "can_block_as_though_untapped")
                if untapped and board.team[b.controller] == board.team[board.defender[a.id]]:
                    count += (b.id, a.id) in decl
    return count


def capacity(b: Permanent, attackers: int) -> int:
    """How many attackers a creature may block (509.1a; "additional", "any number")."""
    if has(b, "can_block_any_number"):
        return attackers
    return 1 + sum(int(x.can_block_additional) for x in abilities(b, CanBlockAdditional))


def all_declarations(board: RefBoard, beyond_capacity: int = 1) -> Iterator[Declaration]:
    """Every assignment of defending creatures to sets of attackers, up to `beyond_capacity` more attackers per
    creature than it may block (those declarations are illegal, but make good proposals)."""
    options: list[list[tuple[tuple[str, str], ...]]] = []
    mine = [a.id for a in board.attackers]
    for b in board.defending_creatures():
        choices: list[tuple[tuple[str, str], ...]] = [()]
        for k in range(1, min(capacity(b, len(mine)) + beyond_capacity, len(mine)) + 1):
            choices += [tuple((b.id, a) for a in combo) for combo in itertools.combinations(mine, k)]
        options.append(choices)
    for pick in itertools.product(*options):
        yield frozenset(p for chunk in pick for p in chunk)


@dataclass
class RefResult:
    optimum: int
    legal: bool
    obeyed: int
    restrictions_ok: bool


def reference_optimum(board: RefBoard, paid: frozenset[object] = frozenset()) -> int:
    """The most requirements a restriction-obeying declaration obeys, paying only for the creatures in `paid`."""
    best = 0
    for decl in all_declarations(board, beyond_capacity=0):
        if not paid_blockers(board, decl) <= paid:
            continue  # nobody has to pay a cost the proposal does not pay (509.1c)
        if restrictions_ok(board, decl):
            best = max(best, requirements_obeyed(board, decl))
    return best


def reference_check(snapshot: Snapshot, optimum: int | None = None) -> RefResult:
    board = RefBoard.of(snapshot)
    decl: Declaration = frozenset(snapshot.declaration.block_pairs()) if snapshot.declaration else frozenset()
    best = reference_optimum(board, paid_blockers(board, decl)) if optimum is None else optimum
    ok = restrictions_ok(board, decl)
    obeyed = requirements_obeyed(board, decl)
    return RefResult(best, ok and obeyed >= best, obeyed, ok)
