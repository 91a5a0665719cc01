"""A creature filter as a noun phrase in English, French or Spanish ("artifact creatures with flying",
"des créatures-artefacts avec le vol", "criaturas artefacto con la habilidad de volar").

The phrase is built from the filter's parts: a head noun (its subtypes, else its card types, else "creature" or
"permanent"), adjectives that agree with the head (colors, supertypes, tapped, "non-" forms), and complements
("with power 2 or less", "controlled by ben"). Options of `any_of` and several subtypes become "or" alternatives,
each with its own determiner ("des Murs ou des Dragons").
"""

from __future__ import annotations

from collections.abc import Callable

from ...languages import join
from ...models.characteristics import CardType, Color, Supertype
from ...models.filters import CreatureFilter
from .nouns import Adjective, Gender, NounPhrase, Phrase, Word, es_adj, fr_adj
from .vocabulary import (
    ADJECTIVES,
    CARD_TYPES,
    COLORS,
    PERMANENT,
    SUBTYPES,
    SUPERTYPES,
    english_subtype,
    is_quoted,
    keyword,
)

Label = Callable[[str], str]
Complement = Callable[[Gender, bool], str]

_PREFIX_ADJECTIVES = {"en"}  # languages whose adjectives precede the noun


def describe_filter(flt: CreatureFilter, lang: str, label: Label, of_creatures: bool = True) -> Phrase:
    """The phrase for what `flt` matches; `of_creatures`: it matches creatures (blockers, attackers), so card types
    read as "artifact creatures", not "artifacts"."""
    return Phrase(lang, tuple(_options(flt, lang, label, of_creatures)))


def _options(flt: CreatureFilter, lang: str, label: Label, of_creatures: bool) -> list[NounPhrase]:
    if flt.any_of:
        shared = flt.model_dump(exclude_none=True, by_alias=True, exclude={"any_of"})
        out: list[NounPhrase] = []
        for option in flt.any_of:
            merged = {**shared, **option.model_dump(exclude_none=True, by_alias=True)}
            out += _options(CreatureFilter.model_validate(merged), lang, label, of_creatures)
        return out
    adjectives = _adjectives(flt, lang)
    complements = _complements(flt, lang, label, of_creatures)
    return [_assemble(lang, head, adjectives, complements) for head in _heads(flt, lang, of_creatures)]


def _assemble(lang: str, head: Word, adjectives: list[Adjective], complements: list[Complement]) -> NounPhrase:
    def text(plural: bool) -> str:
        noun = head.pl if plural else head.sg
        adjs = [a.agree(head.gender, plural) for a in adjectives]
        words = [*adjs, noun] if lang in _PREFIX_ADJECTIVES else [noun, *adjs]
        phrase = " ".join(w for w in words if w)
        tail = join(lang, [c(head.gender, plural) for c in complements], "and")
        return f"{phrase} {tail}" if tail else phrase

    return NounPhrase(text(False), text(True), head.gender)


def _heads(flt: CreatureFilter, lang: str, of_creatures: bool) -> list[Word]:
    generic = CARD_TYPES[CardType.CREATURE][lang] if of_creatures else PERMANENT[lang]
    types = [t for t in (flt.types or ()) if not (flt.subtypes and t in (CardType.CREATURE, CardType.LAND))]
    if flt.subtypes:
        heads = [_subtype(s, lang, generic) for s in flt.subtypes]
        return [_typed(head, types, lang) for head in heads] if types else heads
    if not types:
        return [generic]
    if not of_creatures:
        return [CARD_TYPES[t][lang] for t in types]
    return [generic if t == CardType.CREATURE else _typed(generic, [t], lang) for t in types]


def _subtype(subtype: str, lang: str, generic: Word) -> Word:
    if lang == "en":
        return english_subtype(subtype)
    known = SUBTYPES.get(subtype.lower())
    if known is not None:
        return known[lang]
    name = subtype.title()
    of_type = "de type" if lang == "fr" else "de tipo"
    return Word(f"{generic.sg} {of_type} {name}", f"{generic.pl} {of_type} {name}", generic.gender)


