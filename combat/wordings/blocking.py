"""Block trigger wordings of a creature about itself (509.3a-f)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any, ClassVar

from ...models import Permanent
from ...models import trigger_abilities as ta
from ...models.abilities import Keyword
from ...models.trigger_abilities import BlockCount
from ...solver.rules.base import Message
from ...solver.text.vocabulary import keyword_message
from ..trigger_points import TriggerPoint
from . import events
from .base import Hit, SelfWording, register

BLOCKS = Message("{about} blocks", "{about} bloque", "{about} bloquea")
BLOCKS_BY = Message("{about} blocks {by}", "{about} bloque {by}", "{about} bloquea a {by}")
BLOCKED = Message("{about} becomes blocked", "{about} devient bloquée", "{about} es bloqueada")
BLOCKED_BY = Message(
    "{about} becomes blocked by {by}", "{about} devient bloquée par {by}", "{about} es bloqueada por {by}"
)


@register
class Blocks(SelfWording):
    key = "blocks"
    cr = "509.3a"
    keyword = Keyword.WHENEVER_BLOCKS
    summary = (
        "Whenever this creature blocks: once each combat however many creatures it blocks; also when an effect makes "
        "it block while it was not blocking; never when it is put onto the battlefield blocking."
    )
    messages = {
        "name": keyword_message(Keyword.WHENEVER_BLOCKS),
        "event": BLOCKS,
    }

    def self_hits(self, point: TriggerPoint, source: Permanent, ability: Any) -> list[Hit]:
        return events.blocks(point, source)


@register
class BlocksACreature(SelfWording):
    key = "blocks_a_creature"
    cr = "509.3b"
    keyword: ClassVar[Keyword | None] = Keyword.WHENEVER_BLOCKS_A_CREATURE
    summary = (
        "Whenever this creature blocks a creature: once per attacker it blocks; also when an effect makes it block an "
        "attacker it was not already blocking; never when it is put onto the battlefield blocking."
    )
    messages = {
        "name": keyword_message(Keyword.WHENEVER_BLOCKS_A_CREATURE),
        "event": BLOCKS_BY,
    }

    def self_hits(self, point: TriggerPoint, source: Permanent, ability: Any) -> list[Hit]:
        return events.blocks_each(point, source)


@register
class BlocksACreatureMatching(BlocksACreature):
    key = "blocks_a_creature_matching"
    cr = "509.3f"
    keyword = None
    model = ta.BlocksACreatureMatching
    summary = (
        "Whenever this creature blocks a creature with certain characteristics: once per such attacker, the attacker "
        "as it is when the block begins (a later change doesn't make it trigger)."
    )

    def self_hits(self, point: TriggerPoint, source: Permanent, ability: Any) -> list[Hit]:
        return events.blocks_each(point, source, ability.whenever_blocks_a_creature)


@register
class BecomesBlocked(SelfWording):
    key = "becomes_blocked"
    cr = "509.3c"
    keyword = Keyword.WHENEVER_BECOMES_BLOCKED
    summary = (
        "Whenever this creature becomes blocked: once each combat however many creatures block it; also when an "
        "effect or a creature put onto the battlefield blocking blocks it, if it was unblocked then."
    )
    messages = {
        "name": keyword_message(Keyword.WHENEVER_BECOMES_BLOCKED),
        "event": BLOCKED,
    }

    def self_hits(self, point: TriggerPoint, source: Permanent, ability: Any) -> list[Hit]:
        return events.becomes_blocked(point, source)


@register
class BecomesBlockedByACreature(SelfWording):
    key = "becomes_blocked_by_a_creature"
    cr = "509.3d"
    keyword: ClassVar[Keyword | None] = Keyword.WHENEVER_BECOMES_BLOCKED_BY_A_CREATURE
    summary = (
        "Whenever this creature becomes blocked by a creature: once per blocker, declared, made to block (if it was "
        "not already blocking it) or put onto the battlefield blocking; not when an effect alone makes it blocked."
    )
    messages = {
        "name": keyword_message(Keyword.WHENEVER_BECOMES_BLOCKED_BY_A_CREATURE),
        "event": BLOCKED_BY,
    }

    def self_hits(self, point: TriggerPoint, source: Permanent, ability: Any) -> list[Hit]:
        return events.becomes_blocked_by_each(point, source)


@register
class BecomesBlockedByACreatureMatching(BecomesBlockedByACreature):
    key = "becomes_blocked_by_a_creature_matching"
    cr = "509.3f"
    keyword = None
    model = ta.BecomesBlockedByACreatureMatching
    summary = (
        "Whenever this creature becomes blocked by a creature with certain characteristics (a white creature): once "
        "per such blocker, the blocker as it is when it becomes a blocking creature (509.3f example)."
    )

    def self_hits(self, point: TriggerPoint, source: Permanent, ability: Any) -> list[Hit]:
        return events.becomes_blocked_by_each(point, source, ability.whenever_becomes_blocked_by_a_creature)


@register
class BlocksOrBecomesBlocked(SelfWording):
    key = "blocks_or_becomes_blocked"
    cr = "509.3c"
    keyword = Keyword.WHENEVER_BLOCKS_OR_BECOMES_BLOCKED
    summary = (
        "Whenever this creature blocks or becomes blocked: once, as 509.3a for a blocker and 509.3c for an attacker."
    )
    messages = {
        "name": keyword_message(Keyword.WHENEVER_BLOCKS_OR_BECOMES_BLOCKED),
        "event": BLOCKS,
        "event_blocked": BLOCKED,
    }

    def self_hits(self, point: TriggerPoint, source: Permanent, ability: Any) -> list[Hit]:
        return events.blocks(point, source) + _as_blocked(events.becomes_blocked(point, source))


@register
class BlocksOrBecomesBlockedByACreature(SelfWording):
    key = "blocks_or_becomes_blocked_by_a_creature"
    cr = "509.3d"
    keyword: ClassVar[Keyword | None] = Keyword.WHENEVER_BLOCKS_OR_BECOMES_BLOCKED_BY_A_CREATURE
    summary = (
        "Whenever this creature blocks or becomes blocked by a creature: once per attacker it blocks (509.3b) or per "
        "creature blocking it (509.3d)."
    )
    messages = {
        "name": keyword_message(Keyword.WHENEVER_BLOCKS_OR_BECOMES_BLOCKED_BY_A_CREATURE),
        "event": BLOCKS_BY,
        "event_blocked": BLOCKED_BY,
    }

    def self_hits(self, point: TriggerPoint, source: Permanent, ability: Any) -> list[Hit]:
        return events.blocks_each(point, source) + _as_blocked(events.becomes_blocked_by_each(point, source))


@register
class BlocksOrBecomesBlockedByACreatureMatching(BlocksOrBecomesBlockedByACreature):
    key = "blocks_or_becomes_blocked_by_a_creature_matching"
    cr = "509.3f"
    keyword = None
    model = ta.BlocksOrBecomesBlockedByACreatureMatching
    summary = (
        "Whenever this creature blocks or becomes blocked by a creature with certain characteristics (a non-Wall "
        "creature): once per such creature, its characteristics as the block begins."
    )

    def self_hits(self, point: TriggerPoint, source: Permanent, ability: Any) -> list[Hit]:
        flt = ability.whenever_blocks_or_becomes_blocked_by_a_creature
        return events.blocks_each(point, source, flt) + _as_blocked(events.becomes_blocked_by_each(point, source, flt))


def _as_blocked(hits: list[Hit]) -> list[Hit]:
    """Hits of the attacker's half of an "X or becomes blocked" wording, told with the "event_blocked" message."""
    return [replace(h, event="event_blocked") for h in hits]


