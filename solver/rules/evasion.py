"""Evasion abilities (702.x, 509.1b): static abilities of an attacker that restrict what can block it.

Different evasion abilities are cumulative: each is its own rule and each forbids on its own.
"""

from __future__ import annotations

from ...models import Permanent
from ...models.abilities import (
    CanBlockAsThoughReach,
    CantBeBlockedBy,
    CantBeBlockedExceptBy,
    CantBeBlockedWhileDefenderControls,
    Keyword,
    Landwalk,
    LandwalkSpec,
    MaxBlockers,
    MinBlockers,
    ProtectionFrom,
)
from ...models.characteristics import CardType, Color, Supertype
from ..ir import Count, Pair, Reason, Receives
from ..text import FilterTerm, LandwalkTerm, QualityTerm
from .base import BlockContext, BlockRule, Message, PairRestriction, Plural, register
from .qualities import protected as _protected

# Keyword members as module constants: read off the enum class, each costs about 0.4 us on Python 3.11.
_FLYING, _REACH, _SHADOW, _CAN_BLOCK_SHADOW = Keyword.FLYING, Keyword.REACH, Keyword.SHADOW, Keyword.CAN_BLOCK_SHADOW
_HORSEMANSHIP, _FEAR, _INTIMIDATE, _SKULK = Keyword.HORSEMANSHIP, Keyword.FEAR, Keyword.INTIMIDATE, Keyword.SKULK
_MENACE, _CANT_BE_BLOCKED = Keyword.MENACE, Keyword.CANT_BE_BLOCKED
_CANT_BE_BLOCKED_UNLESS_ALL_BLOCK_IT = Keyword.CANT_BE_BLOCKED_UNLESS_ALL_BLOCK_IT


@register
class Flying(PairRestriction):
    key = "flying"
    reads = frozenset({"flying"})
    cr = "702.9b"
    summary = (
        "A creature with flying can't be blocked except by creatures with flying and/or reach, or that can block it "
        "as though they had reach (Dragon Hunter)."
    )
    messages = {
        "flying": Message(
            "{attacker} has flying and can't be blocked by {blocker}, which has neither flying nor reach",
            "{attacker} a le vol et ne peut pas être bloqué par {blocker}, qui n'a ni le vol ni la portée",
            "{attacker} tiene la habilidad de volar y no puede ser bloqueada por {blocker}, que no tiene la habilidad "
            "de volar ni alcance",
        )
    }

    def concerns(self, attacker: Permanent) -> bool:
        return attacker.has_keyword(_FLYING)

    def forbids(self, ctx: BlockContext, blocker: Permanent, attacker: Permanent) -> Reason | None:
        if blocker.has_keyword(_FLYING) or blocker.has_keyword(_REACH):
            return None
        if any(
            a.can_block_as_though_reach.matches(attacker, blocker) for a in blocker.abilities_of(CanBlockAsThoughReach)
        ):
            return None
        return self.reason("flying", attacker=attacker, blocker=blocker)


@register
class Shadow(PairRestriction):
    key = "shadow"
    reads = frozenset({"shadow"})
    cr = "702.28b"
    summary = (
        "A creature with shadow can't be blocked by creatures without shadow, unless they can block it as though it "
        "didn't have shadow or as though they had it (Aetherflame Wall, Heartwood Dryad); a creature without shadow "
        "can't be blocked by creatures with shadow."
    )
    messages = {
        "attacker_has": Message(
            "{attacker} has shadow and can't be blocked by {blocker}, which doesn't",
            "{attacker} a la distorsion et ne peut pas être bloqué par {blocker}, qui ne l'a pas",
            "{attacker} tiene la habilidad de desvanecerse y no puede ser bloqueada por {blocker}, que no la tiene",
        ),
        "blocker_has": Message(
            "{blocker} has shadow and can block only creatures with shadow; {attacker} has none",
            "{blocker} a la distorsion et ne peut bloquer que des créatures avec la distorsion ; {attacker} ne l'a pas",
            "{blocker} tiene la habilidad de desvanecerse y solo puede bloquear criaturas que la tengan; "
            "{attacker} no la tiene",
        ),
    }

    def relevant(self, ctx: BlockContext) -> bool:
        return any(p.has_keyword(_SHADOW) for p in (*ctx.attackers, *ctx.blockers))

    def forbids(self, ctx: BlockContext, blocker: Permanent, attacker: Permanent) -> Reason | None:
        attacker_has = attacker.has_keyword(_SHADOW)
        if attacker_has == blocker.has_keyword(_SHADOW):
            return None
        if attacker_has and blocker.has_keyword(_CAN_BLOCK_SHADOW):
            return None
        return self.reason("attacker_has" if attacker_has else "blocker_has", attacker=attacker, blocker=blocker)


