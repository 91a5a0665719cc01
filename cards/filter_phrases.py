"""Creature-filter phrases of Oracle text ("artifact creatures and/or black creatures", "creatures with power 2
or less") as CreatureFilter data, for the Oracle reader."""

from __future__ import annotations

import re
from typing import Any

from .vocabulary import CARD_TYPES, COLORS, COMBAT_KEYWORDS, NUM, NUMBERS, SELF

# A word that names exactly some creature types, as its reminder text says (R5: "Assassins, Mercenaries, Pirates,
# Rogues, and Warlocks are outlaws", Hellspur Posse Boss)
BATCHES = {noun: ("assassin", "mercenary", "pirate", "rogue", "warlock") for noun in ("outlaw", "outlaws")}


# Plural subtypes that don't end in s (Taught by Bruce Tarl: "protection from Oxen")
IRREGULAR_PLURALS = {"oxen": "ox", "mice": "mouse"}


def singular(word: str, known_subtypes: frozenset[str]) -> str:
    """A plural subtype as its singular ("elves" -> "elf"), using the known subtypes when they are given."""
    candidates: list[str] = [IRREGULAR_PLURALS[word]] if word in IRREGULAR_PLURALS else []
    if word.endswith("ies"):
        candidates += [word[:-3] + "y", word[:-1]]
    if word.endswith("ves"):
        candidates += [word[:-3] + "f", word[:-3] + "fe"]
    if word.endswith("es"):
        candidates.append(word[:-2])
    if word.endswith("s"):
        candidates.append(word[:-1])
    candidates.append(word)
    for candidate in candidates:
        if candidate in known_subtypes:
            return candidate
    if not known_subtypes:
        return candidates[0]
    return ""


def number(word: str) -> int:
    return NUMBERS[word] if word in NUMBERS else int(word)


def word_list(text: str) -> list[str]:
    return [w.strip() for w in re.split(r",? and/or |,? or |, ", text) if w.strip()]


class FilterPhrases:
    """Creature-filter phrases ("artifact creatures and/or black creatures") as CreatureFilter data."""

    def __init__(self, known_subtypes: frozenset[str]) -> None:
        self.known = known_subtypes

    def subtype(self, word: str, plural: bool) -> str:
        word = word.replace("-", " ").strip()
        if plural or word in IRREGULAR_PLURALS:
            return singular(word, self.known)
        return word if (not self.known or word in self.known) else ""

    def parse(self, phrase: str) -> dict[str, Any] | None:
        phrase = phrase.strip()
        single = self._single(phrase)
        if single is not None:
            return single
        for joiner in (" and/or ", " or "):
            if joiner in phrase:
                parts = [self._single(p) for p in phrase.split(joiner)]
                if all(p is not None for p in parts):
                    return self._merge([p for p in parts if p is not None])
        return None

    @staticmethod
    def _merge(parts: list[dict[str, Any]]) -> dict[str, Any]:
        if all(set(p) == {"colors"} for p in parts):
            return {"colors": [c for p in parts for c in p["colors"]]}
        if all(set(p) == {"abilities"} for p in parts):
            return {"abilities": [a for p in parts for a in p["abilities"]]}
        if all(set(p) == {"subtypes"} for p in parts):
            return {"subtypes": [s for p in parts for s in p["subtypes"]]}
        return {"any_of": parts}

    def _single(self, phrase: str) -> dict[str, Any] | None:
        phrase = re.sub(r"^(an?|one|another) ", "", phrase)
        match = re.fullmatch(r"(?P<head>.+?)(?: with (?P<with>.+))?", phrase)
        if match is None:
            return None
        head, with_ = match.group("head"), match.group("with")
        words = head.split(" ")
        noun = words[-1]
        out: dict[str, Any] = {}
        if noun in ("creature", "creatures", "permanent", "permanents"):
            pass
        elif noun in BATCHES:
            out["subtypes"] = list(BATCHES[noun])
        elif noun in CARD_TYPES:
            out["types"] = [CARD_TYPES[noun]]
        else:
            sub = self.subtype(noun, plural=noun.endswith("s"))
            if not sub:
                return None
            out["subtypes"] = [sub]
        if not self._adjectives(words[:-1], out):
            return None
        if with_ is not None and not self._with(with_, out):
            return None
        return out

    def _adjectives(self, words: list[str], out: dict[str, Any]) -> bool:
        text = " ".join(words)
        if not text:
            return True
        color_words = word_list(text)
        if color_words and all(w in COLORS for w in color_words):
            out["colors"] = [COLORS[w] for w in color_words]
            return True
        for word in words:
            bare = word.removeprefix("non-").removeprefix("non") if word.startswith("non") else None
            if word in COLORS:
                out.setdefault("colors", []).append(COLORS[word])
            elif word in ("artifact", "enchantment", "land") and out.get("types"):
                # Tanglewalker's "an artifact land": both types hold; a list holds for any of its items, so the
                # second type is a filter of its own, which `any_of` holds alone (a second one can't be written)
                if "any_of" in out:
                    return False
                out["any_of"] = [{"types": [word]}]
            elif word in ("artifact", "enchantment", "land"):
                out.setdefault("types", []).append(word)
            elif word in ("legendary", "snow"):
                out.setdefault("supertypes", []).append(word)
            elif word in ("tapped", "untapped"):
                out["tapped"] = word == "tapped"
            elif word == "multicolored":
                out["multicolored"] = True
            elif word == "colorless":
                out["colorless"] = True
            elif stats := re.fullmatch(r"(\d+)/(\d+)", word):  # "a 1/1 creature": that power and that toughness
                power, toughness = int(stats.group(1)), int(stats.group(2))
                out.update(power_at_least=power, power_at_most=power)
                out.update(toughness_at_least=toughness, toughness_at_most=toughness)
            elif bare is not None and bare in COLORS:
                out["not"] = {"colors": [COLORS[bare]]}
            elif bare is not None and bare in ("artifact", "enchantment", "land"):
                out["not"] = {"types": [bare]}
            elif bare is not None and self.subtype(bare, plural=False):
                out["not"] = {"subtypes": [self.subtype(bare, plural=False)]}
            elif self.known and word in self.known:
                out.setdefault("subtypes", []).append(word)
            else:
                return False
        return True

    def _with(self, text: str, out: dict[str, Any]) -> bool:
        text = text.strip()
        if text == "greater power" or text == f"power greater than {SELF}'s power":
            out["power_greater_than_this"] = True
            return True
        if text == f"power less than {SELF}'s power" or text == "lesser power":
            out["power_less_than_this"] = True
            return True
        stat = re.fullmatch(rf"(power|toughness) {NUM} or (less|greater)", text)
        if stat:
            which, value, side = stat.groups()
            out[f"{which}_at_{'most' if side == 'less' else 'least'}"] = number(value)
            return True
        either = re.fullmatch(rf"power or toughness {NUM} or (less|greater)", text)
        if either and "any_of" not in out:  # Tetsuko Umezawa: "with power or toughness 1 or less": either one
            bound = "most" if either.group(2) == "less" else "least"
            n = number(either.group(1))
            out["any_of"] = [{f"power_at_{bound}": n}, {f"toughness_at_{bound}": n}]
            return True
        names = word_list(text)
        if names and all(n in COMBAT_KEYWORDS for n in names):
            out["abilities"] = [COMBAT_KEYWORDS[n] for n in names]
            return True
        return False
