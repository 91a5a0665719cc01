"""The problems of a judge's question that doesn't fit the snapshot (solver/questions.py): an unknown id (with
"did you mean ...?" for a near miss) or the wrong step, in English, French and Spanish. Part of PROBLEM_TEXTS
(problem_words.py)."""

from __future__ import annotations

from ..languages import Message

QUESTION_TEXTS: dict[str, Message] = {
    "question_step": Message(
        "{question} asks about the {step} step; the snapshot's step is {actual}",
        "{question} porte sur l'étape {step} ; l'étape de la situation est {actual}",
        "{question} trata del paso {step}; el paso de la situación es {actual}",
    ),
    "not_in_snapshot": Message(
        "'{id}' is not a permanent of the snapshot",
        "'{id}' n'est pas un permanent de la situation",
        "'{id}' no es un permanente de la situación",
    ),
    "not_attacking_in_snapshot": Message(
        "'{id}' is not an attacking creature of the snapshot",
        "'{id}' n'est pas une créature attaquante de la situation",
        "'{id}' no es una criatura atacante de la situación",
    ),
    "no_target_in_snapshot": Message(
        "'{id}' is not a player or permanent of the snapshot",
        "'{id}' n'est ni un joueur ni un permanent de la situation",
        "'{id}' no es ni un jugador ni un permanente de la situación",
    ),
    "not_in_snapshot_close": Message(
        "'{id}' is not a permanent of the snapshot; did you mean {close}?",
        "'{id}' n'est pas un permanent de la situation ; vouliez-vous dire {close} ?",
        "'{id}' no es un permanente de la situación; ¿quisiste decir {close}?",
    ),
    "not_attacking_in_snapshot_close": Message(
        "'{id}' is not an attacking creature of the snapshot; did you mean {close}?",
        "'{id}' n'est pas une créature attaquante de la situation ; vouliez-vous dire {close} ?",
        "'{id}' no es una criatura atacante de la situación; ¿quisiste decir {close}?",
    ),
    "no_target_in_snapshot_close": Message(
        "'{id}' is not a player or permanent of the snapshot; did you mean {close}?",
        "'{id}' n'est ni un joueur ni un permanent de la situation ; vouliez-vous dire {close} ?",
        "'{id}' no es ni un jugador ni un permanente de la situación; ¿quisiste decir {close}?",
    ),
}
