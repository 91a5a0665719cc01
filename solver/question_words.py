"""The words of the judge's questions in English, French and Spanish, with plurals chosen by count."""

from __future__ import annotations

from ..models import Snapshot
from ..models.answers import ChoiceAnswer, DeclarationCount, ForcedChoices
from .board import Board
from .explain import declaration_lines
from .text import Message, Plural
from .unapplied import unapplied_lines

# The words of the answers; a count selects its plural form (CLDR rules: French 0 and 1 are singular).
WORDS: dict[str, Message] = {
    "block_pair": Message("{actor} blocks {target}", "{actor} bloque {target}", "{actor} bloquea a {target}"),
    "block_acts": Message("{actor} blocks", "{actor} bloque", "{actor} bloquea"),
    "block_receives": Message(
        "{target} is blocked", "au moins une créature bloque {target}", "al menos una criatura bloquea a {target}"
    ),
    "attack_pair": Message("{actor} attacks {target}", "{actor} attaque {target}", "{actor} ataca a {target}"),
    "attack_acts": Message("{actor} attacks", "{actor} attaque", "{actor} ataca"),
    "attack_receives": Message(
        "{target} is attacked", "au moins une créature attaque {target}", "al menos una criatura ataca a {target}"
    ),
    "yes": Message(
        "Yes: {choice} in a legal declaration",
        "Oui : {choice} dans une déclaration légale",
        "Sí: {choice} en una declaración legal",
    ),
    "yes_paying": Message(
        "Yes, by paying {cost}: {choice} in a legal declaration",
        "Oui, en payant {cost} : {choice} dans une déclaration légale",
        "Sí, pagando {cost}: {choice} en una declaración legal",
    ),
    "no_restriction": Message(
        "No: if {choice}, a restriction is broken",
        "Non : si {choice}, une restriction est enfreinte",
        "No: si {choice}, se incumple una restricción",
    ),
    "no_requirements": Message(
        Plural(
            "with_choice",
            "No: if {choice}, at most {with_choice} requirement is obeyed; a legal declaration obeys {best}",
            "No: if {choice}, at most {with_choice} requirements are obeyed; a legal declaration obeys {best}",
        ),
        Plural(
            "with_choice",
            "Non : si {choice}, au plus {with_choice} obligation est respectée ; une déclaration légale en respecte {best}",
            "Non : si {choice}, au plus {with_choice} obligations sont respectées ; une déclaration légale en respecte {best}",
        ),
        Plural(
            "with_choice",
            "No: si {choice}, se cumple como mucho {with_choice} requisito; una declaración legal cumple {best}",
            "No: si {choice}, se cumplen como mucho {with_choice} requisitos; una declaración legal cumple {best}",
        ),
    ),
    "unknown": Message(
        "Unknown: the time limit was reached",
        "Inconnu : la limite de temps a été atteinte",
        "Desconocido: se alcanzó el límite de tiempo",
    ),
    "count_exact": Message(
        Plural("count", "{count} legal declaration", "{count} legal declarations"),
        Plural("count", "{count} déclaration légale", "{count} déclarations légales"),
        Plural("count", "{count} declaración legal", "{count} declaraciones legales"),
    ),
    "count_more": Message(
        Plural(
            "limit",
            "more than {limit} legal declaration",
            "more than {limit} legal declarations",
            exact={1: "more than one legal declaration"},
        ),
        Plural(
            "limit",
            "plus de {limit} déclaration légale",
            "plus de {limit} déclarations légales",
            exact={1: "plus d'une déclaration légale"},
        ),
        Plural(
            "limit",
            "más de {limit} declaración legal",
            "más de {limit} declaraciones legales",
            exact={1: "más de una declaración legal"},
        ),
    ),
    "count_unknown": Message(
        Plural(
            "count",
            "at least {count} legal declaration (time limit reached)",
            "at least {count} legal declarations (time limit reached)",
            exact={0: "unknown: the time limit was reached before a legal declaration was found"},
        ),
        Plural(
            "count",
            "au moins {count} déclaration légale (limite de temps atteinte)",
            "au moins {count} déclarations légales (limite de temps atteinte)",
            exact={0: "inconnu : la limite de temps a été atteinte avant qu'une déclaration légale soit trouvée"},
        ),
        Plural(
            "count",
            "al menos {count} declaración legal (se alcanzó el límite de tiempo)",
            "al menos {count} declaraciones legales (se alcanzó el límite de tiempo)",
            exact={0: "desconocido: se alcanzó el límite de tiempo antes de encontrar una declaración legal"},
        ),
    ),
    "paying": Message(
        Plural("paying", "{paying} of them pays a cost", "{paying} of them pay a cost"),
        Plural("paying", "dont {paying} qui paie un coût", "dont {paying} qui paient un coût"),
        Plural("paying", "{paying} de ellas paga un coste", "{paying} de ellas pagan un coste"),
    ),
    "always": Message("Every legal declaration:", "Toute déclaration légale :", "Toda declaración legal:"),
    "never": Message("No legal declaration:", "Aucune déclaration légale :", "Ninguna declaración legal:"),
    "none": Message("(none)", "(aucun)", "(ninguno)"),
}


def say(key: str, lang: str, count: int | None = None, **values: object) -> str:
    return WORDS[key].format(lang, {"count": count, **values})


def choice_text(board: Board, lang: str, actor: str | None, target: str | None) -> str:
    """A choice in words: "X blocks Y", "X blocks", "Y is blocked" (or the attack forms)."""
    step = "attack" if board.snapshot.step == "declare_attackers" else "block"
    form = "pair" if actor is not None and target is not None else "acts" if actor is not None else "receives"
    return say(
        f"{step}_{form}", lang, actor=board.label(actor) if actor else "", target=board.label(target) if target else ""
    )


def answer_lines(answer: ChoiceAnswer | DeclarationCount | ForcedChoices, snapshot: Snapshot) -> list[str]:
    """A judge-readable answer, one line per item, in the answer's language (as `report_lines` for a report)."""
    lines = _answer_lines(answer, snapshot)
    if answer.assuming:  # never silent: what the answer did not apply qualifies it
        if isinstance(answer, ForcedChoices) or not lines:  # its first line is a heading: the clause comes first
            return [answer.assuming[:1].upper() + answer.assuming[1:], *unapplied_lines(answer), *lines]
        return [f"{lines[0]}, {answer.assuming}", *unapplied_lines(answer), *lines[1:]]
    return lines


def _answer_lines(answer: ChoiceAnswer | DeclarationCount | ForcedChoices, snapshot: Snapshot) -> list[str]:
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
            because = f" ({'; '.join(f'{r.rule}{colon}{r.message}' for r in choice.reasons)})" if choice.reasons else ""
            lines.append(f"  - {choice.text}{because}")
        if not choices:
            lines.append(f"  {say('none', lang)}")
    return lines
