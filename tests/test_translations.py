"""French and Spanish explanations use no English word that is not a card name, an id or text the snapshot gives.

Every `Message` of every module is found by walking the package, so a new capability's messages are checked
without being listed here: each must exist in English, French and Spanish, with the same placeholders, and its
French and Spanish texts must hold no English word. Every catalog message is also rendered on boards that trigger
it (`wording_boards.py` and the catalog cases), with every kind of term a reason can name, and the report's lines
are rendered on the same boards.

English is recognised by a vocabulary: the words of every English template and of every English rendering on the
boards, plus a small list of common English words, minus the few words that are also French or Spanish (each
listed below with the reason it is right).
"""

from __future__ import annotations

import importlib
import pkgutil
import re
import string
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

import combatcheck
import pytest
from combatcheck.models import Snapshot, load_snapshot
from combatcheck.models.report import Language
from combatcheck.solver import check, compile_snapshot, forced_choices, solve
from combatcheck.solver.decide import proposal_pairs
from combatcheck.solver.explain import render, report_lines
from combatcheck.solver.ir import Reason
from combatcheck.solver.question_words import answer_lines
from combatcheck.solver.rules import CATALOG, Message
from test_catalog import CASES
from wording_boards import wording_boards

COMMON_ENGLISH = set(
    [
        "a",
        "an",
        "the",
        "and",
        "or",
        "nor",
        "of",
        "to",
        "in",
        "on",
        "at",
        "by",
        "for",
        "from",
        "with",
        "without",
        "as",
        "is",
        "are",
        "was",
        "be",
        "been",
        "being",
        "has",
        "have",
        "had",
        "not",
        "no",
        "can",
        "cannot",
        "can't",
        "could",
        "only",
        "unless",
        "if",
        "able",
        "each",
        "every",
        "all",
        "any",
        "more",
        "most",
        "than",
        "other",
        "another",
        "it",
        "its",
        "itself",
        "this",
        "that",
        "these",
        "those",
        "which",
        "who",
        "whose",
        "there",
        "their",
        "they",
        "them",
        "he",
        "she",
        "his",
        "her",
        "one",
        "two",
        "three",
        "creature",
        "creatures",
        "player",
        "players",
        "attack",
        "attacks",
        "attacking",
        "attacked",
        "block",
        "blocks",
        "blocking",
        "blocked",
        "blocker",
        "blockers",
        "attacker",
        "attackers",
        "effect",
        "effects",
        "cost",
        "costs",
        "pay",
        "pays",
        "paid",
        "legal",
        "illegal",
        "control",
        "controls",
        "controlled",
        "controller",
        "also",
        "alone",
        "must",
        "turn",
        "combat",
        "declared",
        "declaration",
        "requirement",
        "requirements",
        "restriction",
        "restrictions",
        "obeyed",
        "broken",
        "unblocked",
        "nobody",
        "none",
        "permanent",
        "permanents",
        "land",
        "lands",
        "artifact",
        "artifacts",
    ]
)

