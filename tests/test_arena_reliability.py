"""`import arena` run side by side, killed, on damaged or wrong files (issue 20, items 3, 4, 5, 8, 12 and issue 23's
wrong-file hint). Each test reproduces the reported failure."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from combatcheck.cli import app
from combatcheck.importers.arena import ImportOptions, ImportUsageError, import_logs
from combatcheck.importers.arena import run as arena_run
from typer.testing import CliRunner

runner = CliRunner()
ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "arena" / "Player.log"


def _log(tmp_path: Path, data: bytes | None = None, name: str = "Player.log") -> Path:
    path = tmp_path / name
    path.write_bytes(EXAMPLE.read_bytes() if data is None else data)
    return path


def _records(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text().splitlines()]


# -- item 3: two imports on one --out --------------------------------------------------------------------------------
def test_a_second_import_on_the_same_out_is_refused_while_the_first_writes(tmp_path: Path) -> None:
    from combatcheck.batch.locking import output_lock

    log, out = _log(tmp_path), tmp_path / "rec.jsonl"
    with output_lock(out):
        with pytest.raises(ImportUsageError, match="being written by another run"):
            import_logs([log], out, ImportOptions(overwrite=True))
        result = runner.invoke(app, ["import", "arena", str(log), "--out", str(out), "--overwrite"])
        assert result.exit_code == 2 and "being written by another run" in result.stderr
    assert not out.exists()
    assert runner.invoke(app, ["import", "arena", str(log), "--out", str(out)]).exit_code == 0
    assert len(_records(out)) == 4
    assert sorted(p.name for p in tmp_path.iterdir()) == ["Player.log", "rec.jsonl"]  # no lock, no part left


def test_each_import_writes_its_own_temporary_file_and_removes_those_of_killed_imports(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    log, out = _log(tmp_path), tmp_path / "rec.jsonl.gz"
    stale = tmp_path / ".rec.jsonl.gz.4242.deadbeef.part"  # what a killed import (SIGKILL) left
    stale.write_bytes(b"half")
    (tmp_path / "rec.jsonl.gz.part").write_bytes(b"another file")  # not an import's: kept
    seen: list[list[str]] = []
    real = arena_run._import_one

    def watching(*args: Any) -> Any:
        seen.append(sorted(p.name for p in tmp_path.iterdir() if p.name.endswith(".part")))
        return real(*args)

    monkeypatch.setattr(arena_run, "_import_one", watching)
    import_logs([log], out)
    (part,) = set(seen[0]) - {"rec.jsonl.gz.part"}
    assert part.startswith(".rec.jsonl.gz.") and part.endswith(".part") and part != stale.name
    assert not stale.exists() and (tmp_path / "rec.jsonl.gz.part").read_bytes() == b"another file"
    assert arena_run.temporary_name(out) != arena_run.temporary_name(out)
    mode = out.stat().st_mode & 0o777
    umask = os.umask(0)
    os.umask(umask)
    assert mode == 0o666 & ~umask  # the umask's permissions, not a temporary file's 0600


# -- item 12: a killed import leaves nothing ---------------------------------------------------------------------------
def test_sigterm_ends_an_import_without_leaving_its_temporary_file(tmp_path: Path) -> None:
    log = _log(tmp_path, EXAMPLE.read_bytes() * 4000)  # 64 MB: about a second to import
    out = tmp_path / "rec.jsonl"
    command = [sys.executable, "-m", "combatcheck", "import", "arena", str(log), "--out", str(out), "--no-cards"]
    proc = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + 60
        while not any(p.suffix == ".part" for p in tmp_path.iterdir()) and time.monotonic() < deadline:
            time.sleep(0.01)
        proc.send_signal(signal.SIGTERM)
        _stdout, stderr = proc.communicate(timeout=60)
    finally:
        proc.kill()
    if proc.returncode == 0:
        pytest.skip("the import ended before the signal")
    assert proc.returncode == 143, (proc.returncode, stderr[-2000:])
    assert "interrupted: nothing was written" in stderr and "Traceback" not in stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["Player.log"]


# -- item 4: a gzip log whose check fails ------------------------------------------------------------------------------
def _refuted_gzip(text: bytes) -> bytes:
    """The gzip of `text` with a power changed from 2 to 7, carrying the CRC-32 of the original: valid deflate data
    that gzip's check refutes (what a flipped bit on disk gives)."""
    import gzip

    good = gzip.compress(text, mtime=0)
    bad = gzip.compress(text.replace(b'"power": { "value": 2}', b'"power": { "value": 7}'), mtime=0)
    return bad[:-8] + good[-8:]


