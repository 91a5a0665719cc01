"""Declare attackers (508.1a-c): who may attack, what it may attack, and the restrictions on attacks."""

from __future__ import annotations

from ...models import Permanent
from ...models.abilities import (
    AttackCost,
    CantAttackUnlessAlsoAttacking,
    CantAttackUnlessDefenderControls,
    CantAttackUnlessOthersAttack,
    Keyword,
)
from ...models.effects import (
    AttackCostEffect,
    MaxAttackersAgainstEffect,
    MaxAttackersEffect,
)
from ..ir import Acts, Count, Pair, Reason
from ..text import FilterTerm, SourceTerm
from .base import AttackContext, AttackPairRestriction, AttackRule, Message, Plural, register

# Keyword members as module constants: reading one off the enum class costs about 0.4 us on Python 3.11 (its
# metaclass has a __getattr__), and these are read for every attacker, blocker or pair.
_CANT_ATTACK = Keyword.CANT_ATTACK
_CANT_ATTACK_ALONE = Keyword.CANT_ATTACK_ALONE
_CAN_ONLY_ATTACK_ALONE = Keyword.CAN_ONLY_ATTACK_ALONE
_DEFENDER = Keyword.DEFENDER
_HASTE = Keyword.HASTE


@register
class AttackerIsUntappedCreature(AttackPairRestriction):
    key = "untapped_creature_attacks"
    cr = "508.1a"
    summary = "An attacker is an untapped creature of the attacking player, not a battle, phased in."
    messages = {
        "tapped": Message(
            "{creature} is tapped and can't attack",
            "{creature} est engagé et ne peut pas attaquer",
            "{creature} está girada y no puede atacar",
        ),
        "not_creature": Message(
            "{creature} is not a creature and can't attack (506.3)",
            "{creature} n'est pas une créature et ne peut pas attaquer (506.3)",
            "{creature} no es una criatura y no puede atacar (506.3)",
        ),
        "battle": Message(
            "{creature} is a battle and can't attack",
            "{creature} est une bataille et ne peut pas attaquer",
            "{creature} es una batalla y no puede atacar",
        ),
        "phased_out": Message(
            "{creature} is phased out and can't attack (702.26b)",
            "{creature} est hors-phase et ne peut pas attaquer (702.26b)",
            "{creature} está fuera de fase y no puede atacar (702.26b)",
        ),
    }

    def forbids(self, ctx: AttackContext, creature: Permanent, target: str) -> Reason | None:
        if not creature.is_creature:
            return self.reason("not_creature", creature=creature)
        if creature.is_battle:
            return self.reason("battle", creature=creature)
        if creature.phased_out:
            return self.reason("phased_out", creature=creature)
        if creature.tapped:
            return self.reason("tapped", creature=creature)
        return None


@register
class SummoningSickness(AttackPairRestriction):
    key = "summoning_sickness"
    cr = "302.6"
    summary = (
        "A creature can't attack unless its controller has controlled it continuously since their most recent turn "
        "began, unless it has haste (702.10b)."
    )
    messages = {
        "sick": Message(
            "{creature} has not been under its controller's control continuously since their most recent turn began "
            "and has no haste, so it can't attack (summoning sickness)",
            "{creature} n'est pas sous le contrôle de son contrôleur depuis le début de son tour le plus récent et n'a "
            "pas la célérité : il ne peut pas attaquer (mal d'invocation)",
            "{creature} entró bajo el control de su controlador este turno y no tiene la habilidad de prisa, así que "
            "no puede atacar (mareo de invocación)",
        )
    }

    def forbids(self, ctx: AttackContext, creature: Permanent, target: str) -> Reason | None:
        if creature.entered_this_turn and not creature.has_keyword(_HASTE):
            return self.reason("sick", creature=creature)
        return None


