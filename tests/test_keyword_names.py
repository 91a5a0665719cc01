"""Keyword names have one source, the solver's vocabulary, and the trigger keywords' French and Spanish names are
those printed on real cards (docs/translations.md cites a card for each)."""

from __future__ import annotations

import pytest
from combatcheck.combat.triggers import ability_word
from combatcheck.combat.wordings import CATALOG
from combatcheck.models import Keyword
from combatcheck.models.keywords import TRIGGER_KEYWORDS
from combatcheck.solver.text.vocabulary import KEYWORDS, NUMBERED_KEYWORDS, keyword_message, keyword_name

# Names read on printed cards (Card-Forge/forge cardnames-fr-FR.txt and cardnames-es-ES.txt; see translations.md).
PRINTED = {
    ("flanking", "fr"): "débordement",  # Frondaison barbelée (Barbed Foliage), Askari déchu (Fallen Askari)
    ("flanking", "es"): "flanquear",  # Fronda espinosa (Barbed Foliage): « pierde la habilidad de flanquear »
    ("exalted", "fr"): "exaltation",  # Écuyer akrasan (Akrasan Squire)
    ("exalted", "es"): "exaltado",  # Plegaria ardorosa (Ardent Plea)
    ("annihilator", "fr"): "annihilateur",  # Artisan de Kozilek (Artisan of Kozilek)
    ("annihilator", "es"): "aniquilador",  # Artesano de Kozilek
    ("myriad", "fr"): "myriade",  # Banshee du chœur de l'effroi (Banshee of the Dread Choir)
    ("myriad", "es"): "miríada",  # Banshee del coro siniestro
    ("melee", "fr"): "mêlée",  # Adriana, capitaine de la garde
    ("afflict", "fr"): "affliction",  # Éternel ammout (Ammit Eternal)
    ("afflict", "es"): "afligir",  # Eterno ammit
    ("frenzy", "fr"): "frénésie",  # Slivoïde frénétique (Frenzy Sliver)
    ("frenzy", "es"): "frenesí",  # Fragmentado del frenesí
    ("training", "fr"): "entraînement",  # Apprentie franc-tireuse (Apprentice Sharpshooter)
    ("rampage", "fr"): "sauvagerie",  # AErathi Berserker
    ("battle_cry", "fr"): "cri de guerre",  # Accorder Paladin
    ("battle_cry", "es"): "grito de batalla",  # Paladín de los acordantes
    ("provoke", "fr"): "provocation",
    ("provoke", "es"): "provocar",
    ("mentor", "fr"): "mentor",  # Sergent bousculeur (Barging Sergeant)
    ("mentor", "es"): "mentor",  # Sargento corneador
    ("bushido", "fr"): "bushido",  # Chevauche-phalène d'Araba (Araba Mothrider)
    ("bushido", "es"): "bushido",  # Jinete de polillas de Araba
}


def test_the_trigger_catalog_names_keywords_from_the_vocabulary() -> None:
    named = 0
    for wording in CATALOG:
        word = ability_word(wording)
        if wording.keyword is None and word not in NUMBERED_KEYWORDS:
            continue  # a parameterized wording ("whenever a creature you control attacks"): not a keyword
        assert tuple(wording.messages["name"]) == tuple(keyword_message(word)), wording.key
        named += 1
    assert named == len(TRIGGER_KEYWORDS) + len(NUMBERED_KEYWORDS)


@pytest.mark.parametrize(("word", "lang"), sorted(PRINTED))
def test_trigger_keyword_names_are_the_printed_ones(word: str, lang: str) -> None:
    assert keyword_name(word, lang) == PRINTED[word, lang]


def test_french_names_drop_only_the_article_a_sentence_gives_them() -> None:
    for keyword, names in KEYWORDS.items():
        name = keyword_name(keyword.value, "fr")
        assert not name.startswith(("le ", "la ", "l'")), keyword
        assert names["fr"].endswith(name), keyword
    assert keyword_name(Keyword.DEFENDER, "fr") == "défenseur"  # no article in the CR (702.3b)
    assert keyword_name(Keyword.FLANKING, "fr") == "débordement"
    assert KEYWORDS[Keyword.FLANKING]["fr"] == "le débordement"  # Frondaison barbelée: « elle perd le débordement »


def test_a_numbered_keyword_message_carries_its_number() -> None:
    assert tuple(keyword_message("annihilator")) == ("annihilator {n}", "annihilateur {n}", "aniquilador {n}")
    assert keyword_message("annihilator").format("fr", {"n": 2}) == "annihilateur 2"
