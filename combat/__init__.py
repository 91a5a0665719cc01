"""The combat as it unfolds (issue 11): a timeline of events after the declarations, the combat state after each
event, damage assignment orders under the rules before Nov 2024, and combat timing (506.7).

May import `solver` and `models` (capabilities -> solver -> models). The state and change models live in
`combat/state.py`; the triggers (issue 12) read them. `judge(snapshot)` is a verdict with its triggers.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .judging import judge
    from .state import (
        AttackingCreature,
        BlockingCreature,
        Change,
        CombatRecord,
        CombatState,
        DamageOrder,
        Edition,
        Entry,
        Moment,
        Removal,
        RemovalCause,
        TurnStep,
    )
    from .timeline import Timeline, follow

__all__ = [
    "AttackingCreature",
    "BlockingCreature",
    "Change",
    "CombatRecord",
    "CombatState",
    "DamageOrder",
    "Edition",
    "Entry",
    "Moment",
    "Removal",
    "RemovalCause",
    "Timeline",
    "TurnStep",
    "follow",
    "judge",
]

# Imported on first use (PEP 562): `check` reads the triggers (combat.triggers) without the timeline's machinery.
_HOMES = {
    name: ".timeline" if name in ("Timeline", "follow") else ".judging" if name == "judge" else ".state"
    for name in __all__
}


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(home, __name__), name)
    globals()[name] = value
    return value
