"""The trigger reader: a face's own attack and block triggers (508.3, 509.3, and the keywords of 702 built on them)
in the snapshot vocabulary (`docs/triggers.md`).

The Oracle reader (`oracle.py`) hands it each keyword line and each triggered line, already normalised (the card's
name is `~`, reminder text dropped, lower case). What it can't map is reported, never guessed: an intervening "if"
(603.4), "for the first time each turn", a filter the vocabulary lacks. Triggers of Auras and Equipment about the
creature they are attached to are not the card's own and are left to the caller (reported as not own).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from .filter_phrases import FilterPhrases, number
from .vocabulary import NUM, SELF

AbilityData = str | dict[str, Any]

# Trigger keywords written on a keyword line (702), mapped to the snapshot's names.
PLAIN_TRIGGER_KEYWORDS: dict[str, str] = {
    "flanking": "flanking",
    "exalted": "exalted",
    "battle cry": "battle_cry",
    "myriad": "myriad",
    "melee": "melee",
    "dethrone": "dethrone",
    "provoke": "provoke",
    "training": "training",
    "mentor": "mentor",
}
NUMBERED_TRIGGER_KEYWORDS = ("rampage", "bushido", "afflict", "annihilator", "frenzy")

_CONDITION = re.compile(r"^(?:whenever|when) (?P<cond>[^,]+), (?P<rest>.*)$")
_COMMA = re.compile(r", ")
_COMBAT = re.compile(
    r"\b(?:attack|attacks|attacked|block|blocks|blocked|combat damage|is dealt damage)\b|\bdealt damage by ~"
)
_NOT_OWN = re.compile(
    r"^(?:equipped|enchanted|fortified) creature\b|^(?:a|each) (?:creature|player) (?:that's )?(?:equipped|enchanted)"
)
_UNREAD = re.compile(r"for the first time each turn|\bif it's attacking\b")


@dataclass
class TriggerAcc:
    """What the trigger reader found in one face: triggers (one per instance) and own trigger text not read."""

    triggers: list[AbilityData] = field(default_factory=list)
    unmapped: list[str] = field(default_factory=list)


def trigger_keyword(piece: str) -> AbilityData | None:
    """A trigger keyword of a keyword line ("rampage 2", "battle cry"), or None."""
    if piece in PLAIN_TRIGGER_KEYWORDS:
        return PLAIN_TRIGGER_KEYWORDS[piece]
    match = re.fullmatch(rf"({'|'.join(NUMBERED_TRIGGER_KEYWORDS)}) (\d+)", piece)
    return {match.group(1): int(match.group(2))} if match else None


class TriggerReader:
    def __init__(self, filters: FilterPhrases) -> None:
        self.filters = filters

    # -- keyword lines ------------------------------------------------------------------------------------------
    def keyword_pieces(self, pieces: list[str], acc: TriggerAcc) -> None:
        """The trigger keywords of a keyword line (already known to be one)."""
        for piece in pieces:
            found = trigger_keyword(piece)
            if found is not None:
                acc.triggers.append(found)

    # -- triggered lines ----------------------------------------------------------------------------------------
    def line(self, line: str, acc: TriggerAcc) -> bool:
        """Read a triggered line; True if it is an attack or block trigger of the card's own (read or reported),
        False if it is something else (not a combat trigger, or a trigger of the creature an Aura enchants)."""
        match = _CONDITION.match(line)
        if match is None:
            return False
        cond, rest = match.group("cond").strip(), match.group("rest")
        if not _COMBAT.search(cond) or _NOT_OWN.search(cond):
            return False
        found = None
        body = line.split(" ", 1)[1]  # the condition and the effect, after "when" / "whenever"
        for comma in _COMMA.finditer(body):  # a filter may hold commas: "a nonartifact, non-Dragon creature"
            cond, rest = body[: comma.start()].strip(), body[comma.end() :]
            if _UNREAD.search(cond) or rest.startswith("if "):
                break
            found = self.condition(cond)
            if found is not None:
                break
        if found is None:
            acc.unmapped.append(line)
        else:
            acc.triggers.extend(found)
        return True

    def condition(self, cond: str) -> list[AbilityData] | None:
        """The abilities a trigger condition is, or None if no template fits."""
        if cond.startswith(f"{SELF} "):
            return self.of_itself(cond.removeprefix(f"{SELF} "))
        return self.of_others(cond)

    def of_itself(self, p: str) -> list[AbilityData] | None:
        simple: dict[str, list[AbilityData]] = {
            "attacks": ["whenever_attacks"],
            "enters the battlefield or attacks": ["whenever_attacks"],
            "enters or attacks": ["whenever_attacks"],
            "or enchanted creature attacks": ["whenever_attacks"],  # bestow: its own half (Heliod's Emissary)
            "or equipped creature attacks": ["whenever_attacks"],
            "attacks alone": ["whenever_attacks_alone"],
            "attacks and isn't blocked": ["whenever_attacks_and_isnt_blocked"],
            "attacks a player and isn't blocked": ["whenever_attacks_a_player_and_isnt_blocked"],
            "and another creature attack different players": ["whenever_it_and_another_attack_different_players"],
            "attacks or blocks": ["whenever_attacks_or_blocks"],
            "blocks or attacks": ["whenever_attacks_or_blocks"],
            "blocks": ["whenever_blocks"],
            "blocks a creature": ["whenever_blocks_a_creature"],
            "becomes blocked": ["whenever_becomes_blocked"],
            "becomes blocked by a creature": ["whenever_becomes_blocked_by_a_creature"],
            "blocks or becomes blocked": ["whenever_blocks_or_becomes_blocked"],
            "blocks or becomes blocked by a creature": ["whenever_blocks_or_becomes_blocked_by_a_creature"],
            # combat damage (510.2; combat/wordings/damage.py)
            "deals combat damage": ["whenever_deals_combat_damage"],
            "deals combat damage to a player": ["whenever_deals_combat_damage_to_a_player"],
            "deals combat damage to an opponent": ["whenever_deals_combat_damage_to_an_opponent"],
            "deals combat damage to a creature": ["whenever_deals_combat_damage_to_a_creature"],
            "is dealt damage": ["whenever_is_dealt_damage"],
        }
        if p in simple:
            return list(simple[p])
        m = re.fullmatch(rf"and at least {NUM} other creatures? attack", p)
        if m:
            return [{"whenever_attacks_with_others": number(m.group(1))}]
        for verb, key, count_key in (
            ("blocks", "whenever_blocks_a_creature", "whenever_blocks"),
            ("becomes blocked by", "whenever_becomes_blocked_by_a_creature", "whenever_becomes_blocked_by"),
            (
                "blocks or becomes blocked by",
                "whenever_blocks_or_becomes_blocked_by_a_creature",
                "whenever_blocks_or_becomes_blocked_by",
            ),
        ):
            if not p.startswith(f"{verb} "):
                continue
            found = self.counted(p.removeprefix(f"{verb} "), key, count_key)
            if found is not None:
                return [found]
        return None

    def counted(self, phrase: str, key: str, count_key: str) -> AbilityData | None:
        """ "a white creature" (per creature), "one or more black creatures", "two or more creatures", "exactly two
        creatures" (509.3e)."""
        m = re.fullmatch(rf"(?:{NUM} or more|exactly {NUM}) (.+)", phrase)
        if m:
            at_least, exactly, what = m.group(1), m.group(2), m.group(3)
            spec: dict[str, Any] = {"at_least": number(at_least)} if at_least else {"exactly": number(exactly)}
            if what not in ("creature", "creatures"):
                flt = self.creature_filter(what)
                if flt is None:
                    return None
                spec["creatures"] = flt
            return {count_key: spec}
        m = re.fullmatch(r"(?:a|an) (.+)", phrase)
        if m:
            flt = self.creature_filter(m.group(1))
            return {key: flt} if flt is not None else None
        return None

    def creature_filter(self, phrase: str) -> dict[str, Any] | None:
        """A filter phrase, with what the filter phrases don't know: "without KEYWORD" ("a creature without
        flying") and a list of negations ("nonartifact, non-Dragon creature": neither)."""
        negations = re.fullmatch(r"((?:non-?\w+, )+non-?\w+) (creatures?)", phrase)
        if negations:
            parts = [self.filters.parse(f"{word} {negations.group(2)}") for word in negations.group(1).split(", ")]
            if any(p is None or set(p) != {"not"} for p in parts):
                return None
            return {"not": {"any_of": [p["not"] for p in parts if p is not None]}}
        without = re.fullmatch(r"(.+?) without (\w+(?: \w+)?)", phrase)
        if without:
            base = self.filters.parse(without.group(1))
            inner = self.filters.parse(f"creature with {without.group(2)}")
            if base is None or inner is None or set(inner) != {"abilities"}:
                return None
            return {**base, "not": inner} if "not" not in base else None
        return self.filters.parse(phrase)

    def of_others(self, cond: str) -> list[AbilityData] | None:
        if cond in ("you attack", "one or more creatures you control attack"):
            return ["whenever_you_attack"]
        m = re.fullmatch(
            r"an opponent attacks(?P<you> you(?P<pw> (?:or a planeswalker|and/or planeswalkers) you control)?)?"
            r"(?: with one or more creatures)?",
            cond,
        )
        if m:  # once per attacking opponent (805.10a: both of a Two-Headed Giant team)
            opponent: dict[str, Any] = {"you": True} if m.group("you") else {}
            if m.group("pw"):
                opponent["planeswalkers"] = True
            return [{"whenever_an_opponent_attacks": opponent}]
        m = re.fullmatch(
            r"one or more creatures(?P<whose> you control| an opponent controls)? (?P<verb>attack|become blocked)", cond
        )
        if m:  # Duelist's Heritage (any player's), Hezrou (become blocked: once for all of them)
            whose = {" you control": {"whose": "you"}, " an opponent controls": {"whose": "opponent"}}
            key = "attack" if m.group("verb") == "attack" else "become_blocked"
            return [{f"whenever_one_or_more_creatures_{key}": whose.get(m.group("whose") or "", {})}]
        if cond == "one or more creatures you control deal combat damage to a player":
            return ["whenever_creatures_you_control_deal_combat_damage_to_a_player"]
        if cond == f"a creature dealt damage by {SELF} this turn dies":  # Sengir Vampire
            return ["whenever_a_creature_it_damaged_dies"]
        m = re.fullmatch(rf"you attack with {NUM} or more creatures", cond)
        if m:
            n = number(m.group(1))
            return ["whenever_you_attack"] if n == 1 else [{"whenever_you_attack": n}]
        m = re.fullmatch(
            r"(?P<who>one or more creatures|a creature|an? .+?) attacks? you(?P<pw> or a planeswalker you control)?",
            cond,
        )
        if m:
            spec: dict[str, Any] = {"planeswalkers": True} if m.group("pw") else {}
            who = m.group("who")
            if who == "one or more creatures":
                return [{"whenever_you_are_attacked": spec}]
            what = who.split(" ", 1)[1]
            if what != "creature":
                flt = self.creature_filter(what)
                if flt is None:
                    return None
                spec["creatures"] = flt
            return [{"whenever_a_creature_attacks_you": spec}]
        verbs = {
            "attacks": "whenever_a_creature_attacks",
            "attacks alone": "whenever_a_creature_attacks_alone",
            "attacks and isn't blocked": "whenever_a_creature_attacks_and_isnt_blocked",
            "blocks": "whenever_a_creature_blocks",
            "becomes blocked": "whenever_a_creature_becomes_blocked",
        }
        m = re.fullmatch(
            r"(?P<det>a|an|another) (?P<what>.+?)(?P<whose> you control| an opponent controls)?(?P<with> with .+)? "
            rf"(?P<verb>{'|'.join(sorted(verbs, key=len, reverse=True))})",
            cond,
        )
        if m is None:
            return None
        watch: dict[str, Any] = {}
        if m.group("whose"):
            watch["whose"] = "you" if m.group("whose") == " you control" else "opponent"
        if m.group("det") == "another":
            watch["other"] = True
        what = m.group("what") + (m.group("with") or "")
        if what != "creature":
            flt = self.creature_filter(what)
            if flt is None:
                return None
            watch["creatures"] = flt
        return [{verbs[m.group("verb")]: watch}]