_COUNT = {
    ("en", "exactly", True): "exactly one creature",
    ("en", "exactly", False): "exactly {n} creatures",
    ("en", "at_least", True): "one or more creatures",
    ("en", "at_least", False): "{n} or more creatures",
    ("fr", "exactly", True): "exactement une créature",
    ("fr", "exactly", False): "exactement {n} créatures",
    ("fr", "at_least", True): "au moins une créature",
    ("fr", "at_least", False): "au moins {n} créatures",
    ("es", "exactly", True): "exactamente una criatura",
    ("es", "exactly", False): "exactamente {n} criaturas",
    ("es", "at_least", True): "una o más criaturas",
    ("es", "at_least", False): "{n} o más criaturas",
}


def count_phrase(spec: BlockCount, lang: str) -> str:
    """ "exactly 2 creatures", "one or more creatures": the count of a 509.3e wording, singular or plural by count."""
    bound, n = ("exactly", spec.exactly) if spec.exactly is not None else ("at_least", spec.at_least or 1)
    template = _COUNT.get((lang, bound, n == 1)) or _COUNT[("en", bound, n == 1)]
    return template.format(n=n)


class _CountWording(SelfWording):
    blocking: bool = True
    blocked: bool = True

    def spec(self, ability: Any) -> BlockCount:
        value = getattr(ability, next(iter(type(ability).model_fields)))
        assert isinstance(value, BlockCount)
        return value

    def name_values(self, ability: Any, lang: str) -> dict[str, str]:
        return {"count": count_phrase(self.spec(ability), lang)}

    def self_hits(self, point: TriggerPoint, source: Permanent, ability: Any) -> list[Hit]:
        spec = self.spec(ability)
        hits = events.count_reached(point, source, spec, blocking=self.blocking, blocked=self.blocked)
        attacking = point.blockers_of(source.id) or point.blockers_of(source.id, after=False)
        return _as_blocked(hits) if self.blocked and attacking else hits


