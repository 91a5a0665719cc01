"""The combat examples: each states its expected verdict, and its narration is exactly the committed text (in
English, and in French and Spanish where committed). Regenerate a text with `combatcheck combat FILE [--lang fr]
> FILE.<lang>.txt` after reading the difference."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from combatcheck.cli import app
from combatcheck.combat import follow
from combatcheck.combat.narration import timeline_lines
from combatcheck.models import load_snapshot
from combatcheck.solver import check
from typer.testing import CliRunner

FOLDER = Path(__file__).parent.parent / "examples" / "combat"
EXAMPLES = sorted(FOLDER.glob("*.yaml"))
NARRATIONS = sorted(FOLDER.glob("*.txt"))


def test_there_are_examples_in_three_languages() -> None:
    assert len(EXAMPLES) >= 6
    assert {p.name.split(".")[-2] for p in NARRATIONS} == {"en", "fr", "es"}
    assert all(p.with_suffix(".en.txt").exists() for p in EXAMPLES)


@pytest.mark.parametrize("path", NARRATIONS, ids=[p.name for p in NARRATIONS])
def test_narration_is_the_committed_text(path: Path) -> None:
    stem, lang = path.name.split(".")[0], path.name.split(".")[1]
    source = FOLDER / f"{stem}.yaml"
    snapshot = load_snapshot(source.read_text(encoding="utf-8"), str(source))
    expected_verdict = re.search(r"^# expected: (legal|illegal)$", source.read_text(encoding="utf-8"), re.M)
    assert expected_verdict, "the example must say '# expected: legal|illegal'"
    timeline = follow(snapshot, lang=lang)  # type: ignore[arg-type]
    assert timeline.verdict == expected_verdict.group(1)
    assert "\n".join(timeline_lines(timeline, snapshot)) + "\n" == path.read_text(encoding="utf-8")


@pytest.mark.parametrize("path", EXAMPLES, ids=[p.name for p in EXAMPLES])
def test_expected_triggers(path: Path) -> None:
    """'# expected-triggers: EVENT:key:source=times ...': how many times an ability triggers on that event (0: not)."""
    text = path.read_text(encoding="utf-8")
    expected = re.search(r"^# expected-triggers: (.+)$", text, re.M)
    if expected is None:
        return
    timeline = follow(load_snapshot(text, str(path)))
    for item in expected.group(1).split():
        entry, times = item.split("=")
        index, key, source = entry.split(":")
        found = timeline.triggers.get(int(index), [])
        assert sum(t.times for t in found if t.key == key and t.source == source) == int(times), item


def test_the_command_prints_the_narration_and_exits_by_verdict() -> None:
    runner = CliRunner()
    legal = runner.invoke(app, ["combat", str(FOLDER / "flash-foliage.yaml"), "--lang", "fr"])
    assert legal.exit_code == 0
    assert legal.stdout == (FOLDER / "flash-foliage.fr.txt").read_text(encoding="utf-8")
    illegal = runner.invoke(app, ["combat", str(FOLDER / "illegal-block-stops.yaml"), "--json"])
    assert illegal.exit_code == 1
    assert '"stopped_at": 1' in illegal.stdout


def test_bad_input_exits_2_naming_the_event(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text(
        "active_player: ana\nplayers: [ana, ben]\npermanents: [{id: ogre, controller: ana}]\n"
        "events:\n  - {declare_attackers: {attacks: {ogre: ben}}}\n  - {made_to_block: ogre, blocking: ogre}\n"
    )
    result = CliRunner().invoke(app, ["combat", str(bad)])
    assert result.exit_code == 2
    assert "events[1].made_to_block" in result.stderr and "Traceback" not in result.stderr


def test_check_refuses_a_snapshot_with_events() -> None:
    result = CliRunner().invoke(app, ["check", str(FOLDER / "flash-foliage.yaml")])
    assert result.exit_code == 2
    assert "combatcheck combat" in result.stderr


DECLARATIONS = sorted((FOLDER.parent).glob("*.yaml"))


@pytest.mark.parametrize("path", DECLARATIONS, ids=[p.name for p in DECLARATIONS])
def test_a_declaration_without_events_is_judged_as_check_judges_it(path: Path) -> None:
    """Issue 19: `combat` on a snapshot with a `declaration:` and no `events:` judges that declaration as its first
    event, with the checker's verdict; it never says "everything written is legal" for an illegal one."""
    snapshot = load_snapshot(path.read_text(encoding="utf-8"), str(path))
    timeline = follow(snapshot)
    verdict = check(snapshot).verdict
    assert timeline.verdict == verdict
    declared = timeline.moments[1]
    assert declared.event == snapshot.step and declared.state.step == snapshot.step
    assert timeline.declarations[0].verdict == verdict


def test_the_command_on_a_declaration_without_events() -> None:
    result = CliRunner().invoke(app, ["combat", str(FOLDER.parent / "lure.yaml")])
    assert result.exit_code == 1
    assert "Declaration of blockers: illegal (509.1)" in result.stdout
    assert "Now (the declare blockers step)" in result.stdout
    assert "Everything written is legal" not in result.stdout


def test_a_declaration_that_cannot_be_followed_is_refused_naming_the_declaration(tmp_path: Path) -> None:
    """A declare blockers snapshot with nothing attacking: that step is skipped (508.8), so blockers can't be declared;
    the error names `declaration`, the field the snapshot wrote, never an event it did not write."""
    bad = tmp_path / "no-attackers.yaml"
    bad.write_text(
        "active_player: ana\nplayers: [ana, ben]\npermanents: [{id: bear, controller: ben}]\n"
        "declaration: {blocks: {}}\n"
    )
    result = CliRunner().invoke(app, ["combat", str(bad)])
    assert result.exit_code == 2
    assert result.stderr.startswith("error: declaration:") and "events[" not in result.stderr
