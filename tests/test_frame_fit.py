"""Text on a card frame stays inside it (issue 23 §1, "the pictures"): names, ids and abilities are wrapped to the
frame's width, kept clear of the P/T box, cut with an ellipsis when they don't fit, and the whole text is in the
card's <title>. Tested on the cards of the database whose frames say the most (the longest Oracle texts), in three
languages, by the estimate in render/text_fit.py and, in headless Chromium, by the widths the browser measures."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from functools import cache
from typing import TYPE_CHECKING, Any

import pytest
from browser_support import browser
from combatcheck.cards.db import database
from combatcheck.cards.lookup import permanent_fields
from combatcheck.models import snapshot_from_data
from combatcheck.render import render_svg
from combatcheck.render.ability_words import ability_lines
from combatcheck.render.svg import CARD_H, CARD_W, STATS_W, TEXT_PAD
from combatcheck.render.text_fit import ELLIPSIS, fit, text_width
from combatcheck.solver import check
from combatcheck.solver.board import Board

if TYPE_CHECKING:
    from playwright.sync_api import Browser

__all__ = ["browser"]  # the fixture, used by name
SVG = "{http://www.w3.org/2000/svg}"
LONG_ID = "an_identifier_much_longer_than_any_frame"
LONG_NAME = "Unbreakablenameofacreaturewithoutanyspaceatall the Second"


@cache
def longest_cards(count: int = 8) -> tuple[str, ...]:
    """The creatures whose frames say the most: among the 300 longest Oracle texts, those with the longest
    abilities as read."""
    faces = sorted((f for f in database().cards.values() if "creature" in f.types), key=lambda f: -len(f.text))
    scored = []
    for face in faces[:300]:
        fields = permanent_fields(face)
        scored.append((sum(len(str(a)) for a in fields["abilities"]), face.name))
    return tuple(name for _, name in sorted(scored, reverse=True)[:count])


def board(lang: str) -> tuple[Any, str]:
    blockers = [
        {"id": f"c{i}", "card": name, "controller": "ben", "tapped": i == 2} for i, name in enumerate(longest_cards())
    ]
    data = {
        "active_player": "ana",
        "players": ["ana", "ben"],
        "permanents": [
            {"id": LONG_ID, "name": LONG_NAME, "controller": "ana", "power": 2, "toughness": 2, "attacking": "ben"},
            {"id": "behemoth", "card": "Qal Sisma Behemoth", "controller": "ben"},
            *blockers,
        ],
    }
    snapshot = snapshot_from_data(data)
    return snapshot, render_svg(snapshot, check(snapshot, lang=lang))


def frames(svg: str) -> list[ET.Element]:
    root = ET.fromstring(svg)
    panel = next(g for g in root.iter(f"{SVG}g") if g.get("data-panel") == "proposal")
    return [g for g in panel.iter(f"{SVG}g") if g.get("class") == "card"]


def test_the_longest_texts_are_chosen_from_the_database() -> None:
    names = longest_cards()
    assert len(names) == 8
    for name in names:  # each has combat text read from a long Oracle text
        face = database().cards[name]
        assert len(face.text) > 200 and permanent_fields(face)["abilities"], name


def test_french_quotation_marks_stay_with_their_words() -> None:
    lines, cut = fit(["« à chaque fois que vous attaquez »"], [100], 12.5, max_lines=4)
    assert not cut and not any(line.startswith("»") or line.endswith("«") for line in lines), lines


@pytest.mark.parametrize("lang", ["en", "fr", "es"])
def test_frame_text_is_wrapped_cut_with_an_ellipsis_and_whole_in_the_title(lang: str) -> None:
    snapshot, svg = board(lang)
    shown_board = Board(snapshot)
    cut_frames = 0
    for card in frames(svg):
        rect = card.find(f"{SVG}rect")
        assert rect is not None
        left, top = float(rect.get("x", 0)), float(rect.get("y", 0))
        right, bottom = left + CARD_W - TEXT_PAD, top + CARD_H
        texts = [t for t in card.findall(f"{SVG}text") if t.get("text-anchor") != "middle"]  # the P/T is centred
        for text in texts:
            size = float(text.get("font-size", 0))
            width = text_width(text.text or "", size, bold=text.get("font-weight") == "bold")
            x, y = float(text.get("x", 0)), float(text.get("y", 0))
            assert x + width <= right + 0.01, (text.text, x + width, right)
            assert top < y <= bottom - 4, text.text
            if y + 3 > top + CARD_H - 30 and card.get("data-id") != "c2":  # beside the P/T box
                assert x + width <= left + CARD_W - STATS_W - 6, text.text
        title = card.find(f"{SVG}title")
        assert title is not None and title.text is not None
        object_id = card.get("data-id", "")
        perm = shown_board.permanents.get(object_id)
        if perm is not None:
            for ability in ability_lines(perm, shown_board, lang):
                assert ability in title.text  # the whole text, never cut
            assert (perm.name or object_id) in title.text and object_id in title.text
        if any((t.text or "").endswith(ELLIPSIS) for t in texts):
            cut_frames += 1
    assert cut_frames >= 4  # the longest texts don't fit: they are cut, with an ellipsis


def test_a_long_id_and_an_unbreakable_name_stay_inside_the_frame() -> None:
    _, svg = board("en")
    card = next(c for c in frames(svg) if c.get("data-id") == LONG_ID)
    texts = [t.text or "" for t in card.findall(f"{SVG}text")]
    assert texts[0].startswith("Unbreakable") and texts[1] != ""  # the word is broken between letters
    assert any(t.startswith("an_identifier") and t.endswith(ELLIPSIS) for t in texts)


def test_the_behemoth_frame_is_not_cut_under_the_pt_box() -> None:
    """Issue 23: the Behemoth's frame ended at "blocks only if its", under the P/T box."""
    _, svg = board("en")
    card = next(c for c in frames(svg) if c.get("data-id") == "behemoth")
    shown = " ".join(t.text or "" for t in card.findall(f"{SVG}text"))
    assert "blocks only if its controller pays {2}" in shown


