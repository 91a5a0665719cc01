"""Bad-input errors in English, French and Spanish (docs/format.md, "Errors").

Every input problem carries a code and the values it names; its French and Spanish texts are written from them.
These tests hold that every code our code raises and every error type our schema can produce has a text in each
language, that plural forms follow the count, that no English leaks into French or Spanish on any bad input the
suite already has (the fuzz corpus, the hostile inputs of test_limits.py), that a few sentences read as checked by
hand against /work/shared/reference/terminology.md, and that the CLI and the desk speak the command's language.
The English text is unchanged: the other tests, the docs and the batch output rely on it.
"""

from __future__ import annotations

import json
import re
import string
from pathlib import Path
from typing import Any

import pytest
from combatcheck.cli import app
from combatcheck.languages import Message, Plural
from combatcheck.models import Snapshot, SnapshotError, load_snapshot, snapshot_from_data
from combatcheck.models.problem_words import PROBLEM_TEXTS
from combatcheck.models.schema_words import SCHEMA_TEXTS
from combatcheck.models.validation import InputProblem
from combatcheck.solver import QuestionError, can_block
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_fuzz import input_text, mutated
from test_limits import alias_bomb, board, nested_filter
from test_translations import english_words, words_of
from typer.testing import CliRunner

ROOT = Path(__file__).resolve().parent.parent
SOURCES = [p for p in ROOT.rglob("*.py") if not ({".venv", "tests", "bench", "build"} & set(p.parts))]
runner = CliRunner()


def _placeholders(message: Message) -> set[str]:
    forms = message.en.forms() if isinstance(message.en, Plural) else (message.en,)
    return {field for text in forms for _, field, _, _ in string.Formatter().parse(text) if field}


# -- every code has its texts ----------------------------------------------------------------------------------------
def _source_codes(pattern: str) -> set[str]:
    found: set[str] = set()
    for path in SOURCES:
        found |= set(re.findall(pattern, path.read_text(encoding="utf-8")))
    return found


def test_every_problem_code_raised_by_our_code_has_its_texts() -> None:
    """The codes passed to InputProblem.of, TimelineInputError, QuestionError and BoardTooLarge (found in the
    source, so a new one is checked without being listed here) are in the catalogue."""
    raised = _source_codes(r'InputProblem\.of\(\s*[^,]+,\s*"(\w+)"')
    raised |= _source_codes(r'(?:TimelineInputError|QuestionError)\(\s*[^,()]+,\s*"(\w+)"')
    raised |= _source_codes(r'BoardTooLarge\(\s*"(\w+)"') | {"too_many_blocks", "too_many_attacks"}
    raised |= {f"after_{declared}_declared" for declared in ("attackers", "blockers")}  # combat/entering.py
    assert len(raised) > 40, sorted(raised)
    assert not raised - set(PROBLEM_TEXTS), sorted(raised - set(PROBLEM_TEXTS))


def test_every_code_our_validators_give_pydantic_has_its_texts() -> None:
    """PydanticCustomError types, the `code` a validator puts in its context, and WordedValueError codes. A type
    whose every raise names a code needs no text of its own."""
    types = _source_codes(r'PydanticCustomError\(\s*"(\w+)"')
    named = _source_codes(r'"code": "(\w+)"') | _source_codes(r'"code"\] = "(\w+)"')
    named |= _source_codes(r'context \|= \{"code": "(\w+)"')
    named |= _source_codes(r'WordedValueError\(\s*"(\w+)"') | {"unknown_keyword", "unknown_keyword_close"}
    named |= {"cost_empty", "cost_brace", "cost_symbol", "unknown_ability_close", "unknown_ability_known"}
    named |= {"unknown_ability_name", "unknown_ability_name_close"}
    always_coded = {"cost", "unknown_ability", "unknown_event"}
    assert types and named
    assert not (types - always_coded) - set(SCHEMA_TEXTS), sorted((types - always_coded) - set(SCHEMA_TEXTS))
    assert not named - set(SCHEMA_TEXTS), sorted(named - set(SCHEMA_TEXTS))


