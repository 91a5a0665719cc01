"""Huge boards: does the time limit bound the whole check, and how much memory does a check take?
(Not part of the test run.)

    python bench/bench_huge.py                          # 200, 500, 1,000 a side; limits 2 s, 10 s, none
    python bench/bench_huge.py --sizes 1000 --limits 2   # one case

Each run is a fresh `combatcheck check FILE --json` process on a board of `bench/scaling_boards.py` (with
requirements, nobody blocks, so CP-SAT must run); the table gives its exit code and verdict, the check's own time
(`solver.milliseconds`: the time limit covers it), the whole process's wall and CPU time (start-up and reading the
file included) and its peak resident memory. docs/performance.md records a run.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parent))

from scaling_boards import board

ROOT = Path(__file__).parent.parent


def _command() -> list[str]:
    script = Path(sys.executable).parent / "combatcheck"
    return [str(script)] if script.exists() else [sys.executable, "-m", "combatcheck"]


def run(path: Path, time_limit: float | None) -> dict[str, Any]:
    """One check in a fresh process: exit code, verdict, times and peak memory (from wait4's rusage)."""
    args = [*_command(), "check", str(path), "--json"]
    if time_limit is not None:
        args += ["--time-limit", str(time_limit)]
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        start = time.perf_counter()
        process = subprocess.Popen(args, cwd=ROOT, stdout=out, stderr=err)
        _, status, usage = os.wait4(process.pid, 0)
        wall = time.perf_counter() - start
        process.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        err.seek(0)
        text, problem = out.read().decode(), err.read().decode().strip()
    report = json.loads(text) if text.strip() else {}
    return {
        "exit": process.returncode,
        "verdict": report.get("verdict", problem[:60]),
        "check s": report["solver"]["milliseconds"] / 1000 if report else None,
        "wall s": wall,
        "cpu s": usage.ru_utime + usage.ru_stime,
        "peak MB": usage.ru_maxrss / 1024,
    }


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--sizes", type=int, nargs="+", default=[200, 500, 1000])
    parser.add_argument("--limits", nargs="+", default=["2", "10", "none"], help="seconds, or none")
    parser.add_argument("--no-oversize", action="store_true", help="skip the board over the size limit")
    args = parser.parse_args()
    limits = [None if x == "none" else float(x) for x in args.limits]
    cases: list[tuple[str, int, int, float | None]] = [
        (f"{size}x{size}", size, size, limit) for size in args.sizes for limit in limits
    ]
    if not args.no_oversize:
        cases.append(("1001x1000 (over the size limit)", 1001, 1000, 2.0))
    rows = []
    with tempfile.TemporaryDirectory() as folder:
        for name, attackers, blockers, limit in cases:
            data = board(attackers, blockers, requirements=True, seed=1)
            data["declaration"] = {"blocks": {}}
            path = Path(folder) / f"{attackers}x{blockers}.json"
            path.write_text(json.dumps(data))
            rows.append({"board": name, "time limit": "-" if limit is None else f"{limit:g} s", **run(path, limit)})
            print(rows[-1], file=sys.stderr, flush=True)
    print(f"machine: {platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}")
    print(f"load average before the last run: {os.getloadavg()[0]:.1f}")
    headers = list(rows[0])
    print("| " + " | ".join(headers) + " |")
    print("|" + "---|" * len(headers))
    for r in rows:
        cells = [f"{r[h]:.2f}" if isinstance(r[h], float) else "-" if r[h] is None else str(r[h]) for h in headers]
        print("| " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main()
