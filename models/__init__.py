"""Pydantic models of a combat snapshot (the game as the user describes it)."""

from .abilities import Ability, Keyword, ability_name
from .characteristics import CardType, Color, Supertype
from .effects import Effect
from .filters import CreatureFilter
from .loading import SnapshotError, load_snapshot, one_declaration, parse_text, read_snapshot, snapshot_from_data
from .snapshot import Declaration, Permanent, Player, Snapshot
from .validation import InputProblem

__all__ = [
    "Ability",
    "CardType",
    "Color",
    "CreatureFilter",
    "Declaration",
    "Effect",
    "InputProblem",
    "Keyword",
    "Permanent",
    "Player",
    "Snapshot",
    "SnapshotError",
    "Supertype",
    "ability_name",
    "load_snapshot",
    "one_declaration",
    "parse_text",
    "read_snapshot",
    "snapshot_from_data",
]
