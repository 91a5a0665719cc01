"""The moments of a combat that attack and block triggers look at, each with the board as it is then.

A moment is one change: attackers declared (508.1), blockers declared (509.1), or, later in the combat, a creature
made to block or put onto the battlefield blocking, an attacker made blocked, a blocker removed (509.3e). A wording
rule (`combat/wordings/`) reads a moment and says how many times an ability triggers. Characteristics are those of
the moment (508.2a, 509.3f): a pair keeps the blocker and attacker as they were when the block began.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Literal

from ..models import Permanent
from ..solver.board import Board

Kind = Literal["attackers_declared", "blockers_declared", "after_declaration"]
# How a creature came to block an attacker: declared (509.1), made to block by an effect (old 509.6), or put onto
# the battlefield blocking (509.4): the last one is "blocking" but never "blocked".
How = Literal["declared", "effect", "entered"]


@dataclass(frozen=True)
class BlockPair:
    """`blocker` blocks `attacker`, with both as they were when the block began (509.3f)."""

    blocker: Permanent
    attacker: Permanent
    how: How

    @property
    def key(self) -> tuple[str, str]:
        return (self.blocker.id, self.attacker.id)


@dataclass(frozen=True)
class Moment:
    """One change of the combat and what it did, for the triggers to read.

    `before` and `after` are the blocks (blocker, attacker) -> pair; `blocked_before` and `blocked_after` the
    attackers that are blocked creatures (509.1h: by a blocker or by an effect). `attacks` are the creatures declared
    as attackers (only when attackers are declared) and `unblocked` the attackers for which no creature was declared
    as a blocker (only when blockers are declared).
    """

    kind: Kind
    board: Board
    attacks: Mapping[str, str] = field(default_factory=dict)
    before: Mapping[tuple[str, str], BlockPair] = field(default_factory=dict)
    after: Mapping[tuple[str, str], BlockPair] = field(default_factory=dict)
    blocked_before: frozenset[str] = frozenset()
    blocked_after: frozenset[str] = frozenset()
    unblocked: tuple[str, ...] = ()

    @property
    def new_pairs(self) -> list[BlockPair]:
        """Blocks that begin now: a creature that was already blocking that attacker is not blocking it again."""
        return [pair for key, pair in self.after.items() if key not in self.before]

    @property
    def newly_blocking(self) -> list[str]:
        """Creatures that block now (509.3a): declared, or made to block by an effect while not blocking; a creature
        put onto the battlefield blocking never "blocked" (509.4)."""
        was_blocking = {blocker for blocker, _ in self.before}
        out: list[str] = []
        for pair in self.new_pairs:
            blocker = pair.blocker.id
            if pair.how != "entered" and blocker not in was_blocking and blocker not in out:
                out.append(blocker)
        return out

    @property
    def newly_blocked(self) -> list[str]:
        """Attackers that become blocked now (509.3c): they were unblocked creatures a moment ago."""
        return [a for a in self.blocked_after if a not in self.blocked_before]

    def view(self, permanent_id: str) -> Permanent:
        """A permanent as it is at this moment."""
        return self.board[permanent_id]

    def blocking(self, blocker: str, *, after: bool = True) -> list[BlockPair]:
        pairs = self.after if after else self.before
        return [p for (b, _), p in pairs.items() if b == blocker]

    def blockers_of(self, attacker: str, *, after: bool = True) -> list[BlockPair]:
        pairs = self.after if after else self.before
        return [p for (_, a), p in pairs.items() if a == attacker]


def attack_moment(board: Board, attacks: Mapping[str, str]) -> Moment:
    """Attackers are declared (508.1k-m): `attacks` maps each declared creature to what it attacks."""
    return Moment("attackers_declared", board, attacks=dict(attacks))


def block_moment(
    board: Board,
    blocks: Mapping[str, list[str]],
    attackers: list[str] | None = None,
    *,
    before: Mapping[tuple[str, str], BlockPair] | None = None,
    blocked_before: frozenset[str] = frozenset(),
) -> Moment:
    """Blockers are declared (509.1g-i). `blocks` maps each blocker to the attackers it blocks, bands included
    (702.22h: a creature blocking one member of a band blocks them all). `attackers`: every attacking creature at that
    moment (default: those of the board). `before` and `blocked_before`: blocks and blocked attackers that already
    exist (a creature put onto the battlefield blocking in the declare attackers step). An attacker that is already
    blocked is not one that "isn't blocked" (509.3g)."""
    after: dict[tuple[str, str], BlockPair] = dict(before or {})
    for blocker, attacked in blocks.items():
        for attacker in attacked:
            pair = BlockPair(board[blocker], board[attacker], "declared")
            after.setdefault(pair.key, pair)
    blocked = blocked_before | {a for _, a in after}
    every = attackers if attackers is not None else [a.id for a in board.attackers]
    return Moment(
        "blockers_declared",
        board,
        before=dict(before or {}),
        after=after,
        blocked_before=blocked_before,
        blocked_after=frozenset(blocked),
        unblocked=tuple(a for a in every if a not in blocked),
    )


def later_moment(
    board: Board,
    before: Mapping[tuple[str, str], BlockPair],
    blocked_before: frozenset[str],
    *,
    added: tuple[tuple[str, str, How], ...] = (),
    removed: tuple[str, ...] = (),
    made_blocked: tuple[str, ...] = (),
) -> Moment:
    """A change after the declarations (issue 11's timeline): blocks `added` as (blocker, attacker, how) — made to
    block by an effect or put onto the battlefield blocking; creatures `removed` from combat (506.4); attackers an
    effect makes blocked (509.1h). `board` is the board after the change; a pair that already existed keeps its
    characteristics (509.3f). A blocked creature stays blocked when its blockers leave (509.1h)."""
    gone = set(removed)
    after = {k: p for k, p in before.items() if k[0] not in gone and k[1] not in gone}
    for blocker, attacker, how in added:
        if (blocker, attacker) not in after:
            pair = BlockPair(board[blocker], board[attacker], how)
            after[pair.key] = pair
    blocked = (set(blocked_before) | {a for _, a in after} | set(made_blocked)) - gone
    return Moment(
        "after_declaration",
        board,
        before=dict(before),
        after=after,
        blocked_before=blocked_before,
        blocked_after=frozenset(blocked),
    )
