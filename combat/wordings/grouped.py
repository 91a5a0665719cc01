"""Trigger wordings about a group of creatures or the players they attack (issue 19): "whenever one or more
creatures attack" (by any player), "whenever one or more creatures you control become blocked" (once for all of
them), "whenever this creature attacks a player and isn't blocked", "whenever this creature and another creature
attack different players"."""

from __future__ import annotations

from typing import Any

from ...models import Permanent
from ...models.abilities import Keyword
from ...models.trigger_abilities import AnOpponentAttacks, OneOrMoreAttack, OneOrMoreBecomeBlocked, OpponentAttackSpec
from ...solver.rules.base import Message
from ...solver.text.vocabulary import keyword_message
from ..trigger_points import TriggerPoint
from . import events
from .attacking import UNBLOCKED
from .base import Hit, SelfWording, Wording, register
from .watching import _WHOSE, _Watching


def _attacks_a_player(point: TriggerPoint, creature: str) -> str | None:
    """The player `creature` attacks at `point`, or None if it attacks a planeswalker or a battle (or nothing)."""
    target = point.attacks.get(creature) or point.targets.get(creature) or point.view(creature).attacking
    return target if target is not None and target in point.board.team else None


class _OneOrMore(_Watching):
    """Once at a point if any watched creature has the event then (603.2c: one trigger event, however many)."""

    def name_values(self, ability: Any, lang: str) -> dict[str, str]:
        watch = self.watch(ability)
        other = {"en": "other ", "fr": "autre ", "es": "otras "}.get(lang, "other ") if watch.other else ""
        return {"whose": _WHOSE.get((lang, watch.whose), ""), "other": other}

    def hits(self, point: TriggerPoint, source: Permanent, ability: Any) -> list[Hit]:
        return super().hits(point, source, ability)[:1]


@register
class OneOrMoreAttackWording(_OneOrMore):
    key = "one_or_more_creatures_attack"
    cr = "508.3a"
    model = OneOrMoreAttack
    summary = (
        "Whenever one or more creatures (any player's unless it says whose) attack (Duelist's Heritage): once, if "
        "any such creature is declared as an attacker, however many are."
    )
    messages = {
        "name": Message(
            "“whenever one or more {other}creatures{whose} attack”",
            "« à chaque fois qu'au moins une {other}créature{whose} attaque »",
            "«siempre que una o más {other}criaturas{whose} ataquen»",
        ),
        "event": Message(
            "one or more creatures attack, {about} among them",
            "au moins une créature attaque, dont {about}",
            "una o más criaturas atacan, entre ellas {about}",
        ),
    }

    def candidates(self, point: TriggerPoint) -> list[Hit]:
        return [Hit(c, t) for c, t in point.attacks.items()]


@register
class OneOrMoreBecomeBlockedWording(_OneOrMore):
    key = "one_or_more_creatures_become_blocked"
    cr = "509.3c"
    model = OneOrMoreBecomeBlocked
    summary = (
        "Whenever one or more creatures (you control) become blocked (Hezrou): once when blockers are declared or an "
        "effect blocks them, however many of them become blocked then."
    )
    messages = {
        "name": Message(
            "“whenever one or more {other}creatures{whose} become blocked”",
            "« à chaque fois qu'au moins une {other}créature{whose} devient bloquée »",
            "«siempre que una o más {other}criaturas{whose} sean bloqueadas»",
        ),
        "event": Message(
            "one or more creatures become blocked, {about} among them",
            "au moins une créature devient bloquée, dont {about}",
            "una o más criaturas son bloqueadas, entre ellas {about}",
        ),
    }

    def candidates(self, point: TriggerPoint) -> list[Hit]:
        return [Hit(a) for a in point.newly_blocked]


