"""The desk's worker processes: a bounded pool for the heavy work (reading a body, checking, the questions, the
pictures), so that the server's event loop and its small answers never wait on a check (issue 20, item 13).

- **Bounded**: `workers` processes, and at most `queue` requests waiting for one; past that, Busy (503 with
  Retry-After).
- **Each request bounded in time**: its time limit bounds the check itself (solver/budget.py); a worker still busy
  `GRACE` seconds past it is killed and replaced, and the request is answered Overran (503).
- **Stoppable**: `close` kills the workers (Ctrl-C stops the desk within seconds, whatever they were doing); the
  workers ignore SIGINT, which the terminal sends to the whole process group, and die with the server.
"""

from __future__ import annotations

import multiprocessing
import signal
import threading
import time
from multiprocessing.connection import Connection
from typing import Any

from .work import DeskError

GRACE = 10.0  # seconds past a request's time limit before its worker is killed (reading a body takes 1-2 s)
POLL = 0.1  # how often a waiting request looks whether the pool is closing


class Busy(Exception):
    """Every worker is busy and the queue is full."""

    def __init__(self, retry_after: int) -> None:
        super().__init__("busy")
        self.retry_after = retry_after


class Overran(Exception):
    """The worker went past the request's time limit and grace, or died; it was replaced."""


class Stopped(Exception):
    """The pool is closing: the request is not answered."""


def _serve(conn: Connection) -> None:
    """A worker's loop: one job at a time, answered ("ok", value), ("desk", DeskError) or ("crash", text)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    from . import work

    work.run("parse", "{}", {"lang": "en"})  # import the models, the loader and pydantic before the first job
    while True:
        try:
            endpoint, text, params = conn.recv()
        except (EOFError, OSError):
            return
        reply: tuple[str, Any]
        try:
            reply = ("ok", work.run(endpoint, text, params))
        except DeskError as exc:
            reply = ("desk", exc)
        except Exception as exc:
            reply = ("crash", f"{type(exc).__name__}: {exc}")
        try:
            conn.send(reply)
        except (EOFError, OSError):
            return


class _Worker:
    def __init__(self, context: Any) -> None:
        self.conn, child = context.Pipe()
        self.process = context.Process(target=_serve, args=(child,), daemon=True, name="combatcheck-desk-worker")
        self.process.start()
        child.close()
        self._killed = threading.Lock()  # close() and the asking thread may both kill it

    def ask(self, job: tuple[str, str, dict[str, Any]], timeout: float, closing: threading.Event) -> tuple[str, Any]:
        try:
            self.conn.send(job)
        except OSError:  # it died while idle
            raise Overran from None
        deadline = time.monotonic() + timeout
        while not self._ready():
            if closing.is_set():
                raise Stopped
            if time.monotonic() > deadline:
                raise Overran
        try:
            reply: tuple[str, Any] = self.conn.recv()
        except (EOFError, OSError):  # it died (out of memory, killed)
            raise Overran from None
        return reply

    def _ready(self) -> bool:
        try:
            return bool(self.conn.poll(POLL))
        except (OSError, ValueError):  # closed by the pool closing: the loop sees `closing`
            time.sleep(POLL)
            return False

    def kill(self) -> None:
        """Kill the process and close the pipe, once, whoever calls it first."""
        if not self._killed.acquire(blocking=False):
            return
        self.process.kill()
        self.process.join(5)
        self.conn.close()


class WorkerPool:
    def __init__(self, workers: int, queue: int, retry_after: int = 2) -> None:
        self.workers, self.queue, self.retry_after = workers, queue, retry_after
        self._context = multiprocessing.get_context("spawn")  # the server has threads: never fork it
        self._lock = threading.Lock()
        self._idle: list[_Worker] = []
        self._every: set[_Worker] = set()
        self._free = threading.Semaphore(workers)
        self._pending = 0
        self._closing = threading.Event()

    @property
    def pending(self) -> int:
        """Requests being answered or waiting."""
        return self._pending

    def start(self) -> None:
        """Start every worker now (each takes a second or two to import the library), not on the first requests."""
        with self._lock:
            while len(self._every) < self.workers:
                worker = _Worker(self._context)
                self._every.add(worker)
                self._idle.append(worker)

    def reserve(self) -> None:
        """Take a place for one request, or Busy; then `answer` it (which gives the place back)."""
        with self._lock:
            if self._closing.is_set():
                raise Stopped
            if self._pending >= self.workers + self.queue:
                raise Busy(self.retry_after)
            self._pending += 1

    def answer(self, endpoint: str, text: str, params: dict[str, Any], time_limit: float) -> Any:
        """The answer of a worker to a reserved request (blocks: call it from a thread)."""
        try:
            while not self._free.acquire(timeout=POLL):
                if self._closing.is_set():
                    raise Stopped
            try:
                reply = self._ask((endpoint, text, params), time_limit + GRACE)
            finally:
                self._free.release()
        finally:
            with self._lock:
                self._pending -= 1
        kind, value = reply
        if kind == "ok":
            return value
        if kind == "desk":
            raise value
        raise RuntimeError(f"a desk worker failed: {value}")

    def _ask(self, job: tuple[str, str, dict[str, Any]], timeout: float) -> tuple[str, Any]:
        with self._lock:
            worker = self._idle.pop() if self._idle else None
        if worker is None:
            worker = _Worker(self._context)
            with self._lock:
                self._every.add(worker)
        try:
            reply = worker.ask(job, timeout, self._closing)
        except BaseException:
            with self._lock:
                self._every.discard(worker)
            worker.kill()  # past its time, dead, or the pool closing: a new one takes its place when needed
            raise
        with self._lock:
            self._idle.append(worker)
        return reply

    def close(self) -> None:
        """Stop: waiting requests are not answered, and every worker is killed, busy or not."""
        self._closing.set()
        with self._lock:
            workers = list(self._every)
            self._every.clear()
            self._idle.clear()
        for worker in workers:
            worker.kill()
