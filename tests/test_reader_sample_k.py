"""The class of wording blind sample K's first comparison showed the readers getting wrong (issue 21; docs/cards.md,
"Sample K"): dash and blitz, whose haste is said only in reminder text; each test fails on the reader before its fix."""

from __future__ import annotations

from typing import Any

import pytest
from combatcheck.cards.db import database
from combatcheck.cards.lookup import card_statics, find_card, read_card
from combatcheck.models import snapshot_from_data
from combatcheck.solver import check


@pytest.mark.parametrize("name", ["Kolaghan, the Storm's Fury", "Mardu Shadowspear", "Riders of Rohan", "Girder Goons"])
def test_dash_and_blitz_are_reported_for_the_haste_their_cost_gives(name: str) -> None:
    # 702.109a (dash), 702.152a (blitz): cast for that cost, the creature gains haste, which decides whether it may
    # attack the turn it entered (302.6); the board doesn't say which cost was paid, so the text is reported
    db = database()
    face = find_card(name, db)
    assert [u for u in read_card(face, db).unmapped if u.startswith(("dash", "blitz"))]
    assert "one_shot" in [u["why"] for u in card_statics(face, db).unapplied if u.get("own")]


def test_a_dashed_creature_that_entered_this_turn_is_judged_with_its_dash_listed() -> None:
    kolaghan: dict[str, Any] = {"id": "k", "card": "Kolaghan, the Storm's Fury", "controller": "ana"}
    data = {"step": "declare_attackers", "active_player": "ana", "players": ["ana", "ben"]}
    board = {**data, "permanents": [{**kolaghan, "entered_this_turn": True}], "declaration": {"attacks": {"k": "ben"}}}
    report = check(snapshot_from_data(board))
    assert report.verdict == "illegal"  # 302.6, unless the snapshot says it gained haste
    assert [u.why for u in report.unapplied] == ["one_shot"]
    dashed = {**board, "permanents": [{**kolaghan, "entered_this_turn": True, "gains": ["haste"]}]}
    assert check(snapshot_from_data(dashed)).verdict == "legal"
