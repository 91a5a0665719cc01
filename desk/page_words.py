"""The desk page's own words (labels, buttons, headings, hints, status and error messages) in English, French and
Spanish, with the official Magic terms of each language (the shared reference terminology.md: « engagé » / « girada »,
« force » / « fuerza », « joueur actif », « déclaration des bloqueurs » / « declarar bloqueadoras »). The page reads
them from `GET /api/words`; `{names}` are filled in by the page. Being `Message`s, they are checked by the generic
translation test like every other message."""

from __future__ import annotations

from ..models.cr_edition import CR_EDITION_WORDS
from ..solver.explain import WORDS as REPORT_WORDS
from ..solver.text import Message

PAGE_WORDS: dict[str, Message] = {
    "title": Message("combatcheck — judge's desk", "combatcheck — table de l'arbitre", "combatcheck — mesa del juez"),
    "language": Message("Language", "Langue", "Idioma"),
    "board": Message("Board", "Champ de bataille", "Campo de batalla"),
    "step": Message("Step", "Étape", "Paso"),
    "declare_blockers": Message("Declare blockers", "Déclaration des bloqueurs", "Declarar bloqueadoras"),
    "declare_attackers": Message("Declare attackers", "Déclaration des attaquants", "Declarar atacantes"),
    "players": Message("Players (in turn order)", "Joueurs (dans l'ordre du tour)", "Jugadores (en orden de turno)"),
    "active": Message("Active player", "Joueur actif", "Jugador activo"),
    "card": Message("Card", "Carte", "Carta"),
    "id": Message("Id", "Identifiant", "Identificador"),
    "controller": Message("Controller", "Contrôleur", "Controlador"),
    "pt": Message("P/T", "F/E", "F/R"),
    "power": Message("power", "force", "fuerza"),
    "toughness": Message("toughness", "endurance", "resistencia"),
    "tapped": Message("Tapped", "Engagé", "Girada"),
    "attacking": Message("Attacking", "Attaque", "Ataca a"),
    "abilities": Message("Abilities", "Capacités", "Habilidades"),
    "declares": Message("Declares", "Déclare", "Declara"),
    "add": Message("Add a permanent", "Ajouter un permanent", "Añadir un permanente"),
    "effects": Message("Effects", "Effets", "Efectos"),
    "effects_hint": Message(
        "One effect per line, as in a snapshot file, e.g. - {{max_blockers: 1}}",
        "Un effet par ligne, comme dans un fichier de situation, par ex. - {{max_blockers: 1}}",
        "Un efecto por línea, como en un archivo de situación, p. ej. - {{max_blockers: 1}}",
    ),
    "save_yaml": Message("Save YAML", "Enregistrer en YAML", "Guardar YAML"),
    "save_json": Message("Save JSON", "Enregistrer en JSON", "Guardar JSON"),
    "load": Message("Load a snapshot", "Charger une situation", "Cargar una situación"),
    "click_hint": Message(
        "Click or tap a creature in the picture, then what it blocks or attacks, to declare it (again to undo).",
        "Touchez ou cliquez une créature dans l'image, puis ce qu'elle bloque ou attaque, pour la déclarer (de "
        "nouveau pour annuler).",
        "Toca o haz clic en una criatura de la imagen y luego en lo que bloquea o ataca para declararla (otra vez "
        "para deshacerlo).",
    ),
    "verdict": Message("Verdict", "Verdict", "Veredicto"),
    "triggers": Message("Triggers", "Capacités déclenchées", "Habilidades disparadas"),
    "no_triggers": REPORT_WORDS["no_triggers"],
    "on_resolution": REPORT_WORDS["on_resolution"],
    "questions": Message("Questions", "Questions", "Preguntas"),
    "can": Message("Can", "Est-ce que", "¿Puede"),
    "block_verb": Message("block", "peut bloquer", "bloquear a"),
    "attack_verb": Message("attack", "peut attaquer", "atacar a"),
    "question_mark": Message("?", " ?", "?"),
    "ask": Message("Ask", "Demander", "Preguntar"),
    "how_many": Message(
        "How many legal declarations?", "Combien de déclarations légales ?", "¿Cuántas declaraciones legales hay?"
    ),
    "forced": Message("What is forced?", "Qu'est-ce qui est imposé ?", "¿Qué es obligatorio?"),
    "blocks": Message("blocks", "bloque", "bloquea a"),
    "attacks": Message("attacks", "attaque", "ataca a"),
    "nobody": Message("—", "—", "—"),
    "several": Message("(several)", "(plusieurs)", "(varias)"),
    "remove": Message("Remove", "Retirer", "Quitar"),
    "checking": Message("Checking…", "Vérification…", "Comprobando…"),
    "always": Message("Every legal declaration:", "Toute déclaration légale :", "Toda declaración legal:"),
    "never": Message("No legal declaration:", "Aucune déclaration légale :", "Ninguna declaración legal:"),
    "none": Message("(none)", "(aucun)", "(ninguno)"),
    "undecided": Message(
        "Not decided within the time limit.",
        "Pas de réponse dans le temps imparti.",
        "Sin respuesta dentro del tiempo límite.",
    ),
    "loaded": Message("Loaded: {file}", "Chargé : {file}", "Cargado: {file}"),
    "saved_problems": Message(
        "Fix the problems before saving.",
        "Corrigez les problèmes avant d'enregistrer.",
        "Corrige los problemas antes de guardar.",
    ),
    "nothing": Message("nobody is declared", "aucune créature n'est déclarée", "no se declara ninguna criatura"),
    "selected": Message(
        "Selected: {creature}. Now click what it blocks or attacks.",
        "Sélection : {creature}. Cliquez maintenant sur ce qu'elle bloque ou attaque.",
        "Seleccionada: {creature}. Ahora haz clic en lo que bloquea o ataca.",
    ),
    # What went wrong, by the answer's HTTP status; the problems' own details follow as the server gives them.
    "error_400": Message(
        "This board can't be read (JSON or YAML, within the input limits):",
        "Cette situation est illisible (JSON ou YAML, dans les limites d'entrée) :",
        "Esta situación no se puede leer (JSON o YAML, dentro de los límites de entrada):",
    ),
    "error_413": Message(
        "This board is too large to send.", "Cette situation est trop grande.", "Esta situación es demasiado grande."
    ),
    "error_422": Message(
        "This board can't be checked as it is:",
        "Cette situation ne peut pas être vérifiée telle quelle :",
        "Esta situación no se puede comprobar tal como está:",
    ),
    "error_other": Message(
        "The desk could not answer:",
        "La table de l'arbitre n'a pas pu répondre :",
        "La mesa del juez no pudo responder:",
    ),
    "api_schema": Message("API schema", "Schéma de l'API", "Esquema de la API"),
    "fan_content": Message(
        "combatcheck is unofficial Fan Content permitted under the Fan Content Policy. Not approved/endorsed by "
        "{wizards}. Portions of the materials used are property of {company}. ©{legal}.",
        "combatcheck est un contenu de fans non officiel, permis par la Politique sur le contenu des fans. Il "
        "n'est ni approuvé ni cautionné par {wizards}. Certains des éléments utilisés sont la propriété de "
        "{company}. ©{legal}.",
        "combatcheck es Contenido de fans no oficial permitido por la Política de contenido de fans. No está "
        "aprobado ni respaldado por {wizards}. Parte de los materiales utilizados son propiedad de {company}. "
        "©{legal}.",
    ),
    # multiplayer (802, 803, 506.2a), goad (701.38: « incitée », « incitada »), attachments (« attacher », « anexar »)
    "attack_option": Message("Who may be attacked", "Qui peut être attaqué", "A quién se puede atacar"),
    "option_all": Message("every opponent", "chaque adversaire", "cualquier oponente"),
    "option_multiple": Message(
        "attack multiple players (802)", "attaquer plusieurs joueurs (802)", "atacar a varios jugadores (802)"
    ),
    "option_left": Message(
        "attack left: the next player (803)",
        "attaquer à gauche : le joueur suivant (803)",
        "atacar a la izquierda: el jugador siguiente (803)",
    ),
    "option_right": Message(
        "attack right: the previous player (803)",
        "attaquer à droite : le joueur précédent (803)",
        "atacar a la derecha: el jugador anterior (803)",
    ),
    "option_chosen": Message("one chosen player (506.2a)", "un joueur choisi (506.2a)", "un jugador elegido (506.2a)"),
    "defending_player": Message("Defending player", "Joueur défenseur", "Jugador defensor"),
    "goaded_by": Message("Goaded by", "Incitée par", "Incitada por"),
    "attached_to": Message("Attached to", "Attaché à", "Anexado a"),
    # a board held by a link
    "share": Message("Link to this board", "Lien vers cette situation", "Enlace a esta situación"),
    "link_label": Message("Link to this board", "Lien vers cette situation", "Enlace a esta situación"),
    "link_copied": Message(
        "The link to this board is copied.",
        "Le lien vers cette situation est copié.",
        "Se ha copiado el enlace a esta situación.",
    ),
    "link_shown": Message(
        "The link to this board is selected below: copy it.",
        "Le lien vers cette situation est sélectionné ci-dessous : copiez-le.",
        "El enlace a esta situación está seleccionado abajo: cópialo.",
    ),
    "link_opened": Message(
        "Board opened from its link.", "Situation ouverte depuis son lien.", "Situación abierta desde su enlace."
    ),
    "link_unreadable": Message(
        "This link holds no readable board.",
        "Ce lien ne contient aucune situation lisible.",
        "Este enlace no contiene ninguna situación legible.",
    ),
    # a card on hover or tap
    "card_info": Message(
        "The card's text and how combatcheck read it",
        "Le texte de la carte et sa lecture par combatcheck",
        "El texto de la carta y cómo lo leyó combatcheck",
    ),
    "card_oracle": Message("{oracle} text", "Texte {oracle}", "Texto de {oracle}"),
    "card_read": Message("Read as", "Lu comme", "Leído como"),
    "card_read_nothing": Message(
        "no combat ability of its own", "aucune capacité de combat propre", "ninguna habilidad de combate propia"
    ),
    "card_attached_grant": Message(
        "to what it is attached to: {ability}",
        "à ce à quoi elle est attachée : {ability}",
        "a lo que está anexada: {ability}",
    ),
    "card_effects": Message("Applied to other objects", "Appliqué aux autres objets", "Aplicado a otros objetos"),
    "card_conditional": Message(
        "While a condition holds (evaluated on the board)",
        "Tant qu'une condition est remplie (évaluée sur le plateau)",
        "Mientras se cumpla una condición (evaluada en el tablero)",
    ),
    "card_not_applied": Message(
        "Not applied (every verdict says so)",
        "Non appliqué (chaque verdict le signale)",
        "No aplicado (cada veredicto lo indica)",
    ),
    "cr_edition": CR_EDITION_WORDS,  # the one wording of the edition, as every report's last line
    # the combat damage step (510.1): « blessures de combat », « daño de combate »
    "damage": Message("Combat damage", "Blessures de combat", "Daño de combate"),
    "damage_hint": Message(
        "Once blockers are declared: how much each recipient can be assigned, and whether the amounts typed below "
        "are a legal assignment (510.1). A creature left empty is not announced.",
        "Une fois les bloqueurs déclarés : ce que chaque destinataire peut recevoir, et si les quantités saisies "
        "ci-dessous forment une assignation légale (510.1). Une créature laissée vide n'est pas annoncée.",
        "Una vez declaradas las bloqueadoras: cuánto puede recibir cada destinatario, y si las cantidades "
        "escritas abajo son una asignación legal (510.1). Una criatura sin cantidades no se anuncia.",
    ),
    "damage_ranges": Message(
        "How much can go through?", "Combien de blessures peuvent passer ?", "¿Cuánto daño puede pasar?"
    ),
    "damage_check": Message(
        "Is this damage assignment legal?",
        "Cette assignation des blessures est-elle légale ?",
        "¿Es legal esta asignación de daño?",
    ),
    "damage_assigns": Message("{creature} assigns:", "{creature} assigne :", "{creature} asigna:"),
    "damage_amount": Message(
        "combat damage {source} assigns to {recipient}",
        "blessures de combat que {source} assigne à {recipient}",
        "daño de combate que {source} asigna a {recipient}",
    ),
    "damage_legal": Message("LEGAL ASSIGNMENT", "ASSIGNATION LÉGALE", "ASIGNACIÓN LEGAL"),
    "damage_illegal": Message("ILLEGAL ASSIGNMENT", "ASSIGNATION ILLÉGALE", "ASIGNACIÓN ILEGAL"),
}


# Names that are the same in every language, filled in here (the page fills the other `{names}`).
NAMES: dict[str, dict[str, str]] = {
    "fan_content": {"wizards": "Wizards", "company": "Wizards of the Coast", "legal": "Wizards of the Coast LLC"},
    "card_oracle": {"oracle": "Oracle"},
}


def page_words() -> dict[str, dict[str, str]]:
    """Every page word in every language: {"en": {key: text}, "fr": {...}, "es": {...}}."""
    return {
        lang: {
            key: message.format(lang, NAMES[key]) if key in NAMES else message.text(lang)
            for key, message in PAGE_WORDS.items()
        }
        for lang in ("en", "fr", "es")
    }


__all__ = ["PAGE_WORDS", "page_words"]
