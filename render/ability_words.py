"""Abilities as a card frame shows them, in the picture's language: a keyword by its printed name from the one
vocabulary (`solver/text/vocabulary.py`: "débordement", "sauvagerie 2", "volar"), a triggered ability as the trigger
catalog names it, and every other ability of the snapshot format as a short sentence with the official terms (no
snapshot field name such as "min_blockers" in a French or Spanish picture)."""

from __future__ import annotations

from typing import Any

from ..models import Permanent, ability_name
from ..models.abilities import BlockCostAgainstSpec, Keyword, Landwalk, ProtectionFrom
from ..models.filters import CreatureFilter
from ..solver.board import Board
from ..solver.text import FilterTerm, LandwalkTerm, Message, Plural, QualityTerm, join
from ..solver.text.vocabulary import NUMBERED_KEYWORDS, keyword_name

# French agrees with the card in the masculine and Spanish with "criatura", as the explanations do
# (docs/translations.md); the subject, the card itself, is left out as on a printed card.
FRAME: dict[str, Message] = {
    "protection_from": Message(
        "protection from {qualities}", "protection contre {qualities}", "protección contra {qualities}"
    ),
    "min_blockers": Message(
        "can't be blocked except by {n} or more creatures",
        "ne peut être bloqué que par {n} créatures ou plus",
        "no puede ser bloqueada excepto por {n} o más criaturas",
    ),
    "max_blockers": Message(
        Plural("n", "can't be blocked by more than one creature", "can't be blocked by more than {n} creatures"),
        Plural(
            "n",
            "ne peut pas être bloqué par plus de {n} créature",
            "ne peut pas être bloqué par plus de {n} créatures",
            exact={1: "ne peut pas être bloqué par plus d'une créature"},
        ),
        Plural(
            "n", "no puede ser bloqueada por más de una criatura", "no puede ser bloqueada por más de {n} criaturas"
        ),
    ),
    "cant_be_blocked_by": Message(
        "can't be blocked by {filter}",
        "ne peut pas être bloqué par {filter:des}",
        "no puede ser bloqueada por {filter}",
    ),
    "cant_be_blocked_except_by": Message(
        "can't be blocked except by {filter}",
        "ne peut être bloqué que par {filter:des}",
        "no puede ser bloqueada excepto por {filter}",
    ),
    "cant_be_blocked_while_defender_controls": Message(
        "can't be blocked as long as defending player controls {filter:a}",
        "ne peut pas être bloqué tant que le joueur défenseur contrôle {filter:un}",
        "no puede ser bloqueada mientras el jugador defensor controle {filter:un}",
    ),
    "can_block_additional": Message(
        Plural("n", "can block an additional creature each combat", "can block {n} additional creatures each combat"),
        Plural(
            "n",
            "peut bloquer {n} créature supplémentaire à chaque combat",
            "peut bloquer {n} créatures supplémentaires à chaque combat",
            exact={1: "peut bloquer une créature supplémentaire à chaque combat"},
        ),
        Plural(
            "n",
            "puede bloquear una criatura adicional cada combate",
            "puede bloquear {n} criaturas adicionales cada combate",
        ),
    ),
    "can_block_only": Message(
        "can block only {filter}", "ne peut bloquer que {filter:des}", "solo puede bloquear {filter}"
    ),
    "can_block_as_though_reach": Message(
        "can block {filter} as though it had reach",
        "peut bloquer {filter:des} comme s'il avait la portée",
        "puede bloquear {filter} como si tuviera alcance",
    ),
    "cant_block": Message("can't block {filter}", "ne peut pas bloquer {filter:de}", "no puede bloquear {filter}"),
    "cant_block_unless_also_blocking": Message(
        "can't block unless {filter:another} also blocks",
        "ne peut pas bloquer à moins qu'{filter:autre} ne bloque aussi",
        "no puede bloquear a menos que {filter:otro} también bloquee",
    ),
    "cant_block_unless_others_block": Message(
        Plural(
            "n",
            "can't block unless at least one other creature also blocks",
            "can't block unless at least {n} other creatures also block",
        ),
        Plural(
            "n",
            "ne peut pas bloquer à moins qu'au moins {n} autre créature ne bloque aussi",
            "ne peut pas bloquer à moins qu'au moins {n} autres créatures ne bloquent aussi",
            exact={1: "ne peut pas bloquer à moins qu'au moins une autre créature ne bloque aussi"},
        ),
        Plural(
            "n",
            "no puede bloquear a menos que al menos otra criatura también bloquee",
            "no puede bloquear a menos que al menos otras {n} criaturas también bloqueen",
        ),
    ),
    "blocks_if_able": Message(
        "blocks {creature} if able", "bloque {creature} si possible", "bloquea a {creature} si puede"
    ),
    "attacks_if_able": Message("attacks {target} if able", "attaque {target} si possible", "ataca a {target} si puede"),
    "goaded_by": Message("goaded by {players}", "incité par {players}", "incitada por {players}"),
    "cant_attack_players": Message(
        "can't attack {players}", "ne peut pas attaquer {players}", "no puede atacar a {players}"
    ),
    "cant_attack_planeswalkers_of": Message(
        "can't attack the planeswalkers of {players}",
        "ne peut pas attaquer les planeswalkers de {players}",
        "no puede atacar a los planeswalkers de {players}",
    ),
    "must_be_blocked_by_if_able": Message(
        "must be blocked by {filter:a} if able",
        "doit être bloqué par {filter:un} si possible",
        "debe ser bloqueada por {filter:un} si es posible",
    ),
    "must_be_blocked_by_at_least_if_able": Message(
        "must be blocked by {n} or more creatures if able",
        "doit être bloqué par {n} créatures ou plus si possible",
        "debe ser bloqueada por {n} o más criaturas si es posible",
    ),
    "block_cost": Message(
        "blocks only if its controller pays {cost}",
        "ne bloque que si son contrôleur paie {cost}",
        "solo bloquea si su controlador paga {cost}",
    ),
    "block_cost_against": Message(
        "can't block {filter} unless its controller pays {cost}",
        "ne peut pas bloquer {filter:de} à moins que son contrôleur ne paie {cost}",
        "no puede bloquear {filter} a menos que su controlador pague {cost}",
    ),
    "cost_to_block_it": Message(
        "can't be blocked unless defending player pays {cost} for each creature blocking it",
        "ne peut pas être bloqué à moins que le joueur défenseur ne paie {cost} pour chaque créature qui le bloque",
        "no puede ser bloqueada a menos que el jugador defensor pague {cost} por cada criatura que la bloquee",
    ),
    "attack_cost": Message(
        "attacks only if its controller pays {cost}",
        "n'attaque que si son contrôleur paie {cost}",
        "solo ataca si su controlador paga {cost}",
    ),
    "cant_attack_unless_defender_controls": Message(
        "can't attack unless defending player controls {filter:a}",
        "ne peut attaquer que si le joueur défenseur contrôle {filter:un}",
        "no puede atacar a menos que el jugador defensor controle {filter:un}",
    ),
    "cant_attack_unless_also_attacking": Message(
        "can't attack unless {filter:another} also attacks",
        "ne peut pas attaquer à moins qu'{filter:autre} n'attaque aussi",
        "no puede atacar a menos que {filter:otro} también ataque",
    ),
    "cant_attack_unless_others_attack": Message(
        Plural(
            "n",
            "can't attack unless at least one other creature also attacks",
            "can't attack unless at least {n} other creatures also attack",
        ),
        Plural(
            "n",
            "ne peut pas attaquer à moins qu'au moins {n} autre créature n'attaque aussi",
            "ne peut pas attaquer à moins qu'au moins {n} autres créatures n'attaquent aussi",
            exact={1: "ne peut pas attaquer à moins qu'au moins une autre créature n'attaque aussi"},
        ),
        Plural(
            "n",
            "no puede atacar a menos que al menos otra criatura también ataque",
            "no puede atacar a menos que al menos otras {n} criaturas también ataquen",
        ),
    ),
    # French as printed on Adventurers' Guildhouse ("regroupement avec les autres créatures légendaires"); the
    # Spanish wording is not verified on a card.
    "bands_with_other": Message(
        "bands with other {filter}", "regroupement avec les autres {filter}", "agrupar con {filter:otro}"
    ),
}


