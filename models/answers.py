"""What the judge's questions answer, as JSON-ready models: can this choice be made, how many legal declarations are
there, and which choices are forced."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from .cr_edition import CR_EDITION
from .report import Finding, Language, NotApplied
from .snapshot import Declaration, Step


class _Qualified(BaseModel):
    """An answer that lists the combat text of named cards it did not apply, and says it assumes it changes
    nothing (docs/format.md#not-applied)."""

    unapplied: list[NotApplied] = Field(
        default_factory=list, description="combat text of named cards that is neither read nor applied"
    )
    assuming: str | None = Field(None, description="when `unapplied` is not empty: the answer's qualification")
    cr_edition: str = Field(
        CR_EDITION, description="the Comprehensive Rules edition the answer follows: its effective date (ISO 8601)"
    )


class Choice(BaseModel):
    """One choice of a declaration: `actor` declared against `target` (both given), `actor` declared at all (only
    `actor`), or `target` blocked / attacked by at least one creature (only `target`)."""

    actor: str | None = None
    target: str | None = None
    text: str = Field(description="the choice in words, in the answer's language")
    reasons: list[Finding] = Field(
        default_factory=list,
        description="for a choice no declaration makes: the restrictions that rule it out on their own (empty when "
        "restrictions together or the requirements rule it out; a cost never does, since paying is allowed)",
    )


class ChoiceAnswer(_Qualified):
    """ "Can X block Y?" / "Can X attack P?"."""

    question: Literal["can_block", "can_attack"]
    step: Step
    lang: Language = "en"
    actor: str
    target: str
    answer: Literal["yes", "no", "unknown"] = Field(description="unknown: the time limit was reached")
    text: str = Field(description="the answer in one sentence, in the answer's language")
    declaration: Declaration | None = Field(
        None, description="yes: a legal declaration that makes the choice, nearest to the snapshot's declaration"
    )
    cost: str | None = Field(None, description="yes: what that declaration pays, if anything")
    forbidden_by: list[Finding] = Field(
        default_factory=list, description="no: the restrictions that forbid the choice (alone or together)"
    )
    missed_requirements: list[Finding] = Field(
        default_factory=list,
        description="no: requirements that a best declaration obeys and every declaration making the choice misses",
    )
    requirements_optimum: int | None = None
    requirements_with_choice: int | None = Field(
        None, description="the most requirements a declaration making the choice obeys"
    )


class DeclarationCount(_Qualified):
    """ "How many legal declarations are there, and which?": exactly those `check` calls legal, paying included: they
    break no restriction and obey the most requirements a declaration paying no other cost could obey (509.1c,
    508.1d; docs/format.md, "Costs")."""

    step: Step
    lang: Language = "en"
    status: Literal["exact", "more", "unknown"] = Field(
        description="exact: `count` is the number; more: there are more than `limit`; unknown: the time limit was "
        "reached (`count` were found)"
    )
    count: int
    limit: int
    declarations: list[Declaration] = Field(description="the first ones found, fewest choices first")
    requirements_optimum: int | None = Field(None, description="the most requirements a cost-free declaration obeys")
    paying: int = Field(0, description="how many of the declarations counted pay a cost (509.1d, 508.1h)")
    text: str


class ForcedChoices(_Qualified):
    """ "What is forced?": the choices every legal declaration makes, and those none makes (the declarations `check`
    calls legal, paying included). A choice implied by a listed one is left out (if X must block Y, "X blocks" is not
    repeated)."""

    step: Step
    lang: Language = "en"
    status: Literal["exact", "unknown"]
    always: list[Choice] = Field(default_factory=list)
    never: list[Choice] = Field(default_factory=list)
    requirements_optimum: int | None = None
