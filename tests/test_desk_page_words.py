"""The desk page's words name the Comprehensive Rules edition that combatcheck follows (models/cr_edition.py)."""

from __future__ import annotations

from datetime import date

from combatcheck.desk.page_words import PAGE_WORDS
from combatcheck.models.cr_edition import CR_EDITION

MONTHS = {
    "en": "January February March April May June July August September October November December",
    "fr": "janvier février mars avril mai juin juillet août septembre octobre novembre décembre",
    "es": "enero febrero marzo abril mayo junio julio agosto septiembre octubre noviembre diciembre",
}


def test_the_page_names_the_cr_edition_followed_in_each_language() -> None:
    day = date.fromisoformat(CR_EDITION)
    words = PAGE_WORDS["cr_edition"]
    for lang, months in MONTHS.items():
        month = months.split()[day.month - 1]
        text = words.text(lang)
        assert f"{day.day} " in text and month in text and str(day.year) in text, (lang, text)
    assert words.text("fr").startswith("Règles complètes") and words.text("es").startswith("Reglas Completas")
