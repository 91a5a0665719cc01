"""Combat damage trigger wordings (issue 22): read at a combat damage step's point (`kind == "combat_damage"`), where
the damage dealt after prevention is listed (510.2; damage prevented to 0 is not dealt and triggers nothing,
603.2h) and the battlefield is as it was when the damage was dealt (120.4b: these abilities trigger then, before the
state-based actions, so a creature that dies of the damage still triggers).

How many times (603.2c: once per occurrence of the event): "deals combat damage" and "is dealt damage" once per step
whatever the number of recipients or sources (one simultaneous combat damage event, 510.2); "to a player" and "to an
opponent" once per player dealt damage; "to a creature" once per creature; "one or more creatures you control deal
combat damage to a player" once per player; "a creature dealt damage by ~ this turn dies" once per such creature (a
leaves-the-battlefield ability, which looks back in time: it triggers if ~ dies at the same time, 603.10a).
"""

from __future__ import annotations

from typing import Any

from ...models import Permanent
from ...models.abilities import Keyword
from ...solver.rules.base import Message
from ...solver.text.vocabulary import keyword_message
from ..trigger_points import DamageEvent, TriggerPoint
from .base import Hit, SelfWording, Wording, register

DEALS = Message(
    "{about} deals combat damage to {by}",
    "{about} inflige des blessures de combat à {by}",
    "{about} hace daño de combate a {by}",
)
IS_DEALT = Message(
    "{about} is dealt damage by {by}",
    "{about} subit des blessures infligées par {by}",
    "{by} hace daño a {about}",
)
DIES = Message(
    "{by}, dealt damage by {about} this turn, dies",
    "{by}, à qui {about} a infligé des blessures ce tour-ci, meurt",
    "{by}, a quien {about} hizo daño este turno, muere",
)


def _dealt(point: TriggerPoint, source: str) -> list[DamageEvent]:
    return [d for d in point.damage if d.source == source] if point.kind == "combat_damage" else []


def _opponent(point: TriggerPoint, controller: str, player: str) -> bool:
    team = {p.id: p.team or p.id for p in point.board.snapshot.players}
    return player != controller and team.get(player, player) != team.get(controller, controller)


@register
class DealsCombatDamage(SelfWording):
    key = "deals_combat_damage"
    cr = "510.2"
    keyword = Keyword.WHENEVER_DEALS_COMBAT_DAMAGE
    summary = "Whenever this creature deals combat damage: once per combat damage step in which it deals any (510.2)."
    messages = {"name": keyword_message(Keyword.WHENEVER_DEALS_COMBAT_DAMAGE), "event": DEALS}

    def self_hits(self, point: TriggerPoint, source: Permanent, ability: Any) -> list[Hit]:
        dealt = _dealt(point, source.id)
        return [Hit(source.id, dealt[0].recipient)] if dealt else []


@register
class DealsCombatDamageToAPlayer(SelfWording):
    key = "deals_combat_damage_to_a_player"
    cr = "510.2"
    keyword = Keyword.WHENEVER_DEALS_COMBAT_DAMAGE_TO_A_PLAYER
    summary = "Whenever this creature deals combat damage to a player: once per player it deals combat damage to."
    messages = {"name": keyword_message(Keyword.WHENEVER_DEALS_COMBAT_DAMAGE_TO_A_PLAYER), "event": DEALS}

    def self_hits(self, point: TriggerPoint, source: Permanent, ability: Any) -> list[Hit]:
        return [Hit(source.id, d.recipient) for d in _dealt(point, source.id) if d.to_player]


@register
class DealsCombatDamageToAnOpponent(SelfWording):
    key = "deals_combat_damage_to_an_opponent"
    cr = "510.2"
    keyword = Keyword.WHENEVER_DEALS_COMBAT_DAMAGE_TO_AN_OPPONENT
    summary = (
        "Whenever this creature deals combat damage to an opponent: once per opponent of its controller it deals "
        "combat damage to (a teammate is not an opponent, 102.3)."
    )
    messages = {"name": keyword_message(Keyword.WHENEVER_DEALS_COMBAT_DAMAGE_TO_AN_OPPONENT), "event": DEALS}

    def self_hits(self, point: TriggerPoint, source: Permanent, ability: Any) -> list[Hit]:
        return [
            Hit(source.id, d.recipient)
            for d in _dealt(point, source.id)
            if d.to_player and _opponent(point, source.controller, d.recipient)
        ]


