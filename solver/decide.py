"""The verdict: check a proposed declaration, or solve for a legal one (508.1c-d, 509.1b-c).

A proposal is legal iff it breaks no restriction and obeys at least as many requirements as the best
restriction-obeying declaration that pays no cost beyond those the proposal itself pays (nobody has to pay, but a
creature paid for is held to the requirements it can then obey; docs/format.md, "Costs"). CP-SAT runs only when
the proposal could fall short of that optimum.

A time limit bounds the whole check (solver/budget.py): reached, the answer is `unknown` unless what was already
proven decides it. A board beyond the size limits raises BoardTooLarge (an input error).
"""

from __future__ import annotations

import time
from collections import defaultdict
from dataclasses import dataclass
from functools import cache
from typing import Any

from ..models import Declaration, Snapshot, one_declaration
from ..models.report import CostItem, Finding, Language, Outcome, Report, SolverInfo
from .board import Board
from .budget import Budget, DeadlineReached
from .collection import collection_paused
from .explain import explained, total_cost, words
from .ir import Compilation, Pair, Reason, Truth
from .optimum import Optimum, optimise
from .rules import CATALOG, AttackContext, BlockContext, Context, Rule
from .shortcut import Bound, nearest_optimum, requirement_bound
from .unapplied import noted


def proposal_pairs(snapshot: Snapshot) -> frozenset[Pair]:
    declaration = snapshot.declaration
    if declaration is None:
        return frozenset()
    pairs = declaration.attack_pairs() if snapshot.step == "declare_attackers" else declaration.block_pairs()
    return frozenset(Pair(actor, target) for actor, target in pairs)


def compile_snapshot(
    snapshot: Snapshot, proposal: frozenset[Pair] = frozenset(), budget: Budget | None = None
) -> tuple[Board, Compilation]:
    """Run every catalog rule of the snapshot's step over the board (and the proposal's own pairs), within
    `budget` (BoardTooLarge past its size, DeadlineReached past its time). A combat timeline (`events`) is refused
    (SnapshotError): read as one declaration it would be "no declaration", and legal."""
    one_declaration(snapshot)
    budget = budget or Budget()
    board = Board(snapshot, budget)
    ordered = sorted(proposal, key=lambda p: (p.actor, p.target))
    ctx: Context = (
        AttackContext(board, ordered, budget)
        if snapshot.step == "declare_attackers"
        else BlockContext(board, ordered, budget)
    )
    for rule in rules_for(snapshot.step, board.words):
        budget.check()
        rule.compile(ctx)
    return board, ctx.compilation


def rules_for(step: str, words: frozenset[str]) -> list[Rule[Any]]:
    """The catalog's rules of `step` that read any of `words` or read nothing in particular, in catalog order (the
    order of the compilation's reasons and requirements)."""
    always, by_word = _step_index(step, len(CATALOG))
    chosen = set(always)
    for word in words:
        chosen.update(by_word.get(word, ()))
    return [CATALOG[i] for i in sorted(chosen)]


@cache
def _step_index(step: str, size: int) -> tuple[tuple[int, ...], dict[str, tuple[int, ...]]]:
    """The positions in CATALOG of `step`'s rules that are always compiled, and of those that read each word. Made
    once per step (`size`: the catalog's, so that a rule registered later is not missed): a board names a few words,
    the catalog has 58 rules, and checking each rule's words on every record cost more than the lookup."""
    always: list[int] = []
    by_word: dict[str, list[int]] = defaultdict(list)
    for i, rule in enumerate(CATALOG[:size]):
        if rule.step != step:
            continue
        if not rule.reads:
            always.append(i)
        for word in rule.reads:
            by_word[word].append(i)
    return tuple(always), {word: tuple(positions) for word, positions in by_word.items()}


@dataclass(frozen=True)
class Evaluation:
    """A concrete declaration measured against the compilation."""

    broken: list[Reason]
    obeyed: list[int]  # indexes into compilation.requirements

    @property
    def obeyed_count(self) -> int:
        return len(self.obeyed)


def evaluate(
    compilation: Compilation, pairs: frozenset[Pair], *, proposal: bool = False, budget: Budget | None = None
) -> Evaluation:
    budget = budget or Budget()
    truth = Truth(pairs)
    broken: list[Reason] = list(compilation.proposal_only) if proposal else []
    for pair in sorted(pairs, key=lambda p: (p.actor, p.target)):
        broken.extend(compilation.forbidden.get(pair, ()))
    for restriction in compilation.restrictions:
        budget.tick(len(restriction.condition.atoms))
        if not restriction.condition.holds(truth):
            broken.append(restriction.reason)
    obeyed = []
    for i, requirement in enumerate(compilation.requirements):
        budget.tick(len(requirement.condition.atoms))
        if requirement.condition.holds(truth):
            obeyed.append(i)
    return Evaluation(list(dict.fromkeys(broken)), obeyed)


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


