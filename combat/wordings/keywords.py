"""Keyword abilities that are attack or block triggers (702): each is one of the wordings of 508.3 / 509.3, and each
instance triggers separately (702.23c, 702.25b, ...). Amounts counted when the ability resolves are described, not
computed (rampage: 702.23b)."""

from __future__ import annotations

from typing import Any

from ...models import Permanent
from ...models.abilities import Keyword
from ...models.filters import CreatureFilter
from ...models.trigger_abilities import Afflict, Annihilator, Bushido, Frenzy, Rampage
from ...solver.rules.base import Message
from ...solver.text.vocabulary import keyword_message
from ..trigger_points import TriggerPoint
from . import events
from .attacking import ATTACKS, ATTACKS_ALONE, UNBLOCKED
from .base import Hit, SelfWording, Wording, register
from .blocking import BLOCKED, BLOCKED_BY, BLOCKS

WITHOUT_FLANKING = CreatureFilter.model_validate({"not": {"abilities": ["flanking"]}})


class _Numbered(SelfWording):
    """A keyword with a number: the name shows it."""

    def name_values(self, ability: Any, lang: str) -> dict[str, str]:
        return {"n": str(getattr(ability, next(iter(type(ability).model_fields))))}


@register
class RampageWording(_Numbered):
    key = "rampage"
    cr = "702.23a"
    model = Rampage
    summary = (
        "Rampage N: whenever this creature becomes blocked (509.3c); the bonus is counted when it resolves (702.23b)."
    )
    messages = {
        "name": keyword_message("rampage"),
        "event": BLOCKED,
        "resolution": Message(
            "+{n}/+{n} for each creature blocking it beyond the first, counted when the ability resolves; blockers "
            "added or removed later don't change it (702.23b)",
            "+{n}/+{n} pour chaque créature qui la bloque au-delà de la première, comptées quand la capacité se résout "
            "; les bloqueurs ajoutés ou retirés ensuite n'y changent rien (702.23b)",
            "+{n}/+{n} por cada criatura que la bloquea más allá de la primera, contadas cuando la habilidad se "
            "resuelve; los bloqueadores añadidos o quitados después no lo cambian (702.23b)",
        ),
    }

    def self_hits(self, point: TriggerPoint, source: Permanent, ability: Any) -> list[Hit]:
        return events.becomes_blocked(point, source)


@register
class BushidoWording(_Numbered):
    key = "bushido"
    cr = "702.45a"
    model = Bushido
    summary = "Bushido N: whenever this creature blocks or becomes blocked, +N/+N (509.3a, 509.3c)."
    messages = {
        "name": keyword_message("bushido"),
        "event": BLOCKS,
        "event_blocked": BLOCKED,
    }

    def self_hits(self, point: TriggerPoint, source: Permanent, ability: Any) -> list[Hit]:
        blocked = [Hit(h.about, event="event_blocked") for h in events.becomes_blocked(point, source)]
        return events.blocks(point, source) + blocked


@register
class FlankingWording(SelfWording):
    key = "flanking"
    cr = "702.25a"
    keyword = Keyword.FLANKING
    summary = (
        "Flanking: whenever this creature becomes blocked by a creature without flanking (as it begins to block, "
        "509.3d, 509.3f), the blocking creature gets -1/-1."
    )
    messages = {
        "name": keyword_message(Keyword.FLANKING),
        "event": BLOCKED_BY,
    }

    def self_hits(self, point: TriggerPoint, source: Permanent, ability: Any) -> list[Hit]:
        return events.becomes_blocked_by_each(point, source, WITHOUT_FLANKING)


@register
class AfflictWording(_Numbered):
    key = "afflict"
    cr = "702.130a"
    model = Afflict
    summary = "Afflict N: whenever this creature becomes blocked, defending player loses N life (509.3c)."
    messages = {
        "name": keyword_message("afflict"),
        "event": BLOCKED,
    }

    def self_hits(self, point: TriggerPoint, source: Permanent, ability: Any) -> list[Hit]:
        return events.becomes_blocked(point, source)


