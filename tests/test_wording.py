"""The official French and Spanish terms (shared reference `terminology.md`), plural forms by count, and the words
of filters, protection qualities, landwalk and effect sources in the three languages."""

from __future__ import annotations

from typing import Any

import pytest
from combatcheck.models.abilities import Keyword
from combatcheck.models.characteristics import CardType, Color, Supertype
from combatcheck.models.filters import CreatureFilter
from combatcheck.models.snapshot import Snapshot
from combatcheck.solver import check, compile_snapshot
from combatcheck.solver.decide import proposal_pairs
from combatcheck.solver.explain import render, report_lines, total_cost
from combatcheck.solver.text import FilterTerm, Message, Plural, join, plural_category
from combatcheck.solver.text.vocabulary import CARD_TYPES, COLORS, KEYWORDS, SUPERTYPES
from helpers import attack_board, attacker, blocker, board, creature


@pytest.mark.parametrize(
    ("lang", "samples"),
    [
        # CLDR 46 plurals.xml sample integers
        ("en", {0: "other", 1: "one", 2: "other", 5: "other", 1_000_000: "other"}),
        ("fr", {0: "one", 1: "one", 2: "other", 17: "other", 1_000_000: "many", 2_000_000: "many", 1_000_001: "other"}),
        ("es", {0: "other", 1: "one", 2: "other", 1_000_000: "many", 1_000_001: "other"}),
    ],
)
def test_plural_categories_are_cldr(lang: str, samples: dict[int, str]) -> None:
    assert {n: plural_category(lang, n) for n in samples} == samples


def test_plural_forms_follow_the_count_and_exact_forms_come_first() -> None:
    fr = Plural("n", "{n} créature", "{n} créatures", exact={1: "une créature"})
    message = Message(Plural("n", "one creature", "{n} creatures"), fr, Plural("n", "una criatura", "{n} criaturas"))
    assert [message.format("fr", {"n": n}) for n in (0, 1, 2)] == ["0 créature", "une créature", "2 créatures"]
    assert [message.format("en", {"n": n}) for n in (0, 1, 2)] == ["0 creatures", "one creature", "2 creatures"]
    assert [message.format("es", {"n": n}) for n in (0, 1, 2)] == ["0 criaturas", "una criatura", "2 criaturas"]
    with pytest.raises(TypeError, match="whole number"):
        message.format("en", {"n": "two"})


def test_lists_join_with_each_languages_words() -> None:
    assert join("en", ["{2}", "Sacrifice a land"]) == "{2} and Sacrifice a land"
    assert join("en", ["a", "b", "c"], "or") == "a, b, or c"
    assert join("fr", ["le vol", "la portée"], "or") == "le vol ou la portée"
    assert join("fr", ["a", "b", "c"]) == "a, b et c"
    assert join("es", ["volar", "alcance"], "or") == "volar o alcance"
    assert join("es", ["rojo", "incoloro"]) == "rojo e incoloro"  # "y" before an /i/ sound
    assert join("es", ["siete", "ocho"], "or") == "siete u ocho"  # "o" before an /o/ sound


def test_total_cost_joins_other_costs_in_the_reports_language() -> None:
    costs = ["{2}", "{1}{W}", "Sacrifice a land"]
    assert total_cost(costs) == "{3}{W} and Sacrifice a land"
    assert total_cost(costs, "fr") == "{3}{W} et Sacrifice a land"
    assert total_cost(costs, "es") == "{3}{W} y Sacrifice a land"


def test_every_keyword_color_type_and_supertype_has_three_languages() -> None:
    for table, keys in ((KEYWORDS, Keyword), (COLORS, Color), (CARD_TYPES, CardType), (SUPERTYPES, Supertype)):
        for key in keys:
            assert set(table[key]) == {"en", "fr", "es"}, key  # type: ignore[index]


def _words(flt: dict[str, Any], lang: str, spec: str = "", of_creatures: bool = True) -> str:
    phrase = FilterTerm(CreatureFilter.model_validate(flt), of_creatures).words(lang, str)
    return format(phrase, spec)


