"""The combat while the timeline is being followed: mutable bookkeeping, frozen into a `CombatState` after each event.

Handlers (`combat/steps.py`, `combat/entering.py`, `combat/removal.py`, `combat/orders.py`) change it through the
small operations here, so that what it means to leave combat, to begin blocking or to leave an order is written
once.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any

from ..models import Permanent, Snapshot
from ..models.problem_words import Param
from ..models.validation import InputProblem
from ..solver.board import Board
from .citations import Cite, cite
from .state import (
    AttackingCreature,
    AttackingNothing,
    BlockingCreature,
    Change,
    CombatRecord,
    CombatState,
    DamageOrder,
    Edition,
    Fallen,
    OrderDue,
    OrderUpdated,
    Removal,
    RemovalCause,
    RemovedFromCombat,
    Role,
    StillBlocked,
    StopsBlocking,
    TurnStep,
)


class TimelineInputError(Exception):
    """An event that cannot happen where it is written, or names what is not there: bad input (exit 2)."""

    def __init__(self, field: str, code: str | InputProblem, **params: Param) -> None:
        """`code` names the message (models/problem_words.py), or is a problem found by the models' checks."""
        self.field = field
        self.words = code if isinstance(code, InputProblem) else InputProblem.of("", code, **params)
        self.message = self.words.message
        super().__init__(f"{field}: {self.message}")

    def problem(self, index: int, kind: str) -> InputProblem:
        """Where: the event's field, or the event itself (named by its word) when the whole event is misplaced."""
        where = f"events[{index}]" + (f".{self.field}" if self.field else f" ({kind})")
        return dataclasses.replace(self.words, path=where)


STEP_ORDER: dict[TurnStep, int] = {
    "precombat_main": 0,
    "beginning_of_combat": 1,
    "declare_attackers": 2,
    "declare_blockers": 3,
    "first_strike_damage": 4,
    "combat_damage": 5,
    "end_of_combat": 6,
    "postcombat_main": 7,
}


