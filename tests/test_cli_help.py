"""`--help` in people's words (issue 23 §3): no Python types (`<bool>`, `<list[Path]>`, `<float range>
[x>=0.001]`), ranges said in the help text, `--json` saying what it prints, and two examples for every command,
each of which parses (and, where it reads a file of examples/, runs without bad input)."""

from __future__ import annotations

import re
import shlex
from pathlib import Path
from typing import Any

import pytest
import typer.main
from combatcheck.cli import app
from combatcheck.cli_help import EXAMPLES, range_words
from typer.testing import CliRunner

ROOT = Path(__file__).resolve().parents[1]
runner = CliRunner()
PYTHON_WORDS = re.compile(r"<(bool|str|int|float|path|Path|list\[[^\]]*\])[^>]*>|x[<>]=|\bTEXT\b|\bINTEGER\b|FLOAT")


def commands() -> dict[str, Any]:
    found: dict[str, Any] = {}

    def walk(command: Any, path: list[str]) -> None:
        subs = getattr(command, "commands", None)
        if subs:
            for name, sub in subs.items():
                walk(sub, [*path, name])
        else:
            found[" ".join(path)] = command

    walk(typer.main.get_command(app), [])
    return found


COMMANDS = commands()


def help_of(name: str) -> str:
    result = runner.invoke(app, [*name.split(), "--help"], env={"COLUMNS": "200"}, terminal_width=200)
    assert result.exit_code == 0, result.output
    return result.stdout


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_help_names_no_python_type(name: str) -> None:
    text = help_of(name)
    assert not PYTHON_WORDS.search(text), PYTHON_WORDS.search(text)
    assert "{" not in text.split("\n", 3)[1]  # the usage line: FILE, not {file}


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_every_command_has_two_examples_that_parse(name: str) -> None:
    examples = EXAMPLES[name]
    assert len(examples) == 2
    text = help_of(name)
    assert "Examples:" in text
    command = COMMANDS[name]
    for example in examples:
        assert example in text
        words = shlex.split(example.split(" > ")[0])
        assert words[: 1 + len(name.split())] == ["combatcheck", *name.split()], example
        command.make_context(name, words[1 + len(name.split()) :])  # raises on an unknown option or argument


RUNNABLE = [
    (name, example)
    for name, examples in sorted(EXAMPLES.items())
    for example in examples
    if any(w.startswith("examples/") for w in shlex.split(example))
    and name in ("check", "solve", "combat", "damage", "can-block", "can-attack", "count", "forced")
]


@pytest.mark.parametrize(("name", "example"), RUNNABLE)
def test_the_examples_on_example_files_run(name: str, example: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    result = runner.invoke(app, shlex.split(example)[1:])
    assert result.exit_code in (0, 1), (example, result.stderr)


def test_ranges_are_said_in_words() -> None:
    assert range_words(0.001, None) == "at least 0.001"
    assert range_words(1, 65535) == "from 1 to 65535"
    assert "(at least 0.001)" in help_of("check")
    assert "(from 1 to 65535)" in help_of("serve")


def test_json_says_what_it_prints() -> None:
    """`rules --json` prints the catalog, not "the report"."""
    assert "print the rule catalog as JSON" in help_of("rules")
    assert "print the report as JSON" not in help_of("rules")
    assert "print the trigger catalog as JSON" in help_of("triggers")
    assert "print the answer as JSON" in help_of("can-block")


def test_the_values_are_named_as_people_name_them() -> None:
    text = help_of("check")
    assert re.search(r"--time-limit\s+SECONDS", text) and re.search(r"--lang\s+en\|fr\|es", text)
    assert re.search(r"--json\s+print", text)  # a flag takes no value
    assert "batch [OPTIONS] FILE..." in help_of("batch")


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_a_command_s_help_is_sentences_not_wrapped_lines(name: str) -> None:
    """The list of commands shows each help as written: a docstring's wrapped lines would break it mid-sentence."""
    text = COMMANDS[name].help or ""
    assert "\n" not in text.replace("\n\n", ""), text
