"""Following the triggers of one combat phase through its changes: the declarations, then each later change.

The timeline (issue 11) drives a `TriggerTracker` with the board after each event; the tracker keeps which
creature blocks which attacker (with the characteristics each had as the block began, 509.3f) and which attackers
are blocked, and answers the triggers of each change.
"""

from __future__ import annotations

from collections.abc import Mapping

from ..models.report import Triggered
from ..solver.board import Board
from .moments import BlockPair, How, Moment, attack_moment, block_moment, later_moment
from .triggers import triggers_at


class TriggerTracker:
    """The block state of one combat and the triggers of each change, in `lang`."""

    def __init__(self, lang: str = "en") -> None:
        self.lang = lang
        self.pairs: dict[tuple[str, str], BlockPair] = {}
        self.blocked: frozenset[str] = frozenset()

    def _run(self, moment: Moment) -> list[Triggered]:
        self.pairs = dict(moment.after) if moment.kind != "attackers_declared" else self.pairs
        self.blocked = moment.blocked_after if moment.kind != "attackers_declared" else self.blocked
        return triggers_at(moment, self.lang)

    def attackers_declared(self, board: Board, attacks: Mapping[str, str]) -> list[Triggered]:
        """508.1: the creatures declared as attackers and what each attacks."""
        return self._run(attack_moment(board, attacks))

    def blockers_declared(self, board: Board, blocks: Mapping[str, list[str]], attackers: list[str]) -> list[Triggered]:
        """509.1: each declared blocker and the attackers it blocks (bands expanded); `attackers`: every attacking
        creature at that moment. Blocks that already exist (a creature put onto the battlefield blocking in the
        declare attackers step) are kept."""
        return self._run(block_moment(board, blocks, attackers, before=self.pairs, blocked_before=self.blocked))

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
        return self._run(
            later_moment(board, self.pairs, self.blocked, added=added, removed=removed, made_blocked=made_blocked)
        )
