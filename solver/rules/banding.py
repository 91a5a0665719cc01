"""Banding (702.22c-d): which attacking bands may be declared. Bands are optional, so a broken band rule makes
the proposal illegal without constraining other declarations (the witness declares no band)."""

from __future__ import annotations

from ...models.abilities import BandsWithOther, Keyword
from ..ir import Reason
from .base import AttackContext, AttackRule, Message, register

# Keyword members as module constants: reading one off the enum class costs about 0.4 us on Python 3.11 (its
# metaclass has a __getattr__), and these are read for every attacker, blocker or pair.
_BANDING = Keyword.BANDING


@register
class Bands(AttackRule):
    key = "banding"
    cr = "702.22c"
    kind = "restriction"
    summary = (
        "A band is attacking creatures with banding plus at most one without, or creatures that all have the quality "
        'of a member\'s "bands with other"; all its members attack the same player, planeswalker or battle '
        "(702.22d)."
    )
    messages = {
        "composition": Message(
            "the band {band} needs creatures with banding and at most one creature without, or creatures that all "
            'share the quality of a member\'s "bands with other"',
            "la bande {band} doit être formée de créatures avec le regroupement et d'au plus une créature sans le "
            "regroupement, ou de créatures ayant toutes la qualité du « regroupement avec les autres » d'un membre",
            "la banda {band} debe formarse con criaturas con la habilidad de agrupar y como máximo una criatura sin "
            "ella, o con criaturas que compartan la cualidad de «agrupar con otras» de un miembro",
        ),
        "not_attacking": Message(
            "{creature} is in a band but doesn't attack",
            "{creature} fait partie d'une bande mais n'attaque pas",
            "{creature} está en una banda pero no ataca",
        ),
        "same_target": Message(
            "the band {band} attacks more than one player, planeswalker or battle",
            "la bande {band} attaque plus d'un joueur, d'un planeswalker ou d'une bataille",
            "la banda {band} ataca a más de un jugador, un planeswalker o una batalla",
        ),
    }

    def compile(self, ctx: AttackContext) -> None:
        declaration = ctx.board.snapshot.declaration
        if declaration is None:
            return
        for band in declaration.bands:
            for problem in self._problems(ctx, band, declaration.attacks):
                ctx.reject_proposal(problem)

    @staticmethod
    def _banding_band(ctx: AttackContext, band: tuple[str, ...]) -> bool:
        """One or more creatures with banding plus at most one creature without."""
        without = [m for m in band if not ctx.board[m].has_keyword(_BANDING)]
        return len(without) <= 1 and len(without) < len(band)

    @staticmethod
    def _bands_with_other(ctx: AttackContext, band: tuple[str, ...]) -> bool:
        """One or more [quality] creatures with "bands with other [quality]" and any number of other [quality]
        creatures: some member's filter matches every member."""
        members = [ctx.board[m] for m in band]
        ctx.budget.tick(len(members) * sum(ctx.board.weight(m) for m in members))
        return any(
            all(ctx.matches(ability.bands_with_other, other, member) for other in members)
            for member in members
            for ability in member.abilities_of(BandsWithOther)
        )

    def _problems(self, ctx: AttackContext, band: tuple[str, ...], attacks: dict[str, str]) -> list[Reason]:
        name = ", ".join(ctx.board.label(m) for m in band)
        problems = [self.reason("not_attacking", creature=ctx.board[m]) for m in band if m not in attacks]
        if not (self._banding_band(ctx, band) or self._bands_with_other(ctx, band)):
            problems.append(self.reason("composition", band=name))
        if len({attacks[m] for m in band if m in attacks}) > 1:
            problems.append(self.reason("same_target", band=name))
        return problems
