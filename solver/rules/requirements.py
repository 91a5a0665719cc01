"""Requirements on blocks (509.1c): effects that say a creature blocks, or must be blocked, if able.

Each requirement counts once. Tapped creatures are exempt (old 500.3); creatures that could block only by paying
keep their requirement, but the optimum never pays. A creature that blocks one member of an attacking band blocks
the whole band (702.22h), which obeys "blocks X if able" for every member.
"""

from __future__ import annotations

from ...models.abilities import BlocksIfAble, Keyword, MustBeBlockedByAtLeastIfAble, MustBeBlockedByIfAble
from ..ir import Acts, Count, Pair
from ..text import FilterTerm
from .base import BlockContext, BlockRule, Message, register

# Keyword members as module constants: reading one off the enum class costs about 0.4 us on Python 3.11 (its
# metaclass has a __getattr__), and these are read for every attacker, blocker or pair.
_ALL_ABLE_MUST_BLOCK_IT = Keyword.ALL_ABLE_MUST_BLOCK_IT
_BLOCKS_EACH_COMBAT_IF_ABLE = Keyword.BLOCKS_EACH_COMBAT_IF_ABLE
_MUST_BE_BLOCKED_BY_EXACTLY_ONE_IF_ABLE = Keyword.MUST_BE_BLOCKED_BY_EXACTLY_ONE_IF_ABLE
_MUST_BE_BLOCKED_IF_ABLE = Keyword.MUST_BE_BLOCKED_IF_ABLE


@register
class BlocksEachCombat(BlockRule):
    key = "blocks_each_combat_if_able"
    reads = frozenset({"blocks_each_combat_if_able"})
    cr = "509.1c"
    kind = "requirement"
    summary = "A creature that blocks each combat if able: one requirement, obeyed when it blocks any attacker."
    messages = {
        "requirement": Message(
            "{blocker} blocks each combat if able",
            "{blocker} bloque à chaque combat si possible",
            "{blocker} bloquea cada combate si puede",
        )
    }

    def compile(self, ctx: BlockContext) -> None:
        for blocker in ctx.blockers:
            if blocker.has_keyword(_BLOCKS_EACH_COMBAT_IF_ABLE) and not ctx.exempt(blocker):
                ctx.require(Count((Acts(blocker.id),), at_least=1), self.reason("requirement", blocker=blocker))


@register
class BlocksThatCreature(BlockRule):
    key = "blocks_if_able"
    reads = frozenset({"blocks_if_able"})
    cr = "509.1c"
    kind = "requirement"
    summary = "A creature that blocks a given attacker this combat if able (provoke 702.39, Culling Mark)."
    messages = {
        "requirement": Message(
            "{blocker} blocks {attacker} if able",
            "{blocker} bloque {attacker} si possible",
            "{blocker} bloquea a {attacker} si puede",
        )
    }

    def compile(self, ctx: BlockContext) -> None:
        attacking = {a.id for a in ctx.attackers}
        for blocker in ctx.blockers:
            if ctx.exempt(blocker):
                continue
            for ability in blocker.abilities_of(BlocksIfAble):
                if ability.blocks_if_able in attacking:
                    ctx.require(
                        Count(ctx.blocking(blocker.id, ability.blocks_if_able), at_least=1),
                        self.reason("requirement", blocker=blocker, attacker=ctx.board[ability.blocks_if_able]),
                    )


@register
class Lure(BlockRule):
    key = "all_able_must_block_it"
    reads = frozenset({"all_able_must_block_it"})
    cr = "509.1c"
    kind = "requirement"
    summary = "All creatures able to block a creature do so (Lure): one requirement per creature that could block it."
    messages = {
        "requirement": Message(
            "{blocker} blocks {attacker} if able ({attacker}: all creatures able to block it do so)",
            "{blocker} bloque {attacker} si possible ({attacker} : toutes les créatures capables de le bloquer "
            "le font)",
            "{blocker} bloquea a {attacker} si puede ({attacker}: todas las criaturas que puedan bloquearla lo hacen)",
        )
    }

    def compile(self, ctx: BlockContext) -> None:
        board = ctx.board
        for attacker in ctx.attackers_with(_ALL_ABLE_MUST_BLOCK_IT):
            defender = board.defender_of.get(attacker.id)
            if defender is None:
                continue
            group = board.block_group(defender)
            for blocker in ctx.blockers_of(attacker):
                if board.block_group(blocker.controller) == group and not ctx.exempt(blocker):
                    ctx.require(
                        Count(ctx.blocking(blocker.id, attacker.id), at_least=1),
                        self.reason("requirement", blocker=blocker, attacker=attacker),
                    )


