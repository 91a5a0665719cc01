"""More templates of the Oracle reader: the card's own declaration words of issue 19 (requirements naming who
blocks, blocking as though, attacking alone, a cost to block some attackers). `oracle.py` asks `own_predicate`
for a predicate about the card (the text after "~ ") that its own templates don't know."""

from __future__ import annotations

import re
from typing import Any

from .filter_phrases import FilterPhrases, number
from .vocabulary import NUM

AbilityData = str | dict[str, Any]

# Predicates about the card (after "~ ") that are one fixed phrase each.
SIMPLE_PREDICATES: dict[str, list[str]] = {
    "can't block": ["cant_block"],
    "can't attack": ["cant_attack"],
    "can't attack or block": ["cant_attack", "cant_block"],
    "can't be blocked": ["cant_be_blocked"],
    "is unblockable": ["cant_be_blocked"],
    "can't attack alone": ["cant_attack_alone"],
    "can't block alone": ["cant_block_alone"],
    "can't attack or block alone": ["cant_attack_alone", "cant_block_alone"],
    "can only attack alone": ["can_only_attack_alone"],
    "can attack only alone": ["can_only_attack_alone"],
    "attacks each combat if able": ["attacks_each_combat_if_able"],
    "attacks each turn if able": ["attacks_each_combat_if_able"],
    "blocks each combat if able": ["blocks_each_combat_if_able"],
    "blocks each turn if able": ["blocks_each_combat_if_able"],
    "attacks or blocks each combat if able": ["attacks_each_combat_if_able", "blocks_each_combat_if_able"],
    "attacks or blocks each turn if able": ["attacks_each_combat_if_able", "blocks_each_combat_if_able"],
    "must be blocked if able": ["must_be_blocked_if_able"],
    "must be blocked each combat if able": ["must_be_blocked_if_able"],
    "must be blocked by exactly one creature if able": ["must_be_blocked_by_exactly_one_if_able"],
    "can block any number of creatures": ["can_block_any_number"],
    "can block any number of creatures each combat": ["can_block_any_number"],
    "assign its combat damage as though it weren't blocked": ["may_assign_damage_as_though_unblocked"],
    "can't be blocked unless all creatures defending player controls block it": ["cant_be_blocked_unless_all_block_it"],
}


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
    if re.fullmatch(r"can block creatures with shadow as though (?:they didn't have shadow|(?:~|it) had shadow)", p):
        return ["can_block_shadow"]
    m = re.fullmatch(r"can block (.+?) as though (?:it|~) had reach", p)
    if m:
        flt = {} if m.group(1) == "creatures with flying" else filters.parse(m.group(1))
        return [{"can_block_as_though_reach": flt}] if flt is not None else None
    return None
