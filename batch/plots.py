"""The report's plots, drawn with matplotlib (the `report` extra) as inline SVG: no CDN, no image files.

Each function takes plain counts and returns an SVG document as a string. The output is deterministic (fixed hash
salt, no date in the metadata), so the same results give the same report byte for byte.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from typing import Any

VERDICT_COLOURS = {"legal": "#2e7d32", "illegal": "#c62828", "invalid": "#6d4c41", "unknown": "#f9a825"}
WIDTH = 6.4  # inches; the page scales the SVG to its column, so a phone shows it whole


class PlottingUnavailable(Exception):
    """matplotlib is not installed."""


def _pyplot() -> Any:
    try:
        import matplotlib
    except ImportError:
        raise PlottingUnavailable("the report's plots need matplotlib: pip install 'combatcheck[report]'") from None
    matplotlib.use("Agg")  # no screen: draw to files only
    import matplotlib.pyplot as plt

    plt.rcParams.update({"svg.hashsalt": "combatcheck", "svg.fonttype": "none", "font.size": 9})
    return plt


def _svg(figure: Any) -> str:
    plt = _pyplot()
    buffer = io.StringIO()
    figure.tight_layout()
    figure.savefig(buffer, format="svg", metadata={"Date": None, "Creator": None})
    plt.close(figure)
    text = buffer.getvalue()
    return text[text.index("<svg") :]  # inline in HTML: no XML declaration or doctype


def verdicts_plot(counts: dict[str, int]) -> str:
    """Records by verdict, a bar each."""
    plt = _pyplot()
    figure, axes = plt.subplots(figsize=(WIDTH, 2.4))
    names = [name for name in VERDICT_COLOURS if counts.get(name)]
    bars = axes.bar(names, [counts[name] for name in names], color=[VERDICT_COLOURS[name] for name in names])
    axes.bar_label(bars, labels=[f"{counts[name]:,}" for name in names])
    axes.set_ylabel("records")
    axes.set_title("Verdicts")
    axes.margins(y=0.2)
    return _svg(figure)


def ranking_plot(title: str, labels: Sequence[str], values: Sequence[int], unit: str) -> str:
    """A horizontal bar per label, the largest on top (rules broken most, cards involved most)."""
    plt = _pyplot()
    height = 0.9 + 0.28 * max(len(labels), 1)
    figure, axes = plt.subplots(figsize=(WIDTH, height))
    positions = list(range(len(labels)))[::-1]
    bars = axes.barh(positions, values, color="#c62828")
    axes.set_yticks(positions, [_short(label) for label in labels])
    axes.bar_label(bars, labels=[f"{value:,}" for value in values], padding=2)
    axes.set_xlabel(unit)
    axes.set_title(title)
    axes.margins(x=0.15)
    return _svg(figure)


def turns_plot(turns: Sequence[int], illegal: Sequence[int], total: Sequence[int]) -> str:
    """Records checked and illegal records, by turn of the game."""
    plt = _pyplot()
    figure, axes = plt.subplots(figsize=(WIDTH, 2.6))
    axes.bar(turns, total, color="#90a4ae", label="records")
    axes.bar(turns, illegal, color="#c62828", label="illegal")
    axes.set_xlabel("turn")
    axes.set_ylabel("records")
    axes.set_title("By turn")
    axes.legend(loc="upper right")
    return _svg(figure)


def _short(label: str, limit: int = 48) -> str:
    return label if len(label) <= limit else label[: limit - 1] + "…"
