"""The timeline's narration in English, French and Spanish: one `Message` per kind of line.

Terms follow the official French and Spanish Comprehensive Rules (the seeds): étape de déclaration des bloqueurs /
paso de declarar bloqueadoras, créature bloquée / criatura bloqueada, retirée du combat / se remueve del combate,
ordre d'assignation des blessures / orden de asignación de daño, hors-phase / fuera de fase, initiative / dañar
primero. French speaks of creatures in the feminine, as the French rules do; sentences that may name a
planeswalker avoid agreement.
"""

from __future__ import annotations

from ..solver.rules import Message

STEPS: dict[str, Message] = {
    "precombat_main": Message(
        "the precombat main phase", "la phase principale avant le combat", "la fase principal precombate"
    ),
    "beginning_of_combat": Message(
        "the beginning of combat step", "l'étape de début de combat", "el paso de inicio del combate"
    ),
    "declare_attackers": Message(
        "the declare attackers step", "l'étape de déclaration des attaquants", "el paso de declarar atacantes"
    ),
    "declare_blockers": Message(
        "the declare blockers step", "l'étape de déclaration des bloqueurs", "el paso de declarar bloqueadoras"
    ),
    "first_strike_damage": Message(
        "the first combat damage step (first strike, double strike)",
        "la première étape des blessures de combat (initiative, double initiative)",
        "el primer paso de daño de combate (dañar primero, doble daño)",
    ),
    "combat_damage": Message("the combat damage step", "l'étape des blessures de combat", "el paso de daño de combate"),
    "end_of_combat": Message("the end of combat step", "l'étape de fin de combat", "el paso de final del combate"),
    "postcombat_main": Message(
        "the postcombat main phase", "la phase principale après le combat", "la fase principal poscombate"
    ),
}

POINTS: dict[str, Message] = {
    "attackers_declared": Message(
        "the declaration of attackers", "la déclaration des attaquants", "la declaración de atacantes"
    ),
    "blockers_declared": Message(
        "the declaration of blockers", "la déclaration des bloqueurs", "la declaración de bloqueadoras"
    ),
    "combat_damage_step": Message(
        "the combat damage step", "l'étape des blessures de combat", "el paso de daño de combate"
    ),
    "end_of_combat_step": Message("the end of combat step", "l'étape de fin de combat", "el paso de final del combate"),
    "combat": Message("combat", "le combat", "el combate"),
}

CAUSES: dict[str, Message] = {
    "effect": Message("an effect removes it", "un effet l'en retire", "un efecto lo remueve"),
    "left_battlefield": Message("it left the battlefield", "départ du champ de bataille", "dejó el campo de batalla"),
    "control_changed": Message("its controller changed", "changement de contrôleur", "cambió su controlador"),
    "phased_out": Message("it phased out", "passage hors-phase", "salió de fase"),
    "regenerated": Message("it regenerated", "régénération", "se regeneró"),
    "stopped_being_creature": Message(
        "it stopped being a creature", "n'est plus une créature", "dejó de ser una criatura"
    ),
    "became_battle": Message("it became a battle", "est devenu une bataille", "se convirtió en una batalla"),
    "stopped_being_planeswalker": Message(
        "it stopped being a planeswalker", "n'est plus un planeswalker", "dejó de ser un planeswalker"
    ),
    "stopped_being_battle": Message("it stopped being a battle", "n'est plus une bataille", "dejó de ser una batalla"),
    "end_of_combat": Message("the combat phase ended", "fin de la phase de combat", "terminó la fase de combate"),
}

ROLES: dict[str, Message] = {
    "attacking": Message("attacking", "attaquante", "atacante"),
    "blocking": Message("blocking", "bloqueuse", "bloqueadora"),
    "attacked": Message("attacked", "attaqué", "atacado"),
}