@register
class MustBeBlockedByExactlyOne(BlockRule):
    key = "must_be_blocked_by_exactly_one_if_able"
    reads = frozenset({"must_be_blocked_by_exactly_one_if_able"})
    cr = "509.1c"
    kind = "requirement"
    summary = "A creature that must be blocked by exactly one creature if able (Nacatl War-Pride): one requirement."
    messages = {
        "requirement": Message(
            "{attacker} must be blocked by exactly one creature if able",
            "{attacker} doit être bloqué par exactement une créature si possible",
            "{attacker} debe ser bloqueada por exactamente una criatura si es posible",
        )
    }

    def compile(self, ctx: BlockContext) -> None:
        for attacker in ctx.attackers_with(_MUST_BE_BLOCKED_BY_EXACTLY_ONE_IF_ABLE):
            blockers = tuple(Pair(b.id, attacker.id) for b in ctx.blockers_of(attacker))
            ctx.require(Count(blockers, at_least=1, at_most=1), self.reason("requirement", attacker=attacker))


@register
class MustBeBlocked(BlockRule):
    key = "must_be_blocked_if_able"
    reads = frozenset({"must_be_blocked_if_able"})
    cr = "509.1c"
    kind = "requirement"
    summary = "A creature that must be blocked if able: one requirement, obeyed when at least one creature blocks it."
    messages = {
        "requirement": Message(
            "{attacker} must be blocked if able",
            "{attacker} doit être bloqué si possible",
            "{attacker} debe ser bloqueada si es posible",
        )
    }

    def compile(self, ctx: BlockContext) -> None:
        for attacker in ctx.attackers_with(_MUST_BE_BLOCKED_IF_ABLE):
            ctx.require(Count(ctx.blocked(attacker.id), at_least=1), self.reason("requirement", attacker=attacker))


@register
class MustBeBlockedByFilter(BlockRule):
    key = "must_be_blocked_by_if_able"
    reads = frozenset({"must_be_blocked_by_if_able"})
    cr = "509.1c"
    kind = "requirement"
    summary = (
        "A creature that must be blocked by a creature matching a filter if able (Slayer's Cleaver: an Eldrazi): "
        "one requirement, obeyed when a matching creature blocks it (or its band, 702.22h)."
    )
    messages = {
        "requirement": Message(
            "{attacker} must be blocked by {filter:a} if able",
            "{attacker} doit être bloqué par {filter:un} si possible",
            "{attacker} debe ser bloqueada por {filter:un} si es posible",
        )
    }

    def compile(self, ctx: BlockContext) -> None:
        for attacker in ctx.attackers:
            for ability in attacker.abilities_of(MustBeBlockedByIfAble):
                flt = ability.must_be_blocked_by_if_able
                band = ctx.board.band_of(attacker.id)
                atoms = tuple(
                    Pair(b.id, member) for member in band for b in ctx.actors_of(member) if flt.matches(b, attacker)
                )
                ctx.require(
                    Count(atoms, at_least=1), self.reason("requirement", attacker=attacker, filter=FilterTerm(flt))
                )


@register
class MustBeBlockedByAtLeast(BlockRule):
    key = "must_be_blocked_by_at_least_if_able"
    reads = frozenset({"must_be_blocked_by_at_least_if_able"})
    cr = "509.1c"
    kind = "requirement"
    summary = (
        "A creature that must be blocked by N or more creatures if able (Gorm the Great: two): one requirement, "
        "obeyed when at least N creatures block it (or its band, 702.22h)."
    )
    messages = {
        "requirement": Message(
            "{attacker} must be blocked by {count} or more creatures if able",
            "{attacker} doit être bloqué par {count} créatures ou plus si possible",
            "{attacker} debe ser bloqueada por {count} o más criaturas si es posible",
        )
    }

    def compile(self, ctx: BlockContext) -> None:
        for attacker in ctx.attackers:
            for ability in attacker.abilities_of(MustBeBlockedByAtLeastIfAble):
                n = ability.must_be_blocked_by_at_least_if_able
                # A creature blocking another member of its band blocks it too (702.22h); one declared against two
                # members of the band is counted twice (the IR counts pairs, and such a declaration is redundant).
                band = ctx.board.band_of(attacker.id)
                blockers = tuple(Pair(b.id, member) for member in band for b in ctx.actors_of(member))
                ctx.require(Count(blockers, at_least=n), self.reason("requirement", attacker=attacker, count=n))
