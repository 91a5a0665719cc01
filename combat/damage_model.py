"""The combat damage assignment question as plain data: who assigns how much, to which creatures, who is attacked,
and what each creature needs to be assigned lethal damage. Built from the combat state by `combat/damage_problem.py`;
judged by `combat/damage_rules.py`."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from .state import Edition

Assignment = Mapping[str, Mapping[str, int]]
"""creature -> recipient -> amount (amounts of 0 may be left out)."""


@dataclass(frozen=True)
class Dealer:
    """A creature that assigns combat damage in this step (510.1, 510.4)."""

    id: str
    side: Literal["attacker", "blocker"]
    power: int = 0
    creatures: tuple[str, ...] = ()
    target: str | None = None
    blocked: bool = False
    trample: bool = False
    over_planeswalkers: bool = False
    """trample over planeswalkers (702.19c, e)"""
    defender: str | None = None
    """the defending player it attacks, or who controls the planeswalker it attacks (or attacked, 508.5)"""
    target_loyalty: int | None = None
    """the loyalty of the planeswalker it attacks, if it attacks one"""
    deathtouch: bool = False
    as_though_unblocked: bool = False
    ordered: bool = False
    chooser: str = ""
    banding_exception: bool = False


@dataclass(frozen=True)
class DamageProblem:
    """One combat damage step's assignment question."""

    edition: Edition
    dealers: dict[str, Dealer]
    lethal: dict[str, int] = field(default_factory=dict)
    """creature -> the damage still lethal to it: toughness less the damage marked on it, at least 0."""
    outsiders: dict[str, str] = field(default_factory=dict)
    """creature named in the proposal -> why it assigns no combat damage in this step (not in combat, 510.4)."""

    def recipients(self, dealer: Dealer) -> tuple[str, ...]:
        """Everything it may assign damage to in some legal assignment."""
        if dealer.power <= 0:
            return ()
        found: list[str] = []
        if dealer.side == "blocker":
            found += dealer.creatures
        elif not dealer.blocked:
            found += [dealer.target] if dealer.target else []
        else:
            found += dealer.creatures
            if dealer.target and (dealer.trample or dealer.over_planeswalkers or dealer.as_though_unblocked):
                found.append(dealer.target)
        if self.to_defender(dealer):
            found.append(dealer.defender)  # type: ignore[arg-type]
        return tuple(found)

    @staticmethod
    def to_defender(dealer: Dealer) -> bool:
        """Trample over planeswalkers lets its damage reach the planeswalker's controller (702.19c), or the defending
        player once the planeswalker it attacked left combat (702.19e)."""
        if not (dealer.over_planeswalkers and dealer.side == "attacker" and dealer.defender):
            return False
        return dealer.target is None or (dealer.target_loyalty is not None and dealer.target != dealer.defender)

    def forced(self, dealer: Dealer) -> dict[str, int] | None:
        """Its assignment when there is no choice to make; None when its controller chooses."""
        recipients = self.recipients(dealer)
        if not recipients:
            return {}
        if len(recipients) == 1 and not dealer.as_though_unblocked:
            return {recipients[0]: dealer.power}
        return None

    def assigned_lethal(self, creature: str, assignment: Assignment) -> bool:
        total = sum(split.get(creature, 0) for split in assignment.values())
        deathtouch = any(d.deathtouch and assignment.get(d.id, {}).get(creature, 0) > 0 for d in self.dealers.values())
        return deathtouch or total >= self.lethal.get(creature, 0)


@dataclass(frozen=True)
class Finding:
    """One broken rule: the unit's key, the message code and the values it names (ids are labelled by the
    narration)."""

    key: str
    code: str
    rule: str
    edition: Edition
    values: dict[str, Any]
