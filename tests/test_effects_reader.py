"""The effects reader (cards/statics.py, cards/conditions.py) against the hand-checked sample
tests/data/cards_effects_labelled.yaml (docs/cards.md, "Effects on other objects and conditions")."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from typing import Any

import pytest
import yaml
from combatcheck.cards.db import database
from combatcheck.cards.lookup import known_subtypes

ROOT = Path(__file__).resolve().parent.parent
LABELS = yaml.safe_load((ROOT / "tests" / "data" / "cards_effects_labelled.yaml").read_text(encoding="utf-8"))
# Known misses, each a class the vocabulary lacks: an Aura's grant under a condition ("enchanted creature has flying
# as long as you control a red or white permanent").
KNOWN_MISSES = {"Jeskai Runemark"}


def _script() -> Any:
    spec = importlib.util.spec_from_file_location("effects_accuracy", ROOT / "scripts" / "effects_accuracy.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


SCRIPT = _script()


@pytest.mark.parametrize("label", LABELS, ids=[label["name"] for label in LABELS])
def test_the_reader_gives_the_labelled_effects(label: dict[str, Any]) -> None:
    got = SCRIPT.found(label, known_subtypes(database()))
    want = {c: sorted(json.dumps(i, sort_keys=True) for i in label[c]) for c in ("statics", "attached", "conditional")}
    want["unapplied"] = ["yes"] if label["unapplied"] else []
    same = all(sorted(got[c]) == want[c] for c in want)
    assert same != (label["name"] in KNOWN_MISSES), (got, want)


def test_the_sample_was_drawn_at_random_from_a_large_frame() -> None:
    assert len(LABELS) == 45 and len({label["name"] for label in LABELS}) == 45