@register
class AttackTarget(AttackPairRestriction):
    key = "attack_target"
    cr = "508.1b"
    summary = (
        "Each attacker attacks a defending player, a planeswalker they control or a battle they protect; which "
        "opponents are defending depends on the attack option (506.2, 802, 803); a battle's protector can't "
        "attack it (310.8b)."
    )
    messages = {
        "not_defending": Message(
            "{creature} can't attack {target}: {player} is not a defending player this combat",
            "{creature} ne peut pas attaquer {target} : {player} n'est pas un joueur défenseur pendant ce combat",
            "{creature} no puede atacar a {target}: {player} no es un jugador defensor en este combate",
        ),
        "own_battle": Message(
            "{creature} can't attack {target}: its controller protects that battle (310.8b)",
            "{creature} ne peut pas attaquer {target} : son contrôleur protège cette bataille (310.8b)",
            "{creature} no puede atacar a {target}: su controlador protege esa batalla (310.8b)",
        ),
    }

    def forbids(self, ctx: AttackContext, creature: Permanent, target: str) -> Reason | None:
        if target in ctx.board.attack_targets:
            return None
        player = ctx.board.defender_for_target(target) or target
        perm = ctx.board.permanents.get(target)
        if perm is not None and perm.is_battle and player in ctx.board.attacking_players:
            return self.reason("own_battle", creature=creature, target=target)
        return self.reason("not_defending", creature=creature, target=target, player=player)


@register
class OneTargetPerAttacker(AttackRule):
    key = "one_target_per_attacker"
    cr = "508.1b"
    kind = "restriction"
    summary = "Each attacking creature attacks exactly one player, planeswalker or battle."
    messages = {
        "one": Message(
            "{creature} attacks more than one player, planeswalker or battle",
            "{creature} attaque plus d'un joueur, d'un planeswalker ou d'une bataille",
            "{creature} ataca a más de un jugador, un planeswalker o una batalla",
        )
    }

    def compile(self, ctx: AttackContext) -> None:
        for creature in ctx.creatures:
            targets = ctx.targets_of(creature)
            if len(targets) > 1:
                ctx.restrict(
                    Count(ctx.pairs_of(creature), at_most=1),
                    self.reason("one", creature=creature),
                )


@register
class Defender(AttackPairRestriction):
    key = "defender"
    reads = frozenset({"defender"})
    cr = "702.3b"
    summary = "A creature with defender can't attack."
    messages = {
        "defender": Message(
            "{creature} has defender and can't attack",
            "{creature} a défenseur et ne peut pas attaquer",
            "{creature} tiene la habilidad de defensor y no puede atacar",
        )
    }

    def forbids(self, ctx: AttackContext, creature: Permanent, target: str) -> Reason | None:
        return self.reason("defender", creature=creature) if creature.has_keyword(_DEFENDER) else None


@register
class CantAttack(AttackPairRestriction):
    key = "cant_attack"
    reads = frozenset({"cant_attack"})
    cr = "508.1c"
    summary = "A creature that can't attack."
    messages = {
        "cant": Message("{creature} can't attack", "{creature} ne peut pas attaquer", "{creature} no puede atacar")
    }

    def forbids(self, ctx: AttackContext, creature: Permanent, target: str) -> Reason | None:
        return self.reason("cant", creature=creature) if creature.has_keyword(_CANT_ATTACK) else None


@register
class DefendingPlayerControls(AttackPairRestriction):
    key = "cant_attack_unless_defender_controls"
    reads = frozenset({"cant_attack_unless_defender_controls"})
    cr = "508.1c"
    summary = "A creature that can't attack unless the defending player controls a matching permanent (Sea Serpent)."
    messages = {
        "unless": Message(
            "{creature} can't attack {target}: {player} controls {filter:no}",
            "{creature} ne peut pas attaquer {target} : {player} ne contrôle {filter:aucun}",
            "{creature} no puede atacar a {target}: {player} no controla {filter:ningún}",
        )
    }

    def forbids(self, ctx: AttackContext, creature: Permanent, target: str) -> Reason | None:
        player = ctx.defender_of(target)
        for ability in creature.abilities_of(CantAttackUnlessDefenderControls):
            flt = ability.cant_attack_unless_defender_controls
            if not any(ctx.matches(flt, p, creature) for p in ctx.board.controlled_by(player)):
                return self.reason(
                    "unless",
                    creature=creature,
                    target=target,
                    player=player or target,
                    filter=FilterTerm(flt, of_creatures=False),
                )
        return None


