"""What a protection quality (702.16) covers: the creatures that can't block a creature with protection from it."""

from __future__ import annotations

from ...models import Permanent
from ...models.abilities import ProtectionQuality
from ...models.characteristics import CardType, Color
from ...models.filters import CreatureFilter


def protected(quality: ProtectionQuality, blocker: Permanent, attacker: Permanent) -> bool:
    if quality == "everything":
        return True
    if quality == "multicolored":
        return len(set(blocker.colors)) >= 2
    if quality == "monocolored":
        return len(set(blocker.colors)) == 1
    if quality == "colorless":
        return not blocker.colors
    if isinstance(quality, Color):
        return quality in blocker.colors
    if isinstance(quality, CardType):
        return quality in blocker.types
    if isinstance(quality, CreatureFilter):
        return quality.matches(blocker, attacker)
    return False
