"""`combatcheck cards update` against a local HTTP server that serves a small AtomicCards file and its SHA-256
(issue 21 §1): the checksum is verified, the source can be changed by an option or an environment variable, and a
checksum mismatch, a cut download or a server error keep the database in use, with a clear message."""

from __future__ import annotations

import gzip
import hashlib
import json
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest
from combatcheck.cards import db as card_db
from combatcheck.cards.update import SOURCE_ENV
from combatcheck.cli import app
from typer.testing import CliRunner

runner = CliRunner()
BEAR = {
    "name": "Bear",
    "types": ["Creature"],
    "subtypes": ["Bear"],
    "power": "2",
    "toughness": "2",
    "foreignData": [{"language": "French", "name": "Ours"}, {"language": "Spanish", "name": "Oso"}],
}
ATOMIC = gzip.compress(
    json.dumps({"meta": {"version": "5.3.0", "date": "2026-11-30"}, "data": {"Bear": [BEAR]}}).encode()
)
DIGEST = hashlib.sha256(ATOMIC).hexdigest()


class Cards(BaseHTTPRequestHandler):
    """/good/: the file and its checksum; /wrong/: another checksum; /cut/: half the announced bytes; /error/: 500."""

    def do_GET(self) -> None:
        kind, _, name = self.path.strip("/").partition("/")
        if kind == "error" or name not in ("AtomicCards.json.gz", "AtomicCards.json.gz.sha256"):
            self.send_error(500 if kind == "error" else 404)
            return
        if name.endswith(".sha256"):
            digest = "0" * 64 if kind == "wrong" else DIGEST
            self._send(f"{digest}  AtomicCards.json.gz\n".encode())
        elif kind == "cut":
            self.send_response(200)
            self.send_header("Content-Length", str(len(ATOMIC)))
            self.end_headers()
            self.wfile.write(ATOMIC[: len(ATOMIC) // 2])
            self.close_connection = True
        else:
            self._send(ATOMIC)

    def _send(self, body: bytes) -> None:
        self.send_response(200)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args: Any) -> None:
        pass


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), Cards)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}"
    httpd.shutdown()
    httpd.server_close()


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    folder = tmp_path / "cache"
    monkeypatch.setenv("COMBATCHECK_CACHE_DIR", str(folder))
    monkeypatch.delenv(SOURCE_ENV, raising=False)
    card_db.reset()
    yield folder
    card_db.reset()


def test_an_update_imports_the_verified_file(server: str, cache: Path) -> None:
    result = runner.invoke(app, ["cards", "update", "--source", f"{server}/good/AtomicCards.json.gz"])
    assert result.exit_code == 0, result.stderr
    assert "1 card face and 2 other names from MTGJSON AtomicCards.json (version 5.3.0)" in result.stdout
    db = card_db.database()
    assert db.find("Ours") is db.find("Oso") is db.find("Bear") is not None  # French and Spanish names
    assert db.date == "2026-11-30" and "imported from AtomicCards.json.gz" in db.source
    assert sorted(p.name for p in cache.iterdir()) == ["cards.json.gz"]  # the download left nothing


def test_the_source_can_be_set_by_the_environment(server: str, cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(SOURCE_ENV, f"{server}/good/AtomicCards.json.gz")
    assert runner.invoke(app, ["cards", "update"]).exit_code == 0
    monkeypatch.setenv(SOURCE_ENV, f"{server}/error/AtomicCards.json.gz")
    good = runner.invoke(app, ["cards", "update", "--source", f"{server}/good/AtomicCards.json.gz"])
    assert good.exit_code == 0  # the option wins over the variable


@pytest.mark.parametrize(
    ("kind", "message"),
    [
        ("wrong", "is not the published 0000000000000000000000000000000000000000000000000000000000000000; nothing"),
        ("cut", f"the download was cut off after {len(ATOMIC) // 2:,} of {len(ATOMIC):,} bytes"),
        ("error", "the server answered 500"),
        ("missing", "the server answered 404"),
    ],
)
def test_a_failed_update_keeps_the_database_in_use(server: str, cache: Path, kind: str, message: str) -> None:
    assert runner.invoke(app, ["cards", "update", "--source", f"{server}/good/AtomicCards.json.gz"]).exit_code == 0
    before = (cache / "cards.json.gz").read_bytes()
    name = "Other.json.gz" if kind == "missing" else "AtomicCards.json.gz"
    result = runner.invoke(app, ["cards", "update", "--source", f"{server}/{kind}/{name}"])
    assert result.exit_code == 2
    assert message in result.stderr, result.stderr
    assert "Traceback" not in result.stderr
    assert (cache / "cards.json.gz").read_bytes() == before
    assert sorted(p.name for p in cache.iterdir()) == ["cards.json.gz"]


def test_an_unreachable_source_is_a_clear_error(cache: Path) -> None:
    result = runner.invoke(app, ["cards", "update", "--source", "http://127.0.0.1:9/AtomicCards.json.gz"])
    assert result.exit_code == 2 and "can't be reached" in result.stderr, result.stderr
    assert not (cache / "cards.json.gz").exists()


@pytest.mark.parametrize("url", ["file:///etc/passwd", "ftp://example.org/x", "mtgjson.com/api/v5/AtomicCards.json.gz"])
def test_only_http_sources_are_read(cache: Path, url: str) -> None:
    result = runner.invoke(app, ["cards", "update", "--source", url])
    assert result.exit_code == 2 and "not an http or https URL" in result.stderr


def test_the_download_reports_its_progress(server: str, cache: Path) -> None:
    from combatcheck.cards.update import update

    seen: list[tuple[int, int | None]] = []
    db, path = update(f"{server}/good/AtomicCards.json.gz", lambda got, total: seen.append((got, total)))
    assert seen and seen[-1] == (len(ATOMIC), len(ATOMIC))  # what the progress bar draws
    assert path == cache / "cards.json.gz" and db.find("Bear") is not None
