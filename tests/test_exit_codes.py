"""Failures of the program's own streams are not verdicts (issue 20, item 9): standard output on a full disk exits
74 with a message, a pipe whose reader went away exits 141 quietly, a closed standard input exits 66 with a message;
never 0-3 (legal, illegal, bad input, unknown), never a traceback. Run as a user runs it, in a process of its own."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SNAPSHOT = ROOT / "examples" / "block-cost.yaml"
COMMAND = [sys.executable, "-m", "combatcheck"]


def _no_traceback(stderr: str) -> None:
    assert "Traceback" not in stderr and "Exception ignored" not in stderr, stderr


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
@pytest.mark.parametrize(
    "args", [["check", str(SNAPSHOT)], ["rules"], ["generate", "--count", "50"], ["check", "--help"]]
)
def test_standard_output_on_a_full_disk_exits_74_with_a_message(args: list[str]) -> None:
    with open("/dev/full", "w") as full:
        proc = subprocess.run([*COMMAND, *args], stdout=full, stderr=subprocess.PIPE, text=True, timeout=120)
    assert proc.returncode == 74, proc.stderr
    assert "error: standard output can't be written (No space left on device)" in proc.stderr
    _no_traceback(proc.stderr)


def test_a_closed_pipe_exits_141_quietly() -> None:
    proc = subprocess.Popen(
        [*COMMAND, "generate", "--count", "3000"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    assert proc.stdout is not None and proc.stderr is not None
    assert proc.stdout.readline().startswith("{")
    proc.stdout.close()  # `| head -1`
    stderr = proc.stderr.read()
    assert proc.wait(timeout=120) == 141, stderr
    assert stderr == ""


@pytest.mark.parametrize("args", [["check", "-"], ["combat", "-"], ["batch", "-", "--out", "{out}"]])
def test_a_closed_standard_input_exits_66_with_a_message(tmp_path: Path, args: list[str]) -> None:
    out = tmp_path / "r.jsonl"
    argv = [*COMMAND, *(a.format(out=out) for a in args)]
    # `<&-`: the shell closes descriptor 0 before starting the program
    proc = subprocess.run(["sh", "-c", 'exec "$@" <&-', "sh", *argv], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 66, proc.stderr
    assert "error: standard input is closed" in proc.stderr
    _no_traceback(proc.stderr)
    assert not out.exists()  # nothing written


@pytest.mark.parametrize("redirect", ["2>&-", "2>/dev/full"])
def test_standard_error_that_cannot_be_written_keeps_the_exit_status(tmp_path: Path, redirect: str) -> None:
    if redirect.endswith("full") and not Path("/dev/full").exists():
        pytest.skip("needs /dev/full")
    argv = [*COMMAND, "check", str(tmp_path / "nosuch.yaml")]
    proc = subprocess.run(["sh", "-c", f'exec "$@" {redirect}', "sh", *argv], capture_output=True, timeout=120)
    assert proc.returncode == 2  # bad input, as when the message can be read
    argv = [*COMMAND, "check", str(SNAPSHOT)]
    proc = subprocess.run(["sh", "-c", f'exec "$@" {redirect}', "sh", *argv], stdout=subprocess.DEVNULL, timeout=120)
    assert proc.returncode == 0
