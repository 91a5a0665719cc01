"""Records: a built board (made illegal by one mistake, or not) as a record with `id`, `source` and `expected`; the
stream of records grouped in games; writing them as JSON lines."""

from __future__ import annotations

import gzip
import io
import json
import random
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import IO, Any

from .attack_board import AttackBoard
from .attacks import attack_pattern_weights, attack_requirements, finish_attacks, free_attacks, populate_attack
from .block_board import BlockBoard
from .blocks import block_requirements, free_blocks, populate_blocks
from .mistakes import Mutation, attack_mistakes, block_mistakes
from .rates import (
    ATTACK_MUTATION_WEIGHTS,
    ATTACK_REQUIREMENT_KEYS,
    ATTACK_SHARES,
    BLOCK_REQUIREMENT_KEYS,
    MUTATION_WEIGHTS,
    PATTERN_RATES,
    AttackPattern,
    Pattern,
)
from .table import Game, choose, new_game


def blockers_record(rng: random.Random, game: Game, mix: str, illegal: bool) -> dict[str, Any]:
    """One declare-blockers record of `game` at its current turn."""
    for _attempt in range(100):
        pattern: Pattern = choose(rng, PATTERN_RATES[mix])
        active = game.players[(game.turn - 1) % len(game.players)]
        board = BlockBoard(rng, game.players, game.colors, active, game.turn, game.attack_option)
        populate_blocks(board, pattern)
        block_requirements(board, pattern)
        free_blocks(board, pattern)
        mutations = block_mistakes(board, pattern) if illegal else None
        focus = pattern not in ("none", "cost")
        record = board_record(
            rng,
            game,
            "declare_blockers",
            pattern,
            board.snapshot,
            mutations,
            MUTATION_WEIGHTS,
            BLOCK_REQUIREMENT_KEYS,
            focus,
        )
        if record is not None:
            return record
    raise RuntimeError("could not build a board for this record")  # pragma: no cover - 100 tries never fail


def board_record(
    rng: random.Random,
    game: Game,
    step: str,
    pattern: str,
    snapshot: Callable[[], dict[str, Any]],
    mutations: dict[str, Mutation] | None,
    weights: dict[str, float],
    requirement_keys: frozenset[str],
    focus_on_requirements: bool,
) -> dict[str, Any] | None:
    """The record of a built board: legal as built, or (with `mutations`) illegal by one mistake drawn from them,
    half the time a missed requirement when one is possible. None when no mistake fits this board."""
    source: dict[str, Any] = {"game": game.id, "turn": game.turn, "step": step, "pattern": pattern}
    if mutations is not None:
        if not mutations:
            return None
        chances = {k: weights[k] for k in mutations}
        if focus_on_requirements and requirement_keys & set(mutations) and rng.random() < 0.5:
            chances = {k: w for k, w in chances.items() if k in requirement_keys}
        mutation = choose(rng, chances)
        mutations[mutation]()
        source["mutation"] = mutation
    record: dict[str, Any] = {
        "id": f"{game.id}-t{game.turn:02d}",
        "source": source,
        "expected": "legal" if mutations is None else "illegal",
    }
    record.update(snapshot())
    return record


def attackers_record(rng: random.Random, game: Game, mix: str, illegal: bool) -> dict[str, Any]:
    """One declare-attackers record of `game` at its current turn."""
    for _attempt in range(100):
        active = game.players[(game.turn - 1) % len(game.players)]
        board = AttackBoard(rng, game.players, game.colors, active, game.turn, game.attack_option)
        pattern: AttackPattern = choose(rng, attack_pattern_weights(mix, board))
        populate_attack(board, pattern)
        attack_requirements(board, pattern)
        free_attacks(board, pattern)
        finish_attacks(board, pattern)
        mutations = attack_mistakes(board, pattern) if illegal else None
        record = board_record(
            rng,
            game,
            "declare_attackers",
            pattern,
            board.snapshot,
            mutations,
            ATTACK_MUTATION_WEIGHTS,
            ATTACK_REQUIREMENT_KEYS,
            True,
        )
        if record is not None:
            return record
    raise RuntimeError("could not build a board for this record")  # pragma: no cover - 100 tries never fail


STEP_BUILDERS: dict[str, Callable[[random.Random, Game, str, bool], dict[str, Any]]] = {
    "declare_blockers": blockers_record,
    "declare_attackers": attackers_record,
}


def generate_records(
    count: int,
    *,
    seed: int = 0,
    illegal_share: float = 0.1,
    mix: str = "play",
    step: str | None = None,
) -> Iterator[dict[str, Any]]:
    """`count` records, grouped in games of a few combats each; exactly round(count * illegal_share) are illegal.

    `step` None mixes the steps as the mix says (`ATTACK_SHARES`: a third of attack records in `play`, none in
    `fast` and `solver`); "declare_blockers" or "declare_attackers" gives only that step.
    Streamed: memory does not grow with `count`. The same arguments always give the same records.
    """
    if count < 0:
        raise ValueError("count must be >= 0")
    if not 0.0 <= illegal_share <= 1.0:
        raise ValueError("illegal_share must be between 0 and 1")
    if mix not in PATTERN_RATES:
        raise ValueError(f"unknown mix '{mix}'; known: {', '.join(PATTERN_RATES)}")
    if step is not None and step not in STEP_BUILDERS:
        raise ValueError(f"unknown step '{step}'; known: {', '.join(STEP_BUILDERS)}")
    attack_share = ATTACK_SHARES[mix] if step is None else float(step == "declare_attackers")
    rng = random.Random(seed)
    wanted = round(count * illegal_share)
    game_number = 0
    game = new_game(rng, game_number, mix, attack_share > 0)
    combats_left = rng.randint(3, 9)
    for index in range(count):
        # Selection sampling (Knuth's algorithm S): exactly `wanted` illegal records, spread uniformly.
        illegal = rng.random() * (count - index) < wanted
        wanted -= illegal
        if combats_left == 0:
            game_number += 1
            game = new_game(rng, game_number, mix, attack_share > 0)
            combats_left = rng.randint(3, 9)
        # Drawn only when both steps are possible, so a one-step stream is the same as before attacks existed.
        this_step = step or (
            "declare_attackers" if attack_share > 0 and rng.random() < attack_share else "declare_blockers"
        )
        yield STEP_BUILDERS[this_step](rng, game, mix, illegal)
        combats_left -= 1
        game.turn += rng.choice((1, 1, 2))


def dumps(record: dict[str, Any]) -> str:
    return json.dumps(record, separators=(",", ":"), ensure_ascii=False)


def write_records(records: Iterable[dict[str, Any]], stream: IO[str]) -> int:
    """Write records as JSON lines; returns how many."""
    n = 0
    for record in records:
        stream.write(dumps(record) + "\n")
        n += 1
    return n


def write_file(records: Iterable[dict[str, Any]], path: Path) -> int:
    """Write to `path`, gzip-compressed when it ends in .gz (reproducibly: no timestamp in the header)."""
    if path.suffix == ".gz":
        with path.open("wb") as raw, gzip.GzipFile(filename="", mode="wb", fileobj=raw, mtime=0) as gz:
            text = io.TextIOWrapper(gz, encoding="utf-8", newline="\n")
            n = write_records(records, text)
            text.flush()
            text.detach()
            return n
    with path.open("w", encoding="utf-8", newline="\n") as stream:
        return write_records(records, stream)
