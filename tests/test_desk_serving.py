"""The desk as it serves (issue 20, items 13, 15, 16): worker processes for the heavy work, a queue limit, Ctrl-C,
header and body timeouts, a connection cap, and the Host check on every loopback address. Real servers on
127.0.0.1 (and 127.0.0.2), bounded in time; docs/desk.md, "Serving"."""

from __future__ import annotations

import http.client
import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from combatcheck.desk import app as desk_app
from combatcheck.desk.app import create_app
from combatcheck.desk.server import TimedH11Protocol, config

sys.path.insert(0, str(Path(__file__).parent.parent / "bench"))
from scaling_boards import board

EXAMPLE = (Path(__file__).parent.parent / "examples" / "cr-509.1c-menace.yaml").read_text(encoding="utf-8")
HEAVY = json.dumps(board(150, 150, requirements=True), separators=(",", ":"))  # 34 KB: counting takes all its time


class Answer:
    def __init__(self, status: int, headers: dict[str, str], body: bytes) -> None:
        self.status_code, self.headers, self.content = status, headers, body

    def json(self) -> Any:
        return json.loads(self.content)


def request(
    method: str, url: str, body: str | None = None, headers: dict[str, str] | None = None, timeout: float = 5
) -> Answer:
    """One HTTP request (http.client: the test needs no client library)."""
    from urllib.parse import urlsplit

    parts = urlsplit(url)
    connection = http.client.HTTPConnection(parts.hostname or "127.0.0.1", parts.port, timeout=timeout)
    try:
        target = parts.path + (f"?{parts.query}" if parts.query else "")
        connection.request(method, target, body=body.encode() if body is not None else None, headers=headers or {})
        response = connection.getresponse()
        return Answer(response.status, {k.lower(): v for k, v in response.getheaders()}, response.read())
    finally:
        connection.close()


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


class Desk:
    """`combatcheck serve` in a child process."""

    def __init__(self, *args: str, host: str = "127.0.0.1") -> None:
        self.port = free_port()
        self.url = f"http://{host}:{self.port}"
        command = [sys.executable, "-m", "combatcheck", "serve", "--port", str(self.port), "--host", host, *args]
        self.process = subprocess.Popen(command, stderr=subprocess.PIPE, text=True)
        deadline = time.monotonic() + 60
        while True:
            try:
                if request("GET", f"{self.url}/api/words", timeout=1).status_code == 200:
                    break
            except OSError:
                pass
            assert self.process.poll() is None, self.process.stderr.read() if self.process.stderr else ""
            assert time.monotonic() < deadline, "the desk did not start"
            time.sleep(0.2)

    def children(self) -> list[int]:
        found = subprocess.run(["pgrep", "-P", str(self.process.pid)], capture_output=True, text=True).stdout
        return [int(pid) for pid in found.split()]

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()


@pytest.fixture
def desk() -> Iterator[Desk]:
    served = Desk("--workers", "2")
    yield served
    served.stop()


def heavy(url: str, out: list[Any], time_limit: float = 1.0) -> threading.Thread:
    def ask() -> None:
        query = f"limit=100000&show=0&time_limit={time_limit}"
        try:
            out.append(request("POST", f"{url}/api/count?{query}", HEAVY, timeout=120))
        except OSError as exc:
            out.append(exc)

    thread = threading.Thread(target=ask, daemon=True)
    thread.start()
    return thread


def test_small_requests_are_answered_while_heavy_ones_run_and_the_queue_is_bounded(desk: Desk) -> None:
    """A small request never waits for a heavy one: each heavy one runs 3 s, so a small request queued behind them
    would take 3 s or more; 1.5 s leaves room for a busy machine."""
    answers: list[Any] = []
    threads = [heavy(desk.url, answers, time_limit=3.0) for _ in range(2 + 4 * 2 + 3)]  # workers + queue, 3 more
    time.sleep(0.5)
    for _ in range(3):
        started = time.monotonic()
        assert request("GET", f"{desk.url}/api/words").status_code == 200
        small = request("POST", f"{desk.url}/api/check", EXAMPLE)
        assert small.status_code == 200 and small.json()["verdict"] == "illegal"
        assert time.monotonic() - started < 1.5, "a small request waited for the heavy ones"
    for thread in threads:
        thread.join(60)
    assert all(isinstance(a, Answer) for a in answers), answers
    statuses = sorted(a.status_code for a in answers)
    assert statuses.count(503) >= 3 and set(statuses) <= {200, 503}, statuses
    busy = next(a for a in answers if a.status_code == 503)
    assert busy.headers["retry-after"].isdigit() and "busy" in busy.json()["error"]


def test_ctrl_c_stops_the_desk_and_its_workers_within_seconds(desk: Desk) -> None:
    answers: list[Any] = []
    for _ in range(3):
        heavy(desk.url, answers, time_limit=30)
    time.sleep(1.0)
    workers = desk.children()
    assert len(workers) >= 2
    started = time.monotonic()
    desk.process.send_signal(signal.SIGINT)
    desk.process.wait(15)
    assert time.monotonic() - started < 6.0
    time.sleep(0.5)
    alive = [pid for pid in workers if os.path.exists(f"/proc/{pid}") and "Z" not in _state(pid)]
    assert not alive, f"workers left running: {alive}"


def _state(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/stat").read_text().split(")")[1].split()[0]
    except OSError:
        return "Z"


