"""More templates of the Oracle reader: the card's own declaration words of issue 19 (requirements naming who
blocks, blocking as though, attacking alone, a cost to block some attackers). `oracle.py` asks `own_predicate`
for a predicate about the card (the text after "~ ") that its own templates don't know."""

from __future__ import annotations

import re
from typing import Any

from .filter_phrases import FilterPhrases, number
from .vocabulary import NUM

AbilityData = str | dict[str, Any]


def mana_value_quality(text: str) -> dict[str, Any] | None:
    """ "mana value 3 or greater" (formerly "converted mana cost"), a protection quality (702.16), as a filter."""
    m = re.fullmatch(rf"(?:converted mana cost|mana value) {NUM} or (greater|less)", text)
    if m is None:
        return None
    return {f"mana_value_at_{'least' if m.group(2) == 'greater' else 'most'}": number(m.group(1))}


def own_grant(sentence: str) -> list[AbilityData] | None:
    """What a grant to "creatures you control" gives the card itself, for grants written without "have": None if
    the sentence is no such grant."""
    if sentence == "tapped creatures you control can block as though they were untapped":  # Masako the Humorless
        return ["can_block_as_though_untapped"]
    return None


def own_predicate(p: str, filters: FilterPhrases) -> list[AbilityData] | None:
    """The abilities a predicate about the card states, or None if it is none of these templates."""
    m = re.fullmatch(r"can't block (.+?) unless you pay (.+)", p)
    if m and not re.search(r"\bfor each\b|\bx\b", m.group(2)):  # Hipparion; a varying cost is not read
        flt = filters.parse(m.group(1))
        return [{"block_cost_against": {"attackers": flt, "cost": m.group(2)}}] if flt is not None else None
    m = re.fullmatch(
        r"can't be blocked unless defending player pays (.+?) for each creature (?:he or she|they) controls? "
        r"that's blocking it",
        p,
    )
    if m and not re.search(r"\bx\b", m.group(1)):  # Awesome Presence (an Aura: on the creature it enchants)
        return [{"cost_to_block_it": m.group(1)}]
    m = re.fullmatch(rf"must be blocked by {NUM} or more creatures if able", p)
    if m:
        n = number(m.group(1))
        return [{"must_be_blocked_by_at_least_if_able": n}] if n >= 2 else ["must_be_blocked_if_able"]
    m = re.fullmatch(r"must be blocked by (.+?) if able", p)
    if m:
        flt = filters.parse(m.group(1))
        return [{"must_be_blocked_by_if_able": flt}] if flt is not None else None
    if p == "can't be blocked as long as it's attacking alone":  # Dream Prowler
        return ["cant_be_blocked_while_attacking_alone"]
    if p == "can block as though it were untapped":
        return ["can_block_as_though_untapped"]
    if re.fullmatch(r"can block creatures with shadow as though (?:they didn't have shadow|~ had shadow)", p):
        return ["can_block_shadow"]
    m = re.fullmatch(r"can block (.+?) as though (?:it|~) had reach", p)
    if m:
        flt = {} if m.group(1) == "creatures with flying" else filters.parse(m.group(1))
        return [{"can_block_as_though_reach": flt}] if flt is not None else None
    return None
