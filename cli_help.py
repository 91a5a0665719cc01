"""`--help` in people's words: what an option takes is named as a person would (FILE, SECONDS, N, en|fr|es), never
as a Python type (`<bool>`, `<list[Path]>`, `<float range> [x>=0.001]`); a range is said in the help text ("at
least 0.001"); and every command ends with two examples. The entry point (`cli.py`) applies it to the command
tree once typer has built it, so that each command module only says what its options mean. Imports nothing of the
project."""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Any

# Two examples for each command, as a person types them in the repository (the files are examples/ of the source
# tree); tests/test_cli_help.py runs the parsing of every one.
EXAMPLES: dict[str, tuple[str, ...]] = {
    "check": ("combatcheck check examples/lure.yaml", "combatcheck check examples/lure.yaml --json --lang fr"),
    "solve": ("combatcheck solve examples/lure.yaml", "combatcheck solve examples/siege.yaml --json"),
    "schema": ("combatcheck schema", "combatcheck schema report > report.schema.json"),
    "rules": ("combatcheck rules", "combatcheck rules --json"),
    "combat": (
        "combatcheck combat examples/combat/flash-foliage.yaml",
        "combatcheck combat examples/combat/flash-foliage.yaml --lang es --json",
    ),
    "damage": (
        "combatcheck damage examples/combat/damage-trample-deathtouch.yaml",
        "combatcheck damage examples/combat/damage-banding.yaml --ranges --every 5",
    ),
    "can-block": (
        "combatcheck can-block examples/lure.yaml bear lured",
        "combatcheck can-block examples/lure.yaml archer raven --json",
    ),
    "can-attack": (
        "combatcheck can-attack examples/siege.yaml ogre siege",
        "combatcheck can-attack examples/siege.yaml pup ben --lang fr",
    ),
    "count": ("combatcheck count examples/lure.yaml", "combatcheck count examples/lure.yaml --limit 100 --show 3"),
    "forced": ("combatcheck forced examples/lure.yaml", "combatcheck forced examples/lure.yaml --json"),
    "render": (
        "combatcheck render examples/lure.yaml --out lure.svg",
        "combatcheck render examples/lure.yaml --out lure.png --witness --lang fr",
    ),
    "triggers": ("combatcheck triggers", "combatcheck triggers --json"),
    "serve": ("combatcheck serve", "combatcheck serve --port 8080 --workers 2"),
    "batch": (
        "combatcheck batch examples/recorded/sample.jsonl.gz --out results.jsonl",
        "combatcheck batch games/*.jsonl --out results.jsonl --resume --table results.parquet",
    ),
    "table": (
        "combatcheck table results.jsonl --out records.csv",
        "combatcheck table results.jsonl --out records.parquet --overwrite",
    ),
    "report": (
        "combatcheck report results.jsonl --out report.html --records-dir examples/recorded",
        "combatcheck report results.jsonl --out report.html --no-pictures",
    ),
    "generate": (
        "combatcheck generate --count 1000 --out records.jsonl",
        "combatcheck generate --count 100 --seed 7 --illegal-share 0.5 --out records.jsonl",
    ),
    "cards show": ("combatcheck cards show 'Grizzly Bears'", "combatcheck cards show Lure --json"),
    "cards search": ("combatcheck cards search bear", "combatcheck cards search 'all creatures able' --limit 5"),
    "cards import": ("combatcheck cards import AtomicCards.json", "combatcheck cards import cards.json.gz"),
    "cards update": (
        "combatcheck cards update",
        "combatcheck cards update --source https://example.org/AtomicCards.json.gz",
    ),
    "cards info": ("combatcheck cards info", "combatcheck cards info --missing"),
    "import arena": (
        "combatcheck import arena examples/arena/Player.log --out records.jsonl",
        "combatcheck import arena Player.log --out records.jsonl --overwrite",
    ),
}

# What `--json` prints, command by command (bad input under --json is the desk API's error shape, for all).
JSON_HELP = {
    "check": "print the report as JSON (bad input: the error as JSON)",
    "solve": "print the report, with the declaration found, as JSON (bad input: the error as JSON)",
    "rules": "print the rule catalog as JSON: key, rule, kind and summary of each rule",
    "triggers": "print the trigger catalog as JSON",
    "combat": "print the timeline as JSON (`combatcheck schema combat`; bad input: the error as JSON)",
    "damage": "print the damage report as JSON (bad input: the error as JSON)",
    "can-block": "print the answer as JSON (bad input: the error as JSON)",
    "can-attack": "print the answer as JSON (bad input: the error as JSON)",
    "count": "print the count and the declarations listed as JSON (bad input: the error as JSON)",
    "forced": "print the forced choices as JSON (bad input: the error as JSON)",
    "cards show": "print the card and how combatcheck reads it as JSON",
}

