"""Values that a reason names and that read differently in each language: a filter, a protection quality, a kind
of landwalk, the source of an effect. Rules put these objects in their reasons; explanations turn them into words
in the report's language, so no English is fixed into a reason."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from ...models.abilities import LandwalkSpec, ProtectionQuality
from ...models.characteristics import CardType, Color, Supertype
from ...models.filters import CreatureFilter
from .filters import describe_filter
from .nouns import Adjective, Phrase
from .vocabulary import ADJECTIVES, CARD_TYPES, COLORS, SUBTYPES, SUPERTYPES, english_subtype

Label = Callable[[str], str]


class Term(Protocol):
    """A value that an explanation puts into words for one language (`label` names permanents and players)."""

    def words(self, lang: str, label: Label) -> str | Phrase: ...


@dataclass(frozen=True)
class FilterTerm:
    """What a filter matches; `of_creatures`: it is matched against creatures only (blockers, attackers)."""

    filter: CreatureFilter
    of_creatures: bool = True

    def words(self, lang: str, label: Label) -> Phrase:
        return describe_filter(self.filter, lang, label, self.of_creatures)


_QUALITY_WORDS: dict[str, dict[str, str]] = {
    "everything": {"en": "everything", "fr": "tout", "es": "todo"},
    "multicolored": {"en": "multicolored", "fr": "le multicolore", "es": "multicolor"},
    "monocolored": {"en": "monocolored", "fr": "le monocolore", "es": "monocolor"},
    "colorless": {"en": "colorless", "fr": "l'incolore", "es": "incoloro"},
}


@dataclass(frozen=True)
class QualityTerm:
    """A protection quality as printed after "protection from": "red", "le rouge", "rojo"; "artifacts", "les
    artefacts", "artefactos"; "everything", "tout", "todo"."""

    quality: ProtectionQuality

    def words(self, lang: str, label: Label) -> str:
        quality = self.quality
        if isinstance(quality, CreatureFilter):
            phrase = describe_filter(quality, lang, label)
            return format(phrase, "les") if lang == "fr" else str(phrase)
        if isinstance(quality, Color):
            color = COLORS[quality][lang].m_sg
            return f"le {color}" if lang == "fr" else color
        if isinstance(quality, CardType):
            plural = CARD_TYPES[quality][lang].pl
            return f"les {plural}" if lang == "fr" else plural
        return _QUALITY_WORDS[quality][lang]


@dataclass(frozen=True)
class LandwalkTerm:
    """A landwalk keyword with its land type: "swampwalk", "traversée des marais", "cruzar pantanos"."""

    spec: LandwalkSpec

    def words(self, lang: str, label: Label) -> str:
        spec = self.spec
        if lang == "en":
            land = english_subtype(spec.subtype).sg.lower() if spec.subtype else "land"
            words = [w for w in ("nonbasic" if spec.nonbasic else None, spec.supertype, land) if w]
            return " ".join(words) + "walk"
        known = SUBTYPES.get(spec.subtype) if spec.subtype else None
        noun = known[lang] if known is not None else CARD_TYPES[CardType.LAND][lang]
        adjectives: list[Adjective] = []
        if spec.supertype is not None:
            adjectives.append(SUPERTYPES[Supertype(spec.supertype)][lang])
        if spec.nonbasic:
            adjectives.append(ADJECTIVES["nonbasic"][lang])
        lands = " ".join([noun.pl, *(a.agree(noun.gender, True) for a in adjectives)])
        if spec.subtype is not None and known is None:
            lands += (" de type " if lang == "fr" else " de tipo ") + spec.subtype.title()
        return f"traversée des {lands}" if lang == "fr" else f"cruzar {lands}"


_EFFECT = {"en": "effect", "fr": "effet", "es": "efecto"}


@dataclass(frozen=True)
class SourceTerm:
    """The source of an effect: its permanent's label, its own text, or "effect" when the snapshot names none."""

    source: str | None

    def words(self, lang: str, label: Label) -> str:
        return label(self.source) if self.source else _EFFECT.get(lang, _EFFECT["en"])
