"""The rule catalog. Each module registers its rules with `@register`; importing this package loads them all."""

from typing import Any

from . import (  # noqa: F401  (imported to register their rules)
    alone,
    attack_requirements,
    attack_targets,
    attacking,
    banding,
    blockers,
    declaring,
    evasion,
    requirements,
)
from .base import (
    CATALOG,
    AttackContext,
    AttackPairRestriction,
    AttackRule,
    BlockContext,
    BlockRule,
    Context,
    Message,
    PairRestriction,
    Rule,
    register,
)

__all__ = [
    "CATALOG",
    "AttackContext",
    "AttackPairRestriction",
    "AttackRule",
    "BlockContext",
    "BlockRule",
    "Context",
    "Message",
    "PairRestriction",
    "Rule",
    "register",
]


def rule(key: str) -> Rule[Any]:
    """The catalog entry with this key."""
    for entry in CATALOG:
        if entry.key == key:
            return entry
    raise KeyError(key)


def catalog_rows() -> list[dict[str, str]]:
    """The catalog as `combatcheck rules --json` and the desk's `GET /api/v1/rules` list it: key, CR number, kind
    (restriction or requirement) and what each rule says."""
    return [{"key": r.key, "rule": r.cr, "kind": r.kind, "summary": r.summary} for r in CATALOG]
