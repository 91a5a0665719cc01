"""The Comprehensive Rules edition that combatcheck's rule numbers and wordings follow (docs/architecture.md).

The rule catalog, the trigger catalog and the timeline cite the CR effective 7 February 2025 ("current" in
combat/state.py's `Edition`); the timeline's older numbering is named apart (`before_foundations`). Every report
names it: `cr_edition` in the JSON of a verdict, a question's answer, the damage step and a batch's summary, the
API's `X-CR-Edition` header, and its last line in words (`CR_EDITION_WORDS`) on the command line.
"""

from __future__ import annotations

from ..languages import Message

CR_EDITION = "2025-02-07"
"""The date of the Comprehensive Rules followed (ISO 8601), as the timeline's title names it."""

CR_EDITION_WORDS = Message(
    "Comprehensive Rules of 7 February 2025",
    "Règles complètes du 7 février 2025",
    "Reglas Completas del 7 de febrero de 2025",
)
"""The edition in words, the last line of every report on the command line."""
