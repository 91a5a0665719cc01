"""The combat damage step told as a judge would: the assignment's verdict with the rules it breaks and the nearest
legal assignment, the damage dealt and its results, and the state-based actions. The timeline's narrator
(`combat/narration.py`) calls these for the damage changes and the state lines."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol

from ..solver.text import Message
from .damage_rules import RULES
from .damage_words import DAMAGE_WORDS as W
from .state import Change, CombatState, DamageAssignment, Edition

_COLON = {"fr": " : "}  # French puts a space before a colon and a semicolon
_SEMICOLON = {"fr": " ; "}
DAMAGE_KINDS = frozenset({"damage_assignment", "damage_dealt", "life_gained", "state_based_action"})


class Speaker(Protocol):
    @property
    def lang(self) -> str: ...

    def label(self, object_id: str | None) -> str: ...

    def labels(self, ids: tuple[str, ...] | list[str]) -> str: ...

    def citation(self, rule: str, edition: Edition) -> str: ...


def say(message: Message, lang: str, **values: Any) -> str:
    text = message.format(lang, values)
    template = message.template(lang)
    first = template if isinstance(template, str) else template.one
    return text if first.startswith("{") else text[:1].upper() + text[1:]


def assignment_text(who: Speaker, assignment: Mapping[str, Mapping[str, int]]) -> str:
    parts = []
    for creature, split in assignment.items():
        shares = [
            W["share"].format(who.lang, {"amount": amount, "recipient": who.label(recipient)})
            for recipient, amount in split.items()
            if amount
        ]
        if shares:
            parts.append(who.label(creature) + _COLON.get(who.lang, ": ") + ", ".join(shares))
    return _SEMICOLON.get(who.lang, "; ").join(parts) if parts else W["nothing_assigned"].text(who.lang)


def _values(who: Speaker, values: Mapping[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in values.items():
        if key == "player" or isinstance(value, int):
            out[key] = value
        elif isinstance(value, tuple | list):
            out[key] = who.labels(tuple(value))
        else:
            out[key] = who.label(value)
    return out


def change_text(who: Speaker, change: Change) -> str | None:
    lang = who.lang
    match change.kind:
        case "damage_assignment":
            unannounced = all(f.code == "missing" for f in change.findings)
            key = "legal" if change.legal else "to_announce" if unannounced else "illegal"
            return say(W[key], lang, assignment=assignment_text(who, change.assignment))
        case "damage_dealt":
            values = {
                "source": who.label(change.source),
                "recipient": who.label(change.recipient),
                "amount": change.amount,
                "prevented": change.prevented,
            }
            if change.amount == 0:
                return say(W["prevented"], lang, **values)
            semicolon = _SEMICOLON.get(lang, "; ")
            text = say(W["dealt"], lang, **values) + semicolon + W[f"result_{change.result}"].format(lang, values)
            if change.loyalty_removed:  # a creature planeswalker: both results (120.3c, 120.3e)
                text += semicolon + W["result_loyalty"].format(lang, values | {"amount": change.loyalty_removed})
            if change.prevented:
                text += semicolon + W["prevented"].format(lang, values)
            return text
        case "life_gained":
            return say(
                W["life_gained"], lang, player=change.player, amount=change.amount, source=who.label(change.source)
            )
        case "state_based_action":
            key = "sba_indestructible" if change.indestructible else f"sba_{change.what}"
            return say(W[key], lang, object=who.label(change.object))
    return None


def detail_lines(who: Speaker, change: DamageAssignment, state: CombatState) -> list[str]:
    """Below an assignment's verdict: who divides what under banding, each broken rule, the nearest legal one."""
    lang = who.lang
    out = []
    for creature, player in change.choosers.items():
        if state.attacker(creature) is not None and player != state.attacking_player:
            out.append(f"    {say(W['chooser_attacker'], lang, player=player, creature=who.label(creature))} (702.22j)")
        elif state.blocker(creature) is not None and player == state.attacking_player:
            out.append(f"    {say(W['chooser_blocker'], lang, player=player, creature=who.label(creature))} (702.22k)")
    for finding in change.findings:
        rule = next(r for r in RULES if r.key == finding.key)
        text = say(rule.messages[finding.code], lang, **_values(who, finding.values))
        out.append(f"    - {text} ({who.citation(finding.rule, finding.edition)})")
    if change.witness is not None:
        out.append("    " + say(W["witness"], lang, assignment=assignment_text(who, change.witness)))
    return out


def state_lines(who: Speaker, state: CombatState) -> list[str]:
    """Life totals, poison, damage marked and what died, once combat damage has been dealt."""
    lang = who.lang
    out = []
    if state.damage:
        items = ", ".join(f"{who.label(i)} {n}" for i, n in state.damage.items())
        out.append("    " + W["state_damage"].format(lang, {"list": items}))
    if state.life and (state.died or state.damage or state.lost or state.dealt_damage_by):
        out.append(
            "    " + W["state_life"].format(lang, {"list": ", ".join(f"{p} {n}" for p, n in state.life.items())})
        )
    if state.poison:
        items = ", ".join(f"{p} {n}" for p, n in state.poison.items())
        out.append("    " + W["state_poison"].format(lang, {"list": items}))
    if state.died:
        out.append("    " + W["state_died"].format(lang, {"list": who.labels(state.died_ids)}))
    if state.lost:
        out.append("    " + W["state_lost"].format(lang, {"list": ", ".join(state.lost_ids)}))
    return out
