"""`cards import` within bounds, and the database file read and written safely (issue 20, items 8, 10, 11, 12):
the import streams the file and bounds its size and its decompression; a database the user can't read is an error
with what to do; the file honours the umask; an error names the path that failed; a killed import leaves nothing."""

from __future__ import annotations

import errno
import gzip
import json
import lzma
import os
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from combatcheck.cards import card_file, store
from combatcheck.cards import db as card_db
from combatcheck.cli import app
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

runner = CliRunner()
FACE = {"name": "Bear", "types": ["Creature"], "subtypes": ["Bear"], "power": "2", "toughness": "2"}
ATOMIC = {"meta": {"version": "5.3.0", "date": "2026-11-30"}, "data": {"Bear": [FACE]}}
SNAPSHOT = "active_player: ana\nplayers: [ana, ben]\npermanents:\n  - {id: a, controller: ana, card: Bear}\n"


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    folder = tmp_path / "cache"
    monkeypatch.setenv("COMBATCHECK_CACHE_DIR", str(folder))
    card_db.reset()
    yield folder
    card_db.reset()


def imported(path: Path) -> Any:
    return runner.invoke(app, ["cards", "import", str(path)])


def atomic_with(**changes: Any) -> bytes:
    return json.dumps({**ATOMIC, **changes}).encode()


@pytest.mark.parametrize("pack", [gzip.compress, lzma.compress, lambda data: data])
def test_a_compressed_card_file_is_read_as_a_stream(cache: Path, tmp_path: Path, pack: Any) -> None:
    source = tmp_path / "AtomicCards.json.x"
    source.write_bytes(pack(json.dumps(ATOMIC).encode()))
    result = imported(source)
    assert result.exit_code == 0, result.stderr
    db = card_db.database()
    assert db.find("Bear") is not None and db.date == "2026-11-30"
    assert "version 5.3.0" in db.source


