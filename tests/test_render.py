"""Pictures: every example renders to a standalone SVG that shows its creatures, its arrows and its marks."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from combatcheck.cli import app
from combatcheck.models import load_snapshot
from combatcheck.render import render_svg
from combatcheck.solver import check
from helpers import attacker, blocker, board
from typer.testing import CliRunner

EXAMPLES = sorted((Path(__file__).parent.parent / "examples").glob("*.yaml"))
SVG = "{http://www.w3.org/2000/svg}"


def _tree(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def _words(root: ET.Element) -> str:
    """The picture's text, its lines joined by spaces (long titles and messages are wrapped over several lines)."""
    return " ".join(part.strip() for part in root.itertext() if part.strip())


def _arrows(root: ET.Element, kind: str) -> int:
    return sum(1 for line in root.iter(f"{SVG}line") if kind in line.get("class", "").split())


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_render_writes_every_example(path: Path, tmp_path: Path) -> None:
    out = tmp_path / "combat.svg"
    result = CliRunner().invoke(app, ["render", str(path), "--out", str(out)])
    assert result.exit_code == 0, result.output
    root = _tree(out.read_text(encoding="utf-8"))
    snapshot = load_snapshot(path.read_text())
    report = check(snapshot)
    cards = {g.get("data-id") for g in root.iter(f"{SVG}g") if g.get("class") == "card"}
    if snapshot.step == "declare_blockers":
        assert {a.id for a in snapshot.permanents if a.attacking} <= cards
        pairs = snapshot.declaration.block_pairs() if snapshot.declaration else []
        assert _arrows(root, "block") == len(pairs)
    else:
        pairs = snapshot.declaration.attack_pairs() if snapshot.declaration else []
        assert _arrows(root, "attack") == len(pairs)
    text = _words(root)
    assert report.verdict.upper() in text.upper()
    for finding in report.violations:
        assert finding.rule in text
    if report.verdict == "illegal" and report.witness is not None:
        assert "A legal declaration" in text
    # Standalone: nothing is loaded from elsewhere.
    assert 'href="http' not in out.read_text() and "<script" not in out.read_text()


def test_marks_sit_on_the_creatures_involved() -> None:
    snapshot = load_snapshot((Path(__file__).parent.parent / "examples" / "cr-509.1c-menace.yaml").read_text())
    root = _tree(render_svg(snapshot, check(snapshot, lang="fr")))
    marked = {
        g.get("data-id")
        for g in root.iter(f"{SVG}g")
        if g.get("class") == "card" and any(t.text == "509.1c" for t in g.iter(f"{SVG}text"))
    }
    assert marked == {"sentry"}
    text = _words(root)
    assert "ILLÉGAL" in text and "Une déclaration légale (la plus proche de la proposition) :" in text
    assert _arrows(root, "witness") == 2


def test_tapped_creatures_are_turned_and_names_are_escaped() -> None:
    snapshot = board(attacker("a", name="<Brute & Co>"), blocker("b", tapped=True), blocker("c"), blocks={})
    # Loading refuses a lone surrogate (limits.py); a snapshot built in code can still carry one.
    odd = snapshot.permanents[2].model_copy(update={"name": "Caf\ud800e"})
    snapshot = snapshot.model_copy(update={"permanents": (*snapshot.permanents[:2], odd)})
    svg = render_svg(snapshot, check(snapshot))
    root = _tree(svg)
    turned = {g.get("data-id") for g in root.iter(f"{SVG}g") if "rotate(90" in (g.get("transform") or "")}
    assert turned == {"b"}
    assert "<Brute & Co>" in _words(root)
    svg.encode("utf-8")  # a lone surrogate in a name can't break the output


def test_render_without_a_report_draws_the_board() -> None:
    snapshot = board(attacker("a"), blocker("b"), blocks={"b": "a"})
    root = _tree(render_svg(snapshot))
    assert _arrows(root, "block") == 1 and "LEGAL" not in _words(root)


def test_png_is_written_with_cairosvg(tmp_path: Path) -> None:
    pytest.importorskip("cairosvg")
    out = tmp_path / "combat.png"
    result = CliRunner().invoke(app, ["render", str(EXAMPLES[0]), "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert out.read_bytes().startswith(b"\x89PNG")


def test_render_refuses_other_formats(tmp_path: Path) -> None:
    result = CliRunner().invoke(app, ["render", str(EXAMPLES[0]), "--out", str(tmp_path / "x.gif")])
    assert result.exit_code == 2 and "write .svg or .png" in result.output