# English-looking words that are right in French or Spanish output (official terms, or plain French/Spanish words).
ALSO_FRENCH = {
    "a": "verb avoir: « a le vol »",
    "true": "the format's word (YAML's boolean): « true ou false est attendu »",
    "false": "the format's word (YAML's boolean): « true ou false est attendu »",
    "combat": "« à chaque combat »",
    "planeswalker": "the official French card type",
    "planeswalkers": "the official French card type",
    "protection": "the official French keyword « protection contre »",
    "menace": "the official French keyword « la menace »",
    "vigilance": "the official French keyword « la vigilance »",
    "flash": "the official French keyword « le flash »",
    "indestructible": "the official French keyword « l'indestructible »",
    "possible": "« si possible », « maximum possible »",
    "arrive": "verb arriver: « arrive sur le champ de bataille »",
    "maximum": "« maximum possible »",
    "total": "« au total »",
    "restriction": "the French CR's word (509.1b)",
    "restrictions": "the French CR's word (509.1b)",
    "dragon": "the French creature type Dragon",
    "dragons": "the French creature type Dragon",
    "golem": "the French creature type Golem",
    "golems": "the French creature type Golem",
    "vampire": "the French creature type Vampire",
    "vampires": "the French creature type Vampire",
    "zombie": "the French creature type Zombie",
    "zombies": "the French creature type Zombie",
    "ogre": "the French creature type Ogre",
    "ogres": "the French creature type Ogre",
    "humain": "French",
    "type": "« de type » introduces a type name the vocabulary doesn't translate",
    "non": "« non bloquée », « non-noire » (the French CR's prefix)",
    "permanent": "the French CR's word",
    "permanents": "the French CR's word",
    "double": "the official French keyword « la double initiative »",
    "bushido": "the official French keyword",
    "mentor": "the official French keyword « le mentor »",
    "kor": "a subtype the vocabulary doesn't translate, named as the snapshot writes it",
    "lair": "a subtype the vocabulary doesn't translate, named as the snapshot writes it",
    "phase": "the French CR's word: « la phase de combat » (506.1), « hors-phase » (506.4)",
    "position": "the French CR's word: « annonce la position de la créature bloqueuse » (old 509.6)",
    "moment": "the French CR's word: « jusqu'au moment précédant la déclaration » (509.1)",
    "action": "the French CR's word: « action obligatoire du tour » (509.1)",
    "change": "verb changer: « s'il change de contrôleur » (506.4), « rien ne change »",
    "active": "verb activer: « {player} active {what} maintenant » (the combat narration)",
    "verdict": "French: the desk page's heading « Verdict »",
    "questions": "French: the desk page's heading « Questions »",
    "combatcheck": "the program's name (the desk page's title)",
    "yaml": "a file format's name (the desk page's « Enregistrer en YAML »)",
    "json": "a file format's name (the desk page's « Enregistrer en JSON »)",
    "api": "the acronym is French too: « Schéma de l'API » (the desk page)",
    "utf": "an encoding's name: « du texte UTF-8 » (input errors)",
    "unicode": "a standard's name: « du texte Unicode valide » (input errors)",
    "alias": "French: « un alias YAML » (input errors)",
    "format": "French: « ce format » (input errors)",
    "conditions": "French: « plus de 2 000 000 conditions » (the size limit's error)",
    "mana": "French: « un symbole de mana »",
    "phyrexian": "the official French word: « mana phyrexian »",
    "aura": "the official French subtype « Aura » (and « n'aura », verb avoir)",
    "fortification": "the official French subtype « Fortification »",
    "condition": "French: « une condition que le plateau ne montre pas » (text of a named card not applied)",
    "point": "the French cards' words: « perd 3 points de vie », « gagnez 1 point de vie »",
    "poison": "the French cards' counter: « un marqueur « poison » » (Plague Stinger)",
    "source": "the French CR's word: « une source avec le contact mortel » (702.2b)",
}
ALSO_SPANISH = {
    "a": "preposition: « ataca a ben »",
    "true": "the format's word (YAML's boolean): « se espera true o false »",
    "false": "the format's word (YAML's boolean): « se espera true o false »",
    "no": "negation: « no puede »",
    "legal": "the Spanish verdict word",
    "total": "« en total »",
    "planeswalker": "the official Spanish card type",
    "planeswalkers": "the official Spanish card type",
    "indestructible": "the official Spanish keyword",
    "elemental": "the Spanish creature type Elemental",
    "horror": "the Spanish creature type Horror",
    "zombie": "the Spanish creature type Zombie",
    "zombies": "the Spanish creature type Zombie",
    "color": "« de color », « comparte un color »",
    "bushido": "the official Spanish keyword",
    "mentor": "the official Spanish keyword",
    "control": "« bajo el control de »",
    "kor": "a subtype the vocabulary doesn't translate, named as the snapshot writes it",
    "lair": "a subtype the vocabulary doesn't translate, named as the snapshot writes it",
    "horsemanship": "the Spanish keyword is not verified (never printed in Spanish): the English one is a gloss",
    "combatcheck": "the program's name (the desk page's title)",
    "yaml": "a file format's name (the desk page's « Guardar YAML »)",
    "json": "a file format's name (the desk page's « Guardar JSON »)",
    "api": "the acronym is Spanish too: « Esquema de la API » (the desk page)",
    "utf": "an encoding's name: « texto UTF-8 » (input errors)",
    "unicode": "a standard's name: « texto Unicode válido » (input errors)",
    "alias": "Spanish: « un alias YAML » (input errors)",
    "byte": "Spanish (RAE): « byte », « bytes »",
    "bytes": "Spanish (RAE): « byte », « bytes »",
    "aura": "the official Spanish subtype « Aura »",
}
ALSO = {"fr": ALSO_FRENCH, "es": ALSO_SPANISH}
_WORD = re.compile(r"[^\W\d_]+")
_PAREN_PLURAL = re.compile(r"\w\((?:s|e|es|n|nt)\)")  # "créature(s)", "ataque(n)": forms are chosen by count


def words_of(text: str) -> list[str]:
    """Words of two letters or more: a lone letter (l', d', s', "a", "y") says nothing about the language."""
    return [w.lower() for w in _WORD.findall(text) if len(w) > 1]


