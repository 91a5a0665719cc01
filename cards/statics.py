"""A named card's effects on other objects, read from its Oracle text into the snapshot's vocabulary.

`read_statics` reads what `cards/oracle.py` reports as **not own** (and grants it doesn't look at, such as "other
creatures you control have exalted") into the fields a permanent carries (`models/statics.py`):

- `statics`: static abilities that affect other objects or players, each an effect of the `effects:` vocabulary
  seen from the card's controller (`you`; `controller: you` or `opponent` in a filter): attack taxes (Propaganda,
  Ghostly Prison, Sphere of Safety and Collective Restraint with their X counted on the board, Baird, Norn's Annex,
  Elephant Grass), "creatures can't attack you" (Blazing Archon), limits (Silent Arbiter, Crawlspace, Caverns of
  Despair), "creatures without flying can't attack" (Moat), "creatures your opponents control can't block", and
  lords and anthems that grant combat abilities ("other Goblins you control have menace");
- `enchant` and `grants_attached`: an Aura's enchant ability, and what an Aura or Equipment gives the creature it
  is attached to ("enchanted creature has flying", "all creatures able to block enchanted creature do so");
- `unapplied`: every other line of combat text of the card, with why: `one_shot` (triggered, activated and one-shot
  effects: the snapshot states them when they apply), `condition` (it depends on something the board doesn't
  show), `power_toughness` (a pump the snapshot states), `not_understood`.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from .conditions import ConditionReader
from .filter_phrases import FilterPhrases, number
from .oracle import (
    _CLASS_LEVEL,
    _LEGALITY,
    _LEVEL,
    _UNSHOWN_THRESHOLD,
    BY_KEYWORD_MIN_BLOCKERS,
    KEYWORD_LIST,
    SENTENCE_END,
    Reading,
    normalise_text,
    read_oracle,
)
from .trigger_reader import trigger_keyword
from .vocabulary import CARD_TYPES, COMBAT_KEYWORDS, NUM, OTHER_KEYWORDS, SELF

Data = dict[str, Any]

_ABILITY_WORD = re.compile(r"^[a-z][a-z' -]* — (?=.)")
_ONE_SHOT = re.compile(
    r"^(when|whenever|at the|at end)\b|^•|^[^\"]*?:\s|\btarget\b|\bthis turn\b|\bthis combat\b|"
    r"\buntil end of (turn|combat)\b|\buntil your next turn\b|\bperpetually\b"
)
_CONDITION = re.compile(r"^(as long as|if|unless|during|for each)\b|\b(as long as|unless|if(?! able))\b")
_PUMP = re.compile(
    r"^(?:gets? [+-][\dx*]+/[+-][\dx*]+(?: for each [^,]+?)?|has base power and toughness \d+/\d+)(?:,? and |, |$)"
)
_ATTACHED = re.compile(r"\b(enchanted|equipped) (creature|permanent)\b|\bfortified land\b")
# What an attachment forbids beside attacking and blocking bears on no declaration (Arrest, Bound in Gold).
_NOT_COMBAT = re.compile(r",? and its activated abilities can't be activated(?: unless they're mana abilities)?$")
# A granted ability in quotation marks ('have flying and "{R}: This creature gets +1/+0 …"').
# Abilities granted in quotation marks ('have flying and "{R}: …"', 'has reach, "{2}, {T}: …," and "…"'); unclosed
# when the sentence ended inside the quotation.
_QUOTED = re.compile(r'(?:,\s*(?:and\s+)?|\s+and\s+|\s+)"(?P<quoted>[^"]*)(?:"|$),?')
# A conditional ability's change of power or toughness, a pump or counters it enters with: the snapshot states both
_SIZED = re.compile(r"\bgets? [+-][\dx]+/[+-][\dx]+|\benters with [^.]*\bcounters?\b")
_STATIC_PUMP = re.compile(r"\bgets? [+-][\dx*]+/[+-][\dx*]+|\bhas base power and toughness\b")
_COMBAT_TRIGGER = re.compile(r"^(?:when|whenever)\b[^,]*\b(?:attacks?|blocks?|becomes blocked|deals combat damage)\b")
# Wordings that say what a simpler template says (CR 506.1: only creatures attack or block, so "as long as enchanted
# permanent is a creature" holds for every creature that does).
_REWRITES = (
    (r"^as long as enchanted permanent is a creature, it ", "enchanted creature "),
    (
        r"^as long as enchanted creature is attacking alone, it can't be blocked",
        "enchanted creature can't be blocked as long as it's attacking alone",
    ),
    (r"^((?:enchanted|equipped) creature gets [+-]\S+ and )gains\b(?!.*\buntil\b)", r"\1has"),
)


def _rewritten(text: str) -> str:
    for pattern, replacement in _REWRITES:
        text = re.sub(pattern, replacement, text)
    return text


def _unquoted(text: str) -> tuple[str, list[str]]:
    """The text without the abilities it grants in quotation marks, and those abilities."""
    return _QUOTED.sub("", text), [m.group("quoted") for m in _QUOTED.finditer(text)]


_CONTROL = re.compile(r"^(?P<who>.+?)(?: (?P<whose>you control|your opponents control|an opponent controls))?$")
_TAX = re.compile(
    r"(?P<who>.+?) can't attack you(?P<pw> or (?:a planeswalker|planeswalkers) you control)? unless (?:their|its) "
    r"controller pays (?P<cost>(?:\{[^}]+\})+) for each (?:creature (?:he or she|they) controls? that's attacking "
    r"you|of those creatures)(?:, where x is the number of (?P<x>enchantments you control|basic land types among "
    r"lands you control))?"
)
_NO_ATTACK = re.compile(r"(?P<who>.+?) can't attack you(?P<pw> or (?:a planeswalker|planeswalkers) you control)?")
_LIMIT = re.compile(rf"no more than {NUM} creatures? can (?P<what>attack|block)(?P<you> you)? each combat")
_CANT = re.compile(r"(?P<who>.+?) can't (?P<what>attack or block|attack|block)")
_EXCEPT_FOR = re.compile(r"except for (?P<names>.+?), (?P<rest>.+)")
_ATTACK_YOU_OR_BLOCK = re.compile(r"(?P<who>.+?) can't attack you or block (?P<what>.+)")
_CANT_BLOCK_SOME = re.compile(
    r"(?P<who>.+?) can't (?P<attack>attack or )?block (?P<what>creatures (?:you|your opponents) control|"
    r"creatures with (?:power|toughness) \S+ or (?:less|greater))"
)
_EACH = re.compile(r"each creature(?P<rest>(?: you control| your opponents control)?) (?P<what>can't be blocked .+)")
_HAVE = re.compile(r"(?:all )?(?P<who>.+?) (?:get [+-][\dx]+/[+-][\dx]+ and )?have (?P<what>.+)")
# "creatures you control with flying" names a quality, it grants nothing (the reader's own check allows one word
# between the noun and "with"; a group of creatures may have more: "creatures you control with defender").
_QUALITY = re.compile(
    r"\b(?:creatures?|permanents?|cards?)(?: [\w']+){0,3} (?:with|without) (?:flying|reach|shadow|horsemanship|fear|"
    r"intimidate|menace|skulk|defender|haste|banding|\w+walk)(?:,? (?:and/or|or|and) \w+)*"
)
_TRIGGER_COUNT = re.compile(r"\btriggers? an additional time\b|\bdon't cause abilities to trigger\b")
_ATTACHED_TRIGGER = re.compile(
    r"^whenever (?:~ or )?(?:enchanted|equipped) creature\b[^,]*?\b(?:attacks?|blocks|becomes blocked)\b"
)
_X_COUNTS = {
    "enchantments you control": "enchantments_you_control",
    "basic land types among lands you control": "basic_land_types_you_control",
}


@dataclass
class Statics:
    """What a face does to other objects, as permanent fields."""

    statics: list[Data] = field(default_factory=list)
    enchant: list[str] = field(default_factory=list)
    grants_attached: list[Any] = field(default_factory=list)
    conditional: list[Data] = field(default_factory=list)
    unapplied: list[Data] = field(default_factory=list)

    def fields(self) -> Data:
        out: Data = {}
        for key in ("statics", "enchant", "grants_attached", "conditional", "unapplied"):
            value = getattr(self, key)
            if value:
                out[key] = list(value)
        return out

    def note(self, text: str, why: str, own: bool = False) -> None:
        """One entry per text: a text with a pump and a part not understood is listed once, for the graver reason
        (what it changes beyond power and toughness), so a verdict doesn't list it twice."""
        text = text.rstrip(".")
        for item in self.unapplied:
            if item["text"] == text:
                if item["why"] == "power_toughness":
                    item["why"] = why
                return
        self.unapplied.append({"text": text, "why": why, **({"own": True} if own else {})})


