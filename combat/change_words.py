"""The narration's sentence for each kind of change, in English, French and Spanish (terms as in `words.py`)."""

from __future__ import annotations

from ..solver.rules import Message

CHANGES: dict[str, Message] = {
    "step_begins": Message("{step} begins", "{step} commence", "comienza {step}"),
    "step_additional": Message(
        "An additional combat phase begins (combat phase {combat}); {step} begins",
        "Une phase de combat supplémentaire commence (phase de combat n° {combat}) ; {step} commence",
        "Comienza una fase de combate adicional (fase de combate n.º {combat}); comienza {step}",
    ),
    "step_skipped": Message(
        "{step} is skipped: no creature was declared as an attacker or put onto the battlefield attacking",
        "{step} est passée : aucune créature n'a été déclarée attaquante ni mise sur le champ de bataille attaquante",
        "se salta {step}: no se declaró ninguna criatura atacante ni se puso ninguna en el campo de batalla atacando",
    ),
    "combat_skipped": Message(
        "The combat phase is skipped (combat phase {combat})",
        "La phase de combat est passée (phase de combat n° {combat})",
        "Se salta la fase de combate (fase de combate n.º {combat})",
    ),
    "declared": Message("{what}: {verdict}", "{what} : {verdict}", "{what}: {verdict}"),
    "attacks_declared": Message(
        "{creature} attacks {target}", "{creature} attaque {target}", "{creature} ataca a {target}"
    ),
    "attacks_put": Message(
        '{creature} is attacking {target}; for triggered abilities and effects it never "attacked"',
        "{creature} attaque {target} ; pour les capacités déclenchées et les effets, elle n'a jamais « attaqué »",
        "{creature} está atacando a {target}; a efectos de habilidades disparadas y efectos, nunca «atacó»",
    ),
    "never_attacking_not_a_creature": Message(
        "{creature} enters, but it is not a creature: it is never an attacking permanent",
        "{creature} arrive sur le champ de bataille, mais ce n'est pas une créature : ce permanent n'est jamais "
        "considéré comme attaquant",
        "{creature} entra al campo de batalla, pero no es una criatura: nunca se considera un permanente atacante",
    ),
    "never_attacking_not_attacking_player": Message(
        "{creature} enters under the control of a player who is not attacking: it is never an attacking creature",
        "{creature} arrive sous le contrôle d'un joueur autre que le joueur attaquant : elle n'est jamais considérée "
        "comme attaquante",
        "{creature} entra bajo el control de un jugador que no es el jugador atacante: nunca se considera una "
        "criatura atacante",
    ),
    "never_attacking_target_gone": Message(
        "{creature} enters, but {target} can no longer be attacked: it is never an attacking creature",
        "{creature} arrive sur le champ de bataille, mais {target} ne peut plus être attaqué : elle n'est jamais "
        "considérée comme attaquante",
        "{creature} entra al campo de batalla, pero ya no se puede atacar a {target}: nunca se considera una "
        "criatura atacante",
    ),
    "never_attacking_battle": Message(
        "{creature} is also a battle: it enters but is never attacking",
        "{creature} est aussi une bataille : ce permanent arrive mais n'est jamais considéré comme attaquant",
        "{creature} también es una batalla: entra pero nunca se considera atacante",
    ),
    "blocks_declared": Message(
        "{blocker} blocks {attacker}", "{blocker} bloque {attacker}", "{blocker} bloquea a {attacker}"
    ),
    "blocks_effect": Message(
        "{blocker} now blocks {attacker}",
        "{blocker} bloque maintenant {attacker}",
        "{blocker} ahora bloquea a {attacker}",
    ),
    "blocks_effect_again": Message(
        "{blocker} now also blocks {attacker} (it was already a blocking creature)",
        "{blocker} bloque maintenant aussi {attacker} (elle était déjà une créature bloqueuse)",
        "{blocker} ahora también bloquea a {attacker} (ya era una criatura bloqueadora)",
    ),
    "blocks_put": Message(
        '{blocker} is blocking {attacker}; for triggered abilities and effects it never "blocked"',
        "{blocker} bloque {attacker} ; pour les capacités déclenchées et les effets, elle n'a jamais « bloqué »",
        "{blocker} está bloqueando a {attacker}; a efectos de habilidades disparadas y efectos, nunca «bloqueó»",
    ),
    "blocks_band": Message(
        "{blocker} also blocks {attacker}, of the same attacking band",
        "{blocker} bloque aussi {attacker}, de la même bande attaquante",
        "{blocker} también bloquea a {attacker}, de la misma banda atacante",
    ),
    "never_blocking_not_a_creature": Message(
        "{creature} enters, but it is not a creature: it is never a blocking permanent",
        "{creature} arrive sur le champ de bataille, mais ce n'est pas une créature : ce permanent n'est jamais "
        "considéré comme bloqueur",
        "{creature} entra al campo de batalla, pero no es una criatura: nunca se considera un permanente bloqueador",
    ),
    "never_blocking_not_defending": Message(
        "{creature} enters, but {attacker} attacks neither its controller, nor a planeswalker they control, nor a "
        "battle they protect: it is never a blocking creature",
        "{creature} arrive sur le champ de bataille, mais {attacker} n'attaque ni son contrôleur, ni un planeswalker "
        "qu'il contrôle, ni une bataille qu'il protège : elle n'est jamais considérée comme bloqueuse",
        "{creature} entra al campo de batalla, pero {attacker} no ataca a su controlador, ni a un planeswalker que "
        "controla, ni a una batalla que protege: nunca se considera una criatura bloqueadora",
    ),
    "never_blocking_attacker_gone": Message(
        # "not", not "no longer": the creature named may have left combat or never attacked at all
        "{creature} enters, but {attacker} is not attacking: it is never a blocking creature",
        "{creature} arrive sur le champ de bataille, mais {attacker} n'est pas attaquante : elle n'est jamais "
        "considérée comme bloqueuse",
        "{creature} entra al campo de batalla, pero {attacker} no está atacando: nunca se considera una criatura "
        "bloqueadora",
    ),
    "never_blocking_battle": Message(
        "{creature} is also a battle: it enters but is never blocking",
        "{creature} est aussi une bataille : ce permanent arrive mais n'est jamais considéré comme bloqueur",
        "{creature} también es una batalla: entra pero nunca se considera bloqueadora",
    ),
    "becomes_blocked_declared": Message("{attacker} is blocked", "{attacker} est bloquée", "{attacker} está bloqueada"),
    "becomes_blocked_creature": Message(
        "{attacker}, which was unblocked, becomes blocked",
        "{attacker}, qui était non bloquée, devient bloquée",
        "{attacker}, que no estaba bloqueada, pasa a estar bloqueada",
    ),
    "becomes_blocked_effect": Message(
        "{attacker} becomes blocked, though no creature blocks it",
        "{attacker} devient bloquée, sans qu'aucune créature ne la bloque",
        "{attacker} pasa a estar bloqueada, sin que ninguna criatura la bloquee",
    ),
    "becomes_unblocked_declared": Message(
        "{attacker} is unblocked: no creature was declared as a blocker for it",
        "{attacker} est non bloquée : aucune créature n'a été déclarée bloqueuse pour elle",
        "{attacker} no está bloqueada: no se declaró ninguna criatura bloqueadora para ella",
    ),
    "becomes_unblocked_effect": Message(
        "{attacker} becomes unblocked", "{attacker} devient non bloquée", "{attacker} pasa a estar sin bloquear"
    ),
    "becomes_unblocked_put": Message(
        "{attacker} is unblocked: blockers were declared before it entered",
        "{attacker} est non bloquée : les bloqueurs ont été déclarés avant son arrivée",
        "{attacker} no está bloqueada: las bloqueadoras se declararon antes de que entrara",
    ),
    "removed_creature": Message(
        "{object} is removed from combat ({cause}): it is no longer {roles}",
        "{object} est retirée du combat ({cause}) : elle n'est plus {roles}",
        "Se remueve del combate a {object} ({cause}): deja de ser {roles}",
    ),
    "removed_attacked": Message(
        "{object} is removed from combat ({cause}): it is no longer attacked",
        "{object} est retiré du combat ({cause}) : il n'est plus attaqué",
        "Se remueve del combate a {object} ({cause}): deja de estar atacado",
    ),
    "stays_would_not_be_allowed": Message(
        "{object} stays in combat: once it was declared, what would have kept it from attacking or blocking doesn't "
        "remove it",
        "{object} reste au combat : une fois déclarée, ce qui l'aurait empêchée d'attaquer ou de bloquer ne la "
        "retire pas du combat",
        "{object} sigue en el combate: una vez declarada, lo que habría impedido que atacara o bloqueara no la "
        "remueve del combate",
    ),
    "stays_tapped": Message(
        "Tapping {object} doesn't remove it from combat, nor prevent its combat damage",
        "Engager {object} ne la retire pas du combat et n'empêche pas ses blessures de combat",
        "Girar a {object} no la remueve del combate ni impide su daño de combate",
    ),
    "stays_untapped": Message(
        "Untapping {object} doesn't remove it from combat, nor prevent its combat damage",
        "Dégager {object} ne la retire pas du combat et n'empêche pas ses blessures de combat",
        "Enderezar a {object} no la remueve del combate ni impide su daño de combate",
    ),
    "stays_still_attacked_planeswalker": Message(
        "{object} is no longer a creature but is still a planeswalker: it stays in combat as an attacked planeswalker",
        "{object} n'est plus une créature mais reste un planeswalker : il reste au combat en tant que planeswalker "
        "attaqué",
        "{object} ya no es una criatura pero sigue siendo un planeswalker: sigue en el combate como planeswalker "
        "atacado",
    ),
    "stays_still_blocking_creature": Message(
        "{object} is no longer a planeswalker but is still a creature: it stays in combat as a blocking creature",
        "{object} n'est plus un planeswalker mais reste une créature : elle reste au combat en tant que créature "
        "bloqueuse",
        "{object} ya no es un planeswalker pero sigue siendo una criatura: sigue en el combate como criatura "
        "bloqueadora",
    ),
    "stays_evasion_changed": Message(
        "The blocks on {object} stand: an evasion ability gained after a legal block doesn't affect that block",
        "Les blocages de {object} demeurent : une capacité d'évasion acquise après un blocage légal n'affecte pas ce "
        "blocage",
        "Los bloqueos de {object} se mantienen: una habilidad de evasión ganada después de un bloqueo legal no afecta "
        "a ese bloqueo",
    ),
    "stays_characteristics": Message(
        "{object} stays in combat: a change of characteristics removes it only if it stops being a creature (or an "
        "attacked planeswalker stops being one)",
        "{object} reste au combat : un changement de caractéristiques ne l'en retire que si elle cesse d'être une "
        "créature (ou si un planeswalker attaqué cesse d'en être un)",
        "{object} sigue en el combate: un cambio de características solo la remueve si deja de ser una criatura (o si "
        "un planeswalker atacado deja de serlo)",
    ),
    "attacking_nothing": Message(
        "{attacker} keeps attacking though {target} left combat: it attacks no player, planeswalker or battle, may "
        "still be blocked, and deals no combat damage if unblocked",
        "{attacker} reste attaquante bien que {target} ait quitté le combat : elle n'attaque ni joueur, ni "
        "planeswalker, ni bataille, peut être bloquée, et n'inflige aucune blessure de combat si elle n'est pas bloquée",
        "{attacker} sigue atacando aunque {target} haya salido del combate: no ataca a ningún jugador, planeswalker "
        "ni batalla, puede ser bloqueada y no hace daño de combate si no es bloqueada",
    ),
    "still_blocked": Message(
        "{attacker} remains blocked, though no creature blocks it any more",
        "{attacker} reste bloquée, même si plus aucune créature ne la bloque",
        "{attacker} sigue bloqueada aunque ya no la bloquee ninguna criatura",
    ),
    "stops_blocking": Message(
        "{blocker} no longer blocks {attacker}, which left combat; it remains a blocking creature",
        "{blocker} ne bloque plus {attacker}, qui a quitté le combat ; elle reste une créature bloqueuse",
        "{blocker} ya no bloquea a {attacker}, que salió del combate; sigue siendo una criatura bloqueadora",
    ),
    "board_enters": Message(
        "{object} is neither attacking nor blocking: only creatures declared, or put onto the battlefield attacking or "
        "blocking, are",
        "{object} n'est ni attaquante ni bloqueuse : seules le sont les créatures déclarées, ou mises sur le champ de "
        "bataille attaquantes ou bloqueuses",
        "{object} no es atacante ni bloqueadora: solo lo son las criaturas declaradas, o puestas en el campo de "
        "batalla atacando o bloqueando",
    ),
    "nothing_not_in_combat": Message(
        "Nothing changes in combat: {object} is not in combat",
        "Rien ne change au combat : {object} n'est pas au combat",
        "Nada cambia en el combate: {object} no está en el combate",
    ),
    "nothing_already_blocking": Message(
        "Nothing changes: {object} already blocks that creature",
        "Rien ne change : {object} bloque déjà cette créature",
        "Nada cambia: {object} ya bloquea a esa criatura",
    ),
    "nothing_already_blocked": Message(
        "Nothing changes: {object} is already blocked",
        "Rien ne change : {object} est déjà bloquée",
        "Nada cambia: {object} ya está bloqueada",
    ),
    "nothing_already_unblocked": Message(
        "Nothing changes: {object} is already unblocked",
        "Rien ne change : {object} est déjà non bloquée",
        "Nada cambia: {object} ya está sin bloquear",
    ),
    "nothing_attacker_not_attacking": Message(
        "Nothing changes: {object} is not attacking",
        "Rien ne change : {object} n'est pas attaquante",
        "Nada cambia: {object} no está atacando",
    ),
    "nothing_no_order_now": Message(
        "Nothing to announce: no damage assignment order of {object} is due now",
        "Rien à annoncer : aucun ordre d'assignation des blessures de {object} n'est dû maintenant",
        "Nada que anunciar: ahora no corresponde anunciar ningún orden de asignación de daño de {object}",
    ),
    "nothing_no_order_current_rules": Message(
        "No damage assignment order under the current rules: a creature's controller divides its combat damage as "
        "they choose",
        "Aucun ordre d'assignation des blessures selon les règles actuelles : le contrôleur d'une créature répartit "
        "ses blessures de combat comme il le souhaite",
        "No hay orden de asignación de daño según las reglas actuales: el controlador de una criatura divide su daño "
        "de combate como quiera",
    ),
    "nothing_not_a_blocker": Message(
        "Nothing changes: {object} is not blocking",
        "Rien ne change : {object} n'est pas bloqueuse",
        "Nada cambia: {object} no está bloqueando",
    ),
    "blocks_again": Message(
        "{blocker} was removed from combat earlier in this combat phase, yet blocks {attacker}: the effect says it "
        "blocks, and a card's text beats the rule that a creature removed from combat takes no further part in it",
        "{blocker} a été retirée du combat plus tôt dans cette phase de combat, mais bloque {attacker} : l'effet dit "
        "qu'elle bloque, et le texte d'une carte l'emporte sur la règle selon laquelle une créature retirée du combat "
        "n'y participe plus",
        "A {blocker} se la removió del combate antes en esta fase de combate, pero bloquea a {attacker}: el efecto "
        "dice que bloquea, y el texto de una carta prevalece sobre la regla según la cual una criatura removida del "
        "combate ya no participa en él",
    ),
    "nothing_not_a_creature": Message(
        "Nothing changes: {object} is not a creature, and only creatures block",
        "Rien ne change : {object} n'est pas une créature, et seules les créatures bloquent",
        "Nada cambia: {object} no es una criatura, y solo las criaturas bloquean",
    ),
    "nothing_battle": Message(
        "Nothing changes: {object} is a battle, which can't become a blocking creature",
        "Rien ne change : {object} est une bataille, qui ne peut pas devenir une créature bloqueuse",
        "Nada cambia: {object} es una batalla, que no puede convertirse en una criatura bloqueadora",
    ),
    "nothing_not_defending": Message(
        "Nothing changes: that attacking creature attacks neither the controller of {object}, nor a planeswalker they "
        "control, nor a battle they protect",
        "Rien ne change : cette créature attaquante n'attaque ni le contrôleur de {object}, ni un planeswalker qu'il "
        "contrôle, ni une bataille qu'il protège",
        "Nada cambia: esa criatura atacante no ataca al controlador de {object}, ni a un planeswalker que controla, "
        "ni a una batalla que protege",
    ),
    "nothing_same_controller": Message(
        "Nothing changes: that player already controls {object}",
        "Rien ne change : ce joueur contrôle déjà {object}",
        "Nada cambia: ese jugador ya controla {object}",
    ),
    "nothing_already_tapped": Message(
        "Nothing changes: {object} is already tapped",
        "Rien ne change : {object} est déjà engagée",
        "Nada cambia: {object} ya está girada",
    ),
    "nothing_already_untapped": Message(
        "Nothing changes: {object} is already untapped",
        "Rien ne change : {object} est déjà dégagée",
        "Nada cambia: {object} ya está enderezada",
    ),
    "order_due_whole": Message(
        "{player} must announce the damage assignment order of {of}: {creatures}, in the order of their choice",
        "{player} doit annoncer l'ordre d'assignation des blessures de {of} : {creatures}, dans l'ordre de son choix",
        "{player} debe anunciar el orden de asignación de daño de {of}: {creatures}, en el orden que elija",
    ),
    "order_due_position": Message(
        "{player} must announce the position of {creatures} in the damage assignment order of {of}; the others keep "
        "their relative order",
        "{player} doit annoncer la position de {creatures} dans l'ordre d'assignation des blessures de {of} ; l'ordre "
        "relatif des autres demeure inchangé",
        "{player} debe anunciar la posición de {creatures} en el orden de asignación de daño de {of}; el orden "
        "relativo de las demás no cambia",
    ),
    "order_announced": Message(
        "{player} announces the damage assignment order of {of}: {order}",
        "{player} annonce l'ordre d'assignation des blessures de {of} : {order}",
        "{player} anuncia el orden de asignación de daño de {of}: {order}",
    ),
    "order_updated": Message(
        "{left} leaves the damage assignment order of {of}; the others keep their relative order: {order}",
        "{left} sort de l'ordre d'assignation des blessures de {of} ; l'ordre relatif des autres demeure inchangé : "
        "{order}",
        "{left} sale del orden de asignación de daño de {of}; el orden relativo de las demás no cambia: {order}",
    ),
    "order_rejected_wrong_player": Message(
        "Illegal: {expected} announces the damage assignment order of {of}, not {player}",
        "Illégal : c'est {expected} qui annonce l'ordre d'assignation des blessures de {of}, pas {player}",
        "Ilegal: el orden de asignación de daño de {of} lo anuncia {expected}, no {player}",
    ),
    "order_rejected_wrong_creatures": Message(
        "Illegal: the damage assignment order of {of} must hold exactly {expected}",
        "Illégal : l'ordre d'assignation des blessures de {of} doit comprendre exactement {expected}",
        "Ilegal: el orden de asignación de daño de {of} debe contener exactamente {expected}",
    ),
    "order_rejected_relative_order": Message(
        "Illegal: in the damage assignment order of {of}, the others must keep their relative order: {expected}",
        "Illégal : dans l'ordre d'assignation des blessures de {of}, l'ordre relatif des autres doit demeurer "
        "inchangé : {expected}",
        "Ilegal: en el orden de asignación de daño de {of}, el orden relativo de las demás no debe cambiar: {expected}",
    ),
    "damage_unblocked": Message(
        "{creature} assigns its combat damage to {to}",
        "{creature} assigne ses blessures de combat à {to}",
        "{creature} asigna su daño de combate a {to}",
    ),
    "damage_blocked": Message(
        "{creature} assigns its combat damage among the creatures blocking it, as its controller chooses: {to}",
        "{creature} répartit ses blessures de combat entre les créatures qui la bloquent, au choix de son contrôleur : "
        "{to}",
        "{creature} divide su daño de combate entre las criaturas que la bloquean, como elija su controlador: {to}",
    ),
    "damage_blocked_order": Message(
        "{creature} assigns its combat damage following its damage assignment order: {to}",
        "{creature} assigne ses blessures de combat selon son ordre d'assignation des blessures : {to}",
        "{creature} asigna su daño de combate según su orden de asignación de daño: {to}",
    ),
    "damage_blocked_banding": Message(
        "{creature} assigns its combat damage among the creatures blocking it, divided as {player}, the defending "
        "player, chooses, since a creature with banding blocks it: {to}",
        "{creature} répartit ses blessures de combat entre les créatures qui la bloquent, au choix de {player}, le "
        "joueur défenseur, puisqu'une créature avec le regroupement la bloque : {to}",
        "{creature} divide su daño de combate entre las criaturas que la bloquean, como elija {player}, el jugador "
        "defensor, ya que la bloquea una criatura con la habilidad de agrupar: {to}",
    ),
    "damage_blocking_banding": Message(
        "{creature} assigns its combat damage among the creatures it blocks, divided as {player}, the active player, "
        "chooses, since it blocks a creature with banding: {to}",
        "{creature} répartit ses blessures de combat entre les créatures qu'elle bloque, au choix de {player}, le "
        "joueur actif, puisqu'elle bloque une créature avec le regroupement : {to}",
        "{creature} divide su daño de combate entre las criaturas que bloquea, como elija {player}, el jugador "
        "activo, ya que bloquea una criatura con la habilidad de agrupar: {to}",
    ),
    "damage_blocking": Message(
        "{creature} assigns its combat damage to the creatures it blocks: {to}",
        "{creature} assigne ses blessures de combat aux créatures qu'elle bloque : {to}",
        "{creature} asigna su daño de combate a las criaturas que bloquea: {to}",
    ),
    "damage_blocking_order": Message(
        "{creature} assigns its combat damage following its damage assignment order: {to}",
        "{creature} assigne ses blessures de combat selon son ordre d'assignation des blessures : {to}",
        "{creature} asigna su daño de combate según su orden de asignación de daño: {to}",
    ),
    "damage_nothing_attacked": Message(
        "{creature} is unblocked but attacks nothing: it assigns no combat damage",
        "{creature} n'est pas bloquée mais n'attaque rien : elle n'assigne aucune blessure de combat",
        "{creature} no está bloqueada pero no ataca a nada: no asigna daño de combate",
    ),
    "damage_no_blockers": Message(
        "{creature} is blocked but no creature blocks it now: it assigns no combat damage",
        "{creature} est bloquée mais plus aucune créature ne la bloque : elle n'assigne aucune blessure de combat",
        "{creature} está bloqueada pero ya ninguna criatura la bloquea: no asigna daño de combate",
    ),
    "damage_trample_no_blockers": Message(
        "{creature} has trample and no creature blocks it now: its combat damage is assigned to {to}",
        "{creature} a le piétinement et plus aucune créature ne la bloque : ses blessures de combat sont assignées à "
        "{to}",
        "{creature} tiene la habilidad de arrollar y ya ninguna criatura la bloquea: su daño de combate se asigna a "
        "{to}",
    ),
    "damage_planeswalker_gone": Message(
        "{creature} has trample over planeswalkers and the planeswalker it attacked left combat: its combat damage is "
        "assigned to {to}",
        "{creature} a le piétinement au-delà des planeswalkers et le planeswalker qu'elle attaquait a quitté le "
        "combat : ses blessures de combat sont assignées à {to}",
        "{creature} tiene la habilidad de arrollar sobre planeswalkers y el planeswalker al que atacaba dejó el "
        "combate: su daño de combate se asigna a {to}",
    ),
    "damage_blocks_nothing": Message(
        "{creature} blocks no creature now: it assigns no combat damage",
        "{creature} ne bloque plus aucune créature : elle n'assigne aucune blessure de combat",
        "{creature} ya no bloquea a ninguna criatura: no asigna daño de combate",
    ),
    "damage_no_power": Message(
        "{creature} has power 0 or less: it assigns no combat damage",
        "{creature} a une force de 0 ou moins : elle n'assigne aucune blessure de combat",
        "{creature} tiene fuerza 0 o menos: no asigna daño de combate",
    ),
    "combat_ends": Message(
        "The end of combat step ends: every creature, planeswalker and battle is removed from combat",
        "L'étape de fin de combat se termine : toutes les créatures, tous les planeswalkers et toutes les batailles "
        "sont retirés du combat",
        "Termina el paso de final del combate: se remueve del combate a todas las criaturas, planeswalkers y batallas",
    ),
    "alone_attacked": Message(
        "{creature} attacked alone: it is the only creature declared as an attacker",
        "{creature} attaque seule : c'est la seule créature déclarée attaquante",
        "{creature} atacó sola: es la única criatura declarada atacante",
    ),
    "alone_attacking": Message(
        "{creature} is now attacking alone: no other creature is attacking",
        "{creature} est maintenant seule attaquante : aucune autre créature n'attaque",
        "{creature} ahora está atacando sola: ninguna otra criatura ataca",
    ),
    "alone_blocked": Message(
        "{creature} blocked alone: it is the only creature declared as a blocker",
        "{creature} bloque seule : c'est la seule créature déclarée bloqueuse",
        "{creature} bloqueó sola: es la única criatura declarada bloqueadora",
    ),
    "alone_blocking": Message(
        "{creature} is now blocking alone: no other creature is blocking",
        "{creature} est maintenant seule bloqueuse : aucune autre créature ne bloque",
        "{creature} ahora está bloqueando sola: ninguna otra criatura bloquea",
    ),
}
