"""The verdict: check a proposed declaration, or solve for a legal one (509.1b-c).

A proposal is legal iff it breaks no restriction and obeys at least as many requirements as the best declaration
that pays no cost. CP-SAT runs only when the proposal could fall short of that optimum.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from ..models import Snapshot
from ..models.report import CostItem, Finding, Outcome, Report, SolverInfo
from .board import Board
from .explain import finding, total_cost
from .ir import Blocked, Blocks, Compilation, Pair, Reason, Truth
from .optimum import Optimum, optimise
from .rules import CATALOG, BlockContext


class UnsupportedSnapshot(ValueError):
    """The snapshot is valid but asks for something this version does not decide."""


def compile_blocks(snapshot: Snapshot, proposal: frozenset[Pair] = frozenset()) -> tuple[Board, Compilation]:
    if snapshot.step != "declare_blockers":
        raise UnsupportedSnapshot(
            f"step '{snapshot.step}': only declare_blockers is decided in this version (attacks are planned)"
        )
    board = Board(snapshot)
    ctx = BlockContext(board, sorted(proposal, key=lambda p: (p.blocker, p.attacker)))
    for rule in CATALOG:
        rule.compile(ctx)
    return board, ctx.compilation


def proposal_pairs(snapshot: Snapshot) -> frozenset[Pair]:
    if snapshot.declaration is None:
        return frozenset()
    return frozenset(Pair(b, a) for b, a in snapshot.declaration.block_pairs())


@dataclass(frozen=True)
class Evaluation:
    """A concrete declaration measured against the compilation."""

    broken: list[Reason]
    obeyed: list[int]  # indexes into compilation.requirements

    @property
    def obeyed_count(self) -> int:
        return len(self.obeyed)


def evaluate(compilation: Compilation, pairs: frozenset[Pair]) -> Evaluation:
    truth = Truth(pairs)
    broken: list[Reason] = []
    for pair in sorted(pairs, key=lambda p: (p.blocker, p.attacker)):
        broken.extend(compilation.forbidden.get(pair, ()))
    broken.extend(r.reason for r in compilation.restrictions if not r.condition.holds(truth))
    obeyed = [i for i, req in enumerate(compilation.requirements) if req.condition.holds(truth)]
    unique = list(dict.fromkeys(broken))
    return Evaluation(unique, obeyed)


def requirement_upper_bound(compilation: Compilation) -> int:
    """Requirements that some cost-free declaration might obey, each judged alone: a cap on the optimum."""
    free = compilation.free_pairs()
    free_set = set(free)
    blockers = {p.blocker for p in free}
    attackers = {p.attacker for p in free}

    def possible(atom: object) -> bool:
        if isinstance(atom, Pair):
            return atom in free_set
        if isinstance(atom, Blocks):
            return atom.blocker in blockers
        if isinstance(atom, Blocked):
            return atom.attacker in attackers
        return False

    return sum(
        1
        for req in compilation.requirements
        if sum(1 for a in req.condition.atoms if possible(a)) >= (req.condition.at_least or 0)
    )


def as_blocks(pairs: frozenset[Pair]) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for pair in sorted(pairs, key=lambda p: (p.blocker, p.attacker)):
        out.setdefault(pair.blocker, []).append(pair.attacker)
    return out


def outcome(board: Board, compilation: Compilation, pairs: frozenset[Pair]) -> Outcome:
    blocks = as_blocks(pairs)
    blocked: dict[str, list[str]] = {}
    for pair in sorted(pairs, key=lambda p: (p.attacker, p.blocker)):
        blocked.setdefault(pair.attacker, []).append(pair.blocker)
    costs = [
        CostItem(object=c.blocker, cost=c.cost, source=dict(c.reason.values).get("source", ""))
        for blocker in blocks
        for c in compilation.costs.get(blocker, ())
    ]
    return Outcome(
        blocks=blocks,
        blocked=blocked,
        unblocked=[a.id for a in board.attackers if a.id not in blocked],
        costs=costs,
        total_cost=total_cost([c.cost for c in costs]),
    )


def check(snapshot: Snapshot, *, lang: str = "en", time_limit: float | None = None, witness: bool = True) -> Report:
    """Decide whether the snapshot's declaration is legal. No declaration means "no blocks"."""
    started = time.perf_counter()
    proposal = proposal_pairs(snapshot)
    board, compilation = compile_blocks(snapshot, proposal)
    evaluation = evaluate(compilation, proposal)
    total = len(compilation.requirements)
    violations = [finding(r, board, lang) for r in evaluation.broken]

    upper = requirement_upper_bound(compilation)
    needs_optimum = evaluation.obeyed_count < upper
    optimum: Optimum | None = None
    if needs_optimum or (violations and witness):
        optimum = optimise(compilation, proposal, time_limit=time_limit)

    if not needs_optimum:
        best: int | None = upper if optimum is None or not optimum.exact else optimum.best
        verdict = "illegal" if violations else "legal"
    elif optimum is None or optimum.best is None:
        best, verdict = None, ("illegal" if violations else "unknown")
    elif optimum.exact:
        best = optimum.best
        verdict = "illegal" if violations or evaluation.obeyed_count < best else "legal"
    else:  # time limit: decide only what the bounds prove
        best = None
        if violations or evaluation.obeyed_count < optimum.best:
            verdict = "illegal"
        elif optimum.bound is not None and evaluation.obeyed_count >= optimum.bound:
            verdict, best = "legal", optimum.bound
        else:
            verdict = "unknown"

    missed: list[Finding] = []
    witness_blocks = None
    if verdict == "illegal" and optimum is not None and optimum.pairs is not None:
        witness_eval = evaluate(compilation, optimum.pairs)
        witness_blocks = as_blocks(optimum.pairs)
        mine = set(evaluation.obeyed)
        missed = [
            finding(compilation.requirements[i].reason, board, lang) for i in witness_eval.obeyed if i not in mine
        ]
        if best is not None and evaluation.obeyed_count < best:
            violations += missed

    return Report(
        verdict=verdict,
        step=snapshot.step,
        violations=violations,
        requirements_total=total,
        requirements_obeyed=evaluation.obeyed_count,
        requirements_optimum=best,
        missed_requirements=missed,
        witness=witness_blocks,
        outcome=outcome(board, compilation, proposal) if verdict == "legal" else None,
        solver=SolverInfo(
            used_cpsat=optimum is not None,
            status=optimum.status if optimum is not None else "fast-path",
            milliseconds=round((time.perf_counter() - started) * 1000, 3),
        ),
    )


