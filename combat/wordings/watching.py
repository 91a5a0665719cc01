"""Trigger wordings of a permanent about other creatures' attacks and blocks (508.3a-b, 509.3a, 509.3c, 509.3g):
"whenever a creature you control attacks", "whenever a creature attacks you or a planeswalker you control"."""

from __future__ import annotations

from typing import Any

from ...models import Permanent
from ...models.trigger_abilities import (
    ACreatureAttacks,
    ACreatureAttacksAlone,
    ACreatureAttacksAndIsntBlocked,
    ACreatureAttacksYou,
    ACreatureBecomesBlocked,
    ACreatureBlocks,
    AttackedSpec,
    Watch,
    YouAreAttacked,
)
from ...solver.rules.base import Message
from ..trigger_points import TriggerPoint
from . import events
from .attacking import ATTACKS, ATTACKS_ALONE, UNBLOCKED
from .base import Hit, Wording, filtered, register
from .blocking import BLOCKED, BLOCKS

_CREATURE = {
    ("en", False): "a creature",
    ("en", True): "another creature",
    ("fr", False): "une créature",
    ("fr", True): "une autre créature",
    ("es", False): "una criatura",
    ("es", True): "otra criatura",
}
_WHOSE = {
    ("en", "you"): " you control",
    ("en", "opponent"): " an opponent controls",
    ("fr", "you"): " que vous contrôlez",
    ("fr", "opponent"): " qu'un adversaire contrôle",
    ("es", "you"): " que controlas",
    ("es", "opponent"): " que controla un oponente",
}


def creature_phrase(watch: Watch, lang: str) -> str:
    """ "another creature you control", "une créature qu'un adversaire contrôle": who a watching ability watches."""
    lang = lang if (lang, False) in _CREATURE else "en"
    return _CREATURE[(lang, watch.other)] + _WHOSE.get((lang, watch.whose), "")


class _Watching(Wording):
    """A wording whose value is a `Watch`: the creatures it watches."""

    def watch(self, ability: Any) -> Watch:
        value = getattr(ability, next(iter(type(ability).model_fields)))
        assert isinstance(value, Watch)
        return value

    def name_values(self, ability: Any, lang: str) -> dict[str, str]:
        return {"creature": creature_phrase(self.watch(ability), lang)}

    def hits(self, point: TriggerPoint, source: Permanent, ability: Any) -> list[Hit]:
        watch = self.watch(ability)
        return [h for h in self.candidates(point) if events.watched(watch, source, point.view(h.about), point)]

    def candidates(self, point: TriggerPoint) -> list[Hit]:
        """The events of this kind at `point`, about any creature."""
        raise NotImplementedError


@register
class ACreatureAttacksWording(_Watching):
    key = "a_creature_attacks"
    cr = "508.3a"
    model = ACreatureAttacks
    summary = (
        "Whenever a creature (you control, an opponent controls, another, matching a filter) attacks: once per such "
        "creature declared as an attacker, its characteristics as it is declared (508.2a)."
    )
    messages = {
        "name": Message(
            "“whenever {creature} attacks”",
            "« à chaque fois qu'{creature} attaque »",
            "«siempre que {creature} ataque»",
        ),
        "event": ATTACKS,
    }

    def candidates(self, point: TriggerPoint) -> list[Hit]:
        return [Hit(c, t) for c, t in point.attacks.items()]


@register
class ACreatureAttacksAloneWording(_Watching):
    key = "a_creature_attacks_alone"
    cr = "506.5"
    model = ACreatureAttacksAlone
    summary = (
        "Whenever a creature (you control) attacks alone: the only creature declared as an attacker (exalted's shape)."
    )
    messages = {
        "name": Message(
            "“whenever {creature} attacks alone”",
            "« à chaque fois qu'{creature} attaque seule »",
            "«siempre que {creature} ataque sola»",
        ),
        "event": ATTACKS_ALONE,
    }

    def candidates(self, point: TriggerPoint) -> list[Hit]:
        return [Hit(c, t) for c, t in point.attacks.items()] if len(point.attacks) == 1 else []


@register
class ACreatureAttacksAndIsntBlockedWording(_Watching):
    key = "a_creature_attacks_and_isnt_blocked"
    cr = "509.3g"
    model = ACreatureAttacksAndIsntBlocked
    summary = (
        "Whenever a creature (you control) attacks and isn't blocked: once per such attacker, as blockers are declared."
    )
    messages = {
        "name": Message(
            "“whenever {creature} attacks and isn't blocked”",
            "« à chaque fois qu'{creature} attaque et n'est pas bloquée »",
            "«siempre que {creature} ataque y no sea bloqueada»",
        ),
        "event": UNBLOCKED,
    }

    def candidates(self, point: TriggerPoint) -> list[Hit]:
        return [Hit(a) for a in point.unblocked] if point.kind == "blockers_declared" else []


