"""The input problems of `attached_to` (models/attachments.py), in English, French and Spanish; part of
`problem_words.PROBLEM_TEXTS`."""

from __future__ import annotations

from ..languages import Message

ATTACHMENT_TEXTS: dict[str, Message] = {
    "not_an_attachment": Message(
        "only an Aura, an Equipment or a Fortification is attached to something (701.3a)",
        "seul une Aura, un Équipement ou une Fortification est attaché à quelque chose (701.3a)",
        "solo un Aura, un Equipo o una Fortificación se anexa a algo (701.3a)",
    ),
    "attached_to_itself": Message(
        "a permanent can't be attached to itself (301.5c, 303.4d)",
        "un permanent ne peut pas être attaché à lui-même (301.5c, 303.4d)",
        "un permanente no puede anexarse a sí mismo (301.5c, 303.4d)",
    ),
    "attached_to_player": Message(
        "'{id}' is a player: an Equipment or a Fortification is attached to a permanent (301.5c, 301.6), and an "
        "Aura attached to a player (enchant player) can't be stated",
        "'{id}' est un joueur : un Équipement ou une Fortification est attaché à un permanent (301.5c, 301.6), et une "
        "Aura attachée à un joueur (enchanter : joueur) ne peut pas être décrite",
        "'{id}' es un jugador: un Equipo o una Fortificación se anexa a un permanente (301.5c, 301.6), y un Aura "
        "anexada a un jugador (encantar jugador) no puede describirse",
    ),
    "equipment_on_noncreature": Message(
        "'{id}' is not a creature: an Equipment equips only a creature (301.5c)",
        "'{id}' n'est pas une créature : un Équipement n'équipe qu'une créature (301.5c)",
        "'{id}' no es una criatura: un Equipo solo equipa a una criatura (301.5c)",
    ),
    "fortification_on_nonland": Message(
        "'{id}' is not a land: a Fortification fortifies only a land (301.6)",
        "'{id}' n'est pas un terrain : une Fortification ne fortifie qu'un terrain (301.6)",
        "'{id}' no es una tierra: una Fortificación solo fortifica una tierra (301.6)",
    ),
    "aura_cant_enchant": Message(
        "this Aura can't enchant '{id}': its enchant ability allows only {types} (303.4d, 702.5a)",
        "cette Aura ne peut pas enchanter '{id}' : sa capacité d'enchantement ne permet que {types} (303.4d, 702.5a)",
        "esta Aura no puede encantar a '{id}': su habilidad de encantar solo permite {types} (303.4d, 702.5a)",
    ),
}
