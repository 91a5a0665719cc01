"""Evasion that depends on the rest of the combat: "can't be blocked as long as it's attacking alone" (Dream Prowler).

506.5: a creature is attacking alone if it's attacking but no other creatures are.
"""

from __future__ import annotations

from ...models import Permanent
from ...models.abilities import Keyword
from ..ir import Reason
from .base import BlockContext, Message, PairRestriction, register

# Keyword members as module constants: reading one off the enum class costs about 0.4 us on Python 3.11 (its
# metaclass has a __getattr__), and these are read for every attacker, blocker or pair.
_CANT_BE_BLOCKED_WHILE_ATTACKING_ALONE = Keyword.CANT_BE_BLOCKED_WHILE_ATTACKING_ALONE


@register
class UnblockableWhileAlone(PairRestriction):
    key = "cant_be_blocked_while_attacking_alone"
    reads = frozenset({"cant_be_blocked_while_attacking_alone"})
    cr = "506.5"
    summary = (
        "A creature that can't be blocked as long as it's attacking alone (Dream Prowler): it is attacking alone when "
        "no other creature is attacking (506.5), whoever controls it; a restriction (509.1b)."
    )
    messages = {
        "alone": Message(
            "{attacker} can't be blocked as long as it's attacking alone, and no other creature is attacking",
            "{attacker} ne peut pas être bloqué tant qu'il attaque seul, et aucune autre créature n'attaque",
            "{attacker} no puede ser bloqueada mientras ataque sola, y ninguna otra criatura está atacando",
        )
    }

    def relevant(self, ctx: BlockContext) -> bool:
        return len(ctx.attackers) == 1

    def concerns(self, attacker: Permanent) -> bool:
        return attacker.has_keyword(_CANT_BE_BLOCKED_WHILE_ATTACKING_ALONE)

    def forbids(self, ctx: BlockContext, blocker: Permanent, attacker: Permanent) -> Reason | None:
        return self.reason("alone", attacker=attacker)
