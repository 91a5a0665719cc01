"""Issue 24's targets measured side by side: a base ref (default `main`) against this checkout, in ONE run.

Not part of the test run. Usage (from the repository root):

    python bench/side_by_side.py                       # every row, base = main, 5 interleaved repeats
    python bench/side_by_side.py --base b0ba7f3 --repeat 7 --callgrind
    python bench/side_by_side.py --quick --rows cli,board6

The base ref is materialised with `git archive` into a temporary directory `BASE/combatcheck` (no worktree is
registered, nothing in the repository changes); this checkout is reached through a symlink `CUR/combatcheck`. Every
measurement runs in a fresh Python process of this interpreter with `PYTHONPATH` set to one of the two directories
(the child prints which `combatcheck` it imported; the harness checks it). The benchmark functions are this
checkout's bench/ (bench_batch.measure_one, bench_targets.board_check, scaling_boards) run on both sides, so the
two sides do exactly the same work; the inputs are generated once and shared.

Runs are interleaved (base, current, current, base, ...) so that the load of this shared machine falls on both
sides alike; each figure is the median of the repeats. The ratio is current / base for rates and base / current for
times: above 1 means this checkout is better. With --callgrind, instruction counts (repeatable under load) are added
for the CLI fast path (whole process), for fast- and solver-mix batch records (per record, after a warm-up) and for
the 6x6 and 200x200 checks of the board rows (per check, after one); with the `dask` row, for a partition's results
on the worker and on the client, without the checks (bench_dask.py).

Rows:
  batch-fast    records/s (wall) and per CPU-s, one worker (in-process), the `fast` mix (no CP-SAT)
  batch-solver  the same on the `solver` mix (CP-SAT for every record); also the process's VmHWM (memory per worker)
  cli           `python -m combatcheck check` on a fast-path example, whole process, byte-compiled first
  board6        6x6 with requirements, seed 0 (CP-SAT runs), median in process
  board200      200x200 with requirements, median in process
  dask          `--engine dask` over many files (the `play` mix) on a LocalCluster: 1 worker process, then 2;
                the ratio of times, with a calibration of the machine (2 CPU-bound processes / 1) and where the
                overhead goes (bench_dask.py: CPU per record of the client process and of the workers, bytes the
                client deserialises, tasks per partition, start-up and shut-down seconds)
"""

from __future__ import annotations

import argparse
import compileall
import json
import os
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

BENCH = Path(__file__).resolve().parent
ROOT = BENCH.parent
sys.path.insert(0, str(BENCH))

FAST_EXAMPLE = "examples/cr-509.1b-flying-shadow-legal.yaml"
ROWS = ("batch-fast", "batch-solver", "cli", "board6", "board200", "dask")
SIZES = {"fast": 20_000, "solver": 3_000, "dask": 40_000}
QUICK = {"fast": 3_000, "solver": 500, "dask": 8_000}
DASK_FILES = 16


