"""Requirements on attacks (508.1d): effects that say a creature attacks, or that a player must be attacked, if able.

Tapped and summoning-sick creatures are exempt; creatures that could attack only by paying keep their
requirements, but the optimum never pays.
"""

from __future__ import annotations

from ...models.abilities import AttacksIfAble, GoadedBy, Keyword
from ...models.effects import MustBeAttackedEffect
from ..ir import Acts, Count, Pair
from ..text import SourceTerm
from .base import AttackContext, AttackRule, Message, register

# Keyword members as module constants: reading one off the enum class costs about 0.4 us on Python 3.11 (its
# metaclass has a __getattr__), and these are read for every attacker, blocker or pair.
_ATTACKS_EACH_COMBAT_IF_ABLE = Keyword.ATTACKS_EACH_COMBAT_IF_ABLE


@register
class AttacksEachCombat(AttackRule):
    key = "attacks_each_combat_if_able"
    reads = frozenset({"attacks_each_combat_if_able"})
    cr = "508.1d"
    kind = "requirement"
    summary = "A creature that attacks each combat if able: one requirement, obeyed when it attacks anything."
    messages = {
        "requirement": Message(
            "{creature} attacks each combat if able",
            "{creature} attaque à chaque combat si possible",
            "{creature} ataca cada combate si puede",
        )
    }

    def compile(self, ctx: AttackContext) -> None:
        for creature in ctx.creatures:
            if creature.has_keyword(_ATTACKS_EACH_COMBAT_IF_ABLE) and not ctx.exempt(creature):
                ctx.require(Count((Acts(creature.id),), at_least=1), self.reason("requirement", creature=creature))


@register
class AttacksThatTarget(AttackRule):
    key = "attacks_if_able"
    reads = frozenset({"attacks_if_able"})
    cr = "508.1d"
    kind = "requirement"
    summary = "A creature that attacks a given player or planeswalker if able (Gideon Jura, Alluring Siren)."
    messages = {
        "requirement": Message(
            "{creature} attacks {target} if able",
            "{creature} attaque {target} si possible",
            "{creature} ataca a {target} si puede",
        )
    }

    def compile(self, ctx: AttackContext) -> None:
        for creature in ctx.creatures:
            if ctx.exempt(creature):
                continue
            for ability in creature.abilities_of(AttacksIfAble):
                target = ability.attacks_if_able
                ctx.require(
                    Count((Pair(creature.id, target),), at_least=1),
                    self.reason("requirement", creature=creature, target=target),
                )


@register
class Goad(AttackRule):
    key = "goad"
    reads = frozenset({"goaded_by"})
    cr = "701.38b"
    kind = "requirement"
    summary = (
        "A goaded creature attacks each combat if able and attacks a player other than the goading player if able; "
        "each distinct goading player adds both requirements again (701.38c), the same player adds nothing (701.38d)."
    )
    messages = {
        "attacks": Message(
            "{creature}, goaded by {player}, attacks each combat if able",
            "{creature}, incité par {player}, attaque à chaque combat si possible",
            "{creature}, incitada por {player}, ataca cada combate si puede",
        ),
        "other_player": Message(
            "{creature}, goaded by {player}, attacks a player other than {player} if able",
            "{creature}, incité par {player}, attaque un joueur autre que {player} si possible",
            "{creature}, incitada por {player}, ataca a un jugador que no sea {player} si puede",
        ),
    }

    def compile(self, ctx: AttackContext) -> None:
        players = [p.id for p in ctx.board.snapshot.players]
        for creature in ctx.creatures:
            if ctx.exempt(creature):
                continue
            goaders = list(dict.fromkeys(g for a in creature.abilities_of(GoadedBy) for g in a.goaded_by))
            for goader in goaders:
                ctx.require(
                    Count((Acts(creature.id),), at_least=1), self.reason("attacks", creature=creature, player=goader)
                )
                others = tuple(Pair(creature.id, p) for p in players if p != goader)
                ctx.require(Count(others, at_least=1), self.reason("other_player", creature=creature, player=goader))


@register
class MustBeAttacked(AttackRule):
    key = "must_be_attacked"
    reads = frozenset({"must_be_attacked"})
    cr = "508.1d"
    kind = "requirement"
    summary = (
        "Each opponent must attack a player or a planeswalker they control with at least one creature each combat "
        "if able (Trove of Temptation): one requirement per attacking player."
    )
    messages = {
        "requirement": Message(
            "{attacker} attacks {player} or a planeswalker {player} controls with at least one creature if able "
            "({source})",
            "{attacker} attaque {player} ou un planeswalker que {player} contrôle avec au moins une créature si "
            "possible ({source})",
            "{attacker} ataca a {player} o a un planeswalker que controle {player} con al menos una criatura si "
            "puede ({source})",
        )
    }

    def compile(self, ctx: AttackContext) -> None:
        board = ctx.board
        for effect in board.snapshot.effects:
            if not isinstance(effect, MustBeAttackedEffect):
                continue
            player = effect.must_be_attacked
            ctx.budget.tick(len(board.attack_targets) + len(board.attacking_players) * len(ctx.creatures))
            targets = [t for t in board.attack_targets if ctx.is_player_or_their_planeswalker(t, player)]
            source = SourceTerm(effect.source)
            for attacker in board.attacking_players:
                if board.team[attacker] == board.team[player]:
                    continue
                atoms = tuple(Pair(c.id, t) for c in ctx.creatures if c.controller == attacker for t in targets)
                ctx.require(
                    Count(atoms, at_least=1),
                    self.reason("requirement", attacker=attacker, player=player, source=source),
                )
