"""Damage assignment orders under the rules before the Foundations update (Nov 2024), as in the French seed.

After blockers are declared, the active player orders the blockers of each blocked attacker (old 509.2) and the
defending player orders the attackers of each creature blocking several (old 509.3). A creature that leaves keeps
the others' relative order (509.2a, 509.3a); a creature made to block (509.6) or put onto the battlefield blocking
(509.7) is placed by the right player, the others keeping their relative order. Under the current rules there is
no order: damage is divided as its controller chooses (510.1c-d).
"""

from __future__ import annotations

from ..models.events import DamageAssignmentOrder
from .state import Change, DamageOrder, NoChange, OrderAnnounced, OrderDue, OrderRejected
from .working import TimelineInputError, Working


def orders_after_declaration(work: Working) -> list[Change]:
    """The orders due once blockers are declared (old 509.2, 509.3); a single creature is placed at once."""
    changes: list[Change] = []
    if not work.old_rules:
        return changes
    active = work.snapshot.active_player
    wanted = [(a.id, "attacker", active, a.blockers, "order_attacker") for a in work.attackers.values()]
    wanted += [
        (b.id, "blocker", work.board[b.id].controller, b.attackers, "order_blocker") for b in work.blockers.values()
    ]
    for of, side, by, creatures, concept in wanted:
        if not creatures:
            continue
        cited = work.cite(concept)
        single = len(creatures) == 1
        work.orders[of] = DamageOrder(
            of=of,
            side="attacker" if side == "attacker" else "blocker",
            by=by,
            order=creatures if single else (),
            unplaced=() if single else creatures,
            rule=None if single else cited["rule"],
        )
        if not single:
            changes.append(OrderDue(of=of, by=by, creatures=creatures, whole=True, **cited))
    return changes


def announce(work: Working, event: DamageAssignmentOrder) -> tuple[list[Change], bool]:
    """Check an announced order. Returns the changes and whether the announcement was legal."""
    of = event.damage_assignment_order
    if not work.old_rules:
        return [NoChange(object=of, reason="no_order_current_rules", **work.cite("no_order"))], True
    if not work.in_combat or not work.blockers_declared:
        raise TimelineInputError("damage_assignment_order", "order_before_blocks")
    order = work.orders.get(of)
    if order is None or not order.due:
        return [NoChange(object=of, reason="no_order_now", **work.cite("order_attacker"))], True
    cited = {"rule": order.rule or "509.2", "edition": work.edition}
    if event.by is not None and event.by != order.by:
        return [OrderRejected(of=of, by=event.by, problem="wrong_player", expected=(order.by,), **cited)], False
    if set(event.order) != set(order.creatures):
        expected = tuple(sorted(order.creatures))
        return [OrderRejected(of=of, by=order.by, problem="wrong_creatures", expected=expected, **cited)], False
    kept = tuple(c for c in event.order if c in order.order)
    if kept != order.order:
        return [OrderRejected(of=of, by=order.by, problem="relative_order", expected=order.order, **cited)], False
    work.orders[of] = order.model_copy(update={"order": tuple(event.order), "unplaced": ()})
    return [OrderAnnounced(of=of, by=order.by, order=tuple(event.order), **cited)], True