@register
class Horsemanship(PairRestriction):
    key = "horsemanship"
    reads = frozenset({"horsemanship"})
    cr = "702.31b"
    summary = "A creature with horsemanship can't be blocked by creatures without horsemanship."
    messages = {
        "horsemanship": Message(
            "{attacker} has horsemanship and can't be blocked by {blocker}, which doesn't",
            "{attacker} a l'équitation et ne peut pas être bloqué par {blocker}, qui ne l'a pas",
            # The Spanish keyword is not verified (never printed in Spanish): the English one is kept as a gloss.
            "{attacker} tiene la habilidad de equitación (horsemanship) y no puede ser bloqueada por {blocker}, que "
            "no la tiene",
        )
    }

    def concerns(self, attacker: Permanent) -> bool:
        return attacker.has_keyword(_HORSEMANSHIP)

    def forbids(self, ctx: BlockContext, blocker: Permanent, attacker: Permanent) -> Reason | None:
        if blocker.has_keyword(_HORSEMANSHIP):
            return None
        return self.reason("horsemanship", attacker=attacker, blocker=blocker)


@register
class Fear(PairRestriction):
    key = "fear"
    reads = frozenset({"fear"})
    cr = "702.36b"
    summary = "A creature with fear can't be blocked except by artifact creatures and/or black creatures."
    messages = {
        "fear": Message(
            "{attacker} has fear and can't be blocked by {blocker}, which is neither an artifact nor black",
            "{attacker} a la peur et ne peut pas être bloqué par {blocker}, qui n'est ni un artefact ni noir",
            "{attacker} tiene la habilidad de inspirar temor y no puede ser bloqueada por {blocker}, que no es "
            "artefacto ni negra",
        )
    }

    def concerns(self, attacker: Permanent) -> bool:
        return attacker.has_keyword(_FEAR)

    def forbids(self, ctx: BlockContext, blocker: Permanent, attacker: Permanent) -> Reason | None:
        if CardType.ARTIFACT in blocker.types or Color.BLACK in blocker.colors:
            return None
        return self.reason("fear", attacker=attacker, blocker=blocker)


@register
class Intimidate(PairRestriction):
    key = "intimidate"
    reads = frozenset({"intimidate"})
    cr = "702.13b"
    summary = "A creature with intimidate can't be blocked except by artifact creatures and creatures that share a color with it."
    messages = {
        "intimidate": Message(
            "{attacker} has intimidate and can't be blocked by {blocker}, which is not an artifact and shares no color with it",
            "{attacker} a l'intimidation et ne peut pas être bloqué par {blocker}, qui n'est pas un artefact et "
            "n'a aucune couleur en commun avec lui",
            "{attacker} tiene la habilidad de intimidar y no puede ser bloqueada por {blocker}, que no es artefacto "
            "ni comparte un color con ella",
        )
    }

    def concerns(self, attacker: Permanent) -> bool:
        return attacker.has_keyword(_INTIMIDATE)

    def forbids(self, ctx: BlockContext, blocker: Permanent, attacker: Permanent) -> Reason | None:
        if CardType.ARTIFACT in blocker.types or set(blocker.colors) & set(attacker.colors):
            return None
        return self.reason("intimidate", attacker=attacker, blocker=blocker)