@register
class DealsCombatDamageToACreature(SelfWording):
    key = "deals_combat_damage_to_a_creature"
    cr = "603.2c"
    keyword = Keyword.WHENEVER_DEALS_COMBAT_DAMAGE_TO_A_CREATURE
    summary = "Whenever this creature deals combat damage to a creature: once per creature it deals combat damage to."
    messages = {"name": keyword_message(Keyword.WHENEVER_DEALS_COMBAT_DAMAGE_TO_A_CREATURE), "event": DEALS}

    def self_hits(self, point: TriggerPoint, source: Permanent, ability: Any) -> list[Hit]:
        hits = []
        for d in _dealt(point, source.id):
            recipient = point.board.permanents.get(d.recipient)
            if recipient is not None and recipient.is_creature:
                hits.append(Hit(source.id, d.recipient))
        return hits


@register
class IsDealtDamage(SelfWording):
    key = "is_dealt_damage"
    cr = "510.2"
    keyword = Keyword.WHENEVER_IS_DEALT_DAMAGE
    summary = (
        "Whenever this creature is dealt damage: once per combat damage step in which it is dealt any, from however "
        "many sources (one simultaneous event, 510.2)."
    )
    messages = {"name": keyword_message(Keyword.WHENEVER_IS_DEALT_DAMAGE), "event": IS_DEALT}

    def self_hits(self, point: TriggerPoint, source: Permanent, ability: Any) -> list[Hit]:
        if point.kind != "combat_damage":
            return []
        sources = [d.source for d in point.damage if d.recipient == source.id]
        return [Hit(source.id, sources[0])] if sources else []


@register
class CreaturesYouControlDealCombatDamageToAPlayer(Wording):
    key = "creatures_you_control_deal_combat_damage_to_a_player"
    cr = "603.2c"
    keyword = Keyword.WHENEVER_CREATURES_YOU_CONTROL_DEAL_COMBAT_DAMAGE_TO_A_PLAYER
    summary = (
        "Whenever one or more creatures you control deal combat damage to a player: once per player dealt combat "
        "damage by them, however many of them do."
    )
    messages = {
        "name": keyword_message(Keyword.WHENEVER_CREATURES_YOU_CONTROL_DEAL_COMBAT_DAMAGE_TO_A_PLAYER),
        "event": DEALS,
    }

    def hits(self, point: TriggerPoint, source: Permanent, ability: Any) -> list[Hit]:
        if point.kind != "combat_damage":
            return []
        found: dict[str, str] = {}
        for d in point.damage:
            dealer = point.board.permanents.get(d.source)
            if d.to_player and dealer is not None and dealer.controller == source.controller:
                found.setdefault(d.recipient, d.source)
        return [Hit(dealer, player) for player, dealer in found.items()]


@register
class CreatureItDamagedDies(SelfWording):
    key = "creature_it_damaged_dies"
    cr = "603.10a"
    keyword = Keyword.WHENEVER_A_CREATURE_IT_DAMAGED_DIES
    summary = (
        "Whenever a creature dealt damage by this creature this turn dies (Sengir Vampire): once per such creature "
        "put into a graveyard; it looks back in time, so it triggers if this creature dies at the same time (603.10a)."
    )
    messages = {"name": keyword_message(Keyword.WHENEVER_A_CREATURE_IT_DAMAGED_DIES), "event": DIES}

    def self_hits(self, point: TriggerPoint, source: Permanent, ability: Any) -> list[Hit]:
        if point.kind != "combat_damage":
            return []
        damaged = point.dealt_by.get(source.id, ())
        return [
            Hit(source.id, dead)
            for dead in point.died
            if dead in damaged and dead in point.board.permanents and point.board.permanents[dead].is_creature
        ]