def test_a_compression_bomb_is_refused_when_it_passes_the_bound(
    cache: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Issue 20 item 8: a small gzip that unpacks to far more than the bound was read to its end.
    monkeypatch.setattr(card_file, "MAX_IMPORT_BYTES", 1024 * 1024)
    source = tmp_path / "bomb.json.gz"
    source.write_bytes(gzip.compress(b" " * (20 * 1024 * 1024) + json.dumps(ATOMIC).encode()))
    assert source.stat().st_size < 100_000
    result = imported(source)
    assert result.exit_code == 2
    assert "more than 1,048,576 bytes of JSON once decompressed (gzip): refused" in result.stderr
    assert not (cache / "cards.json.gz").exists()


def test_a_file_longer_than_the_bound_is_refused(cache: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(card_file, "MAX_IMPORT_BYTES", 1024 * 1024)
    source = tmp_path / "long.json"
    source.write_bytes(b"[" + b"{}," * 500_000 + b"{}]")
    result = imported(source)
    assert result.exit_code == 2 and "more than 1,048,576 bytes of JSON: refused" in result.stderr


def test_an_endless_file_is_refused_at_once(cache: Path) -> None:
    # Issue 20 item 8: `cards import /dev/zero` read until it was killed.
    result = imported(Path("/dev/zero"))
    assert result.exit_code == 2 and "not JSON" in result.stderr


def test_deep_nesting_is_refused_before_it_costs_memory(cache: Path, tmp_path: Path) -> None:
    source = tmp_path / "deep.json"
    source.write_bytes(b'{"data": {"Bear": ' + b"[" * 100_000 + b"]" * 100_000 + b"}}")
    result = imported(source)
    assert result.exit_code == 2 and "nested more than 64 levels deep" in result.stderr


@pytest.mark.parametrize(
    ("face", "where"),
    [
        ({**FACE, "power": "9" * 5000}, "a run of more than 1,000 digits at byte"),  # issue 20 item 12
        (
            {**FACE, "power": "9" * 900},
            "data['Bear'][0]['power']: Value error, should have at most 8 characters, not 900",
        ),
        ({**FACE, "power": 10**9}, "data['Bear'][0]['power']"),
        ({**FACE, "text": "x" * 10_001}, "data['Bear'][0]['text']"),
        ({**FACE, "name": "x" * 1_001}, "data['Bear'][0]['name']"),
    ],
)
def test_values_past_the_documented_limits_are_refused(cache: Path, tmp_path: Path, face: Any, where: str) -> None:
    source = tmp_path / "cards.json"
    source.write_bytes(atomic_with(data={"Bear": [face]}))
    result = imported(source)
    assert result.exit_code == 2 and where in result.stderr, result.stderr


def test_meta_that_is_a_list_is_refused(cache: Path, tmp_path: Path) -> None:
    # Issue 20 item 12: a `meta` that is a list was accepted.
    source = tmp_path / "cards.json"
    source.write_bytes(atomic_with(meta=["5.3.0"]))
    result = imported(source)
    assert result.exit_code == 2 and "meta: Input should be" in result.stderr, result.stderr
    assert not (cache / "cards.json.gz").exists()


def test_a_database_that_unpacks_past_its_bound_is_refused(cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # Issue 20 item 8: a planted 0.6 MB gzip-bomb database was refused only after about 1.2 GB.
    monkeypatch.setattr(card_db, "MAX_DATABASE_BYTES", 1024 * 1024)
    cache.mkdir()
    (cache / "cards.json.gz").write_bytes(gzip.compress(b" " * (8 * 1024 * 1024)))
    result = runner.invoke(app, ["cards", "info"])
    assert result.exit_code == 2 and "over 1,048,576 bytes unpacked" in result.stderr


@pytest.fixture
def unreadable(cache: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A database file that can't be read (as a user without the permission sees it: tests may run as root)."""
    source = tmp_path / "cards.json"
    source.write_bytes(json.dumps(ATOMIC).encode())
    assert imported(source).exit_code == 0
    database = cache / "cards.json.gz"
    real = Path.read_bytes

    def read_bytes(self: Path) -> bytes:
        if self == database:
            raise PermissionError(errno.EACCES, "Permission denied", str(self))
        return real(self)

    monkeypatch.setattr(Path, "read_bytes", read_bytes)
    card_db.reset()
    return database


@pytest.mark.parametrize("command", [["cards", "info"], ["cards", "show", "Bear"], ["cards", "search", "Bear"]])
def test_an_unreadable_database_is_an_error_with_what_to_do(unreadable: Path, command: list[str]) -> None:
    # Issue 20 item 10: a PermissionError traceback and exit 1.
    result = runner.invoke(app, command)
    assert (result.exit_code == 2 and result.exception is None) or isinstance(result.exception, SystemExit)
    assert result.exit_code == 2
    assert f"{unreadable}: the card database can't be read (Permission denied)" in result.stderr
    assert f"make it readable (chmod u+r {unreadable}), or delete it" in result.stderr


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", "the card database can't be read (Permission denied); make it readable (chmod u+r"),
        ("fr", "la base de cartes ne peut pas être lue (Permission denied) ; rendez-la lisible (chmod u+r"),
        ("es", "no se puede leer la base de cartas (Permission denied); hazla legible (chmod u+r"),
    ],
)
def test_check_with_an_unreadable_database_says_what_to_do(
    unreadable: Path, tmp_path: Path, lang: str, words: str
) -> None:
    snapshot = tmp_path / "s.yaml"
    snapshot.write_text(SNAPSHOT, encoding="utf-8")
    result = runner.invoke(app, ["check", str(snapshot), "--lang", lang])
    assert result.exit_code == 2 and words in result.stderr, result.stderr
    assert "Traceback" not in result.stderr


@pytest.mark.parametrize("unnamed", [True, False])
@pytest.mark.parametrize("mask", [0o022, 0o077, 0o002])
def test_the_database_file_honours_the_umask(
    cache: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, mask: int, unnamed: bool
) -> None:
    # Issue 20 item 10: it was written 0600 whatever the umask.
    if not unnamed:
        monkeypatch.setattr(store, "_unnamed", lambda folder: None)  # systems without O_TMPFILE
    source = tmp_path / "cards.json"
    source.write_bytes(json.dumps(ATOMIC).encode())
    old = os.umask(mask)
    try:
        assert imported(source).exit_code == 0
    finally:
        os.umask(old)
    assert (cache / "cards.json.gz").stat().st_mode & 0o777 == 0o666 & ~mask
    assert sorted(p.name for p in cache.iterdir()) == ["cards.json.gz"]


def test_an_error_names_the_cache_folder_when_it_is_the_one_that_fails(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Issue 20 item 11: "a.json: Permission denied" was printed when the cache folder was the one not writable.
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("", encoding="utf-8")
    monkeypatch.setenv("COMBATCHECK_CACHE_DIR", str(blocker / "cache"))
    source = tmp_path / "a.json"
    source.write_bytes(json.dumps(ATOMIC).encode())
    result = imported(source)
    assert result.exit_code == 2
    assert result.stderr.startswith(f"error: {blocker / 'cache'}: ") and "a.json" not in result.stderr


def test_an_error_while_writing_names_the_database(
    cache: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def full(fd: int) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")  # as a full disk reports it: no file name

    monkeypatch.setattr(os, "fsync", full)
    source = tmp_path / "a.json"
    source.write_bytes(json.dumps(ATOMIC).encode())
    result = imported(source)
    assert result.exit_code == 2
    assert f"error: {cache / 'cards.json.gz'}: No space left on device" in result.stderr
    assert sorted(p.name for p in cache.iterdir()) == []


def test_a_missing_input_is_named(cache: Path, tmp_path: Path) -> None:
    result = imported(tmp_path / "nowhere.json")
    assert result.exit_code == 2 and f"{tmp_path / 'nowhere.json'}: No such file or directory" in result.stderr


def test_an_import_killed_outright_leaves_no_lock_and_no_temporary_file(cache: Path, tmp_path: Path) -> None:
    # Issue 20 item 12: a killed import left .cards.json.gz.lock and cards.json.gz.tmp beside the database.
    source = tmp_path / "a.json"
    source.write_bytes(json.dumps(ATOMIC).encode())
    script = (
        "import os, signal, sys\n"
        "from combatcheck.cards import store\n"
        "store.os.fsync = lambda fd: os.kill(os.getpid(), signal.SIGKILL)\n"
        "from combatcheck.cli import app\n"
        "app(['cards', 'import', sys.argv[1]])\n"
    )
    env = {**os.environ, "COMBATCHECK_CACHE_DIR": str(cache)}
    proc = subprocess.run([sys.executable, "-c", script, str(source)], capture_output=True, env=env, timeout=60)
    assert proc.returncode == -signal.SIGKILL
    assert sorted(p.name for p in cache.iterdir()) == []


@settings(max_examples=200, deadline=None)
@given(
    texts=st.lists(
        st.text(alphabet=st.sampled_from(["a", "u", "d", "8", "0", "\\", '"', "é", "😀", "\ud83d", "\ude00", "\ud800"]))
    ),
    chunk=st.integers(min_value=1, max_value=40),
)
def test_unpaired_surrogate_escapes_are_found_wherever_the_chunks_fall(texts: list[str], chunk: int) -> None:
    """The scanner agrees with Python on whether a JSON text (escaped, as json.dumps writes it) holds a lone half
    of a surrogate pair, however the bytes are cut into chunks."""
    raw = json.dumps(texts).encode("ascii")
    lone = any(
        "\ud800" <= ch <= "\udfff"
        for text in texts
        for ch in text.encode("utf-16", "surrogatepass").decode("utf-16", "replace").replace("\ufffd", "\ud800")
    )
    scanner = card_file._Surrogates()
    try:
        for start in range(0, len(raw), chunk):
            scanner.feed(raw[start : start + chunk], last=False)
        scanner.feed(b"", last=True)
        found = False
    except card_file.CardFileProblem:
        found = True
    assert found == lone
