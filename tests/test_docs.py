"""The documentation site builds, with the API reference generated from the docstrings (docs/api.md,
mkdocstrings) and every link between pages and every anchor checked (`mkdocs build --strict`, mkdocs.yml's
`validation`). CI installs the docs tools with the test extras; without them (the `docs` extra) the build is
skipped, the link check's own test too."""

from __future__ import annotations

import importlib.util
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
pytestmark = pytest.mark.skipif(
    importlib.util.find_spec("mkdocs") is None or importlib.util.find_spec("mkdocstrings") is None,
    reason="needs the docs extra: pip install '.[docs]'",
)


def build(config: Path, site: Path, cwd: Path) -> subprocess.CompletedProcess[str]:
    # `python -m mkdocs`, not the `mkdocs` script: the script's folder (bin/, with the `combatcheck` script in it)
    # would be the first place griffe looks for the package
    return subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--config-file", str(config), "--site-dir", str(site)],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=300,
    )


def text_of(page: Path) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page.read_text(encoding="utf-8")))


def test_the_site_builds_with_the_api_reference(tmp_path: Path) -> None:
    built = build(ROOT / "mkdocs.yml", tmp_path / "site", ROOT)
    assert built.returncode == 0, built.stderr
    api = text_of(tmp_path / "site" / "api" / "index.html")
    for name in ("combatcheck.load", "combatcheck.check", "combatcheck.solve", "combatcheck.can_block"):
        assert name in api, name
    assert "SnapshotError" in api and "time_limit" in api and "Raises" in api
    assert (tmp_path / "site" / "format" / "index.html").is_file()


def test_every_guide_is_in_the_site() -> None:
    """A guide left out of mkdocs.yml's nav would be built but never linked; strict mode fails on it too."""
    nav = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    for page in (ROOT / "docs").glob("*.md"):
        assert f": {page.name}" in nav, page.name


def test_a_broken_link_fails_the_build(tmp_path: Path) -> None:
    """The link check can fail: a page linking to a page or an anchor that does not exist."""
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "index.md").write_text("# Home\n\nSee [the format](format.md#no-such-part) and [gone](gone.md).\n")
    (docs / "format.md").write_text("# Format\n\n## Errors\n")
    config = tmp_path / "mkdocs.yml"
    settings = (ROOT / "mkdocs.yml").read_text(encoding="utf-8").split("\nnav:", 1)[0]
    validation = "validation:" + (ROOT / "mkdocs.yml").read_text(encoding="utf-8").split("\nvalidation:", 1)[1]
    validation = validation.split("\nmarkdown_extensions:", 1)[0]
    config.write_text(f"{settings}\nnav:\n  - index.md\n  - format.md\n{validation}\n")
    built = build(config, tmp_path / "site", tmp_path)
    assert built.returncode != 0
    assert "gone.md" in built.stderr and "no-such-part" in built.stderr
