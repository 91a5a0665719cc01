"""`combatcheck cards import` refuses what it can't read completely, and never breaks the database in use (issue 9
§2.2): every card is checked before the new file replaces the old one, the file is written atomically without
following a planted symlink, and an interrupted import leaves no temporary file behind."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from combatcheck.cards import db as card_db
from combatcheck.cli import app
from typer.testing import CliRunner

runner = CliRunner()

GOOD = [  # a Scryfall file with one creature
    {
        "object": "card",
        "name": "Hulking Brute",
        "layout": "normal",
        "type_line": "Creature — Ogre",
        "oracle_text": "Trample",
        "power": "4",
        "toughness": "4",
        "colors": ["R"],
    }
]
FACE = {"name": "Bear", "types": ["Creature"], "subtypes": ["Bear"], "power": "2", "toughness": "2"}


def atomic(**changes: Any) -> dict[str, Any]:
    return {"meta": {"version": "5"}, "data": {"Bear": [{**FACE, **changes}]}}


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A cache directory that already holds an imported database (of GOOD)."""
    folder = tmp_path / "cache"
    monkeypatch.setenv("COMBATCHECK_CACHE_DIR", str(folder))
    card_db.reset()
    source = tmp_path / "good.json"
    source.write_text(json.dumps(GOOD), encoding="utf-8")
    assert runner.invoke(app, ["cards", "import", str(source)]).exit_code == 0
    yield folder
    card_db.reset()


def import_text(tmp_path: Path, content: bytes | str) -> Any:
    path = tmp_path / "cards.json"
    path.write_bytes(content if isinstance(content, bytes) else content.encode("utf-8", "surrogatepass"))
    return runner.invoke(app, ["cards", "import", str(path)])


MALFORMED: dict[str, tuple[Any, str]] = {
    # top level
    "empty list": ([], "no permanent cards found"),
    "empty object": ({}, "expected MTGJSON"),
    "null": (None, "expected MTGJSON"),
    "text": ("cards", "expected MTGJSON"),
    "number": (42, "expected MTGJSON"),
    "data is a list": ({"data": []}, "expected MTGJSON"),
    # MTGJSON AtomicCards
    "a card is a number": ({"data": {"Bear": 1}}, "data['Bear']: Input should be a valid list"),
    "a face is a number": ({"data": {"Bear": [1]}}, "data['Bear'][0]: Input should be a valid dictionary"),
    "no name": ({"data": {"Bear": [{"types": ["Creature"]}]}}, "data['Bear'][0]['name']: Field required"),
    "empty name": (atomic(name=""), "data['Bear'][0]['name']: String should have at least 1 character"),
    "name is a number": (atomic(name=5), "data['Bear'][0]['name']: Input should be a valid string"),
    "subtypes an object": (atomic(subtypes={"a": 1}), "data['Bear'][0]['subtypes']: Input should be a valid list"),
    "subtypes a string": (atomic(subtypes="Bear"), "data['Bear'][0]['subtypes']: Input should be a valid list"),
    "subtype a number": (atomic(subtypes=[1]), "data['Bear'][0]['subtypes'][0]: Input should be a valid string"),
    "text an object": (atomic(text={"en": "Reach"}), "data['Bear'][0]['text']: Input should be a valid string"),
    "types a string": (atomic(types="Creature"), "data['Bear'][0]['types']: Input should be a valid list"),
    "power a list": (atomic(power=["2"]), "data['Bear'][0]['power']"),
    "foreign name an object": (
        atomic(foreignData=[{"language": "French", "name": {"x": 1}}]),
        "data['Bear'][0]['foreignData'][0]['name']: Input should be a valid string",
    ),
    "foreign data a string": (atomic(foreignData="French"), "data['Bear'][0]['foreignData']"),
    # A lone surrogate escape is refused as the file streams, by its place (ijson's yajl would read it as "?").
    "a lone surrogate": (atomic(text="Re\ud800ach"), "not valid Unicode text: an unpaired surrogate escape at byte"),
    "a lone surrogate in a key": ({"data": {"B\udc00": [FACE]}}, "not valid Unicode text: an unpaired surrogate"),
    # MTGJSON AllPrintings and AllIdentifiers
    "printing without name": ({"data": {"SET": {"cards": [{"types": []}]}}}, "data['SET']['cards'][0]['name']"),
    "identifiers types a string": (
        {"data": {"uuid": {"name": "Bear", "types": "Creature"}}},
        "data['uuid']['types']: Input should be a valid list",
    ),
    # Scryfall
    "card faces a number": ([{"name": "X", "card_faces": 5}], "[0]['card_faces']: Input should be a valid list"),
    "type line a list": ([{"name": "X", "type_line": ["Creature"]}], "[0]['type_line']: Input should be a valid str"),
    "no top-level name": ([{"card_faces": [{"name": "A"}]}], "[0]['name']: Field required"),
    "oracle text an object": (
        {"object": "list", "data": [{"name": "X", "type_line": "Creature — Bear", "oracle_text": {"a": 1}}]},
        "data[0]['oracle_text']: Input should be a valid string",
    ),
    # Refused as the file streams: ijson's C parser would crash on an integer past Python's 4,300 digits.
    "arena id 5,000 digits": ([{"name": "X", "arena_id": 10**4000}], "a run of more than 1,000 digits at byte 28"),
}


