"""The bounds of one check: a time limit over the whole check, and the largest board it takes on.

The time limit covers compiling the rules, evaluating the proposal, building the CP-SAT model, the search and the
witness: every loop that grows with the board calls `tick`, which looks at the clock every few thousand steps, and
the search gets the time left. A step is a bounded piece of work: a filter node matched (filters tick as they match,
`Context.matches`), one pair times the abilities a rule may read on it (`Board.weight`), an atom, a finding put
into words (`explain.FINDING_WORK`); tests/test_budget_loops.py checks that no loop works without counting. A check overshoots its limit only by the stretch between two clock reads, importing
ortools, and CP-SAT's own reaction to its limit (measured: docs/performance.md, "Huge boards"). The size limits
keep memory bounded: a board with more candidate pairs than `MAX_PAIRS` is refused before any work, and one whose
rules compile to more than `MAX_ATOMS` atoms is refused when it gets there.
"""

from __future__ import annotations

import time

from ..models import SnapshotError
from ..models.validation import InputProblem

# 1,000 attackers x 1,000 potential blockers (or 1,000 creatures x 1,000 attack targets).
MAX_PAIRS = 1_000_000
# Atoms of every compiled restriction, requirement, forbidden pair and cost: what memory grows with. The 1,000 x
# 1,000 board of bench/bench_huge.py compiles to 1.4 million and peaks at 0.77 GB; 800 attackers with Lure against
# 800 creatures, 1.9 million, peak at 0.99 GB (docs/performance.md, "Huge boards").
MAX_ATOMS = 2_000_000
# CP-SAT stops (status unknown) when the process grows past this; the boards within the limits above stay below.
SEARCH_MEMORY_MB = 1_000
STEPS_BETWEEN_CLOCK_READS = 4096


class DeadlineReached(Exception):
    """The time limit ran out before the check could finish: the answer is `unknown`."""


class BoardTooLarge(SnapshotError):
    """The board is beyond the documented size a check takes on: an input error (exit 2, `invalid` in a batch)."""

    def __init__(self, code: str, **params: int | str) -> None:
        super().__init__([InputProblem.of("permanents", code, doc="docs/performance.md", **params)])


def check_pair_count(count: int, actors: int, targets: int, step: str) -> None:
    """Refuse a board with more candidate pairs (actor, target) than MAX_PAIRS, before any work."""
    if count <= MAX_PAIRS:
        return
    code = "too_many_blocks" if step == "declare_blockers" else "too_many_attacks"
    raise BoardTooLarge(code, actors=actors, targets=targets, count=count, limit=MAX_PAIRS)


class Budget:
    """The deadline of one check and the atoms its compilation may use."""

    def __init__(self, time_limit: float | None = None, max_atoms: int | None = None) -> None:
        self.end = None if time_limit is None else time.perf_counter() + time_limit
        self.max_atoms = MAX_ATOMS if max_atoms is None else max_atoms
        self.atoms = 0
        self._steps = 0

    def left(self) -> float | None:
        """Seconds left (None: no limit); raises DeadlineReached when none are."""
        if self.end is None:
            return None
        left = self.end - time.perf_counter()
        if left <= 0:
            raise DeadlineReached
        return left

    def check(self) -> None:
        if self.end is not None and time.perf_counter() >= self.end:
            raise DeadlineReached

    def tick(self, steps: int = 1) -> None:
        """Count work; read the clock every few thousand steps (reading it costs more than a step)."""
        self._steps += steps
        if self._steps >= STEPS_BETWEEN_CLOCK_READS:
            self._steps = 0
            self.check()

    def spend(self, atoms: int) -> None:
        """Count compiled atoms against the size limit (and as work against the clock)."""
        self.atoms += atoms
        if self.atoms > self.max_atoms:
            raise BoardTooLarge("too_many_atoms", limit=self.max_atoms)
        self.tick(atoms)
