"""Benchmark of `combatcheck import arena`: megabytes of Player.log per second per core, and peak memory.

The log is built from the real 2026 sample (tests/data/arena/player_log_stack_order_20261019.log, MIT): each game
is a full game state, the sample's own GRE lines (turn 6, big diffs: the densest part of a real log) and the lines
that end its combat, under a match id of its own, with the non-game lines a real log has between them (a
pretty-printed client message, Unity noise). Every game gives two records (the attack and "no blocks").

    python bench/bench_arena.py                 # 50 and 200 MB plain, 50 MB gzip
    python bench/bench_arena.py --sizes 20 --gzip-size 0

Each import runs in its own process (`combatcheck import arena`, the real console script), so its peak resident
memory (VmHWM) is its own: flat memory shows as the same peak for both sizes.
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SAMPLE = ROOT / "tests" / "data" / "arena" / "player_log_stack_order_20261019.log"
NOISE = """[UnityCrossThreadLogger]10/19/2026 3:54:22 PM: 1A2B3C4D5E6F to Match: ClientToMatchServiceMessageType_ClientToGREMessage
{
  "requestId": 91,
  "clientToMatchServiceMessageType": "ClientToMatchServiceMessageType_ClientToGREMessage",
  "payload": {
    "type": "ClientMessageType_UIMessage",
    "uiMessage": { "seatIds": [ 1 ], "onHover": { "objectId": 294 } }
  }
}
(Filename: C:\\buildslave\\unity\\build\\Runtime/Export/Debug/Debug.bindings.h Line: 35)

"""


def _event(messages: list[dict[str, object]]) -> str:
    envelope = {"transactionId": "bench", "requestId": 1, "greToClientEvent": {"greToClientMessages": messages}}
    header = "[UnityCrossThreadLogger]10/19/2026 3:54:22 PM: Match to 1A2B3C4D5E6F: GreToClientEvent\n"
    return header + json.dumps(envelope) + "\n"


def _state(state_id: int, turn_info: dict[str, object], **fields: object) -> dict[str, object]:
    state = {
        "type": "GameStateType_Diff",
        "gameStateId": state_id,
        "prevGameStateId": state_id - 1,
        "turnInfo": turn_info,
    }
    state.update(fields)
    return {"type": "GREMessageType_GameStateMessage", "systemSeatIds": [2], "gameStateMessage": state}


def game_block(number: int) -> str:
    """One game: a full state that starts it, the sample's lines, and the end of its combat."""
    sample = [line for line in SAMPLE.read_text(encoding="utf-8").splitlines(keepends=True) if line.startswith("{")]
    full = {
        "type": "GameStateType_Full",
        "gameStateId": 110,
        "gameInfo": {"matchID": f"bench-{number:08d}", "gameNumber": 1, "stage": "GameStage_Play"},
        "players": [{"systemSeatNumber": s, "teamId": s, "lifeTotal": 20} for s in (1, 2)],
        "turnInfo": {"phase": "Phase_Main2", "turnNumber": 5, "activePlayer": 1},
        "zones": [{"zoneId": 28, "type": "ZoneType_Battlefield", "objectInstanceIds": [286, 279]}],
        "gameObjects": [
            {"instanceId": i, "grpId": 65385, "type": "GameObjectType_Card", "zoneId": 28, "controllerSeatId": 1,
             "cardTypes": ["CardType_Land"], "uniqueAbilities": [{"id": 1, "grpId": 1004}]}
            for i in (286, 279)
        ],
    }  # fmt: skip
    text = _event([{"type": "GREMessageType_GameStateMessage", "systemSeatIds": [2], "gameStateMessage": full}])
    for line in sample:
        text += "[UnityCrossThreadLogger]10/19/2026 3:54:22 PM: Match to 1A2B3C4D5E6F: GreToClientEvent\n" + line
        text += NOISE
    attack = {"phase": "Phase_Combat", "step": "Step_DeclareAttack", "turnNumber": 6, "activePlayer": 2}
    mouse = {
        "instanceId": 294, "grpId": 91668, "type": "GameObjectType_Card", "zoneId": 28, "controllerSeatId": 2,
        "cardTypes": ["CardType_Creature"], "subtypes": ["SubType_Mouse"], "power": {"value": 4},
        "toughness": {"value": 4}, "isTapped": True, "attackState": "AttackState_Attacking",
        "attackInfo": {"targetId": 1}, "uniqueAbilities": [{"id": 207, "grpId": 9}],
    }  # fmt: skip
    text += _event([_state(146, attack, gameObjects=[mouse])])
    for state_id, step in ((147, "Step_DeclareBlock"), (148, "Step_CombatDamage"), (149, "Step_EndCombat")):
        text += _event([_state(state_id, dict(attack, step=step))])
    return text


def build_log(path: Path, megabytes: float, compressed: bool) -> tuple[int, int]:
    """Write games until the log holds `megabytes` of text; returns (bytes of text, games)."""
    written = games = 0
    opener = gzip.open if compressed else open
    with opener(path, "wt", encoding="utf-8") as handle:
        while written < megabytes * 1e6:
            block = game_block(games)
            handle.write(block)
            written += len(block.encode("utf-8"))
            games += 1
    return written, games


def run_import(log: Path, out: Path) -> dict[str, float]:
    """`combatcheck import arena` in its own process: wall time, CPU time of the child, its peak memory."""
    script = (
        "import resource, sys, time\n"
        "from combatcheck.cli import main\n"
        "sys.argv = ['combatcheck', 'import', 'arena', sys.argv[1], '--out', sys.argv[2], '--overwrite']\n"
        "try:\n    main()\nexcept SystemExit:\n    pass\n"
        "peak = [l for l in open('/proc/self/status') if l.startswith('VmHWM')][0].split()[1]\n"
        "print('PEAK_KB', peak, file=sys.stderr)\n"
    )
    before = os.times()
    started = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-c", script, str(log), str(out)], capture_output=True, text=True, check=True
    )
    wall = time.perf_counter() - started
    after = os.times()
    cpu = (after.children_user - before.children_user) + (after.children_system - before.children_system)
    peak = next(int(line.split()[1]) for line in done.stderr.splitlines() if line.startswith("PEAK_KB"))
    return {"wall": wall, "cpu": cpu, "peak_mb": peak / 1024}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sizes", type=float, nargs="*", default=[50, 200], help="plain log sizes, MB")
    parser.add_argument("--gzip-size", type=float, default=50, help="a gzip log of this many MB of text (0: none)")
    args = parser.parse_args()
    runs = [(size, False) for size in args.sizes] + ([(args.gzip_size, True)] if args.gzip_size else [])
    with tempfile.TemporaryDirectory() as tmp:
        for size, compressed in runs:
            log = Path(tmp) / ("Player.log.gz" if compressed else "Player.log")
            text_bytes, games = build_log(log, size, compressed)
            figures = run_import(log, Path(tmp) / "records.jsonl")
            mb = text_bytes / 1e6
            records = sum(1 for _ in (Path(tmp) / "records.jsonl").open())
            kind = "gzip" if compressed else "plain"
            print(
                f"{kind:5} {mb:7.1f} MB of log ({log.stat().st_size / 1e6:.1f} MB on disk), {games:,} games, "
                f"{records:,} records: {figures['wall']:.1f} s wall, {figures['cpu']:.1f} s CPU -> "
                f"{mb / figures['cpu']:.1f} MB/s per core (CPU time), {mb / figures['wall']:.1f} MB/s wall; "
                f"peak memory {figures['peak_mb']:.0f} MB"
            )
            log.unlink()


if __name__ == "__main__":
    main()
