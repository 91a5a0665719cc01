"""Conditional abilities of a card's own, read from its Oracle text into `conditional` (models/conditions.py).

Templates: "as long as COND, ~ PRED", "~ PRED as long as COND", "during your turn, ~ PRED", "~ can't attack /
block (or attack or block) unless / if COND"; level up ("level N-M" and "level N+" with their abilities). COND:
"you control a / another / N or more FILTER", "defending player controls …", "it's (not) your turn", "~ is
monstrous", "~ is paired with another creature", "~ was kicked" (and "if ~ was kicked, it enters with … and with
KEYWORD"), "there are N or more +1/+1 counters on ~", "~ has a +1/+1 counter on it", "a creature died this turn".
What doesn't fit stays **not applied**.
"""

from __future__ import annotations

import re
import string
from typing import Any

from .filter_phrases import FilterPhrases, number
from .oracle import read_oracle
from .oracle_text import LEGALITY
from .vocabulary import COMBAT_KEYWORDS, NUM, SELF

Data = dict[str, Any]
# Gideon Blackblade: "is a 4/4 Human Soldier creature with indestructible that's still a planeswalker"
_CREATURE_WITH = re.compile(
    r"is an? \d+/\d+ [\w ]*?\bcreature with (?P<keywords>[^\"]+?)(?: that's still an? \w+| in addition to its other types)?"
)
_PUMP = re.compile(r"^gets? [+-][\dxy*]+/[+-][\dxy*]+(?:,? and |$)")


