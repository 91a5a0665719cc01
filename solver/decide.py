"""The verdict: check a proposed declaration, or solve for a legal one (508.1c-d, 509.1b-c).

A proposal is legal iff it breaks no restriction and obeys at least as many requirements as the best
restriction-obeying declaration that pays no cost beyond those the proposal itself pays (nobody has to pay, but a
creature paid for is held to the requirements it can then obey; docs/format.md, "Costs"). CP-SAT runs only when
the proposal could fall short of that optimum.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from ..models import Declaration, Snapshot
from ..models.report import CostItem, Finding, Language, Outcome, Report, SolverInfo
from .board import Board
from .explain import finding, total_cost, words
from .ir import Acts, Compilation, Pair, Reason, Receives, Truth
from .optimum import Optimum, optimise
from .rules import CATALOG, AttackContext, BlockContext, Context


def proposal_pairs(snapshot: Snapshot) -> frozenset[Pair]:
    declaration = snapshot.declaration
    if declaration is None:
        return frozenset()
    pairs = declaration.attack_pairs() if snapshot.step == "declare_attackers" else declaration.block_pairs()
    return frozenset(Pair(actor, target) for actor, target in pairs)


def compile_snapshot(snapshot: Snapshot, proposal: frozenset[Pair] = frozenset()) -> tuple[Board, Compilation]:
    """Run every catalog rule of the snapshot's step over the board (and the proposal's own pairs)."""
    board = Board(snapshot)
    ordered = sorted(proposal, key=lambda p: (p.actor, p.target))
    ctx: Context = (
        AttackContext(board, ordered) if snapshot.step == "declare_attackers" else BlockContext(board, ordered)
    )
    for rule in CATALOG:
        if rule.step == snapshot.step and (not rule.reads or rule.reads & board.words):
            rule.compile(ctx)
    return board, ctx.compilation


@dataclass(frozen=True)
class Evaluation:
    """A concrete declaration measured against the compilation."""

    broken: list[Reason]
    obeyed: list[int]  # indexes into compilation.requirements

    @property
    def obeyed_count(self) -> int:
        return len(self.obeyed)


def evaluate(compilation: Compilation, pairs: frozenset[Pair], *, proposal: bool = False) -> Evaluation:
    truth = Truth(pairs)
    broken: list[Reason] = list(compilation.proposal_only) if proposal else []
    for pair in sorted(pairs, key=lambda p: (p.actor, p.target)):
        broken.extend(compilation.forbidden.get(pair, ()))
    broken.extend(r.reason for r in compilation.restrictions if not r.condition.holds(truth))
    obeyed = [i for i, req in enumerate(compilation.requirements) if req.condition.holds(truth)]
    return Evaluation(list(dict.fromkeys(broken)), obeyed)


def requirement_upper_bound(compilation: Compilation, proposal: frozenset[Pair]) -> int:
    """Requirements that some declaration paying no more than `proposal` might obey, each judged alone: a cap on
    the optimum."""
    available = set(compilation.available_pairs(proposal))
    actors = {p.actor for p in available}
    targets = {p.target for p in available}

    def possible(atom: object) -> bool:
        if isinstance(atom, Pair):
            return atom in available
        if isinstance(atom, Acts):
            return atom.actor in actors
        if isinstance(atom, Receives):
            return atom.target in targets
        return False

    return sum(
        1
        for req in compilation.requirements
        if sum(1 for a in req.condition.atoms if possible(a)) >= (req.condition.at_least or 0)
    )


def as_declaration(step: str, pairs: frozenset[Pair]) -> Declaration:
    ordered = sorted(pairs, key=lambda p: (p.actor, p.target))
    if step == "declare_attackers":
        return Declaration(attacks={p.actor: p.target for p in ordered})
    blocks: dict[str, list[str]] = {}
    for pair in ordered:
        blocks.setdefault(pair.actor, []).append(pair.target)
    return Declaration.model_validate({"blocks": blocks})


def outcome(board: Board, compilation: Compilation, pairs: frozenset[Pair], lang: str = "en") -> Outcome:
    costs = [
        CostItem(object=c.actor, cost=c.cost, source=str(words(c.reason.params().get("source", ""), board, lang)))
        for c in compilation.costs_of(pairs)
    ]
    by_target: dict[str, list[str]] = {}
    for pair in sorted(pairs, key=lambda p: (p.target, p.actor)):
        by_target.setdefault(pair.target, []).append(pair.actor)
    common = {"costs": costs, "total_cost": total_cost([c.cost for c in costs], lang)}
    if board.snapshot.step == "declare_attackers":
        return Outcome(
            attacks={p.actor: p.target for p in sorted(pairs, key=lambda p: p.actor)},
            attacked=by_target,
            **common,
        )
    blocks = as_declaration("declare_blockers", pairs).blocks
    blocked = dict(by_target)
    for band in board.snapshot.bands:  # 702.22h: a blocker of one band member blocks the whole band
        blockers = sorted({b for member in band for b in blocked.get(member, [])})
        for member in band:
            if blockers:
                blocked[member] = blockers
    return Outcome(
        blocks={b: list(a) for b, a in blocks.items()},
        blocked=blocked,
        unblocked=[a.id for a in board.attackers if a.id not in blocked],
        **common,
    )


def _info(optimum: Optimum | None, started: float) -> SolverInfo:
    return SolverInfo(
        used_cpsat=optimum is not None,
        status=optimum.status if optimum is not None else "fast-path",
        milliseconds=round((time.perf_counter() - started) * 1000, 3),
    )


def check(snapshot: Snapshot, *, lang: str = "en", time_limit: float | None = None, witness: bool = True) -> Report:
    """Decide whether the snapshot's declaration is legal. No declaration means nobody attacks / blocks."""
    started = time.perf_counter()
    proposal = proposal_pairs(snapshot)
    board, compilation = compile_snapshot(snapshot, proposal)
    evaluation = evaluate(compilation, proposal, proposal=True)
    violations = [finding(r, board, lang) for r in evaluation.broken]

    upper = requirement_upper_bound(compilation, proposal)
    needs_optimum = evaluation.obeyed_count < upper
    optimum: Optimum | None = None
    if needs_optimum or (violations and witness):
        optimum = optimise(compilation, proposal, time_limit=time_limit)

    best: int | None
    if not needs_optimum:
        # No declaration can obey more than `upper`. A proposal that breaks nothing is itself one of the
        # declarations the optimum ranges over (it pays only its own costs), so then the optimum is what it obeys.
        if optimum is not None and optimum.exact:
            best = optimum.best
        elif upper == 0 or not violations:
            best = upper
        else:
            best = None
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
    witness_declaration = None
    witness_outcome = None
    if verdict == "illegal" and optimum is not None and optimum.pairs is not None:
        witness_eval = evaluate(compilation, optimum.pairs)
        witness_declaration = as_declaration(snapshot.step, optimum.pairs)
        witness_outcome = outcome(board, compilation, optimum.pairs, lang)
        mine = set(evaluation.obeyed)
        missed = [
            finding(compilation.requirements[i].reason, board, lang) for i in witness_eval.obeyed if i not in mine
        ]
        if evaluation.obeyed_count < witness_eval.obeyed_count:
            violations += missed

    return Report(
        lang=lang,
        verdict=verdict,
        step=snapshot.step,
        violations=violations,
        requirements_total=len(compilation.requirements),
        requirements_obeyed=evaluation.obeyed_count,
        requirements_optimum=best,
        missed_requirements=missed,
        witness=witness_declaration,
        witness_outcome=witness_outcome,
        outcome=outcome(board, compilation, proposal, lang) if verdict == "legal" else None,
        solver=_info(optimum, started),
    )


def solve(snapshot: Snapshot, *, lang: Language = "en", time_limit: float | None = None) -> Report:
    """A legal declaration obeying the most requirements, as close as possible to the snapshot's own (if any)."""
    started = time.perf_counter()
    proposal = proposal_pairs(snapshot)
    board, compilation = compile_snapshot(snapshot, proposal)
    optimum = optimise(compilation, proposal, time_limit=time_limit)
    if optimum.pairs is None:
        return Report(
            lang=lang,
            verdict="unknown",
            step=snapshot.step,
            requirements_total=len(compilation.requirements),
            requirements_obeyed=0,
            solver=_info(optimum, started),
        )
    evaluation = evaluate(compilation, optimum.pairs)
    return Report(
        lang=lang,
        verdict="legal" if optimum.exact else "unknown",
        step=snapshot.step,
        requirements_total=len(compilation.requirements),
        requirements_obeyed=evaluation.obeyed_count,
        requirements_optimum=optimum.best if optimum.exact else None,
        witness=as_declaration(snapshot.step, optimum.pairs),
        outcome=outcome(board, compilation, optimum.pairs, lang),
        solver=_info(optimum, started),
    )