@pytest.mark.parametrize(
    ("flt", "spec", "en", "fr", "es"),
    [
        (
            {"abilities": ["flying"]},
            ("", "des", ""),
            "creatures with flying",
            "des créatures avec le vol",
            "criaturas con la habilidad de volar",
        ),
        (
            {"power_at_least": 2},
            ("", "de", ""),
            "creatures with power 2 or greater",
            "de créatures de force supérieure ou égale à 2",
            "criaturas con fuerza de 2 o más",
        ),
        (
            {"power_greater_than_this": True},
            ("another", "autre", "otro"),
            "another creature with greater power",
            "une autre créature de force supérieure",
            "otra criatura con mayor fuerza",
        ),
        (
            {"types": ["artifact"]},
            ("", "des", ""),
            "artifact creatures",
            "des créatures-artefacts",
            "criaturas artefacto",
        ),
        (
            {"colors": ["R", "G"]},
            ("", "des", ""),
            "red or green creatures",
            "des créatures rouges ou vertes",
            "criaturas rojas o verdes",
        ),
        ({"subtypes": ["wall"]}, ("", "des", ""), "Walls", "des Murs", "Muros"),
        (
            {"subtypes": ["wall", "beast"]},
            ("", "des", ""),
            "Walls or Beasts",
            "des Murs ou des Bêtes",
            "Muros o Bestias",
        ),
        (
            {"not": {"colors": ["B"]}},
            ("", "des", ""),
            "nonblack creatures",
            "des créatures non-noires",
            "criaturas que no sean negras",
        ),
        (
            {"controller": "ben"},
            ("", "des", ""),
            "creatures controlled by ben",
            "des créatures contrôlées par ben",
            "criaturas controladas por ben",
        ),
        (
            {"tapped": False, "supertypes": ["legendary"]},
            ("a", "un", "un"),
            "an untapped legendary creature",
            "une créature légendaire dégagée",
            "una criatura legendaria enderezada",
        ),
    ],
)
def test_filters_read_as_cards_do(flt: dict[str, Any], spec: tuple[str, str, str], en: str, fr: str, es: str) -> None:
    assert [_words(flt, lang, s) for lang, s in zip(("en", "fr", "es"), spec, strict=True)] == [en, fr, es]


def test_a_filter_on_permanents_names_lands_not_creatures() -> None:
    """Sea Serpent: "can't attack unless defending player controls an Island" (the English was "creatures
    (subtypes island)")."""
    island = {"subtypes": ["island"]}
    assert _words(island, "en", "a", of_creatures=False) == "an Island"
    assert _words(island, "fr", "aucun", of_creatures=False) == "aucune île"
    assert _words(island, "es", "ningún", of_creatures=False) == "ninguna isla"
    assert _words({"types": ["artifact"]}, "fr", "un", of_creatures=False) == "un artefact"
    assert _words({"types": ["land"], "tapped": False}, "en", "a", of_creatures=False) == "an untapped land"
    assert _words({}, "es", "ningún", of_creatures=False) == "ningún permanente"


def _message(snapshot: Snapshot, rule: str, lang: str) -> list[str]:
    board_, compilation = compile_snapshot(snapshot, proposal_pairs(snapshot))
    reasons = [r for rs in compilation.forbidden.values() for r in rs]
    reasons += [c.reason for c in compilation.costs] + list(compilation.proposal_only)
    reasons += [r.reason for r in compilation.restrictions] + [r.reason for r in compilation.requirements]
    return sorted({render(r, board_, lang) for r in reasons if r.rule == rule})


GOADED = attack_board(creature("c", {"goaded_by": "ben"}), attacks={}, players=["ana", "ben", "cai"])
BLOCK: dict[str, Any] = {"blocks": {"b": "a"}}

