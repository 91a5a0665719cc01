"""Small builders for hand-written test boards."""

from __future__ import annotations

from typing import Any

from combatcheck.models import Snapshot, snapshot_from_data


def attacker(pid: str, *abilities: Any, **fields: Any) -> dict[str, Any]:
    return {
        "id": pid,
        "controller": "ana",
        "power": 2,
        "toughness": 2,
        "attacking": "ben",
        "abilities": list(abilities),
        **fields,
    }


def blocker(pid: str, *abilities: Any, **fields: Any) -> dict[str, Any]:
    return {"id": pid, "controller": "ben", "power": 2, "toughness": 2, "abilities": list(abilities), **fields}


def board(
    *permanents: dict[str, Any],
    blocks: dict[str, Any] | None = None,
    effects: list[Any] | None = None,
    players: list[Any] | None = None,
    **extra: Any,
) -> Snapshot:
    data: dict[str, Any] = {
        "step": "declare_blockers",
        "active_player": "ana",
        "players": players or ["ana", "ben"],
        "permanents": list(permanents),
        "effects": effects or [],
        **extra,
    }
    if blocks is not None:
        data["declaration"] = {"blocks": blocks}
    return snapshot_from_data(data)


def creature(pid: str, *abilities: Any, **fields: Any) -> dict[str, Any]:
    """A creature of the active player (ana), ready to attack."""
    return {"id": pid, "controller": "ana", "power": 2, "toughness": 2, "abilities": list(abilities), **fields}


def attack_board(
    *permanents: dict[str, Any],
    attacks: dict[str, str] | None = None,
    bands: list[list[str]] | None = None,
    effects: list[Any] | None = None,
    players: list[Any] | None = None,
    **extra: Any,
) -> Snapshot:
    data: dict[str, Any] = {
        "step": "declare_attackers",
        "active_player": "ana",
        "players": players or ["ana", "ben"],
        "permanents": list(permanents),
        "effects": effects or [],
        **extra,
    }
    if attacks is not None or bands is not None:
        data["declaration"] = {"attacks": attacks or {}, "bands": bands or []}
    return snapshot_from_data(data)


def menace_lure_board(blocks: dict[str, list[str]] | None = None) -> Snapshot:
    """Menace, a Lure and "blocks each combat if able": the optimum needs CP-SAT (or, for a proposal that breaks no
    restriction, solver/shortcut.py), and so does every question about it. The budget tests run on it."""
    return board(
        attacker("brute", "menace"),
        attacker("lured", "all_able_must_block_it"),
        blocker("sentry", "blocks_each_combat_if_able"),
        blocker("bear"),
        blocker("wall", "cant_block_alone"),
        blocks=blocks,
    )


class FakeClock:
    """Time that advances one second each time it is read, so a limit of k seconds runs out at the k-th read."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        self.now += 1.0
        return self.now
