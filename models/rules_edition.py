"""The Comprehensive Rules edition combatcheck follows: its effective date, in data (`CR_EDITION`, ISO 8601) and in
words. Every verdict, question and picture follows it; the combat timeline's old mode cites older rules where it
says so (combat/citations.py). The text is that of shared/reference/rules.md: the full WotC `MagicCompRules
20250207.txt`, after the Foundations update of November 2024."""

from __future__ import annotations

from ..languages import Message

CR_EDITION = "2025-02-07"
CR_EDITION_WORDS = Message(
    "Comprehensive Rules of 7 February 2025",
    "Règles complètes du 7 février 2025",
    "Reglas Completas del 7 de febrero de 2025",
)

__all__ = ["CR_EDITION", "CR_EDITION_WORDS"]
