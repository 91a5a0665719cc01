"""An independent reference for the combat timeline, written from the rules' text and not from `combat/`.

It follows the small vocabulary the property test draws (two players, one combat, plain creatures, a planeswalker)
with plain sets and dicts: who attacks what, who blocks whom, who is blocked, who left combat, and, under the rules
before Nov 2024, which damage assignment orders are announced. It is deliberately naive: every rule is applied
where the event happens, with no shared helper.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

ACTIVE, DEFENDER = "ana", "ben"


@dataclass
class Reference:
    old_rules: bool
    controller: dict[str, str]
    is_creature: dict[str, bool]
    is_walker: dict[str, bool] = field(default_factory=dict)
    alive: set[str] = field(default_factory=set)
    attacking: dict[str, str | None] = field(default_factory=dict)  # attacker -> target (None: attacks nothing)
    blocking: dict[str, list[str]] = field(default_factory=dict)  # blocker -> attackers
    blocked: dict[str, bool | None] = field(default_factory=dict)  # attacker -> blocked? (None: not yet decided)
    attacked: set[str] = field(default_factory=set)
    removed: list[str] = field(default_factory=list)
    blockers_declared: bool = False
    orders: dict[str, list[str]] = field(default_factory=dict)  # attacker or blocker -> announced order
    to_place: dict[str, list[str]] = field(default_factory=dict)  # creatures whose place must be announced
    stopped: bool = False

    def blockers_of(self, attacker: str) -> list[str]:
        return [b for b, attackers in self.blocking.items() if attacker in attackers]

    # 506.4: leaving combat
    def leave(self, object_id: str, roles: tuple[str, ...] = ("attacking", "blocking", "attacked")) -> None:
        left = False
        if "attacking" in roles and object_id in self.attacking:
            del self.attacking[object_id]
            self.blocked.pop(object_id, None)
            for attackers in self.blocking.values():
                if object_id in attackers:
                    attackers.remove(object_id)
            left = True
        if "blocking" in roles and object_id in self.blocking:
            del self.blocking[object_id]
            left = True
        if "attacked" in roles and object_id in self.attacked:
            self.attacked.discard(object_id)
            for attacker, target in self.attacking.items():
                if target == object_id:
                    self.attacking[attacker] = None  # 506.4c
            left = True
        if left:
            self.removed.append(object_id)
            for of in list(self.orders):  # 509.2a, 509.3a
                self.orders[of] = [c for c in self.orders[of] if c != object_id]
                self.to_place[of] = [c for c in self.to_place.get(of, []) if c != object_id]
                if not self.orders[of] and len(self.to_place[of]) == 1:  # one creature left: nothing to announce
                    self.orders[of], self.to_place[of] = self.to_place[of], []
            self.orders.pop(object_id, None)
            self.to_place.pop(object_id, None)

    def _drop_from_order(self, of: str, gone: str) -> None:
        if of not in self.orders and of not in self.to_place:
            return
        self.orders[of] = [c for c in self.orders.get(of, []) if c != gone]
        self.to_place[of] = [c for c in self.to_place.get(of, []) if c != gone]
        if not self.orders[of] and len(self.to_place[of]) == 1:
            self.orders[of], self.to_place[of] = self.to_place[of], []

    def in_combat(self, object_id: str) -> bool:
        return object_id in self.attacking or object_id in self.blocking or object_id in self.attacked

    def _join(self, of: str, creature: str) -> None:
        """A creature joins `of`'s set: alone it is placed; otherwise its place is to be announced."""
        placed = self.orders.setdefault(of, [])
        waiting = self.to_place.setdefault(of, [])
        if creature in placed or creature in waiting:
            return
        if not placed and not waiting:
            placed.append(creature)
        else:
            waiting.append(creature)

    def start_blocking(self, blocker: str, attacker: str) -> None:
        self.blocking.setdefault(blocker, [])
        if attacker not in self.blocking[blocker]:
            self.blocking[blocker].append(attacker)
            self.blocked[attacker] = True
            if self.old_rules:
                self._join(attacker, blocker)
                self._join(blocker, attacker)

    def step(self, event: Any) -> None:
        if self.stopped:
            return
        kind = event if isinstance(event, str) else next(iter(event))
        value: Any = None if isinstance(event, str) else event[kind]
        if kind == "declare_attackers":
            for attacker, target in value["attacks"].items():
                self.attacking[attacker] = target
                self.blocked[attacker] = None
                if target != DEFENDER:
                    self.attacked.add(target)
        elif kind == "declare_blockers":
            self.blockers_declared = True
            for blocker, attackers in value["blocks"].items():
                self.blocking[blocker] = list(attackers if isinstance(attackers, list) else [attackers])
            for attacker in self.attacking:
                blockers = self.blockers_of(attacker)
                self.blocked[attacker] = bool(blockers)
                if self.old_rules and blockers:
                    self.orders[attacker] = blockers[:1] if len(blockers) == 1 else []
                    self.to_place[attacker] = [] if len(blockers) == 1 else list(blockers)
            if self.old_rules:
                for blocker, attackers in self.blocking.items():
                    self.orders[blocker] = attackers[:1] if len(attackers) == 1 else []
                    self.to_place[blocker] = [] if len(attackers) == 1 else list(attackers)
        elif kind in ("remove_from_combat", "leaves_battlefield", "phases_out"):
            self.leave(value)
            if kind != "remove_from_combat":
                self.alive.discard(value)
        elif kind == "regenerates":
            self.leave(value, ("attacking", "blocking"))  # 701.15a: attacking or blocking creatures only
        elif kind == "change_control":
            if self.controller[value] != event["to"]:
                self.leave(value)
                self.controller[value] = event["to"]
        elif kind == "change":
            self.is_creature[value] = "creature" in event["types"]
            self.is_walker[value] = "planeswalker" in event["types"]
            if not self.is_creature[value]:
                self.leave(value, ("attacking", "blocking"))
            if "planeswalker" not in event["types"]:
                self.leave(value, ("attacked",))
        elif kind == "made_to_block":
            attacker = event["blocking"]
            # an effect that makes a creature block may make one removed from combat block again (101.1)
            if attacker in self.attacking and self.is_creature[value]:
                self.start_blocking(value, attacker)
        elif kind == "enters_blocking":
            self.alive.add(value["id"])
            self.controller[value["id"]] = value["controller"]
            self.is_creature[value["id"]] = True
            if event["blocking"] in self.attacking:
                self.start_blocking(value["id"], event["blocking"])
        elif kind == "enters_attacking":
            self.alive.add(value["id"])
            self.controller[value["id"]] = value["controller"]
            self.is_creature[value["id"]] = True
            self.attacking[value["id"]] = event["attacking"]
            self.blocked[value["id"]] = False if self.blockers_declared else None  # 509.1h
        elif kind == "becomes_blocked" and value in self.attacking:
            self.blocked[value] = True
        elif kind == "becomes_unblocked" and value in self.attacking:
            self.blocked[value] = False
        elif kind == "stops_blocking":  # it stays a blocking creature, the attacker stays blocked (509.1g-h)
            attacker = event["attacker"]
            if attacker in self.blocking.get(value, []):
                self.blocking[value].remove(attacker)
                for of, gone in ((attacker, value), (value, attacker)):  # old 509.2a, 509.3a
                    self._drop_from_order(of, gone)
        elif kind == "reselect_attack" and value in self.attacking:
            target = event["attacking"]
            walker = target in self.alive and self.is_walker.get(target, False) and self.controller[target] == DEFENDER
            if target == DEFENDER or walker:  # 508.7c: an opponent or their planeswalker
                self.attacking[value] = target
                if target != DEFENDER:
                    self.attacked.add(target)
        elif kind == "damage_assignment_order" and self.old_rules:
            self.announce(value, event["order"])

    def announce(self, of: str, order: list[str]) -> None:
        """An announcement is legal when something is to place, it names exactly the creatures, and those already
        placed keep their relative order (509.2, 509.6, 509.7)."""
        placed, waiting = self.orders.get(of, []), self.to_place.get(of, [])
        if not waiting:
            return  # nothing is due: nothing changes
        if sorted(order) != sorted(placed + waiting) or [c for c in order if c in placed] != placed:
            self.stopped = True
            return
        self.orders[of] = list(order)
        self.to_place[of] = []