class _StaticReader:
    def __init__(self, known: frozenset[str], name: str = "") -> None:
        self.filters = FilterPhrases(known)
        self.known = known
        self.name = name  # the face's name, for "creatures named ~"

    def who(self, phrase: str) -> tuple[Data, bool] | None:
        """A group of creatures ("other Goblins you control", "creatures without flying") as a filter, and whether
        "other" excludes the source; None if the phrase is no filter."""
        phrase = phrase.removeprefix("all ")
        other = phrase.startswith("other ")
        phrase = phrase.removeprefix("other ")
        out: Data = {}
        # "creatures [your opponents control] without flying or reach"
        without = re.fullmatch(r"(.+?) without (\w+(?: or \w+)*)", phrase)
        if without:
            keywords = without.group(2).split(" or ")
            if not all(k in COMBAT_KEYWORDS for k in keywords):
                return None
            phrase = without.group(1)
            out["not"] = {"abilities": [COMBAT_KEYWORDS[k] for k in keywords]}
        match = _CONTROL.fullmatch(phrase)
        if match is None:
            return None
        head, whose = match.group("who"), match.group("whose")
        flt = self.filters.parse(head)
        parts = head.split(" and ")
        if flt is None and len(parts) > 1 and all(p.endswith("creatures") for p in parts):
            read = [self.filters.parse(p) for p in parts]  # "white creatures and blue creatures": either
            flt = FilterPhrases._merge([p for p in read if p is not None]) if all(read) else None
        if flt is None:
            return None
        if "not" in flt and "not" in out:
            return None
        out.update(flt)
        if whose == "you control":
            out["controller"] = "you"
        elif whose is not None:
            out["controller"] = "opponent"
        return out, other

    def keywords(self, text: str) -> list[Any] | None:
        """The abilities a list of keywords grants ("haste and shroud": haste); None if a piece is not one."""
        found: list[Any] = []
        quoted = re.fullmatch(r'"([^"]+)"?', text.strip().rstrip("."))
        if quoted:  # a granted trigger (Retaliation: "whenever ~ becomes blocked by a creature, …")
            reading = read_oracle(quoted.group(1), "", known_subtypes=self.known)
            return list(reading.triggers) if reading.triggers and not reading.triggers_unmapped else None
        for piece in re.split(KEYWORD_LIST, text.rstrip(".")):
            piece = piece.strip()
            keyword = trigger_keyword(piece)
            if keyword is not None:
                found.append(keyword)
                continue
            reading = read_oracle(piece, "", known_subtypes=self.known)
            if reading.unmapped or reading.not_own or reading.triggers_unmapped:
                return None
            if reading.abilities or reading.triggers:
                found += [*reading.abilities, *reading.triggers]
            elif piece.split(" ")[0] not in OTHER_KEYWORDS and piece not in OTHER_KEYWORDS:
                return None
        return found

    def effect(self, s: str) -> list[Data] | None:
        """The statics a sentence about other objects states, or None if no template fits."""
        except_for = _EXCEPT_FOR.fullmatch(s)
        if except_for:  # Akron Legionnaire: the exceptions leave the group the rest of the sentence names
            return self.excepting(except_for.group("names"), except_for.group("rest"))
        attack_or_block = _ATTACK_YOU_OR_BLOCK.fullmatch(s)
        if attack_or_block:  # Storm, Windrider: two effects on one group
            who = attack_or_block.group("who")
            first, second = (
                self.effect(f"{who} can't attack you"),
                self.effect(f"{who} can't block {attack_or_block.group('what')}"),
            )
            return None if first is None or second is None else first + second
        each = _EACH.fullmatch(s)
        if each:  # Familiar Ground: "each creature you control can't be blocked by more than one creature"
            who = self.who(f"creatures{each.group('rest')}")
            reading = read_oracle(f"{SELF} {each.group('what')}.", "", known_subtypes=self.known)
            if who is None or reading.unmapped or reading.not_own or not reading.abilities:
                return None
            granted: list[Any] = list(reading.abilities)
            return [{"effect": {"grant": granted, "to": who[0], **({"other": True} if who[1] else {})}}]
        block_some = _CANT_BLOCK_SOME.fullmatch(s)
        if block_some:  # "Cowards can't block creatures you control": 509.1b, a restriction on the blockers
            who, blocked = self.who(block_some.group("who")), self.who(block_some.group("what"))
            if who is None or blocked is None or blocked[1]:
                return None
            grant: list[Any] = [{"cant_block": blocked[0]}]
            restriction: Data = {"effect": {"grant": grant, "to": who[0], **({"other": True} if who[1] else {})}}
            # Crow Scarer's "can't attack … creatures you control": a creature attacks a player, a planeswalker or
            # a battle (508.1b), so that half is listed, not read
            return [{**restriction, "partial": True} if block_some.group("attack") else restriction]
        by_keyword = BY_KEYWORD_MIN_BLOCKERS.fullmatch(s)
        if by_keyword:  # Sonorous Howlbonder: a group named by a keyword its creatures have
            keyword = COMBAT_KEYWORDS.get(by_keyword.group("keyword"))
            if keyword is None:
                return None
            grant = [{"min_blockers": number(by_keyword.group("n"))}]
            return [{"effect": {"grant": grant, "to": {"controller": "you", "abilities": [keyword]}}}]
        tax = _TAX.fullmatch(s)
        if tax:
            who = self.who(tax.group("who"))
            if who is None or who[1]:
                return None
            effect: dict[str, Any] = {"attack_cost": tax.group("cost").upper(), "defender": "you"}
            if tax.group("pw"):
                effect["planeswalkers"] = True
            if who[0]:
                effect["attackers"] = who[0]
            static: Data = {"effect": effect}
            if tax.group("x"):
                static["x"] = _X_COUNTS[tax.group("x")]
            elif "{x}" in tax.group("cost"):
                return None
            return [static]
        limit = _LIMIT.fullmatch(s)
        if limit:
            n = number(limit.group(1))
            if limit.group("what") == "block":
                return None if limit.group("you") else [{"effect": {"max_blockers": n}}]
            if limit.group("you"):
                return [{"effect": {"max_attackers_against": "you", "count": n}}]
            return [{"effect": {"max_attackers": n}}]
        no_attack = _NO_ATTACK.fullmatch(s)
        if no_attack:
            who = self.who(no_attack.group("who"))
            if who is None or who[1]:
                return None
            effect = {"cant_attack": "you", **({"planeswalkers": True} if no_attack.group("pw") else {})}
            if who[0]:
                effect["attackers"] = who[0]
            return [{"effect": effect}]
        cant = _CANT.fullmatch(s)
        if cant:
            who = self.who(cant.group("who"))
            if who is None:
                return None
            grant = {"attack or block": ["cant_attack", "cant_block"]}.get(
                cant.group("what"), [f"cant_{cant.group('what')}"]
            )
            return [{"effect": {"grant": grant, "to": who[0], **({"other": True} if who[1] else {})}}]
        only = re.fullmatch(r"(?P<who>.+?) can block only (?P<what>.+)", s)
        if only:
            who, only_blocked = self.who(only.group("who")), self.filters.parse(only.group("what"))
            if who is None or only_blocked is None:
                return None
            only_grant: list[Any] = [{"can_block_only": only_blocked}]
            return [{"effect": {"grant": only_grant, "to": who[0], **({"other": True} if who[1] else {})}}]
        have_and_attack = re.fullmatch(r"(?P<who>.+?) have (?P<what>.+?) and attack each combat if able", s)
        if have_and_attack:  # Hellraiser Goblin
            who = self.who(have_and_attack.group("who"))
            abilities = self.keywords(have_and_attack.group("what"))
            if who is None or not abilities:
                return None
            grant = [*abilities, "attacks_each_combat_if_able"]
            return [{"effect": {"grant": grant, "to": who[0], **({"other": True} if who[1] else {})}}]
        must = re.fullmatch(r"(?P<who>.+?) (?P<what>attack|block) each (?:combat|turn) if able", s)
        if must:
            who = self.who(must.group("who"))
            if who is None:
                return None
            grant = [f"{must.group('what')}s_each_combat_if_able"]
            return [{"effect": {"grant": grant, "to": who[0], **({"other": True} if who[1] else {})}}]
        have = _HAVE.fullmatch(s)
        if have:
            who = self.who(have.group("who"))
            abilities = self.keywords(have.group("what"))
            if who is None or not abilities:
                return None
            return [{"effect": {"grant": abilities, "to": who[0], **({"other": True} if who[1] else {})}}]
        return None

    def excepting(self, names: str, rest: str) -> list[Data] | None:
        """The statics of `rest`, each group without the creatures `names` lists ("creatures named ~ and artifact
        creatures"); None if a piece is no filter or a group already excludes some."""
        found = self.effect(rest)
        excepted: list[Data] = []
        for piece in re.split(r",? and |, ", names):
            if piece == f"creatures named {SELF}" and self.name:
                excepted.append({"names": [self.name]})
                continue
            flt = self.filters.parse(piece)
            if flt is None:
                return None
            excepted.append(flt)
        if found is None or not excepted:
            return None
        for static in found:
            group = static["effect"].get("to")
            if group is None or "not" in group:
                return None
            group["not"] = excepted[0] if len(excepted) == 1 else {"any_of": excepted}
        return found

    def attached(self, s: str, out: Statics, listed_as: str = "") -> bool:
        """An attachment's "enchanted creature has / can't / must ..." sentence; False if no template fits. What is
        not applied is listed under `listed_as`, the sentence as printed, so that it is listed once."""
        listed_as = listed_as or s
        text = _ATTACHED.sub(SELF, _NOT_COMBAT.sub("", s))
        text = re.sub(r"can't attack, block, or (?:crew vehicles|transform)", "can't attack or block", text)
        if not text.startswith(SELF) and f"block {SELF} do so" not in text:
            return False
        predicate = text.removeprefix(f"{SELF} ")
        pump = _PUMP.match(predicate)
        if pump:
            out.note(listed_as, "power_toughness")
            predicate = predicate[pump.end() :]
            if not predicate:
                return True
            if not re.match(r"(?:has|have|can|can't|attacks|blocks|must|is)\b", predicate):
                predicate = f"has {predicate}"
            text = f"{SELF} {predicate}"
        pieces = [text] if not pump else [f"{SELF} {p}" for p in re.split(r", and |, (?=(?:has|is|can)\b)", predicate)]
        keywords = re.fullmatch(rf"{SELF} has (.+?)(?:, where x is [^,]+)?", text)
        if not pump and keywords and read_oracle(text + ".", "", known_subtypes=self.known).unmapped:
            pieces = [f"{SELF} has {k}" for k in re.split(KEYWORD_LIST, keywords.group(1))]
        read_any = False
        for piece in pieces:
            piece = piece if piece.startswith(SELF) or "do so" in piece else f"{SELF} {piece}"
            if piece == f"{SELF} can't block creatures you control":  # Spectral Grasp: `you`, resolved as it applies
                read_any = True
                out.grants_attached.append({"cant_block": {"controller": "you"}})
                continue
            if piece == f"{SELF} is goaded":  # 701.38a: goaded by the attachment's controller, `you` until applied
                read_any = True
                out.grants_attached.append({"goaded_by": ["you"]})
                continue
            reading = read_oracle(piece + ".", "", known_subtypes=self.known)
            has_list = re.fullmatch(rf"{SELF} has ([^\"]+)", piece)
            if has_list and (reading.unmapped or not reading.abilities):  # "has flying, haste" after a pump
                listed = self.keywords(has_list.group(1))
                if listed:
                    read_any = True
                    out.grants_attached += [k for k in listed if k not in out.grants_attached]
                    continue
            if reading.unmapped or reading.not_own or not (reading.abilities or reading.triggers):
                if len(pieces) == 1:
                    return False
                out.note(listed_as, "not_understood")  # part of it is applied, the rest ("is a black Zombie") is not
                continue
            read_any = True
            for ability in [*reading.abilities, *reading.triggers]:
                if ability not in out.grants_attached:
                    out.grants_attached.append(ability)
        return read_any