def _forms(template: Any) -> tuple[str, ...]:
    """Every text of one language's template (each plural form)."""
    return (template,) if isinstance(template, str) else tuple(template.forms())


def _collect(obj: Any, where: str, found: dict[int, tuple[str, Message]], depth: int, module: str) -> None:
    if isinstance(obj, Message):
        found.setdefault(id(obj), (where, obj))
    elif depth > 4:
        return
    elif isinstance(obj, dict):
        for key, value in obj.items():
            _collect(value, f"{where}[{key!r}]", found, depth + 1, module)
    elif isinstance(obj, (list, tuple)):
        for i, value in enumerate(obj):
            _collect(value, f"{where}[{i}]", found, depth + 1, module)
    elif isinstance(obj, type) and obj.__module__ == module:
        for name, value in vars(obj).items():
            _collect(value, f"{where}.{name}", found, depth + 1, module)


@cache
def all_messages() -> dict[str, Message]:
    """Every Message held at module or class level anywhere in the package."""
    found: dict[int, tuple[str, Message]] = {}
    for info in pkgutil.walk_packages(combatcheck.__path__, "combatcheck."):
        if info.name.endswith("__main__"):
            continue
        module = importlib.import_module(info.name)
        for name, value in vars(module).items():
            _collect(value, f"{info.name}.{name}", found, 0, info.name)
    return dict(found.values())


def scrub(text: str, snapshot: Snapshot) -> str:
    """`text` without what the snapshot names itself: card names, ids, labels, player ids, effect sources and
    non-mana costs (all written by the user, in any language)."""
    given: set[str] = {p.id for p in snapshot.players}
    for perm in snapshot.permanents:
        given |= {perm.id, perm.label, *([perm.name] if perm.name else [])}
    data = snapshot.model_dump(mode="json")

    def walk(value: Any, key: str = "") -> Iterator[str]:
        if isinstance(value, dict):
            for k, v in value.items():
                yield from walk(v, k)
        elif isinstance(value, list):
            for v in value:
                yield from walk(v, key)
        elif isinstance(value, str) and key in ("source", "block_cost", "attack_cost", "names", "controller"):
            yield value

    given |= set(walk(data))
    for item in sorted(given, key=len, reverse=True):
        text = re.sub(rf"(?<!\w){re.escape(item)}(?!\w)", " ", text)
    return without_codes(text)


def without_codes(text: str) -> str:
    """`text` without placeholders, mana symbols, rule numbers and the snapshot format's own field names ("{filter:des}",
    "{1}{W}", "702.26b", "blocks_if_able"): codes, not English."""
    return re.sub(r"\{[^{}]*\}|\d+(\.\d+[a-z]?)?|\b[a-z]+(?:_[a-z]+)+\b", " ", text)


def reasons(snapshot: Snapshot) -> tuple[Any, list[Reason]]:
    board, compilation = compile_snapshot(snapshot, proposal_pairs(snapshot))
    found = [r for rs in compilation.forbidden.values() for r in rs]
    found += [c.reason for c in compilation.costs] + list(compilation.proposal_only)
    found += [r.reason for r in compilation.restrictions] + [r.reason for r in compilation.requirements]
    return board, found


@cache
def boards() -> list[Snapshot]:
    return [c.snapshot for c in CASES] + wording_boards()


@cache
def english() -> frozenset[str]:
    """Words English output uses: the English templates, English renderings on the boards, common words."""
    vocabulary = set(COMMON_ENGLISH)
    for message in all_messages().values():
        for text in _forms(message.en):
            vocabulary |= set(words_of(without_codes(text)))
    for snapshot in boards():
        board, found = reasons(snapshot)
        for reason in found:
            vocabulary |= set(words_of(scrub(render(reason, board, "en"), snapshot)))
    return frozenset(vocabulary)


def english_words(text: str, lang: str) -> list[str]:
    return [w for w in words_of(without_codes(text)) if w in english() and w not in ALSO[lang]]


def test_the_package_walk_finds_every_catalog_message_and_the_report_words() -> None:
    found = {id(m) for m in all_messages().values()}
    catalog = [m for rule in CATALOG for m in rule.messages.values()]
    assert catalog and all(id(m) in found for m in catalog)
    assert len(found) > len(catalog), "the report words (solver/explain.py) are messages too"


