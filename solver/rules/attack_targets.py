"""Declare attackers (508.1c): restrictions on whom a creature attacks, a player or the planeswalkers they control,
from an effect on the board (Blazing Archon) or from what is attached to the creature (Vow of Duty)."""

from __future__ import annotations

from ...models import Permanent
from ...models.abilities import CantAttackPlaneswalkersOf, CantAttackPlayers
from ...models.effects import CantAttackEffect
from ..ir import Reason
from ..text import SourceTerm
from .base import AttackContext, AttackPairRestriction, Message, register


@register
class CantAttackPlayer(AttackPairRestriction):
    key = "cant_attack_player"
    reads = frozenset({"cant_attack"})
    cr = "508.1c"
    summary = "Creatures can't attack a given player (Blazing Archon), or that player's planeswalkers too."
    messages = {
        "cant": Message(
            "creatures can't attack {player} ({source}); {creature} attacks {target}",
            "les créatures ne peuvent pas attaquer {player} ({source}) ; {creature} attaque {target}",
            "las criaturas no pueden atacar a {player} ({source}); {creature} ataca a {target}",
        )
    }

    def pair_weight(self, ctx: AttackContext) -> int:
        return 1 + len(ctx.board.snapshot.effects)

    def forbids(self, ctx: AttackContext, creature: Permanent, target: str) -> Reason | None:
        for effect in ctx.board.snapshot.effects:
            if not isinstance(effect, CantAttackEffect):
                continue
            if effect.attackers is not None and not ctx.matches(effect.attackers, creature):
                continue
            hit = target == effect.cant_attack or (
                effect.planeswalkers and ctx.is_player_or_their_planeswalker(target, effect.cant_attack)
            )
            if hit:
                source = SourceTerm(effect.source)
                return self.reason("cant", player=effect.cant_attack, source=source, creature=creature, target=target)
        return None


@register
class CantAttackThesePlayers(AttackPairRestriction):
    key = "cant_attack_these_players"
    reads = frozenset({"cant_attack_players", "cant_attack_planeswalkers_of"})
    cr = "508.1c"
    summary = "A creature that can't attack given players, or the planeswalkers they control (Vow of Duty)."
    messages = {
        "player": Message(
            "{creature} can't attack {target}",
            "{creature} ne peut pas attaquer {target}",
            "{creature} no puede atacar a {target}",
        ),
        "planeswalker": Message(
            "{creature} can't attack {target}, a planeswalker {player} controls",
            "{creature} ne peut pas attaquer {target}, un planeswalker que {player} contrôle",
            "{creature} no puede atacar a {target}, un planeswalker que {player} controla",
        ),
    }

    def forbids(self, ctx: AttackContext, creature: Permanent, target: str) -> Reason | None:
        if any(target in a.cant_attack_players for a in creature.abilities_of(CantAttackPlayers)):
            return self.reason("player", creature=creature, target=target)
        for ability in creature.abilities_of(CantAttackPlaneswalkersOf):
            for player in ability.cant_attack_planeswalkers_of:
                if target != player and ctx.is_player_or_their_planeswalker(target, player):
                    return self.reason("planeswalker", creature=creature, target=target, player=player)
        return None
