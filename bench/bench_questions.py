"""Benchmark of the judge's questions and of the page's one request, on boards of growing size (not part of the
test run). Each question gets the desk's default time limit (5 s), as on the page.

    python bench/bench_questions.py            # sizes 2 to 50
    python bench/bench_questions.py --quick    # sizes 2 to 10

Prints one Markdown table; docs/desk.md records a run.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parent))

from bench_check import median_ms, print_table
from combatcheck.desk.app import DEFAULT_TIME_LIMIT, create_app
from combatcheck.models import snapshot_from_data
from combatcheck.solver import can_block, count_declarations, forced_choices
from fastapi.testclient import TestClient
from scaling_boards import board


def row(size: int, repeat: int, client: TestClient) -> dict[str, Any]:
    data = {**board(size, size, requirements=True, seed=size), "declaration": {"blocks": {}}}
    snapshot = snapshot_from_data(data)
    limit = DEFAULT_TIME_LIMIT
    counted = count_declarations(snapshot, limit=1000, show=5, time_limit=limit)
    forced = forced_choices(snapshot, time_limit=limit)
    body = snapshot.model_dump_json(exclude_none=True)

    def judge() -> None:
        response = client.post("/api/judge", content=body, headers={"Content-Type": "application/json"})
        assert response.status_code == 200, response.text

    return {
        "size": f"{size}x{size}",
        "can-block": median_ms(lambda: can_block(snapshot, "b0", "a0", time_limit=limit), repeat),
        "count (limit 1000)": median_ms(
            lambda: count_declarations(snapshot, limit=1000, show=5, time_limit=limit), repeat
        ),
        "count says": f"{counted.status} {counted.count}",
        "forced": median_ms(lambda: forced_choices(snapshot, time_limit=limit), repeat),
        "forced CPU": median_ms(lambda: forced_choices(snapshot, time_limit=limit), repeat, time.process_time),
        "forced says": f"{forced.status}: {len(forced.always)} always, {len(forced.never)} never",
        "POST /api/judge": median_ms(judge, repeat),
    }


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args()
    sizes = [2, 4, 6, 10] if args.quick else [2, 4, 6, 10, 20, 50]
    client = TestClient(create_app(), base_url="http://127.0.0.1")
    rows = [row(size, 11 if size <= 10 else 3, client) for size in sizes]
    print_table(rows)
    print(f"load average at the end: {os.getloadavg()[0]:.1f}")
    print("times in ms, median of repeated in-process runs; boards with requirements (bench/scaling_boards.py)")


if __name__ == "__main__":
    main()
