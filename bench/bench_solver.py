"""The CP-SAT rows of issue 24, base against this checkout in one run (not part of the test run).

    python bench/bench_solver.py --base DIR          # DIR: a directory whose `combatcheck` is the base checkout
    python bench/bench_solver.py --base DIR --rounds 5 --skip-huge

Each round runs, for the base and then for this checkout, a fresh process that times `check` in process on
bench/scaling_boards.py boards with requirements and nobody blocking (6x6 seed 0, where CP-SAT runs; 10x10 and
20x20 seed 0; 200x200 seed 200): the median after a warm-up, CPU time. The table gives the median over the rounds
and the ratio base / branch (above 1: this checkout is faster). Interleaving the two in one run is what makes the
ratio mean something on a shared machine (docs/performance.md).

A base directory for main: `git worktree add --detach /tmp/base main; mkdir /tmp/basepath;
ln -s /tmp/base /tmp/basepath/combatcheck`.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

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
    out[f"{{size}}x{{size}} seed {{seed}}"] = [statistics.median(used), bool(info.used_cpsat)]
print(json.dumps(out))
"""


def child(pythonpath: str | None, rows: list[tuple[int, int, int]]) -> dict[str, list[float | bool]]:
    env = dict(os.environ)
    if pythonpath:
        env["PYTHONPATH"] = pythonpath
    else:
        env.pop("PYTHONPATH", None)
    code = CHILD.format(bench=str(BENCH), rows=rows)
    result = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    parsed: dict[str, list[float | bool]] = json.loads(result.stdout.strip().splitlines()[-1])
    return parsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--base", required=True, help="directory whose `combatcheck` is the base checkout")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--skip-huge", action="store_true", help="leave out 200x200")
    args = parser.parse_args()
    rows = [(6, 0, 300), (10, 0, 100), (20, 0, 50)]
    if not args.skip_huge:
        rows.append((200, 200, 3))
    branch_path = str(ROOT.parent) if ROOT.name == "combatcheck" else None
    base: dict[str, list[float]] = {}
    branch: dict[str, list[float]] = {}
    cpsat: dict[str, bool] = {}
    for _ in range(args.rounds):
        for store, path in ((base, args.base), (branch, branch_path)):
            for name, (seconds, used_cpsat) in child(path, rows).items():
                store.setdefault(name, []).append(float(seconds))
                if store is branch:
                    cpsat[name] = bool(used_cpsat)
    print(f"load average after: {os.getloadavg()[0]:.2f}")
    print("| board (requirements, no blocks) | base ms | branch ms | ratio | CP-SAT runs |")
    print("|---|---|---|---|---|")
    for name in base:
        before, after = statistics.median(base[name]) * 1e3, statistics.median(branch[name]) * 1e3
        print(f"| {name} | {before:.3f} | {after:.3f} | {before / after:.2f}x | {'yes' if cpsat[name] else 'no'} |")


if __name__ == "__main__":
    main()
