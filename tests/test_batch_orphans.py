"""A batch run's worker processes end with its main process, even when that one is killed outright (the
out-of-memory killer, a test watchdog): they must not wait for work forever, holding the output they inherited open
(a CI run reading it would never end) and the forkserver alive."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

SCRIPT = """
import os, sys
from multiprocessing import forkserver
from combatcheck.batch.pool import _pool

if __name__ == "__main__":
    pool = _pool(2)
    assert sorted(pool.map(abs, [-1, -2, -3, -4])) == [1, 2, 3, 4]
    server = getattr(forkserver._forkserver, "_forkserver_pid", None)
    pids = [*pool._processes, *([server] if server else [])]
    with open(sys.argv[1], "w") as f:
        f.write(" ".join(map(str, pids)))
    print("workers started", flush=True)
    os._exit(1)  # as a kill would: no shutdown, no exit handlers
"""


def _running(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (FileNotFoundError, ProcessLookupError):
        return False
    return state != "Z"  # an orphan whose new parent doesn't reap it stays a zombie: it holds nothing


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc")
def test_workers_end_when_the_main_process_is_killed(tmp_path: Path) -> None:
    script, pids_file = tmp_path / "run.py", tmp_path / "pids"
    script.write_text(SCRIPT)
    try:
        # The output reaches its end only once every process holding it (workers, forkserver) has ended.
        done = subprocess.run([sys.executable, str(script), str(pids_file)], capture_output=True, text=True, timeout=60)
        assert "workers started" in done.stdout, done.stderr
        pids = [int(p) for p in pids_file.read_text().split()]
        assert len(pids) >= 2
        deadline = time.monotonic() + 30  # a bound for a stall only
        while any(_running(pid) for pid in pids) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert not [pid for pid in pids if _running(pid)]
    finally:
        for pid in pids_file.read_text().split() if pids_file.exists() else []:
            if _running(int(pid)):
                os.kill(int(pid), signal.SIGKILL)
