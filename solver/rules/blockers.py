"""Restrictions on the blocking creatures themselves, and costs to block (509.1b, 509.1d)."""

from __future__ import annotations

from ...models import Permanent
from ...models.abilities import (
    BlockCost,
    BlockCostAgainst,
    CanBlockOnly,
    CantBlockCreatures,
    CantBlockUnlessAlsoBlocking,
    CantBlockUnlessOthersBlock,
    CostToBlockIt,
    Keyword,
)
from ...models.effects import BlockCostEffect, MaxBlockersEffect
from ..ir import Acts, Count, Reason
from ..text import FilterTerm, SourceTerm
from .base import BlockContext, BlockRule, Message, PairRestriction, Plural, register

# Keyword members as module constants: reading one off the enum class costs about 0.4 us on Python 3.11 (its
# metaclass has a __getattr__), and these are read for every attacker, blocker or pair.
_CANT_BLOCK = Keyword.CANT_BLOCK
_CANT_BLOCK_ALONE = Keyword.CANT_BLOCK_ALONE


@register
class CantBlock(PairRestriction):
    key = "cant_block"
    reads = frozenset({"cant_block"})
    cr = "509.1b"
    summary = "A creature that can't block (including decayed, 702.147a)."
    messages = {
        "cant_block": Message("{blocker} can't block", "{blocker} ne peut pas bloquer", "{blocker} no puede bloquear")
    }

    def concerns_blocker(self, blocker: Permanent) -> bool:
        return blocker.has_keyword(_CANT_BLOCK)

    def forbids(self, ctx: BlockContext, blocker: Permanent, attacker: Permanent) -> Reason | None:
        return self.reason("cant_block", blocker=blocker)


@register
class CantBlockFilter(PairRestriction):
    key = "cant_block_filter"
    reads = frozenset({"cant_block"})
    cr = "509.1b"
    summary = "A creature that can't block creatures matching a filter (Ironclaw Orcs: power 2 or greater)."
    messages = {
        "cant_block_these": Message(
            "{blocker} can't block {filter}; {attacker} is one",
            "{blocker} ne peut pas bloquer {filter:de} ; {attacker} en fait partie",
            "{blocker} no puede bloquear {filter}; {attacker} lo es",
        )
    }

    def concerns_blocker(self, blocker: Permanent) -> bool:
        return bool(blocker.abilities_of(CantBlockCreatures))

    def forbids(self, ctx: BlockContext, blocker: Permanent, attacker: Permanent) -> Reason | None:
        for ability in blocker.abilities_of(CantBlockCreatures):
            if ctx.matches(ability.cant_block, attacker, blocker):
                return self.reason(
                    "cant_block_these",
                    blocker=blocker,
                    attacker=attacker,
                    filter=FilterTerm(ability.cant_block),
                )
        return None


@register
class CanBlockOnlyFilter(PairRestriction):
    key = "can_block_only"
    reads = frozenset({"can_block_only"})
    cr = "509.1b"
    summary = "A creature that can block only creatures matching a filter (e.g. only creatures with flying)."
    messages = {
        "only": Message(
            "{blocker} can block only {filter}; {attacker} is not one",
            "{blocker} ne peut bloquer que {filter:des} ; {attacker} n'en fait pas partie",
            "{blocker} solo puede bloquear {filter}; {attacker} no lo es",
        )
    }

    def concerns_blocker(self, blocker: Permanent) -> bool:
        return bool(blocker.abilities_of(CanBlockOnly))

    def forbids(self, ctx: BlockContext, blocker: Permanent, attacker: Permanent) -> Reason | None:
        for ability in blocker.abilities_of(CanBlockOnly):
            if not ctx.matches(ability.can_block_only, attacker, blocker):
                return self.reason(
                    "only", blocker=blocker, attacker=attacker, filter=FilterTerm(ability.can_block_only)
                )
        return None


