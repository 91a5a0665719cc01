"""`combatcheck generate`: the command of the generator. Parses arguments, writes records, prints how many."""

from __future__ import annotations

import sys
from enum import StrEnum
from pathlib import Path
from typing import Annotated

import typer

from ..console import err, existing_output, fail


class GenerateMix(StrEnum):
    play = "play"
    fast = "fast"
    solver = "solver"


class GenerateStep(StrEnum):
    declare_blockers = "declare_blockers"
    declare_attackers = "declare_attackers"


def generate_command(
    count: Annotated[int, typer.Option("--count", min=0, help="how many records")] = 500,
    output: Annotated[Path | None, typer.Option("--out", help="file (.gz: gzip); default: standard output")] = None,
    seed: Annotated[int, typer.Option("--seed", help="the same seed gives the same records")] = 0,
    illegal_share: Annotated[
        float, typer.Option("--illegal-share", min=0.0, max=1.0, help="exactly round(count x share) are illegal")
    ] = 0.1,
    mix: Annotated[
        GenerateMix,
        typer.Option(
            "--mix", help="play: real play; fast: no CP-SAT; solver: conflicting requirements (optimum to prove)"
        ),
    ] = GenerateMix.play,
    overwrite: Annotated[bool, typer.Option("--overwrite", help="replace an existing --out")] = False,
    step: Annotated[
        GenerateStep | None,
        typer.Option("--step", help="only this step (default: play has a third of attack records, the others none)"),
    ] = None,
) -> None:
    """Write synthetic recorded combats (attack and block declarations with a known verdict) as JSON lines."""
    from .records import generate_records, write_file, write_records

    if not overwrite and (refused := existing_output("--out", output)):
        fail([refused])
    records = generate_records(
        count, seed=seed, illegal_share=illegal_share, mix=mix.value, step=step.value if step else None
    )
    if output is None:
        write_records(records, sys.stdout)
        return
    try:
        written = write_file(records, output)
    except OSError as exc:
        fail([f"{output}: {exc.strerror or exc}"])
    err.print(f"{written} records written to {output}", markup=False)