# Filters matched against any permanent the defending player controls, not only creatures ("an artifact").
_PERMANENTS = {"cant_be_blocked_while_defender_controls", "cant_attack_unless_defender_controls"}


def ability_lines(permanent: Permanent, board: Board, lang: str) -> list[str]:
    """Each ability of `permanent` as its card frame shows it, in `lang`."""
    return [_ability_text(ability, board, lang) for ability in permanent.abilities]


def _ability_text(ability: Any, board: Board, lang: str) -> str:
    name = ability_name(ability)
    if isinstance(ability, Keyword):
        return keyword_name(ability.value, lang)
    value = getattr(ability, name)
    if name in NUMBERED_KEYWORDS:
        return f"{keyword_name(name, lang)} {value}"
    if isinstance(ability, Landwalk):
        return LandwalkTerm(ability.landwalk).words(lang, board.label)
    if isinstance(ability, ProtectionFrom):
        qualities = [QualityTerm(q).words(lang, board.label) for q in ability.protection_from]
        return FRAME[name].format(lang, {"qualities": join(lang, qualities, "and")})
    if name in FRAME:
        return FRAME[name].format(lang, _values(value, board, lang, of_creatures=name not in _PERMANENTS))
    return _trigger_name(ability, lang)


def _values(value: Any, board: Board, lang: str, *, of_creatures: bool) -> dict[str, object]:
    """The one value of a parameterized ability under every name its frame message may use."""
    if isinstance(value, CreatureFilter):
        return {"filter": FilterTerm(value, of_creatures).words(lang, board.label)}
    if isinstance(value, tuple):  # goaded_by, cant_attack_players, cant_attack_planeswalkers_of: players
        return {"players": join(lang, [board.label(p) for p in value], "and")}
    if isinstance(value, int):
        return {"n": value}
    if isinstance(value, BlockCostAgainstSpec):
        return {"filter": FilterTerm(value.attackers).words(lang, board.label), "cost": value.cost}
    text = str(value)  # an id (blocks_if_able, attacks_if_able: labelled as everywhere) or a cost (shown as written)
    return {"creature": board.label(text), "target": board.label(text), "cost": text}


def _trigger_name(ability: Any, lang: str) -> str:
    """A parameterized triggered ability as the trigger catalog names it ("« à chaque fois qu'une créature que vous
    contrôlez attaque »")."""
    from ..combat.wordings import CATALOG  # the catalog loads only for boards that have such an ability

    wording = next((w for w in CATALOG if w.model is type(ability)), None)
    if wording is None:  # an ability no frame message or wording names: its snapshot name, as written
        return ability_name(ability).replace("_", " ")
    return wording.name(ability, lang)


__all__ = ["FRAME", "ability_lines"]