@register
class Skulk(PairRestriction):
    key = "skulk"
    reads = frozenset({"skulk"})
    cr = "702.118b"
    summary = "A creature with skulk can't be blocked by creatures with greater power."
    messages = {
        "skulk": Message(
            "{attacker} has skulk and can't be blocked by {blocker}, which has greater power",
            "{attacker} a la furtivité et ne peut pas être bloqué par {blocker}, dont la force est supérieure",
            "{attacker} tiene la habilidad de escurridizo y no puede ser bloqueada por {blocker}, que tiene mayor "
            "fuerza",
        )
    }

    def concerns(self, attacker: Permanent) -> bool:
        return attacker.has_keyword(_SKULK)

    def forbids(self, ctx: BlockContext, blocker: Permanent, attacker: Permanent) -> Reason | None:
        if (blocker.power or 0) <= (attacker.power or 0):
            return None
        return self.reason("skulk", attacker=attacker, blocker=blocker)


def _land_matches(land: Permanent, spec: LandwalkSpec) -> bool:
    if spec.nonbasic and Supertype.BASIC in land.supertypes:
        return False
    if spec.subtype is not None and spec.subtype not in land.subtypes:
        return False
    return spec.supertype is None or spec.supertype in land.supertypes


@register
class LandwalkRule(BlockRule):
    key = "landwalk"
    reads = frozenset({"landwalk"})
    cr = "702.14c"
    kind = "restriction"
    summary = "A creature with landwalk can't be blocked as long as the defending player controls a land of that kind."
    messages = {
        "landwalk": Message(
            "{attacker} has {walk} and {player} controls {land}, so it can't be blocked",
            "{attacker} a la {walk} et {player} contrôle {land} : il ne peut pas être bloqué",
            "{attacker} tiene la habilidad de {walk} y {player} controla {land}: no puede ser bloqueada",
        )
    }

    def compile(self, ctx: BlockContext) -> None:
        for attacker in ctx.attackers:
            defender = ctx.board.defender_of.get(attacker.id)
            if defender is None:
                continue
            for ability in attacker.abilities_of(Landwalk):
                land = next((x for x in ctx.board.lands_of(defender) if _land_matches(x, ability.landwalk)), None)
                if land is None:
                    continue
                walk = LandwalkTerm(ability.landwalk)
                for blocker in ctx.blockers_of(attacker):
                    ctx.forbid(
                        blocker,
                        attacker.id,
                        self.reason("landwalk", attacker=attacker, walk=walk, player=defender, land=land),
                    )


@register
class DefenderControls(BlockRule):
    key = "cant_be_blocked_while_defender_controls"
    reads = frozenset({"cant_be_blocked_while_defender_controls"})
    cr = "509.1b"
    kind = "restriction"
    summary = (
        "A creature that can't be blocked as long as the defending player controls a matching permanent "
        "(an artifact, an untapped land, ...)."
    )
    messages = {
        "controls": Message(
            "{attacker} can't be blocked as long as {player} controls {filter:a}; {player} controls {permanent}",
            "{attacker} ne peut pas être bloqué tant que {player} contrôle {filter:un} ; {player} contrôle {permanent}",
            "{attacker} no puede ser bloqueada mientras {player} controle {filter:un}; {player} controla {permanent}",
        )
    }

    def compile(self, ctx: BlockContext) -> None:
        for attacker in ctx.attackers:
            defender = ctx.board.defender_of.get(attacker.id)
            for ability in attacker.abilities_of(CantBeBlockedWhileDefenderControls):
                flt = ability.cant_be_blocked_while_defender_controls
                owned = ctx.board.controlled_by(defender)
                found = next((p for p in owned if ctx.matches(flt, p, attacker)), None)
                if found is None or defender is None:
                    continue
                reason = self.reason(
                    "controls", attacker=attacker, player=defender, filter=FilterTerm(flt, False), permanent=found
                )
                for blocker in ctx.blockers_of(attacker):
                    ctx.forbid(blocker, attacker.id, reason)