OFFICIAL = [
    # (snapshot, rule, lang, expected message) — terminology.md §1a-1d
    (GOADED, "goad", "fr", "c, incité par ben, attaque à chaque combat si possible"),
    (GOADED, "goad", "es", "c, incitada por ben, ataca cada combate si puede"),
    (
        board(
            attacker("a", {"landwalk": "swamp"}),
            blocker("b"),
            {"id": "s", "controller": "ben", "types": ["land"], "subtypes": ["swamp"]},
            **BLOCK,
        ),
        "landwalk",
        "fr",
        "a a la traversée des marais et ben contrôle s : il ne peut pas être bloqué",
    ),
    (
        board(
            attacker("a", {"landwalk": "swamp"}),
            blocker("b"),
            {"id": "s", "controller": "ben", "types": ["land"], "subtypes": ["swamp"]},
            **BLOCK,
        ),
        "landwalk",
        "es",
        "a tiene la habilidad de cruzar pantanos y ben controla s: no puede ser bloqueada",
    ),
    (
        board(attacker("a", {"protection_from": "red"}), blocker("b", colors=["R"]), **BLOCK),
        "protection",
        "fr",
        "a a la protection contre le rouge et ne peut pas être bloqué par b",
    ),
    (
        board(attacker("a", {"protection_from": "artifacts"}), blocker("b", types=["artifact", "creature"]), **BLOCK),
        "protection",
        "es",
        "a tiene protección contra artefactos y no puede ser bloqueada por b",
    ),
    (
        board(attacker("a", {"protection_from": "everything"}), blocker("b"), **BLOCK),
        "protection",
        "fr",
        "a a la protection contre tout et ne peut pas être bloqué par b",
    ),
    (
        board(attacker("a", "fear"), blocker("b"), **BLOCK),
        "fear",
        "es",
        "a tiene la habilidad de inspirar temor y no puede ser bloqueada por b, que no es artefacto ni negra",
    ),
    (
        board(attacker("a", "skulk", power=1), blocker("b"), **BLOCK),
        "skulk",
        "es",
        "a tiene la habilidad de escurridizo y no puede ser bloqueada por b, que tiene mayor fuerza",
    ),
    (
        board(attacker("a", "skulk", power=1), blocker("b"), **BLOCK),
        "skulk",
        "fr",
        "a a la furtivité et ne peut pas être bloqué par b, dont la force est supérieure",
    ),
    (
        board(attacker("a", "horsemanship"), blocker("b"), **BLOCK),
        "horsemanship",
        "fr",
        "a a l'équitation et ne peut pas être bloqué par b, qui ne l'a pas",
    ),
    (
        board(attacker("a", "intimidate", colors=["R"]), blocker("b"), **BLOCK),
        "intimidate",
        "es",
        "a tiene la habilidad de intimidar y no puede ser bloqueada por b, que no es artefacto ni comparte un color con "
        "ella",
    ),
    (
        board(attacker("a", "flying"), blocker("b"), **BLOCK),
        "flying",
        "es",
        "a tiene la habilidad de volar y no puede ser bloqueada por b, que no tiene la habilidad de volar ni alcance",
    ),
    (
        attack_board(creature("w", "defender"), attacks={"w": "ben"}),
        "defender",
        "es",
        "w tiene la habilidad de defensor y no puede atacar",
    ),
    (
        attack_board(creature("w", "defender"), attacks={"w": "ben"}),
        "defender",
        "fr",
        "w a défenseur et ne peut pas attaquer",
    ),
    (
        attack_board(
            creature("c1", "banding"),
            creature("c2"),
            creature("c3"),
            attacks={"c1": "ben", "c2": "ben", "c3": "ben"},
            bands=[["c1", "c2", "c3"]],
        ),
        "banding",
        "fr",
        "la bande c1, c2, c3 doit être formée de créatures avec le regroupement et d'au plus une créature sans le "
        "regroupement, ou de créatures ayant toutes la qualité du « regroupement avec les autres » d'un membre",
    ),
    (
        attack_board(creature("c", entered_this_turn=True), attacks={"c": "ben"}),
        "summoning_sickness",
        "fr",
        "c n'est pas sous le contrôle de son contrôleur depuis le début de son tour le plus récent et n'a pas la "
        "célérité : il ne peut pas attaquer (mal d'invocation)",
    ),
    (
        attack_board(creature("c", entered_this_turn=True), attacks={"c": "ben"}),
        "summoning_sickness",
        "es",
        "c entró bajo el control de su controlador este turno y no tiene la habilidad de prisa, así que no puede "
        "atacar (mareo de invocación)",
    ),
    (
        board(attacker("a", attacking="cai"), blocker("b"), players=["ana", "ben", "cai"], **BLOCK),
        "blocks_attacker_of_its_player",
        "fr",
        "b ne peut pas bloquer a : a n'attaque ni ben, ni un planeswalker qu'il contrôle, ni une bataille qu'il protège",
    ),
    (
        board(attacker("a", attacking="cai"), blocker("b"), players=["ana", "ben", "cai"], **BLOCK),
        "blocks_attacker_of_its_player",
        "es",
        "b no puede bloquear a a: a no está atacando a ben, a un planeswalker que controla ni a una batalla que protege",
    ),
    (
        board(attacker("a"), attacker("a2"), blocker("b"), blocks={"b": ["a", "a2"]}),
        "one_attacker_per_blocker",
        "fr",
        "b ne peut bloquer qu'une créature",
    ),
    (
        board(attacker("a"), attacker("a2"), blocker("b"), blocks={"b": ["a", "a2"]}),
        "one_attacker_per_blocker",
        "es",
        "b solo puede bloquear una criatura",
    ),
    (
        board(attacker("a"), blocker("b"), blocker("b2"), effects=[{"max_blockers": 1}], blocks={"b": "a", "b2": "a"}),
        "max_blocking_creatures",
        "fr",
        "pas plus d'une créature ne peut bloquer à chaque combat (effet)",
    ),
    (
        board(attacker("a"), blocker("b"), effects=[{"max_blockers": 0}], **BLOCK),
        "max_blocking_creatures",
        "fr",
        "pas plus de 0 créature ne peut bloquer à chaque combat (effet)",
    ),
    (
        board(attacker("a"), blocker("b"), effects=[{"max_blockers": 0}], **BLOCK),
        "max_blocking_creatures",
        "es",
        "no más de 0 criaturas pueden bloquear cada combate (efecto)",
    ),
    (
        board(attacker("a", {"max_blockers": 1}), blocker("b"), blocker("b2"), blocks={"b": "a", "b2": "a"}),
        "max_blockers",
        "es",
        "a no puede ser bloqueada por más de una criatura",
    ),
    (
        attack_board(creature("c", {"cant_attack_players": "ben"}), attacks={"c": "ben"}),
        "cant_attack_these_players",
        "fr",
        "c ne peut pas attaquer ben",
    ),
    (
        attack_board(
            creature("c", {"cant_attack_planeswalkers_of": "ben"}),
            {"id": "pw", "controller": "ben", "types": ["planeswalker"], "loyalty": 3},
            attacks={"c": "pw"},
        ),
        "cant_attack_these_players",
        "es",
        "c no puede atacar a pw, un planeswalker que ben controla",
    ),
    (
        attack_board(creature("c", {"cant_attack_unless_others_attack": 1}), attacks={"c": "ben"}),
        "cant_attack_unless_others_attack",
        "fr",
        "c ne peut pas attaquer à moins qu'au moins une autre créature n'attaque aussi",
    ),
    (
        attack_board(creature("c", {"cant_attack_unless_others_attack": 2}), attacks={"c": "ben"}),
        "cant_attack_unless_others_attack",
        "es",
        "c no puede atacar a menos que al menos otras 2 criaturas también ataquen",
    ),
    (
        attack_board(
            creature("s", {"cant_attack_unless_defender_controls": {"subtypes": ["island"]}}), attacks={"s": "ben"}
        ),
        "cant_attack_unless_defender_controls",
        "fr",
        "s ne peut pas attaquer ben : ben ne contrôle aucune île",
    ),
    (
        board(attacker("a", {"cant_be_blocked_by": {"subtypes": ["wall"]}}), blocker("b", subtypes=["wall"]), **BLOCK),
        "cant_be_blocked_by",
        "fr",
        "a ne peut pas être bloqué par des Murs ; b en fait partie",
    ),
    (
        board(attacker("a"), blocker("b", {"can_block_only": {"abilities": ["flying"]}}), **BLOCK),
        "can_block_only",
        "es",
        "b solo puede bloquear criaturas con la habilidad de volar; a no lo es",
    ),
    (
        board(attacker("a", power=3), blocker("b", {"cant_block": {"power_at_least": 2}}), **BLOCK),
        "cant_block_filter",
        "fr",
        "b ne peut pas bloquer de créatures de force supérieure ou égale à 2 ; a en fait partie",
    ),
]