# The pydantic error types each kind of core-schema node can produce. A node kind missing here fails the test
# below, so a schema that grows a new kind of field is worded before it ships.
NODE_ERRORS: dict[str, set[str]] = {
    "str": {"string_type"},
    "int": {"int_type", "int_parsing", "int_from_float"},
    "float": {"float_type", "float_parsing"},
    "bool": {"bool_type", "bool_parsing"},
    "list": {"list_type"},
    "tuple": {"tuple_type"},
    "set": {"set_type"},
    "frozenset": {"frozen_set_type"},
    "dict": {"dict_type"},
    "model": {"model_type"},
    "model-fields": {"missing", "extra_forbidden", "model_attributes_type"},
    "literal": {"literal_error"},
    "enum": {"enum"},
    "tagged-union": {"union_tag_invalid", "union_tag_not_found"},
    "none": {"none_required"},
}
NO_ERRORS = {"definition-ref", "definitions", "model-field", "default", "nullable", "union", "any"}
NO_ERRORS |= {"function-before", "function-after", "function-wrap", "function-plain"}  # ours: the test above
CONSTRAINT_ERRORS = {
    "min_length": {"str": "string_too_short", "list": "too_short", "tuple": "too_short"},
    "max_length": {"str": "string_too_long", "list": "too_long", "tuple": "too_long"},
    "pattern": {"str": "string_pattern_mismatch"},
    "ge": {"int": "greater_than_equal", "float": "greater_than_equal"},
    "gt": {"int": "greater_than", "float": "greater_than"},
    "le": {"int": "less_than_equal", "float": "less_than_equal"},
    "lt": {"int": "less_than", "float": "less_than"},
}


def schema_error_types(schema: Any) -> tuple[set[str], set[str]]:
    """(error types the schema can produce, node kinds this test doesn't know)."""
    types: set[str] = set()
    unknown: set[str] = set()

    def walk(node: Any) -> None:
        if isinstance(node, list):
            for item in node:
                walk(item)
            return
        if not isinstance(node, dict):
            return
        kind = node.get("type")
        if isinstance(kind, str):
            if kind in NODE_ERRORS:
                types.update(NODE_ERRORS[kind])
            elif kind not in NO_ERRORS:
                unknown.add(kind)
            for constraint, by_kind in CONSTRAINT_ERRORS.items():
                if node.get(constraint) is not None and kind in by_kind:
                    types.add(by_kind[kind])
        for key, value in node.items():
            if key not in ("serialization", "function", "metadata"):  # not validation: no error of their own
                walk(value)

    walk(schema)
    return types, unknown


def test_every_error_type_the_snapshot_schema_can_produce_has_its_texts() -> None:
    types, unknown = schema_error_types(Snapshot.__pydantic_core_schema__)
    assert not unknown, f"schema node kinds without their error types in NODE_ERRORS: {sorted(unknown)}"
    assert {"missing", "extra_forbidden", "literal_error", "too_short", "greater_than_equal"} <= types
    assert not types - set(SCHEMA_TEXTS), sorted(types - set(SCHEMA_TEXTS))


def test_the_schema_walk_can_fail() -> None:
    """The walk above sees constraints and node kinds it doesn't know."""
    types, unknown = schema_error_types({"type": "str", "max_length": 3, "schema": {"type": "json-or-python"}})
    assert types == {"string_type", "string_too_long"}
    assert unknown == {"json-or-python"}


@pytest.mark.parametrize("lang", ["en", "fr", "es"])
def test_every_message_renders_with_its_values(lang: str) -> None:
    """Each template fills in with values for its placeholders (a count for a plural form's)."""
    from combatcheck.models.problem_words import render_message

    for code, message in {**PROBLEM_TEXTS, **SCHEMA_TEXTS}.items():
        values: dict[str, object] = dict.fromkeys(_placeholders(message), "x")
        template = message.template(lang)
        if isinstance(template, Plural):
            values[template.on] = 2
        text = render_message(message, values, lang)
        assert text, code


# -- plural forms by count ---------------------------------------------------------------------------------------------
def _problem(data: dict[str, Any]) -> InputProblem:
    with pytest.raises(SnapshotError) as caught:
        snapshot_from_data(data)
    return caught.value.problems[0]


def test_plural_forms_follow_the_count() -> None:
    one = InputProblem("id", "String should have at most 1 character", "string_too_long", {"max_length": 1})
    many = InputProblem("id", "String should have at most 9 characters", "string_too_long", {"max_length": 1000})
    assert one.text("fr") == "au plus 1 caractère est permis"
    assert many.text("fr") == "au plus 1\u202f000 caractères sont permis"
    assert one.text("es") == "se permite como máximo 1 carácter"
    assert many.text("es") == "se permiten como máximo 1\u202f000 caracteres"
    short = _problem(board(abilities=[{"bushido": 1}], names=[]))  # an empty tuple where one item is needed
    assert short.code in SCHEMA_TEXTS, short


