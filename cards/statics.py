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
from dataclasses import replace
from typing import Any

from .conditions import ConditionReader
from .oracle import _CLASS_LEVEL, _DAMAGE_WORDS, _LEVEL, _UNSHOWN_THRESHOLD, read_oracle
from .oracle_text import LEGALITY, SENTENCE_END, normalise_text
from .reading import Reading
from .static_templates import ATTACHED, HAVE, StaticReader, Statics
from .text_kinds import (
    LOSES_ALL,
    ONE_SHOT,
    effect_named,
    one_shot,
    unquoted,
    why_listed,
    why_unread,
)
from .vocabulary import CARD_TYPES, COMBAT_KEYWORDS, SELF

_ABILITY_WORD = re.compile(r"^[a-z][a-z' -]* — (?=.)")
# A conditional ability's change of power or toughness, a pump or counters it enters with: the snapshot states both
_SIZED = re.compile(r"\bgets? [+-][\dxy]+/[+-][\dxy]+|\benters with [^.]*\bcounters?\b")
_IS_CREATURE = re.compile(r"(?:\bis|'s) an? \d+/\d+ [^.]*\bcreature\b")
_STATIC_PUMP = re.compile(r"\bgets? [+-][\dxy*]+/[+-][\dxy*]+|\b(?:has|have) base power and toughness \d")
_COMBAT_TRIGGER = re.compile(r"^(?:when|whenever)\b[^,]*\b(?:attacks?|blocks?|becomes blocked|deals combat damage)\b")
# 'create a 1/1 Rat token with "this token can't block"', The Rani's Aura token: 'that token has … "enchanted
# creature … is goaded"': the token's own
_TOKEN_WITH_QUOTED = re.compile(
    r'^(?:[^"]*[,.] )?[^"]*\bcreates? [^".]*\btokens? (?:[^".]* )?with [^"]*"|\b(?:that|the) tokens? (?:has|have) [^"]*"'
)
# 113.6: a permanent's abilities function on the battlefield; one that says it works from the graveyard or from exile
# does nothing on a board, so nothing is listed (R9): Valor, Anger ("as long as this card is in your graveyard"),
# Wilson, Majestic Bear ("{1}{G}{G}, exile ~ from your graveyard: …"), Glory ("activate only if this card is in your
# graveyard"), Veiling Oddity ("when the last time counter is removed from this card while it's exiled, …")
_FROM_GRAVEYARD = re.compile(
    rf"^(?:[a-z][a-z' -]* — )?(?:as long as (?:this card|{SELF}) is in your graveyard\b"
    rf"|[^:\"]*\bexile (?:this card|{SELF}) from your graveyard\b[^:\"]*:"
    rf"|[^:\"]*:\s*return (?:this card|{SELF}) from your graveyard\b"
    # Glory: "{2}{W}: … Activate only if this card is in your graveyard."
    rf"|[^:\"]*:[^\"]*\bactivate only (?:if (?:this card|{SELF}) is in your graveyard|from your graveyard)\b"
    rf"|(?:when|whenever)\b[^,]*\bwhile (?:it's|this card is|{SELF} is) (?:exiled|in exile|in your graveyard)\b)"
)
# What a conditional sentence the reader can't read still changes in combat: a keyword the damage step reads, or
# whether the card is a creature at all (506.3: only creatures attack or block; Purphoros, Bronze-Blooded)
_UNREAD_OWN = re.compile(_DAMAGE_WORDS.pattern + r"|\bisn't a creature\b")
# Wordings that say what a simpler template says (CR 506.1: only creatures attack or block, so "as long as enchanted
# permanent is a creature" holds for every creature that does).
_REWRITES = (
    (r"^as long as enchanted permanent is a creature, it ", "enchanted creature "),
    (
        r"^as long as enchanted creature is attacking alone, it can't be blocked",
        "enchanted creature can't be blocked as long as it's attacking alone",
    ),
    (r"^((?:enchanted|equipped) creature gets [+-]\S+ and )gains\b(?!.*\buntil\b)", r"\1has"),
    (  # Indomitable Might: its controller's choice is the creature's own, as Thorn Elemental's (510.1b)
        r"^((?:enchanted|equipped) creature)'s controller may have it (assign its combat damage as though it weren't "
        r"blocked)",
        r'\1 has "you may have ~ \2"',
    ),
)


