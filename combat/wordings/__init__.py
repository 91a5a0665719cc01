"""The trigger catalog: one unit per wording of an attack or block trigger (508.3, 509.3) and per keyword built on
them (702). Importing this package loads them all."""

from . import attacking, blocking, damage, grouped, keywords, watching  # noqa: F401  (imported to register their wordings)
from .base import CATALOG, Hit, SelfWording, Wording, register

__all__ = ["CATALOG", "Hit", "SelfWording", "Wording", "register", "wording"]


def wording(key: str) -> Wording:
    """The catalog entry with this key."""
    for entry in CATALOG:
        if entry.key == key:
            return entry
    raise KeyError(key)
