"""The top-level API (issue 23 §3): `combatcheck.load`, `check`, `solve`, `can_block`, `can_attack`, `explain`, as
python-chess has `chess.Board`. The same answers as the commands, from a path, text or a dict."""

from __future__ import annotations

import doctest
import inspect
import json
import subprocess
import sys
from pathlib import Path

import combatcheck
import pytest
import yaml
from combatcheck import SnapshotError

ROOT = Path(__file__).resolve().parents[1]
LURE = ROOT / "examples" / "lure.yaml"


def test_load_reads_a_path_text_bytes_and_a_dict_alike() -> None:
    text = LURE.read_text(encoding="utf-8")
    loaded = [
        combatcheck.load(LURE),
        combatcheck.load(str(LURE)),
        combatcheck.load(text),
        combatcheck.load(text.encode()),
        combatcheck.load(yaml.safe_load(text)),
    ]
    assert all(isinstance(s, combatcheck.Snapshot) for s in loaded)
    assert all(s == loaded[0] for s in loaded)


def test_a_file_name_that_does_not_exist_is_named_as_a_file() -> None:
    """Not "a snapshot is a mapping": the name is read as a file, and its problem says it is missing."""
    with pytest.raises(SnapshotError) as caught:
        combatcheck.load("nosuch.yaml")
    assert str(caught.value) == "nosuch.yaml: No such file or directory"
    assert caught.value.problems[0].code == "no_such_file"


def test_load_snapshot_of_a_file_name_says_how_to_read_the_file() -> None:
    from combatcheck.models import load_snapshot

    with pytest.raises(SnapshotError) as caught:
        load_snapshot("file.yaml")
    message = str(caught.value)
    assert "file name 'file.yaml'" in message and "read_snapshot()" in message and "combatcheck.load()" in message


def test_one_line_of_yaml_is_text_not_a_file_name() -> None:
    with pytest.raises(SnapshotError) as caught:
        combatcheck.load("format_version: notes.yaml")
    assert caught.value.problems[0].path == "format_version"


def test_load_refuses_what_is_not_a_source() -> None:
    with pytest.raises(TypeError, match="path, text or a mapping"):
        combatcheck.load(42)  # type: ignore[arg-type]


def test_bad_input_names_its_field() -> None:
    with pytest.raises(SnapshotError) as caught:
        combatcheck.load({"players": ["ana", "ben"], "active_player": "ana", "permanents": [], "attacks": []})
    assert [p.path for p in caught.value.problems] == ["attacks"]


def test_check_and_solve_give_the_commands_report() -> None:
    """The library's report is the one `check --json` and `solve --json` print."""
    for command, function in (("check", combatcheck.check), ("solve", combatcheck.solve)):
        report = function(LURE)
        printed = subprocess.run(
            [sys.executable, "-m", "combatcheck", command, str(LURE), "--json"], capture_output=True, text=True
        )
        assert printed.returncode == {"legal": 0, "illegal": 1}[report.verdict]
        expected = json.loads(printed.stdout)
        got = json.loads(report.model_dump_json())
        for data in (expected, got):
            data.pop("solver")  # timings differ
        assert got == expected
    assert combatcheck.check(LURE).verdict == "illegal"
    assert combatcheck.solve(LURE).verdict == "legal"


def test_check_takes_a_snapshot_and_a_language() -> None:
    snapshot = combatcheck.load(LURE)
    report = combatcheck.check(snapshot, lang="fr")
    assert report.lang == "fr"
    lines = combatcheck.explain(report, snapshot)
    assert lines[0] == "ILLÉGAL"


def test_check_refuses_a_combat_timeline() -> None:
    timeline = next((ROOT / "examples" / "combat").glob("*.yaml"))
    with pytest.raises(SnapshotError) as caught:
        combatcheck.check(timeline)
    assert caught.value.problems[0].path == "events"


def test_questions_answer_and_a_wrong_id_is_bad_input() -> None:
    assert combatcheck.can_block(LURE, "bear", "lured").answer == "yes"
    assert combatcheck.can_block(LURE, "archer", "lured").answer == "no"
    with pytest.raises(SnapshotError) as caught:
        combatcheck.can_block(LURE, "bears", "lured")
    assert caught.value.problems[0].path == "blocker"


def test_the_docstring_examples_run(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)  # the examples name examples/lure.yaml
    results = doctest.testmod(combatcheck, optionflags=doctest.NORMALIZE_WHITESPACE)
    assert results.attempted >= 4
    assert results.failed == 0


def test_every_export_is_documented() -> None:
    for name in combatcheck.__all__:
        value = getattr(combatcheck, name)
        if inspect.isfunction(value) or inspect.isclass(value):
            assert value.__doc__, name


def test_import_stays_light() -> None:
    """`import combatcheck` loads neither the solver nor the models (the commands' start-up pays for neither)."""
    code = "import sys, combatcheck; print(sorted(m for m in sys.modules if m.startswith('combatcheck')))"
    loaded = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert "combatcheck.models" not in loaded and "combatcheck.solver" not in loaded and "ortools" not in loaded


def test_the_readme_s_python_example_runs(monkeypatch: pytest.MonkeyPatch) -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    block = readme.split("## Use it from Python", 1)[1].split("```python\n", 1)[1].split("```", 1)[0]
    monkeypatch.chdir(ROOT)
    namespace: dict[str, object] = {}
    exec(compile(block, "README.md", "exec"), namespace)
    assert namespace["report"].verdict == "illegal"  # type: ignore[attr-defined]
