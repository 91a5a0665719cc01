"""The house plan, kept by tests: every package is installed, and (see below) imports run one way without cycles."""

from __future__ import annotations

import ast
import graphlib
import importlib
import subprocess
import sys
import tomllib
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NOT_PACKAGES = {"tests", "bench", "scripts", "docs", "examples", "build", "dist"}


def package_dirs() -> set[str]:
    """Every directory of the project with an `__init__.py`, as its import name."""
    found = {"combatcheck"}
    for init in ROOT.rglob("__init__.py"):
        relative = init.parent.relative_to(ROOT)
        if relative.parts and not relative.parts[0].startswith(".") and relative.parts[0] not in NOT_PACKAGES:
            found.add(".".join(("combatcheck", *relative.parts)))
    return found


def test_every_package_is_listed_in_pyproject() -> None:
    """setuptools' package discovery can't name packages of the root-as-package layout (`combatcheck` = the
    repository root), so pyproject lists them; a package missing from the list would be left out of a real
    (non-editable) install and fail only there."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    listed = set(config["tool"]["setuptools"]["packages"])
    assert listed == package_dirs()


# -- imports run one way, without cycles ---------------------------------------------------------------------------
# Which of the project's parts each part may import (its own modules aside). A part is a top-level package or
# module of `combatcheck`; "" is the package root. To add a part, add a row; to let a part use another, extend its
# row, and say why in docs/architecture.md. Rows for parts not written yet are accepted: their owners fill them in.
CAPABILITY = {"console"}  # a capability may mount a command, which prints through the CLI's shared console
ALLOWED: dict[str, set[str]] = {
    "card_source": set(),  # the narrow interface between the models and the card database
    "console": set(),  # terminal output and options shared by the command modules
    "limits": set(),  # the documented input limits: every entry point reads input through it
    "languages": set(),  # messages in en, fr, es with plural forms: the models' input problems and the solver's words
    "models": {"card_source", "limits", "languages"},
    "cards": {"card_source", "limits"} | CAPABILITY,
    "solver": {"models", "languages"},
    # combat: a legal record's triggers (--triggers); render: the pictures of the report's illegal records
    "batch": {"solver", "combat", "render", "models", "limits"} | CAPABILITY,
    "generate": set() | CAPABILITY,  # verdicts known by construction: never asks the checker
    "combat": {"solver", "models"} | CAPABILITY,  # planned: the combat timeline and triggers
    "importers": {"models", "cards", "batch"} | CAPABILITY,  # planned: recorded-game formats (Arena)
    "render": {"solver", "combat", "models"} | CAPABILITY,  # pictures; combat: frames name triggers as its catalog
    "desk": {"render", "solver", "combat", "models", "cards", "limits"} | CAPABILITY,  # the web page and HTTP API
    "cli_help": set(),  # --help in people's words and two examples a command, applied by cli.py
    "cli": {
        "cli_help",
        "console",
        "languages",
        "limits",
        "models",
        "solver",
        "cards",
        "batch",
        "generate",
        "combat",
        "importers",
        "render",
        "desk",
    },
    "__main__": {"cli"},
    # the composition root: installs the card database as the models' card source; the top-level API
    # (combatcheck.load, check, solve, ...) calls models, solver and combat, imported on first use
    "": {"card_source", "cards", "models", "solver", "combat"},
}


@dataclass(frozen=True)
class Import:
    source: str  # importing module
    target: str  # imported module of the project
    line: int


def module_files() -> dict[str, Path]:
    """Every module of the package, by import name (packages by their own name)."""
    found: dict[str, Path] = {}
    packages = {name.removeprefix("combatcheck").lstrip(".") for name in package_dirs()}
    for package in packages:
        folder = ROOT.joinpath(*package.split(".")) if package else ROOT
        for path in folder.glob("*.py"):
            parts = ["combatcheck", *(package.split(".") if package else [])]
            if path.stem != "__init__":
                parts.append(path.stem)
            found[".".join(parts)] = path
    return found


def project_imports(modules: dict[str, Path]) -> list[Import]:
    """Every import of a project module, wherever it stands: module level, in a function, under TYPE_CHECKING."""
    found = []
    for name, path in modules.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
            if not isinstance(node, (ast.Import, ast.ImportFrom)):
                continue
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            else:
                if node.level:
                    base = package.split(".")[: len(package.split(".")) - node.level + 1]
                    module = ".".join([*base, node.module] if node.module else base)
                else:
                    module = node.module or ""
                # `from . import x` and `from .pkg import mod` import modules; `from .mod import name` imports mod.
                submodules = [f"{module}.{alias.name}" for alias in node.names if f"{module}.{alias.name}" in modules]
                targets = submodules or [module]
            for target in targets:
                if target == "combatcheck" or target.startswith("combatcheck."):
                    found.append(Import(name, target, node.lineno))
    return found


def part(module: str) -> str:
    return module.split(".")[1] if "." in module else ""


def test_imports_follow_the_allowed_directions() -> None:
    """Each part imports only what its row in ALLOWED lists. A small AST walk rather than import-linter: the allowed
    directions are a table, not a stack of layers (models and cards are independent, importers reach into batch's
    record format), parts that don't exist yet must be accepted, and it needs no new dependency."""
    modules = module_files()
    unknown = sorted({part(m) for m in modules} - set(ALLOWED))
    assert not unknown, f"new parts {unknown}: add a row to ALLOWED (and to docs/architecture.md)"
    wrong = [
        f"{i.source} (line {i.line}) imports {i.target}"
        for i in project_imports(modules)
        if part(i.target) != part(i.source) and part(i.target) not in ALLOWED[part(i.source)]
    ]
    assert not wrong, "imports against the allowed direction:\n" + "\n".join(wrong)