def _rewritten(text: str) -> str:
    for pattern, replacement in _REWRITES:
        text = re.sub(pattern, replacement, text)
    return text


# A grant in the singular (R3: "each creature you control with a +1/+1 counter on it has trample", Tuskguard Captain;
# Scion of Draco's "each creature you control has vigilance if it's white, …")
_EACH_HAS = re.compile(r"each [\w -]*?creature\b(?P<who>.*?) has (?P<what>.+)")
_ABILITY_OF_OTHERS = re.compile(r"^(?:when|whenever|at the|at end)\b|^•|^[^\"]*?:\s")  # triggered, modal, activated
# An attachment's change of the creature's type (E's rule: listed, the board keeps the creature's own): a type, a
# supertype, a copy (707.2)
_RETYPED = re.compile(r"^(?:enchanted|equipped) (?:creature|permanent) is (?:an? |legendary\b|every creature type\b)")
# 510.1b, which the damage step reads (Thorn Elemental): granted to others, it is applied or listed, never dropped
_UNBLOCKED = re.compile(r"\bassign its combat damage as though it weren't blocked\b")
_TRIGGER_COUNT = re.compile(r"\btriggers? an additional time\b|\bdon't cause abilities to trigger\b")
# R15: an attachment's trigger on its creature's combat, also by a combat creature's name ("deals damage to a blocking
# creature", Kusari-Gama) and on a reconfigure Equipment ("whenever ~ or equipped creature", Komainu Battle Armor)
_ATTACHED_TRIGGER = re.compile(
    r"^whenever (?:~ or )?(?:enchanted|equipped) creature\b[^,]*?\b(?:attacks?|blocks|becomes blocked|deals combat "
    r"damage|deals damage to an? (?:blocking|attacking|blocked) creature)\b"
)


def _enchant(line: str) -> list[str] | None:
    match = re.fullmatch(r"enchant (.+)", line.rstrip("."))
    if match is None:
        return None
    words = re.split(r" or |, | ", match.group(1))
    return sorted({CARD_TYPES[w] for w in words if w in CARD_TYPES})


def _resolved(lines: Iterable[str]) -> list[tuple[str, str]]:
    """Each line's sentences, as printed and as read: a sentence that goes on about "it" after one about the enchanted
    or equipped creature names that creature (Heliod's Punishment: "… can't attack or block. It loses all
    abilities"), also after other sentences about "it" or "its" (Planeswalkerificate: "Enchanted creature is a
    planeswalker …. Its toughness becomes its loyalty. … It can't block …")."""
    out = []
    for line in lines:
        line = _ABILITY_WORD.sub("", line)
        subject = None
        for sentence in (s.strip() for s in re.split(SENTENCE_END, line) if s.strip()):
            read = sentence
            if subject and sentence.startswith("it "):
                read = f"{subject} {sentence.removeprefix('it ')}"
            lead = re.match(r"(?:enchanted|equipped) creature\b", sentence)
            subject = lead.group(0) if lead else subject if re.match(r"its? ", sentence) else None
            out.append((sentence, read))
    return out


def _sentences(lines: Iterable[str]) -> list[str]:
    return [read for _, read in _resolved(lines)]


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