@register
class FrenzyWording(_Numbered):
    key = "frenzy"
    cr = "702.68a"
    model = Frenzy
    summary = "Frenzy N: whenever this creature attacks and isn't blocked, +N/+0 (509.3g)."
    messages = {
        "name": keyword_message("frenzy"),
        "event": UNBLOCKED,
    }

    def self_hits(self, point: TriggerPoint, source: Permanent, ability: Any) -> list[Hit]:
        return events.attacks_and_isnt_blocked(point, source)


@register
class ExaltedWording(Wording):
    key = "exalted"
    cr = "702.83a"
    keyword = Keyword.EXALTED
    summary = (
        "Exalted: whenever a creature you control attacks alone (the only creature declared as an attacker, 702.83b), "
        "it gets +1/+1; each instance on each permanent triggers."
    )
    messages = {
        "name": keyword_message(Keyword.EXALTED),
        "event": ATTACKS_ALONE,
    }

    def hits(self, point: TriggerPoint, source: Permanent, ability: Any) -> list[Hit]:
        if len(point.attacks) != 1:
            return []
        ((creature, target),) = point.attacks.items()
        return [Hit(creature, target)] if point.view(creature).controller == source.controller else []


class _OnAttack(SelfWording):
    """A keyword that is "whenever this creature attacks" (508.3a)."""

    def self_hits(self, point: TriggerPoint, source: Permanent, ability: Any) -> list[Hit]:
        return events.attacks(point, source)


@register
class BattleCryWording(_OnAttack):
    key = "battle_cry"
    cr = "702.91a"
    keyword = Keyword.BATTLE_CRY
    summary = "Battle cry: whenever this creature attacks, each other attacking creature gets +1/+0 (as it resolves)."
    messages = {
        "name": keyword_message(Keyword.BATTLE_CRY),
        "event": ATTACKS,
        "resolution": Message(
            "the other creatures attacking when the ability resolves get +1/+0",
            "les autres créatures attaquantes quand la capacité se résout gagnent +1/+0",
            "las otras criaturas atacantes cuando la habilidad se resuelve obtienen +1/+0",
        ),
    }


@register
class AnnihilatorWording(_OnAttack, _Numbered):
    key = "annihilator"
    cr = "702.86a"
    model = Annihilator
    summary = "Annihilator N: whenever this creature attacks, defending player sacrifices N permanents."
    messages = {
        "name": keyword_message("annihilator"),
        "event": ATTACKS,
    }


@register
class MyriadWording(_OnAttack):
    key = "myriad"
    cr = "702.116a"
    keyword = Keyword.MYRIAD
    summary = 'Myriad: whenever this creature attacks; its tokens enter attacking, so they never "attacked" (508.4).'
    messages = {
        "name": keyword_message(Keyword.MYRIAD),
        "event": ATTACKS,
        "resolution": Message(
            "the tokens are put onto the battlefield attacking: their own attack triggers don't trigger (508.3a, 508.4)",
            "les jetons arrivent attaquants : leurs propres capacités d'attaque ne se déclenchent pas (508.3a, 508.4)",
            "las fichas entran atacando: sus propias habilidades de ataque no se disparan (508.3a, 508.4)",
        ),
    }


@register
class MeleeWording(_OnAttack):
    key = "melee"
    cr = "702.121a"
    keyword = Keyword.MELEE
    summary = (
        "Melee: whenever this creature attacks; the opponents you attacked this combat are counted as it resolves."
    )
    messages = {
        "name": keyword_message(Keyword.MELEE),
        "event": ATTACKS,
        "resolution": Message(
            "+1/+1 for each opponent you attacked with a creature this combat, counted when the ability resolves",
            "+1/+1 pour chaque adversaire que vous avez attaqué avec une créature pendant ce combat, compté quand la "
            "capacité se résout",
            "+1/+1 por cada oponente al que atacaste con una criatura en este combate, contado cuando la habilidad "
            "se resuelve",
        ),
    }