def _optimum(
    compilation: Compilation, proposal: frozenset[Pair], available: list[Pair], bound: Bound, budget: Budget
) -> Optimum:
    """The nearest optimum: proven without a search when adding pairs to the proposal reaches the bound
    (solver/shortcut.py), otherwise CP-SAT's."""
    try:
        found = nearest_optimum(compilation, proposal, available, bound, budget)
    except DeadlineReached:
        return Optimum("unknown", None, None, None, searched=False)
    if found is not None:
        return Optimum("optimal", bound.upper, bound.upper, found, searched=False)
    return optimise(compilation, proposal, pairs=available, budget=budget, upper=bound.upper)


def _info(optimum: Optimum | None, started: float) -> SolverInfo:
    return SolverInfo(
        used_cpsat=optimum is not None and optimum.searched,
        status=optimum.status if optimum is not None else "fast-path",
        milliseconds=round((time.perf_counter() - started) * 1000, 3),
    )


def check(
    snapshot: Snapshot,
    *,
    lang: str = "en",
    time_limit: float | None = None,
    witness: bool = True,
    with_outcome: bool = True,
) -> Report:
    """Decide whether the snapshot's declaration is legal. No declaration means nobody attacks / blocks.
    `time_limit` (seconds) bounds the whole check; raises BoardTooLarge for a board beyond the size limits.
    `with_outcome=False` leaves out the outcome of a legal declaration (who blocks whom, costs): a batch does not
    write it. Named cards' text not applied is listed and qualifies the verdict (`unapplied`, `assuming`)."""
    with collection_paused():
        report = _check(snapshot, lang=lang, time_limit=time_limit, witness=witness, with_outcome=with_outcome)
    return noted(report, snapshot)


def _check(snapshot: Snapshot, *, lang: str, time_limit: float | None, witness: bool, with_outcome: bool) -> Report:
    started = time.perf_counter()
    budget = Budget(time_limit)
    try:
        proposal = proposal_pairs(snapshot)
        board, compilation = compile_snapshot(snapshot, proposal, budget)
        evaluation = evaluate(compilation, proposal, proposal=True, budget=budget)
        budget.tick(compilation.pair_work)
        available = compilation.available_pairs(proposal)
        budget.check()
        # no declaration paying only what the proposal pays obeys more than bound.upper
        bound = requirement_bound(compilation, available)
        violations = explained(evaluation.broken, board, lang, budget)
    except DeadlineReached:
        return _unknown(snapshot, lang, started, cpsat=False)

    upper = bound.upper
    needs_optimum = evaluation.obeyed_count < upper
    optimum: Optimum | None = None
    if needs_optimum or (violations and witness):
        optimum = _optimum(compilation, proposal, available, bound, budget)

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
        try:
            witness_eval = evaluate(compilation, optimum.pairs, budget=budget)
            mine = set(evaluation.obeyed)
            missed = explained(
                (compilation.requirements[i].reason for i in witness_eval.obeyed if i not in mine), board, lang, budget
            )
        except DeadlineReached:
            if not violations:  # the missed requirements are the only reason, and there was no time to name them
                total, obeyed = len(compilation.requirements), evaluation.obeyed_count
                return _unknown(snapshot, lang, started, cpsat=True, total=total, obeyed=obeyed)
        else:
            witness_declaration = as_declaration(snapshot.step, optimum.pairs)
            witness_outcome = outcome(board, compilation, optimum.pairs, lang)
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
        outcome=outcome(board, compilation, proposal, lang) if verdict == "legal" and with_outcome else None,
        solver=_info(optimum, started),
    )


def _unknown(snapshot: Snapshot, lang: str, started: float, *, cpsat: bool, total: int = 0, obeyed: int = 0) -> Report:
    """The time limit ran out before anything was proven (`cpsat`: after CP-SAT ran)."""
    return Report(
        lang=lang,
        verdict="unknown",
        step=snapshot.step,
        requirements_total=total,
        requirements_obeyed=obeyed,
        solver=SolverInfo(
            used_cpsat=cpsat, status="unknown", milliseconds=round((time.perf_counter() - started) * 1000, 3)
        ),
    )


def solve(snapshot: Snapshot, *, lang: Language = "en", time_limit: float | None = None) -> Report:
    """A legal declaration obeying the most requirements, as close as possible to the snapshot's own (if any);
    named cards' text not applied is listed and qualifies it (`unapplied`, `assuming`)."""
    with collection_paused():
        report = _solve(snapshot, lang=lang, time_limit=time_limit)
    return noted(report, snapshot)


def _solve(snapshot: Snapshot, *, lang: Language, time_limit: float | None) -> Report:
    started = time.perf_counter()
    budget = Budget(time_limit)
    try:
        proposal = proposal_pairs(snapshot)
        board, compilation = compile_snapshot(snapshot, proposal, budget)
    except DeadlineReached:
        return _unknown(snapshot, lang, started, cpsat=False)
    optimum = optimise(compilation, proposal, budget=budget)
    if optimum.pairs is None:
        return _unknown(snapshot, lang, started, cpsat=True, total=len(compilation.requirements))
    try:
        evaluation = evaluate(compilation, optimum.pairs, budget=budget)
    except DeadlineReached:
        return _unknown(snapshot, lang, started, cpsat=True, total=len(compilation.requirements))
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