def test_no_import_cycle_between_modules() -> None:
    """Every import counts, also those inside functions or under TYPE_CHECKING: a cycle hidden there is still a
    cycle for a reader. graphlib finds one if there is one."""
    graph: dict[str, set[str]] = {}
    for i in project_imports(module_files()):
        if i.target != i.source:
            graph.setdefault(i.source, set()).add(i.target)
    try:
        tuple(graphlib.TopologicalSorter(graph).static_order())
    except graphlib.CycleError as exc:
        raise AssertionError(f"import cycle: {' -> '.join(reversed(exc.args[1]))}") from None


def test_the_walk_sees_every_kind_of_import(tmp_path: Path) -> None:
    """The checks above are only as good as the walk: it must see relative, absolute, function-level and
    TYPE_CHECKING imports, and `from . import module`."""
    (tmp_path / "__init__.py").write_text("from .a import f\n")
    (tmp_path / "a.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .b import X\n"
        "def f():\n    import combatcheck.models\n    from . import b\n"
    )
    (tmp_path / "b.py").write_text("from combatcheck.solver.ir import Pair\n")
    modules = {"combatcheck.x": tmp_path / "__init__.py", "combatcheck.x.a": tmp_path / "a.py"}
    modules["combatcheck.x.b"] = tmp_path / "b.py"
    seen = {(i.source, i.target) for i in project_imports(modules)}
    assert seen == {
        ("combatcheck.x", "combatcheck.x.a"),
        ("combatcheck.x.a", "combatcheck.x.b"),
        ("combatcheck.x.a", "combatcheck.models"),
        ("combatcheck.x.b", "combatcheck.solver.ir"),
    }


def test_package_exports_resolve() -> None:
    """Each package's `__all__` names exist (batch and generate load theirs lazily, from a table)."""
    for package in sorted(package_dirs()):
        module = importlib.import_module(package)
        for name in getattr(module, "__all__", ()):
            assert getattr(module, name, None) is not None, f"{package}.{name}"


def test_models_read_card_names_through_the_card_source_alone() -> None:
    """The models take a card's fields from whatever source is installed, and never import the card database."""
    code = (
        "import sys\n"
        "from combatcheck.card_source import CardFields, UnknownCardName, set_card_source\n"
        "from combatcheck.models import SnapshotError, snapshot_from_data\n"
        "class Fake:\n"
        "    def card_fields(self, name):\n"
        "        if name != 'Test Bear':\n"
        "            raise UnknownCardName(f'no {name}')\n"
        "        return CardFields('Test Bear', {'name': 'Test Bear', 'power': 2, 'toughness': 2,"
        " 'abilities': ['reach']})\n"
        "set_card_source(Fake)\n"
        "s = {'active_player': 'a', 'players': ['a', 'b'], 'permanents': [{'id': 'p', 'controller': 'b',"
        " 'card': 'Test Bear'}]}\n"
        "print(snapshot_from_data(s).permanents[0].abilities[0].value)\n"
        "s['permanents'][0]['card'] = 'Okk'\n"
        "try:\n"
        "    snapshot_from_data(s)\n"
        "except SnapshotError as exc:\n"
        "    print(exc.problems[0].message)\n"
        "print(sorted(m for m in sys.modules if m.startswith('combatcheck.cards')))\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.splitlines() == ["reach", "no Okk", "[]"]


MAX_LINES = 500
# Modules that are data only (tables, record types without logic) may be longer.
DATA_TABLES: set[str] = {"combatcheck.combat.state"}  # the combat state and one small record type per change


def test_modules_stay_small() -> None:
    """A module over about 500 lines does more than one thing: split it by responsibility."""
    long = {
        name: lines
        for name, path in module_files().items()
        if name not in DATA_TABLES and (lines := len(path.read_text(encoding="utf-8").splitlines())) > MAX_LINES
    }
    assert not long, f"modules over {MAX_LINES} lines: {long}"
