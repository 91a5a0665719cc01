"""`combatcheck triggers`: the trigger catalog. Parses and prints only."""

from __future__ import annotations

import json

from ..console import JsonOpt, out


def triggers_command(as_json: JsonOpt = False) -> None:
    """List the trigger catalog: key, CR number, the ability word it reads, and how many times it triggers."""
    from .triggers import catalog_rows
    from .wordings import CATALOG

    plain = {w.key: w.keyword is not None for w in CATALOG}
    rows = catalog_rows()
    if as_json:
        out.print(json.dumps(rows, indent=2), markup=False)
        return
    for row in rows:
        word = row["word"] if plain[row["key"]] else "{" + row["word"] + ": …}"
        out.print(f"{row['rule']:<10} {word:<52} {row['summary']}", markup=False)
