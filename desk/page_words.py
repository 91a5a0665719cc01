"""The desk page's own words (labels, buttons, headings, hints, status and error messages) in English, French and
Spanish, with the official Magic terms of each language (the shared reference terminology.md: « engagé » / « girada »,
« force » / « fuerza », « joueur actif », « déclaration des bloqueurs » / « declarar bloqueadoras »). The page reads
them from `GET /api/words`; `{names}` are filled in by the page. Being `Message`s, they are checked by the generic
translation test like every other message."""

from __future__ import annotations

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
        "Click a creature in the picture, then what it blocks or attacks, to declare it (click again to undo).",
        "Cliquez sur une créature dans l'image, puis sur ce qu'elle bloque ou attaque, pour la déclarer (cliquez de "
        "nouveau pour annuler).",
        "Haz clic en una criatura de la imagen y luego en lo que bloquea o ataca para declararla (otro clic lo "
        "deshace).",
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
}


def page_words() -> dict[str, dict[str, str]]:
    """Every page word in every language: {"en": {key: text}, "fr": {...}, "es": {...}}."""
    return {lang: {key: message.text(lang) for key, message in PAGE_WORDS.items()} for lang in ("en", "fr", "es")}


__all__ = ["PAGE_WORDS", "page_words"]
