"""509.1a: who may be declared as a blocker, what it may block, and how many attackers it may block."""

from __future__ import annotations

from ...models import Permanent
from ...models.abilities import CanBlockAdditional, Keyword
from ..ir import Count
from .base import BlockContext, BlockRule, Message, Plural, register

# Keyword members as module constants: reading one off the enum class costs about 0.4 us on Python 3.11 (its
# metaclass has a __getattr__), and these are read for every attacker, blocker or pair.
_CAN_BLOCK_ANY_NUMBER = Keyword.CAN_BLOCK_ANY_NUMBER
_CAN_BLOCK_AS_THOUGH_UNTAPPED = Keyword.CAN_BLOCK_AS_THOUGH_UNTAPPED


@register
class BlockerIsUntappedCreature(BlockRule):
    key = "untapped_creature_blocks"
    cr = "509.1a"
    kind = "restriction"
    summary = (
        "A blocker is an untapped creature (or one that can block as though it were untapped: Masako the "
        "Humorless), not a battle, on the battlefield (phased in)."
    )
    messages = {
        "tapped": Message(
            "{blocker} is tapped and can't block",
            "{blocker} est engagé et ne peut pas bloquer",
            "{blocker} está girada y no puede bloquear",
        ),
        "not_creature": Message(
            "{blocker} is not a creature and can't block (506.3)",
            "{blocker} n'est pas une créature et ne peut pas bloquer (506.3)",
            "{blocker} no es una criatura y no puede bloquear (506.3)",
        ),
        "battle": Message(
            "{blocker} is a battle and can't block",
            "{blocker} est une bataille et ne peut pas bloquer",
            "{blocker} es una batalla y no puede bloquear",
        ),
        "phased_out": Message(
            "{blocker} is phased out and can't block (702.26b)",
            "{blocker} est hors-phase et ne peut pas bloquer (702.26b)",
            "{blocker} está fuera de fase y no puede bloquear (702.26b)",
        ),
    }

    def compile(self, ctx: BlockContext) -> None:
        for blocker in ctx.blockers:
            code = self._problem(blocker)
            if code is None:
                continue
            for attacker in ctx.blocked_by(blocker):
                ctx.forbid(blocker, attacker.id, self.reason(code, blocker=blocker))

    @staticmethod
    def _problem(blocker: Permanent) -> str | None:
        if not blocker.is_creature:
            return "not_creature"
        if blocker.is_battle:
            return "battle"
        if blocker.phased_out:
            return "phased_out"
        if blocker.tapped and not blocker.has_keyword(_CAN_BLOCK_AS_THOUGH_UNTAPPED):
            return "tapped"  # Masako the Humorless: "tapped creatures you control can block as though untapped"
        return None


@register
class BlocksOnlyItsOwnAttackers(BlockRule):
    key = "blocks_attacker_of_its_player"
    cr = "509.1a"
    kind = "restriction"
    summary = (
        "A creature blocks only a creature attacking its controller, a planeswalker they control or a battle they "
        "protect (802.4a); in Two-Headed Giant, any creature attacking its team (805.10d)."
    )
    messages = {
        "not_yours": Message(
            "{blocker} can't block {attacker}: {attacker} is attacking neither {player}, nor a planeswalker {player} "
            "controls, nor a battle {player} protects",
            "{blocker} ne peut pas bloquer {attacker} : {attacker} n'attaque ni {player}, ni un planeswalker qu'il "
            "contrôle, ni une bataille qu'il protège",
            "{blocker} no puede bloquear a {attacker}: {attacker} no está atacando a {player}, a un planeswalker que "
            "controla ni a una batalla que protege",
        ),
    }

    def compile(self, ctx: BlockContext) -> None:
        board = ctx.board
        for attacker in ctx.attackers:
            defender = board.defender_of.get(attacker.id)
            for blocker in ctx.blockers_of(attacker):
                if defender is None or board.block_group(blocker.controller) != board.block_group(defender):
                    ctx.forbid(
                        blocker,
                        attacker.id,
                        self.reason("not_yours", blocker=blocker, attacker=attacker, player=blocker.controller),
                    )


@register
class OneAttackerPerBlocker(BlockRule):
    key = "one_attacker_per_blocker"
    cr = "509.1a"
    kind = "restriction"
    summary = (
        "Each blocker blocks one attacker, unless an ability lets it block additional creatures or any number "
        "(101.1, 702.19b example)."
    )
    messages = {
        "too_many": Message(
            Plural("limit", "{blocker} can block only one creature", "{blocker} can block only {limit} creatures"),
            Plural(
                "limit", "{blocker} ne peut bloquer qu'une créature", "{blocker} ne peut bloquer que {limit} créatures"
            ),
            Plural(
                "limit", "{blocker} solo puede bloquear una criatura", "{blocker} solo puede bloquear {limit} criaturas"
            ),
        ),
    }

    def compile(self, ctx: BlockContext) -> None:
        for blocker in ctx.blockers:
            targets = ctx.targets_of(blocker)
            if len(targets) <= 1 or blocker.has_keyword(_CAN_BLOCK_ANY_NUMBER):
                continue
            limit = 1 + sum(a.can_block_additional for a in blocker.abilities_of(CanBlockAdditional))
            if len(targets) > limit:
                ctx.restrict(
                    Count(ctx.pairs_of(blocker), at_most=limit),
                    self.reason("too_many", blocker=blocker, limit=limit),
                )
