"""Benchmark of `combatcheck.combat.follow` (not part of the test run): milliseconds per timeline and per event.

    python bench/bench_combat.py

Timelines: each example of examples/combat/, and a long one (N attackers and blockers, then a removal, a made-to-
block and a tap for each pair) for N = 4, 8, 16. Prints one Markdown table.
"""

from __future__ import annotations

import platform
import statistics
import time
from pathlib import Path
from typing import Any

from combatcheck.combat import follow
from combatcheck.models import Snapshot, load_snapshot, snapshot_from_data

ROOT = Path(__file__).parent.parent


def long_timeline(n: int) -> Snapshot:
    attackers = [{"id": f"a{i}", "controller": "ana", "power": 2, "toughness": 2} for i in range(n)]
    blockers = [{"id": f"b{i}", "controller": "ben", "power": 2, "toughness": 2} for i in range(n)]
    spare = [{"id": f"s{i}", "controller": "ben", "power": 1, "toughness": 1} for i in range(n)]
    events: list[Any] = [
        {"declare_attackers": {"attacks": {f"a{i}": "ben" for i in range(n)}}},
        {"declare_blockers": {"blocks": {f"b{i}": f"a{i}" for i in range(n)}}},
    ]
    for i in range(n):
        events += [{"tap": f"b{i}"}, {"made_to_block": f"s{i}", "blocking": f"a{i}"}, {"leaves_battlefield": f"b{i}"}]
    events += ["combat_damage", "end_of_combat", "postcombat_main"]
    data = {"active_player": "ana", "players": ["ana", "ben"], "permanents": attackers + blockers + spare}
    return snapshot_from_data({**data, "events": events})


def median_ms(snapshot: Snapshot, repeat: int = 7) -> float:
    follow(snapshot)  # warm up
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        follow(snapshot)
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def main() -> None:
    rows = []
    for path in sorted((ROOT / "examples" / "combat").glob("*.yaml")):
        snapshot = load_snapshot(path.read_text(encoding="utf-8"), str(path))
        rows.append((path.stem, snapshot))
    rows += [(f"long, {n} pairs", long_timeline(n)) for n in (4, 8, 16)]
    print(f"Python {platform.python_version()} on {platform.machine()}, {platform.system()}")
    print("| timeline | events | ms per timeline | ms per event |")
    print("|---|---|---|---|")
    for name, snapshot in rows:
        ms = median_ms(snapshot)
        print(f"| {name} | {len(snapshot.events)} | {ms:.1f} | {ms / len(snapshot.events):.2f} |")


if __name__ == "__main__":
    main()