class ConditionReader:
    def __init__(self, known: frozenset[str]) -> None:
        self.filters = FilterPhrases(known)
        self.known = known

    def counted(self, text: str) -> Data | None:
        match = re.fullmatch(
            rf"(?:(?P<other>another|an?|one)|(?:at least )?{NUM} or more|at least {NUM}) (?P<others>other )?(?P<what>.+)",
            text,
        )
        if match is None:
            return None
        what = match.group("what")
        named = re.fullmatch(r"creatures? named ([\w' ,-]+)", what)  # Marauding Maulhorn (names match any case)
        flt = {"names": [string.capwords(named.group(1))], "types": ["creature"]} if named else self.filters.parse(what)
        if flt is None:
            return None
        noun = re.split(r" with | without ", what)[0].split(" ")[-1]
        if noun in ("creature", "creatures") and "types" not in flt:
            flt = {**flt, "types": ["creature"]}  # a count of permanents: "a creature" is one of them
        out: Data = {"filter": flt}
        amount = match.group(2) or match.group(3)
        if amount:
            out["at_least"] = number(amount)
        if match.group("other") == "another" or match.group("others"):  # Ice-Fang Coatl: "three other snow permanents"
            out["other"] = True
        return out

    def condition(self, text: str) -> Data | None:
        # a card may be named "he" or "she" (Pipsqueak: "unless he has a +1/+1 counter on him")
        text = re.sub(r"\bon (?:him|her)$", "on it", re.sub(r"^(?:he|she)\b", "it", text.strip()))
        simple: dict[str, Data] = {
            "it's your turn": {"your_turn": True},
            "it's not your turn": {"your_turn": False},
            f"{SELF} is monstrous": {"monstrous": True},
            f"{SELF} is paired with another creature": {"paired": True},
            # Flowering Lumberknot: only a creature with soulbond pairs with one that has none (702.95a)
            "it's paired with a creature with soulbond": {"paired": True},
            f"{SELF} was kicked": {"kicked": True},
            "a creature died this turn": {"creature_died": True},
            f"{SELF} has a +1/+1 counter on it": {"counters_at_least": {"+1/+1": 1}},
            "it has a +1/+1 counter on it": {"counters_at_least": {"+1/+1": 1}},
            "it's an extra turn": {"extra_turn": True},
            "it's attacking": {"attacking": True},  # Soltari Lancer, Kitesail Corsair
            f"{SELF} is attacking": {"attacking": True},
            f"{SELF} is tapped": {"tapped": True},
            f"{SELF} is untapped": {"tapped": False},
            "it's untapped": {"tapped": False},  # Iymrith, Desert Doom
            "it's tapped": {"tapped": True},
            f"{SELF} is equipped": {"equipped": True},  # Kor Duelist, Armed Assailant
            "it's equipped": {"equipped": True},
            f"{SELF} is enchanted": {"enchanted": True},  # Fledgling Osprey
            "it's enchanted": {"enchanted": True},
            "you've cast a creature spell this turn": {"you_cast_creature_spell": True},
        }
        if text in simple:
            return simple[text]
        counters = re.fullmatch(rf"there are {NUM} or more ([\w+/-]+) counters on {SELF}", text)
        if counters:
            return {"counters_at_least": {counters.group(2): number(counters.group(1))}}
        fewer = re.fullmatch(rf"(?:{SELF}|it) has {NUM} or fewer ([\w+/-]+) counters on it", text)
        if fewer:  # Evolved Spinoderm: "as long as it has two or fewer oil counters on it"
            return {"counters_at_most": {fewer.group(2): number(fewer.group(1))}}
        more = re.fullmatch(rf"(?:{SELF}|it) has {NUM} or more ([\w+/-]+) counters on it", text)
        if more:  # Slumbering Dragon: "unless it has five or more +1/+1 counters on it"
            return {"counters_at_least": {more.group(2): number(more.group(1))}}
        none = re.fullmatch(rf"(?:{SELF}|it) has no ([\w+/-]+) counters on it", text)
        if none:  # Roc Hatchling: "as long as ~ has no shell counters on it"
            return {"counters_at_most": {none.group(1): 0}}
        one = re.fullmatch(rf"(?:{SELF}|it) has an? ([\w+/-]+) counter on it", text)
        if one:  # Seer of the Bright Side: "as long as it has a cage counter on it"
            return {"counters_at_least": {one.group(1): 1}}
        for lead, key in (("you control ", "you_control"), ("defending player controls ", "defending_player_controls")):
            if text.startswith(lead + "no "):  # Fen Stalker: "as long as you control no untapped lands"
                counted = self.counted("a " + text.removeprefix(lead + "no "))
                return {"not": {key: counted}} if counted is not None else None
            if text.startswith(lead):
                counted = self.counted(text.removeprefix(lead))
                return {key: counted} if counted is not None else None
        return None

    def predicate(self, pred: str) -> tuple[list[Any], bool] | None:
        """The abilities "~ PRED" states, and whether a part of it was left unread (R4: Colossus of Akros' "has
        trample and can attack as though it didn't have defender", Skyknight Squire's "has flying and is a Knight …";
        the caller lists it). A pump is dropped silently: the caller lists it as a size the snapshot states."""
        quoted = re.fullmatch(r'has "([^"]+)"?', pred)
        if quoted:  # a granted attack or block trigger, in the trigger vocabulary (Imperious Mindbreaker's soulbond)
            reading = read_oracle(quoted.group(1), "", known_subtypes=self.known)
            return (list(reading.triggers), False) if reading.triggers and not reading.triggers_unmapped else None
        creature = _CREATURE_WITH.fullmatch(pred)
        if creature:  # R8: a permanent that is a creature with a keyword: the keyword, its creature-ness listed
            pred = f"has {creature.group('keywords')}"
        pump = _PUMP.match(pred)
        if pump:
            pred = pred[pump.end() :]
            if not pred:
                return None
            pred = pred if re.match(r"(?:has|have|can|can't|attacks|blocks|must|is)\b", pred) else f"has {pred}"
        reading = read_oracle(f"{SELF} {pred}.", "", known_subtypes=self.known)
        if not (reading.unmapped or reading.not_own or not reading.abilities):
            return list(reading.abilities), False
        found: list[Any] = []
        parts = re.split(r",? and (?=(?:has|can|can't|attacks|blocks|must|is)\b)", pred)
        for part in parts if len(parts) > 1 else ():
            read = read_oracle(f"{SELF} {part}.", "", known_subtypes=self.known)
            if not (read.unmapped or read.not_own or read.triggers_unmapped):
                found += [a for a in read.abilities if a not in found]
        return (found, True) if found else None

    def each_its_condition(self, s: str) -> list[Data] | None:
        """Tribal Golem: "~ has trample as long as you control a Beast, haste as long as you control a Goblin, …":
        one entry per ability; a quoted ability that bears on no declaration ("{B}: Regenerate ~") is left out.
        None if a piece is no ability with its condition."""
        listed = re.fullmatch(rf"{SELF} (.+ as long as .+), and (.+ as long as .+)", s.rstrip("."))
        if listed is None or not re.match(r"(?:has|gets) ", listed.group(1)):
            return None
        out: list[Data] = []
        for piece in [*listed.group(1).split(", "), listed.group(2)]:
            # Tek: "gets +0/+2 as long as you control a Plains, has flying as long as you control an Island, …": the
            # pumps are a size the snapshot states (listed by the caller), each keyword read under its condition
            if re.match(r"gets? [+-][\dxy*]+/[+-][\dxy*]+ as long as ", piece):
                continue
            piece = piece.removeprefix("has ")
            quoted = re.fullmatch(r'"[^"]*" as long as .+', piece)
            if quoted and not LEGALITY.search(piece.split(" as long as ")[0]):
                continue
            entry = self.sentence(f"{SELF} has {piece}")
            if entry is None:
                return None
            out.append(entry)
        return out or None

    def sentence(self, s: str) -> Data | None:
        """One conditional sentence as a `conditional` entry, or None."""
        s = s.rstrip(".").strip()
        # Woolly Razorback: "as long as …, prevent all combat damage it would deal and it has defender": the
        # prevention bears on no declaration, the keyword is read
        s = re.sub(r"(?<=, )prevent all combat damage (?:it|~) would deal and (?=(?:it|~) )", "", s)
        both = re.fullmatch(r"during (your turn|turns other than yours), (as long as .+)", s)
        inner = self.sentence(both.group(2)) if both else None
        if both and inner is not None and "your_turn" not in inner["when"]:
            # R6, Cloud, Planet's Champion: "during your turn, as long as ~ is equipped, it has …": one condition whose
            # fields all hold together
            return {**inner, "when": {"your_turn": both.group(1) == "your turn", **inner["when"]}, "text": s}
        cond: Data | None = None
        pred: str | None = None
        s = re.sub(r"(?<=, )(?:he|she|it)'s ", f"{SELF} is ", s)  # Grand Master of Flowers: ", he's a 7/7 …"
        lead = re.fullmatch(
            rf"(?:as long as (?P<cond>.+?)|during (?P<turn>your turn|turns other than yours)), (?:{SELF}|it) (?P<pred>.+)",
            s,
        )
        tail = re.fullmatch(rf"{SELF} (?P<pred>.+?) as long as (?P<cond>.+)", s) or re.fullmatch(
            rf"{SELF} (?P<pred>.+?) (?P<cond>during your turn)", s
        )
        restriction = re.fullmatch(
            rf"{SELF} can't (?P<what>attack or block|attack alone|block alone|attack|block) (?P<word>unless|if) "
            r"(?P<cond>.+)",
            s,
        )
        kicked = re.fullmatch(
            rf"if {SELF} was kicked, it enters with (?:.+? and )?with (?P<after>[^,]+)|"
            rf"if {SELF} was kicked, it enters with (?P<before>[\w ]+?) and with [^,]+? counters? on it(?:, where .+)?",
            s,
        )
        if kicked:  # Benalish Lancer, Kavu Titan, Dralnu's Pet: the keyword it enters with (its counters are stated)
            # Voidpouncer: "… two +1/+1 counters and a trample counter on it and with haste": a keyword counter gives
            # its keyword (122.1b)
            keywords = [k for k in re.findall(r"\ban? ([a-z ]+?) counter\b", s) if k in COMBAT_KEYWORDS]
            found = self.predicate("has " + " and ".join([*keywords, kicked.group("after") or kicked.group("before")]))
            return None if found is None or found[1] else {"when": {"kicked": True}, "abilities": found[0], "text": s}
        required = re.fullmatch(
            rf"{SELF} (?P<what>attacks each combat if able|blocks each combat if able|has [^\"]+?) unless (?P<cond>.+)",
            s,
        )
        # Marauding Maulhorn: "attacks each combat if able unless you control a creature named …"; Tadeas, Juniper
        # Ascendant: "has hexproof unless it's attacking"
        if required:
            inner = self.condition(required.group("cond"))
            found = self.predicate(required.group("what"))
            return (
                None
                if inner is None or found is None or found[1]
                else {"when": {"not": inner}, "abilities": found[0], "text": s}
            )
        if restriction:
            inner = self.condition(restriction.group("cond"))
            if inner is None:
                return None
            what = restriction.group("what")
            abilities = (
                ["cant_attack", "cant_block"] if what == "attack or block" else [f"cant_{what.replace(' ', '_')}"]
            )
            when = {"not": inner} if restriction.group("word") == "unless" else inner
            return {"when": when, "abilities": abilities, "text": s}
        if lead:
            turn = {
                "your_turn": lead.group("turn") == "your turn"
            }  # Warden of the Wall: "during turns other than yours"
            cond = turn if lead.group("cond") is None else self.condition(lead.group("cond"))
            pred = lead.group("pred")
        elif tail:
            during = tail.group("cond") == "during your turn"  # Razorkin Needlehead
            cond = {"your_turn": True} if during else self.condition(tail.group("cond"))
            pred = tail.group("pred")
        if cond is None or pred is None:
            return None
        found = self.predicate(pred)
        if found is None:
            return None
        return {"when": cond, "abilities": found[0], "text": s, **({"partial": True} if found[1] else {})}

    def otherwise(self, read: Data, sentences: list[str], sentence: str) -> Data | None:
        """The sentence after a conditional one that begins "otherwise, it has …": its ability while the condition
        doesn't hold."""
        at = sentences.index(sentence)
        after = sentences[at + 1] if at + 1 < len(sentences) else ""
        match = re.fullmatch(rf"otherwise, (?:it|{SELF}) (?P<pred>.+?)\.?", after)
        found = self.predicate(match.group("pred")) if match else None
        if found is None or found[1]:
            return None
        return {"when": {"not": read["when"]}, "abilities": found[0], "text": after}

    def levels(self, lines: list[str]) -> tuple[list[Data], list[str]]:
        """Level up (702.87, 711): each "level N-M" / "level N+" range's abilities, while the card has that many
        level counters; and each range's power and toughness ("level 2-6: 3/3"), which the snapshot states."""
        out: list[Data] = []
        sizes: list[str] = []
        low: int | None = None
        high: int | None = None
        for line in lines:
            rng = re.fullmatch(r"level (\d+)(?:-(\d+)|(\+))", line)
            if rng:
                low, high = int(rng.group(1)), (int(rng.group(2)) if rng.group(2) else None)
                continue
            if low is None:
                continue
            if re.fullmatch(r"\d+/\d+", line):
                sizes.append(f"level {low}{f'-{high}' if high is not None else '+'}: {line}")
                continue
            reading = read_oracle(line, "", known_subtypes=self.known)
            if reading.unmapped or reading.not_own or reading.triggers_unmapped:
                continue  # the oracle reader lists it
            abilities = [*reading.abilities, *reading.triggers]
            if abilities:
                when: Data = {"counters_at_least": {"level": low}}
                if high is not None:
                    when["counters_at_most"] = {"level": high}
                out.append(
                    {
                        "when": when,
                        "abilities": abilities,
                        "text": f"level {low}{f'-{high}' if high is not None else '+'}: {line}",
                    }
                )
        return out, sizes