def test_every_message_speaks_three_languages_with_the_same_placeholders() -> None:
    problems = []
    for where, message in all_messages().items():
        fields: dict[str, set[str]] = {}
        for lang in ("en", "fr", "es"):
            forms = _forms(getattr(message, lang))
            if not all(text.strip() for text in forms):
                problems.append(f"{where}: no {lang} text")
            fields[lang] = {f for text in forms for _, f, _, _ in string.Formatter().parse(text) if f}
            problems += [f"{where}: {text!r} writes a plural as '(s)'" for text in forms if _PAREN_PLURAL.search(text)]
        if not fields["en"] == fields["fr"] == fields["es"]:
            problems.append(f"{where}: placeholders differ {fields}")
    assert not problems, "\n".join(problems)


def test_every_determiner_a_template_names_exists() -> None:
    """`{filter:des}` names a determiner of the template's language; a misspelt one would fail at render time."""
    from combatcheck.solver.text.nouns import NounPhrase, determine

    problems = []
    for where, message in all_messages().items():
        for lang in ("en", "fr", "es"):
            for text in _forms(getattr(message, lang)):
                for _, field, spec, _ in string.Formatter().parse(text):
                    if field and spec:
                        try:
                            determine(lang, spec, NounPhrase("x", "xs"))
                        except ValueError as exc:
                            problems.append(f"{where} [{lang}]: {exc}")
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("lang", ["fr", "es"])
def test_no_template_holds_english(lang: str) -> None:
    leaks = []
    for where, message in all_messages().items():
        for text in _forms(getattr(message, lang)):
            found = english_words(without_codes(text), lang)
            if found:
                leaks.append(f"{where}: {found} in {text!r}")
    assert not leaks, "\n".join(leaks)


@pytest.mark.parametrize("lang", ["fr", "es"])
def test_every_catalog_message_rendered_on_boards_holds_no_english(lang: str) -> None:
    leaks: dict[str, str] = {}
    spoken: set[tuple[str, str]] = set()
    for snapshot in boards():
        board, found = reasons(snapshot)
        for reason in found:
            spoken.add((reason.rule, reason.code))
            text = render(reason, board, lang)
            english_found = english_words(scrub(text, snapshot), lang)
            if english_found:
                leaks.setdefault(f"{reason.rule}/{reason.code} {english_found}", text)
    silent = {(r.key, code) for r in CATALOG for code in r.messages} - spoken
    assert not silent, f"no board makes these catalog messages speak: {sorted(silent)}"
    assert not leaks, "\n".join(f"{k}: {v}" for k, v in list(leaks.items())[:40])


@pytest.mark.parametrize("lang", ["fr", "es"])
def test_report_lines_hold_no_english(lang: Language) -> None:
    leaks = []
    for snapshot in boards():
        for report in (check(snapshot, lang=lang), solve(snapshot, lang=lang)):
            for line in report_lines(report, snapshot):
                found = english_words(scrub(line, snapshot), lang)
                if found:
                    leaks.append(f"{found}: {line}")
    assert not leaks, "\n".join(sorted(set(leaks))[:40])


def test_the_detector_catches_english() -> None:
    """The check above can fail: English filter words, "effect" and "and" are recognised in a French sentence."""
    text = "pas plus de 2 créatures (effect) ; creatures with flying and power 2 or greater"
    assert english_words(text, "fr") == ["effect", "creatures", "with", "flying", "and", "power", "or", "greater"]
    assert english_words("indiquez blocks_if_able ; s'il n'y en a aucune", "fr") == []
    assert english_words("a a la menace et ne peut pas être bloqué", "fr") == []


def test_french_report_lines_put_a_space_before_a_colon() -> None:
    """French typography, as every other French line of the report ("Coût à payer : {2}") does; the forced
    choices' reasons too."""
    snapshot = load_snapshot((Path(__file__).parent.parent / "examples" / "cr-509.1c-menace.yaml").read_text())
    lines = {lang: report_lines(check(snapshot, lang=lang), snapshot)[1] for lang in ("en", "fr", "es")}
    assert (
        lines["fr"]
        == "  - obligation non respectée (509.1c) : Watchful Sentry (sentry) bloque à chaque combat si possible"
    )
    assert lines["en"].startswith("  - requirement not obeyed (509.1c): ")
    assert lines["es"].startswith("  - requisito no obedecido (509.1c): ")
    for board in boards():
        for line in report_lines(check(board, lang="fr"), board):
            assert not re.search(r"\S: ", scrub(line, board)), line
    lure = load_snapshot((Path(__file__).parent.parent / "examples" / "lure.yaml").read_text())
    forced = answer_lines(forced_choices(lure, lang="fr"), lure)
    assert "  - Sky Archer (archer) bloque Runeclaw Bear (lured) (509.1b : Sky Archer (archer) ne peut" in "\n".join(
        forced
    )
    for line in forced:
        assert not re.search(r"\S: ", scrub(line, lure)), line