@pytest.mark.parametrize(("snapshot", "rule", "lang", "expected"), OFFICIAL, ids=[f"{o[1]}-{o[2]}" for o in OFFICIAL])
def test_official_terms(snapshot: Snapshot, rule: str, lang: str, expected: str) -> None:
    assert expected in _message(snapshot, rule, lang)


def test_report_words_and_cost_in_french() -> None:
    snapshot = board(
        attacker("a", name="Boggart Brute"),
        blocker("b", {"block_cost": "{1}"}, {"block_cost": "Sacrifice a land"}),
        effects=[{"block_cost": "{2}"}],
        **BLOCK,
    )
    report = check(snapshot, lang="fr")
    assert report.outcome is not None
    assert [c.source for c in report.outcome.costs] == ["b", "b", "effet"]
    assert report.outcome.total_cost == "{3} et Sacrifice a land"
    lines = report_lines(report, snapshot)
    assert "Coût à payer : {3} et Sacrifice a land" in lines
    free = board(attacker("a"), blocker("b"), blocks={})
    assert "Créatures non bloquées : a" in report_lines(check(free, lang="fr"), free)
    lure = board(attacker("a", "must_be_blocked_if_able"), blocker("b"), blocks={})
    missed = report_lines(check(lure, lang="es"), lure)
    assert any(line.startswith("  - requisito no obedecido (509.1c)") for line in missed)
    assert any("en total: 1" in line for line in missed)
