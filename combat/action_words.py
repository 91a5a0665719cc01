"""The narration's words for effects that act on a combat under way (`combat/redirect.py`) and for spells and
abilities judged by what they need of the combat (`combat/timing.py`): a blocker that stops blocking one attacker, an
attack reselected (508.7), a target that must be attacking, blocking, blocked or unblocked (601.2c), and the
conditions "only if a creature attacked you this turn" and "only if ~ is attacking / blocking"."""

from __future__ import annotations

from ..solver.rules import Message

ACTION_CHANGES: dict[str, Message] = {
    "stops_blocking_effect": Message(
        "{blocker} stops blocking {attacker}, as the effect says; it remains a blocking creature",
        "{blocker} cesse de bloquer {attacker}, comme le dit l'effet ; elle reste une créature bloqueuse",
        "{blocker} deja de bloquear a {attacker}, como dice el efecto; sigue siendo una criatura bloqueadora",
    ),
    "nothing_not_blocking_that": Message(
        "Nothing changes: {object} does not block that creature",
        "Rien ne change : {object} ne bloque pas cette créature",
        "Nada cambia: {object} no bloquea a esa criatura",
    ),
    "nothing_already_attacking_that": Message(
        "Nothing changes: {object} already attacks it",
        "Rien ne change : {object} l'attaque déjà",
        "Nada cambia: {object} ya lo ataca",
    ),
    "attack_reselected": Message(
        "{attacker} now attacks {target} instead of {former}: it is not removed from combat and does not attack "
        "again; it is still considered to have attacked {former}",
        "{attacker} attaque désormais {target} au lieu de {former} : elle n'est pas retirée du combat et n'attaque "
        "pas une seconde fois ; elle est toujours considérée comme ayant attaqué {former}",
        "{attacker} ahora ataca a {target} en lugar de a {former}: no se la remueve del combate y no ataca por "
        "segunda vez; se sigue considerando que atacó a {former}",
    ),
    "attack_reselected_refused": Message(
        "{attacker} can't be made to attack {target}: the new choice must be an opponent of its controller that may "
        "be attacked this combat, a planeswalker they control or a battle they protect; nothing changes",
        "{attacker} ne peut pas attaquer {target} : le nouveau choix doit être un adversaire de son contrôleur qui "
        "peut être attaqué dans ce combat, un planeswalker qu'il contrôle ou une bataille qu'il protège ; rien ne "
        "change",
        "{attacker} no puede pasar a atacar a {target}: la nueva elección debe ser un oponente de su controlador "
        "que pueda ser atacado en este combate, un planeswalker que controle o una batalla que proteja; nada cambia",
    ),
    "target_allowed": Message(
        "Yes: {target} may be chosen for it, as it must be {conditions}",
        "Oui : {target} peut être choisie pour cela, car elle doit être {conditions}",
        "Sí: {target} puede elegirse para ello, pues debe ser {conditions}",
    ),
    "target_refused": Message(
        "No: {target} can't be chosen for it now: it must be {conditions}, and it is not {failed}",
        "Non : {target} ne peut pas être choisie pour cela maintenant : elle doit être {conditions}, et elle n'est "
        "pas "
        "{failed}",
        "No: {target} no puede elegirse para ello ahora: debe ser {conditions}, y no es {failed}",
    ),
}

TARGET_CONDITIONS: dict[str, Message] = {
    "attacking": Message("an attacking creature", "une créature attaquante", "una criatura atacante"),
    "blocking": Message("a blocking creature", "une créature bloqueuse", "una criatura bloqueadora"),
    "blocked": Message("a blocked creature", "une créature bloquée", "una criatura bloqueada"),
    "unblocked": Message("an unblocked creature", "une créature non bloquée", "una criatura no bloqueada"),
    "yours": Message("controlled by {player}", "contrôlée par {player}", "controlada por {player}"),
    "opponents": Message(
        "controlled by an opponent of {player}",
        "contrôlée par un adversaire de {player}",
        "controlada por un oponente de {player}",
    ),
}

CONDITION_TIMING: dict[str, Message] = {
    "attacked_you": Message(
        "only if a creature attacked {about} this turn, and one was declared attacking {about}",
        "seulement si une créature a attaqué {about} ce tour-ci, et une créature a été déclarée attaquant {about}",
        "solo si una criatura atacó a {about} este turno, y se declaró una criatura atacando a {about}",
    ),
    "not_attacked_you": Message(
        "only if a creature attacked {about} this turn, and none was declared attacking {about} (one put onto the "
        "battlefield attacking never attacked)",
        "seulement si une créature a attaqué {about} ce tour-ci, et aucune n'a été déclarée attaquant {about} (une "
        "créature mise sur le champ de bataille attaquante n'a jamais attaqué)",
        "solo si una criatura atacó a {about} este turno, y no se declaró ninguna atacando a {about} (una criatura "
        "puesta en el campo de batalla atacando nunca atacó)",
    ),
    "while_attacking": Message(
        "only if {about} is attacking, and it is",
        "seulement si {about} attaque, et elle attaque",
        "solo si {about} está atacando, y lo está",
    ),
    "not_attacking": Message(
        "only if {about} is attacking, and it is not an attacking creature now",
        "seulement si {about} attaque, et ce n'est pas une créature attaquante maintenant",
        "solo si {about} está atacando, y ahora no es una criatura atacante",
    ),
    "while_blocking": Message(
        "only if {about} is blocking, and it is",
        "seulement si {about} bloque, et elle bloque",
        "solo si {about} está bloqueando, y lo está",
    ),
    "not_blocking": Message(
        "only if {about} is blocking, and it is not a blocking creature now",
        "seulement si {about} bloque, et ce n'est pas une créature bloqueuse maintenant",
        "solo si {about} está bloqueando, y ahora no es una criatura bloqueadora",
    ),
    "while_attacking_or_blocking": Message(
        "only if {about} is attacking or blocking, and it is",
        "seulement si {about} attaque ou bloque, et c'est le cas",
        "solo si {about} está atacando o bloqueando, y lo está",
    ),
    "not_attacking_or_blocking": Message(
        "only if {about} is attacking or blocking, and it is neither now",
        "seulement si {about} attaque ou bloque, et ce n'est ni l'un ni l'autre maintenant",
        "solo si {about} está atacando o bloqueando, y ahora no es ninguna de las dos cosas",
    ),
}

EVENT_TITLES: dict[str, Message] = {
    "ev_stops_blocking": Message(
        "An effect: {object} stops blocking {attacker}",
        "Un effet : {object} cesse de bloquer {attacker}",
        "Un efecto: {object} deja de bloquear a {attacker}",
    ),
    "ev_reselect_attack": Message(
        "An effect reselects what {object} attacks",
        "Un effet fait choisir à nouveau ce qu'attaque {object}",
        "Un efecto hace volver a elegir a qué ataca {object}",
    ),
}
