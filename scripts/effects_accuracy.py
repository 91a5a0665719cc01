"""Precision and recall of the effects reader (cards/statics.py, cards/conditions.py) against
tests/data/cards_effects_labelled.yaml, as Markdown (docs/cards.md), and how many faces still carry combat text that
is not applied.

    python scripts/effects_accuracy.py [--db FILE]          # FILE: a database file (default: the one in use)
    python scripts/effects_accuracy.py --db FILE --draw 45   # the sample's names, drawn again (seed 2121)

Categories: `statics` (effects on other objects), `attached` (what an Aura or Equipment gives), `conditional`, and
`unapplied` (the face is reported as having combat text not applied; the card's own triggers aside). The labelled
texts are read as stored in the labels, so the figures don't depend on the database; only the known subtypes (for
plurals such as "Food creatures") come from it.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
from pathlib import Path
from typing import Any

import yaml
from combatcheck.cards.db import CardDatabase, CardFace, database
from combatcheck.cards.lookup import card_statics, known_subtypes, read_card
from combatcheck.cards.oracle import SelfInfo, read_oracle
from combatcheck.cards.oracle_text import normalise_text
from combatcheck.cards.statics import read_statics
from combatcheck.cards.text_kinds import bears_on_declaration

# The frame the samples are drawn from lives beside the tests that check the draws.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from blind_samples import EFFECTS_COMBAT as COMBAT
from blind_samples import EFFECTS_FRAME as FRAME

LABELS = Path(__file__).resolve().parent.parent / "tests" / "data" / "cards_effects_labelled.yaml"
CATEGORIES = ("statics", "attached", "conditional", "unapplied")


def frame(db: CardDatabase) -> list[CardFace]:
    """The faces the sample is drawn from: a line with an effect on others or a condition, and combat words."""
    out = []
    for face in db.cards.values():
        lines = normalise_text(face.text, face.name, face.supertypes)
        if any(FRAME.search(line) and COMBAT.search(line) for line in lines):
            out.append(face)
    return sorted(out, key=lambda f: f.name)


def _key(item: Any) -> str:
    return json.dumps(item, sort_keys=True)


def found(label: dict[str, Any], subtypes: frozenset[str]) -> dict[str, list[str]]:
    itself = SelfInfo(
        types=frozenset(label["types"]),
        subtypes=frozenset(s.lower() for s in label["subtypes"]),
        supertypes=frozenset(label["supertypes"]),
    )
    known = subtypes
    reading = read_oracle(label["text"], label["name"], label["supertypes"], known, itself)
    read = read_statics(
        label["text"],
        label["name"],
        label["supertypes"],
        reading,
        known | frozenset(s.lower() for s in label["subtypes"]),
    )
    # the card's own triggers the trigger reader reports as not mapped are its report; one whose effect bears on a
    # declaration is listed by the effects reader too, and counted (RULINGS R1: Flummoxed Cyclops)
    own_triggers = {t.rstrip(".") for t in reading.triggers_unmapped if not bears_on_declaration(t)}
    return {
        "statics": [_key(s["effect"]) for s in read.statics],
        "attached": [_key(a) for a in read.grants_attached],
        "conditional": [_key({"when": c["when"], "abilities": c["abilities"]}) for c in read.conditional],
        "unapplied": ["yes"] if any(u["text"] not in own_triggers for u in read.unapplied) else [],
    }


def wilson_lower(k: int, n: int, z: float = 1.96) -> float:
    if n == 0:
        return 0.0
    p = k / n
    return (p + z * z / (2 * n) - z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))) / (1 + z * z / n)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--db", type=Path)
    parser.add_argument("--draw", type=int)
    args = parser.parse_args()
    db = CardDatabase.from_bytes(args.db.read_bytes(), str(args.db)) if args.db else database()
    if args.draw:
        faces = frame(db)
        print(f"{len(faces)} faces in the frame")
        for face in random.Random(2121).sample(faces, args.draw):
            print(face.name)
        return
    labels = yaml.safe_load(LABELS.read_text(encoding="utf-8"))
    subtypes = known_subtypes(db)
    totals = {c: [0, 0, 0] for c in CATEGORIES}  # labelled, found, correct
    misses: list[str] = []
    for label in labels:
        got = found(label, subtypes)
        want = {c: [_key(i) for i in label[c]] for c in ("statics", "attached", "conditional")}
        want["unapplied"] = ["yes"] if label["unapplied"] else []
        for c in CATEGORIES:
            correct = sum(1 for i in got[c] if i in want[c])
            totals[c][0] += len(want[c])
            totals[c][1] += len(got[c])
            totals[c][2] += correct
            if sorted(got[c]) != sorted(want[c]):
                misses.append(f"{label['name']}: {c}: labelled {want[c]}, read {got[c]}")
    labelled = sum(t[0] for t in totals.values())
    found_n = sum(t[1] for t in totals.values())
    correct = sum(t[2] for t in totals.values())
    print(f"Random sample: {len(labels)} faces; {labelled} labelled items.\n")
    print(
        f"- precision {100 * correct / found_n:.1f}% ({correct}/{found_n}; 95% lower bound "
        f"{100 * wilson_lower(correct, found_n):.1f}%)"
    )
    print(
        f"- recall {100 * correct / labelled:.1f}% ({correct}/{labelled}; 95% lower bound "
        f"{100 * wilson_lower(correct, labelled):.1f}%)\n"
    )
    print("| category | labelled | found | correct | precision | recall |\n|---|---:|---:|---:|---:|---:|")
    for c, (n, f, k) in totals.items():
        print(f"| {c} | {n} | {f} | {k} | {100 * k / f if f else 100:.1f}% | {100 * k / n if n else 100:.1f}% |")
    print("\nDisagreements:\n")
    for miss in misses:
        print(f"- {miss}")
    faces = list(db.cards.values())
    counts = {
        "faces": len(faces),
        "with combat text not applied": sum(1 for f in faces if card_statics(f, db).unapplied),
        "of which only the card's own triggers": sum(
            1
            for f in faces
            if card_statics(f, db).unapplied
            and all(
                u["text"] + "." in read_card(f, db).triggers_unmapped or u["text"] in read_card(f, db).triggers_unmapped
                for u in card_statics(f, db).unapplied
            )
        ),
        "with statics applied": sum(1 for f in faces if card_statics(f, db).statics),
        "with attachment grants": sum(1 for f in faces if card_statics(f, db).grants_attached),
        "with conditional abilities": sum(1 for f in faces if card_statics(f, db).conditional),
    }
    print(f"\nDatabase {db.path or db.source}:\n")
    for name, value in counts.items():
        print(f"- {name}: {value:,}")


if __name__ == "__main__":
    main()
