"""Would a creature in combat be kept from attacking or blocking as it is now? Asked of the existing checker.

Once declared, a creature stays in combat whatever would have kept it from attacking or blocking (506.4a), and a
legal block is unaffected by evasion abilities gained later (509.1b). The timeline says so when a change makes the
current attack or block break a restriction that it did not break before. Tapping is left out: 506.4b covers it,
so the check sees every creature in combat untapped. Creatures put onto the battlefield attacking or blocking are
left out too: restrictions never applied to them (508.4c, 509.4b).
"""

from __future__ import annotations

from ..models import Snapshot
from ..solver import compile_snapshot, evaluate
from ..solver.ir import Pair
from .state import Entry
from .working import Working

Broken = frozenset[tuple[str, str, tuple[str, ...]]]  # (step, rule key, objects)


def _snapshot(work: Working, step: str, attacking: dict[str, str | None]) -> Snapshot:
    in_combat = set(work.attackers) | set(work.blockers)
    permanents = tuple(
        p.model_copy(update={"attacking": attacking.get(p.id), "tapped": False if p.id in in_combat else p.tapped})
        for p in work.board.values()
    )
    return Snapshot.model_construct(
        **{**dict(work.snapshot), "step": step, "permanents": permanents, "declaration": None, "events": ()}
    )


def broken_now(work: Working) -> Broken:
    """The restrictions the current attack and block would break if they were declared now."""
    found: set[tuple[str, str, tuple[str, ...]]] = set()
    attacks = {a.id: a.target for a in work.attackers.values() if a.entry is Entry.DECLARED and a.target is not None}
    if attacks:
        snapshot = _snapshot(work, "declare_attackers", {})
        pairs = frozenset(Pair(c, t) for c, t in attacks.items())
        _, compilation = compile_snapshot(snapshot, pairs)
        found |= {("attack", r.rule, r.objects) for r in evaluate(compilation, pairs, proposal=True).broken}
    blocks = [Pair(b.id, a) for b in work.blockers.values() if b.entry is Entry.DECLARED for a in b.attackers]
    if blocks:
        attacking = {a.id: a.target if a.target is not None else a.defending_player for a in work.attackers.values()}
        snapshot = _snapshot(work, "declare_blockers", attacking)
        pairs = frozenset(blocks)
        _, compilation = compile_snapshot(snapshot, pairs)
        found |= {("block", r.rule, r.objects) for r in evaluate(compilation, pairs, proposal=True).broken}
    return frozenset(found)


def newly_restricted(work: Working, before: Broken, changed: str) -> list[tuple[str, str]]:
    """(creature, concept) for each creature in combat the change to `changed` now restricts: 506.4a for the
    creature itself, 509.1b when an attacker gained an evasion ability."""
    out: dict[tuple[str, str], None] = {}
    for step, _, objects in broken_now(work) - before:
        if changed not in objects:
            continue
        if step == "block" and changed in work.attackers:
            out[(changed, "evasion_after_block")] = None
        else:
            out[(changed, "removal_declared_stays")] = None
    return list(out)