@register
class CantAttackAlone(AttackRule):
    key = "cant_attack_alone"
    reads = frozenset({"cant_attack_alone"})
    cr = "508.1c"
    kind = "restriction"
    summary = "A creature that can't attack alone: another creature must also attack (506.5)."
    messages = {
        "alone": Message(
            "{creature} can't attack alone", "{creature} ne peut pas attaquer seul", "{creature} no puede atacar sola"
        )
    }

    def compile(self, ctx: AttackContext) -> None:
        for creature in ctx.creatures:
            if creature.has_keyword(_CANT_ATTACK_ALONE):
                reason = self.reason("alone", creature=creature)
                ctx.restrict_company(creature, ctx.companions(creature), reason, at_least=1)


@register
class CanOnlyAttackAlone(AttackRule):
    key = "can_only_attack_alone"
    reads = frozenset({"can_only_attack_alone"})
    cr = "508.1c"
    summary = "A creature that can only attack alone (Master of Cruelties): no other creature may attack (506.5)."
    kind = "restriction"
    messages = {
        "only_alone": Message(
            "{creature} can only attack alone",
            "{creature} ne peut attaquer que seul",
            "{creature} solo puede atacar sola",
        )
    }

    def compile(self, ctx: AttackContext) -> None:
        for creature in ctx.creatures:
            if creature.has_keyword(_CAN_ONLY_ATTACK_ALONE):
                reason = self.reason("only_alone", creature=creature)
                ctx.restrict_company(creature, ctx.companions(creature), reason, at_most=0)


@register
class OthersMustAttack(AttackRule):
    key = "cant_attack_unless_others_attack"
    reads = frozenset({"cant_attack_unless_others_attack"})
    cr = "508.1c"
    kind = "restriction"
    summary = "A creature that can't attack unless at least N other creatures attack (Orcish Conscripts)."
    messages = {
        "unless": Message(
            Plural(
                "count",
                "{creature} can't attack unless at least one other creature also attacks",
                "{creature} can't attack unless at least {count} other creatures also attack",
            ),
            Plural(
                "count",
                "{creature} ne peut pas attaquer à moins qu'au moins une autre créature n'attaque aussi",
                "{creature} ne peut pas attaquer à moins qu'au moins {count} autres créatures n'attaquent aussi",
            ),
            Plural(
                "count",
                "{creature} no puede atacar a menos que al menos otra criatura también ataque",
                "{creature} no puede atacar a menos que al menos otras {count} criaturas también ataquen",
            ),
        )
    }

    def compile(self, ctx: AttackContext) -> None:
        for creature in ctx.creatures:
            for ability in creature.abilities_of(CantAttackUnlessOthersAttack):
                n = ability.cant_attack_unless_others_attack
                reason = self.reason("unless", creature=creature, count=n)
                ctx.restrict_company(creature, ctx.companions(creature), reason, at_least=n)


@register
class PartnerMustAttack(AttackRule):
    key = "cant_attack_unless_also_attacking"
    reads = frozenset({"cant_attack_unless_also_attacking"})
    cr = "508.1c"
    kind = "restriction"
    summary = "A creature that can't attack unless another matching creature also attacks (Okk: greater power)."
    messages = {
        "unless": Message(
            "{creature} can't attack unless {filter:another} also attacks",
            "{creature} ne peut pas attaquer à moins qu'{filter:autre} n'attaque aussi",
            "{creature} no puede atacar a menos que {filter:otro} también ataque",
        )
    }

    def compile(self, ctx: AttackContext) -> None:
        for creature in ctx.creatures:
            for ability in creature.abilities_of(CantAttackUnlessAlsoAttacking):
                flt = ability.cant_attack_unless_also_attacking
                partners = [o for o in ctx.companions(creature) if ctx.matches(flt, o, creature)]
                reason = self.reason("unless", creature=creature, filter=FilterTerm(flt))
                ctx.restrict_company(creature, partners, reason, at_least=1)


