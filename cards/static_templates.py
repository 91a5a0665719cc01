"""The templates of static abilities that affect other objects, and what an attachment gives: each sentence a
template fits becomes effects of the `effects:` vocabulary (`StaticReader.effect`) or abilities of the attached
object (`StaticReader.attached`), collected in a `Statics` record; `cards/statics.py` decides which sentences are
read, and lists the rest."""

from __future__ import annotations

import re
import string
from dataclasses import dataclass, field
from typing import Any

from .filter_phrases import FilterPhrases, number, word_list
from .oracle import read_oracle
from .oracle_text import KEYWORD_LIST, LEGALITY
from .own_grants import BY_KEYWORD_MIN_BLOCKERS
from .trigger_reader import trigger_keyword
from .vocabulary import COMBAT_KEYWORDS, NUM, OTHER_KEYWORDS, SELF

Data = dict[str, Any]

PUMP = re.compile(
    r"^(?:gets? [+-][\dxy*]+/[+-][\dxy*]+(?: for each [^,]+?)?|has base power and toughness \d+/\d+)(?:,? and |, |$)"
)
ATTACHED = re.compile(r"\b(enchanted|equipped) (creature|permanent)\b|\bfortified land\b")
# What an attachment forbids beside attacking and blocking bears on no declaration (Arrest, Bound in Gold), whichever
# of its activated abilities it names (Serra Bestiary: "its activated abilities with {T} in their costs")
_NOT_COMBAT = re.compile(
    r",? and its activated abilities(?: (?:with|that) [^,]+?)? can't be activated(?: unless they're mana abilities)?$"
)
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
_EACH = re.compile(r"each creature(?P<rest>(?: [^,]+?)?) (?P<what>can't be blocked .+|can block .+)")
# "blue creatures you control can't be blocked" (Deepchannel Mentor), "… except by legendary creatures"
_GROUP_EVASION = re.compile(
    r"(?P<who>(?!~)[^,]+?) (?P<what>can't be blocked(?: .+)?)"
)  # Graaz: "Juggernauts you control"
HAVE = re.compile(r"(?:all )?(?P<who>.+?) (?:get [+-][\dxy]+/[+-][\dxy]+(?: for each [^,]+?)? and )?have (?P<what>.+)")
# Keywords that trigger in combat (702.*): granted by an attachment, they are listed, since grants read keywords only
_COMBAT_TRIGGER_KEYWORDS = frozenset(
    {"afflict", "annihilator", "battle cry", "bushido", "dethrone", "exalted", "flanking", "frenzy", "melee"}
    | {"mentor", "myriad", "provoke", "rampage", "training"}
)
_X_COUNTS = {
    "enchantments you control": "enchantments_you_control",
    "basic land types among lands you control": "basic_land_types_you_control",
}


# The clauses of an attachment's list, each led by its verb ("has defender, loses all other abilities, and is a blue
# Wall": Deep Freeze); a pronoun leading a clause names the creature (Psychic Paper: ", it can't be blocked, and its
# name … are …"); keyword lists ("has flying, first strike, and trample") and quoted abilities are never split.
_CLAUSE_START = r"(?:has|gets|gains|is|can't|can|loses|attacks|blocks|must|its|it (?=\w)|all creatures able to block)\b"
_CLAUSE = re.compile(rf",? and (?={_CLAUSE_START})|, (?={_CLAUSE_START})")
_QUOTATION = re.compile(r'"[^"]*(?:"|$)')


def _clauses(predicate: str) -> list[str]:
    quotations = iter(_QUOTATION.findall(predicate))
    masked = _QUOTATION.sub('"', predicate)
    out = []
    for clause in _CLAUSE.split(masked):
        clause = re.sub('"', lambda _: next(quotations), clause)
        clause = re.sub(r"^it (?=\w)", "", clause)
        out.append(re.sub(r"^(all creatures able to block) it do so$", rf"\1 {SELF} do so", clause))
    return out


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


