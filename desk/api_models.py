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
