"""Every row of issue 15's table in one run (not part of the test run): docs/performance.md, "Second round".

    python bench/bench_targets.py            # about two minutes on an idle 2-core machine
    python bench/bench_targets.py --quick    # smaller inputs, fewer repeats

Each figure is given as wall time and as CPU time. On a machine that other jobs load, only the CPU time means
something (it is the work done, not the waiting for a core); the load average is printed before and after.
Measured the same way on an older checkout (PYTHONPATH pointing at a directory whose `combatcheck` is that
checkout), the figures are the "before" of the table.

- batch: records per CPU-second of `run_batch` with one worker in a fresh process (bench_batch.py's measure):
  the `fast` mix (no record needs CP-SAT) and the `solver` mix (every record does).
- CLI: `python -m combatcheck check EXAMPLE`, whole process, median of repeated runs; the package is byte-compiled
  first, as an installed package is (the CPU time is the child's, from os.times()).
- 6x6 and 200x200: `check` in process on bench/scaling_boards.py boards with requirements ("no blocks" proposal,
  so the optimum must be proven: by CP-SAT, or by the search-free shortcut of solver/shortcut.py, as the row
  says), median after a warm-up; 6x6 also on seed 0, where CP-SAT runs; the 200x200 peak memory is that of a
  fresh process (VmHWM).
- import arena: MB of Player.log per CPU-second (bench_arena.py's log and measure).
"""

from __future__ import annotations

import argparse
import compileall
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

BENCH = Path(__file__).resolve().parent
ROOT = BENCH.parent
sys.path.insert(0, str(BENCH))

FAST_EXAMPLE = "examples/cr-509.1b-flying-shadow-legal.yaml"
CPSAT_EXAMPLE = "examples/cr-509.1c-menace.yaml"  # illegal: CP-SAT runs and the report shows a witness


def cpu() -> float:
    return time.process_time()


def median_in_process(fn: Callable[[], Any], repeat: int) -> tuple[float, float]:
    """(median wall seconds, median CPU seconds) of `fn` after one warm-up call."""
    fn()
    walls, cpus = [], []
    for _ in range(repeat):
        wall, used = time.perf_counter(), cpu()
        fn()
        cpus.append(cpu() - used)
        walls.append(time.perf_counter() - wall)
    return statistics.median(walls), statistics.median(cpus)


def cli(example: str, repeat: int) -> tuple[float, float]:
    """(median wall, median CPU) of a whole `combatcheck check` process."""
    import combatcheck

    compileall.compile_dir(str(Path(combatcheck.__file__).parent), quiet=1)  # as pip leaves an installed package
    walls, cpus = [], []
    for _ in range(repeat):
        before, started = os.times(), time.perf_counter()
        subprocess.run([sys.executable, "-m", "combatcheck", "check", example], cwd=ROOT, capture_output=True)
        walls.append(time.perf_counter() - started)
        after = os.times()
        cpus.append(after.children_user - before.children_user + after.children_system - before.children_system)
    return statistics.median(walls), statistics.median(cpus)


def board_check(size: int, repeat: int, seed: int | None = None) -> tuple[float, float, str]:
    """(median wall, median CPU, how the optimum was proven) of `check` on a board with requirements and nobody
    blocking, so the proposal misses them: the optimum is proven by CP-SAT or by the search-free shortcut
    (solver/shortcut.py). `seed`: the board's (the table's row uses seed = size)."""
    from combatcheck.solver import check

    snapshot = board_snapshot(size, seed)
    info = check(snapshot).solver
    assert info.status == "optimal"
    wall, used = median_in_process(lambda: check(snapshot), repeat)
    return wall, used, "CP-SAT" if info.used_cpsat else "shortcut"


def board_snapshot(size: int, seed: int | None = None) -> Any:
    """The snapshot `board_check` checks: size x size with requirements, nobody blocking (seed: size if None)."""
    from combatcheck.models import snapshot_from_data
    from scaling_boards import board

    data = board(size, size, requirements=True, seed=size if seed is None else seed)
    return snapshot_from_data({**data, "declaration": {"blocks": {}}})