def test_records_read_from_gzip_data_its_check_refutes_are_not_kept(tmp_path: Path) -> None:
    text = EXAMPLE.read_bytes()
    bad = _log(tmp_path, _refuted_gzip(text), "bad.log.gz")
    good = _log(tmp_path, text, "good.log")
    out, summary_json = tmp_path / "r.jsonl", tmp_path / "s.json"
    args = ["import", "arena", str(bad), str(good), "--out", str(out), "--summary-json", str(summary_json)]
    result = runner.invoke(app, args)
    assert result.exit_code == 2, result.output
    assert "corrupt gzip data" in result.stderr and "4 record(s) read from it are not kept" in result.stderr
    records = _records(out)
    assert len(records) == 4 and {r["source"]["log"] for r in records} == {"good.log"}
    powers = {p.get("power") for r in records for p in r["permanents"]}
    assert 7 not in powers
    data = json.loads(summary_json.read_text())
    assert data["records"] == 4 and data["files"][0]["dropped_records"] == 4 and data["files"][0]["records"] == 0
    assert sum(data["by_step"].values()) == 4


def test_a_sound_gzip_log_is_imported_as_its_plain_text(tmp_path: Path) -> None:
    import gzip

    plain, zipped = tmp_path / "a", tmp_path / "b"
    plain.mkdir()
    zipped.mkdir()
    import_logs([_log(plain)], plain / "r.jsonl")
    import_logs([_log(zipped, gzip.compress(EXAMPLE.read_bytes()))], zipped / "r.jsonl")
    assert (plain / "r.jsonl").read_bytes() == (zipped / "r.jsonl").read_bytes()


# -- item 5 and issue 23: a file that is not a Player.log ------------------------------------------------------------
PNG = b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + bytes(range(256)) * 4
DETAILED_OFF = (
    b"[UnityCrossThreadLogger]10/19/2026 3:50:00 PM\nDETAILED LOGS: DISABLED\n"
    + b'[UnityCrossThreadLogger]Client.SceneChange {"fromSceneName": "Home"}\n' * 50
)


@pytest.mark.parametrize(
    ("data", "found"),
    [
        (bytes((i * 7919 + 13) % 256 for i in range(20000)), "not an MTG Arena Player.log: the file is binary data"),
        (PNG, "not an MTG Arena Player.log: the file is a PNG image"),
        (EXAMPLE.read_text().encode("utf-16"), "not an MTG Arena Player.log: the file is UTF-16 text"),
        (EXAMPLE.read_text().encode("utf-16-le"), "not an MTG Arena Player.log: the file is UTF-16 text"),
        (
            (ROOT / "examples" / "block-cost.yaml").read_bytes(),
            "not an MTG Arena Player.log: the file is a combatcheck snapshot (YAML or JSON)",
        ),
        (b"", "not an MTG Arena Player.log: the file is an empty file"),
        (b"hello\nworld\n", "not an MTG Arena Player.log: the file is text without any of Arena's game events"),
        (DETAILED_OFF, "an MTG Arena log written with detailed logs off"),
        (DETAILED_OFF.replace(b"DETAILED LOGS: DISABLED\n", b""), "an MTG Arena log with no game event"),
    ],
    ids=["random", "png", "utf16", "utf16le", "yaml", "empty", "text", "detailed-off", "arena-no-game"],
)
def test_a_file_that_is_not_a_player_log_says_what_it_is_and_exits_2(tmp_path: Path, data: bytes, found: str) -> None:
    log, out = _log(tmp_path, data, "some.file"), tmp_path / "r.jsonl"
    out.write_text("kept\n")
    result = runner.invoke(app, ["import", "arena", str(log), "--out", str(out), "--no-cards", "--overwrite"])
    assert result.exit_code == 2, result.output
    assert f"error: {log}: {found}" in result.stderr, result.stderr
    assert f"nothing written to {out}: no log could be read" in result.stdout
    assert out.read_text() == "kept\n"  # nothing was read: nothing replaces it
    assert "Traceback" not in result.output
    if "detailed logs" in found or "no game event" in found:
        assert "Options (the gear) > Account > Detailed Logs (Plugin Support)" in result.stderr
    if "snapshot" in found:
        assert f"combatcheck check {log}" in result.stderr


