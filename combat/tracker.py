"""Following the triggers of one combat phase through its changes: the declarations, then each later change.

The timeline (issue 11) drives a `TriggerTracker` with the board after each event; the tracker keeps which
creature blocks which attacker (with the characteristics each had as the block began, 509.3f) and which attackers
are blocked, and answers the triggers of each change.
"""

from __future__ import annotations

from collections.abc import Mapping

from ..models.report import Triggered
from ..solver.board import Board
from .trigger_points import BlockPair, How, TriggerPoint, attack_point, block_point, later_point
from .triggers import triggers_at


class TriggerTracker:
    """The block state of one combat and the triggers of each change, in `lang`."""

    def __init__(self, lang: str = "en") -> None:
        self.lang = lang
        self.pairs: dict[tuple[str, str], BlockPair] = {}
        self.blocked: frozenset[str] = frozenset()
        self.blocking: frozenset[str] = frozenset()  # blocking creatures, even when their attackers left (509.1g)

    def _run(self, point: TriggerPoint, removed: tuple[str, ...] = ()) -> list[Triggered]:
        if point.kind != "attackers_declared":
            self.pairs = dict(point.after)
            self.blocked = (self.blocked | set(point.newly_blocked)) - set(removed)
            self.blocking = (self.blocking | {b for b, _ in point.after}) - set(removed)
        return triggers_at(point, self.lang)

    def attackers_declared(self, board: Board, attacks: Mapping[str, str]) -> list[Triggered]:
        """508.1: the creatures declared as attackers and what each attacks."""
        return self._run(attack_point(board, attacks))

    def blockers_declared(self, board: Board, blocks: Mapping[str, list[str]], attackers: list[str]) -> list[Triggered]:
        """509.1: each declared blocker and the attackers it blocks (bands expanded); `attackers`: every attacking
        creature at that point. Blocks that already exist (a creature put onto the battlefield blocking in the
        declare attackers step) are kept."""
        return self._run(block_point(board, blocks, attackers, before=self.pairs, blocked_before=self.blocked))

    def changed(
        self,
        board: Board,
        *,
        added: tuple[tuple[str, str, How], ...] = (),
        removed: tuple[str, ...] = (),
        made_blocked: tuple[str, ...] = (),
    ) -> list[Triggered]:
        """A later change: blocks added (made to block, put onto the battlefield blocking), creatures removed from
        combat, attackers an effect makes blocked."""
        point = later_point(
            board,
            self.pairs,
            self.blocked,
            added=added,
            removed=removed,
            made_blocked=made_blocked,
            blocking_before=self.blocking,
        )
        return self._run(point, removed)