def _typed(head: Word, types: list[CardType], lang: str) -> Word:
    """A head with card types as adjectives: "artifact creature", "créature-artefact", "criatura artefacto"."""
    names = [CARD_TYPES[t][lang] for t in types]
    if lang == "en":
        first = join(lang, [n.sg for n in names], "or")
        return Word(f"{first} {head.sg}", f"{first} {head.pl}", head.gender)
    if lang == "fr":
        link = "-" if head.sg == "créature" else " "
        return Word(
            head.sg + link + join(lang, [n.sg for n in names], "or"),
            head.pl + link + join(lang, [n.pl for n in names], "or"),
            head.gender,
        )
    kinds = join(lang, [n.sg for n in names], "or")  # Spanish: "criaturas artefacto", invariable
    return Word(f"{head.sg} {kinds}", f"{head.pl} {kinds}", head.gender)


def _either(adjectives: list[Adjective], lang: str) -> Adjective:
    """Adjectives joined by "or", agreeing form by form ("red or green", "rouges ou vertes")."""
    forms = zip(*((a.m_sg, a.f_sg, a.m_pl, a.f_pl) for a in adjectives), strict=True)
    m_sg, f_sg, m_pl, f_pl = (join(lang, list(f), "or") for f in forms)
    return Adjective(m_sg, f_sg, m_pl, f_pl)


def _adjectives(flt: CreatureFilter, lang: str) -> list[Adjective]:
    """In English order (tapped, supertype, color); French and Spanish put them after the noun in the same order
    of importance reversed ("créatures rouges légendaires engagées")."""
    out: list[Adjective] = []
    if flt.tapped is not None:
        out.append(ADJECTIVES["tapped" if flt.tapped else "untapped"][lang])
    if flt.supertypes:
        out.append(_either([SUPERTYPES[Supertype(s)][lang] for s in flt.supertypes], lang))
    if flt.colors:
        out.append(_either([COLORS[Color(c)][lang] for c in flt.colors], lang))
    if flt.colorless is not None:
        out.append(ADJECTIVES["colorless" if flt.colorless else "colored"][lang])
    if flt.multicolored is not None:
        multicolored = ADJECTIVES["multicolored"][lang]
        out.append(multicolored if flt.multicolored else _negated(multicolored, lang))
    if flt.not_ is not None and _simple(flt.not_) and lang != "es":
        out.append(_none_of(flt.not_, lang))
    return out if lang in _PREFIX_ADJECTIVES else out[::-1]


def _simple(flt: CreatureFilter) -> bool:
    """A filter of colors only, card types only or subtypes only: its negation is one adjective ("nonblack")."""
    return set(flt.model_dump(exclude_none=True)) in ({"colors"}, {"types"}, {"subtypes"})


def _items(flt: CreatureFilter, lang: str) -> list[Adjective]:
    """Each color, card type or subtype of a simple filter, as a word that can follow "non-" / "que no sea"."""
    if flt.colors:
        return [COLORS[Color(c)][lang] for c in flt.colors]
    words = [CARD_TYPES[CardType(t)][lang] for t in flt.types or ()]
    if flt.subtypes:
        words = [english_subtype(s) if lang == "en" else _subtype(s, lang, PERMANENT[lang]) for s in flt.subtypes]
    # English keeps the singular ("nonartifact creatures"); French and Spanish agree in number.
    return [Adjective(w.sg, w.sg, w.sg if lang == "en" else w.pl, w.sg if lang == "en" else w.pl) for w in words]


def _none_of(flt: CreatureFilter, lang: str) -> Adjective:
    """Matching none of a simple filter's items: "nonartifact, nonenchantment" / "non-noire et non-rouge"."""
    negated = [_negated(item, lang) for item in _items(flt, lang)]
    forms = zip(*((a.m_sg, a.f_sg, a.m_pl, a.f_pl) for a in negated), strict=True)
    return Adjective(*((", " if lang == "en" else " et ").join(f) for f in forms))


def _negated(adjective: Adjective, lang: str) -> Adjective:
    """ "nonblack" / "non-noire" / "no negra"; a capitalised word keeps a hyphen ("non-Spirit")."""

    def neg(word: str) -> str:
        if lang == "en":
            return "non" + word if word[:1].islower() else "non-" + word
        return ("non-" if lang == "fr" else "no ") + word

    return Adjective(neg(adjective.m_sg), neg(adjective.f_sg), neg(adjective.m_pl), neg(adjective.f_pl))


