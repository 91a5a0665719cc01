"""solver.collection.collection_paused: no automatic collection inside, the caller's state restored after, even
when the check raises."""

from __future__ import annotations

import gc
from typing import Any

import pytest
from combatcheck.solver.collection import collection_paused


@pytest.mark.parametrize("enabled", [True, False])
def test_the_callers_state_is_restored(enabled: bool) -> None:
    was = gc.isenabled()
    try:
        (gc.enable if enabled else gc.disable)()
        with collection_paused():
            assert not gc.isenabled()
        assert gc.isenabled() == enabled
        with pytest.raises(ValueError), collection_paused():
            raise ValueError
        assert gc.isenabled() == enabled
    finally:
        (gc.enable if was else gc.disable)()


def test_a_check_runs_without_collection_and_leaves_it_on(monkeypatch: pytest.MonkeyPatch) -> None:
    from combatcheck.models import snapshot_from_data
    from combatcheck.solver import check, decide

    seen: list[bool] = []
    inner = decide._check

    def watched(*args: Any, **kwargs: Any) -> Any:
        seen.append(gc.isenabled())
        return inner(*args, **kwargs)

    monkeypatch.setattr(decide, "_check", watched)
    board = {
        "step": "declare_blockers",
        "active_player": "ana",
        "players": ["ana", "ben"],
        "permanents": [
            {"id": "brute", "controller": "ana", "power": 2, "toughness": 2, "attacking": "ben"},
            {"id": "bear", "controller": "ben", "power": 2, "toughness": 2},
        ],
    }
    assert check(snapshot_from_data(board)).verdict == "legal"
    assert seen == [False] and gc.isenabled()
