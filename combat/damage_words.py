"""What the combat damage step says, in English, French and Spanish: the verdict on an assignment, the damage dealt
and its results, lifelink, and the state-based actions (the rules' own messages are in `combat/damage_rules.py`).

French and Spanish follow the printed cards: "inflige 3 blessures", "hace 3 puntos de daño", "perd 3 points de
vie", "pierde 3 vidas", "marqueurs -1/-1", "contadores -1/-1", "marqueurs « poison »", "contadores de veneno".
"""

from __future__ import annotations

from ..solver.text import Message, Plural

DAMAGE_WORDS: dict[str, Message] = {
    "legal": Message(
        "The combat damage assignment is legal: {assignment}",
        "L'assignation des blessures de combat est légale : {assignment}",
        "La asignación del daño de combate es legal: {assignment}",
    ),
    "illegal": Message(
        "Illegal combat damage assignment: {assignment}",
        "Assignation des blessures de combat illégale : {assignment}",
        "Asignación del daño de combate ilegal: {assignment}",
    ),
    "to_announce": Message(
        "Combat damage still to announce (510.1); assigned so far: {assignment}",
        "Blessures de combat encore à annoncer (510.1) ; assignées jusqu'ici : {assignment}",
        "Daño de combate aún por anunciar (510.1); asignado hasta ahora: {assignment}",
    ),
    "witness": Message(
        "Nearest legal assignment: {assignment}",
        "Assignation légale la plus proche : {assignment}",
        "Asignación legal más cercana: {assignment}",
    ),
    "nothing_assigned": Message(
        "no combat damage is assigned", "aucune blessure de combat n'est assignée", "no se asigna daño de combate"
    ),
    "share": Message("{amount} to {recipient}", "{amount} à {recipient}", "{amount} a {recipient}"),
    "chooser_attacker": Message(
        "{player}, the defending player, divides the combat damage of {creature}: banding among the creatures "
        "blocking it",
        "{player}, le joueur défenseur, répartit les blessures de combat de {creature} : regroupement parmi les "
        "créatures qui la bloquent",
        "{player}, el jugador defensor, divide el daño de combate de {creature}: la habilidad de agrupar entre las "
        "criaturas que la bloquean",
    ),
    "chooser_blocker": Message(
        "{player}, the active player, divides the combat damage of {creature}: banding among the creatures it blocks",
        "{player}, le joueur actif, répartit les blessures de combat de {creature} : regroupement parmi les "
        "créatures qu'elle bloque",
        "{player}, el jugador activo, divide el daño de combate de {creature}: la habilidad de agrupar entre las "
        "criaturas que bloquea",
    ),
    "dealt": Message(
        Plural(
            "amount",
            one="{source} deals {amount} combat damage to {recipient}",
            other="{source} deals {amount} combat damage to {recipient}",
        ),
        Plural(
            "amount",
            one="{source} inflige {amount} blessure de combat à {recipient}",
            other="{source} inflige {amount} blessures de combat à {recipient}",
        ),
        Plural(
            "amount",
            one="{source} hace {amount} punto de daño de combate a {recipient}",
            other="{source} hace {amount} puntos de daño de combate a {recipient}",
        ),
    ),
    "prevented": Message(
        Plural(
            "prevented",
            one="{prevented} damage from {source} to {recipient} is prevented",
            other="{prevented} damage from {source} to {recipient} is prevented",
        ),
        Plural(
            "prevented",
            one="{prevented} blessure que {source} infligerait à {recipient} est prévenue",
            other="{prevented} blessures que {source} infligerait à {recipient} sont prévenues",
        ),
        Plural(
            "prevented",
            one="se previene {prevented} punto del daño que {source} haría a {recipient}",
            other="se previenen {prevented} puntos del daño que {source} haría a {recipient}",
        ),
    ),
    "result_marked": Message(
        "it is marked on {recipient}",
        Plural("amount", one="elle est marquée sur {recipient}", other="elles sont marquées sur {recipient}"),
        "se marca en {recipient}",
    ),
    "result_counters": Message(
        Plural("amount", one="{recipient} gets a -1/-1 counter", other="{recipient} gets {amount} -1/-1 counters"),
        Plural(
            "amount", one="{recipient} reçoit un marqueur -1/-1", other="{recipient} reçoit {amount} marqueurs -1/-1"
        ),
        Plural(
            "amount",
            one="{recipient} recibe un contador -1/-1",
            other="{recipient} recibe {amount} contadores -1/-1",
        ),
    ),
    "result_life": Message(
        Plural("amount", one="{recipient} loses {amount} life", other="{recipient} loses {amount} life"),
        Plural("amount", one="{recipient} perd {amount} point de vie", other="{recipient} perd {amount} points de vie"),
        Plural("amount", one="{recipient} pierde {amount} vida", other="{recipient} pierde {amount} vidas"),
    ),
    "result_poison": Message(
        Plural("amount", one="{recipient} gets a poison counter", other="{recipient} gets {amount} poison counters"),
        Plural(
            "amount",
            one="{recipient} reçoit un marqueur « poison »",
            other="{recipient} reçoit {amount} marqueurs « poison »",
        ),
        Plural(
            "amount",
            one="{recipient} recibe un contador de veneno",
            other="{recipient} recibe {amount} contadores de veneno",
        ),
    ),
    "result_loyalty": Message(
        Plural(
            "amount",
            one="a loyalty counter is removed from {recipient}",
            other="{amount} loyalty counters are removed from {recipient}",
        ),
        Plural(
            "amount",
            one="un marqueur « loyauté » est retiré de {recipient}",
            other="{amount} marqueurs « loyauté » sont retirés de {recipient}",
        ),
        Plural(
            "amount",
            one="se quita un contador de lealtad de {recipient}",
            other="se quitan {amount} contadores de lealtad de {recipient}",
        ),
    ),
    "result_defense": Message(
        Plural(
            "amount",
            one="a defense counter is removed from {recipient}",
            other="{amount} defense counters are removed from {recipient}",
        ),
        Plural(
            "amount",
            one="un marqueur « défense » est retiré de {recipient}",
            other="{amount} marqueurs « défense » sont retirés de {recipient}",
        ),
        Plural(
            "amount",
            one="se quita un contador de defensa de {recipient}",
            other="se quitan {amount} contadores de defensa de {recipient}",
        ),
    ),
    "result_none": Message("it has no effect", "elles n'ont aucun effet", "no tiene efecto"),
    "life_gained": Message(
        Plural(
            "amount",
            one="{player} gains {amount} life (lifelink of {source})",
            other="{player} gains {amount} life (lifelink of {source})",
        ),
        Plural(
            "amount",
            one="{player} gagne {amount} point de vie (lien de vie de {source})",
            other="{player} gagne {amount} points de vie (lien de vie de {source})",
        ),
        Plural(
            "amount",
            one="{player} gana {amount} vida (vínculo vital de {source})",
            other="{player} gana {amount} vidas (vínculo vital de {source})",
        ),
    ),
    "sba_zero_life": Message(
        "{object} has 0 or less life and loses the game",
        "{object} a 0 point de vie ou moins et perd la partie",
        "{object} tiene 0 vidas o menos y pierde la partida",
    ),
    "sba_poison": Message(
        "{object} has ten or more poison counters and loses the game",
        "{object} a dix marqueurs « poison » ou plus et perd la partie",
        "{object} tiene diez contadores de veneno o más y pierde la partida",
    ),
    "sba_zero_toughness": Message(
        "{object} has toughness 0 or less: it is put into its owner's graveyard",
        "{object} a une endurance de 0 ou moins : elle est mise dans le cimetière de son propriétaire",
        "{object} tiene resistencia 0 o menos: se pone en el cementerio de su propietario",
    ),
    "sba_lethal_damage": Message(
        "{object} has lethal damage marked on it: it is destroyed",
        "{object} a des blessures mortelles marquées sur elle : elle est détruite",
        "{object} tiene daño letal marcado: es destruida",
    ),
    "sba_deathtouch": Message(
        "{object} was dealt damage by a source with deathtouch: it is destroyed",
        "{object} a subi des blessures infligées par une source avec le contact mortel : elle est détruite",
        "{object} recibió daño de una fuente con toque mortal: es destruida",
    ),
    "sba_zero_loyalty": Message(
        "{object} has loyalty 0: it is put into its owner's graveyard",
        "{object} a une loyauté de 0 : il est mis dans le cimetière de son propriétaire",
        "{object} tiene lealtad 0: se pone en el cementerio de su propietario",
    ),
    "sba_zero_defense": Message(
        "{object} has defense 0: it is put into its owner's graveyard",
        "{object} a une défense de 0 : elle est mise dans le cimetière de son propriétaire",
        "{object} tiene defensa 0: se pone en el cementerio de su propietario",
    ),
    "sba_indestructible": Message(
        "{object} would be destroyed, but it is indestructible: it stays on the battlefield (702.12b)",
        "{object} serait détruite, mais elle est indestructible : elle reste sur le champ de bataille (702.12b)",
        "{object} sería destruida, pero es indestructible: permanece en el campo de batalla (702.12b)",
    ),
    "range_all": Message(
        "{recipient} can be assigned {low} to {high} combat damage in all",
        "{recipient} peut recevoir en tout de {low} à {high} blessures de combat",
        "{recipient} puede recibir en total de {low} a {high} puntos de daño de combate",
    ),
    "range_one": Message(
        "{recipient} can be assigned {low} to {high} combat damage by {source}",
        "{recipient} peut recevoir de {low} à {high} blessures de combat de {source}",
        "{recipient} puede recibir de {low} a {high} puntos de daño de combate de {source}",
    ),
    "ranges": Message(
        "What each recipient can be assigned (legal assignments):",
        "Ce que chaque destinataire peut recevoir (assignations légales) :",
        "Lo que cada receptor puede recibir (asignaciones legales):",
    ),
    "range_unproved": Message(
        "(not proved: the time limit was reached; the exact range lies within)",
        "(non prouvé : la limite de temps a été atteinte ; la fourchette exacte est comprise dedans)",
        "(no probado: se alcanzó el límite de tiempo; el rango exacto está dentro)",
    ),
    "every": Message(
        Plural("count", one="{count} legal assignment:", other="{count} legal assignments:"),
        Plural("count", one="{count} assignation légale :", other="{count} assignations légales :"),
        Plural("count", one="{count} asignación legal:", other="{count} asignaciones legales:"),
    ),
    "every_more": Message(
        "(there are more; raise {option} to see them)",
        "(il y en a d'autres ; augmentez {option} pour les voir)",
        "(hay más; aumenta {option} para verlas)",
    ),
    "asked": Message(
        "No assignment was proposed: the next combat damage step is asked about.",
        "Aucune assignation n'est proposée : la question porte sur la prochaine étape des blessures de combat.",
        "No se propone ninguna asignación: la pregunta es sobre el siguiente paso de daño de combate.",
    ),
    "verdict_legal": Message(
        "Nothing written is illegal; the assignments still to announce are listed above.",
        "Rien de ce qui est écrit n'est illégal ; les assignations restant à annoncer sont indiquées plus haut.",
        "Nada de lo escrito es ilegal; las asignaciones por anunciar se indican arriba.",
    ),
    "verdict_illegal": Message(
        "Something written is illegal (see above).",
        "Quelque chose d'écrit est illégal (voir plus haut).",
        "Algo de lo escrito es ilegal (ver arriba).",
    ),
    "verdict_unknown": Message(
        "A declaration could not be decided in time.",
        "Une déclaration n'a pas pu être tranchée à temps.",
        "Una declaración no pudo decidirse a tiempo.",
    ),
    "state_life": Message("Life: {list}", "Points de vie : {list}", "Vidas: {list}"),
    "state_poison": Message("Poison counters: {list}", "Marqueurs « poison » : {list}", "Contadores de veneno: {list}"),
    "state_damage": Message("Damage marked: {list}", "Blessures marquées : {list}", "Daño marcado: {list}"),
    "state_died": Message(
        "Put into a graveyard: {list}", "Mis au cimetière : {list}", "Puestos en el cementerio: {list}"
    ),
    "state_lost": Message("Lost the game: {list}", "Ont perdu la partie : {list}", "Perdieron la partida: {list}"),
}