LINES: dict[str, Message] = {
    # headings
    "title_current": Message(
        "Combat timeline (Comprehensive Rules of 7 February 2025)",
        "Déroulement du combat (Règles complètes du 7 février 2025)",
        "Desarrollo del combate (Reglas Completas del 7 de febrero de 2025)",
    ),
    "title_old": Message(
        "Combat timeline (rules before the Foundations update of November 2024, numbered as in the French "
        "Comprehensive Rules of c. 2010-2016; numbers marked 'current' are from the rules of 7 February 2025)",
        "Déroulement du combat (règles d'avant la mise à jour de Fondations de novembre 2024, numérotées comme "
        "les Règles complètes françaises de 2010-2016 environ ; les numéros marqués « actuelles » viennent des "
        "règles du 7 février 2025)",
        "Desarrollo del combate (reglas anteriores a la actualización de Cimientos de noviembre de 2024, "
        "numeradas como las Reglas Completas de 2010-2016 aproximadamente; los números marcados «actuales» son de "
        "las reglas del 7 de febrero de 2025)",
    ),
    "current_mark": Message("current", "actuelles", "actuales"),
    "start_before": Message("At the start: {step}.", "Au départ : {step}.", "Al inicio: {step}."),
    "start_given": Message(
        "At the start: the snapshot's attackers are declared (not checked here).",
        "Au départ : les attaquants de l'instantané sont déclarés (non vérifiés ici).",
        "Al inicio: las criaturas atacantes de la instantánea están declaradas (no se comprueban aquí).",
    ),
    "event": Message("#{index} {title}", "n° {index} {title}", "n.º {index} {title}"),
    "verdict_legal": Message(
        "Everything written is legal.", "Tout ce qui est écrit est légal.", "Todo lo escrito es legal."
    ),
    "verdict_illegal": Message(
        "Something written is illegal (see above).",
        "Une partie de ce qui est écrit est illégale (voir ci-dessus).",
        "Algo de lo escrito es ilegal (véase arriba).",
    ),
    "verdict_unknown": Message(
        "A declaration could not be decided within the solver's limit.",
        "Une déclaration n'a pas pu être tranchée dans la limite du solveur.",
        "No se pudo decidir una declaración dentro del límite del solucionador.",
    ),
    "stopped": Message(
        "The timeline stops at #{index}: the game returns to the moment before that action ({rule}); what follows "
        "was not followed.",
        "Le déroulement s'arrête au n° {index} : le jeu revient au moment précédant cette action ({rule}) ; la "
        "suite n'est pas examinée.",
        "El desarrollo se detiene en el n.º {index}: el juego vuelve al momento anterior a esa acción ({rule}); "
        "lo que sigue no se examina.",
    ),
    "now": Message("Now ({step}):", "Maintenant ({step}) :", "Ahora ({step}):"),
    "now_attacking": Message("attacking: {list}", "attaquantes : {list}", "atacantes: {list}"),
    "now_blocking": Message("blocking: {list}", "bloqueuses : {list}", "bloqueadoras: {list}"),
    "now_removed": Message(
        "removed from combat: {list}", "retirées du combat : {list}", "removidas del combate: {list}"
    ),
    "now_due": Message("still to announce: {list}", "encore à annoncer : {list}", "aún por anunciar: {list}"),
    "none": Message("none", "aucune", "ninguna"),
    "attacker_entry": Message(
        "{creature} → {target}, {status}", "{creature} → {target}, {status}", "{creature} → {target}, {status}"
    ),
    "blocker_entry": Message("{blocker} → {attackers}", "{blocker} → {attackers}", "{blocker} → {attackers}"),
    "removed_entry": Message("{object} ({cause})", "{object} ({cause})", "{object} ({cause})"),
    "nothing_target": Message("nothing", "rien", "nada"),
    "status_undecided": Message(
        "blockers not yet declared", "bloqueurs pas encore déclarés", "bloqueadoras aún sin declarar"
    ),
    "status_blocked": Message("blocked", "bloquée", "bloqueada"),
    "status_blocked_empty": Message(
        "blocked, no creature blocks it",
        "bloquée, aucune créature ne la bloque",
        "bloqueada, ninguna criatura la bloquea",
    ),
    "status_unblocked": Message("unblocked", "non bloquée", "no bloqueada"),
    # event titles
    "ev_beginning_of_combat": Message("Beginning of combat", "Début de combat", "Inicio del combate"),
    "ev_declare_attackers": Message(
        "Declaration of attackers", "Déclaration des attaquants", "Declaración de atacantes"
    ),
    "ev_declare_blockers": Message(
        "Declaration of blockers", "Déclaration des bloqueurs", "Declaración de bloqueadoras"
    ),
    "ev_combat_damage": Message("Combat damage", "Blessures de combat", "Daño de combate"),
    "ev_end_of_combat": Message("End of combat", "Fin de combat", "Final del combate"),
    "ev_postcombat_main": Message("After combat", "Après le combat", "Después del combate"),
    "ev_skip_combat": Message(
        "The combat phase is skipped", "La phase de combat est passée", "Se salta la fase de combate"
    ),
    "ev_enters_attacking": Message(
        "{object} is put onto the battlefield attacking",
        "{object} est mise sur le champ de bataille attaquante",
        "{object} se pone en el campo de batalla atacando",
    ),
    "ev_enters_blocking": Message(
        "{object} is put onto the battlefield blocking",
        "{object} est mise sur le champ de bataille bloqueuse",
        "{object} se pone en el campo de batalla bloqueando",
    ),
    "ev_enters": Message(
        "{object} enters the battlefield",
        "{object} arrive sur le champ de bataille",
        "{object} entra al campo de batalla",
    ),
    "ev_made_to_block": Message(
        "An effect makes {object} block", "Un effet fait bloquer {object}", "Un efecto hace que {object} bloquee"
    ),
    "ev_becomes_blocked": Message(
        "An effect: {object} becomes blocked",
        "Un effet : {object} devient bloquée",
        "Un efecto: {object} pasa a estar bloqueada",
    ),
    "ev_becomes_unblocked": Message(
        "An effect: {object} becomes unblocked",
        "Un effet : {object} devient non bloquée",
        "Un efecto: {object} pasa a estar sin bloquear",
    ),
    "ev_remove_from_combat": Message(
        "An effect removes {object} from combat",
        "Un effet retire {object} du combat",
        "Un efecto remueve del combate a {object}",
    ),
    "ev_leaves_battlefield": Message(
        "{object} leaves the battlefield", "{object} quitte le champ de bataille", "{object} deja el campo de batalla"
    ),
    "ev_change_control": Message(
        "{player} gains control of {object}",
        "{player} acquiert le contrôle de {object}",
        "{player} gana el control de {object}",
    ),
    "ev_phases_out": Message("{object} phases out", "{object} passe hors-phase", "{object} sale de fase"),
    "ev_regenerates": Message("{object} regenerates", "{object} se régénère", "{object} se regenera"),
    "ev_tap": Message("{object} becomes tapped", "{object} est engagée", "{object} se gira"),
    "ev_untap": Message("{object} becomes untapped", "{object} est dégagée", "{object} se endereza"),
    "ev_change": Message(
        "{object}'s characteristics change",
        "Les caractéristiques de {object} changent",
        "Cambian las características de {object}",
    ),
    "ev_assign_combat_damage": Message(
        "Combat damage, as assigned", "Blessures de combat, telles qu'assignées", "Daño de combate, tal como se asigna"
    ),
    "ev_damage_assignment_order": Message(
        "Damage assignment order of {object}",
        "Ordre d'assignation des blessures de {object}",
        "Orden de asignación de daño de {object}",
    ),
    "ev_cast": Message(
        "{player} casts {what} now: is it allowed?",
        "{player} lance {what} maintenant : est-ce permis ?",
        "{player} lanza {what} ahora: ¿está permitido?",
    ),
    "ev_activate": Message(
        "{player} activates {what} now: is it allowed?",
        "{player} active {what} maintenant : est-ce permis ?",
        "{player} activa {what} ahora: ¿está permitido?",
    ),
}

