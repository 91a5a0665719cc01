"""What a sentence of combat text does, as the effects reader (`statics.py`) sorts it: one-shot or static, what it
only names (a trigger's condition, the tokens it makes, qualities of a group), whether it bears on a declaration, and
why a sentence not read is listed (`one_shot`, `condition`, `not_understood`)."""

from __future__ import annotations

import re

from .oracle import _UNSHOWN_THRESHOLD
from .oracle_text import BECOMES_SUCH, LEGALITY

ONE_SHOT = re.compile(
    r"^(when|whenever|at the|at end)\b|^•|^[^\"]*?:\s|\btarget\b|\bthis turn\b|\bthis combat\b|"
    r"\buntil end of (turn|combat)\b|\buntil your next turn\b|\bperpetually\b"
)
CONDITION = re.compile(r"^(as long as|if|unless|during|for each)\b|\b(as long as|unless|if(?! able))\b")

# Abilities granted in quotation marks ('have flying and "{R}: …"', 'has reach, "{2}, {T}: …," and "…"'); unclosed
# when the sentence ended inside the quotation.
QUOTED = re.compile(r'(?:,\s*(?:and\s+)?|\s+and\s+|\s+)"(?P<quoted>[^"]*)(?:"|$),?')

# What the tokens an effect creates are given as they are made is theirs, stated with them on the board (sample A's
# rule: Josu Vess's menace; Rionya's "they gain haste"; Kiki-Jiki's copy "except it has haste", 707.9b)
TOKENS_OWN = re.compile(
    r"\bput an? [\w ]+ counter on each of them\b|\b(?:they|it|that token|the token|those tokens) (?:gains?|has|have) [\w ,]+|"
    r"\bexcept (?:it|the token|they) (?:has|have) [^.]+|\bexcept (?:it's|they're) [^.]+|\btokens? with [^\".]+|"
    # Rendmaw, Case of the Stashed Skeleton: the tokens made are goaded or suspected as they are made
    r"\btokens? and suspect (?:it|them)\b"
)
# Rendmaw, The War Games: "the tokens are goaded for the rest of the game", in the sentence after they are made
TOKENS_GOADED = re.compile(r"\b(?:the|those) tokens? (?:is|are) goaded\b[^.]*")


def unquoted(text: str) -> tuple[str, list[str]]:
    """The text without the abilities it grants in quotation marks, and those abilities."""
    return QUOTED.sub("", text), [m.group("quoted") for m in QUOTED.finditer(text)]


# "creatures you control with flying" names a quality, it grants nothing (the reader's own check allows one word
# between the noun and "with"; a group of creatures may have more: "creatures you control with defender").
QUALITY = re.compile(
    r"\b(?:creatures?|permanents?|cards?)(?: [\w']+){0,3} (?:with|without) (?:\w+ or )?(?:flying|reach|shadow|horsemanship|fear|"
    r"intimidate|menace|skulk|defender|haste|banding|\w+walk)(?:,? (?:and/or|or|and) \w+)*"
)

PAST_COMBAT = re.compile(
    r"\b(?:if|unless|that)\b[^,.]*?\b(?:didn't attack|didn't block|(?<!be )attacked|(?<!be )blocked)\b"
    r"(?: or (?:attacked|blocked))?"
    r"[^,.]*? this turn\b"
)
LOSES_ALL = re.compile(r"\blose(?:s)? all abilities\b")


def why_unread(unread: list[str], relayed: list[str], s: str) -> str:
    """Why a text is listed: a quoted ability granted is one-shot (triggered or activated), unless all it grants is an
    attachment's grant (the Rune cycle), which is static and not understood; else why `s` itself is not read."""
    if unread:
        return "not_understood" if all(a in relayed for a in unread) else "one_shot"
    return why_listed(s)


def one_shot(text: str) -> bool:
    """Whether a text is one-shot, triggered or activated; "creatures that entered this turn" names a group of a
    static ability (Deathleaper, Terror Weapon), not a duration."""
    return bool(ONE_SHOT.search(re.sub(r"\bthat entered (?:the battlefield )?this turn\b", "", text)))


def effect_named(text: str) -> str:
    """What a text does, without what it only names: a trigger's condition (the trigger reader's: what bears on
    legality is in its effect, Thoughtweft Imbuer), the keywords of tokens it makes (theirs), and qualities named
    ("creatures you control with flying get +1/+0")."""
    effect_part = re.sub(r"^(?:level ability: )?(?:when|whenever|at)\b[^,]*, ", "", text)
    if re.search(r"\bcreates?\b", effect_part):  # a keyword counter or keyword of the tokens made: theirs
        effect_part = TOKENS_OWN.sub("", effect_part)
    effect_part = TOKENS_GOADED.sub("", effect_part)
    # Akroma, Vision of Ixidor: "+1/+1 if it has flying, …, and so on for menace" names qualities, grants none;
    # so does Crowd of True Believers' "target creature you control that's attacking alone"
    effect_part = re.sub(r"\bif it has [\w ]+|\band so on for [^.]+|\bthat's attacking alone\b", "", effect_part)
    # R12, Odric, Blood-Cursed: "the number of abilities from among flying, first strike, …" counts, grants nothing
    effect_part = re.sub(r"\bthe number of (?:abilities|keywords) from among [^.]+", "", effect_part)
    # R10: a check of what happened earlier bears on no declaration (Erg Raiders: "if ~ didn't attack this turn";
    # Aggression: "destroy that creature if it didn't attack this turn")
    effect_part = PAST_COMBAT.sub("", effect_part)
    # Shang-Chi: activating abilities "as though they had haste" is no attack (302.6 is about {T} abilities)
    effect_part = re.sub(r"\bactivate abilities of [^.]*? as though [\w ]+ had haste\b", "", effect_part)
    return effect_part if BECOMES_SUCH.search(effect_part) else QUALITY.sub("", effect_part)


def bears_on_declaration(text: str) -> bool:
    """Whether what a text does bears on the legality of an attack or block declaration: a restriction, requirement
    or evasion keyword, or the loss of all abilities (which takes away what decides blocks); a trigger's condition
    is left aside (Flummoxed Cyclops' "can't block this combat" does, Clandestine Meddler's "surveil 1" doesn't)."""
    named = effect_named(unquoted(text.rstrip("."))[0])
    return bool(LEGALITY.search(named) or LOSES_ALL.search(named))


def why_listed(text: str) -> str:
    if one_shot(text):
        return "one_shot"
    if re.match(r"^level ability", text) or _UNSHOWN_THRESHOLD.match(text) or CONDITION.search(text):
        return "condition"
    return "not_understood"