@register
class NoMoreThanNAttack(AttackRule):
    key = "max_attacking_creatures"
    reads = frozenset({"max_attackers"})
    cr = "508.1c"
    kind = "restriction"
    summary = "No more than N creatures can attack each combat (Silent Arbiter), over the whole attack (802.3a)."
    messages = {
        "limit": Message(
            Plural(
                "count",
                "no more than one creature can attack each combat ({source})",
                "no more than {count} creatures can attack each combat ({source})",
            ),
            Plural(
                "count",
                "pas plus de {count} créature ne peut attaquer à chaque combat ({source})",
                "pas plus de {count} créatures ne peuvent attaquer à chaque combat ({source})",
                exact={1: "pas plus d'une créature ne peut attaquer à chaque combat ({source})"},
            ),
            Plural(
                "count",
                "no más de una criatura puede atacar cada combate ({source})",
                "no más de {count} criaturas pueden atacar cada combate ({source})",
            ),
        )
    }

    def compile(self, ctx: AttackContext) -> None:
        for effect in ctx.board.snapshot.effects:
            if isinstance(effect, MaxAttackersEffect):
                source = SourceTerm(effect.source)
                ctx.restrict(
                    Count(tuple(Acts(c.id) for c in ctx.creatures), at_most=effect.max_attackers),
                    self.reason("limit", count=effect.max_attackers, source=source),
                )


@register
class NoMoreThanNAttackPlayer(AttackRule):
    key = "max_attackers_against"
    reads = frozenset({"max_attackers_against"})
    cr = "508.1c"
    kind = "restriction"
    summary = (
        "No more than N creatures can attack a given player each combat (Crawlspace); counted per player (802.3a)."
    )
    messages = {
        "limit": Message(
            Plural(
                "count",
                "no more than one creature can attack {player} each combat ({source})",
                "no more than {count} creatures can attack {player} each combat ({source})",
            ),
            Plural(
                "count",
                "pas plus de {count} créature ne peut attaquer {player} à chaque combat ({source})",
                "pas plus de {count} créatures ne peuvent attaquer {player} à chaque combat ({source})",
                exact={1: "pas plus d'une créature ne peut attaquer {player} à chaque combat ({source})"},
            ),
            Plural(
                "count",
                "no más de una criatura puede atacar a {player} cada combate ({source})",
                "no más de {count} criaturas pueden atacar a {player} cada combate ({source})",
            ),
        )
    }

    def compile(self, ctx: AttackContext) -> None:
        for effect in ctx.board.snapshot.effects:
            if isinstance(effect, MaxAttackersAgainstEffect):
                player = effect.max_attackers_against
                source = SourceTerm(effect.source)
                ctx.restrict(
                    Count(tuple(Pair(c.id, player) for c in ctx.actors_of(player)), at_most=effect.count),
                    self.reason("limit", count=effect.count, player=player, source=source),
                )


@register
class CostToAttack(AttackRule):
    key = "attack_cost"
    reads = frozenset({"attack_cost"})
    cr = "508.1h"
    kind = "restriction"
    summary = (
        "A creature that can't attack (a player) unless its controller pays a cost (Propaganda, Ghostly Prison): "
        "declaring it means paying, and nobody is required to pay (508.1d)."
    )
    messages = {
        "cost": Message(
            "{creature} can attack {target} only if {player} pays {cost} ({source})",
            "{creature} ne peut attaquer {target} que si {player} paie {cost} ({source})",
            "{creature} solo puede atacar a {target} si {player} paga {cost} ({source})",
        ),
        "own_cost": Message(
            "{creature} can attack only if {player} pays {cost} ({source})",
            "{creature} ne peut attaquer que si {player} paie {cost} ({source})",
            "{creature} solo puede atacar si {player} paga {cost} ({source})",
        ),
    }

    def compile(self, ctx: AttackContext) -> None:
        effects = [e for e in ctx.board.snapshot.effects if isinstance(e, AttackCostEffect)]
        for creature in ctx.creatures:
            for ability in creature.abilities_of(AttackCost):
                reason = self.reason(
                    "own_cost",
                    creature=creature,
                    player=creature.controller,
                    cost=ability.attack_cost,
                    source=SourceTerm(creature.id),
                )
                ctx.cost(creature, ability.attack_cost, reason)
            for effect in effects:
                if effect.attackers is not None and not effect.attackers.matches(creature):
                    continue  # Elephant Grass: only nonblack creatures pay
                source = SourceTerm(effect.source)
                ctx.budget.tick(len(ctx.targets_of(creature)))
                for target in ctx.targets_of(creature):
                    if target == effect.defender or (
                        effect.planeswalkers and ctx.is_player_or_their_planeswalker(target, effect.defender)
                    ):
                        reason = self.reason(
                            "cost",
                            creature=creature,
                            target=target,
                            player=creature.controller,
                            cost=effect.attack_cost,
                            source=source,
                        )
                        ctx.cost(creature, effect.attack_cost, reason, target=target)