@register
class CantBlockAlone(BlockRule):
    key = "cant_block_alone"
    reads = frozenset({"cant_block_alone"})
    cr = "509.1b"
    kind = "restriction"
    summary = "A creature that can't block alone: another creature must also be declared as a blocker (506.5)."
    messages = {
        "alone": Message(
            "{blocker} can't block alone",
            "{blocker} ne peut pas bloquer seul",
            "{blocker} no puede bloquear sola",
        )
    }

    def compile(self, ctx: BlockContext) -> None:
        for blocker in ctx.blockers:
            if blocker.has_keyword(_CANT_BLOCK_ALONE):
                reason = self.reason("alone", blocker=blocker)
                ctx.restrict_company(blocker, ctx.companions(blocker), reason, at_least=1)


@register
class BlocksOnlyWithPartner(BlockRule):
    key = "cant_block_unless_also_blocking"
    reads = frozenset({"cant_block_unless_also_blocking"})
    cr = "509.1b"
    kind = "restriction"
    summary = "A creature that can't block unless another creature matching a filter also blocks (Okk: greater power)."
    messages = {
        "unless": Message(
            "{blocker} can't block unless {filter:another} also blocks",
            "{blocker} ne peut pas bloquer à moins qu'{filter:autre} ne bloque aussi",
            "{blocker} no puede bloquear a menos que {filter:otro} también bloquee",
        )
    }

    def compile(self, ctx: BlockContext) -> None:
        for blocker in ctx.blockers:
            for ability in blocker.abilities_of(CantBlockUnlessAlsoBlocking):
                flt = ability.cant_block_unless_also_blocking
                partners = [o for o in ctx.companions(blocker) if ctx.matches(flt, o, blocker)]
                reason = self.reason("unless", blocker=blocker, filter=FilterTerm(flt))
                ctx.restrict_company(blocker, partners, reason, at_least=1)


@register
class OthersMustBlock(BlockRule):
    key = "cant_block_unless_others_block"
    reads = frozenset({"cant_block_unless_others_block"})
    cr = "509.1b"
    kind = "restriction"
    summary = "A creature that can't block unless at least N other creatures also block (Orcish Conscripts)."
    messages = {
        "unless": Message(
            Plural(
                "count",
                "{blocker} can't block unless at least one other creature also blocks",
                "{blocker} can't block unless at least {count} other creatures also block",
            ),
            Plural(
                "count",
                "{blocker} ne peut pas bloquer à moins qu'au moins une autre créature ne bloque aussi",
                "{blocker} ne peut pas bloquer à moins qu'au moins {count} autres créatures ne bloquent aussi",
            ),
            Plural(
                "count",
                "{blocker} no puede bloquear a menos que al menos otra criatura también bloquee",
                "{blocker} no puede bloquear a menos que al menos otras {count} criaturas también bloqueen",
            ),
        )
    }

    def compile(self, ctx: BlockContext) -> None:
        for blocker in ctx.blockers:
            for ability in blocker.abilities_of(CantBlockUnlessOthersBlock):
                n = ability.cant_block_unless_others_block
                reason = self.reason("unless", blocker=blocker, count=n)
                ctx.restrict_company(blocker, ctx.companions(blocker), reason, at_least=n)


@register
class NoMoreThanNBlock(BlockRule):
    key = "max_blocking_creatures"
    reads = frozenset({"max_blockers"})
    cr = "509.1b"
    kind = "restriction"
    summary = "No more than N creatures can block each combat (Silent Arbiter); per defending player (802.4b)."
    messages = {
        "limit": Message(
            Plural(
                "count",
                "no more than one creature can block each combat ({source})",
                "no more than {count} creatures can block each combat ({source})",
            ),
            Plural(
                "count",
                "pas plus de {count} créature ne peut bloquer à chaque combat ({source})",
                "pas plus de {count} créatures ne peuvent bloquer à chaque combat ({source})",
                exact={1: "pas plus d'une créature ne peut bloquer à chaque combat ({source})"},
            ),
            Plural(
                "count",
                "no más de una criatura puede bloquear cada combate ({source})",
                "no más de {count} criaturas pueden bloquear cada combate ({source})",
            ),
        )
    }

    def compile(self, ctx: BlockContext) -> None:
        effects = [e for e in ctx.board.snapshot.effects if isinstance(e, MaxBlockersEffect)]
        if not effects:
            return
        groups = ctx.groups()
        for effect in effects:
            source = SourceTerm(effect.source)
            for group in groups:
                ctx.restrict(
                    Count(tuple(Acts(b.id) for b in group), at_most=effect.max_blockers),
                    self.reason("limit", count=effect.max_blockers, source=source),
                )


