"""The CP-SAT rows of issue 24, base against this checkout in one run (not part of the test run).

    python bench/bench_solver.py --base DIR          # DIR: a directory whose `combatcheck` is the base checkout
    python bench/bench_solver.py --base DIR --branch DIR2 --rounds 5 --skip-huge --callgrind

Each round runs, for the base and then for this checkout, a fresh process that times `check` in process on
bench/scaling_boards.py boards with requirements and nobody blocking (6x6 seed 0, where the optimum needs a search;
10x10 and 20x20 seed 0; 200x200 seed 200): the median after a warm-up, CPU time; and the batch `solver` mix
(`combatcheck generate --mix solver`, one file made once by this checkout and read by both): records per
CPU-second, one worker, in process. The table gives the median over the rounds and the ratio (above 1: this
checkout is faster). Interleaving the two in one run is what makes the ratio mean something on a shared machine
(docs/performance.md). `--callgrind` adds the instructions of one 6x6 check and of one `solver` record (valgrind:
repeatable under load).

A base directory for main: `mkdir -p /tmp/base/combatcheck; git archive main | tar -x -C /tmp/base/combatcheck`
(then `--base /tmp/base`). A checkout not named `combatcheck` is reached through a directory holding a symlink
`combatcheck` to it (`--branch DIR`); each child says which `combatcheck` it imported, and the bench checks it.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

BENCH = Path(__file__).resolve().parent
ROOT = BENCH.parent

CHILD = """
import json, statistics, sys, time
sys.path.insert(0, {bench!r})
from combatcheck.models import snapshot_from_data
from combatcheck.solver import check
from scaling_boards import board

out = {{}}
for size, seed, repeat in {rows!r}:
    data = board(size, size, requirements=True, seed=seed)
    snapshot = snapshot_from_data({{**data, "declaration": {{"blocks": {{}}}}}})
    info = check(snapshot).solver
    assert info.status == "optimal", info
    used = []
    for _ in range(repeat):
        start = time.process_time()
        check(snapshot)
        used.append(time.process_time() - start)
    out[f"{{size}}x{{size}} seed {{seed}}"] = [statistics.median(used), info.used_cpsat]
if {records!r}:
    from combatcheck.batch.record import check_record
    lines = open({records!r}).read().splitlines()
    for line in lines[:50]:
        check_record(1, line)
    start = time.process_time()
    for line in lines:
        check_record(1, line)
    out["solver mix, records per CPU-s"] = [len(lines) / (time.process_time() - start), False]
import combatcheck
out["imported from"] = [combatcheck.__file__, False]
print(json.dumps(out))
"""

# Instructions of N calls after a warm-up: only functools.reduce's are counted (callgrind --toggle-collect).
INSTRUCTIONS = """
import functools, sys
sys.path.insert(0, {bench!r})
from combatcheck.models import snapshot_from_data
from combatcheck.solver import check
from combatcheck.batch.record import check_record
from scaling_boards import board
snapshot = snapshot_from_data({{**board(6, 6, requirements=True, seed=0), "declaration": {{"blocks": {{}}}}}})
lines = open({records!r}).read().splitlines()[:{n} + 50]
if {what!r} == "6x6":
    for _ in range(20):
        check(snapshot)
    functools.reduce(lambda _, __: check(snapshot), range({n}), None)
else:
    for line in lines[:50]:
        check_record(1, line)
    functools.reduce(lambda _, line: check_record(1, line), lines[50:], None)
