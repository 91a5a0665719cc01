"""Pictures of a combat. `render_svg(snapshot, report)` returns a standalone SVG document as a string (as
python-chess's `chess.svg` does for boards); `render_png` converts it when the optional `png` extra (CairoSVG) is
installed. May import: solver, models."""

from .svg import render_svg

__all__ = ["render_svg"]