def vm_hwm_mb() -> float:
    """Peak resident set size of this process (Linux's VmHWM), in MB."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return float("nan")


# ---------------------------------------------------------------------------------------------------------- children


def child(row: str, args: list[str]) -> dict[str, Any]:
    """One measurement in this (fresh) process; `combatcheck` is whatever PYTHONPATH points at."""
    import combatcheck

    found = str(Path(combatcheck.__file__).resolve().parent)
    if row in ("batch-fast", "batch-solver"):
        from bench_batch import measure_one

        r = measure_one(args[0], 1)
        assert r["invalid"] == 0 and r["disagree"] == 0, r
        return {
            "found": found,
            "rate": r["records"] / r["seconds"],
            "cpu_rate": r["records"] / r["cpu_seconds"],
            "hwm_mb": vm_hwm_mb(),
        }
    if row in ("board6", "board200"):
        from bench_targets import board_check

        size, repeat = (6, int(args[0])) if row == "board6" else (200, int(args[0]))
        wall, used, how = board_check(size, repeat, 0 if size == 6 else None)
        return {"found": found, "wall": wall, "cpu": used, "how": how}
    if row == "dask":
        from bench_dask import instrumented_run

        return {"found": found, **instrumented_run(int(args[0]), args[2:], Path(args[1]))}
    if row == "dask-transfer-instr":  # under callgrind, as records-instr
        from bench_dask import transfer_instructions

        transfer_instructions(args[0], int(args[1]), args[2])
        return {"found": found}
    if row == "records-instr":  # run under callgrind: only functools.reduce's instructions are counted
        import functools

        from combatcheck.batch.record import check_record

        lines = Path(args[0]).read_text().splitlines()[: 50 + int(args[1])]
        for line in lines[:50]:
            check_record(1, line)
        functools.reduce(lambda _, line: check_record(1, line), lines[50:], None)
        return {"found": found}
    if row == "checks-instr":  # under callgrind: `check` on the board6 / board200 board, after one warm-up check
        import functools

        from bench_targets import board_snapshot
        from combatcheck.solver import check

        size, count = int(args[0]), int(args[1])
        snapshot = board_snapshot(size, 0 if size == 6 else None)
        check(snapshot)
        functools.reduce(lambda _, __: check(snapshot), range(count), None)
        return {"found": found}
    raise SystemExit(f"unknown row {row}")


# ------------------------------------------------------------------------------------------------------------ parent


class Side:
    def __init__(self, name: str, path: Path, expect: Path) -> None:
        self.name, self.path, self.expect = name, path, expect.resolve()

    def env(self) -> dict[str, str]:
        return {**os.environ, "PYTHONPATH": str(self.path), "PYTHONDONTWRITEBYTECODE": ""}

    def run_child(self, row: str, *args: str) -> dict[str, Any]:
        command = [sys.executable, str(Path(__file__).resolve()), "--child", row, *args]
        done = subprocess.run(command, env=self.env(), cwd=ROOT, capture_output=True, text=True)
        if done.returncode != 0:
            raise SystemExit(f"{self.name} {row} failed:\n{done.stderr[-3000:]}")
        result: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
        if Path(result["found"]) != self.expect:
            raise SystemExit(f"{self.name} imported combatcheck from {result['found']}, not {self.expect}")
        return result


def materialise(ref: str, into: Path) -> str:
    """`git archive REF` unpacked into `into/combatcheck`; returns the commit."""
    sha = subprocess.run(["git", "rev-parse", "--verify", ref + "^{commit}"], cwd=ROOT, check=True,
                         capture_output=True, text=True).stdout.strip()  # fmt: skip
    target = into / "combatcheck"
    target.mkdir(parents=True)
    archive = into / "base.tar"
    with archive.open("wb") as f:
        subprocess.run(["git", "archive", sha], cwd=ROOT, check=True, stdout=f)
    with tarfile.open(archive) as tar:
        tar.extractall(target, filter="data")
    archive.unlink()
    compileall.compile_dir(str(target), quiet=1, workers=1)  # byte-compiled, as an installed package is
    return sha


def interleaved(sides: tuple[Side, Side], repeat: int, measure: Callable[[Side], float]) -> tuple[float, float]:
    """Median of `measure` on each side over `repeat` rounds, alternating which side goes first."""
    got: dict[str, list[float]] = {s.name: [] for s in sides}
    for i in range(repeat):
        for side in sides if i % 2 == 0 else sides[::-1]:
            got[side.name].append(measure(side))
    return statistics.median(got[sides[0].name]), statistics.median(got[sides[1].name])


def cli_wall(side: Side) -> float:
    started = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "combatcheck", "check", FAST_EXAMPLE], cwd=ROOT, env=side.env(),
                          capture_output=True)  # fmt: skip
    elapsed = time.perf_counter() - started
    if done.returncode != 0:
        raise SystemExit(f"{side.name} cli failed: {done.stderr.decode()[-2000:]}")
    return elapsed


def callgrind(side: Side, command: list[str], toggle: str | None = None) -> int:
    """Instructions counted by callgrind for `command` (run with `side`'s PYTHONPATH)."""
    with tempfile.NamedTemporaryFile(suffix=".callgrind") as out:
        extra = ["--collect-atstart=no", f"--toggle-collect={toggle}"] if toggle else []
        subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out.name}", *extra, *command],
                       cwd=ROOT, env=side.env(), check=True, capture_output=True)  # fmt: skip
        for line in Path(out.name).read_text().splitlines():
            if line.startswith(("summary:", "totals:")):
                return int(line.split()[1])
    raise SystemExit("callgrind wrote no totals")