def test_french_one_covers_zero_in_plural_forms() -> None:
    """CLDR: French "one" is 0 and 1: "au moins 0 élément", "au moins 2 éléments"."""
    zero = InputProblem("x", "...", "too_short", {"min_length": 0, "actual_length": 0})
    two = InputProblem("x", "...", "too_short", {"min_length": 2, "actual_length": 1})
    assert zero.text("fr") == "au moins 0 élément est attendu, pas 0"
    assert two.text("fr") == "au moins 2 éléments sont attendus, pas 1"
    assert two.text("es") == "se esperan al menos 2 elementos, no 1"


# -- sentences checked by hand against terminology.md ------------------------------------------------------------------
BAD_CONTROLLER = {
    "active_player": "ana",
    "players": ["ana", "ben"],
    "permanents": [
        {"id": "a", "controller": "ana", "power": 2, "toughness": 2, "attacking": "ben"},
        {"id": "b", "controller": "ben", "power": 2, "toughness": 2},
        {"id": "bear", "controller": "carol", "power": 2, "toughness": 2},
    ],
    "declaration": {"blocks": {}},
}


def test_a_player_that_is_not_there_reads_as_checked_by_hand() -> None:
    problem = _problem(BAD_CONTROLLER)
    assert str(problem) == "permanents[2] (id 'bear').controller: 'carol' is not one of the players"
    assert problem.line("fr") == "permanents[2] (id 'bear').controller : 'carol' n'est pas l'un des joueurs"
    assert problem.line("es") == "permanents[2] (id 'bear').controller: 'carol' no es uno de los jugadores"


def test_battles_planeswalkers_and_permanents_use_the_official_terms() -> None:
    target = InputProblem.of("declaration.attacks.a", "not_an_attack_target", id="forest")
    assert target.text("fr") == "'forest' n'est ni un joueur, ni un planeswalker, ni une bataille (506.3)"
    assert target.text("es") == "'forest' no es ni un jugador, ni un planeswalker, ni una batalla (506.3)"
    missing = InputProblem.of("declaration.blocks.x", "no_permanent", id="x")
    assert missing.text("fr") == "aucun permanent n'a l'identifiant 'x'"
    assert missing.text("es") == "ningún permanente tiene el identificador 'x'"
    defending = InputProblem.of("defending_player", "defending_player_not_opponent")
    assert defending.text("fr") == "le joueur défenseur doit être un adversaire (506.2a)"
    assert defending.text("es") == "el jugador defensor debe ser un oponente (506.2a)"
    protector = InputProblem.of("permanents[0].protector", "battle_needs_protector")
    assert protector.text("fr") == "une bataille doit avoir un joueur qui la protège (310.8)"  # « le protéger »
    assert protector.text("es") == "una batalla necesita un jugador que la proteja (310.8)"


def test_the_english_text_is_unchanged_and_a_problem_without_a_code_stays_english() -> None:
    problem = InputProblem.of("bands[0]", "in_two_bands", id="x")
    assert str(problem) == "bands[0]: 'x' is in two bands" == problem.line("en")
    plain = InputProblem("somewhere", "something only English says")
    assert plain.text("fr") == plain.message and plain.line("fr") == "somewhere : something only English says"
    unknown_type = InputProblem("x", "Input should be a valid date", "date_type", {})
    assert unknown_type.text("es") == "Input should be a valid date"  # a pydantic type we don't word: English


def test_a_question_that_does_not_fit_is_worded_too() -> None:
    snapshot = load_snapshot((ROOT / "examples" / "lure.yaml").read_text(encoding="utf-8"))
    with pytest.raises(QuestionError) as caught:
        can_block(snapshot, "nobody", "lured")
    assert str(caught.value) == "blocker: 'nobody' is not a permanent of the snapshot"
    assert caught.value.problem.line("fr") == "blocker : 'nobody' n'est pas un permanent de la situation"


# -- no English in French or Spanish, on every bad input the suite has -------------------------------------------------
def _values(params: Any) -> list[str]:
    if isinstance(params, dict):
        return [v for value in params.values() for v in _values(value)]
    if isinstance(params, (list, tuple)):
        return [v for value in params for v in _values(value)]
    return [str(params)]


def leaks(problem: InputProblem, lang: str) -> list[str]:
    """English words in the problem's text in `lang`, besides the values it names (ids, field names, the input's
    own text, a parser's or the system's words quoted as such) and its path."""
    if not problem.code:
        return [f"no code: {problem}"]
    if problem.code not in PROBLEM_TEXTS and problem.code not in SCHEMA_TEXTS:
        return [f"no text for {problem.code!r}: {problem}"]
    text = problem.text(lang)
    if text == problem.message:
        return [f"English fallback ({problem.code}): {problem}"]
    for value in sorted(_values(problem.params), key=len, reverse=True):
        text = text.replace(value, " ")
    given = {w for value in _values(problem.params) for w in words_of(value)}  # a value cut short ends in "…"
    text = re.sub(r"\w+…", " ", text)  # ... and the word it was cut in is a piece of that value, not a word
    return [w for w in english_words(text, lang) if w not in given]


