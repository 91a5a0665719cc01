"""Attack trigger wordings of a creature about itself, and of a player about their own attack (508.3a-f, 509.3g)."""

from __future__ import annotations

from typing import Any, ClassVar

from ...models import Permanent
from ...models.abilities import Keyword
from ...models.trigger_abilities import AttacksWithOthers, YouAttackWith
from ...solver.rules.base import Message
from ...solver.text.vocabulary import keyword_message
from ..trigger_points import TriggerPoint
from . import events
from .base import Hit, SelfWording, Wording, register

ATTACKS = Message("{about} attacks", "{about} attaque", "{about} ataca")
ATTACKS_ALONE = Message("{about} attacks alone", "{about} attaque seule", "{about} ataca sola")
UNBLOCKED = Message(
    "{about} attacks and isn't blocked",
    "{about} attaque et n'est pas bloquée",
    "{about} ataca y no es bloqueada",
)


@register
class Attacks(SelfWording):
    key = "attacks"
    cr = "508.3a"
    keyword = Keyword.WHENEVER_ATTACKS
    summary = (
        "Whenever this creature attacks: once, if it is declared as an attacker; never for a creature put onto the "
        "battlefield attacking (508.4)."
    )
    messages = {
        "name": keyword_message(Keyword.WHENEVER_ATTACKS),
        "event": ATTACKS,
    }

    def self_hits(self, point: TriggerPoint, source: Permanent, ability: Any) -> list[Hit]:
        return events.attacks(point, source)


@register
class AttacksAlone(SelfWording):
    key = "attacks_alone"
    cr = "506.5"
    keyword = Keyword.WHENEVER_ATTACKS_ALONE
    summary = "Whenever this creature attacks alone: it is the only creature declared as an attacker (506.5, 508.3a)."
    messages = {
        "name": keyword_message(Keyword.WHENEVER_ATTACKS_ALONE),
        "event": ATTACKS_ALONE,
    }

    def self_hits(self, point: TriggerPoint, source: Permanent, ability: Any) -> list[Hit]:
        return events.attacks_alone(point, source)


@register
class AttacksAndIsntBlocked(SelfWording):
    key = "attacks_and_isnt_blocked"
    cr = "509.3g"
    keyword = Keyword.WHENEVER_ATTACKS_AND_ISNT_BLOCKED
    summary = (
        "Whenever this creature attacks and isn't blocked: in the declare blockers step, if no creature is declared "
        "blocking it, even if it was put onto the battlefield attacking; not if its blockers later leave combat."
    )
    messages = {
        "name": keyword_message(Keyword.WHENEVER_ATTACKS_AND_ISNT_BLOCKED),
        "event": UNBLOCKED,
    }

    def self_hits(self, point: TriggerPoint, source: Permanent, ability: Any) -> list[Hit]:
        return events.attacks_and_isnt_blocked(point, source)


@register
class AttacksOrBlocks(SelfWording):
    key = "attacks_or_blocks"
    cr = "508.3a"
    keyword = Keyword.WHENEVER_ATTACKS_OR_BLOCKS
    summary = (
        "Whenever this creature attacks or blocks: once as it is declared as an attacker (508.3a) or blocks (509.3a)."
    )
    messages = {
        "name": keyword_message(Keyword.WHENEVER_ATTACKS_OR_BLOCKS),
        "event": ATTACKS,
        "event_blocks": Message("{about} blocks", "{about} bloque", "{about} bloquea"),
    }

    def self_hits(self, point: TriggerPoint, source: Permanent, ability: Any) -> list[Hit]:
        blocking = [Hit(h.about, h.by, h.condition, "event_blocks") for h in events.blocks(point, source)]
        return events.attacks(point, source) + blocking


@register
class AttacksWithOthersWording(SelfWording):
    key = "attacks_with_others"
    cr = "508.3a"
    model = AttacksWithOthers
    summary = (
        "Whenever this creature and at least N other creatures attack (battalion): once, if it and N others are "
        "declared as attackers."
    )
    messages = {
        "name": Message(
            "“whenever this creature and at least {n} other creatures attack”",
            "« à chaque fois que cette créature et au moins {n} autres créatures attaquent »",
            "«siempre que esta criatura y al menos otras {n} criaturas ataquen»",
        ),
        "name_one": Message(
            "“whenever this creature and at least one other creature attack”",
            "« à chaque fois que cette créature et au moins une autre créature attaquent »",
            "«siempre que esta criatura y al menos otra criatura ataquen»",
        ),
        "event": ATTACKS,
    }

    def name(self, ability: Any, lang: str) -> str:
        n = ability.whenever_attacks_with_others
        code = "name_one" if n == 1 else "name"
        return self.messages[code].text(lang).format(n=n)

    def self_hits(self, point: TriggerPoint, source: Permanent, ability: Any) -> list[Hit]:
        if len(point.attacks) - 1 < ability.whenever_attacks_with_others:
            return []
        return events.attacks(point, source)


@register
class YouAttack(Wording):
    key = "you_attack"
    cr = "508.3d"
    keyword: ClassVar[Keyword | None] = Keyword.WHENEVER_YOU_ATTACK
    summary = "Whenever you attack: once, if one or more creatures you control are declared as attackers."
    messages = {
        "name": keyword_message(Keyword.WHENEVER_YOU_ATTACK),
        "event": Message("{about} attacks", "{about} attaque", "{about} ataca"),
    }

    def at_least(self, ability: Any) -> int:
        return 1

    def hits(self, point: TriggerPoint, source: Permanent, ability: Any) -> list[Hit]:
        mine = [c for c in point.attacks if point.view(c).controller == source.controller]
        return [Hit(source.controller)] if mine and len(mine) >= self.at_least(ability) else []


@register
class YouAttackWithN(YouAttack):
    key = "you_attack_with"
    cr = "508.3d"
    keyword = None
    model = YouAttackWith
    summary = "Whenever you attack with N or more creatures: once, if that many creatures you control are declared."
    messages = {
        "name": Message(
            "“whenever you attack with {n} or more creatures”",
            "« à chaque fois que vous attaquez avec au moins {n} créatures »",
            "«siempre que ataques con {n} o más criaturas»",
        ),
        "event": Message("{about} attacks", "{about} attaque", "{about} ataca"),
    }

    def name_values(self, ability: Any, lang: str) -> dict[str, str]:
        return {"n": str(ability.whenever_you_attack)}

    def at_least(self, ability: Any) -> int:
        return int(ability.whenever_you_attack)