class StaticReader:
    def __init__(self, known: frozenset[str], name: str = "") -> None:
        self.filters = FilterPhrases(known)
        self.known = known
        self.name = name  # the face's name, for "creatures named ~"

    def who(self, phrase: str) -> tuple[Data, bool] | None:
        """A group of creatures ("other Goblins you control", "creatures without flying") as a filter, and whether
        "other" excludes the source; None if the phrase is no filter."""
        phrase = phrase.removeprefix("all ")
        phrase = re.sub(r" and [\w ]+ spells you control$", "", phrase)  # Lo and Li: spells are never on the board
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
        # "creatures you control with power 4 or greater": the quality after whose they are (Challenger Troll)
        phrase = re.sub(
            r"^(\w+) (you control|your opponents control|an opponent controls) (with .+)$", r"\1 \3 \2", phrase
        )
        kinds = re.fullmatch(r"creatures (you control|your opponents control) that are (.+)", phrase)
        if kinds:  # "creatures you control that are a Food or a Golem" (Brenard): any of the kinds
            read = [self.filters.parse(re.sub(r"^an? ", "", kind)) for kind in word_list(kinds.group(2))]
            if not all(read) or "not" in out:
                return None
            out.update(FilterPhrases._merge([r for r in read if r is not None]))
            out["controller"] = "you" if kinds.group(1) == "you control" else "opponent"
            return out, other
        match = _CONTROL.fullmatch(phrase)
        if match is None:
            return None
        head, whose = match.group("who"), match.group("whose")
        named = re.fullmatch(r"creatures named ([\w' ,-]+)", head)  # Rite of the Raging Storm (names match any case)
        flt = {"names": [string.capwords(named.group(1))]} if named else self.filters.parse(head)
        parts = re.split(r",? and |, ", head)
        if flt is None and len(parts) > 1 and all(p.endswith("s") for p in parts):
            # "white creatures and blue creatures", "Orcs and Goblins" (Warg Rider), "Assassins, Mercenaries, …, and
            # Warlocks": either
            read = [self.filters.parse(p) for p in parts]
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
        if quoted:  # a granted trigger (Retaliation: "whenever ~ becomes blocked by a creature, …") or a static
            # ability (Proud Wildbonder: "you may have ~ assign its combat damage as though it weren't blocked")
            reading = read_oracle(quoted.group(1), "", known_subtypes=self.known)
            if reading.triggers_unmapped or reading.unmapped or reading.not_own:
                return None
            return [*reading.abilities, *reading.triggers] or None
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
        and_they = re.fullmatch(r"(?P<who>.+?) (?P<first>can't [^,]+), and they (?P<second>.+)", s)
        if and_they:  # Varchild: "Survivors your opponents control can't block, and they can't attack you …"
            who = and_they.group("who")
            first, second = self.effect(f"{who} {and_they['first']}"), self.effect(f"{who} {and_they['second']}")
            return None if first is None or second is None else first + second
        attack_or_block = _ATTACK_YOU_OR_BLOCK.fullmatch(s)
        if attack_or_block:  # Storm, Windrider: two effects on one group
            who = attack_or_block.group("who")
            first, second = (
                self.effect(f"{who} can't attack you"),
                self.effect(f"{who} can't block {attack_or_block.group('what')}"),
            )
            return None if first is None or second is None else first + second
        each_if = re.fullmatch(r"each creature(?P<whose> [^,]+?)? has (?P<list>.+ if it's .+)", s)
        if each_if:  # Scion of Draco: "each creature you control has vigilance if it's white, …, and trample if …"
            return self.each_if(each_if.group("whose") or "", each_if.group("list"))
        s = re.sub(
            r"^each ((?:[\w-]+ )*?)creature you control has ", r"\1creatures you control have ", s
        )  # Depthshaker
        # Kaheera: "each other creature you control that's a Cat, Elemental, …, or Beast gets +1/+1 and has …"
        one_of = re.fullmatch(
            r"each (?P<other>other )?creature you control that's (?P<kinds>.+?) "
            r"(?:gets (?P<pump>[+-][\dxy*]+/[+-][\dxy*]+) and )?has (?P<what>.+)",
            s,
        )
        if one_of:
            pump = f"get {one_of['pump']} and " if one_of["pump"] else ""
            s = f"{one_of['other'] or ''}creatures you control that are {one_of['kinds']} {pump}have {one_of['what']}"
        each = _EACH.fullmatch(s) or _GROUP_EVASION.fullmatch(s)
        if each:  # Familiar Ground: "each creature you control can't be blocked by more than one creature"
            who = self.who(f"creatures{each.group('rest')}" if "rest" in each.re.groupindex else each.group("who"))
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
        block_kind = re.fullmatch(r"(?P<who>[^~]+?) can't block (?P<what>[^~]+)", s)
        kind = block_kind and self.who(block_kind.group("what"))
        if block_kind and kind and not kind[1]:  # Gornog: "Cowards can't block Warriors" (509.1b)
            who = self.who(block_kind.group("who"))
            if who is not None:
                kinds: list[Any] = [{"cant_block": kind[0]}]
                return [{"effect": {"grant": kinds, "to": who[0], **({"other": True} if who[1] else {})}}]
        unblocked = re.fullmatch(
            r"for each (?P<who>[^,]+), you may have that creature assign its combat damage as though it weren't blocked",
            s,
        )
        if unblocked:  # Zilortha: "for each non-Human creature you control, you may have that creature assign …"
            who = self.who(unblocked.group("who"))
            if who is None:
                return None
            assign: list[Any] = ["may_assign_damage_as_though_unblocked"]  # 510.1b
            return [{"effect": {"grant": assign, "to": who[0], **({"other": True} if who[1] else {})}}]
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
        tapped = re.fullmatch(r"(?P<who>tapped .+?) can block(?: as though they were untapped)?", s)
        if tapped:  # Siege Elemental, Masako the Humorless: 509.1a's untapped creatures, widened
            who = self.who(tapped.group("who"))
            if who is None or who[0].get("tapped") is not True:
                return None
            untapped: list[Any] = ["can_block_as_though_untapped"]
            return [{"effect": {"grant": untapped, "to": who[0], **({"other": True} if who[1] else {})}}]
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
        have = HAVE.fullmatch(s)
        if have:
            groups = self.groups(have.group("who"))
            abilities = self.keywords(have.group("what"))
            if groups is None or not abilities:
                return None
            return [
                {"effect": {"grant": list(abilities), "to": to, **({"other": True} if other else {})}}
                for to, other in groups
            ]
        return None

    def groups(self, phrase: str) -> list[tuple[Data, bool]] | None:
        """One group as `who` reads it, or several each with whose they are (Death Baron: "Skeletons you control and
        other Zombies you control"); the player "you" among them (Shalai: "You, planeswalkers you control, and other
        creatures you control") is no permanent, so what it is given bears on no declaration."""
        one = self.who(phrase)
        if one is not None:
            return [one]
        parts = [p for p in re.split(r",? and |, ", phrase.removeprefix("you, ")) if p]
        if len(parts) < 2 or not all(re.search(r" (?:you|your opponents|an opponent) controls?$", p) for p in parts):
            return None
        read = [self.who(p) for p in parts]
        return [r for r in read if r is not None] if all(read) else None

    def each_if(self, whose: str, listed: str) -> list[Data] | None:
        """Each "KEYWORD if it's QUALITY" of a list as a grant to the creatures with that quality; None if a piece
        is not one."""
        out: list[Data] = []
        for piece in re.split(r",? and (?=\S+(?: \S+)? if it's)|, (?=\S+(?: \S+)? if it's)", listed):
            one = re.fullmatch(r"(?P<what>.+?) if it's (?:an? )?(?P<quality>[\w-]+)", piece)
            who = one and self.who(f"{one.group('quality')} creatures{whose}")
            abilities = one and self.keywords(one.group("what"))
            if not one or who is None or who[1] or not abilities:
                return None
            out.append({"effect": {"grant": abilities, "to": who[0]}})
        return out

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
        text = ATTACHED.sub(SELF, _NOT_COMBAT.sub("", s))
        text = text.replace(f"able to block {SELF} or {SELF} do so", f"able to block {SELF} do so")  # Noble Quarry
        text = re.sub(r"can't attack, block, or (?:crew vehicles|transform)", "can't attack or block", text)
        if not text.startswith(SELF) and f"block {SELF} do so" not in text:
            return False
        predicate = text.removeprefix(f"{SELF} ")
        clauses = _clauses(predicate)  # "has ward {2}, is an Assassin …, and can't be blocked" (Brotherhood Regalia)
        pieces = []
        for clause in clauses:
            if re.match(r"gets? (?:an additional )?[+-][\dxy*]+/[+-][\dxy*]+|has base power\b", clause):
                out.note(listed_as, "power_toughness")  # a size the snapshot states
            else:
                pieces.append(clause if "do so" in clause else f"{SELF} {clause}")
        if not pieces:
            return True
        keywords = re.fullmatch(rf"{SELF} has (.+?)(?:, where x is [^,]+)?", text)
        if (
            len(clauses) == 1
            and keywords
            and '"'
            not in keywords.group(1)  # a quoted ability is read whole (Splinter Twin's "…, except it has haste")
            and read_oracle(text + ".", "", known_subtypes=self.known).unmapped
        ):
            pieces = [f"{SELF} has {k}" for k in re.split(KEYWORD_LIST, keywords.group(1))]
        read_any = False
        granted = [
            re.split(KEYWORD_LIST, p.removeprefix(f"{SELF} has ")) for p in pieces if p.startswith(f"{SELF} has ")
        ]
        if any(  # Nazgûl Battle-Mace's "annihilator 1": a combat trigger granted, never applied here
            re.sub(r" \d+$", "", k) in _COMBAT_TRIGGER_KEYWORDS for listed in granted for k in listed
        ):
            out.note(listed_as, "not_understood")
        for piece in pieces:
            piece = piece if piece.startswith(SELF) or "do so" in piece else f"{SELF} {piece}"
            if re.match(
                rf"{SELF} gets [+-][\dxy]+/[+-][\dxy]+", piece
            ):  # Glamdring: "has first strike and gets +x/+0 …"
                out.note(listed_as, "power_toughness")
                continue
            bar = re.fullmatch(rf"{SELF} can't attack you(?P<pw> or planeswalkers you control)?", piece)
            if (
                bar
            ):  # Vow of Duty, Spectral Grasp (508.1c): `you`, resolved to the attachment's controller as it applies
                read_any = True
                out.grants_attached.append({"cant_attack_players": ["you"]})
                if bar.group("pw"):
                    out.grants_attached.append({"cant_attack_planeswalkers_of": ["you"]})
                continue
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
            in_quotes = re.fullmatch(rf'{SELF} has "([^"]+)"?', piece)
            static = in_quotes and read_oracle(in_quotes.group(1), "", known_subtypes=self.known)
            if static and static.abilities and not (static.triggers or static.triggers_unmapped or static.unmapped):
                read_any = True  # a static ability granted in quotation marks (Indomitable Might's 510.1b choice)
                out.grants_attached += [a for a in static.abilities if a not in out.grants_attached]
                continue
            if has_list and (reading.unmapped or not reading.abilities):  # "has flying, haste" after a pump
                listed = self.keywords(has_list.group(1))
                if listed:
                    read_any = True
                    out.grants_attached += [k for k in listed if k not in out.grants_attached]
                    continue
            if reading.unmapped or reading.not_own or not (reading.abilities or reading.triggers):
                if len(pieces) == 1:
                    return False
                keyword = re.fullmatch(rf"{SELF} has ([\w ]+?)(?: \d+| \{{.+)?", piece)
                other = keyword is not None and keyword.group(1) in OTHER_KEYWORDS - _COMBAT_TRIGGER_KEYWORDS
                # a granted ability in quotation marks that bears on no declaration (Hold for Ransom's "{7}: …")
                quoted = re.fullmatch(rf'{SELF} has "[^"]*"?\.?', piece) and not LEGALITY.search(piece)
                inert = other or quoted or piece == f"{SELF} can't be sacrificed"
                if not inert:  # part of it is applied, the rest ("is a black Zombie", "mobilize x") is not
                    out.note(listed_as, "not_understood")
                continue  # "has shroud", "can't be sacrificed": no declaration depends on them
            read_any = True
            for ability in [*reading.abilities, *reading.triggers]:
                if ability not in out.grants_attached:
                    out.grants_attached.append(ability)
        return read_any