def _enchant(line: str) -> list[str] | None:
    match = re.fullmatch(r"enchant (.+)", line.rstrip("."))
    if match is None:
        return None
    words = re.split(r" or |, | ", match.group(1))
    return sorted({CARD_TYPES[w] for w in words if w in CARD_TYPES})


def _sentences(lines: Iterable[str]) -> list[str]:
    out = []
    for line in lines:
        line = _ABILITY_WORD.sub("", line)
        out += [s.strip() for s in re.split(SENTENCE_END, line) if s.strip()]
    return out


def _leveled(lines: list[str]) -> set[str]:
    """The sentences under a level (level up's "level N-M", a Class's "{cost}: level N"): the card's only at that
    level, never unconditional effects."""
    out: set[str] = set()
    under = False
    for line in lines:
        if _LEVEL.match(line) or _CLASS_LEVEL.match(line):
            under = True
        elif under or _UNSHOWN_THRESHOLD.match(line):
            out.update(_sentences([line]))
    return out


def _why(text: str) -> str:
    if _ONE_SHOT.search(text):
        return "one_shot"
    if re.match(r"^level ability", text) or _UNSHOWN_THRESHOLD.match(text) or _CONDITION.search(text):
        return "condition"
    return "not_understood"


def read_statics(text: str, name: str, supertypes: Iterable[str], reading: Reading, known: frozenset[str]) -> Statics:
    """What the face does to other objects, and what of its combat text is not applied."""
    out = Statics()
    reader = _StaticReader(known, name)
    lines = [_rewritten(line) for line in normalise_text(text, name, supertypes)]
    for line in lines:
        enchant = _enchant(line)
        if enchant is not None:
            out.enchant = enchant
    pending = list(reading.not_own)
    leveled = _leveled(lines)
    for sentence in _sentences(lines):  # grants the reader doesn't report (Sublime Archangel's exalted)
        plain = sentence.rstrip(".")
        if (
            sentence not in pending
            and sentence not in leveled
            and not _ONE_SHOT.search(_unquoted(sentence)[0])
            and _HAVE.fullmatch(plain)
            and reader.effect(plain)
        ):
            pending.append(sentence)
    for sentence in _sentences(lines):  # what an Aura or Equipment gives that the reader doesn't report (vigilance)
        if (
            sentence not in pending
            and sentence not in leveled
            and _ATTACHED.match(sentence)
            and re.search(r" has | is goaded\b", sentence)
        ):
            pending.append(sentence)
    attachment = bool(out.enchant) or any(re.match(r"equip\s*(?:\{|—|\d)", line) for line in lines)
    for line in lines:  # an attachment's combat trigger: not applied (the snapshot states its effect)
        if _ATTACHED_TRIGGER.match(line) or (attachment and _COMBAT_TRIGGER.match(line)):
            out.note(line, "one_shot")
        elif _TRIGGER_COUNT.search(line) and re.search(r"\battack|\bblock", line):
            out.note(line, "not_understood")  # Isshin: how many times the combat's triggers trigger
    for item in pending:
        full = _rewritten(item.rstrip(".").strip())
        bare, quoted = _unquoted(full)  # what is one-shot or bears on legality is judged without the quotations
        s = full if re.search(r"\b(?:has|have)$", bare) else bare  # all it grants is quoted (Retaliation)
        unread = [a for a in quoted if _LEGALITY.search(a) or _COMBAT_TRIGGER.match(a)]  # quoted, bearing on combat
        if s is bare:  # the quoted abilities are read apart from the keywords before them
            for ability in unread:
                out.note(item, "one_shot" if _ONE_SHOT.search(ability) else "not_understood")
            unread = []
        # a quality named, nothing granted or forbidden: "creatures you control with flying get +1/+0"
        # a trigger's condition is the trigger reader's: what bears on legality is in its effect (Thoughtweft Imbuer)
        effect_part = re.sub(r"^(?:when|whenever|at)\b[^,]*, ", "", bare)
        if re.search(r"\bcreate\b", effect_part):  # a keyword counter or keyword of the tokens made: theirs
            effect_part = re.sub(r"\bput an? [\w ]+ counter on each of them\b|\bthey gain [\w ,]+", "", effect_part)
        # Shang-Chi: activating abilities "as though they had haste" is no attack (302.6 is about {T} abilities)
        effect_part = re.sub(r"\bactivate abilities of [^.]*? as though [\w ]+ had haste\b", "", effect_part)
        named = effect_part if re.search(r"\bbecomes? [^.]*\bwith\b", effect_part) else _QUALITY.sub("", effect_part)
        combat = bool(_LEGALITY.search(named))
        if _ONE_SHOT.search(bare):
            if combat:
                out.note(item, "one_shot")
            continue
        if _ATTACHED.search(s) and not re.match(r"^(as long as|if)\b", s):
            if not reader.attached(s, out, listed_as=item) and (combat or unread):
                out.note(item, "one_shot" if unread else _why(s))
            continue
        found = reader.effect(s)
        paired = re.fullmatch(rf"(as long as {SELF} is paired with another creature), both creatures have (.+)", s)
        if found is None and paired:  # soulbond (702.95a): the card's own half is read, its partner's listed
            conditional = ConditionReader(known).sentence(f"{paired.group(1)}, {SELF} has {paired.group(2)}")
            if conditional is not None:
                out.conditional.append({**conditional, "text": s})
                out.note(item, "not_understood")
                continue
        if found is None:
            if combat or unread:
                out.note(item, "one_shot" if unread else _why(s))
            continue
        if re.search(r"\bgets? [+-][\dx]+/[+-][\dx]+", bare):
            out.note(item, "power_toughness")
        for static in found:
            if static.pop("partial", False):
                out.note(item, "not_understood")
            static["text"] = s
            out.statics.append(static)
    conditions = ConditionReader(known)
    levels, sizes = conditions.levels(lines)
    out.conditional += levels
    for size in sizes:  # a level's power and toughness: the damage step and power filters judge the stated ones
        out.note(size, "power_toughness", own=True)
    for sentence in _sentences(lines):  # counters it enters with (614.1c): a size the snapshot states (Kalonian Hydra)
        if re.match(rf"(?:if {SELF} was kicked[^,]*, )?(?:{SELF}|it) enters with [^.]*\+1/\+1 counters?\b", sentence):
            out.note(sentence, "power_toughness", own=True)
            # Cetavolver: "kicked with its {1}{r} kicker": which kicker was paid is no fact a snapshot states
            keyword = re.search(r"\band with ([\w ]+)$", sentence.rstrip("."))
            if re.match(rf"if {SELF} was kicked with\b", sentence) and keyword and keyword[1] in COMBAT_KEYWORDS:
                out.note(sentence, "condition", own=True)
    for sentence in _sentences(lines):  # a static change of power or toughness (Glorious Anthem, Skycat Sovereign)
        bare = _unquoted(sentence)[0]
        counted = re.sub(r"\bfor each [^,.]*", "", bare)  # Moraug: "for each time it has attacked this turn"
        if _STATIC_PUMP.search(bare) and not _ONE_SHOT.search(counted) and sentence not in leveled:
            out.note(sentence, "power_toughness", own=bare.startswith(SELF))
    read_levels = {c["text"].split(": ", 1)[1] for c in levels}
    for item in reading.unmapped:
        if item.startswith("unleash: "):  # 702.98a: it can't block as long as it has a +1/+1 counter on it
            out.conditional.append(
                {"when": {"counters_at_least": {"+1/+1": 1}}, "abilities": ["cant_block"], "text": "unleash"}
            )
            continue
        if item.startswith("level ability: "):
            # read under its level range, or not applied: a Class's level (716.2a) is no counter the board shows
            if item.removeprefix("level ability: ") not in read_levels:
                out.note(item, "condition", own=not _HAVE.fullmatch(item.removeprefix("level ability: ").rstrip(".")))
            continue
        conditional = conditions.sentence(item)
        if conditional is not None:
            out.conditional.append(conditional)
            if _SIZED.search(item):
                out.note(item, "power_toughness", own=True)
            continue
        several = conditions.each_its_condition(item)
        if several is not None:
            out.conditional += several
            continue
        out.note(item, _why(item), own=True)
    for sentence in _sentences(lines):  # a condition on an ability that bears only on damage (Toxic Iguanar)
        if (
            sentence in leveled
            or sentence in reading.unmapped
            or not re.search(rf"\bas long as\b|^during your turn\b|^if {SELF} was kicked, it enters with\b", sentence)
        ):
            continue
        if read_oracle(sentence, "", known_subtypes=known).abilities:
            continue  # the card's own ability ("can't be blocked as long as defending player controls …")
        conditional = conditions.sentence(sentence)
        if conditional is not None and conditional not in out.conditional:
            out.conditional.append(conditional)
            if _SIZED.search(sentence):
                out.note(sentence, "power_toughness", own=True)
    for item in reading.triggers_unmapped:
        out.note(item, _why(item) if not item.startswith(("when", "at ")) else "not_understood", own=True)
    if out.statics or out.grants_attached:  # a way out of what is applied (Lost in Thought): a choice not on the board
        for sentence in _sentences(lines):
            if re.search(r"\bto ignore this effect\b", sentence):
                out.note(sentence, "condition")
    return out