"""


def environment(pythonpath: str | None) -> dict[str, str]:
    env = dict(os.environ)
    if pythonpath:
        env["PYTHONPATH"] = pythonpath
    else:
        env.pop("PYTHONPATH", None)
    return env


def child(pythonpath: str | None, rows: list[tuple[int, int, int]], records: str) -> dict[str, list[float | bool]]:
    code = CHILD.format(bench=str(BENCH), rows=rows, records=records)
    done = subprocess.run([sys.executable, "-c", code], env=environment(pythonpath), capture_output=True, text=True)
    if done.returncode:
        raise SystemExit(done.stderr[-3000:])
    parsed: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    found = Path(parsed.pop("imported from")[0]).resolve().parent
    expected = (Path(pythonpath) / "combatcheck").resolve() if pythonpath else None
    if expected is not None and found != expected:
        raise SystemExit(f"the child imported combatcheck from {found}, not {expected}")
    return parsed


def instructions(pythonpath: str | None, what: str, records: str, n: int) -> float:
    """Instructions per call (callgrind) of a 6x6 check ("6x6") or of a `solver` record ("record")."""
    code = INSTRUCTIONS.format(bench=str(BENCH), records=records, what=what, n=n)
    with tempfile.NamedTemporaryFile(suffix=".callgrind") as out:
        command = ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out.name}", "--collect-atstart=no"]
        command += ["--toggle-collect=functools_reduce", sys.executable, "-c", code]
        subprocess.run(command, env=environment(pythonpath), capture_output=True, check=True)
        found = re.search(r"^(?:totals|summary): (\d+)", Path(out.name).read_text(), re.MULTILINE)
    if found is None:
        raise SystemExit("callgrind wrote no totals")
    return int(found.group(1)) / n


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--base", required=True, help="directory whose `combatcheck` is the base checkout")
    parser.add_argument("--branch", help="directory whose `combatcheck` is this checkout (default: its parent)")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--skip-huge", action="store_true", help="leave out 200x200")
    parser.add_argument("--records", type=int, default=1500, help="`solver` mix records (0: leave the row out)")
    parser.add_argument("--callgrind", action="store_true", help="add instruction counts (slow: valgrind)")
    args = parser.parse_args()
    branch_path = args.branch or str(ROOT.parent)
    if (Path(branch_path) / "combatcheck").resolve() != ROOT:
        raise SystemExit(f"{branch_path}/combatcheck is not this checkout ({ROOT}): pass --branch")
    records = ""
    if args.records:
        records = str(Path(tempfile.mkdtemp()) / "solver.jsonl")
        generate = [sys.executable, "-m", "combatcheck", "generate", "--mix", "solver", "--seed", "2026"]
        generate += ["--count", str(args.records), "--out", records]
        subprocess.run(generate, env=environment(branch_path), check=True, capture_output=True)
    rows = [(6, 0, 300), (10, 0, 100), (20, 0, 50)]
    if not args.skip_huge:
        rows.append((200, 200, 3))
    base: dict[str, list[float]] = {}
    branch: dict[str, list[float]] = {}
    cpsat: dict[str, list[bool]] = {}
    for _ in range(args.rounds):
        for store, path in ((base, args.base), (branch, branch_path)):
            for name, (measured, used_cpsat) in child(path, rows, records).items():
                store.setdefault(name, []).append(float(measured))
                cpsat.setdefault(name, []).append(bool(used_cpsat))
    print(f"load average after: {os.getloadavg()[0]:.2f}")
    print("| measure | base | branch | ratio | CP-SAT runs (base, branch) |")
    print("|---|---|---|---|---|")
    for name in base:
        before, after = statistics.median(base[name]), statistics.median(branch[name])
        ran = f"{'yes' if cpsat[name][0] else 'no'}, {'yes' if cpsat[name][1] else 'no'}"
        if name.startswith("solver mix"):  # a rate: higher is better
            print(f"| {name} | {before:,.0f} | {after:,.0f} | {after / before:.2f}x | some records |")
        else:
            print(f"| {name}, CPU ms | {before * 1e3:.3f} | {after * 1e3:.3f} | {before / after:.2f}x | {ran} |")
    if args.callgrind and records:
        for what, label, n in (("6x6", "6x6 seed 0, instructions per check", 100), ("record", "solver record", 300)):
            before, after = (instructions(path, what, records, n) for path in (args.base, branch_path))
            print(f"| {label} | {before / 1e3:,.0f} k | {after / 1e3:,.0f} k | {before / after:.2f}x | |")


if __name__ == "__main__":
    main()
