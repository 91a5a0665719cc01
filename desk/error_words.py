"""The desk's own error headings (the `error` of a 4xx answer) in English, French and Spanish; the problems under
them are the models' input problems, in the request's language (`?lang=`)."""

from __future__ import annotations

from ..solver.text import Message

ERROR_WORDS: dict[str, Message] = {
    "body_too_large": Message(
        "the request body is larger than {limit} bytes",
        "le corps de la requête dépasse {limit} octets",
        "el cuerpo de la petición supera los {limit} bytes",
    ),
    "body_not_utf8": Message(
        "the request body is not UTF-8 text",
        "le corps de la requête n'est pas du texte UTF-8",
        "el cuerpo de la petición no es texto UTF-8",
    ),
    "body_empty": Message(
        "the request body is empty: send a snapshot as JSON or YAML",
        "le corps de la requête est vide : envoyez une situation en JSON ou en YAML",
        "el cuerpo de la petición está vacío: envía una situación en JSON o YAML",
    ),
    "unreadable": Message(
        "unreadable JSON or YAML, or beyond the input limits",
        "JSON ou YAML illisible, ou au-delà des limites d'entrée",
        "JSON o YAML ilegible, o más allá de los límites de entrada",
    ),
    "invalid_snapshot": Message("invalid snapshot", "situation invalide", "situación no válida"),
    "board_too_large": Message(
        "the board is too large to check",
        "la situation est trop grande pour être vérifiée",
        "la situación es demasiado grande para comprobarla",
    ),
    "invalid_question": Message(
        "the question doesn't fit the snapshot",
        "la question ne correspond pas à la situation",
        "la pregunta no corresponde a la situación",
    ),
    "unknown_card": Message("unknown card", "carte inconnue", "carta desconocida"),
    "search_words": Message(
        "give at least one letter or digit to search for",
        "donnez au moins une lettre ou un chiffre à chercher",
        "da al menos una letra o un número que buscar",
    ),
    "cors_refused": Message(
        "this origin may not call the desk from a browser: start it with {option}",
        "cette origine ne peut pas appeler le bureau depuis un navigateur : lancez-le avec {option}",
        "este origen no puede llamar al escritorio desde un navegador: inícialo con {option}",
    ),
    "invalid_parameters": Message(
        "invalid request parameters", "paramètres de requête invalides", "parámetros de la petición no válidos"
    ),
    "invalid_host": Message(
        "this desk answers requests for this machine only (the Host header names another site)",
        "ce bureau ne répond qu'aux requêtes destinées à cet ordinateur (l'en-tête d'hôte désigne un autre serveur)",
        "este escritorio solo responde a peticiones para esta máquina (la cabecera de anfitrión nombra otro servidor)",
    ),
    "busy": Message(
        "the desk is busy: every worker is checking and the queue is full; try again in {retry_after} seconds",
        "le bureau est occupé : chaque processus vérifie et la liste d'attente est pleine ; réessayez dans "
        "{retry_after} secondes",
        "el escritorio está ocupado: cada proceso comprueba y la cola está llena; inténtalo de nuevo en {retry_after} "
        "segundos",
    ),
    "overran": Message(
        "the answer took more than {seconds} seconds, past its time limit: its work was stopped",
        "la réponse a pris plus de {seconds} secondes, au-delà de son temps limite : son travail a été arrêté",
        "la respuesta tardó más de {seconds} segundos, más allá de su tiempo límite: su trabajo se detuvo",
    ),
    "stopping": Message("the desk is stopping", "le bureau s'arrête", "el escritorio se está deteniendo"),
    "body_timeout": Message(
        "the request body did not arrive within {seconds} seconds",
        "le corps de la requête n'est pas arrivé en {seconds} secondes",
        "el cuerpo de la petición no llegó en {seconds} segundos",
    ),
}
