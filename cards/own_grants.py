"""Grants and restrictions stated of a group that includes the card itself: the Oracle reader reads them as the
card's own abilities too (cards_labelled.yaml's header; RULINGS R14 of the dev sweep before sample J): "All Sliver
creatures have menace" on a Sliver, "Creatures with power less than ~'s power can't block creatures you control"
(Champion of Lambholt), "each creature you control with menace can't be blocked except by three or more creatures"
(Sonorous Howlbonder), and reports the groups the card may share that no filter names (Skatewing Spy)."""

from __future__ import annotations

import re
from collections.abc import Callable

from .declaration_phrases import own_grant
from .filter_phrases import FilterPhrases, number
from .reading import AbilityData, SelfInfo
from .vocabulary import COMBAT_KEYWORDS, NUM

_GRANT = re.compile(r"^(?:all )?(?P<who>(?!other\b|each other\b|non)[\w -]+?)(?: you control)? have (?P<what>[^\"]+)$")

# A grant to a group named by a keyword (Sonorous Howlbonder); cards/statics.py reads it as an effect on others
BY_KEYWORD_MIN_BLOCKERS = re.compile(
    rf"each creature you control with (?P<keyword>\w+) can't be blocked except by (?P<n>{NUM}) or more creatures"
)

# R14: a restriction or requirement stated of a group, the card among it ("Slivers can't be blocked except by
# Slivers", "Juggernauts you control attack each combat if able", "Fish you control have haste and can't be blocked by
# Humans")
_GROUP = re.compile(
    r"(?:all )?(?P<who>(?!other\b|each\b|non|~|target\b)[\w -]+?)(?: you control)? "
    r"(?P<pred>(?:have|attack|block|can't|can|must)\b.+)"
)
_SINGULAR = (
    (r"^have\b", "has"),
    (r"^attack or block each\b", "attacks or blocks each"),
    (r"^attack each\b", "attacks each"),
    (r"^block each\b", "blocks each"),
)

Keyword = Callable[[str], "tuple[str, AbilityData] | None"]
Predicate = Callable[[str], "list[AbilityData] | None"]


class OwnGrants:
    """What a sentence about a group gives the card itself; `keyword` is the Oracle reader's reading of one keyword
    (("ability", data), ("ignore", ""), … or None)."""

    def __init__(self, filters: FilterPhrases, itself: SelfInfo | None, keyword: Keyword) -> None:
        self.filters = filters
        self.itself = itself
        self.keyword = keyword

    def creature(self) -> bool:
        return self.itself is not None and "creature" in self.itself.types

    def grant_to_itself(self, sentence: str) -> list[AbilityData]:
        """Keywords a static grant gives the card too, when the card is among the creatures it names."""
        if self.itself is None or not self.creature():
            return []
        blockers = re.fullmatch(r"(?P<flt>.+?) can't block creatures you control", sentence.rstrip("."))
        if blockers:  # Champion of Lambholt: the card is one of the creatures you control
            flt = self.filters.parse(blockers.group("flt"))
            return [{"cant_be_blocked_by": flt}] if flt is not None else []
        sentence = re.sub(r',? and "[^"]*"?\.?$', "", sentence)  # an ability granted in quotation marks
        granted = own_grant(sentence.rstrip("."))
        if granted is not None:
            return granted
        match = _GRANT.match(sentence.rstrip("."))
        if match is None:
            return []
        flt = self.filters.parse(match.group("who"))
        if flt is None or not self.itself.matches(flt):
            return []
        found: list[AbilityData] = []
        for piece in re.split(r", and |, | and ", match.group("what")):
            if piece == "attack each combat if able":  # Avatar of Slaughter: "have double strike and attack …"
                found.append("attacks_each_combat_if_able")
                continue
            result = self.keyword(piece)
            if result is None:
                return []
            if result[0] == "ability":
                found.append(result[1])
        return found

    def group_restriction(self, sentence: str, predicate: Predicate) -> list[AbilityData]:
        """R14: what a sentence about a group the card belongs to says of the card (`predicate` reads what follows
        "~ "); "Cowards can't block Warriors" on a Warrior: it can't be blocked by Cowards (Kargan Intimidator)."""
        match = _GROUP.fullmatch(sentence.rstrip("."))
        if self.itself is None or not self.creature() or match is None:
            return []
        if re.search(r"\bthis (?:turn|combat)\b|\buntil\b", sentence):  # one-shot, never the card's static ability
            return []
        group = self.filters.parse(match.group("who"))
        if group is None:
            return []
        pred = match.group("pred")
        blocked = re.fullmatch(r"can't block (.+)", pred)
        if blocked and not self.itself.matches(group):
            attackers = self.filters.parse(blocked.group(1))
            return [{"cant_be_blocked_by": group}] if attackers and self.itself.matches(attackers) else []
        if not self.itself.matches(group):
            return []
        found: list[AbilityData] = []
        for part in re.split(r",? and (?=(?:have|can|can't|attack|block|must)\b)", pred):
            for plural, singular in _SINGULAR:
                part = re.sub(plural, singular, part)
            read = predicate(part)
            if read is None:
                return []
            found += [a for a in read if a not in found]
        return found

    def grant_by_keyword(self, sentence: str, own: list[AbilityData]) -> list[AbilityData]:
        """Sonorous Howlbonder: "each creature you control with menace can't be blocked except by three or more
        creatures" includes the card when it has that keyword itself (read from the lines before)."""
        match = BY_KEYWORD_MIN_BLOCKERS.fullmatch(sentence.rstrip("."))
        if not self.creature() or match is None:
            return []
        keyword = COMBAT_KEYWORDS.get(match.group("keyword"))
        return [{"min_blockers": number(match.group("n"))}] if keyword is not None and keyword in own else []

    def may_include_itself(self, sentence: str) -> bool:
        """A grant to a group of the controller's creatures that the card, a creature, may belong to, named by what
        no filter says, so that cards/statics.py can't apply it either ("each creature you control with a +1/+1
        counter on it has flying", "creatures attacking the last chosen player have menace")."""
        if not self.creature():
            return False
        group = r"(?:each creature you control|creatures you control) with (?:an? [\w+/-]+ counters?|counters) on|"
        return bool(re.match(group + r"creatures attacking\b", sentence))