@register
class CostToBlock(BlockRule):
    key = "block_cost"
    reads = frozenset({"block_cost"})
    cr = "509.1d"
    kind = "restriction"
    summary = (
        "A creature that can't block unless its controller pays a cost: declaring it means paying, and nobody "
        "is required to pay (509.1c)."
    )
    messages = {
        "cost": Message(
            "{blocker} can block only if {player} pays {cost} ({source})",
            "{blocker} ne peut bloquer que si {player} paie {cost} ({source})",
            "{blocker} solo puede bloquear si {player} paga {cost} ({source})",
        )
    }

    def compile(self, ctx: BlockContext) -> None:
        effects = [e for e in ctx.board.snapshot.effects if isinstance(e, BlockCostEffect)]
        for blocker in ctx.blockers:
            for ability in blocker.abilities_of(BlockCost):
                ctx.cost(
                    blocker,
                    ability.block_cost,
                    self.reason(
                        "cost",
                        blocker=blocker,
                        player=blocker.controller,
                        cost=ability.block_cost,
                        source=SourceTerm(blocker.id),
                    ),
                )
            for effect in effects:
                if effect.blockers is None or ctx.matches(effect.blockers, blocker):
                    source = SourceTerm(effect.source)
                    ctx.cost(
                        blocker,
                        effect.block_cost,
                        self.reason(
                            "cost",
                            blocker=blocker,
                            player=blocker.controller,
                            cost=effect.block_cost,
                            source=source,
                        ),
                    )


@register
class CostToBlockThese(BlockRule):
    key = "block_cost_against"
    reads = frozenset({"block_cost_against"})
    cr = "509.1d"
    kind = "restriction"
    summary = (
        "A creature that can't block some attackers unless its controller pays (Hipparion: creatures with power 3 or "
        "greater): blocking one of them means paying, once per such attacker; nobody is required to pay (509.1c)."
    )
    messages = {
        "cost": Message(
            "{blocker} can block {attacker} ({filter}) only if {player} pays {cost}",
            "{blocker} ne peut bloquer {attacker} ({filter:des}) que si {player} paie {cost}",
            "{blocker} solo puede bloquear a {attacker} ({filter}) si {player} paga {cost}",
        )
    }

    def compile(self, ctx: BlockContext) -> None:
        for blocker in ctx.blockers:
            for ability in blocker.abilities_of(BlockCostAgainst):
                spec = ability.block_cost_against
                for attacker in ctx.blocked_by(blocker):
                    if spec.attackers.matches(attacker, blocker):
                        reason = self.reason(
                            "cost",
                            blocker=blocker,
                            attacker=attacker,
                            filter=FilterTerm(spec.attackers),
                            player=blocker.controller,
                            cost=spec.cost,
                        )
                        ctx.cost(blocker, spec.cost, reason, target=attacker.id)


@register
class CostToBlockThisAttacker(BlockRule):
    key = "cost_to_block_it"
    reads = frozenset({"cost_to_block_it"})
    cr = "509.1d"
    kind = "restriction"
    summary = (
        "An attacker that can't be blocked unless defending player pays a cost for each creature blocking it "
        "(Awesome Presence): each blocker of it costs that much; nobody is required to pay (509.1c)."
    )
    messages = {
        "cost": Message(
            "{blocker} can block {attacker} only if {player} pays {cost} ({source})",
            "{blocker} ne peut bloquer {attacker} que si {player} paie {cost} ({source})",
            "{blocker} solo puede bloquear a {attacker} si {player} paga {cost} ({source})",
        )
    }

    def compile(self, ctx: BlockContext) -> None:
        for attacker in ctx.attackers:
            for ability in attacker.abilities_of(CostToBlockIt):
                for blocker in ctx.blockers_of(attacker):
                    reason = self.reason(
                        "cost",
                        blocker=blocker,
                        attacker=attacker,
                        player=blocker.controller,
                        cost=ability.cost_to_block_it,
                        source=SourceTerm(attacker.id),
                    )
                    ctx.cost(blocker, ability.cost_to_block_it, reason, target=attacker.id)