@register
class Protection(PairRestriction):
    key = "protection"
    reads = frozenset({"protection_from"})
    cr = "702.16f"
    summary = "A creature with protection can't be blocked by creatures with the stated quality (702.16j: everything)."
    messages = {
        "protection": Message(
            "{attacker} has protection from {quality} and can't be blocked by {blocker}",
            "{attacker} a la protection contre {quality} et ne peut pas être bloqué par {blocker}",
            "{attacker} tiene protección contra {quality} y no puede ser bloqueada por {blocker}",
        )
    }

    def concerns(self, attacker: Permanent) -> bool:
        return bool(attacker.abilities_of(ProtectionFrom))

    def forbids(self, ctx: BlockContext, blocker: Permanent, attacker: Permanent) -> Reason | None:
        for ability in attacker.abilities_of(ProtectionFrom):
            for quality in ability.protection_from:
                if _protected(quality, blocker, attacker, ctx.budget.tick):
                    return self.reason("protection", attacker=attacker, blocker=blocker, quality=QualityTerm(quality))
        return None


@register
class CantBeBlocked(PairRestriction):
    key = "cant_be_blocked"
    reads = frozenset({"cant_be_blocked"})
    cr = "509.1b"
    summary = "A creature that can't be blocked can't be blocked by any creature."
    messages = {
        "cant_be_blocked": Message(
            "{attacker} can't be blocked",
            "{attacker} ne peut pas être bloqué",
            "{attacker} no puede ser bloqueada",
        )
    }

    def concerns(self, attacker: Permanent) -> bool:
        return attacker.has_keyword(_CANT_BE_BLOCKED)

    def forbids(self, ctx: BlockContext, blocker: Permanent, attacker: Permanent) -> Reason | None:
        return self.reason("cant_be_blocked", attacker=attacker)


@register
class CantBeBlockedByFilter(PairRestriction):
    key = "cant_be_blocked_by"
    reads = frozenset({"cant_be_blocked_by"})
    cr = "509.1b"
    summary = "A creature that can't be blocked by <filter> (e.g. Walls, creatures with power 2 or less)."
    messages = {
        "by": Message(
            "{attacker} can't be blocked by {filter}; {blocker} is one",
            "{attacker} ne peut pas être bloqué par {filter:des} ; {blocker} en fait partie",
            "{attacker} no puede ser bloqueada por {filter}; {blocker} lo es",
        )
    }

    def concerns(self, attacker: Permanent) -> bool:
        return bool(attacker.abilities_of(CantBeBlockedBy))

    def forbids(self, ctx: BlockContext, blocker: Permanent, attacker: Permanent) -> Reason | None:
        for ability in attacker.abilities_of(CantBeBlockedBy):
            if ctx.matches(ability.cant_be_blocked_by, blocker, attacker):
                return self.reason(
                    "by", attacker=attacker, blocker=blocker, filter=FilterTerm(ability.cant_be_blocked_by)
                )
        return None


@register
class CantBeBlockedExceptByFilter(PairRestriction):
    key = "cant_be_blocked_except_by"
    reads = frozenset({"cant_be_blocked_except_by"})
    cr = "509.1b"
    summary = "A creature that can't be blocked except by <filter> (e.g. except by artifact creatures)."
    messages = {
        "except_by": Message(
            "{attacker} can't be blocked except by {filter}; {blocker} is not one",
            "{attacker} ne peut être bloqué que par {filter:des} ; {blocker} n'en fait pas partie",
            "{attacker} no puede ser bloqueada excepto por {filter}; {blocker} no lo es",
        )
    }

    def concerns(self, attacker: Permanent) -> bool:
        return bool(attacker.abilities_of(CantBeBlockedExceptBy))

    def forbids(self, ctx: BlockContext, blocker: Permanent, attacker: Permanent) -> Reason | None:
        for ability in attacker.abilities_of(CantBeBlockedExceptBy):
            if not ctx.matches(ability.cant_be_blocked_except_by, blocker, attacker):
                return self.reason(
                    "except_by",
                    attacker=attacker,
                    blocker=blocker,
                    filter=FilterTerm(ability.cant_be_blocked_except_by),
                )
        return None


def _blocker_atoms(ctx: BlockContext, attacker: Permanent) -> tuple[Pair, ...]:
    return tuple(Pair(b.id, attacker.id) for b in ctx.blockers_of(attacker))


