"""PNG from the SVG through CairoSVG (the optional `png` extra): a well-kept converter that needs only the system's
Cairo library, so a PNG costs one call. The page and the CLI's SVG don't need it."""

from __future__ import annotations


class PngUnavailable(RuntimeError):
    """CairoSVG (or the Cairo library it loads) is not installed."""


def svg_to_png(svg: str, *, scale: float = 2.0) -> bytes:
    """The SVG drawn as PNG, `scale` times its size (2: sharp on phone screens)."""
    try:
        import cairosvg
    except (ImportError, OSError) as exc:  # OSError: the Python package is there, the Cairo library is not
        raise PngUnavailable(
            "PNG needs CairoSVG and the Cairo library: pip install 'combatcheck[png]' (or write .svg)"
        ) from exc
    png: bytes = cairosvg.svg2png(bytestring=svg.encode("utf-8"), scale=scale)
    return png
