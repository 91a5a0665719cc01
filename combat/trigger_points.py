"""The points of a combat at which attack and block abilities may trigger, each with the board as it is then.

A trigger point is one change: attackers declared (508.1), blockers declared (509.1), or a later event of the
timeline (a creature made to block or put onto the battlefield blocking, an attacker made blocked, a blocker
removed). A wording rule (`combat/wordings/`) reads it and says how many times an ability triggers.
Characteristics are those of that time (508.2a, 509.3f): a block keeps the blocker and attacker as they were when
it began.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Literal

from ..models import Permanent
from ..solver.board import Board

Kind = Literal["attackers_declared", "blockers_declared", "after_declaration", "combat_damage"]
# How a creature came to block an attacker: declared (509.1), made to block by an effect (old 509.6), or put onto
# the battlefield blocking (509.4): the last one is "blocking" but never "blocked".
How = Literal["declared", "effect", "entered"]
Blocks = Mapping[tuple[str, str], "BlockPair"]


@dataclass(frozen=True)
class BlockPair:
    """`blocker` blocks `attacker`, both as they were when the block began (509.3f); `was_blocking`: the blocker was
    already a blocking creature then (509.3a)."""

    blocker: Permanent
    attacker: Permanent
    how: How
    was_blocking: bool = False

    @property
    def key(self) -> tuple[str, str]:
        return (self.blocker.id, self.attacker.id)


@dataclass(frozen=True)
class DamageEvent:
    """Combat damage one source dealt to one recipient in a combat damage step (510.2), after prevention: damage
    prevented to 0 was not dealt and triggers nothing (603.2h)."""

    source: str
    recipient: str
    amount: int
    to_player: bool


@dataclass(frozen=True)
class TriggerPoint:
    """One change of the combat, for the triggers to read.

    `attacks`: the creatures declared as attackers now and what each attacks (508.1). `new_pairs`: blocks that begin
    now (a creature already blocking that attacker does not begin again). `newly_blocked`: attackers that become
    blocked creatures now, by a blocker or by an effect (509.1h, 509.3c). `unblocked`: when blockers are declared,
    the attackers no creature is declared blocking (509.3g). `before` / `after`: every block just before and after
    the change (509.3e counts).
    """

    kind: Kind
    board: Board
    attacks: Mapping[str, str] = field(default_factory=dict)
    new_pairs: tuple[BlockPair, ...] = ()
    newly_blocked: tuple[str, ...] = ()
    unblocked: tuple[str, ...] = ()
    before: Blocks = field(default_factory=dict)
    after: Blocks = field(default_factory=dict)
    # What each attacking creature attacks now, where the board's permanents don't say it (the timeline's board).
    targets: Mapping[str, str] = field(default_factory=dict)
    damage: tuple[DamageEvent, ...] = ()
    """combat_damage: the damage dealt in the step; `board` is the battlefield as the damage was dealt, before the
    state-based actions (120.4b: abilities trigger as damage is dealt)."""
    died: tuple[str, ...] = ()
    """combat_damage: the creatures the state-based actions put into a graveyard (leaves-the-battlefield abilities
    look back in time, 603.10a: they are on `board`)."""
    dealt_by: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    """combat_damage: creature -> what it dealt combat damage to this turn, this step included."""

    @property
    def newly_blocking(self) -> list[str]:
        """Creatures that block now (509.3a): declared, or made to block by an effect while they were not blocking;
        a creature put onto the battlefield blocking never "blocked" (509.4)."""
        out: list[str] = []
        for pair in self.new_pairs:
            if pair.how != "entered" and not pair.was_blocking and pair.blocker.id not in out:
                out.append(pair.blocker.id)
        return out

    def view(self, permanent_id: str) -> Permanent:
        """A permanent as it is at this point."""
        return self.board[permanent_id]

    def blocking(self, blocker: str, *, after: bool = True) -> list[BlockPair]:
        return [p for (b, _), p in (self.after if after else self.before).items() if b == blocker]

    def blockers_of(self, attacker: str, *, after: bool = True) -> list[BlockPair]:
        return [p for (_, a), p in (self.after if after else self.before).items() if a == attacker]


def attack_point(board: Board, attacks: Mapping[str, str]) -> TriggerPoint:
    """Attackers are declared (508.1k-m): `attacks` maps each declared creature to what it attacks."""
    return TriggerPoint("attackers_declared", board, attacks=dict(attacks))


def _blocks_begin(
    board: Board, before: Blocks, added: Iterable[tuple[str, str, How]], blocking: frozenset[str]
) -> tuple[dict[tuple[str, str], BlockPair], tuple[BlockPair, ...]]:
    after = dict(before)
    new: list[BlockPair] = []
    for blocker, attacker, how in added:
        if (blocker, attacker) in after:
            continue  # already blocking that attacker: nothing begins (509.3b, 509.3d)
        pair = BlockPair(board[blocker], board[attacker], how, was_blocking=blocker in blocking)
        after[pair.key] = pair
        new.append(pair)
    return after, tuple(new)


def block_point(
    board: Board,
    blocks: Mapping[str, list[str]],
    attackers: list[str] | None = None,
    *,
    before: Blocks | None = None,
    blocked_before: frozenset[str] = frozenset(),
) -> TriggerPoint:
    """Blockers are declared (509.1g-i). `blocks` maps each blocker to the attackers it blocks, bands included
    (702.22h: a creature blocking one member of a band blocks them all). `attackers`: every attacking creature then
    (default: those of the board). `before` and `blocked_before`: blocks and blocked attackers that already exist
    (a creature put onto the battlefield blocking in the declare attackers step). An attacker that is already
    blocked is not one that "isn't blocked" (509.3g)."""
    previous = dict(before or {})
    added: list[tuple[str, str, How]] = [(b, a, "declared") for b, attacked in blocks.items() for a in attacked]
    after, new = _blocks_begin(board, previous, added, frozenset(b for b, _ in previous))
    blocked = {a for _, a in after} | blocked_before
    every = attackers if attackers is not None else [a.id for a in board.attackers]
    return TriggerPoint(
        "blockers_declared",
        board,
        new_pairs=new,
        newly_blocked=tuple(a for a in every if a in blocked and a not in blocked_before),
        unblocked=tuple(a for a in every if a not in blocked),
        before=previous,
        after=after,
    )


def later_point(
    board: Board,
    before: Blocks,
    blocked_before: frozenset[str],
    *,
    added: tuple[tuple[str, str, How], ...] = (),
    removed: tuple[str, ...] = (),
    made_blocked: tuple[str, ...] = (),
    blocking_before: frozenset[str] | None = None,
) -> TriggerPoint:
    """A change after the declarations: blocks `added` as (blocker, attacker, how) — made to block by an effect or
    put onto the battlefield blocking; creatures `removed` from combat (506.4); attackers an effect makes blocked
    (509.1h). `board` is the board after the change. A blocked creature stays blocked when its blockers leave, and
    a blocking creature stays one when its attacker leaves (509.1g-h): `blocking_before` names the blocking
    creatures (default: the blockers of `before`)."""
    gone = set(removed)
    kept = {k: p for k, p in before.items() if k[0] not in gone and k[1] not in gone}
    blocking = frozenset(b for b, _ in before) if blocking_before is None else blocking_before
    after, new = _blocks_begin(board, kept, added, blocking - gone)
    blocked = ({a for _, a in after} | set(made_blocked) | blocked_before) - gone
    return TriggerPoint(
        "after_declaration",
        board,
        new_pairs=new,
        newly_blocked=tuple(sorted(blocked - blocked_before)),
        before=dict(before),
        after=after,
    )