@dataclass
class Working:
    snapshot: Snapshot
    edition: Edition
    board: dict[str, Permanent]
    step: TurnStep = "precombat_main"
    combat: int = 0
    attackers: dict[str, AttackingCreature] = field(default_factory=dict)
    blockers: dict[str, BlockingCreature] = field(default_factory=dict)
    attacked: list[str] = field(default_factory=list)
    removed: list[Removal] = field(default_factory=list)
    declared_attackers: tuple[str, ...] = ()
    declared_blockers: tuple[str, ...] = ()
    attackers_declared: bool = False
    blockers_declared: bool = False
    orders: dict[str, DamageOrder] = field(default_factory=dict)
    combats: list[CombatRecord] = field(default_factory=list)
    first_strikers: frozenset[str] = frozenset()
    attacked_players: set[str] = field(default_factory=set)  # players declared attacked this turn (508.6)
    event: int = -1
    # combat damage (combat/damage_dealt.py): what damage did, for the state
    counters: dict[str, int] = field(default_factory=dict)
    life: dict[str, int] = field(default_factory=dict)
    poison: dict[str, int] = field(default_factory=dict)
    died: list[Fallen] = field(default_factory=list)
    lost: list[Fallen] = field(default_factory=list)
    dealt_damage_by: dict[str, tuple[str, ...]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.life = {p.id: p.life for p in self.snapshot.players if p.life is not None}
        self.poison = {p.id: p.poison for p in self.snapshot.players if p.poison}

    # --- reading ---------------------------------------------------------------------------------------------

    def cite(self, concept: str) -> dict[str, Any]:
        """rule= and edition= for a change."""
        found: Cite = cite(concept, self.edition)
        return {"rule": found.rule, "edition": found.edition}

    @property
    def old_rules(self) -> bool:
        return self.edition == "before_foundations"

    def view(self) -> Snapshot:
        """The snapshot's players and effects with today's board, for the solver's board helpers."""
        return self.snapshot.model_copy(update={"permanents": tuple(self.board.values()), "declaration": None})

    def solver_board(self) -> Board:
        return Board(self.view())

    def team(self, player: str) -> str:
        return self.solver_board().team[player]

    @property
    def attacking_players(self) -> list[str]:
        return self.solver_board().attacking_players

    def on_battlefield(self, permanent_id: str, field_name: str) -> Permanent:
        found = self.board.get(permanent_id)
        if found is None or found.phased_out:
            gone = "phased_out" if found is not None else "not_on_battlefield"
            raise TimelineInputError(field_name, gone, id=permanent_id)
        return found

    def roles(self, permanent_id: str) -> tuple[Role, ...]:
        roles: list[Role] = []
        if permanent_id in self.attackers:
            roles.append("attacking")
        if permanent_id in self.blockers:
            roles.append("blocking")
        if permanent_id in self.attacked:
            roles.append("attacked")
        return tuple(roles)

    def removed_this_combat(self, permanent_id: str) -> bool:
        return any(r.id == permanent_id for r in self.removed)

    @property
    def in_combat(self) -> bool:
        return self.step not in ("precombat_main", "postcombat_main")

    # --- freezing --------------------------------------------------------------------------------------------

    def freeze(self) -> CombatState:
        board = self.solver_board()
        return CombatState(
            edition=self.edition,
            combat=self.combat,
            step=self.step,
            attacking_player=self.snapshot.active_player,
            defending_players=tuple(board.defending_players) if self.in_combat else (),
            attackers=tuple(self.attackers.values()),
            blockers=tuple(self.blockers.values()),
            attacked=tuple(self.attacked),
            removed=tuple(self.removed),
            declared_attackers=self.declared_attackers,
            declared_blockers=self.declared_blockers,
            attackers_declared=self.attackers_declared,
            blockers_declared=self.blockers_declared,
            orders=tuple(self.orders.values()),
            combats=tuple(self.combats),
            board=tuple(self.board.values()),
            damage={p.id: p.damage for p in self.board.values() if p.damage},
            counters=dict(self.counters),
            life=dict(self.life),
            poison=dict(self.poison),
            died=tuple(self.died),
            lost=tuple(self.lost),
            dealt_damage_by=dict(self.dealt_damage_by),
        )

    # --- changing the board ------------------------------------------------------------------------------------

    def update(self, permanent_id: str, **fields: Any) -> Permanent:
        changed = self.board[permanent_id].model_copy(update=fields)
        self.board[permanent_id] = changed
        return changed

    # --- leaving combat ------------------------------------------------------------------------------------------

    def remove_from_combat(
        self, object_id: str, cause: RemovalCause, concept: str, roles: tuple[Role, ...] | None = None
    ) -> list[Change]:
        """Remove `object_id` from combat in the given roles (all of them by default), with every consequence:
        its blockers / attackers lose it (506.4), attackers of a removed planeswalker attack nothing (506.4c),
        an attacker whose last blocker left stays blocked (509.1h), and old-rules orders drop it (509.2a, 509.3a)."""
        roles = roles if roles is not None else self.roles(object_id)
        if not roles:
            return []
        changes: list[Change] = [RemovedFromCombat(object=object_id, roles=roles, cause=cause, **self.cite(concept))]
        self.removed.append(Removal(id=object_id, roles=roles, cause=cause, event=self.event, **self.cite(concept)))
        if "attacking" in roles:
            changes += self._attacker_leaves(object_id)
        if "blocking" in roles:
            changes += self._blocker_leaves(object_id)
        if "attacked" in roles:
            self.attacked.remove(object_id)
            for attacker in list(self.attackers.values()):
                if attacker.target == object_id:
                    self.attackers[attacker.id] = attacker.model_copy(update={"target": None})
                    changes.append(
                        AttackingNothing(
                            attacker=attacker.id, former_target=object_id, **self.cite("removal_attacked_planeswalker")
                        )
                    )
        return changes

    def _attacker_leaves(self, attacker_id: str) -> list[Change]:
        changes: list[Change] = []
        attacker = self.attackers.pop(attacker_id)
        for member in attacker.band:  # 702.22f: it leaves its band
            other = self.attackers.get(member)
            if other is not None:
                self.attackers[member] = other.model_copy(
                    update={"band": tuple(m for m in other.band if m != attacker_id)}
                )
        for blocker_id in attacker.blockers:
            blocker = self.blockers.get(blocker_id)
            if blocker is None:
                continue
            self.blockers[blocker_id] = blocker.model_copy(
                update={"attackers": tuple(a for a in blocker.attackers if a != attacker_id)}
            )
            changes.append(StopsBlocking(blocker=blocker_id, attacker=attacker_id, **self.cite("blockers_declared")))
            changes += self._leave_order(blocker_id, attacker_id, "order_blocker_removal")
        self.orders.pop(attacker_id, None)
        return changes

    def _blocker_leaves(self, blocker_id: str) -> list[Change]:
        changes: list[Change] = []
        blocker = self.blockers.pop(blocker_id)
        for attacker_id in blocker.attackers:
            attacker = self.attackers.get(attacker_id)
            if attacker is None:
                continue
            remaining = tuple(b for b in attacker.blockers if b != blocker_id)
            self.attackers[attacker_id] = attacker.model_copy(update={"blockers": remaining})
            changes += self._leave_order(attacker_id, blocker_id, "order_attacker_removal")
            if not remaining and attacker.status == "blocked":
                changes.append(StillBlocked(attacker=attacker_id, **self.cite("blocked_unblocked")))
        self.orders.pop(blocker_id, None)
        return changes

    def end_block(self, blocker_id: str, attacker_id: str, concept: str) -> list[Change]:
        """An effect makes `blocker_id` stop blocking `attacker_id`: both stay in combat, the blocker a blocking
        creature (509.1g) and the attacker blocked (509.1h); old-rules orders drop each from the other's (509.2a,
        509.3a, which name such an effect)."""
        blocker, attacker = self.blockers[blocker_id], self.attackers[attacker_id]
        self.blockers[blocker_id] = blocker.model_copy(
            update={"attackers": tuple(a for a in blocker.attackers if a != attacker_id)}
        )
        remaining = tuple(b for b in attacker.blockers if b != blocker_id)
        self.attackers[attacker_id] = attacker.model_copy(update={"blockers": remaining})
        changes: list[Change] = [
            StopsBlocking(blocker=blocker_id, attacker=attacker_id, by_effect=True, **self.cite(concept))
        ]
        changes += self._leave_order(attacker_id, blocker_id, "order_attacker_removal")
        changes += self._leave_order(blocker_id, attacker_id, "order_blocker_removal")
        if not remaining and attacker.status == "blocked":
            changes.append(StillBlocked(attacker=attacker_id, **self.cite("blocked_unblocked")))
        return changes

    # --- damage assignment orders (rules before Nov 2024) ---------------------------------------------------------

    def _leave_order(self, of: str, leaving: str, concept: str) -> list[Change]:
        order = self.orders.get(of)
        if order is None or leaving not in order.creatures:
            return []
        kept = tuple(c for c in order.order if c != leaving)
        unplaced = tuple(c for c in order.unplaced if c != leaving)
        if not kept and len(unplaced) == 1:  # a single creature needs no announcement
            kept, unplaced = unplaced, ()
        self.orders[of] = order.model_copy(update={"order": kept, "unplaced": unplaced})
        return [OrderUpdated(of=of, left=leaving, order=kept, **self.cite(concept))]

    def join_order(self, of: str, side: str, by: str, creature: str, concept: str) -> list[Change]:
        """`creature` joins the order of `of` (old 509.6, 509.7): alone it is placed at once; otherwise `by` must
        announce its position (or the whole order, if none was announced yet)."""
        if not self.old_rules:
            return []
        current = self.orders.get(of) or DamageOrder(of=of, side="attacker" if side == "attacker" else "blocker", by=by)
        if creature in current.creatures:
            return []
        if not current.creatures:
            self.orders[of] = current.model_copy(update={"order": (creature,)})
            return []
        unplaced = (*current.unplaced, creature)
        whole = not current.order
        concept = concept if not whole else ("order_attacker" if side == "attacker" else "order_blocker")
        self.orders[of] = current.model_copy(update={"unplaced": unplaced, "rule": cite(concept, self.edition).rule})
        return [
            OrderDue(
                of=of,
                by=by,
                creatures=unplaced if whole else (creature,),
                whole=whole,
                **self.cite(concept),
            )
        ]
