"""`combatcheck render FILE --out combat.svg`: check the snapshot and draw it. Parses arguments and writes only;
`combatcheck.cli` mounts the command."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from ..console import Lang, LangOpt, TimeOpt, err, fail, same_file
from ..models import Snapshot, SnapshotError, one_declaration, read_snapshot
from ..solver.text import Message

ERRORS = {
    "suffix": Message(
        "{option} {output}: write {svg} or {png}",
        "{option} {output} : écrivez un fichier {svg} ou {png}",
        "{option} {output}: escribe un archivo {svg} o {png}",
    ),
    "exists": Message(
        "{option} {output} already exists: pass {overwrite} to replace it",
        "{option} {output} existe déjà : ajoutez {overwrite} pour le remplacer",
        "{option} {output} ya existe: añade {overwrite} para reemplazarlo",
    ),
    "input": Message(
        "{option} {output}: it is also the snapshot file; choose another file",
        "{option} {output} : c'est aussi le fichier de la situation ; choisissez un autre fichier",
        "{option} {output}: es también el archivo de la situación; elige otro archivo",
    ),
    "unwritable": Message(
        "{output}: {problem}",
        "{output} : écriture impossible (selon le système : {problem})",
        "{output}: no se puede escribir (según el sistema: {problem})",
    ),
}


def render_command(
    file: Annotated[str, typer.Argument(help="snapshot file (YAML or JSON); '-' reads standard input")],
    output: Annotated[Path, typer.Option("--out", help="picture to write: .svg, or .png (needs the png extra)")],
    witness: Annotated[bool, typer.Option("--witness/--no-witness", help="draw the witness of an illegal one")] = True,
    overwrite: Annotated[bool, typer.Option("--overwrite", help="replace an existing --out")] = False,
    lang: LangOpt = Lang.en,
    time_limit: TimeOpt = None,
) -> None:
    """Draw the snapshot and its declaration, with the verdict, the broken rules marked on the creatures involved
    and the witness; or, for a snapshot with `events:`, the combat timeline: each event with its changes, and the
    combat after each event that changed it. Exit 0 once the picture is written."""
    from .png import PngUnavailable, svg_to_png

    suffix = output.suffix.lower()
    if suffix not in (".svg", ".png"):
        fail(
            [ERRORS["suffix"].format(lang.value, {"option": "--out", "output": output, "svg": ".svg", "png": ".png"})],
            lang.value,
        )
    words = {"option": "--out", "output": output, "overwrite": "--overwrite"}
    if file != "-" and same_file(Path(file), output):
        fail([ERRORS["input"].format(lang.value, words)], lang.value)
    if not overwrite and output.is_file():
        fail([ERRORS["exists"].format(lang.value, words)], lang.value)
    try:
        snapshot = read_snapshot(file)
        svg = (
            _timeline_svg(snapshot, lang) if snapshot.events else _declaration_svg(snapshot, lang, time_limit, witness)
        )
    except SnapshotError as exc:
        fail(exc.problems, lang.value)
    try:
        if suffix == ".png":
            output.write_bytes(svg_to_png(svg))
        else:
            output.write_text(svg, encoding="utf-8", errors="replace")
    except PngUnavailable as exc:
        fail([str(exc)])
    except OSError as exc:
        fail([ERRORS["unwritable"].format(lang.value, {"output": output, "problem": exc.strerror or exc})], lang.value)
    err.print(f"{output} written", markup=False)


def _declaration_svg(snapshot: Snapshot, lang: Lang, time_limit: float | None, witness: bool) -> str:
    from ..solver import check
    from .svg import render_svg

    snapshot = one_declaration(snapshot)
    return render_svg(snapshot, check(snapshot, lang=lang.value, time_limit=time_limit), witness=witness)


def _timeline_svg(snapshot: Snapshot, lang: Lang) -> str:
    from ..combat import follow
    from .timeline import render_timeline_svg

    return render_timeline_svg(snapshot, follow(snapshot, lang=lang.value))
