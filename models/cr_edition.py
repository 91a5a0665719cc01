"""The Comprehensive Rules edition that combatcheck's rule numbers and wordings follow (docs/architecture.md).

The rule catalog, the trigger catalog and the timeline cite the CR effective 7 February 2025 ("current" in
combat/state.py's `Edition`); the timeline's older numbering is named apart (`before_foundations`).
"""

from __future__ import annotations

CR_EDITION = "2025-02-07"
"""The date of the Comprehensive Rules followed (ISO 8601), as the timeline's title names it."""