@register
class ProvokeWording(_OnAttack):
    key = "provoke"
    cr = "702.39a"
    keyword = Keyword.PROVOKE
    summary = "Provoke: whenever this creature attacks; the provoked creature blocks it if able (blocks_if_able)."
    messages = {
        "name": keyword_message(Keyword.PROVOKE),
        "event": ATTACKS,
        "resolution": Message(
            "if its controller provokes a creature the defending player controls, state blocks_if_able on that "
            "creature in the declare blockers step",
            "si son contrôleur provoque une créature contrôlée par le joueur défenseur, indiquez blocks_if_able sur "
            "cette créature à l'étape de déclaration des bloqueurs",
            "si su controlador provoca a una criatura que controla el jugador defensor, indica blocks_if_able en esa "
            "criatura en el paso de declarar bloqueadoras",
        ),
    }


@register
class MentorWording(_OnAttack):
    key = "mentor"
    cr = "702.134a"
    keyword = Keyword.MENTOR
    summary = "Mentor: whenever this creature attacks; its target, an attacking creature with lesser power, is chosen as it goes on the stack."
    messages = {
        "name": keyword_message(Keyword.MENTOR),
        "event": ATTACKS,
        "resolution": Message(
            "its target, an attacking creature with less power, is chosen as it is put on the stack; with no such "
            "creature it is removed from the stack (603.3d)",
            "sa cible, une créature attaquante de force inférieure, est choisie quand elle est mise sur la pile ; s'il "
            "n'y en a aucune, elle est retirée de la pile (603.3d)",
            "su objetivo, una criatura atacante con menor fuerza, se elige al ponerla en la pila; si no hay ninguna, "
            "se quita de la pila (603.3d)",
        ),
    }


@register
class TrainingWording(SelfWording):
    key = "training"
    cr = "702.149a"
    keyword = Keyword.TRAINING
    summary = (
        "Training: whenever this creature and at least one other creature with greater power attack (powers as they "
        "are declared)."
    )
    messages = {
        "name": keyword_message(Keyword.TRAINING),
        "event": ATTACKS,
    }

    def self_hits(self, point: TriggerPoint, source: Permanent, ability: Any) -> list[Hit]:
        power = source.power or 0
        stronger = any((point.view(c).power or 0) > power for c in point.attacks if c != source.id)
        return events.attacks(point, source) if stronger else []


@register
class DethroneWording(SelfWording):
    key = "dethrone"
    cr = "702.105a"
    keyword = Keyword.DETHRONE
    summary = (
        "Dethrone: whenever this creature attacks the player with the most life or tied for most life; needs the "
        "players' life totals (`life`), else the trigger is reported as depending on them."
    )
    messages = {
        "name": keyword_message(Keyword.DETHRONE),
        "event": Message("{about} attacks {by}", "{about} attaque {by}", "{about} ataca a {by}"),
        "needs_life": Message(
            "only if {by} has the most life or is tied for most life: the snapshot gives no life totals",
            "seulement si {by} a le plus de points de vie ou est à égalité : l'instantané ne donne pas les points de vie",
            "solo si {by} tiene la mayor cantidad de vidas o empata: la instantánea no indica las vidas",
        ),
    }

    def self_hits(self, point: TriggerPoint, source: Permanent, ability: Any) -> list[Hit]:
        target = point.attacks.get(source.id)
        players = point.board.snapshot.players
        if target is None or target not in {p.id for p in players}:
            return []  # a planeswalker or a battle is not "the player with the most life"
        lives = [p.life for p in players]
        if any(life is None for life in lives):
            return [Hit(source.id, target, condition="needs_life")]
        most = max(life for life in lives if life is not None)
        return [Hit(source.id, target)] if point.board.snapshot.player(target).life == most else []
