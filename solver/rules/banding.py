"""Banding (702.22c-d): which attacking bands may be declared. Bands are optional, so a broken band rule makes
the proposal illegal without constraining other declarations (the witness declares no band)."""

from __future__ import annotations

from ...models.abilities import Keyword
from ..ir import Reason
from .base import AttackContext, AttackRule, Message, register


@register
class Bands(AttackRule):
    key = "banding"
    cr = "702.22c"
    kind = "restriction"
    summary = (
        "A band is attacking creatures with banding plus at most one without; all its members attack the same "
        "player, planeswalker or battle (702.22d)."
    )
    messages = {
        "composition": Message(
            "the band {band} needs creatures with banding and at most one creature without",
            "la bande {band} doit être formée de créatures avec le cumul des forces et d'au plus une créature sans",
            "la banda {band} debe formarse con criaturas con formar bandas y como máximo una criatura sin ella",
        ),
        "not_attacking": Message(
            "{creature} is in a band but doesn't attack",
            "{creature} fait partie d'une bande mais n'attaque pas",
            "{creature} está en una banda pero no ataca",
        ),
        "same_target": Message(
            "the band {band} attacks more than one player, planeswalker or battle",
            "la bande {band} attaque plus d'un joueur, planeswalker ou bataille",
            "la banda {band} ataca a más de un jugador, planeswalker o batalla",
        ),
    }

    def compile(self, ctx: AttackContext) -> None:
        declaration = ctx.board.snapshot.declaration
        if declaration is None:
            return
        for band in declaration.bands:
            for problem in self._problems(ctx, band, declaration.attacks):
                ctx.reject_proposal(problem)

    def _problems(self, ctx: AttackContext, band: tuple[str, ...], attacks: dict[str, str]) -> list[Reason]:
        name = ", ".join(ctx.board.label(m) for m in band)
        problems = [self.reason("not_attacking", creature=ctx.board[m]) for m in band if m not in attacks]
        without = [m for m in band if not ctx.board[m].has_keyword(Keyword.BANDING)]
        if len(without) > 1 or len(without) == len(band):
            problems.append(self.reason("composition", band=name))
        if len({attacks[m] for m in band if m in attacks}) > 1:
            problems.append(self.reason("same_target", band=name))
        return problems
