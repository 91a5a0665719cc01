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


# Keyword and triggered abilities, which a `grant` gives as abilities (113.1a); anything else it grants is a
# quality the effect states (113.12), which losing abilities leaves alone.
_GIVEN_AS_ABILITIES = frozenset(
    {
        "flying",
        "reach",
        "shadow",
        "horsemanship",
        "fear",
        "intimidate",
        "menace",
        "skulk",
        "defender",
        "haste",
        "banding",
        "protection_from",
        "landwalk",
        "bands_with_other",
    }
)


def _lost(p: Permanent, granted: Any) -> bool:
    name = granted.value if isinstance(granted, Keyword) else next(iter(type(granted).model_fields))
    return name in _GIVEN_AS_ABILITIES and ("all" in p.lost or name in p.lost)


def with_grants(snapshot: Snapshot) -> dict[str, Permanent]:
    """Every permanent by id, with what the rules read as its abilities: the effects it is `subject_to` (not
    abilities, 113.12, but obeyed the same way), and for creatures what `grant` effects give them."""
    grants = [e for e in snapshot.effects if isinstance(e, GrantEffect)]
    perms: dict[str, Permanent] = {}
    for p in snapshot.permanents:
        extra: tuple[Any, ...] = tuple(p.subject_to)
        for g in grants:
            if CardType.CREATURE in p.types and g.to.matches(p):
                extra += tuple(a for a in g.grant if not _lost(p, a))
        perms[p.id] = p.model_copy(update={"abilities": p.abilities + extra}) if extra else p
    return perms
