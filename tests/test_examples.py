"""Every bundled example states its expected verdict in a comment; the checker must agree."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from combatcheck.combat.triggers import with_triggers
from combatcheck.models import load_snapshot
from combatcheck.solver import check

EXAMPLES = sorted((Path(__file__).parent.parent / "examples").glob("*.yaml"))


def expectations(text: str) -> tuple[str, set[str]]:
    verdict = re.search(r"^# expected: (legal|illegal)\s*$", text, re.M)
    assert verdict, "the example must say '# expected: legal|illegal'"
    rules = re.search(r"^# expected-violations: (.+)$", text, re.M)
    return verdict.group(1), set(rules.group(1).split()) if rules else set()


def test_there_are_examples() -> None:
    assert len(EXAMPLES) >= 8


@pytest.mark.parametrize("path", EXAMPLES, ids=[p.name for p in EXAMPLES])
def test_example(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    verdict, keys = expectations(text)
    report = check(load_snapshot(text, str(path)))
    assert report.verdict == verdict, report.model_dump_json(indent=1)
    assert keys <= {v.key for v in report.violations}
    if verdict == "illegal":
        assert report.witness is not None
    triggers = re.search(r"^# expected-triggers: (.+)$", text, re.M)
    if triggers:  # "key:source=times ...": how many times each ability triggers (0: it doesn't)
        found = with_triggers(report, load_snapshot(text, str(path))).triggers or []
        for item in triggers.group(1).split():
            entry, times = item.split("=")
            key, source = entry.split(":")
            assert sum(t.times for t in found if t.key == key and t.source == source) == int(times), item
