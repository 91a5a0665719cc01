"""The words of the judge's questions in English, French and Spanish, with plurals chosen by count."""

from __future__ import annotations

from ..models import Snapshot
from ..models.answers import ChoiceAnswer, DeclarationCount, ForcedChoices
from .board import Board
from .explain import declaration_lines

# key -> language -> (singular, plural); a plain string when the text has no count.
_TEXT: dict[str, dict[str, str | tuple[str, str]]] = {
    "block_pair": {
        "en": "{actor} blocks {target}",
        "fr": "{actor} bloque {target}",
        "es": "{actor} bloquea a {target}",
    },
    "block_acts": {"en": "{actor} blocks", "fr": "{actor} bloque", "es": "{actor} bloquea"},
    "block_receives": {
        "en": "{target} is blocked",
        "fr": "au moins une créature bloque {target}",
        "es": "al menos una criatura bloquea a {target}",
    },
    "attack_pair": {
        "en": "{actor} attacks {target}",
        "fr": "{actor} attaque {target}",
        "es": "{actor} ataca a {target}",
    },
    "attack_acts": {"en": "{actor} attacks", "fr": "{actor} attaque", "es": "{actor} ataca"},
    "attack_receives": {
        "en": "{target} is attacked",
        "fr": "au moins une créature attaque {target}",
        "es": "al menos una criatura ataca a {target}",
    },
    "yes": {
        "en": "Yes: {choice} in a legal declaration",
        "fr": "Oui : {choice} dans une déclaration légale",
        "es": "Sí: {choice} en una declaración legal",
    },
    "yes_paying": {
        "en": "Yes, by paying {cost}: {choice} in a legal declaration",
        "fr": "Oui, en payant {cost} : {choice} dans une déclaration légale",
        "es": "Sí, pagando {cost}: {choice} en una declaración legal",
    },
    "no_restriction": {
        "en": "No: {choice} would break a restriction",
        "fr": "Non : si {choice}, une restriction est enfreinte",
        "es": "No: si {choice}, se incumple una restricción",
    },
    "no_requirements": {
        "en": (
            "No: if {choice}, at most {with_choice} requirement is obeyed; a legal declaration obeys {best}",
            "No: if {choice}, at most {with_choice} requirements are obeyed; a legal declaration obeys {best}",
        ),
        "fr": (
            "Non : si {choice}, au plus {with_choice} obligation est respectée ; une déclaration légale en "
            "respecte {best}",
            "Non : si {choice}, au plus {with_choice} obligations sont respectées ; une déclaration légale en "
            "respecte {best}",
        ),
        "es": (
            "No: si {choice}, se cumple como mucho {with_choice} requisito; una declaración legal cumple {best}",
            "No: si {choice}, se cumplen como mucho {with_choice} requisitos; una declaración legal cumple {best}",
        ),
    },
    "unknown": {
        "en": "Unknown: the time limit was reached",
        "fr": "Inconnu : la limite de temps a été atteinte",
        "es": "Desconocido: se alcanzó el límite de tiempo",
    },
    "count_exact": {
        "en": ("{count} legal declaration", "{count} legal declarations"),
        "fr": ("{count} déclaration légale", "{count} déclarations légales"),
        "es": ("{count} declaración legal", "{count} declaraciones legales"),
    },
    "count_more": {
        "en": ("more than {limit} legal declaration", "more than {limit} legal declarations"),
        "fr": ("plus de {limit} déclaration légale", "plus de {limit} déclarations légales"),
        "es": ("más de {limit} declaración legal", "más de {limit} declaraciones legales"),
    },
    "count_unknown": {
        "en": (
            "at least {count} legal declaration (time limit reached)",
            "at least {count} legal declarations (time limit reached)",
        ),
        "fr": (
            "au moins {count} déclaration légale (limite de temps atteinte)",
            "au moins {count} déclarations légales (limite de temps atteinte)",
        ),
        "es": (
            "al menos {count} declaración legal (se alcanzó el límite de tiempo)",
            "al menos {count} declaraciones legales (se alcanzó el límite de tiempo)",
        ),
    },
    "paying_not_counted": {
        "en": "declarations that pay a cost are not counted",
        "fr": "les déclarations qui paient un coût ne sont pas comptées",
        "es": "no se cuentan las declaraciones que pagan un coste",
    },
    "always": {
        "en": "Every legal declaration:",
        "fr": "Toute déclaration légale :",
        "es": "Toda declaración legal:",
    },
    "never": {
        "en": "No legal declaration:",
        "fr": "Aucune déclaration légale :",
        "es": "Ninguna declaración legal:",
    },
    "none": {"en": "(none)", "fr": "(aucun)", "es": "(ninguno)"},
}


def _singular(lang: str, count: int) -> bool:
    """French uses the singular for 0 and 1; English and Spanish for 1 only."""
    return count in (0, 1) if lang == "fr" else count == 1


def say(key: str, lang: str, count: int | None = None, **values: object) -> str:
    entry = _TEXT[key]
    text = entry.get(lang) or entry["en"]
    if isinstance(text, tuple):
        text = text[0] if count is not None and _singular(lang, count) else text[1]
    return text.format(count=count, **values)


def choice_text(board: Board, lang: str, actor: str | None, target: str | None) -> str:
    """A choice in words: "X blocks Y", "X blocks", "Y is blocked" (or the attack forms)."""
    step = "attack" if board.snapshot.step == "declare_attackers" else "block"
    form = "pair" if actor is not None and target is not None else "acts" if actor is not None else "receives"
    return say(
        f"{step}_{form}", lang, actor=board.label(actor) if actor else "", target=board.label(target) if target else ""
    )


def answer_lines(answer: ChoiceAnswer | DeclarationCount | ForcedChoices, snapshot: Snapshot) -> list[str]:
    """A judge-readable answer, one line per item, in the answer's language (as `report_lines` for a report)."""
    board = Board(snapshot)
    lang = answer.lang
    colon = " : " if lang == "fr" else ": "
    if isinstance(answer, ChoiceAnswer):
        lines = [answer.text]
        for item in [*answer.forbidden_by, *answer.missed_requirements]:
            lines.append(f"  - ({item.rule}){colon}{item.message}")
        if answer.declaration is not None:
            lines += declaration_lines(answer.declaration, board, lang)
        return lines
    if isinstance(answer, DeclarationCount):
        lines = [answer.text]
        for index, declaration in enumerate(answer.declarations, 1):
            lines.append(f"#{index}")
            lines += declaration_lines(declaration, board, lang)
        return lines
    if answer.status == "unknown":
        return [say("unknown", lang)]
    lines = []
    for key, choices in (("always", answer.always), ("never", answer.never)):
        lines.append(say(key, lang))
        for choice in choices:
            because = f" ({'; '.join(f'{r.rule}: {r.message}' for r in choice.reasons)})" if choice.reasons else ""
            lines.append(f"  - {choice.text}{because}")
        if not choices:
            lines.append(f"  {say('none', lang)}")
    return lines
