"""Never silent: the combat text of named cards that a verdict neither read nor applied, and the verdict's
qualification ("LEGAL, assuming that this text of Kazuul, Tyrant of the Cliffs (kazuul) does nothing beyond
what the board states").

A permanent named by `card:` carries its `unapplied` text (models/statics.py); a phased-out permanent's abilities
don't exist (702.26b), so its text is left out. The snapshot overrides it by writing `unapplied: []`.
"""

from __future__ import annotations

from typing import TypeVar

from ..languages import Message, Plural, join
from ..models import Snapshot
from ..models.abilities import ability_name
from ..models.answers import ChoiceAnswer, DeclarationCount, ForcedChoices
from ..models.applying import needed
from ..models.report import NotApplied, Report

Answer = TypeVar("Answer", Report, ChoiceAnswer, DeclarationCount, ForcedChoices)

WHY: dict[str, Message] = {
    "not_understood": Message("not understood", "non compris", "no se entiende"),
    "condition": Message(
        "a condition the board doesn't show",
        "une condition que le plateau ne montre pas",
        "una condición que el tablero no muestra",
    ),
    "one_shot": Message(
        "a triggered, activated or one-shot effect: state its result when it applies",
        "un effet déclenché, activé ou ponctuel : décrivez son résultat quand il s'applique",
        "un efecto disparado, activado o puntual: describe su resultado cuando se aplica",
    ),
    "power_toughness": Message(
        "a change of power or toughness: state them",
        "une modification de force ou d'endurance : indiquez-les",
        "un cambio de fuerza o resistencia: indícalas",
    ),
}
NEEDS = Message(
    "a condition that needs what the board doesn't state: {facts}",
    "une condition qui dépend de ce que le plateau n'indique pas : {facts}",
    "una condición que depende de lo que el tablero no indica: {facts}",
)
ITEM = Message("{card}: “{text}” ({why})", "{card} : « {text} » ({why})", "{card}: «{text}» ({why})")
# What the verdict assumed, true of every item: a text not applied at all, one applied in part (Nim Deathmantle's
# intimidate, not its "is a black Zombie"), and a pump or a one-shot effect whose result the snapshot states.
ASSUMING = Message(
    Plural(
        "count",
        "assuming that this text of {cards} does nothing beyond what the board states:",
        "assuming that these {count} texts of {cards} do nothing beyond what the board states:",
    ),
    Plural(
        "count",
        "en supposant que ce texte de {cards} ne fait rien de plus que ce qu'indique le plateau :",
        "en supposant que ces {count} textes de {cards} ne font rien de plus que ce qu'indique le plateau :",
    ),
    Plural(
        "count",
        "suponiendo que este texto de {cards} no hace nada más de lo que indica el tablero:",
        "suponiendo que estos {count} textos de {cards} no hacen nada más de lo que indica el tablero:",
    ),
)


def not_applied(snapshot: Snapshot, lang: str = "en") -> list[NotApplied]:
    """Each text of a named card on the board that is neither read nor applied, in board order."""
    out = []
    # One pass that looks at nothing else: it runs after the verdict, outside the time limit, on boards as large as
    # the input limits allow, and most permanents carry no named card's text.
    # A permanent that lost all its abilities has none of these texts (613.1f), so none is left out.
    named = [p for p in snapshot.permanents if (p.unapplied or p.conditional) and "all" not in p.lost]
    for perm in named:
        if perm.phased_out:
            continue
        for item in perm.unapplied:
            why = WHY[item.why].text(lang)
            message = ITEM.format(lang, {"card": perm.label, "text": item.text, "why": why})
            out.append(NotApplied(source=perm.id, text=item.text, why=item.why, message=message))
    for perm, index, facts in needed(snapshot, named):  # never guessed: the facts a condition needs are named
        conditional = perm.conditional[index]
        text = conditional.text or ", ".join(ability_name(a) for a in conditional.abilities)
        why = NEEDS.format(lang, {"facts": ", ".join(facts)})
        message = ITEM.format(lang, {"card": perm.label, "text": text, "why": why})
        out.append(NotApplied(source=perm.id, text=text, why="condition", needs=facts, message=message))
    return out


def qualification(snapshot: Snapshot, lang: str) -> tuple[list[NotApplied], str | None]:
    """The text of named cards not applied on this board, and the clause that qualifies a verdict by it ("assuming
    that this text of … does nothing beyond what the board states:"); ([], None) when everything was read."""
    items = not_applied(snapshot, lang)
    if not items:
        return [], None
    labels = list(dict.fromkeys(snapshot.permanent(i.source).label for i in items))
    return items, ASSUMING.format(lang, {"count": len(items), "cards": join(lang, labels)})


def noted(report: Answer, snapshot: Snapshot) -> Answer:
    """The report (or a question's answer) with the text its verdict did not apply, and the verdict's
    qualification (the same report when everything was read)."""
    items, assuming = qualification(snapshot, report.lang)
    if not items:
        return report
    return report.model_copy(update={"unapplied": items, "assuming": assuming})


def unapplied_lines(report: Report | ChoiceAnswer | DeclarationCount | ForcedChoices) -> list[str]:
    """The qualification's items, one line each, as the report's text shows them under its verdict."""
    return item_lines(report.unapplied)


def item_lines(items: list[NotApplied]) -> list[str]:
    return [f"  - {item.message}" for item in items]