def test_an_arena_log_with_detailed_logs_on_and_no_game_is_no_error(tmp_path: Path) -> None:
    data = DETAILED_OFF.replace(b"DISABLED", b"ENABLED")
    log = _log(tmp_path, data)
    result = runner.invoke(app, ["import", "arena", str(log), "--out", str(tmp_path / "r.jsonl"), "--no-cards"])
    assert result.exit_code == 0, result.output
    assert "0 game(s), 0 record(s)" in result.stdout


# -- item 8: long lines and gzip bombs read with bounded memory ------------------------------------------------------
def test_an_over_long_line_is_read_past_with_bounded_memory(monkeypatch: pytest.MonkeyPatch) -> None:
    import io

    from combatcheck.importers.arena import reader

    monkeypatch.setattr(reader, "MAX_LINE_BYTES", 1000)
    event = b'{"greToClientEvent": {"x": "' + b"y" * 5000 + b'"}}\n'
    stats = reader.ReadStats()
    items = list(reader._events(io.BytesIO(b"first\n" + event + b"{" * 3000 + b"\nlast\n"), stats))
    assert [type(i).__name__ for i in items] == ["Damaged"]
    assert isinstance(items[0], reader.Damaged) and items[0].line == 2 and "over the limit of 1,000" in items[0].message
    assert stats.lines == 4 and stats.bytes == 6 + len(event) + 3001 + 5 and stats.damaged == 1


def _peak_rss_mb(args: list[str]) -> tuple[float, str]:
    script = (
        "import re, sys\n"
        "from combatcheck.cli import app\n"
        f"sys.argv = ['combatcheck', *{args!r}]\n"
        "try:\n    app()\nexcept SystemExit:\n    pass\n"
        # VmHWM: this process's own peak (ru_maxrss keeps the forking parent's across exec)
        "print('PEAK', int(re.search(r'VmHWM:\\s+(\\d+)', open('/proc/self/status').read())[1]) / 1024)\n"
    )
    proc = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=300)
    peak = float(proc.stdout.rsplit("PEAK", 1)[1])
    return peak, proc.stderr


def test_a_gzip_bomb_of_nuls_is_read_with_bounded_memory(tmp_path: Path) -> None:
    import zlib

    bomb = tmp_path / "Player.log"
    packer = zlib.compressobj(9, zlib.DEFLATED, 31)
    with bomb.open("wb") as stream:
        block = bytes(1 << 20)
        for _ in range(160):  # 160 MiB of NULs without a newline, about 160 kB of gzip
            stream.write(packer.compress(block))
        stream.write(packer.flush())
    assert bomb.stat().st_size < 1 << 20
    peak, stderr = _peak_rss_mb(["import", "arena", str(bomb), "--out", str(tmp_path / "r.jsonl"), "--no-cards"])
    assert "not an MTG Arena Player.log: the file is binary data" in stderr, stderr
    assert peak < 120, peak  # was 160 MiB of line and more; now the 16 MiB bound and the interpreter