def _soulbond(s: str, item: str, conditions: ConditionReader, out: Statics) -> bool:
    """Soulbond's "as long as ~ is paired with another creature, both creatures have …" (702.95a): the card's own half
    is read on the fact `paired`, its partner's listed (the snapshot doesn't say which creature that is)."""
    paired = re.fullmatch(
        rf"(as long as {SELF} is paired with another creature), (?:both creatures have|each of those creatures has) (.+)",
        s,
    )  # Imperious Mindbreaker: 'each of those creatures has "whenever this creature attacks, …"'

    conditional = paired and conditions.sentence(f"{paired.group(1)}, {SELF} has {paired.group(2)}")
    if not paired or conditional is None or conditional.get("partial"):
        return False
    out.conditional.append({**conditional, "text": s})
    out.note(item, "not_understood")
    return True


def _self_and_others(item: str, conditions: ConditionReader, out: Statics) -> bool:
    """ "During your turn, ~ and other Knights you control have flying" (Dion, Yuna): the card's own half is read
    under its condition, the others' listed (no static carries a condition)."""
    both = re.fullmatch(rf"(during your turn|as long as .+?), {SELF} and ([^,]+?) have (.+)", item.rstrip("."))
    own_half = both and conditions.sentence(f"{both.group(1)}, {SELF} has {both.group(3)}")
    if not own_half or own_half.get("partial"):
        return False
    out.conditional.append({**own_half, "text": item.rstrip(".")})
    out.note(item, "condition", own=True)
    return True


# What binds only an attacking creature: requirements and restrictions on blocking it (509.1b-c), the same granted
# "as long as it's attacking" or always
_ATTACKER_ONLY = frozenset(
    {"must_be_blocked_if_able", "must_be_blocked_by_exactly_one_if_able", "all_able_must_block_it", "cant_be_blocked"}
    | {"must_be_blocked_by_if_able", "must_be_blocked_by_at_least_if_able", "min_blockers", "max_blockers"}
    | {"cant_be_blocked_by", "cant_be_blocked_except_by", "cost_to_block_it"}
)


def _while_attacking(s: str, item: str, reader: StaticReader, out: Statics) -> bool:
    """An attachment's "as long as equipped creature is attacking, it has …" (The Masamune): what binds only an
    attacker is granted, the rest (first strike) listed under its condition."""
    attacking = re.fullmatch(r"as long as ((?:enchanted|equipped) creature) is attacking, it (.+)", s)
    if attacking is None:
        return False
    read = Statics()
    reader.attached(f"{attacking.group(1)} {attacking.group(2)}", read)
    exact = [a for a in read.grants_attached if (a if isinstance(a, str) else next(iter(a))) in _ATTACKER_ONLY]
    out.grants_attached += [a for a in exact if a not in out.grants_attached]
    if len(exact) < len(read.grants_attached) or read.unapplied or not exact:
        out.note(item, "condition")
    return True


def _add_conditional(entry: dict[str, Any], sentence: str, out: Statics) -> None:
    """A conditional ability read, and what of its sentence it doesn't apply listed: a part not read (R4: Colossus of
    Akros' "can attack as though it didn't have defender" beside its trample), a size, its creature-ness."""
    if entry.pop("partial", False):
        out.note(sentence, "not_understood", own=True)
    if entry not in out.conditional:
        out.conditional.append(entry)
    _note_changed(sentence, out)


def _note_changed(sentence: str, out: Statics) -> None:
    """What a conditional ability read changes beyond its abilities, listed: its power and toughness (a pump, the
    counters it enters with), and that it is a creature at all (R8, 506.3: Gideon Blackblade "is a 4/4 … creature
    with indestructible that's still a planeswalker" during your turn)."""
    if _SIZED.search(sentence):
        out.note(sentence, "power_toughness", own=True)
    if _IS_CREATURE.search(sentence):
        out.note(sentence, "not_understood", own=True)


