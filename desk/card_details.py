"""What the desk page asks for beside the verdict: a card as it shows it on hover or tap (its Oracle text and how
combatcheck read it, in the page's language: the abilities as its card frame names them, `render/ability_words.py`,
what it does to other objects, and its combat text that is not applied and why, `solver/unapplied.py`'s words: the
page's view of `combatcheck cards show`), and the combat damage step in words (`combatcheck damage`'s text beside
its JSON)."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field

from ..cards.lookup import find_card, permanent_fields, read_card
from ..combat.damage_report import DamageReport
from ..models import Snapshot, snapshot_from_data
from ..render.ability_words import ability_lines
from ..solver.board import Board
from ..solver.unapplied import WHY


class NotApplied(BaseModel):
    text: str = Field(description="the card's combat text, as printed (lower case)")
    why: str = Field(description="why it is not applied, in the request's language")


class CardReading(BaseModel):
    """One card face: what is printed and what combatcheck makes of it."""

    card: str = Field(description="the card's English name")
    type_line: str
    power: str | None = None
    toughness: str | None = None
    loyalty: str | None = None
    oracle_text: str
    abilities: list[str] = Field(description="its own combat abilities as read, as its card frame names them")
    attached_grants: list[str] = Field(
        description="what it gives the permanent it is attached to (an Aura or Equipment), as a frame names them"
    )
    effects: list[str] = Field(description="its static abilities applied to other objects (their printed text)")
    conditional: list[str] = Field(description="abilities it has while a condition holds (their printed text)")
    not_applied: list[NotApplied] = Field(description="its combat text neither read nor applied, and why")
    fields: dict[str, Any] = Field(description="the snapshot fields `card:` gives a permanent (docs/format.md)")


def _frame_lines(fields: dict[str, Any], abilities: list[Any], lang: str) -> list[str]:
    """`abilities` as a card frame names them in `lang`, read on a board of that one permanent."""
    if not abilities:
        return []
    data = {
        "active_player": "a",
        "players": ["a", "b"],
        "permanents": [{"id": "card", "controller": "a", "name": fields["name"], "abilities": abilities}],
    }
    snapshot = snapshot_from_data(data)
    board = Board(snapshot)
    return ability_lines(board.permanents["card"], board, lang)


def card_reading(name: str, lang: str = "en") -> CardReading:
    """The card named `name` (any known spelling; an unknown name raises cards.lookup.UnknownCard)."""
    face = find_card(name)
    fields = permanent_fields(face)
    reading = read_card(face)
    own = [*reading.abilities, *reading.triggers]
    permanent_abilities = _frame_lines(fields, own, lang)
    grants = _frame_lines(fields, list(fields.get("grants_attached", [])), lang)
    why = [NotApplied(text=u["text"], why=WHY[u["why"]].text(lang)) for u in fields.get("unapplied", [])]
    return CardReading(
        card=face.name,
        type_line=face.type_line(),
        power=face.power,
        toughness=face.toughness,
        loyalty=face.loyalty,
        oracle_text=face.text,
        abilities=permanent_abilities,
        attached_grants=grants,
        effects=[s["text"] for s in fields.get("statics", [])],
        conditional=[c.get("text", "") for c in fields.get("conditional", [])],
        not_applied=why,
        fields=fields,
    )


class DamagePage(BaseModel):
    """The combat damage step of the board shown, as `combatcheck damage` answers it: the report and its text."""

    report: DamageReport
    lines: list[str] = Field(description="the report in words, as `combatcheck damage` prints it, in `lang`")


def damage_page(snapshot: Snapshot, lang: str, ranges: bool) -> DamagePage:
    """The damage steps of `snapshot` (a board whose blocks are declared, or a timeline with an assignment), with
    `ranges`: how much each recipient can be assigned. Raises SnapshotError for bad input."""
    from ..combat.damage_report import damage_report, report_lines

    report, timeline, followed = damage_report(snapshot, lang=lang, want_ranges=ranges)  # type: ignore[arg-type]
    return DamagePage(report=report, lines=report_lines(report, timeline, followed))


__all__ = ["CardReading", "DamagePage", "NotApplied", "card_reading", "damage_page"]