@register
class ACreatureBlocksWording(_Watching):
    key = "a_creature_blocks"
    cr = "509.3a"
    model = ACreatureBlocks
    summary = "Whenever a creature (you control) blocks: once per such creature that blocks (never one put onto the battlefield blocking)."
    messages = {
        "name": Message(
            "“whenever {creature} blocks”", "« à chaque fois qu'{creature} bloque »", "«siempre que {creature} bloquee»"
        ),
        "event": BLOCKS,
    }

    def candidates(self, point: TriggerPoint) -> list[Hit]:
        return [Hit(b) for b in point.newly_blocking]


@register
class ACreatureBecomesBlockedWording(_Watching):
    key = "a_creature_becomes_blocked"
    cr = "509.3c"
    model = ACreatureBecomesBlocked
    summary = (
        "Whenever a creature (you control) becomes blocked: once per attacker that becomes blocked while unblocked."
    )
    messages = {
        "name": Message(
            "“whenever {creature} becomes blocked”",
            "« à chaque fois qu'{creature} devient bloquée »",
            "«siempre que {creature} sea bloqueada»",
        ),
        "event": BLOCKED,
    }

    def candidates(self, point: TriggerPoint) -> list[Hit]:
        return [Hit(a) for a in point.newly_blocked]


def _attacks_on(point: TriggerPoint, source: Permanent, spec: AttackedSpec) -> list[Hit]:
    """Declared attackers that attack the source's controller (or, with `planeswalkers`, a planeswalker they
    control: a battle they protect is neither, 310.8)."""
    you = source.controller
    out = []
    for creature, target in point.attacks.items():
        attacked = point.board.permanents.get(target)
        on_you = target == you or (
            spec.planeswalkers and attacked is not None and attacked.is_planeswalker and attacked.controller == you
        )
        view = point.view(creature)
        if on_you and (spec.creatures is None or spec.creatures.matches(view, source)):
            out.append(Hit(creature, target))
    return out


class _OnYou(Wording):
    """A wording about attacks on the ability's controller: "name" for you alone, "name_planeswalkers" for you or a
    planeswalker you control."""

    def spec(self, ability: Any) -> AttackedSpec:
        value = getattr(ability, next(iter(type(ability).model_fields)))
        assert isinstance(value, AttackedSpec)
        return value

    def name(self, ability: Any, lang: str) -> str:
        code = "name_planeswalkers" if self.spec(ability).planeswalkers else "name"
        return self.messages[code].text(lang) + filtered(ability, lang)


@register
class ACreatureAttacksYouWording(_OnYou):
    key = "a_creature_attacks_you"
    cr = "508.3a"
    model = ACreatureAttacksYou
    summary = "Whenever a creature attacks you (or a planeswalker you control): once per such creature declared as an attacker."
    messages = {
        "name": Message(
            "“whenever a creature attacks you”",
            "« à chaque fois qu'une créature vous attaque »",
            "«siempre que una criatura te ataque»",
        ),
        "name_planeswalkers": Message(
            "“whenever a creature attacks you or a planeswalker you control”",
            "« à chaque fois qu'une créature vous attaque ou attaque un planeswalker que vous contrôlez »",
            "«siempre que una criatura te ataque a ti o a un planeswalker que controlas»",
        ),
        "event": Message("{about} attacks {by}", "{about} attaque {by}", "{about} ataca a {by}"),
    }

    def hits(self, point: TriggerPoint, source: Permanent, ability: Any) -> list[Hit]:
        return _attacks_on(point, source, self.spec(ability))


@register
class YouAreAttackedWording(_OnYou):
    key = "you_are_attacked"
    cr = "508.3b"
    model = YouAreAttacked
    summary = "Whenever one or more creatures attack you (or a planeswalker you control): once, if any is declared."
    messages = {
        "name": Message(
            "“whenever one or more creatures attack you”",
            "« à chaque fois qu'au moins une créature vous attaque »",
            "«siempre que una o más criaturas te ataquen»",
        ),
        "name_planeswalkers": Message(
            "“whenever one or more creatures attack you or a planeswalker you control”",
            "« à chaque fois qu'au moins une créature vous attaque ou attaque un planeswalker que vous contrôlez »",
            "«siempre que una o más criaturas te ataquen a ti o a un planeswalker que controlas»",
        ),
        "event": Message("{about} is attacked", "{about} est attaqué", "{about} es atacado"),
    }

    def hits(self, point: TriggerPoint, source: Permanent, ability: Any) -> list[Hit]:
        return [Hit(source.controller)] if _attacks_on(point, source, self.spec(ability)) else []
