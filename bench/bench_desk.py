"""Load test of the desk (issue 20): small-request latency while heavy requests run.

Starts `combatcheck serve` on 127.0.0.1 (a free port, nothing else), sends HEAVY requests at once (each counts the
legal declarations of a 150 x 150 board until its time limit), and meanwhile asks `GET /api/words` and a small
`POST /api/check` every 0.2 s; prints their latency and what the heavy requests got (200, or 503 past the queue).
Bounded: at most --heavy requests (30), --seconds of measuring (60), then Ctrl-C stops the desk.

    python bench/bench_desk.py [--workers 2] [--heavy 12] [--time-limit 2] [--seconds 20]
"""

from __future__ import annotations

import argparse
import http.client
import json
import signal
import socket
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parent))
from scaling_boards import board

EXAMPLE = (Path(__file__).parent.parent / "examples" / "cr-509.1c-menace.yaml").read_text(encoding="utf-8")


def ask(port: int, method: str, path: str, body: str | None = None, timeout: float = 120) -> tuple[int, float]:
    """(status, seconds) of one request to 127.0.0.1:port; status 0 if it failed."""
    started = time.perf_counter()
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        connection.request(method, path, body=body.encode() if body is not None else None)
        response = connection.getresponse()
        response.read()
        status = response.status
    except OSError:
        status = 0
    finally:
        connection.close()
    return status, time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--heavy", type=int, default=12)
    parser.add_argument("--time-limit", type=float, default=2.0)
    parser.add_argument("--seconds", type=float, default=20.0)
    args = parser.parse_args()
    heavy_count, seconds = min(args.heavy, 30), min(args.seconds, 60.0)

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    command = [sys.executable, "-m", "combatcheck", "serve", "--port", str(port), "--workers", str(args.workers)]
    server = subprocess.Popen(command, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 60
        while ask(port, "GET", "/api/words", timeout=1)[0] != 200:
            if time.monotonic() > deadline or server.poll() is not None:
                sys.exit("the desk did not start")
            time.sleep(0.2)
        time.sleep(2)  # the workers import the library
        heavy_body = json.dumps(board(150, 150, requirements=True), separators=(",", ":"))
        heavy_path = f"/api/count?limit=100000&show=0&time_limit={args.time_limit}"
        heavy: list[tuple[int, float]] = []
        threads = [
            threading.Thread(target=lambda: heavy.append(ask(port, "POST", heavy_path, heavy_body)), daemon=True)
            for _ in range(heavy_count)
        ]
        for thread in threads:
            thread.start()
        words: list[float] = []
        checks: list[float] = []
        failures = 0
        end = time.monotonic() + seconds
        while time.monotonic() < end and any(t.is_alive() for t in threads):
            status, took = ask(port, "GET", "/api/words", timeout=10)
            words.append(took)
            failures += status != 200
            status, took = ask(port, "POST", "/api/check", EXAMPLE, timeout=10)
            checks.append(took)
            failures += status != 200
            time.sleep(0.2)
        for thread in threads:
            thread.join(max(0.0, end - time.monotonic()) + 2 * args.time_limit + 15)
    finally:
        stopping = time.monotonic()
        server.send_signal(signal.SIGINT)
        try:
            server.wait(20)
        except subprocess.TimeoutExpired:
            server.kill()
        stopped = time.monotonic() - stopping

    def row(name: str, values: list[float]) -> str:
        if not values:
            return f"{name:28} (none)"
        ms = sorted(v * 1000 for v in values)
        p95 = ms[min(len(ms) - 1, int(0.95 * len(ms)))]
        return (
            f"{name:28} n={len(ms):3}  median {statistics.median(ms):7.1f} ms  p95 {p95:7.1f} ms  max {ms[-1]:7.1f} ms"
        )

    statuses: dict[Any, int] = {}
    for status, _ in heavy:
        statuses[status] = statuses.get(status, 0) + 1
    print(
        f"desk on 127.0.0.1:{port}, {args.workers} workers; {heavy_count} heavy requests (count, 150 x 150, "
        f"time limit {args.time_limit} s): statuses {dict(sorted(statuses.items()))}"
    )
    print(row("GET /api/words", words))
    print(row("POST /api/check (small)", checks))
    print(f"small requests failed: {failures}; Ctrl-C stopped the desk in {stopped:.1f} s")


if __name__ == "__main__":
    main()
