"""The desk's worker processes (desk/pool.py, issue 20 item 13): a worker past its request's time limit and grace is
killed and replaced, the queue is bounded, and closing the pool stops busy workers and waiting requests."""

from __future__ import annotations

import json
import sys
import threading
import time
from pathlib import Path
from typing import Any

import combatcheck.desk.pool as pool_module
import pytest
from combatcheck.desk.pool import Busy, Overran, Stopped, WorkerPool
from combatcheck.desk.work import DeskError

sys.path.insert(0, str(Path(__file__).parent.parent / "bench"))
from scaling_boards import board

HEAVY = json.dumps(board(150, 150, requirements=True))
COUNT = {"limit": 100_000, "show": 0, "lang": "en", "time_limit": 20.0}  # the check itself would run 20 s
EXAMPLE = (Path(__file__).parent.parent / "examples" / "cr-509.1c-menace.yaml").read_text(encoding="utf-8")


def test_a_worker_past_its_time_is_killed_and_replaced(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(pool_module, "GRACE", 0.5)
    pool = WorkerPool(1, 0)
    try:
        pool.start()
        (worker,) = pool._every
        pool.reserve()
        started = time.monotonic()
        with pytest.raises(Overran):
            pool.answer("count", HEAVY, COUNT, time_limit=0.5)
        assert time.monotonic() - started < 5
        assert not worker.process.is_alive()
        pool.reserve()
        report = pool.answer("check", EXAMPLE, {"lang": "en", "time_limit": 5.0}, time_limit=5.0)
        assert report.verdict == "illegal" and pool.pending == 0
    finally:
        pool.close()


def test_the_queue_is_bounded_and_a_bad_input_crosses_as_a_desk_error() -> None:
    pool = WorkerPool(1, 1, retry_after=7)
    try:
        pool.reserve()
        pool.reserve()
        with pytest.raises(Busy) as busy:
            pool.reserve()
        assert busy.value.retry_after == 7
        with pytest.raises(DeskError) as bad:
            pool.answer("check", "{", {"lang": "en", "time_limit": 1.0}, time_limit=1.0)
        assert bad.value.status == 400 and bad.value.word == "unreadable" and bad.value.problems
        pool.answer("parse", EXAMPLE, {"lang": "en"}, time_limit=5.0)
        assert pool.pending == 0
        pool.reserve()  # places come back
    finally:
        pool.close()


def test_closing_stops_busy_workers_and_waiting_requests() -> None:
    pool = WorkerPool(1, 2)
    outcomes: list[Any] = []

    def ask() -> None:
        try:
            pool.reserve()
            outcomes.append(pool.answer("count", HEAVY, COUNT, time_limit=20.0))
        except Exception as exc:
            outcomes.append(exc)

    pool.start()
    (worker,) = pool._every
    askers = [threading.Thread(target=ask) for _ in range(2)]  # one busy, one waiting
    for thread in askers:
        thread.start()
    time.sleep(1.0)
    started = time.monotonic()
    pool.close()
    for thread in askers:
        thread.join(10)
    assert time.monotonic() - started < 3 and not worker.process.is_alive()
    assert [type(o) for o in outcomes] == [Stopped, Stopped]
    with pytest.raises(Stopped):
        pool.reserve()
