"""Benchmark of `check` and `solve` on boards of growing size (not part of the test run).

    python bench/bench_check.py            # the full table (a few minutes)
    python bench/bench_check.py --quick    # small sizes only

Prints one Markdown table; docs/performance.md records a run and the machine.
"""

from __future__ import annotations

import argparse
import os
import platform
import resource
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parent))
sys.path.insert(0, str(Path(__file__).parent.parent / "tests"))

from combatcheck.models import snapshot_from_data
from combatcheck.solver import check, solve
from scaling_boards import board, ordinary_blocks

ROOT = Path(__file__).parent.parent


def median_ms(fn: Callable[[], Any], repeat: int, clock: Callable[[], float] = time.perf_counter) -> float:
    """Median of `repeat` runs after a warm-up; `clock=time.process_time` measures CPU time instead of wall time."""
    fn()  # warm up (imports, caches)
    times = []
    for _ in range(repeat):
        start = clock()
        fn()
        times.append(clock() - start)
    return statistics.median(times) * 1000


def brute_force_ms(data: dict[str, Any]) -> float | None:
    """The reference enumerator of tests/ on the same board, or None when it would take too long."""
    from reference import reference_check

    snapshot = snapshot_from_data(data)
    start = time.perf_counter()
    reference_check(snapshot)
    return (time.perf_counter() - start) * 1000


def peak_memory_mb(size: int) -> float:
    """Peak resident memory of a fresh process that checks one size x size board."""
    code = (
        "import sys; sys.path.insert(0, 'bench'); from scaling_boards import board;"
        "from combatcheck.models import snapshot_from_data; from combatcheck.solver import check;"
        f"d = board({size}, {size}, requirements=True, seed=1); d['declaration'] = {{'blocks': {{}}}};"
        "check(snapshot_from_data(d));"
        # VmHWM belongs to this process image; ru_maxrss would keep the parent's high-water mark across exec.
        "print(next(l.split()[1] for l in open('/proc/self/status') if l.startswith('VmHWM')))"
    )
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    return int(out.stdout.strip()) / 1024


def cli_cold_start_ms(example: str, repeat: int = 5) -> float:
    # The console script next to this interpreter: a version manager's shim on PATH would add its own start-up.
    script = Path(sys.executable).parent / "combatcheck"
    command = [str(script)] if script.exists() else [sys.executable, "-m", "combatcheck"]
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        subprocess.run([*command, "check", example], cwd=ROOT, capture_output=True)
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def fmt(value: object) -> str:
    if value is None:
        return "-"
    return f"{value:.2f}" if isinstance(value, float) else str(value)


def print_table(rows: list[dict[str, Any]]) -> None:
    """The machine, then the rows as a Markdown table (the keys of the first row are the columns)."""
    headers = list(rows[0])
    print(
        f"machine: {platform.processor() or platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}"
    )
    print("| " + " | ".join(headers) + " |")
    print("|" + "---|" * len(headers))
    for r in rows:
        print("| " + " | ".join(fmt(r[h]) for h in headers) + " |")
    print()


def row(size: int, requirements: bool, repeat: int, brute: bool) -> dict[str, Any]:
    data = board(size, size, requirements=requirements, seed=size)
    missing = {**data, "declaration": {"blocks": {}}}  # with requirements: misses them, so CP-SAT must run
    plausible = {**data, "declaration": {"blocks": ordinary_blocks(data, seed=size)}}
    s_missing, s_plausible = snapshot_from_data(missing), snapshot_from_data(plausible)
    report = check(s_missing)
    result = {
        "size": f"{size}x{size}",
        "requirements": "yes" if requirements else "no",
        "check (no blocks)": median_ms(lambda: check(s_missing), repeat),
        "path": report.solver.status,
        "check (plausible)": median_ms(lambda: check(s_plausible), repeat),
        "solve": median_ms(lambda: solve(s_missing), repeat),
        "brute force": brute_force_ms(missing) if brute else None,
    }
    return result


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args()
    sizes = [2, 4, 6, 10, 20] if args.quick else [2, 4, 6, 10, 20, 50, 100, 200]
    rows = []
    for size in sizes:
        repeat = 21 if size <= 20 else 5 if size <= 50 else 3
        for requirements in (False, True):
            rows.append(row(size, requirements, repeat, brute=size <= 6))
    print_table(rows)
    print("times in ms, median of repeated in-process runs")
    fast_example = "examples/cr-509.1b-flying-shadow-legal.yaml"
    print(f"CLI cold start, fast path ({fast_example}): {cli_cold_start_ms(fast_example):.0f} ms")
    print(
        f"CLI cold start, CP-SAT path (examples/cr-509.1c-menace.yaml): "
        f"{cli_cold_start_ms('examples/cr-509.1c-menace.yaml'):.0f} ms"
    )
    for size in [50] if args.quick else [50, 200]:
        print(f"peak memory, one {size}x{size} check in a fresh process: {peak_memory_mb(size):.0f} MB")
    print(f"this process: peak {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f} MB")


if __name__ == "__main__":
    main()