HOSTILE: list[str | bytes] = [
    alias_bomb(12),
    "a: &a [*a]\n",
    json.dumps(nested_filter(300)),
    '{"active_player": "ana", "players": ["ana"], "permanents": [{"id": "\\ud800"}]}',
    '{"active_player": "ana", "players": ["ana\\u0007"], "permanents": []}',
    '{"active_player": "ana", "n": ' + "9" * 5000 + "}",
    '{"active_player": "ana", "n": ' + str(2**70) + "}",
    "active_player: 2024-01-01\n",
    b"active_player: ana\xff\n",
    "{a: [",
    "- just a list\n",
    "active_player: ana\nplayers: [ana, ana]\npermanents: [{id: x, controller: zed, cost: '{Q}'}]\n",
    json.dumps({**board(block_cost=""), "step": "declare_blockers"}),
    json.dumps(board(abilities=["flyin", {"protection": "plaid"}, {"a": 1, "b": 2}])),
    json.dumps(board(abilities=[{"blocks_if_able": "nobody"}], colors=["purple"], power="x", toughness=1.5)),
    json.dumps({**BAD_CONTROLLER, "effects": [{"nothing": 1}], "bands": [["zz"]], "defending_player": "ana"}),
    json.dumps({**board(), "events": [{"no_such_event": 1}, "wrong_step", "declare_blockers"]}),
]


@pytest.mark.parametrize("lang", ["fr", "es"])
def test_hostile_and_malformed_inputs_are_worded_without_english(lang: str) -> None:
    found: dict[str, list[str]] = {}
    seen = 0
    for text in HOSTILE:
        try:
            load_snapshot(text)
        except SnapshotError as exc:
            for problem in exc.problems:
                seen += 1
                if leaked := leaks(problem, lang):
                    found[str(problem)[:160]] = leaked
    assert seen >= len(HOSTILE)
    assert not found, "\n".join(f"{k}: {v}" for k, v in found.items())


@settings(
    max_examples=150,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(st.data())
def test_the_fuzz_corpus_is_worded_without_english(data: st.DataObject) -> None:
    """The mutated snapshots of test_fuzz.py, read as the CLI reads them: each problem in French and Spanish."""
    tree, done = data.draw(mutated("snapshots"))
    raw = data.draw(input_text(tree))
    try:
        load_snapshot(raw)
    except SnapshotError as exc:
        for problem in exc.problems:
            for lang in ("fr", "es"):
                assert not leaks(problem, lang), (lang, done, str(problem), problem.text(lang))


def test_the_leak_check_can_fail() -> None:
    english = InputProblem("x", "Field required", "missing", {})
    assert not leaks(english, "fr")
    assert leaks(InputProblem("x", "Field required"), "fr") == ["no code: x: Field required"]
    assert leaks(InputProblem("x", "Input should be a valid date", "date_type", {}), "fr")
    assert english_words("les creatures with flying", "fr") == ["creatures", "with", "flying"]


# -- the CLI and the desk speak the command's language -----------------------------------------------------------------
@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("en", "error: permanents[2] (id 'bear').controller: 'carol' is not one of the players"),
        ("fr", "erreur : permanents[2] (id 'bear').controller : 'carol' n'est pas l'un des joueurs"),
        ("es", "error: permanents[2] (id 'bear').controller: 'carol' no es uno de los jugadores"),
    ],
)
@pytest.mark.parametrize("command", ["check", "solve", "forced", "combat"])
def test_the_cli_prints_errors_in_its_lang(tmp_path: Path, command: str, lang: str, expected: str) -> None:
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(BAD_CONTROLLER), encoding="utf-8")
    result = runner.invoke(app, [command, str(path), "--lang", lang])
    assert result.exit_code == 2
    assert result.stderr.splitlines() == [expected]