def test_frames_fit_as_the_browser_draws_them(browser: Browser) -> None:
    """Chromium's own text widths (getComputedTextLength) in every frame of the three languages' pictures."""
    page = browser.new_page()
    for lang in ("en", "fr", "es"):
        _, svg = board(lang)
        page.set_content(f"<!doctype html><body style='margin:0'>{svg}</body>")
        over = page.evaluate(
            """(pad) => {
              const out = [];
              for (const card of document.querySelectorAll('g.panel[data-panel="proposal"] g.card')) {
                const frame = card.querySelector("rect").getBBox();
                for (const text of card.querySelectorAll("text")) {
                  const box = text.getBBox();
                  if (box.x < frame.x || box.x + box.width > frame.x + frame.width - pad + 0.5 ||
                      box.y < frame.y || box.y + box.height > frame.y + frame.height + 0.5) {
                    out.push(`${card.dataset.id}: ${text.textContent} ${box.x + box.width} > ${frame.x + frame.width}`);
                  }
                }
              }
              return out;
            }""",
            TEXT_PAD - 3,
        )
        assert over == [], lang
    page.close()


@pytest.mark.parametrize(("bold", "file"), [(False, "DejaVuSans.ttf"), (True, "DejaVuSans-Bold.ttf")])
def test_the_width_table_is_dejavu_sans_own_metrics(bold: bool, file: str) -> None:
    """The bundled advance widths are the font's (read from the font file with fontTools where it is installed)."""
    from pathlib import Path

    from combatcheck.render.text_fit import _WIDTHS

    ttlib = pytest.importorskip("fontTools.ttLib")
    path = Path("/usr/share/fonts/truetype/dejavu") / file
    if not path.exists():
        pytest.skip(f"{path} is not installed")
    font = ttlib.TTFont(str(path))
    cmap, metrics, units = font.getBestCmap(), font["hmtx"], font["head"].unitsPerEm
    for char, width in _WIDTHS[bold].items():
        assert ord(char) in cmap, char
        assert abs(metrics[cmap[ord(char)]][0] * 1000 / units - width) <= 0.5, char
