"""`combatcheck render FILE --out combat.svg`: check the snapshot and draw it. Parses arguments and writes only;
`combatcheck.cli` mounts the command."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from ..console import Lang, LangOpt, TimeOpt, err, fail
from ..models import SnapshotError, one_declaration, read_snapshot


def render_command(
    file: Annotated[str, typer.Argument(help="snapshot file (YAML or JSON); '-' reads standard input")],
    output: Annotated[Path, typer.Option("--out", help="picture to write: .svg, or .png (needs the png extra)")],
    witness: Annotated[bool, typer.Option("--witness/--no-witness", help="draw the witness of an illegal one")] = True,
    lang: LangOpt = Lang.en,
    time_limit: TimeOpt = None,
) -> None:
    """Draw the snapshot and its declaration, with the verdict, the broken rules marked on the creatures involved
    and the witness. Exit 0 once the picture is written."""
    from ..solver import check
    from .png import PngUnavailable, svg_to_png
    from .svg import render_svg

    try:
        snapshot = one_declaration(read_snapshot(file))
    except SnapshotError as exc:
        fail([str(p) for p in exc.problems])
    suffix = output.suffix.lower()
    if suffix not in (".svg", ".png"):
        fail([f"--out {output}: write .svg or .png"])
    svg = render_svg(snapshot, check(snapshot, lang=lang.value, time_limit=time_limit), witness=witness)
    try:
        if suffix == ".png":
            output.write_bytes(svg_to_png(svg))
        else:
            output.write_text(svg, encoding="utf-8", errors="replace")
    except PngUnavailable as exc:
        fail([str(exc)])
    except OSError as exc:
        fail([f"{output}: {exc.strerror or exc}"])
    err.print(f"{output} written", markup=False)
