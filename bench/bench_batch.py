"""Benchmark of `combatcheck batch`: records per second per core, speed-up from 1 to 2 workers, peak memory.

Not part of the test run. Usage (from the repository root):

    python bench/bench_batch.py            # the full benchmark (a few minutes)
    python bench/bench_batch.py --quick    # smaller inputs, for a smoke run

Each measurement runs in a fresh Python process (so imports, pool start-up and memory are counted honestly),
on records from `combatcheck.generate` written to a temporary plain JSONL file:

  fast    no requirements: every record is decided without CP-SAT ("no optimisation needed");
  solver  conflicting requirements: CP-SAT runs for every record (illegal share 0, so no record escapes it);
  play    the ability mix of real play (10 % illegal).

Times include process start-up, reading, checking and writing the results. "records per CPU-s" divides the
records by the CPU time of every process of the run (main process, workers, forkserver): the throughput of one
core, which other load on the machine changes much less than wall-clock time. The speed-up from 1 to 2 workers is
wall-clock and needs two idle cores: the load average is printed before and after, with a calibration (how much
more work two independent CPU-bound processes do than one, at that moment): the speed-up the machine itself
allows. Peak memory is sampled with psutil (resident set size of the main process and of the largest worker)
every 20 ms.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import json
import os
import platform
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

SIZES = {"fast": 30_000, "solver": 6_000, "play": 20_000}
QUICK = {"fast": 3_000, "solver": 600, "play": 2_000}
SHARES = {"fast": 0.1, "solver": 0.0, "play": 0.1}


def measure_one(path: str, workers: int) -> dict[str, Any]:
    """Run one batch in this process and report time, counts and peak memory."""
    from combatcheck.batch import BatchOptions, run_batch

    psutil: Any = importlib.import_module("psutil")  # installed with the dask extra; untyped

    me = psutil.Process()
    peaks: dict[int, int] = {}
    cpu: dict[int, float] = {}  # last CPU time seen of each child process
    stop = threading.Event()

    def sample() -> None:
        while not stop.is_set():
            for proc in [me, *me.children(recursive=True)]:
                with contextlib.suppress(psutil.Error):
                    peaks[proc.pid] = max(peaks.get(proc.pid, 0), proc.memory_info().rss)
                    if proc.pid != me.pid:
                        times = proc.cpu_times()
                        cpu[proc.pid] = times.user + times.system
            stop.wait(0.02)

    sampler = threading.Thread(target=sample, daemon=True)
    sampler.start()
    out = Path(path).with_suffix(f".out{workers}.jsonl")
    own = me.cpu_times()
    started = time.perf_counter()
    summary = run_batch([path], out, BatchOptions(workers=workers, overwrite=True))
    elapsed = time.perf_counter() - started
    stop.set()
    sampler.join()
    end = me.cpu_times()
    cpu_seconds = (end.user + end.system - own.user - own.system) + sum(cpu.values())
    out.unlink()
    workers_peak = max((rss for pid, rss in peaks.items() if pid != me.pid), default=0)
    return {
        "records": summary.records,
        "cpsat": summary.cpsat,
        "invalid": summary.by_verdict["invalid"],
        "disagree": summary.as_expected[False],
        "seconds": elapsed,
        "cpu_seconds": cpu_seconds,
        "main_peak_mb": peaks.get(me.pid, 0) / 2**20,
        "worker_peak_mb": workers_peak / 2**20,
    }


def spin() -> None:
    """A fixed amount of pure-Python work, for the calibration."""
    total = 0
    for i in range(20_000_000):
        total += i


def calibrate() -> float:
    """How many times more work two processes do than one, per second, on this machine right now (ideal: 2)."""
    command = [sys.executable, __file__, "--spin"]
    started = time.perf_counter()
    subprocess.run(command, check=True)
    one = time.perf_counter() - started
    started = time.perf_counter()
    children = [subprocess.Popen(command) for _ in range(2)]
    for child in children:
        child.wait()
    two = time.perf_counter() - started
    return 2 * one / two


def run_child(path: Path, workers: int) -> dict[str, Any]:
    command = [sys.executable, __file__, "--one", str(path), "--workers", str(workers)]
    done = subprocess.run(command, check=True, capture_output=True, text=True)
    result: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def generate(path: Path, mix: str, count: int) -> None:
    from combatcheck.generate import generate_records, write_file

    write_file(generate_records(count, seed=2026, illegal_share=SHARES[mix], mix=mix), path)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="smaller inputs")
    parser.add_argument("--one", help=argparse.SUPPRESS)
    parser.add_argument("--workers", type=int, default=1, help=argparse.SUPPRESS)
    parser.add_argument("--spin", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.spin:
        spin()
        return
    if args.one:
        print(json.dumps(measure_one(args.one, args.workers)))
        return

    sizes = QUICK if args.quick else SIZES
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    print(f"# {platform.python_implementation()} {platform.python_version()}, {cores} cores, {platform.machine()}")
    print(
        "# load average before: {:.2f} {:.2f} {:.2f} (other processes compete for the cores)".format(*os.getloadavg())
    )
    print(f"# calibration: 2 independent CPU-bound processes do {calibrate():.2f}x the work of 1 (ideal 2.00)")
    print(
        "| mix | records | CP-SAT share | workers | wall s | records/s (wall) | speed-up (wall) | CPU s | records per CPU-s |"
    )
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|")
    with tempfile.TemporaryDirectory() as tmp:
        for mix, count in sizes.items():
            path = Path(tmp) / f"{mix}.jsonl"
            generate(path, mix, count)
            base = None
            for workers in (1, 2):
                r = run_child(path, workers)
                assert r["records"] == count and r["invalid"] == 0 and r["disagree"] == 0, r
                rate = r["records"] / r["seconds"]
                base = base or rate
                print(
                    f"| {mix} | {count:,} | {r['cpsat'] / count:.0%} | {workers} | {r['seconds']:.2f} | {rate:,.0f} "
                    f"| {rate / base:.2f} | {r['cpu_seconds']:.2f} | {count / r['cpu_seconds']:,.0f} |",
                    flush=True,
                )

        print()
        print("| records (play mix, 2 workers) | input MB | seconds | main process peak RSS MB | worker peak RSS MB |")
        print("|---:|---:|---:|---:|---:|")
        base_count = sizes["play"] // 4
        for count in (base_count, base_count * 10):
            path = Path(tmp) / f"memory-{count}.jsonl"
            generate(path, "play", count)
            r = run_child(path, 2)
            megabytes = path.stat().st_size / 2**20
            print(
                f"| {count:,} | {megabytes:.0f} | {r['seconds']:.1f} | {r['main_peak_mb']:.0f} "
                f"| {r['worker_peak_mb']:.0f} |",
                flush=True,
            )
            path.unlink()
    print()
    print("# load average after: {:.2f} {:.2f} {:.2f}".format(*os.getloadavg()))
    print(f"# calibration after: 2 processes do {calibrate():.2f}x the work of 1")


if __name__ == "__main__":
    main()
