"""Words for explanations: messages in English, French and Spanish, plural forms by count, and the terms (filters,
protection qualities, landwalk, effect sources) that reasons name. See docs/format.md, "Messages and translations"."""

from ...languages import Message, Plural, join, plural_category
from .nouns import Phrase
from .terms import FilterTerm, LandwalkTerm, QualityTerm, SourceTerm, Term

__all__ = [
    "FilterTerm",
    "LandwalkTerm",
    "Message",
    "Phrase",
    "Plural",
    "QualityTerm",
    "SourceTerm",
    "Term",
    "join",
    "plural_category",
]
