"""Pictures of a combat timeline (`render` on a snapshot with `events:`): every timeline example is drawn in every
language, each picture of the combat agrees with the followed state it shows, removed creatures are faded with why,
and an illegal declaration is drawn as proposed with its broken rules on the creatures involved."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from combatcheck.cli import app
from combatcheck.combat import follow
from combatcheck.models import load_snapshot
from combatcheck.render import render_timeline_svg
from combatcheck.solver.explain import word
from typer.testing import CliRunner

TIMELINES = sorted((Path(__file__).parent.parent / "examples" / "combat").glob("*.yaml"))
SVG = "{http://www.w3.org/2000/svg}"


def _panels(root: ET.Element, name: str) -> list[ET.Element]:
    return [g for g in root.iter(f"{SVG}g") if g.get("class") == "panel" and g.get("data-panel") == name]


def _arrows(panel: ET.Element, kind: str) -> int:
    return sum(1 for line in panel.iter(f"{SVG}line") if kind in line.get("class", "").split())


def _cards(panel: ET.Element, within: str | None = None) -> set[str]:
    groups = panel.iter(f"{SVG}g") if within is None else (
        card for g in panel.iter(f"{SVG}g") if g.get("class") == within for card in g.iter(f"{SVG}g")
    )  # fmt: skip
    return {g.get("data-id", "") for g in groups if g.get("class") == "card"}


def _words(element: ET.Element) -> str:
    return " ".join(part.strip() for part in element.itertext() if part.strip())


@pytest.mark.parametrize("lang", ["en", "fr", "es"])
@pytest.mark.parametrize("path", TIMELINES, ids=lambda p: p.stem)
def test_render_draws_every_timeline_example(path: Path, lang: str, tmp_path: Path) -> None:
    out = tmp_path / "combat.svg"
    result = CliRunner().invoke(app, ["render", str(path), "--out", str(out), "--lang", lang])
    assert result.exit_code == 0, result.output
    text = out.read_text(encoding="utf-8")
    root = ET.fromstring(text)
    timeline = follow(load_snapshot(path.read_text()), lang=lang)  # type: ignore[arg-type]
    assert word(timeline.verdict, lang) in _words(root)
    assert 'href="http' not in text and "<script" not in text
    final = timeline.final.state
    states = _panels(root, "state")
    if not final.attackers:
        return
    # The last picture is the combat as it ends: its arrows and faded creatures are the final state's.
    last = states[-1]
    assert _arrows(last, "block") == sum(len(b.attackers) for b in final.blockers)
    assert _arrows(last, "attack") == sum(
        1 for a in final.attackers if a.target in _cards(last) | set(final.defending_players)
    )
    on_battlefield = {p.id for p in final.board}
    removed = {r.id for r in final.removed if r.cause != "end_of_combat" and r.id in on_battlefield}
    assert _cards(last, within="removed") == removed
    assert {a.id for a in final.attackers} <= _cards(last)


def test_removed_creatures_are_faded_with_why() -> None:
    path = next(p for p in TIMELINES if p.stem == "removal-causes")
    snapshot = load_snapshot(path.read_text())
    root = ET.fromstring(render_timeline_svg(snapshot, follow(snapshot)))
    last = _panels(root, "state")[-1]
    assert _cards(last, within="removed") == {"skeleton", "elf", "manland", "bear"}
    faded = {g.find(f"{SVG}g").get("data-id"): _words(g) for g in last.iter(f"{SVG}g") if g.get("class") == "removed"}  # type: ignore[union-attr]
    assert "removed from combat (its controller changed)" in faded["elf"]
    assert "removed from combat (it regenerated)" in faded["skeleton"]
    assert "removed from combat (it stopped being a creature)" in faded["manland"]
    assert _arrows(last, "attack") == 1 and _arrows(last, "block") == 0  # Hill Giant alone; Wall of Wood blocks no one
    first = _panels(root, "state")[0]
    assert _arrows(first, "attack") == 3 and _cards(first, within="removed") == set()


def test_an_illegal_declaration_is_drawn_as_proposed_with_its_marks_and_the_timeline_stops() -> None:
    path = next(p for p in TIMELINES if p.stem == "illegal-block-stops")
    snapshot = load_snapshot(path.read_text())
    timeline = follow(snapshot, lang="fr")
    assert timeline.verdict == "illegal" and timeline.stopped_at is not None
    root = ET.fromstring(render_timeline_svg(snapshot, timeline))
    (proposal,) = _panels(root, "proposal")
    report = timeline.declarations[timeline.stopped_at]
    for finding in report.violations:
        for object_id in finding.objects:
            card = next(g for g in proposal.iter(f"{SVG}g") if g.get("data-id") == object_id)
            assert finding.rule in _words(card)
    assert "Déclaration proposée" in _words(root) and "730" in _words(root)