VERDICTS: dict[str, Message] = {
    "legal": Message("legal", "légale", "legal"),
    "illegal": Message("illegal", "illégale", "ilegal"),
    "unknown": Message(
        "undecided (solver limit)", "indécise (limite du solveur)", "sin decidir (límite del solucionador)"
    ),
    "yes": Message("Yes", "Oui", "Sí"),
    "no": Message("No", "Non", "No"),
}

TIMING: dict[str, Message] = {
    "point_ahead": Message(
        "before {point}, which has not happened yet",
        "avant {point}, qui n'a pas encore eu lieu",
        "antes de {point}, que aún no ha ocurrido",
    ),
    "point_passed": Message(
        "only before {point}, which has already begun",
        "seulement avant {point}, qui a déjà commencé",
        "solo antes de {point}, que ya ha comenzado",
    ),
    "point_passed_after": Message("after {point}", "après {point}", "después de {point}"),
    "point_passed_after_declaration": Message(
        "after {point}, whether or not any creature was declared",
        "après {point}, qu'une créature ait été déclarée ou non",
        "después de {point}, se haya declarado alguna criatura o no",
    ),
    "point_not_reached": Message(
        "only after {point}, which has not happened yet",
        "seulement après {point}, qui n'a pas encore eu lieu",
        "solo después de {point}, que aún no ha ocurrido",
    ),
    "combat_skipped": Message(
        "the combat phase was skipped, so this was possible only before the precombat main phase ended",
        "la phase de combat a été passée : ce n'était possible qu'avant la fin de la phase principale avant le combat",
        "se saltó la fase de combate: solo era posible antes del final de la fase principal precombate",
    ),
    "point_never": Message(
        "the combat phase was skipped, so {point} never happened",
        "la phase de combat a été passée : {point} n'a jamais eu lieu",
        "se saltó la fase de combate: {point} nunca ocurrió",
    ),
    "skipped_before": Message(
        "no creature attacked, so {point} won't happen in this combat phase; until the declare attackers step ends, "
        "it is still before it",
        "aucune créature n'a attaqué : {point} n'aura pas lieu dans cette phase de combat ; jusqu'à la fin de "
        "l'étape de déclaration des attaquants, c'est encore avant",
        "ninguna criatura atacó: {point} no ocurrirá en esta fase de combate; hasta que termine el paso de declarar "
        "atacantes, todavía es antes",
    ),
    "skipped_before_passed": Message(
        "no creature attacked and {point} did not happen; this was possible only before the declare attackers step "
        "ended",
        "aucune créature n'a attaqué et {point} n'a pas eu lieu ; ce n'était possible qu'avant la fin de l'étape de "
        "déclaration des attaquants",
        "ninguna criatura atacó y {point} no ocurrió; solo era posible antes de que terminara el paso de declarar "
        "atacantes",
    ),
    "skipped_after": Message(
        "the declare blockers step was skipped in this combat phase, so {point} never happened in it",
        "l'étape de déclaration des bloqueurs a été passée dans cette phase de combat : {point} n'y a jamais eu lieu",
        "se saltó el paso de declarar bloqueadoras en esta fase de combate: {point} nunca ocurrió en ella",
    ),
    "first_combat_only": Message(
        'without "during combat", only {point} of the first combat phase of the turn counts, and it has passed',
        "sans « pendant le combat », seul compte le moment de la première phase de combat du tour ({point}), et il "
        "est passé",
        "sin «durante el combate», solo cuenta {point} de la primera fase de combate del turno, y ya pasó",
    ),
    "first_combat_skipped": Message(
        'without "during combat", only the first combat phase of the turn counts; no creature attacked in it, so '
        "{point} never happened there and this was possible only before its declare attackers step ended",
        "sans « pendant le combat », seule compte la première phase de combat du tour ; aucune créature n'y a "
        "attaqué, {point} n'y a donc pas eu lieu et ce n'était possible qu'avant la fin de son étape de déclaration "
        "des attaquants",
        "sin «durante el combate», solo cuenta la primera fase de combate del turno; en ella no atacó ninguna "
        "criatura, así que {point} no ocurrió y solo era posible antes de que terminara su paso de declarar atacantes",
    ),
    "not_during_combat": Message("only during combat", "seulement pendant le combat", "solo durante el combate"),
    "not_their_combat": Message(
        "only during that player's combat phase",
        "seulement pendant la phase de combat de ce joueur",
        "solo durante la fase de combate de ese jugador",
    ),
    "not_your_turn": Message(
        "only during your turn, and it is another player's turn",
        "seulement pendant votre tour, et c'est le tour d'un autre joueur",
        "solo durante tu turno, y es el turno de otro jugador",
    ),
    "your_turn": Message(
        "only during an opponent's turn",
        "seulement pendant le tour d'un adversaire",
        "solo durante el turno de un oponente",
    ),
    "wrong_step": Message("only during {step}", "seulement pendant {step}", "solo durante {step}"),
    "in_step": Message("during {step}", "pendant {step}", "durante {step}"),
    "during_combat": Message("during combat", "pendant le combat", "durante el combate"),
    "answer": Message("{answer}: {reason}", "{answer} : {reason}", "{answer}: {reason}"),
}