def peak_memory_mb(size: int) -> float:
    from bench_check import peak_memory_mb as fresh_process_peak

    return fresh_process_peak(size)


def batch(mix: str, count: int) -> tuple[float, float, float]:
    """(records per wall second, records per CPU-second, CP-SAT share) of a one-worker batch in a fresh process."""
    from bench_batch import generate, run_child

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / f"{mix}.jsonl"
        generate(path, mix, count)
        r = run_child(path, 1)
    assert r["records"] == count and r["invalid"] == 0 and r["disagree"] == 0, r
    return count / r["seconds"], count / r["cpu_seconds"], r["cpsat"] / count


def arena(megabytes: float) -> tuple[float, float, float]:
    """(MB per wall second, MB per CPU-second, peak MB) of `combatcheck import arena` on a built log."""
    from bench_arena import build_log, run_import

    with tempfile.TemporaryDirectory() as tmp:
        log = Path(tmp) / "Player.log"
        text_bytes, _games = build_log(log, megabytes, compressed=False)
        figures = run_import(log, Path(tmp) / "records.jsonl")
    mb = text_bytes / 1e6
    return mb / figures["wall"], mb / figures["cpu"], figures["peak_mb"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="smaller inputs, fewer repeats")
    args = parser.parse_args()
    quick = args.quick
    import combatcheck

    print(f"# combatcheck from {Path(combatcheck.__file__).parent}; Python {sys.version.split()[0]}")
    print("# load average before: {:.2f} {:.2f} {:.2f}".format(*os.getloadavg()))
    print("| measure | wall | CPU | target |")
    print("|---|---:|---:|---|")

    def row(name: str, wall: str, used: str, target: str) -> None:
        print(f"| {name} | {wall} | {used} | {target} |", flush=True)

    for mix, count, target in (
        ("fast", 3_000 if quick else 20_000, ">= 10,000/s"),
        ("solver", 600 if quick else 4_000, ">= 1,500/s"),
    ):
        per_wall, per_cpu, share = batch(mix, count)
        row(
            f"batch, `{mix}` records ({share:.0%} need CP-SAT), per core",
            f"{per_wall:,.0f}/s",
            f"{per_cpu:,.0f}/s",
            target,
        )
    for example, target in ((FAST_EXAMPLE, "<= 0.20 s"), (CPSAT_EXAMPLE, "<= 0.50 s")):
        wall, used = cli(example, 5 if quick else 11)
        row(f"`combatcheck check {example}`, whole process", f"{wall:.3f} s", f"{used:.3f} s", target)
    for seed in (None, 0):  # the table's board, and one where the shortcut cannot prove the optimum
        wall, used, how = board_check(6, 50 if quick else 201, seed)
        which = "" if seed is None else f", seed {seed}"
        row(
            f"6x6 with requirements{which}, in process ({how})",
            f"{wall * 1000:.2f} ms",
            f"{used * 1000:.2f} ms",
            "<= 1 ms",
        )
    wall, used, how = board_check(200, 1 if quick else 3)
    row(f"200x200 with requirements ({how})", f"{wall:.2f} s", f"{used:.2f} s", "<= 0.5 s")
    row("200x200, peak memory of a fresh process", f"{peak_memory_mb(200):.0f} MB", "", "<= 300 MB")
    per_wall, per_cpu, peak = arena(10 if quick else 50)
    row(
        f"`combatcheck import arena`, per core (peak {peak:.0f} MB)",
        f"{per_wall:.0f} MB/s",
        f"{per_cpu:.0f} MB/s",
        ">= 20 MB/s",
    )
    print("# load average after: {:.2f} {:.2f} {:.2f}".format(*os.getloadavg()))


if __name__ == "__main__":
    main()
