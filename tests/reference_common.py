"""What both brute-force references need, written without the solver: ability lookups and granted abilities."""

from __future__ import annotations

from typing import Any

from combatcheck.models import Permanent, Snapshot
from combatcheck.models.abilities import Keyword
from combatcheck.models.characteristics import CardType
from combatcheck.models.effects import GrantEffect


def has(p: Permanent, name: str) -> bool:
    """The permanent has this keyword (a plain scan, independent of the model's cached lookup)."""
    return any(isinstance(a, Keyword) and a.value == name for a in p.abilities)


def abilities(p: Permanent, cls: type) -> list[Any]:
    return [a for a in p.abilities if isinstance(a, cls)]


def with_grants(snapshot: Snapshot) -> dict[str, Permanent]:
    """Every permanent by id, with what the rules read as its abilities: the effects it is `subject_to` (not
    abilities, 113.12, but obeyed the same way), and for creatures what `grant` effects give them."""
    grants = [e for e in snapshot.effects if isinstance(e, GrantEffect)]
    perms: dict[str, Permanent] = {}
    for p in snapshot.permanents:
        extra: tuple[Any, ...] = tuple(p.subject_to)
        for g in grants:
            if CardType.CREATURE in p.types and g.to.matches(p):
                extra += tuple(g.grant)
        perms[p.id] = p.model_copy(update={"abilities": p.abilities + extra}) if extra else p
    return perms