def test_every_loopback_address_keeps_the_host_check() -> None:
    served = Desk("--workers", "1", host="127.0.0.2")
    try:
        assert request("GET", f"{served.url}/api/words").status_code == 200
        refused = request("GET", f"{served.url}/api/words", headers={"Host": "evil.example"})
        assert refused.status_code == 400 and refused.headers["content-type"] == "application/json"
        assert "this machine only" in refused.json()["error"] and refused.json()["problems"] == []
    finally:
        served.stop()
    assert served.process.stderr is not None
    assert "reachable from other machines" not in served.process.stderr.read()


def test_a_refused_host_is_a_json_error_in_the_request_language() -> None:
    from fastapi.testclient import TestClient

    client = TestClient(create_app(), base_url="http://127.0.0.1")
    for host in ("evil.example", "evil.example:8000", "127.0.0.1.evil.example"):
        refused = client.get("/api/words?lang=fr", headers={"Host": host})
        assert refused.status_code == 400 and refused.json()["error"].startswith("ce bureau"), host
    for host in ("127.0.0.1:8000", "localhost", "[::1]:8000"):
        assert client.get("/api/words", headers={"Host": host}).status_code == 200, host


# -- timeouts and the connection cap, on a server in a thread ------------------------------------------------------
class QuickProtocol(TimedH11Protocol):
    header_timeout = 1.0
    max_connections = 5


@pytest.fixture
def quick(monkeypatch: pytest.MonkeyPatch) -> Iterator[int]:
    import uvicorn

    monkeypatch.setattr(desk_app, "BODY_TIMEOUT", 1.0)
    port = free_port()
    server = uvicorn.Server(config(create_app(), "127.0.0.1", port, http=QuickProtocol))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 10
    while not server.started:
        assert time.monotonic() < deadline
        time.sleep(0.05)
    yield port
    server.should_exit = True
    thread.join(10)


def _closed_within(sock: socket.socket, seconds: float) -> bytes:
    """What the server sent before closing the connection; fails if it stays open `seconds`."""
    sock.settimeout(seconds)
    received = b""
    while True:
        try:
            chunk = sock.recv(4096)
        except TimeoutError:
            pytest.fail(f"the connection stayed open {seconds} s")
        if not chunk:
            return received
        received += chunk


def test_a_request_whose_headers_never_end_is_closed(quick: int) -> None:
    with socket.create_connection(("127.0.0.1", quick)) as slow:
        slow.sendall(b"GET /api/words HTTP/1.1\r\nHost: 127.0.0.1\r\n")  # and nothing more
        started = time.monotonic()
        _closed_within(slow, 5)
        assert time.monotonic() - started < 3
    with socket.create_connection(("127.0.0.1", quick)) as idle:  # not even a request line
        _closed_within(idle, 5)


def test_a_body_that_never_ends_is_answered_408_in_json(quick: int) -> None:
    with socket.create_connection(("127.0.0.1", quick)) as slow:
        head = "POST /api/check HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n"
        slow.sendall(head.encode() + b'{"step": ')
        answer = _read_answer(slow, 5)
    assert answer.startswith(b"HTTP/1.1 408") and b'"error"' in answer and b"did not arrive" in answer


def _read_answer(sock: socket.socket, seconds: float) -> bytes:
    sock.settimeout(seconds)
    received = b""
    while b"\r\n\r\n" not in received or not received.rstrip().endswith(b"}"):
        chunk = sock.recv(4096)
        if not chunk:
            break
        received += chunk
    return received


def test_connections_past_the_cap_are_closed_at_once_and_the_desk_still_answers(quick: int) -> None:
    held = [socket.create_connection(("127.0.0.1", quick)) for _ in range(QuickProtocol.max_connections)]
    try:
        extra = socket.create_connection(("127.0.0.1", quick))
        started = time.monotonic()
        _closed_within(extra, 2)
        assert time.monotonic() - started < 0.5
        extra.close()
    finally:
        for sock in held:
            sock.close()
    time.sleep(0.2)
    assert request("GET", f"http://127.0.0.1:{quick}/api/words").status_code == 200


def big_yaml_body() -> str:
    """Just under the desk's 256 KiB: a valid board of 3,600 creatures in YAML (PyYAML took 6-8 s to read it)."""
    lines = ["step: declare_blockers", "active_player: ana", "players: [ana, ben]", "permanents:"]
    lines += [f"  - {{id: a{i}, controller: ana, power: 1, toughness: 1, attacking: ben}}" for i in range(1800)]
    lines += [f"  - {{id: b{i}, controller: ben, power: 1, toughness: 1}}" for i in range(1800)]
    text = "\n".join(lines) + "\n"
    assert 200 * 1024 < len(text) < desk_app.MAX_BODY_BYTES
    return text


def test_yaml_bodies_are_read_off_the_event_loop(desk: Desk) -> None:
    answers: list[Any] = []
    body = big_yaml_body()

    def post() -> None:
        answers.append(request("POST", f"{desk.url}/api/parse", body, timeout=60))

    posters = [threading.Thread(target=post, daemon=True) for _ in range(3)]
    for thread in posters:
        thread.start()
    time.sleep(0.3)
    for _ in range(5):
        started = time.monotonic()
        assert request("GET", f"{desk.url}/api/words").status_code == 200
        assert time.monotonic() - started < 1.0, "a YAML body held the event loop"
        time.sleep(0.1)
    for thread in posters:
        thread.join(60)
    assert [a.status_code for a in answers] == [200, 200, 200]
    assert len(answers[0].json()["snapshot"]["permanents"]) == 3600