def read_statics(text: str, name: str, supertypes: Iterable[str], reading: Reading, known: frozenset[str]) -> Statics:
    """What the face does to other objects, and what of its combat text is not applied."""
    out = Statics()
    reader = StaticReader(known, name)
    conditions = ConditionReader(known)
    lines = [_rewritten(line) for line in normalise_text(text, name, supertypes)]
    for line in lines:
        enchant = _enchant(line)
        if enchant is not None:
            out.enchant = enchant
    lines = [line for line in lines if not _FROM_GRAVEYARD.match(line)]
    reading = replace(
        reading,
        not_own=tuple(t for t in reading.not_own if not _FROM_GRAVEYARD.match(t)),
        unmapped=tuple(t for t in reading.unmapped if not _FROM_GRAVEYARD.match(t)),
    )
    pending = list(reading.not_own)
    leveled = _leveled(lines)
    for sentence in _sentences(lines):  # grants the reader doesn't report (Sublime Archangel's exalted)
        plain = sentence.rstrip(".")
        # "each creature you control has …" too (Scion of Draco: "… has vigilance if it's white, …")
        grant = HAVE.fullmatch(plain) or _EACH_HAS.fullmatch(plain)
        if sentence not in pending and sentence not in leveled and _UNBLOCKED.search(sentence):
            if not one_shot(sentence) and not sentence.startswith(("you may have ~", "you may have it")):
                pending.append(sentence)  # Zilortha, Siege Behemoth: "for each creature you control, you may …"
        elif (
            sentence not in pending
            and sentence not in leveled
            and not one_shot(unquoted(sentence)[0])
            and grant
            # read without its quoted abilities (Esika's '"{T}: Add one mana"'), or listed if it grants what the
            # damage step reads to a group no filter names (Deathleaper: "creatures … that entered this turn")
            and (reader.effect(plain) or reader.effect(unquoted(plain)[0]) or _DAMAGE_WORDS.search(grant["what"]))
        ):
            pending.append(sentence)
    # "it …" that names the attached creature is the attachment's, not the card's own (Planeswalkerificate)
    pronouns = {printed.rstrip(".") for printed, read in _resolved(lines) if read != printed}
    for printed, sentence in _resolved(lines):  # what an Aura or Equipment gives that the reader doesn't report
        if sentence in pending or sentence in leveled:
            continue
        granted = ATTACHED.match(sentence) and (
            re.search(r" has | is goaded\b| loses all abilities\b", sentence) or sentence != printed
        )
        bare, quoted = unquoted(sentence)  # an Aura's grant to an Equipment (the Rune cycle)
        to_equipment = ATTACHED.search(bare) and any(ATTACHED.match(a) and _DAMAGE_WORDS.search(a) for a in quoted)
        if granted or to_equipment:
            pending.append(sentence)
    for line in (_ABILITY_WORD.sub("", line) for line in lines):
        # a trigger's or an activated ability's loss of all abilities (R1; Tishana's Tidebinder: "… that permanent
        # loses all abilities for as long as ~ remains on the battlefield"), which the Oracle reader reports nowhere
        if line not in pending and _ABILITY_OF_OTHERS.match(line) and LOSES_ALL.search(effect_named(line)):
            pending.append(line)
    for sentence in _sentences(lines):  # Humility: "all creatures lose all abilities" takes away what decides blocks
        if (
            sentence not in pending
            and sentence not in leveled
            and not any(sentence in p for p in pending)
            and LOSES_ALL.search(sentence)
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
        bare, quoted = unquoted(full)  # what is one-shot or bears on legality is judged without the quotations
        s = full if re.search(r"\b(?:has|have)$", bare) else bare  # all it grants is quoted (Retaliation)
        # quoted, bearing on combat; or an Equipment's grant an Aura gives it, of what the damage step reads (R13:
        # the Rune cycle's 'it has "Equipped creature has deathtouch."', never applied to the equipped creature)
        relayed = [a for a in quoted if ATTACHED.match(a) and (LEGALITY.search(a) or _DAMAGE_WORDS.search(a))]
        unread = [a for a in quoted if LEGALITY.search(effect_named(a)) or _COMBAT_TRIGGER.match(a) or a in relayed]
        if _TOKEN_WITH_QUOTED.search(full):  # 'create a 1/1 Rat token with "this token can't block"': the token's own
            unread = []
        if s is bare:  # the quoted abilities are read apart from the keywords before them
            for ability in unread:
                out.note(item, "one_shot" if ONE_SHOT.search(ability) else "not_understood")
            unread = []
        named = effect_named(bare)
        combat = bool(LEGALITY.search(named))
        if one_shot(bare):
            combat = combat or bool(LOSES_ALL.search(named))
            if combat:
                out.note(item, "one_shot")
            continue
        if _while_attacking(s, item, reader, out):
            continue
        if ATTACHED.search(s) and not re.match(r"^(as long as|if)\b", s):
            # what it can't apply is listed: the keywords the damage step reads (Brass Knuckles), and "loses all
            # abilities" (Heliod's Punishment), which takes away what decides blocks
            lost = re.search(r"\bloses all abilities\b", s)
            if not reader.attached(s, out, listed_as=item) and (
                combat or unread or lost or _DAMAGE_WORDS.search(named)
            ):
                out.note(item, why_unread(unread, relayed, s))
            continue
        found = reader.effect(s)
        if found is None and _soulbond(s, item, conditions, out):
            continue
        own = conditions.sentence(s) if found is None else None
        if own is not None:  # the card's own under a condition, led by what bears on no declaration (Woolly Razorback)
            _add_conditional(own, s, out)
            continue
        if found is None:
            taken = bool(LOSES_ALL.search(s)) and not one_shot(bare)  # Humility, Titania's Song
            granted = HAVE.fullmatch(s) or _EACH_HAS.fullmatch(s)
            damage = (granted and _DAMAGE_WORDS.search(named)) or _UNBLOCKED.search(named)
            if combat or unread or taken or damage:
                out.note(item, why_unread(unread, relayed, s))
            continue
        if re.search(r"\bgets? [+-][\dxy]+/[+-][\dxy]+", bare):
            out.note(item, "power_toughness")
        for static in found:
            if static.pop("partial", False):
                out.note(item, "not_understood")
            static["text"] = s
            out.statics.append(static)
    if not out.enchant or "creature" in out.enchant:  # an attachment that turns its creature into another object
        for sentence in _sentences(lines):  # (Song of the Dryads, Metamorphic Alteration): the board keeps its own
            if _RETYPED.match(sentence) and sentence not in leveled:
                out.note(sentence, "not_understood")
    levels, sizes = conditions.levels(lines)
    out.conditional += levels
    for size in sizes:  # a level's power and toughness: the damage step and power filters judge the stated ones
        out.note(size, "power_toughness", own=True)
    for sentence in _sentences(lines):  # counters it enters with (614.1c): a size the snapshot states (Kalonian Hydra)
        if re.match(
            rf"(?:if {SELF} was kicked[^,]*, )?(?:{SELF}|it) enters with [^.]*[+-]1/[+-]1 counters?\b", sentence
        ):
            out.note(sentence, "power_toughness", own=True)
            # Cetavolver: "kicked with its {1}{r} kicker": which kicker was paid is no fact a snapshot states
            keyword = re.search(r"\band with ([\w ]+)$", sentence.rstrip("."))
            if re.match(rf"if {SELF} was kicked with\b", sentence) and keyword and keyword[1] in COMBAT_KEYWORDS:
                out.note(sentence, "condition", own=True)
    for sentence in _sentences(lines):  # a static change of power or toughness (Glorious Anthem, Skycat Sovereign)
        bare = unquoted(sentence)[0]
        counted = re.sub(r"\bfor each [^,.]*", "", bare)  # Moraug: "for each time it has attacked this turn"
        counted = re.sub(
            r"^as long as [^,]*, ", "", counted
        )  # Deepway Navigator: "as long as you attacked … this turn"
        if _STATIC_PUMP.search(bare) and not ONE_SHOT.search(counted) and sentence not in leveled:
            out.note(sentence, "power_toughness", own=bare.startswith(SELF))
    read_levels = {c["text"].split(": ", 1)[1] for c in levels}
    for item in reading.unmapped:
        if item.rstrip(".") in pronouns:
            continue
        if item.startswith("unleash: "):  # 702.98a: it can't block as long as it has a +1/+1 counter on it
            out.conditional.append(
                {"when": {"counters_at_least": {"+1/+1": 1}}, "abilities": ["cant_block"], "text": "unleash"}
            )
            # the counter it may enter with is a size the snapshot states, as other counters it enters with are
            out.note(f"unleash: {SELF} may enter with a +1/+1 counter on it", "power_toughness", own=True)
            continue
        if item.startswith("level ability: "):
            # read under its level range, or not applied: a Class's level (716.2a) is no counter the board shows
            if item.removeprefix("level ability: ") not in read_levels:
                out.note(item, "condition", own=not HAVE.fullmatch(item.removeprefix("level ability: ").rstrip(".")))
            continue
        conditional = conditions.sentence(item)
        if conditional is not None:
            _add_conditional(conditional, item, out)
            continue
        several = conditions.each_its_condition(item)
        if several is not None:
            for entry in several:
                _add_conditional(entry, item, out)
            continue
        if _self_and_others(item, conditions, out):  # Dion: "during your turn, ~ and other Knights … have flying"
            continue
        out.note(item, why_listed(item), own=True)
    for sentence in _sentences(lines):  # a condition on an ability that bears only on damage (Toxic Iguanar)
        if (
            sentence in leveled
            or sentence in reading.unmapped
            or re.match(r'(?:when|whenever|at)\b|[^"]*?:\s', sentence)  # a trigger's or an activated ability's own
            # a one-shot effect's duration (R2; Tale of Tinúviel: "gains indestructible for as long as you control …")
            or re.search(r"\bfor as long as\b", sentence)
            or not re.search(
                rf"\bas long as\b|\bduring (?:your turn|turns other than yours)\b|^if {SELF} was kicked, it enters with\b"
                rf"|^{SELF} has [^.]+ unless\b",  # Tadeas: "~ has hexproof unless it's attacking"
                sentence,
            )
        ):
            continue
        if read_oracle(sentence, "", known_subtypes=known).abilities:
            continue  # the card's own ability ("can't be blocked as long as defending player controls …")
        read_before = any(c.get("text") == sentence.rstrip(".") for c in out.conditional)
        if not read_before and _soulbond(sentence.rstrip("."), sentence, conditions, out):  # Pathbreaker Wurm's trample
            continue
        if not read_before and _self_and_others(sentence, conditions, out):  # Yuna's trample and lifelink
            continue
        conditional = conditions.sentence(sentence)
        if conditional is not None and {k: v for k, v in conditional.items() if k != "partial"} not in out.conditional:
            _add_conditional(conditional, sentence, out)
            otherwise = conditions.otherwise(conditional, _sentences(lines), sentence)
            if otherwise is not None:  # Evolved Spinoderm: "… as long as …. Otherwise, it has hexproof."
                out.conditional.append(otherwise)
        elif conditional is None and not read_before and _UNREAD_OWN.search(unquoted(sentence)[0]):
            out.note(sentence, "condition", own=True)  # Ice-Fang Coatl's kin: never dropped without a word
    for item in reading.triggers_unmapped:
        out.note(item, why_listed(item) if not item.startswith(("when", "at ")) else "not_understood", own=True)
    if out.statics or out.grants_attached:  # a way out of what is applied (Lost in Thought): a choice not on the board
        for sentence in _sentences(lines):
            if re.search(r"\bto ignore this effect\b", sentence):
                out.note(sentence, "condition")
    return out