@register
class BlocksCountReached(_CountWording):
    key = "blocks_count"
    cr = "509.3e"
    model = ta.BlocksCount
    blocked = False
    summary = (
        "Whenever this creature blocks N (or N or more) creatures: once, when blockers are declared or an effect adds "
        "or removes blocks, if the count is reached and was not just before."
    )
    messages = {
        "name": Message(
            "“whenever this creature blocks {count}”",
            "« à chaque fois que cette créature bloque {count} »",
            "«siempre que esta criatura bloquee a {count}»",
        ),
        "event": BLOCKS,
    }


@register
class BecomesBlockedByCountReached(_CountWording):
    key = "becomes_blocked_by_count"
    cr = "509.3e"
    model = ta.BecomesBlockedByCount
    blocking = False
    summary = (
        "Whenever this creature becomes blocked by N (or N or more) creatures: once, when blockers are declared or an "
        "effect adds or removes blockers, if the count is reached and was not just before."
    )
    messages = {
        "name": Message(
            "“whenever this creature becomes blocked by {count}”",
            "« à chaque fois que cette créature devient bloquée par {count} »",
            "«siempre que esta criatura sea bloqueada por {count}»",
        ),
        "event_blocked": BLOCKED,
    }


@register
class BlocksOrBecomesBlockedByCountReached(_CountWording):
    key = "blocks_or_becomes_blocked_by_count"
    cr = "509.3e"
    model = ta.BlocksOrBecomesBlockedByCount
    summary = (
        "Whenever this creature blocks or becomes blocked by N or more (matching) creatures (Serra Inquisitors: one "
        "or more black creatures): once, when the count is reached."
    )
    messages = {
        "name": Message(
            "“whenever this creature blocks or becomes blocked by {count}”",
            "« à chaque fois que cette créature bloque ou devient bloquée par {count} »",
            "«siempre que esta criatura bloquee o sea bloqueada por {count}»",
        ),
        "event": BLOCKS,
        "event_blocked": BLOCKED,
    }
