"""Never silent: the combat text of named cards that a verdict neither read nor applied, and the verdict's
qualification ("LEGAL, assuming that this text of Kazuul, Tyrant of the Cliffs (kazuul), which is not applied, is
not in effect").

A permanent named by `card:` carries its `unapplied` text (models/statics.py); a phased-out permanent's abilities
don't exist (702.26b), so its text is left out. The snapshot overrides it by writing `unapplied: []`.
"""

from __future__ import annotations

from ..languages import Message, Plural, join
from ..models import Snapshot
from ..models.report import NotApplied, Report

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
ITEM = Message("{card}: “{text}” ({why})", "{card} : « {text} » ({why})", "{card}: «{text}» ({why})")
ASSUMING = Message(
    Plural(
        "count",
        "assuming that this text of {cards}, which is not applied, is not in effect:",
        "assuming that these {count} texts of {cards}, which are not applied, are not in effect:",
    ),
    Plural(
        "count",
        "en supposant que ce texte de {cards}, qui n'est pas appliqué, n'a pas d'effet :",
        "en supposant que ces {count} textes de {cards}, qui ne sont pas appliqués, n'ont pas d'effet :",
    ),
    Plural(
        "count",
        "suponiendo que este texto de {cards}, que no se aplica, no tiene efecto:",
        "suponiendo que estos {count} textos de {cards}, que no se aplican, no tienen efecto:",
    ),
)


def not_applied(snapshot: Snapshot, lang: str = "en") -> list[NotApplied]:
    """Each text of a named card on the board that is neither read nor applied, in board order."""
    out = []
    for perm in snapshot.permanents:
        if perm.phased_out:
            continue
        for item in perm.unapplied:
            why = WHY[item.why].text(lang)
            message = ITEM.format(lang, {"card": perm.label, "text": item.text, "why": why})
            out.append(NotApplied(source=perm.id, text=item.text, why=item.why, message=message))
    return out


def noted(report: Report, snapshot: Snapshot) -> Report:
    """The report with the text its verdict did not apply, and the verdict's qualification (the same report when
    everything was read)."""
    items = not_applied(snapshot, report.lang)
    if not items:
        return report
    labels = list(dict.fromkeys(snapshot.permanent(i.source).label for i in items))
    assuming = ASSUMING.format(report.lang, {"count": len(items), "cards": join(report.lang, labels)})
    return report.model_copy(update={"unapplied": items, "assuming": assuming})


def unapplied_lines(report: Report) -> list[str]:
    """The qualification's items, one line each, as the report's text shows them under its verdict."""
    return [f"  - {item.message}" for item in report.unapplied]
