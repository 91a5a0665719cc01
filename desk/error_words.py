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
    "invalid_parameters": Message(
        "invalid request parameters", "paramètres de requête invalides", "parámetros de la petición no válidos"
    ),
}