@register
class AttacksAPlayerAndIsntBlocked(SelfWording):
    key = "attacks_a_player_and_isnt_blocked"
    cr = "509.3g"
    keyword = Keyword.WHENEVER_ATTACKS_A_PLAYER_AND_ISNT_BLOCKED
    summary = (
        "Whenever this creature attacks a player and isn't blocked (Master of Cruelties): as for \"attacks and isn't "
        'blocked", only while it attacks a player, not a planeswalker or a battle.'
    )
    messages = {
        "name": keyword_message(Keyword.WHENEVER_ATTACKS_A_PLAYER_AND_ISNT_BLOCKED),
        "event": UNBLOCKED,
    }

    def self_hits(self, point: TriggerPoint, source: Permanent, ability: Any) -> list[Hit]:
        if _attacks_a_player(point, source.id) is None:
            return []
        return events.attacks_and_isnt_blocked(point, source)


@register
class AttackDifferentPlayers(SelfWording):
    key = "it_and_another_attack_different_players"
    cr = "508.3a"
    keyword = Keyword.WHENEVER_IT_AND_ANOTHER_ATTACK_DIFFERENT_PLAYERS
    summary = (
        "Whenever this creature and another creature attack different players (Canal Courier): once, if it is "
        "declared attacking a player and another creature is declared attacking another player (a planeswalker or a "
        "battle is not a player)."
    )
    messages = {
        "name": keyword_message(Keyword.WHENEVER_IT_AND_ANOTHER_ATTACK_DIFFERENT_PLAYERS),
        "event": Message(
            "{about} attacks {by}, and another creature attacks another player",
            "{about} attaque {by}, et une autre créature attaque un autre joueur",
            "{about} ataca a {by}, y otra criatura ataca a otro jugador",
        ),
    }

    def self_hits(self, point: TriggerPoint, source: Permanent, ability: Any) -> list[Hit]:
        if source.id not in point.attacks:
            return []
        mine = _attacks_a_player(point, source.id)
        others = {_attacks_a_player(point, c) for c in point.attacks if c != source.id}
        if mine is None or not (others - {None, mine}):
            return []
        return [Hit(source.id, mine)]


@register
class AnOpponentAttacksWording(Wording):
    key = "an_opponent_attacks"
    cr = "508.3d"
    model = AnOpponentAttacks
    summary = (
        "Whenever an opponent attacks (you, or you or a planeswalker you control): once per opponent who declares "
        "such an attacking creature, so twice when both players of a Two-Headed Giant team do (805.10a)."
    )
    messages = {
        "name": Message(
            "“whenever an opponent attacks”",
            "« à chaque fois qu'un adversaire attaque »",
            "«siempre que un oponente ataque»",
        ),
        "name_you": Message(
            "“whenever an opponent attacks you”",
            "« à chaque fois qu'un adversaire vous attaque »",
            "«siempre que un oponente te ataque»",
        ),
        "name_planeswalkers": Message(
            "“whenever an opponent attacks you or a planeswalker you control”",
            "« à chaque fois qu'un adversaire vous attaque ou attaque un planeswalker que vous contrôlez »",
            "«siempre que un oponente te ataque a ti o a un planeswalker que controlas»",
        ),
        "event": Message("{about} attacks", "{about} attaque", "{about} ataca"),
    }

    @staticmethod
    def spec(ability: Any) -> OpponentAttackSpec:
        value = ability.whenever_an_opponent_attacks
        assert isinstance(value, OpponentAttackSpec)
        return value

    def name(self, ability: Any, lang: str) -> str:
        spec = self.spec(ability)
        code = "name_planeswalkers" if spec.you and spec.planeswalkers else "name_you" if spec.you else "name"
        return self.messages[code].text(lang)

    def hits(self, point: TriggerPoint, source: Permanent, ability: Any) -> list[Hit]:
        spec, you, team = self.spec(ability), source.controller, point.board.team
        players: list[str] = []
        for creature, target in point.attacks.items():
            player = point.view(creature).controller
            if team[player] == team[you] or player in players:
                continue
            attacked = point.board.permanents.get(target)
            mine = attacked is not None and attacked.is_planeswalker and attacked.controller == you
            if not spec.you or target == you or (spec.planeswalkers and mine):
                players.append(player)
        return [Hit(p) for p in players]
