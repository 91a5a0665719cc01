"""The Oracle-text reader: a card's own combat abilities, in the snapshot's ability vocabulary.

`read_oracle` turns the Oracle text of one face into abilities written as in a snapshot (`"flying"`,
`{"min_blockers": 3}`). It reads keyword lines and the templates that decide whether a block or an attack is legal.
Everything else that bears on that legality is reported, never guessed:

- `unmapped`: the card's own combat text that the vocabulary can't express or the reader doesn't know (conditional
  abilities, costs that vary, level abilities). The user states what applies in the snapshot.
- `not_own`: combat text that is not a static ability of this card: abilities it grants to other creatures, global
  effects, triggered and activated abilities and one-shot effects ("target creature can't block this turn"). If one
  of them is in effect, the user states it on the creature it affects (or under `effects`).

Text is read after the card's name and "this creature" become `~` and reminder text is dropped. What a sentence
about a group that includes the card gives the card itself is `cards/own_grants.py`'s.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from typing import Any

from .declaration_phrases import SIMPLE_PREDICATES, mana_value_quality, own_predicate
from .filter_phrases import FilterPhrases, number
from .oracle_text import (
    KEYWORD_LIST,
    LEGALITY,
    SENTENCE_END,
    keyword_reminders,
    normalise_text,
    strip_filters,
)
from .own_grants import OwnGrants
from .reading import AbilityData as AbilityData
from .reading import Reading as Reading
from .reading import SelfInfo as SelfInfo
from .trigger_reader import TriggerAcc, TriggerReader
from .vocabulary import (
    BASIC_LAND_TYPES,
    CARD_TYPES,
    COLORS,
    COMBAT_KEYWORDS,
    NUM,
    OTHER_KEYWORDS,
    SELF,
    SPELL_SUBTYPES,
    TRIGGERED_KEYWORDS,
    UNMAPPED_KEYWORDS,
)

_ABILITY_WORD = re.compile(r"^[a-z][a-z' -]* — (?=.)")
_LEVEL = re.compile(r"^level \d+(-\d+|\+)$")
_ACTIVATED = re.compile(r"^[^\"]*?:\s")
_TRIGGER = re.compile(r"^(when|whenever|at the|at end|at the end)\b")
# A Class's level (716.2a): "{1}{U}{B}: Level 2"; the abilities below it are the card's only at that level.
_CLASS_LEVEL = re.compile(r"^(\{[^}]+\})+: level \d+$")
# Abilities under a threshold the board doesn't show: max speed (702.179), a Spacecraft's station (721.2); and the
# keywords that bear on the damage step, so that such an ability is listed rather than dropped.
_UNSHOWN_THRESHOLD = re.compile(r"^(max speed — |\d+\+ \| )")
_DAMAGE_WORDS = re.compile(r"first strike|double strike|deathtouch|trample|lifelink|infect|wither|indestructible")


_COPY_EXCEPT = re.compile(
    # Wall of Stolen Identity: "except it's a Wall in addition to its other types and has defender"
    r"(?:you may have )?~ enters? as a copy of [^,]+, except (?:(?:it|~) has|it's [\w ]+? and has) (?P<keywords>[\w ,]+?)"
    r"(?:,? and (?:it )?is [^.]+)?"
)


@dataclass
class _Acc:
    abilities: list[AbilityData] = field(default_factory=list)
    unmapped: list[str] = field(default_factory=list)
    not_own: list[str] = field(default_factory=list)

    def add(self, items: Iterable[AbilityData]) -> None:
        for item in items:
            if item not in self.abilities:
                self.abilities.append(item)


class _Reader:
    def __init__(self, known_subtypes: frozenset[str], itself: SelfInfo | None = None) -> None:
        self.filters = FilterPhrases(known_subtypes)
        self.known = known_subtypes
        self.itself = itself
        self.trigger_reader = TriggerReader(self.filters)
        self.tacc = TriggerAcc()
        self.own_grants = OwnGrants(self.filters, itself, self.keyword)

    # -- keyword lines ----------------------------------------------------------------------------------------
    def keyword_line(self, line: str, acc: _Acc) -> bool:
        """Read a line made only of keywords; False (and nothing recorded) if it is not one."""
        body = line.rstrip(".")
        if body.startswith("ward—"):  # Ovika: "Ward—{3}, Pay 3 life": one keyword whose cost has parts (702.21a)
            acc.add(["ward"])
            return True
        pieces = [p.strip() for p in re.split(r"[,;] (?!(?:and )?from )", body) if p.strip()]
        found: list[AbilityData] = []
        notes: list[tuple[str, str]] = []
        for piece in pieces:
            result = self.keyword(piece)
            if result is None:
                return False
            kind, value = result
            if kind == "ability":
                found.append(value)
            elif kind in ("unmapped", "not_own"):
                notes.append((kind, str(value)))
        acc.add(found)
        for kind, note in notes:
            (acc.unmapped if kind == "unmapped" else acc.not_own).append(note)
        self.trigger_reader.keyword_pieces(pieces, self.tacc)
        return True

    def keyword(self, piece: str) -> tuple[str, AbilityData] | None:
        """("ability", data), ("ignore", ""), ("unmapped"|"not_own", note), or None if `piece` is no keyword."""
        if piece in COMBAT_KEYWORDS:
            return "ability", COMBAT_KEYWORDS[piece]
        if re.fullmatch(r"ward[ —](?:(?!\bas long as\b).)+", piece):  # The Tarrasque's "ward {10} as long as …"
            return "ability", "ward"
        if re.fullmatch(r"protection from .*\bspells(?: that [^,]*)?", piece):  # "spells that are one or more colors"
            return "ignore", ""  # a blocking creature is no spell
        if piece.startswith("hexproof from "):  # Niv-Mizzet, Guildpact: "flying, hexproof from multicolored"
            return "ignore", ""  # targeting bears on no declaration
        if piece.startswith("protection from "):
            qualities = self.protection(piece.removeprefix("protection from "))
            if qualities is None:
                return "unmapped", piece
            return "ability", {"protection_from": qualities}
        walk = self.landwalk(piece)
        if walk is not None:
            return "ability", {"landwalk": walk}
        for word, note in UNMAPPED_KEYWORDS.items():
            if piece.startswith(word):
                return "unmapped", note
        for word, note in TRIGGERED_KEYWORDS.items():
            if piece == word:
                return "not_own", note
        head = re.split(r"[ —]?(\{|\d|x\b|—)", piece, maxsplit=1)[0].strip()
        if head in OTHER_KEYWORDS or piece in OTHER_KEYWORDS:
            return "ignore", ""
        if re.fullmatch(r"(enchant|equip|fortify|champion|affinity for|level up|crew|bands with) .+", piece):
            return "ignore", ""
        return None

    def landwalk(self, piece: str) -> AbilityData | None:
        match = re.fullmatch(r"(?:(snow|legendary|nonbasic) )?(\w+)walk", piece)
        if match is None or match.group(2) in ("horsemanship",):
            return None
        prefix, land = match.groups()
        if land == "land":
            return prefix if prefix in ("legendary", "nonbasic", "snow") else None
        if land not in BASIC_LAND_TYPES and (self.known and land not in self.known):
            return None
        if prefix == "snow":
            return {"supertype": "snow", "subtype": land}
        if prefix is not None:
            return None
        return land

    def protection(self, text: str) -> list[Any] | None:
        items = [p for p in re.split(r",? and from |, from |,? and ", text) if p]
        out: list[Any] = []
        for item in items:
            item = item.strip()
            if item in COLORS:
                out.append(item)
            elif item in ("all colors", "each color"):  # "each color": today's Oracle wording (Iridescent Angel)
                out.extend(COLORS)
            elif item in ("everything", "multicolored", "monocolored", "colorless"):
                out.append(item)
            elif item in CARD_TYPES and item.endswith("s"):
                out.append(CARD_TYPES[item])
            else:
                flt = mana_value_quality(item) or self.filters.parse(item)
                if flt is None:
                    return None
                out.append(flt)
        return out or None

    # -- sentences --------------------------------------------------------------------------------------------
    def sentence(self, sentence: str) -> list[AbilityData] | None:
        """The abilities a whole sentence states about the card itself, or None if it is no known template."""
        s = sentence.rstrip(".").strip()
        own = re.fullmatch(rf"all creatures able to block {SELF}(?: or enchanted creature)? do so", s)
        if own:
            return ["all_able_must_block_it"]
        blocked_by = re.fullmatch(rf"(?P<flt>.+?) can't block (?:{SELF}|it)", s.replace(f"block {SELF}", "block it"))
        if blocked_by:
            flt = self.filters.parse(blocked_by.group("flt"))
            return [{"cant_be_blocked_by": flt}] if flt is not None else None
        s = re.sub(rf"^you may have (?={SELF} assign its combat damage)", "", s)  # 510.1b, as though unblocked
        if not s.startswith(f"{SELF} "):
            return None
        predicate = s.removeprefix(f"{SELF} ")
        whole = self.predicate(predicate)
        if whole is not None:
            return whole
        parts = re.split(r",? and (?=can|attacks|blocks|must|is\b)", predicate)
        if len(parts) > 1:
            found: list[AbilityData] = []
            for part in parts:
                read = self.predicate(part)
                if read is None:
                    return None
                found += read
            return found
        return None

    def predicate(self, p: str) -> list[AbilityData] | None:
        read = own_predicate(
            p, self.filters
        )  # issue 19's words first: "can't block X unless ..." is not "can't block X"
        if read is not None:
            return read
        if p in SIMPLE_PREDICATES:
            return list(SIMPLE_PREDICATES[p])
        m = re.fullmatch(rf"can't be blocked except by {NUM} or more creatures", p)
        if m:
            return [{"min_blockers": number(m.group(1))}]
        m = re.fullmatch(rf"can't be blocked by more than {NUM} creatures?", p)
        if m:
            return [{"max_blockers": number(m.group(1))}]
        m = re.fullmatch(rf"can block an additional (?:{NUM} )?creatures? each combat", p)
        if m:
            return [{"can_block_additional": number(m.group(1)) if m.group(1) else 1}]
        m = re.fullmatch(r"can't be blocked as long as defending player controls (an?|one or more) (.+)", p)
        if m:
            walk = self.land_kind(m.group(2))
            if walk is not None:
                return [{"landwalk": walk}]
            flt = self.filters.parse(m.group(2))
            return [{"cant_be_blocked_while_defender_controls": flt}] if flt is not None else None
        m = re.fullmatch(r"can't attack unless defending player controls (.+)", p)
        if m:
            flt = self.filters.parse(m.group(1))
            return [{"cant_attack_unless_defender_controls": flt}] if flt is not None else None
        m = re.fullmatch(rf"can't attack unless at least {NUM} other creatures? (?:also )?attacks?", p)
        if m:
            return [{"cant_attack_unless_others_attack": number(m.group(1))}]
        m = re.fullmatch(rf"can't block unless at least {NUM} other creatures? (?:also )?blocks?", p)
        if m:
            return [{"cant_block_unless_others_block": number(m.group(1))}]
        m = re.fullmatch(
            rf"can't attack or block unless at least {NUM} other creatures? (?:also )?(?:attack|block)s? or blocks?",
            p,
        )
        if m:
            n = number(m.group(1))
            return [{"cant_attack_unless_others_attack": n}, {"cant_block_unless_others_block": n}]
        m = re.fullmatch(r"can't (attack|block) unless (.+?) also (attacks|blocks)", p)
        if m and m.group(1) == m.group(3)[:-1]:
            flt = self.filters.parse(m.group(2))
            if flt is None:
                return None
            key = "cant_attack_unless_also_attacking" if m.group(1) == "attack" else "cant_block_unless_also_blocking"
            return [{key: flt}]
        m = re.fullmatch(
            r"can't (attack|block|attack or block) unless (?:you|its controller) "
            r"(pays?|sacrifices?|returns?|discards?|exiles?|taps?) (.+)",
            p,
        )
        if m and not re.search(r"\bfor each\b|\bx\b", m.group(3)):
            verb = m.group(2).removesuffix("s")
            cost = m.group(3) if verb == "pay" else f"{verb} {m.group(3)}"
            keys = {
                "attack": ["attack_cost"],
                "block": ["block_cost"],
                "attack or block": ["attack_cost", "block_cost"],
            }
            return [{key: cost} for key in keys[m.group(1)]]
        m = re.fullmatch(r"can't be blocked except by (.+)", p)
        if m:
            flt = self.filters.parse(m.group(1))
            return [{"cant_be_blocked_except_by": flt}] if flt is not None else None
        m = re.fullmatch(r"can't block or be blocked by (.+)", p)
        if m:
            flt = self.filters.parse(m.group(1))
            return [{"cant_block": flt}, {"cant_be_blocked_by": flt}] if flt is not None else None
        m = re.fullmatch(r"can't be blocked by (.+)", p)
        if m:
            flt = self.filters.parse(m.group(1))
            return [{"cant_be_blocked_by": flt}] if flt is not None else None
        m = re.fullmatch(r"can block only (.+)", p)
        if m:
            flt = self.filters.parse(m.group(1))
            return [{"can_block_only": flt}] if flt is not None else None
        m = re.fullmatch(r"can't block (.+)", p)
        if m:
            flt = self.filters.parse(m.group(1))
            return [{"cant_block": flt}] if flt is not None else None
        m = re.fullmatch(r"has (.+)", p)
        if m:
            found: list[AbilityData] = []
            for piece in re.split(KEYWORD_LIST, m.group(1)):
                result = self.keyword(piece)
                if result is None or result[0] not in ("ability", "ignore"):
                    return None
                if result[0] == "ability":
                    found.append(result[1])
            return found
        return None

    def land_kind(self, text: str) -> AbilityData | None:
        """The land of a landwalk-like condition ("a Swamp", "a snow land", "a legendary land")."""
        words = text.split(" ")
        if words == ["nonbasic", "land"]:
            return "nonbasic"
        if len(words) == 2 and words[1] == "land" and words[0] in ("snow", "legendary"):
            return words[0]
        if len(words) == 1 and (words[0] in BASIC_LAND_TYPES or words[0] == "desert"):
            return words[0]
        return None

    # -- classification of what is not read --------------------------------------------------------------------
    @staticmethod
    def is_not_own(s: str) -> bool:
        """Grants to other creatures, global effects and one-shot effects; False for the card's own text."""
        s = re.sub(rf"^you may have (?={SELF} assign its combat damage)", "", s)
        condition = re.match(r"^(as long as|if|for each|during your turn|during turns other than yours) ?[^,]*, ", s)
        main = s[condition.end() :] if condition else s
        about_other = condition is not None and re.search(
            r"enchanted (creature|permanent)|equipped creature", condition[0]
        )
        temporary = re.search(r"\buntil end of (turn|combat)\b|\buntil your next turn\b", s)
        if (main.startswith(SELF) or (main.startswith("it ") and not about_other)) and not temporary:
            return False
        if re.search(r"\btarget\b|\bthis turn\b|\bthis combat\b", s) or temporary:
            return True
        if re.search(rf"(block|blocks|blocking) ({SELF}|it)(?!\w)|{SELF}'s power can't block it", main):
            return bool(re.search(r"creatures you control|enchanted creature|equipped creature", main))
        return True

    @staticmethod
    def is_ability_of_others(line: str) -> bool:
        """A triggered, activated or modal line: nothing in it is a static ability of the card."""
        return bool(_TRIGGER.match(line) or line.startswith("•") or _ACTIVATED.match(line))

    def read(self, lines: list[str]) -> Reading:
        acc = _Acc()
        self.tacc = tacc = TriggerAcc()
        leveled = False
        for line in lines:
            if _LEVEL.match(line) or _CLASS_LEVEL.match(line):
                leveled = True
                continue
            if _UNSHOWN_THRESHOLD.match(line):  # max speed, a station threshold: the board shows neither
                if LEGALITY.search(line) or _DAMAGE_WORDS.search(line):
                    acc.unmapped.append(line)
                continue
            line = _ABILITY_WORD.sub("", line)
            if leveled:
                if LEGALITY.search(line):
                    acc.unmapped.append(f"level ability: {line}")
                if self.trigger_reader.line(line, TriggerAcc()):
                    tacc.unmapped.append(f"level ability: {line}")
                continue
            if self.keyword_line(line, acc):
                continue
            if self.copy_with_exception(line, acc):
                continue
            if self.is_ability_of_others(line):
                self.trigger_reader.line(line, tacc)  # its trigger; what its effect does to legality is not own
                if LEGALITY.search(strip_filters(line)):
                    acc.not_own.append(line)
                continue
            subject = None
            for sentence in re.split(SENTENCE_END, line):
                sentence = sentence.strip()
                if subject and sentence.startswith("it "):  # "It" is the enchanted creature (Gutter Shortcut)
                    sentence = f"{subject} {sentence.removeprefix('it ')}"
                lead = re.match(r"(enchanted|equipped) creature\b", sentence)
                subject = lead.group(0) if lead else None
                self.read_sentence(sentence, acc)
        return Reading(
            tuple(acc.abilities), tuple(acc.unmapped), tuple(acc.not_own), tuple(tacc.triggers), tuple(tacc.unmapped)
        )

    def copy_with_exception(self, line: str, acc: _Acc) -> bool:
        """Dack's Duplicate: "you may have ~ enter as a copy of any creature …, except it has haste and dethrone".
        The exception's keywords are its own whatever it copies (707.9b); what it copies is the snapshot's to state
        (707.2), so the line is reported too."""
        first, *rest = re.split(SENTENCE_END, line)  # Wall of Stolen Identity: ". When you do, tap …"
        copy = _COPY_EXCEPT.fullmatch(first.rstrip("."))
        pieces = [p for p in re.split(r", and |, | and ", copy.group("keywords")) if p] if copy else []
        if not any(p in COMBAT_KEYWORDS for p in pieces):
            return False
        acc.add(COMBAT_KEYWORDS[p] for p in pieces if p in COMBAT_KEYWORDS)
        acc.unmapped.append(first)
        for sentence in rest:
            self.read_sentence(sentence.strip(), acc)
        return True

    def read_sentence(self, sentence: str, acc: _Acc) -> None:
        if not sentence:
            return
        if re.fullmatch(rf"all creatures able to block {SELF} or enchanted creature do so\.?", sentence):
            # Noble Quarry (bestow): its own lure, and the enchanted creature's (cards/statics.py)
            self.read_sentence(f"all creatures able to block {SELF} do so.", acc)
            acc.not_own.append(sentence)
            return
        if re.fullmatch(rf"{SELF} is all colors\.?", sentence):
            # R7 (604.3, 105.2): what intimidate, fear and protection see; reported unless the face has all five
            if self.itself is None or len(self.itself.colors) < len(COLORS):
                acc.unmapped.append(sentence)
            return
        found = None if self.is_not_own(sentence) else self.sentence(sentence)
        if found is not None:
            acc.add(found)
            return
        granted = (
            self.own_grants.grant_to_itself(sentence)
            or self.own_grants.grant_by_keyword(sentence, acc.abilities)
            or self.own_grants.group_restriction(sentence, self.predicate)
        )
        acc.add(granted)
        if LEGALITY.search(strip_filters(sentence)):
            (acc.not_own if self.is_not_own(sentence) else acc.unmapped).append(sentence)
            if self.is_not_own(sentence) and not granted and self.own_grants.may_include_itself(sentence):
                acc.unmapped.append(sentence)  # Skatewing Spy: the card may be one of them, so it is its own too


def read_oracle(
    text: str,
    name: str,
    supertypes: Iterable[str] = (),
    known_subtypes: Iterable[str] = (),
    itself: SelfInfo | None = None,
) -> Reading:
    """Read one face's Oracle text.

    `known_subtypes` (lower case) lets plural subtypes be recognised ("Elves"); `itself` (the face's types,
    subtypes and colors) lets a grant that includes the card ("All Sliver creatures have menace" on a Sliver) give
    the card those abilities too.
    """
    known = frozenset(s.lower() for s in known_subtypes)
    known = known | SPELL_SUBTYPES if known else known
    reader = _Reader(known, itself)
    reading = reader.read(normalise_text(text, name, supertypes, known))
    unknown = [f"{k}: {r}" for k, r in keyword_reminders(text) if reader.keyword(k) is None and LEGALITY.search(r)]
    return replace(reading, unmapped=(*reading.unmapped, *unknown)) if unknown else reading  # Weaponized Scrap