def dask_rows(sides: tuple[Side, Side], tmp: Path, whole_file: Path, rounds: int, row: Callable[..., None]) -> None:
    """The `dask` rows: 1 then 2 worker processes on each side, sides and worker counts interleaved round by round,
    with calibrations of the machine before, between and after the rounds (bench_batch.calibrate: a spin loop;
    bench_dask.check_calibration: 1,000 of the records checked by two processes against one, the speed-up no engine
    can beat), and where the overhead goes (bench_dask.instrumented_run), from the runs with 2 workers."""
    from bench_batch import calibrate
    from bench_dask import check_calibration, partitions

    whole = whole_file.read_text().splitlines(keepends=True)
    per = -(-len(whole) // DASK_FILES)
    parts = []
    for k in range(DASK_FILES):
        part = tmp / f"dask-{k:02}.jsonl"
        part.write_text("".join(whole[k * per : (k + 1) * per]))
        parts.append(str(part))
    planned = partitions(parts)
    sample = tmp / "dask-sample.jsonl"  # the records of the check calibration
    sample.write_text("".join(whole[:1000]))

    def calibrations_now() -> str:
        return f"spin {calibrate():.2f}, checks {check_calibration(str(sample), sides[1].env()):.2f}"

    calibrations = [calibrations_now()]
    got: dict[tuple[str, int], list[dict[str, Any]]] = {(s.name, w): [] for s in sides for w in (1, 2)}
    for i in range(rounds):
        for side in sides if i % 2 == 0 else sides[::-1]:
            for workers in (1, 2) if i % 2 == 0 else (2, 1):
                r = side.run_child("dask", str(workers), str(tmp / "dask-out.jsonl"), *parts)
                assert r["records"] == len(whole), r
                got[side.name, workers].append(r)
        calibrations.append(calibrations_now())
    load = "{:.2f} {:.2f} {:.2f}".format(*os.getloadavg())
    print(f"# dask: {len(whole):,} records (play mix) in {DASK_FILES} files, {planned} partitions; {rounds} rounds; "
          f"calibration (2 CPU-bound processes / 1, ideal 2.00; before, between and after the rounds): "
          f"{'; '.join(calibrations)}; "
          f"load average now {load}")  # fmt: skip

    def median(side: Side, workers: int, key: str) -> float:
        return statistics.median(float(r[key]) for r in got[side.name, workers])

    speed_up = {}
    for side in sides:
        t1, t2 = median(side, 1, "wall"), median(side, 2, "wall")
        rounds_up = [a["wall"] / b["wall"] for a, b in zip(got[side.name, 1], got[side.name, 2], strict=True)]
        speed_up[side.name] = t1 / t2
        print(f"# dask {side.name}: 1 worker {t1:.2f} s, 2 workers {t2:.2f} s (medians), speed-up {t1 / t2:.2f}x; "
              f"per round {', '.join(f'{x:.2f}x' for x in rounds_up)}", flush=True)  # fmt: skip
    row("Dask LocalCluster: 2 worker processes / 1 (speed-up, wall)", speed_up["base"], speed_up["current"],
        "{:.2f}x", True, ">= 1.8x")  # fmt: skip
    records = len(whole)
    for workers in (1, 2):
        b, c = (records / median(s, workers, "wall") for s in sides)
        row(f"Dask, {workers} worker process{'es' if workers > 1 else ''}, records/s (wall)", b, c, "{:,.0f}", True, "")
    for label, key, fmt in (
        ("client process (client, scheduler, nannies): CPU µs per record", "client_cpu_us", "{:,.0f}"),
        ("worker processes: CPU µs per record", "worker_cpu_us", "{:,.0f}"),
        ("of it outside the task thread (start-up, event loop, profiler)", "worker_outside_us", "{:,.0f}"),
        ("bytes deserialised by the client process per record", "bytes_in", "{:,.0f}"),
        ("seconds until the cluster is up", "cluster_up", "{:.2f}"),
        ("seconds until the first result is written", "first_result", "{:.2f}"),
        ("seconds from the last result written to the run's return", "after_last_result", "{:.2f}"),
    ):
        b, c = (median(s, 2, key) for s in sides)
        row(f"Dask, 2 workers, {label}", b, c, fmt, False, "")
    b, c = (median(s, 2, "tasks") / planned for s in sides)
    row("Dask, tasks per partition", b, c, "{:.1f}", False, "")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--base", default="main", help="the ref to compare with (default: main)")
    parser.add_argument("--repeat", type=int, default=5, help="interleaved rounds per row (default 5)")
    parser.add_argument("--rows", default=",".join(ROWS), help=f"comma-separated, of {', '.join(ROWS)}")
    parser.add_argument("--quick", action="store_true", help="smaller inputs")
    parser.add_argument("--callgrind", action="store_true", help="add instruction counts (slow: valgrind)")
    parser.add_argument("--child", help=argparse.SUPPRESS)
    args, rest = parser.parse_known_args()
    if args.child:
        print(json.dumps(child(args.child, rest)))
        return
    rows = [r for r in args.rows.split(",") if r]
    unknown = set(rows) - set(ROWS)
    if unknown:
        parser.error(f"unknown rows: {', '.join(sorted(unknown))}")
    sizes = QUICK if args.quick else SIZES
    repeat = args.repeat

    from bench_batch import generate

    with tempfile.TemporaryDirectory(prefix="side-by-side-") as tmp_name:
        tmp = Path(tmp_name)
        sha = materialise(args.base, tmp / "base")
        (tmp / "cur").mkdir()
        (tmp / "cur" / "combatcheck").symlink_to(ROOT)
        compileall.compile_dir(str(ROOT), quiet=1, workers=1, rx=__import__("re").compile(r"[/\\][.]"))
        head = subprocess.run(["git", "describe", "--always", "--dirty"], cwd=ROOT, capture_output=True,
                              text=True).stdout.strip()  # fmt: skip
        sides = (Side("base", tmp / "base", tmp / "base" / "combatcheck"), Side("current", tmp / "cur", ROOT))
        print(f"# base {args.base} = {sha[:10]}; current {ROOT} at {head}; Python {sys.version.split()[0]}")
        print(f"# load average before: {'{:.2f} {:.2f} {:.2f}'.format(*os.getloadavg())}; {repeat} interleaved rounds")
        print("| measure | base | current | ratio (>1: current better) | target |")
        print("|---|---:|---:|---:|---|")

        def row(name: str, base: float, cur: float, fmt: str, higher_better: bool, target: str) -> None:
            ratio = cur / base if higher_better else base / cur
            print(f"| {name} | {fmt.format(base)} | {fmt.format(cur)} | {ratio:.2f}x | {target} |", flush=True)

        files: dict[tuple[str, int], Path] = {}

        def input_file(mix: str, count: int) -> Path:
            if (mix, count) not in files:
                files[mix, count] = tmp / f"{mix}-{count}.jsonl"
                generate(files[mix, count], mix, count)
            return files[mix, count]

        for mix, target in (("fast", ">= 10,000/s"), ("solver", ">= 2,000/s")):
            if f"batch-{mix}" not in rows:
                continue
            path = str(input_file(mix, sizes[mix]))
            results: dict[str, list[dict[str, Any]]] = {"base": [], "current": []}

            def batch(side: Side, mix: str = mix, path: str = path, results: dict[str, Any] = results) -> float:
                r = side.run_child(f"batch-{mix}", path)
                results[side.name].append(r)
                return float(r["rate"])

            b, c = interleaved(sides, repeat, batch)
            row(f"batch `{mix}` mix, one worker, records/s (wall)", b, c, "{:,.0f}", True, target)
            b, c = (statistics.median(x["cpu_rate"] for x in results[s.name]) for s in sides)
            row(f"batch `{mix}` mix, one worker, records per CPU-s", b, c, "{:,.0f}", True, target)
            if mix == "solver":
                b, c = (statistics.median(x["hwm_mb"] for x in results[s.name]) for s in sides)
                row("memory of a one-worker batch process (VmHWM, solver mix), MB", b, c, "{:.0f}", False, "")
        if "cli" in rows:
            b, c = interleaved(sides, max(repeat, 7), cli_wall)
            row(f"CLI fast path `check {FAST_EXAMPLE}`, s", b, c, "{:.3f}", False, "<= 0.20 s")
        for name, size, reps, target in (("board6", 6, 201, "<= 1 ms"), ("board200", 200, 3, "<= 0.3 s")):
            if name not in rows:
                continue
            how: dict[str, str] = {}

            def board(side: Side, name: str = name, reps: int = reps, how: dict[str, str] = how) -> float:
                r = side.run_child(name, str(reps if not args.quick else max(1, reps // 4)))
                how[side.name] = r["how"]
                return float(r["wall"])

            b, c = interleaved(sides, repeat, board)
            scale, fmt = (1000, "{:.2f} ms") if size == 6 else (1, "{:.3f} s")
            label = f"{size}x{size} with requirements{', seed 0' if size == 6 else ''} (base: {how['base']}, " \
                    f"current: {how['current']}), median"  # fmt: skip
            row(label, b * scale, c * scale, fmt, False, target)
        if "dask" in rows:
            dask_rows(sides, tmp, input_file("play", sizes["dask"]), max(2, repeat // 2), row)
        if args.callgrind:
            print()
            print("| instructions (callgrind) | base | current | ratio |")
            print("|---|---:|---:|---:|")
            command = [sys.executable, "-m", "combatcheck", "check", FAST_EXAMPLE]
            b, c = (callgrind(s, command) for s in sides)
            print(f"| CLI fast path, whole process | {b / 1e6:,.0f} M | {c / 1e6:,.0f} M | {b / c:.2f}x |")
            fast, n = input_file("fast", sizes["fast"]), 200
            command = [sys.executable, str(Path(__file__).resolve()), "--child", "records-instr", str(fast), str(n)]
            b, c = (callgrind(s, command, "functools_reduce") for s in sides)
            print(f"| one fast-mix batch record (mean of {n}) | {b / n / 1e3:,.0f} k | {c / n / 1e3:,.0f} k "
                  f"| {b / c:.2f}x |", flush=True)  # fmt: skip
            solver, n = input_file("solver", sizes["solver"]), 100
            command = [sys.executable, str(Path(__file__).resolve()), "--child", "records-instr", str(solver), str(n)]
            b, c = (callgrind(s, command, "functools_reduce") for s in sides)
            print(f"| one solver-mix batch record (mean of {n}) | {b / n / 1e3:,.0f} k | {c / n / 1e3:,.0f} k "
                  f"| {b / c:.2f}x |", flush=True)  # fmt: skip
            for size, n in ((6, 200), (200, 1)):
                command = [sys.executable, str(Path(__file__).resolve()), "--child", "checks-instr", str(size), str(n)]
                b, c = (callgrind(s, command, "functools_reduce") for s in sides)
                divisor, unit = (1e6, "M") if b / n > 1e8 else (1e3, "k")
                print(f"| one {size}x{size} check with requirements (mean of {n}) | {b / n / divisor:,.0f} {unit} "
                      f"| {c / n / divisor:,.0f} {unit} | {b / c:.2f}x |", flush=True)  # fmt: skip
            if "dask" in rows:
                play, lines = input_file("play", sizes["dask"]), 400
                for where in ("worker", "client"):
                    command = [sys.executable, str(Path(__file__).resolve()), "--child", "dask-transfer-instr",
                               str(play), str(lines), where]  # fmt: skip
                    b, c = (callgrind(s, command, "functools_reduce") for s in sides)
                    print(f"| Dask: a partition's results (play mix, {lines:,} records) on the {where}, without the "
                          f"checks, per record | {b / lines / 1e3:,.1f} k | {c / lines / 1e3:,.1f} k | {b / c:.2f}x |",
                          flush=True)  # fmt: skip
        print(f"# load average after: {'{:.2f} {:.2f} {:.2f}'.format(*os.getloadavg())}")


if __name__ == "__main__":
    main()
