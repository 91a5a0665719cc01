"""Pictures of a combat. `render_svg(snapshot, report)` returns a standalone SVG document as a string (as
python-chess's `chess.svg` does for boards), its card frames in the picture's language (`ability_words.py`);
`render_timeline_svg(snapshot, timeline)` draws a followed combat timeline (`timeline.py`);
`render.png.svg_to_png` converts either when the optional `png` extra (CairoSVG) is installed. May import: solver,
combat (a triggered ability on a frame is named as the trigger catalog names it; the timeline's narration), models."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .svg import render_svg
    from .timeline import render_timeline_svg

__all__ = ["render_svg", "render_timeline_svg"]


def __getattr__(name: str) -> Any:
    """The drawing functions are imported on first use (PEP 562): the CLI mounts `render` without paying for them."""
    if name == "render_svg":
        from .svg import render_svg

        return render_svg
    if name == "render_timeline_svg":
        from .timeline import render_timeline_svg

        return render_timeline_svg
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