def test_render_and_the_questions_print_errors_in_their_lang(tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(BAD_CONTROLLER), encoding="utf-8")
    render = runner.invoke(app, ["render", str(path), "--out", str(tmp_path / "x.svg"), "--lang", "es"])
    assert render.exit_code == 2 and "no es uno de los jugadores" in render.stderr
    lure = str(ROOT / "examples" / "lure.yaml")
    question = runner.invoke(app, ["can-block", lure, "nobody", "lured", "--lang", "fr"])
    assert question.exit_code == 2
    assert question.stderr.strip() == "erreur : blocker : 'nobody' n'est pas un permanent de la situation"
    suffix = runner.invoke(app, ["render", lure, "--out", str(tmp_path / "x.jpg"), "--lang", "fr"])
    assert suffix.exit_code == 2 and suffix.stderr.endswith(".jpg : écrivez un fichier .svg ou .png\n")
    missing = runner.invoke(app, ["check", str(tmp_path / "absent.yaml"), "--lang", "fr"])
    assert missing.exit_code == 2 and missing.stderr.endswith(": ce fichier n'existe pas\n")


def test_a_timeline_event_that_cannot_happen_is_worded(tmp_path: Path) -> None:
    snapshot = {**board(), "declaration": None, "events": ["combat_damage"]}
    path = tmp_path / "timeline.json"
    path.write_text(json.dumps(snapshot), encoding="utf-8")
    result = runner.invoke(app, ["combat", str(path), "--lang", "fr"])
    assert result.exit_code == 2
    line = result.stderr.strip()
    assert line.startswith("erreur : events[0] (combat_damage) : les bloqueurs se déclarent d'abord"), line
    assert not english_words(line.split(" : ", 2)[-1], "fr"), line


def test_the_desk_answers_4xx_in_the_requests_language() -> None:
    from combatcheck.desk.app import create_app
    from fastapi.testclient import TestClient

    client = TestClient(create_app(), base_url="http://127.0.0.1", raise_server_exceptions=False)
    body = json.dumps(BAD_CONTROLLER)
    answers = {lang: client.post(f"/api/check?lang={lang}", content=body) for lang in ("en", "fr", "es")}
    assert {a.status_code for a in answers.values()} == {422}
    assert answers["en"].json() == {
        "error": "invalid snapshot",
        "problems": [{"path": "permanents[2] (id 'bear').controller", "message": "'carol' is not one of the players"}],
    }
    assert answers["fr"].json() == {
        "error": "situation invalide",
        "problems": [{"path": "permanents[2] (id 'bear').controller", "message": "'carol' n'est pas l'un des joueurs"}],
    }
    assert answers["es"].json()["problems"][0]["message"] == "'carol' no es uno de los jugadores"
    empty = client.post("/api/check?lang=es", content="")
    assert empty.status_code == 400 and empty.json()["error"].startswith("el cuerpo de la petición está vacío")
    parsed = client.post("/api/parse?lang=fr", content=body).json()
    assert parsed["problems"][0]["message"] == "'carol' n'est pas l'un des joueurs"
    question = client.post("/api/can-block?lang=fr&blocker=zz&attacker=a", content=body.replace("carol", "ben"))
    assert question.status_code == 422 and question.json()["error"] == "la question ne correspond pas à la situation"
    assert [(p["path"], p["message"][:14]) for p in question.json()["problems"]] == [("blocker", "'zz' n'est pas")]
    bad_limit = client.post("/api/check?lang=fr&time_limit=-1", content=body)
    assert bad_limit.json() == {
        "error": "paramètres de requête invalides",
        "problems": [{"path": "time_limit", "message": "un nombre supérieur à 0 est attendu"}],
    }


def test_an_oversize_board_is_refused_in_the_commands_language(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """A board beyond the size limits (solver/budget.py), met by check and by the questions (count, forced,
    can-block), in French; the numbers grouped the French way."""
    import combatcheck.solver.budget as budget
    from test_check_budget import _blockers_board

    monkeypatch.setattr(budget, "MAX_PAIRS", 5)
    path = tmp_path / "big.json"
    path.write_text(json.dumps(_blockers_board(3, 2)), encoding="utf-8")
    for command in (["check"], ["count"], ["forced"], ["can-block", "b0", "a0"]):
        result = runner.invoke(app, [command[0], str(path), *command[1:], "--lang", "fr"])
        assert result.exit_code == 2, command
        assert result.stderr == (
            "erreur : permanents : la situation est trop grande pour être vérifiée : 2 bloqueurs potentiels et "
            "3 attaquants font 6 blocages possibles ; la limite est 5 (docs/performance.md)\n"
        ), command
    monkeypatch.setattr(budget, "MAX_PAIRS", 1_000_000)
    problem = InputProblem.of("permanents", "too_many_atoms", limit=2_000_000, doc="docs/performance.md")
    assert "2\u202f000\u202f000 conditions" in problem.text("fr")
    assert "more than 2,000,000 conditions" in str(problem)