def solve(snapshot: Snapshot, *, lang: str = "en", time_limit: float | None = None) -> Report:
    """A legal declaration obeying the most requirements, as close as possible to the snapshot's own (if any)."""
    started = time.perf_counter()
    proposal = proposal_pairs(snapshot)
    board, compilation = compile_blocks(snapshot, proposal)
    optimum = optimise(compilation, proposal, time_limit=time_limit)
    if optimum.pairs is None:
        return Report(
            verdict="unknown",
            step=snapshot.step,
            requirements_total=len(compilation.requirements),
            requirements_obeyed=0,
            solver=SolverInfo(
                used_cpsat=True,
                status=optimum.status,
                milliseconds=round((time.perf_counter() - started) * 1000, 3),
            ),
        )
    evaluation = evaluate(compilation, optimum.pairs)
    return Report(
        verdict="legal" if optimum.exact else "unknown",
        step=snapshot.step,
        requirements_total=len(compilation.requirements),
        requirements_obeyed=evaluation.obeyed_count,
        requirements_optimum=optimum.best if optimum.exact else None,
        witness=as_blocks(optimum.pairs),
        outcome=outcome(board, compilation, optimum.pairs),
        solver=SolverInfo(
            used_cpsat=True,
            status=optimum.status,
            milliseconds=round((time.perf_counter() - started) * 1000, 3),
        ),
    )
