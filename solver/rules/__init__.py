"""The rule catalog. Each module registers its rules with `@register`; importing this package loads them all."""

from . import blockers, declaring, evasion, requirements  # noqa: F401  (imported to register their rules)
from .base import CATALOG, BlockContext, Message, PairRestriction, Rule, register

__all__ = ["CATALOG", "BlockContext", "Message", "PairRestriction", "Rule", "register"]


def rule(key: str) -> Rule:
    """The catalog entry with this key."""
    for entry in CATALOG:
        if entry.key == key:
            return entry
    raise KeyError(key)
