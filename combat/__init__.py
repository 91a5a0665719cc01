"""The combat as it unfolds (issue 11): a timeline of events after the declarations, the combat state after each
event, damage assignment orders under the rules before Nov 2024, and combat timing (506.7).

May import `solver` and `models` (capabilities -> solver -> models). The state and change models live in
`combat/state.py`; the triggers (issue 12) read them.
"""

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
]