_STATS: dict[str, dict[str, str]] = {
    "power_at_least": {
        "en": "with power {n} or greater",
        "fr": "de force supérieure ou égale à {n}",
        "es": "con fuerza de {n} o más",
    },
    "power_at_most": {
        "en": "with power {n} or less",
        "fr": "de force inférieure ou égale à {n}",
        "es": "con fuerza de {n} o menos",
    },
    "mana_value_at_least": {
        "en": "with mana value {n} or greater",
        "fr": "de valeur de mana supérieure ou égale à {n}",
        "es": "con valor de maná de {n} o más",
    },
    "mana_value_at_most": {
        "en": "with mana value {n} or less",
        "fr": "de valeur de mana inférieure ou égale à {n}",
        "es": "con valor de maná de {n} o menos",
    },
    "toughness_at_least": {
        "en": "with toughness {n} or greater",
        "fr": "d'endurance supérieure ou égale à {n}",
        "es": "con resistencia de {n} o más",
    },
    "toughness_at_most": {
        "en": "with toughness {n} or less",
        "fr": "d'endurance inférieure ou égale à {n}",
        "es": "con resistencia de {n} o menos",
    },
}
_THIS: dict[tuple[str, bool], dict[str, str]] = {
    ("power_greater_than_this", True): {
        "en": "with greater power",
        "fr": "de force supérieure",
        "es": "con mayor fuerza",
    },
    ("power_greater_than_this", False): {
        "en": "with power no greater than its own",
        "fr": "de force inférieure ou égale à la sienne",
        "es": "con fuerza menor o igual que la suya",
    },
    ("power_less_than_this", True): {"en": "with less power", "fr": "de force inférieure", "es": "con menor fuerza"},
    ("power_less_than_this", False): {
        "en": "with power no less than its own",
        "fr": "de force supérieure ou égale à la sienne",
        "es": "con fuerza mayor o igual que la suya",
    },
}
_PARTICIPLES: dict[str, dict[str, Adjective]] = {
    "controlled": {"en": Adjective.same("controlled by"), "fr": fr_adj("contrôlé"), "es": es_adj("controlado")},
    "named": {"en": Adjective.same("named"), "fr": fr_adj("nommé"), "es": es_adj("llamado")},
}
_BY = {"en": "", "fr": " par", "es": " por"}


def _complements(flt: CreatureFilter, lang: str, label: Label, of_creatures: bool) -> list[Complement]:
    out: list[Complement] = []
    if flt.abilities:
        out.append(_fixed(_with_abilities(list(flt.abilities), lang)))
    for field, texts in _STATS.items():
        value = getattr(flt, field)
        if value is not None:
            out.append(_fixed(texts[lang].format(n=value)))
    for (field, wanted), texts in _THIS.items():
        if getattr(flt, field) is wanted:
            out.append(_fixed(texts[lang]))
    if flt.controller is not None:
        out.append(_agreeing(_PARTICIPLES["controlled"][lang], _BY[lang] + " " + label(flt.controller)))
    if flt.names is not None:
        out.append(_agreeing(_PARTICIPLES["named"][lang], " " + join(lang, list(flt.names), "or")))
    if flt.not_ is not None and (lang == "es" or not _simple(flt.not_)):
        out.append(_other_than(flt.not_, lang, label, of_creatures))
    return out


def _fixed(text: str) -> Complement:
    return lambda gender, plural: text


def _agreeing(participle: Adjective, rest: str) -> Complement:
    return lambda gender, plural: participle.agree(gender, plural) + rest


def _with_abilities(words: list[str], lang: str) -> str:
    """ "with flying or reach" / "avec le vol ou la portée" / "con la habilidad de volar o alcance"."""
    keywords = [keyword(w, lang) for w in words if not is_quoted(w)]
    texts = [keyword(w, lang) for w in words if is_quoted(w)]
    if lang == "es":
        parts = ([f"la habilidad de {join(lang, keywords, 'or')}"] if keywords else []) + texts
        return "con " + join(lang, parts, "or")
    return ("with " if lang == "en" else "avec ") + join(lang, keywords + texts, "or")


def _other_than(inner: CreatureFilter, lang: str, label: Label, of_creatures: bool) -> Complement:
    """A negated filter: "other than Walls with flying" / "autres que des Murs" / "que no sean Muros"."""
    phrase = describe_filter(inner, lang, label, of_creatures)

    def text(gender: Gender, plural: bool) -> str:
        if lang == "en":
            return "other than " + format(phrase, "pl" if plural else "a")
        if lang == "fr":
            return "autres que " + format(phrase, "des") if plural else "autre qu'" + format(phrase, "un")
        if _simple(inner):  # "que no sea artefacto ni negra" (Terror)
            words = " ni ".join(item.agree(gender, plural) for item in _items(inner, lang))
            return ("que no sean " if plural else "que no sea ") + words
        return ("que no sean " if plural else "que no sea ") + format(phrase, "pl" if plural else "un")

    return text