@register
class Menace(BlockRule):
    key = "menace"
    reads = frozenset({"menace"})
    cr = "702.111b"
    kind = "restriction"
    summary = "A creature with menace can't be blocked except by two or more creatures."
    messages = {
        "menace": Message(
            "{attacker} has menace and can't be blocked except by two or more creatures",
            "{attacker} a la menace et ne peut être bloqué que par deux créatures ou plus",
            "{attacker} tiene la habilidad de amenaza y no puede ser bloqueada excepto por dos o más criaturas",
        )
    }

    def compile(self, ctx: BlockContext) -> None:
        for attacker in ctx.attackers_with(_MENACE):
            ctx.restrict(
                Count(_blocker_atoms(ctx, attacker), at_least=2, only_if=Receives(attacker.id)),
                self.reason("menace", attacker=attacker),
            )


@register
class MinimumBlockers(BlockRule):
    key = "min_blockers"
    reads = frozenset({"min_blockers"})
    cr = "509.1b"
    kind = "restriction"
    summary = "A creature that can't be blocked except by N or more creatures."
    messages = {
        "min": Message(
            "{attacker} can't be blocked except by {count} or more creatures",
            "{attacker} ne peut être bloqué que par {count} créatures ou plus",
            "{attacker} no puede ser bloqueada excepto por {count} o más criaturas",
        )
    }

    def compile(self, ctx: BlockContext) -> None:
        for attacker in ctx.attackers:
            for ability in attacker.abilities_of(MinBlockers):
                ctx.restrict(
                    Count(
                        _blocker_atoms(ctx, attacker),
                        at_least=ability.min_blockers,
                        only_if=Receives(attacker.id),
                    ),
                    self.reason("min", attacker=attacker, count=ability.min_blockers),
                )


@register
class MaximumBlockers(BlockRule):
    key = "max_blockers"
    reads = frozenset({"max_blockers"})
    cr = "509.1b"
    kind = "restriction"
    summary = "A creature that can't be blocked by more than N creatures."
    messages = {
        "max": Message(
            Plural(
                "count",
                "{attacker} can't be blocked by more than one creature",
                "{attacker} can't be blocked by more than {count} creatures",
            ),
            Plural(
                "count",
                "{attacker} ne peut pas être bloqué par plus d'une créature",
                "{attacker} ne peut pas être bloqué par plus de {count} créatures",
            ),
            Plural(
                "count",
                "{attacker} no puede ser bloqueada por más de una criatura",
                "{attacker} no puede ser bloqueada por más de {count} criaturas",
            ),
        )
    }

    def compile(self, ctx: BlockContext) -> None:
        for attacker in ctx.attackers:
            for ability in attacker.abilities_of(MaxBlockers):
                ctx.restrict(
                    Count(_blocker_atoms(ctx, attacker), at_most=ability.max_blockers),
                    self.reason("max", attacker=attacker, count=ability.max_blockers),
                )


@register
class UnlessAllBlockIt(BlockRule):
    key = "cant_be_blocked_unless_all_block_it"
    reads = frozenset({"cant_be_blocked_unless_all_block_it"})
    cr = "509.1b"
    kind = "restriction"
    summary = (
        "A creature that can't be blocked unless all creatures defending player controls block it (Tromokratis); "
        "a tapped creature of that player makes it unblockable."
    )
    messages = {
        "all": Message(
            "{attacker} can't be blocked unless all creatures {player} controls block it; {creature} doesn't",
            "{attacker} ne peut être bloqué que si toutes les créatures que {player} contrôle le bloquent ; "
            "{creature} ne le bloque pas",
            "{attacker} no puede ser bloqueada a menos que todas las criaturas que controla {player} la bloqueen; "
            "{creature} no la bloquea",
        )
    }

    def compile(self, ctx: BlockContext) -> None:
        for attacker in ctx.attackers_with(_CANT_BE_BLOCKED_UNLESS_ALL_BLOCK_IT):
            defender = ctx.board.defender_of.get(attacker.id)
            if defender is None:
                continue
            for creature in ctx.board.creatures_of(defender):
                ctx.restrict(
                    Count((Pair(creature.id, attacker.id),), at_least=1, only_if=Receives(attacker.id)),
                    self.reason("all", attacker=attacker, player=defender, creature=creature),
                )
