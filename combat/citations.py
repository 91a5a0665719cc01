"""Rule numbers for each combat concept, in the two editions the timeline speaks.

`current` is the Comprehensive Rules of 7 Feb 2025 (after the Foundations update of Nov 2024). `before_foundations`
is the numbering of the French seeds (c. 2010-2016): 506.1-506.6g and 509.1-509.7. Where the seeds do not cover a
concept, the old mode cites the current number and marks it current, never a number we have not read.
"""

from __future__ import annotations

from typing import NamedTuple

from .state import Edition


class Cite(NamedTuple):
    rule: str
    edition: Edition


# concept -> (current number, number in the seeds or None where the seeds do not have it)
_NUMBERS: dict[str, tuple[str, str | None]] = {
    "combat_steps": ("506.1", "506.1"),
    "skip_blockers": ("508.8", "506.1"),  # seed 506.1 states the skip itself (its cross-references disagree)
    "first_strike_step": ("510.4", None),
    "additional_combat": ("500.8", None),
    "end_of_combat": ("511.3", None),
    "attackers_declared": ("508.1k", None),
    "blockers_declared": ("509.1g", "509.1g"),
    "blocked_unblocked": ("509.1h", "509.1h"),
    "declare_attackers": ("508.1", None),
    "declare_blockers": ("509.1", "509.1"),
    "put_attacking": ("508.4", None),
    "put_blocking": ("509.4", "509.7"),
    "put_noncreature": ("506.3a", "506.3a"),
    "put_attacking_other_player": ("506.3b", "506.3b"),
    "put_attacking_target_gone": ("506.3c", None),
    "put_blocking_not_defending": ("506.3d", "506.3c"),
    "put_blocking_attacker_gone": ("509.4a", None),
    "put_battle": ("506.3e", None),
    "effect_blocks": ("509.3a", "509.6"),
    "effect_overrides": ("101.1", None),
    "only_creatures": ("506.3", "506.3"),
    "effect_battle": ("506.3f", None),
    "blocks_own_attackers": ("509.1a", "509.1a"),
    "removal": ("506.4", "506.4"),
    "removal_declared_stays": ("506.4a", "506.4a"),
    "removal_tapping": ("506.4b", "506.4b"),
    "removal_attacked_planeswalker": ("506.4c", "506.4c"),
    "removal_blocker_and_planeswalker": ("506.4d", "506.4d"),
    "removal_planeswalker_and_battle": ("506.4e", None),
    "regenerate": ("701.15a", "701.11"),
    "phasing": ("702.26b", None),
    "evasion_after_block": ("509.1b", "509.1b"),
    "band_blocked": ("702.22h", None),
    "band_blocked_by_effect": ("702.22i", None),
    "band_removed": ("702.22f", None),
    "banding_blocked": ("702.22j", None),
    "banding_blocking": ("702.22k", None),
    "alone": ("506.5", "506.5"),
    "order_attacker": ("", "509.2"),
    "order_attacker_removal": ("", "509.2a"),
    "order_blocker": ("", "509.3"),
    "order_blocker_removal": ("", "509.3a"),
    "order_effect_block": ("", "509.6"),
    "order_put_blocking": ("", "509.7"),
    "illegal_action": ("730", "715"),
    "no_order": ("510.1c", None),
    "damage_power": ("510.1a", None),
    "damage_unblocked": ("510.1b", None),
    "damage_blocked": ("510.1c", "510.1c"),
    "damage_blocking": ("510.1d", "510.1d"),
    "trample_no_blockers": ("702.19d", None),
    "trample_planeswalker_gone": ("702.19e", None),
    "effect_stops_blocking": ("509.1g", "509.2a"),  # the seed names the effect in its order rule
    "reselect": ("508.7a", None),
    "reselect_target": ("508.7c", None),
    "target": ("601.2c", None),
    "target_attacking": ("508.1k", None),
    "target_blocking": ("509.1g", "509.1g"),
    "target_blocked": ("509.1h", "509.1h"),
    "attacked_you": ("508.6", None),
    "damage_dealt": ("510.2", None),
    "damage_assignment_checked": ("510.1e", None),
    "timing": ("506.7", "506.6"),
    "timing_attackers": ("506.7a", "506.6a"),
    "timing_blockers": ("506.7b", "506.6b"),
    "timing_during_combat": ("506.7c", "506.6c"),
    "timing_first_combat": ("506.7d", "506.6d"),
    "timing_point_skipped": ("506.7e", "506.6e"),
    "timing_after_blockers_skipped": ("506.7f", "506.6f"),
    "timing_abilities": ("506.7g", "506.6g"),
}


def cite(concept: str, edition: Edition) -> Cite:
    """The rule for `concept` in `edition`; the current number (marked current) where the seeds lack one."""
    current, old = _NUMBERS[concept]
    if edition == "before_foundations" and old is not None:
        return Cite(old, "before_foundations")
    if not current:
        raise KeyError(f"{concept} exists only in the rules before Nov 2024")
    return Cite(current, "current")
