"""The JSON shapes of the desk's API that are not the library's own (those are in models/)."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field

from ..models.answers import DeclarationCount, ForcedChoices
from ..models.report import Report


class Problem(BaseModel):
    path: str = Field(description="where in the input, e.g. permanents[2] (id 'bear').power")
    message: str


class JudgeResult(BaseModel):
    """What the page shows: the report, its explanation in the report's language, the picture and the answers."""

    report: Report = Field(description="the report, with the triggers of a legal declaration (`report.triggers`)")
    lines: list[str] = Field(
        description="the explanation, as `combatcheck check` prints it up to its triggers (the page shows "
        "`report.triggers` apart)"
    )
    svg: str = Field(description="the picture: the board, the verdict, marks and the witness")
    count: DeclarationCount
    forced: ForcedChoices


class ParsedSnapshot(BaseModel):
    snapshot: dict[str, Any] = Field(description="the file's data, as written")
    problems: list[Problem] = Field(description="why it can't be checked as it is (empty: it can)")


class CardChoice(BaseModel):
    name: str = Field(description="as written: the English name, or a French or Spanish name")
    card: str = Field(description="the card's English name")
    type_line: str
    power: int | None = None
    toughness: int | None = None


class ErrorAnswer(BaseModel):
    """Every answer that is not a success: a heading, and the problems under it, each naming where it is."""

    error: str = Field(description="what went wrong, in the request's language (`?lang=`)")
    problems: list[Problem] = Field(
        description="each problem with its field: a parameter (`blocker`, `time_limit`) or a place in the snapshot "
        "(`permanents[0] (id 'x').controller`); empty when the request as a whole is refused (its size, its "
        "Host header, a busy desk)"
    )


class RuleEntry(BaseModel):
    """One rule of the catalog, as `combatcheck rules --json` lists it."""

    key: str = Field(description="the rule's key, as reports name it")
    rule: str = Field(description="its Comprehensive Rules number, e.g. 509.1c")
    kind: str = Field(description="restriction or requirement")
    summary: str = Field(description="what it says")


class TriggerEntry(BaseModel):
    """One trigger wording of the catalog, as `combatcheck triggers --json` lists it."""

    key: str
    rule: str = Field(description="its Comprehensive Rules number, e.g. 702.23a")
    word: str = Field(description="the ability word a snapshot writes for it")
    summary: str


class CardDetails(BaseModel):
    """A card as the checker reads it, as `combatcheck cards show --json` prints it."""

    card: str = Field(description="the card's English name")
    fields: dict[str, Any] = Field(description="the snapshot fields the card gives a permanent (`card: NAME`)")
    oracle_text: str
    unmapped: list[str] = Field(description="combat text of the card that the reader did not read")
    not_own: list[str] = Field(description="text about other objects, not the card itself")
    triggers: list[Any] = Field(description="the attack and block triggers read")
    triggers_unmapped: list[str] = Field(description="trigger text that the reader did not read")


class CardDatabaseInfo(BaseModel):
    """Which card database is in use, as `combatcheck cards info` tells it."""

    source: str = Field(description="where its cards come from")
    date: str | None = Field(description="how current its cards are (ISO date), if known")
    faces: int = Field(description="card faces")
    other_names: int = Field(description="other names (French, Spanish…) that lead to a face")
    arena_ids: int = Field(description="MTG Arena ids known")
    missing: dict[str, str] = Field(description="faces known to be missing: face -> its card")


class CardFound(BaseModel):
    """A card found by `combatcheck cards search`."""

    card: str = Field(description="the card's English name")
    type_line: str
    power: str | None = Field(None, description="as printed: may be '*'")
    toughness: str | None = None
