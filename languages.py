"""Messages in English, French and Spanish, with plural forms chosen by count (CLDR plural rules).

A message is written once per language. A template is a `str.format` text whose `{names}` are filled with the
reason's values; where a sentence depends on a number, the template is a `Plural` with one text per CLDR plural
category, chosen by the value it is `on`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Literal, NamedTuple

PluralCategory = Literal["one", "many", "other"]


def plural_category(lang: str, count: int) -> PluralCategory:
    """The CLDR plural category of a whole number (CLDR 46 `plurals.xml`, integers only: v = 0, e = 0).

    en: one is 1. fr: one is 0 and 1 ("pas plus d'une créature", "0 créature"). es: one is 1. In French and Spanish,
    whole millions are "many" ("un million de créatures"); a template without a `many` text uses `other`.
    Counts here are whole numbers from a snapshot, so the decimal and compact-exponent conditions never apply; that
    is why this is three lines and not a dependency (Babel: 36 MB installed, about 35 ms to load three locales,
    a tenth of the CLI's start).
    """
    n = abs(count)
    if lang == "fr" and n in (0, 1):
        return "one"
    if lang != "fr" and n == 1:
        return "one"
    if lang in ("fr", "es") and n != 0 and n % 1_000_000 == 0:
        return "many"
    return "other"


class Plural(NamedTuple):
    """A template whose form follows the count named `on`: one text per CLDR plural category, and optionally texts
    for exact counts, which come first (as ICU's "=1"). French needs one where its "one" category holds both 0 and
    1: "pas plus de 0 créature" but "pas plus d'une créature"."""

    on: str
    one: str
    other: str
    many: str | None = None
    exact: Mapping[int, str] | None = None

    def choose(self, lang: str, count: int) -> str:
        if self.exact and count in self.exact:
            return self.exact[count]
        category = plural_category(lang, count)
        if category == "one":
            return self.one
        if category == "many" and self.many is not None:
            return self.many
        return self.other

    def forms(self) -> tuple[str, ...]:
        many = (self.many,) if self.many is not None else ()
        return (self.one, self.other, *many, *(self.exact or {}).values())


Template = str | Plural


class Message(NamedTuple):
    """One message in English, French and Spanish; every language is required."""

    en: Template
    fr: Template
    es: Template

    def template(self, lang: str) -> Template:
        return self.fr if lang == "fr" else self.es if lang == "es" else self.en

    def text(self, lang: str) -> str:
        """The template in `lang` of a message without plural forms (use `format` for one with them)."""
        template = self.template(lang)
        if isinstance(template, Plural):
            raise TypeError(f"this message's form depends on {template.on!r}: use format(lang, values)")
        return template

    def format(self, lang: str, values: Mapping[str, object]) -> str:
        """The message in `lang` with `values` filled in (values may carry a format spec, e.g. `{filter:des}`)."""
        template = self.template(lang)
        if isinstance(template, Plural):
            count = values[template.on]
            if not isinstance(count, int):
                raise TypeError(f"the plural count {template.on!r} must be a whole number, not {count!r}")
            template = template.choose(lang, count)
        return template.format(**values)

    def templates(self) -> dict[str, tuple[str, ...]]:
        """Every text of every language (each plural form), for checks."""
        return {
            lang: (t.forms() if isinstance(t, Plural) else (t,))
            for lang, t in (("en", self.en), ("fr", self.fr), ("es", self.es))
        }


ListKind = Literal["and", "or"]
_CONJUNCTIONS: dict[str, dict[ListKind, str]] = {
    "en": {"and": "and", "or": "or"},
    "fr": {"and": "et", "or": "ou"},
    "es": {"and": "y", "or": "o"},
}


def join(lang: str, items: list[str], kind: ListKind = "and") -> str:
    """A list in running text (CLDR list patterns): "A, B, and C" / "A, B et C" / "A, B y C" (Spanish "e" before
    an /i/ sound and "u" before an /o/ sound)."""
    if not items:
        return ""
    if len(items) == 1:
        return items[0]
    word = _CONJUNCTIONS.get(lang, _CONJUNCTIONS["en"])[kind]
    last = items[-1]
    if lang == "es":
        start = last.lower()
        if word == "y" and (start.startswith(("i", "hi", "í", "hí")) and not start.startswith(("hia", "hie", "hio"))):
            word = "e"
        elif word == "o" and start.startswith(("o", "ho", "ó", "hó")):
            word = "u"
    head = ", ".join(items[:-1])
    comma = "," if lang == "en" and len(items) > 2 else ""
    return f"{head}{comma} {word} {last}"