# A value's word by the option's or argument's name, where its type says too little ("text").
_BY_NAME = {
    "file": "FILE",
    "inputs": "FILE",
    "logs": "LOG",
    "results": "RESULTS",
    "host": "ADDRESS",
    "scheduler": "ADDRESS",
    "port": "PORT",
    "source": "URL",
    "seed": "N",
    "time_limit": "SECONDS",
}
_BY_TYPE = {"int": "N", "float": "NUMBER", "path": "FILE", "str": "TEXT", "text": "TEXT", "integer": "N"}


def _type_label(param: Any) -> str:
    """The type typer would show, bare: "int", "float range", "path", "en|fr|es", "bool", "list[str]"."""
    display = getattr(param, "display_type", None)
    if callable(display):
        try:
            return str(display(None)).strip("<>")
        except Exception:  # another typer's signature: fall back on click's type name
            pass
    kind = getattr(param, "type", None)
    choices = getattr(kind, "choices", None)
    if choices:
        return "|".join(str(getattr(c, "value", c)) for c in choices)
    return str(getattr(kind, "name", "text"))


def value_word(param: Any) -> str:
    """What the option or argument takes, in people's words; "" for a flag, which takes nothing."""
    if getattr(param, "is_flag", False) or getattr(param, "is_bool_flag", False):
        return ""
    label = _type_label(param)
    if "|" in label:
        return label.removeprefix("list[").removesuffix("]")
    name = str(param.name or "")
    if name in _BY_NAME:
        return _BY_NAME[name]
    base = label.removeprefix("list[").removesuffix("]").removesuffix(" range")
    if base in ("path", "Path") and name.endswith("dir"):
        return "FOLDER"
    if base in ("str", "text") and param.param_type_name == "argument":
        return name.upper()
    return _BY_TYPE.get(base, _BY_TYPE.get(base.lower(), name.upper()))


def range_words(low: object, high: object) -> str:
    """A number's range as the help says it."""
    if low is not None and high is not None:
        return f"from {low} to {high}"
    return f"at least {low}" if low is not None else f"at most {high}"


def _say_range(param: Any) -> None:
    low, high = getattr(param, "min", None), getattr(param, "max", None)
    if low is None and high is None:
        return
    words = range_words(low, high)
    if param.help and words not in param.help:
        param.help = f"{param.help} ({words})"
    if hasattr(param, "_get_number_range_help_str"):  # typer's own "[x>=0.001]": said in the help text instead
        param._get_number_range_help_str = lambda: None


def _name_value(param: Any) -> None:
    word = value_word(param)
    if param.param_type_name == "argument":
        choices = word if "|" in word else ""
        word = str(param.name or "").upper() if choices else word
        shown = word + ("..." if param.nargs != 1 else "")
        param.metavar = word
        if hasattr(param, "_usage_display_name"):  # typer's usage line writes "{file}" for a required argument
            param._usage_display_name = lambda shown=shown, required=param.required: shown if required else f"[{shown}]"
        if hasattr(param, "display_type_rich"):  # typer's type column ("<str>"): the name says it, or the choices
            param.display_type_rich = _constant(choices)
    elif param.metavar is None:
        param.metavar = word
        if hasattr(param, "display_type_rich"):
            param.display_type_rich = _constant(word)


def _worded_help_option(original: Callable[[Any], Any]) -> Callable[[Any], Any]:
    """`--help` itself, made when help is asked for: a flag, shown without a type."""

    def help_option(ctx: Any) -> Any:
        option = original(ctx)
        if option is not None:
            _name_value(option)
        return option

    return help_option


def _constant(word: str) -> Callable[..., str]:
    return lambda *args, **kwargs: word


def people_words(command: Any, path: tuple[str, ...] = ()) -> None:
    """Apply people's words to `command` and every command below it (`path`: the names that lead to it)."""
    for name, sub in getattr(command, "commands", {}).items():
        people_words(sub, (*path, name))
    for param in command.params:
        if param.name == "as_json" and " ".join(path) in JSON_HELP:
            param.help = JSON_HELP[" ".join(path)]
        _name_value(param)
        _say_range(param)
    if command.help:  # a docstring's wrapped lines are one sentence: the list of commands keeps its breaks
        command.help = "\n\n".join(" ".join(p.split()) for p in inspect.cleandoc(command.help).split("\n\n"))
    command.get_help_option = _worded_help_option(command.get_help_option)
    examples = EXAMPLES.get(" ".join(path))
    if examples:
        command.epilog = "Examples:\n\n" + "\n\n".join(f"  {line}" for line in examples)