@pytest.mark.parametrize("case", sorted(MALFORMED))
def test_a_malformed_file_is_refused_and_the_old_database_keeps_working(cache: Path, tmp_path: Path, case: str) -> None:
    content, message = MALFORMED[case]
    before = (cache / "cards.json.gz").read_bytes()
    text = json.dumps(content) if case != "arena id 5,000 digits" else '[{"name": "X", "arena_id": ' + "9" * 5000 + "}]"
    result = import_text(tmp_path, text)
    assert result.exit_code == 2, result.stdout
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert message in result.stderr, result.stderr
    assert (cache / "cards.json.gz").read_bytes() == before
    assert [p.name for p in cache.iterdir() if p.name.endswith(".tmp")] == []
    card_db.reset()
    assert runner.invoke(app, ["cards", "show", "Hulking Brute"]).exit_code == 0


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b'[{"name": "Caf\xe9"}]', "not UTF-8 text"),
        (b"[" * 100_000 + b"]" * 100_000, "nested more than"),
        (b"{'data': 1}", "not JSON"),
    ],
)
def test_a_file_that_is_not_json_text_is_refused(cache: Path, tmp_path: Path, content: bytes, message: str) -> None:
    result = import_text(tmp_path, content)
    assert result.exit_code == 2 and message in result.stderr, result.stderr


def test_a_symlink_planted_at_a_temporary_path_is_not_followed(cache: Path, tmp_path: Path) -> None:
    victim = tmp_path / "victim.txt"
    victim.write_text("keep me", encoding="utf-8")
    (cache / "cards.json.gz.tmp").symlink_to(victim)  # the fixed name earlier versions wrote through
    (cache / ".cards.json.gz.x1y2.tmp").symlink_to(victim)  # the pattern of today's temporary names
    result = import_text(tmp_path, json.dumps(GOOD))
    assert result.exit_code == 0, result.stderr
    assert victim.read_text(encoding="utf-8") == "keep me"
    assert not (cache / "cards.json.gz").is_symlink()
    assert sorted(p.name for p in cache.iterdir()) == ["cards.json.gz"]  # and no lock file (issue 20 item 12)


def test_the_leftover_of_a_killed_import_is_removed_by_the_next(cache: Path, tmp_path: Path) -> None:
    leftover = cache / ".cards.json.gz.abc123.tmp"
    leftover.write_bytes(b"half a database")
    assert import_text(tmp_path, json.dumps(GOOD)).exit_code == 0
    assert not leftover.exists()


def test_an_import_stopped_by_sigterm_leaves_no_temporary_file(cache: Path, tmp_path: Path) -> None:
    """SIGTERM arrives while the new file is being written: exit 143, the old database as it was, nothing left."""
    before = (cache / "cards.json.gz").read_bytes()
    source = tmp_path / "other.json"
    source.write_text(json.dumps([{**GOOD[0], "name": "Other Brute"}]), encoding="utf-8")
    script = (
        "import os, signal, sys\n"
        "from combatcheck.cards import store\n"
        "real = os.fsync\n"
        "def fsync(fd):\n"
        "    os.kill(os.getpid(), signal.SIGTERM)\n"
        "    real(fd)\n"
        "store.os.fsync = fsync\n"
        "from combatcheck.cli import app\n"
        "app(['cards', 'import', sys.argv[1]])\n"
    )
    env = {**os.environ, "COMBATCHECK_CACHE_DIR": str(cache)}
    proc = subprocess.run([sys.executable, "-c", script, str(source)], capture_output=True, text=True, env=env)
    assert proc.returncode == 143, proc.stderr
    assert "Traceback" not in proc.stderr
    assert (cache / "cards.json.gz").read_bytes() == before
    assert [p.name for p in cache.iterdir() if p.name.endswith(".tmp")] == []


@pytest.mark.parametrize("damage", [b"not gzip", b"\x1f\x8b\x08\x00cut", "json", "shape"])
def test_a_damaged_database_file_is_an_error_with_what_to_do(cache: Path, damage: bytes | str) -> None:
    import gzip

    path = cache / "cards.json.gz"
    if damage == "json":
        path.write_bytes(gzip.compress(b"{not json"))
    elif damage == "shape":
        path.write_bytes(gzip.compress(json.dumps({"format": 1, "cards": {"Bear": {"s": {"a": 1}}}}).encode()))
    else:
        assert isinstance(damage, bytes)
        path.write_bytes(damage)
    card_db.reset()
    for command in (["cards", "show", "Hulking Brute"], ["cards", "search", "Brute"], ["cards", "info"]):
        result = runner.invoke(app, command)
        assert result.exit_code == 2, (command, result.stdout)
        assert "import a card file again" in result.stderr
    snapshot = cache.parent / "s.yaml"
    snapshot.write_text(
        "active_player: ana\nplayers: [ana, ben]\npermanents:\n  - {id: a, controller: ana, card: Hulking Brute}\n",
        encoding="utf-8",
    )
    result = runner.invoke(app, ["check", str(snapshot)])
    assert result.exit_code == 2 and "card database" in result.stderr, result.stderr
    log = Path(__file__).resolve().parent.parent / "examples" / "arena" / "Player.log"
    result = runner.invoke(app, ["import", "arena", str(log), "--out", str(cache.parent / "records.jsonl")])
    assert result.exit_code == 2 and "or use --no-cards" in result.stderr, result.stderr
