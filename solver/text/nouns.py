"""Noun phrases that know their gender and number, so French and Spanish determiners and adjectives agree.

A template names the determiner it needs in the format spec of its placeholder: `{filter:des}`, `{filter:aucun}`,
`{filter:ningún}`, `{filter:a}`. The phrase picks the form (un / une, ningún / ninguna, a / an, d' before a vowel).
Without a spec a phrase is its bare plural ("Walls", "criaturas con la habilidad de volar").
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from ...languages import join

Gender = Literal["m", "f"]


@dataclass(frozen=True)
class Word:
    """A noun (or a noun with its own complements) in one language, without determiner."""

    sg: str
    pl: str
    gender: Gender = "m"


@dataclass(frozen=True)
class Adjective:
    """An adjective's four forms: masculine singular, feminine singular, masculine plural, feminine plural."""

    m_sg: str
    f_sg: str
    m_pl: str
    f_pl: str

    def agree(self, gender: Gender, plural: bool) -> str:
        if plural:
            return self.f_pl if gender == "f" else self.m_pl
        return self.f_sg if gender == "f" else self.m_sg

    @staticmethod
    def same(text: str) -> Adjective:
        """An invariable adjective (every English adjective; French "de base")."""
        return Adjective(text, text, text, text)


def fr_adj(m_sg: str, f_sg: str | None = None) -> Adjective:
    """A regular French adjective: feminine in -e, plural in -s (not after -s or -x)."""
    f = f_sg if f_sg is not None else (m_sg if m_sg.endswith("e") else m_sg + "e")

    def plural(word: str) -> str:
        return word if word.endswith(("s", "x")) else word + "s"

    return Adjective(m_sg, f, plural(m_sg), plural(f))


def es_adj(m_sg: str, f_sg: str | None = None) -> Adjective:
    """A regular Spanish adjective: -o / -a, plural in -s after a vowel and -es after a consonant."""
    f = f_sg if f_sg is not None else (m_sg[:-1] + "a" if m_sg.endswith("o") else m_sg)

    def plural(word: str) -> str:
        return word + "s" if word[-1] in "aeiouáéíóú" else word + "es"

    return Adjective(m_sg, f, plural(m_sg), plural(f))


@dataclass(frozen=True)
class NounPhrase:
    """A described noun: its singular and plural text (adjectives and complements included) and its gender."""

    sg: str
    pl: str
    gender: Gender = "m"


# spec -> (plural?, masculine, feminine)
_DETERMINERS: dict[str, dict[str, tuple[bool, str, str]]] = {
    "en": {"a": (False, "a", "a"), "another": (False, "another", "another"), "no": (True, "no", "no")},
    "fr": {
        "des": (True, "des", "des"),
        "de": (True, "de", "de"),
        "les": (True, "les", "les"),
        "un": (False, "un", "une"),
        "aucun": (False, "aucun", "aucune"),
        "autre": (False, "un autre", "une autre"),
    },
    "es": {
        "los": (True, "los", "las"),
        "un": (False, "un", "una"),
        "ningún": (False, "ningún", "ninguna"),
        "otro": (False, "otro", "otra"),
    },
}
_VOWELS = tuple("aeiouyhâàéèêëîïôöûùœAEIOUYHÂÀÉÈÊËÎÏÔÖÛÙŒ")


def determine(lang: str, spec: str, phrase: NounPhrase) -> str:
    """`phrase` with the determiner named by `spec` ("" or "pl": the bare plural)."""
    if spec in ("", "pl"):
        return phrase.pl
    table = _DETERMINERS.get(lang, _DETERMINERS["en"])
    if spec not in table:
        raise ValueError(f"no determiner {spec!r} in {lang}; use one of: pl, {', '.join(table)}")
    plural, masculine, feminine = table[spec]
    word = feminine if phrase.gender == "f" else masculine
    text = phrase.pl if plural else phrase.sg
    if lang == "en" and word == "a" and text[:1].lower() in "aeiou":
        word = "an"
    if lang == "fr" and word == "de" and text.startswith(_VOWELS):
        return "d'" + text
    return f"{word} {text}"


@dataclass(frozen=True)
class Phrase:
    """Noun phrases joined by "or" in one language, formatted with the determiner its placeholder names."""

    lang: str
    options: tuple[NounPhrase, ...]

    def __format__(self, spec: str) -> str:
        return join(self.lang, [determine(self.lang, spec, o) for o in self.options], "or")

    def __str__(self) -> str:
        return format(self, "")
