"""An independent brute force of combat damage assignment legality (510.1a-d, 702.19b-d, 702.2c, 702.22j-k, and
510.1c-d of the CR of 29 April 2022 for the rules before Foundations), for small boards.

Written from the rules' text, not from `combat/damage_rules.py`: it lists every way each creature can divide its
power among the objects it may damage, takes every combination, and keeps those that obey the rules that tie
creatures together (lethal damage counts every creature's damage, 510.1c; trample, 702.19b; the old order).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from itertools import product

Split = dict[str, int]
Whole = dict[str, Split]


@dataclass
class Creature:
    id: str
    power: int
    toughness: int
    marked: int = 0
    keywords: frozenset[str] = frozenset()


@dataclass
class Board:
    """Attackers (what each attacks), blocks (blocker -> attackers, in the order it blocks them), and the announced
    damage assignment orders (old rules)."""

    creatures: dict[str, Creature]
    attacks: dict[str, str]
    blocks: dict[str, list[str]]
    old: bool = False
    orders: dict[str, list[str]] = field(default_factory=dict)
    loyalty: dict[str, int] = field(default_factory=dict)
    """planeswalker -> its loyalty; every planeswalker is the defending player's"""
    defender: str = "ben"
    gone: set[str] = field(default_factory=set)
    """blockers that left the battlefield after blocking: their attackers stay blocked (509.1h)"""

    def blocked(self, attacker: str) -> bool:
        return any(attacker in attacked for attacked in self.blocks.values())

    def blockers_of(self, attacker: str) -> list[str]:
        found = self.orders.get(attacker) or [b for b, attacked in self.blocks.items() if attacker in attacked]
        return [b for b in found if b not in self.gone]

    def blocked_by(self, blocker: str) -> list[str]:
        return self.orders.get(blocker) or list(self.blocks[blocker])

    def dealers(self) -> list[str]:
        return [*self.attacks, *(b for b in self.blocks if b not in self.gone)]

    def has(self, creature: str, keyword: str) -> bool:
        return keyword in self.creatures[creature].keywords


def compositions(total: int, slots: list[str]) -> Iterator[Split]:
    """Every way to give `total` to `slots` (whole numbers, 0 left out)."""
    if not slots:
        if total == 0:
            yield {}
        return
    head, rest = slots[0], slots[1:]
    for amount in range(total + 1) if rest else [total]:
        for tail in compositions(total - amount, rest):
            yield ({head: amount} if amount else {}) | tail


def options(board: Board, dealer: str) -> list[Split]:
    """Every way one creature may assign its damage, before the rules that involve other creatures."""
    power = board.creatures[dealer].power
    if power <= 0:  # 510.1a
        return [{}]
    if dealer in board.blocks:  # 510.1d
        return list(compositions(power, board.blocked_by(dealer)))
    target = board.attacks[dealer]
    blockers = board.blockers_of(dealer)
    over = board.has(dealer, "trample_over_planeswalkers")
    controller = [board.defender] if over and target in board.loyalty else []  # 702.19c
    tramples = board.has(dealer, "trample") or over
    if not board.blocked(dealer):
        return list(compositions(power, [target, *controller]))  # unblocked (510.1b)
    if not blockers:  # blocked, none left: nothing (510.1c); trample: as though all were dealt lethal (702.19d)
        found = list(compositions(power, [target, *controller])) if tramples else [{}]
        if board.has(dealer, "may_assign_damage_as_though_unblocked") and {target: power} not in found:
            found.append({target: power})
        return found
    found = list(compositions(power, blockers + ([target, *controller] if tramples else [])))
    if board.has(dealer, "may_assign_damage_as_though_unblocked") and {target: power} not in found:
        found.append({target: power})
    return found


def legal_whole(board: Board, whole: Whole) -> bool:
    def lethal(creature: str) -> bool:
        got = sum(split.get(creature, 0) for split in whole.values())
        touched = any(split.get(creature, 0) > 0 and board.has(d, "deathtouch") for d, split in whole.items())
        need = max(0, board.creatures[creature].toughness - board.creatures[creature].marked)
        return touched or got >= need

    for dealer, split in whole.items():
        if dealer in board.attacks:
            target = board.attacks[dealer]
            blockers = board.blockers_of(dealer)
            power = board.creatures[dealer].power
            if not blockers:
                on_it = sum(s.get(target, 0) for s in whole.values())
                if split.get(board.defender, 0) and target in board.loyalty and on_it < board.loyalty[target]:
                    return False  # 702.19c, unblocked
                continue
            unblocked_choice = board.has(dealer, "may_assign_damage_as_though_unblocked") and split == {target: power}
            if unblocked_choice:
                continue
            if split.get(target, 0) and not all(lethal(b) for b in blockers):  # 702.19b
                return False
            if split.get(board.defender, 0) and target in board.loyalty:  # 702.19c
                on_it = sum(s.get(target, 0) for s in whole.values())
                if on_it < board.loyalty[target] or not all(lethal(b) for b in blockers):
                    return False
            exception = any(board.has(b, "banding") for b in blockers)  # 702.22j
            ordered = blockers
        else:
            ordered = board.blocked_by(dealer)
            exception = any(board.has(a, "banding") for a in ordered)  # 702.22k
        if board.old and not exception:  # old 510.1c-d: lethal to each earlier one first
            for k, recipient in enumerate(ordered):
                if split.get(recipient, 0) and not all(lethal(e) for e in ordered[:k]):
                    return False
    return True


def legal_assignments(board: Board) -> list[Whole]:
    dealers = board.dealers()
    out = []
    for choice in product(*(options(board, d) for d in dealers)):
        whole = dict(zip(dealers, choice, strict=True))
        if legal_whole(board, whole):
            out.append(whole)
    return out


def distance(a: Whole, b: Whole) -> int:
    keys = {(d, r) for w in (a, b) for d, s in w.items() for r in s}
    return sum(abs(a.get(d, {}).get(r, 0) - b.get(d, {}).get(r, 0)) for d, r in keys)
