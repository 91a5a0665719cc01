"""Benchmark of `combatcheck batch --triggers`: what listing the triggers of each legal record costs.

Not part of the test run. Usage (from the repository root):

    python bench/bench_batch_triggers.py            # 10,000 records per run (about a minute on 2 cores)
    python bench/bench_batch_triggers.py --quick    # 2,000

Records are the `play` mix of `combatcheck.generate` (10 % illegal), written to a temporary plain JSONL file:

  play            as generated: no creature has an attack or block trigger;
  play+triggers   the same records with triggers on every creature (the first two of: rampage 1, bushido 1,
                  whenever_blocks, whenever_attacks, flanking, exalted, battle_cry, whenever_becomes_blocked_by_a_creature,
                  chosen by its place on the board), so every legal record has triggers to find.

Each run is `run_batch` with one worker in a fresh Python process (imports counted), first without `--triggers`,
then with it, and reports CPU seconds per record of the whole process; the difference is the cost of `--triggers`.
The runs alternate (without, with, without, with, ...) and the median of `--repeat` runs is kept, so a change in
the machine's load touches both sides alike.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

TRIGGERS: list[Any] = [
    {"rampage": 1},
    {"bushido": 1},
    "whenever_blocks",
    "whenever_attacks",
    "flanking",
    "exalted",
    "battle_cry",
    "whenever_becomes_blocked_by_a_creature",
]


def measure_one(path: str, triggers: bool) -> dict[str, Any]:
    """One batch run in this process: CPU seconds (this process only: one worker runs here) and the counts."""
    from combatcheck.batch import BatchOptions, run_batch

    out = Path(path).with_suffix(f".out{int(triggers)}.jsonl")
    started = time.process_time()
    summary = run_batch([path], out, BatchOptions(workers=1, overwrite=True, triggers=triggers))
    cpu = time.process_time() - started
    with out.open(encoding="utf-8") as results:
        listed = sum(len(json.loads(line).get("triggers", [])) for line in results)
    out.unlink()
    return {"records": summary.records, "cpu": cpu, "disagree": summary.as_expected[False], "triggers": listed}


def run_child(path: Path, triggers: bool) -> dict[str, Any]:
    command = [sys.executable, __file__, "--one", str(path), *(["--with-triggers"] if triggers else [])]
    done = subprocess.run(command, check=True, capture_output=True, text=True)
    result: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def write_records(path: Path, count: int, with_triggers: bool) -> None:
    from combatcheck.generate import generate_records

    with path.open("w", encoding="utf-8") as out:
        for record in generate_records(count, seed=2026, illegal_share=0.1, mix="play"):
            if with_triggers:
                for index, permanent in enumerate(record.get("permanents", [])):
                    added = [TRIGGERS[index % len(TRIGGERS)], TRIGGERS[(index + 3) % len(TRIGGERS)]]
                    permanent["abilities"] = [*permanent.get("abilities", []), *added]
            out.write(json.dumps(record) + "\n")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="2,000 records per run instead of 10,000")
    parser.add_argument("--repeat", type=int, default=3, help="runs of each side (the median is kept)")
    parser.add_argument("--one", help=argparse.SUPPRESS)
    parser.add_argument("--with-triggers", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.one:
        print(json.dumps(measure_one(args.one, args.with_triggers)))
        return

    count = 2_000 if args.quick else 10_000
    print(f"# {platform.python_implementation()} {platform.python_version()}, {platform.machine()}")
    print("# load average before: {:.2f} {:.2f} {:.2f}".format(*os.getloadavg()))
    print("| records | mix | CPU µs per record | with --triggers | cost of --triggers | triggers listed |")
    print("|---:|---|---:|---:|---:|---:|")
    with tempfile.TemporaryDirectory() as tmp:
        for name, with_triggers in (("play", False), ("play+triggers", True)):
            path = Path(tmp) / f"{name}.jsonl"
            write_records(path, count, with_triggers)
            runs: dict[bool, list[dict[str, Any]]] = {False: [], True: []}
            for _ in range(args.repeat):
                for triggers in (False, True):
                    result = run_child(path, triggers)
                    assert result["records"] == count and result["disagree"] == 0, result
                    runs[triggers].append(result)
            plain = statistics.median(r["cpu"] for r in runs[False]) / count * 1e6
            listed = statistics.median(r["cpu"] for r in runs[True]) / count * 1e6
            print(
                f"| {count:,} | {name} | {plain:,.0f} | {listed:,.0f} | {listed - plain:+,.0f} "
                f"({(listed - plain) / plain:+.0%}) | {runs[True][0]['triggers']:,} |",
                flush=True,
            )
    print("# load average after: {:.2f} {:.2f} {:.2f}".format(*os.getloadavg()))


if __name__ == "__main__":
    main()
