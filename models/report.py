"""What combatcheck answers: the verdict, the reasons, a witness and the outcome, as JSON-ready models."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from .cr_edition import CR_EDITION
from .snapshot import Declaration


class Finding(BaseModel):
    """One broken restriction, or one requirement (obeyed or missed), with its rule and objects."""

    rule: str = Field(description="Comprehensive Rules number, e.g. 702.111b")
    key: str = Field(description="catalog entry, e.g. menace")
    kind: Literal["restriction", "requirement"]
    message: str
    objects: list[str] = Field(default_factory=list, description="ids of the permanents involved")


class CostItem(BaseModel):
    object: str
    cost: str
    source: str


class Outcome(BaseModel):
    """What the declaration does: who attacks what (508.1k), or who blocks what and which attackers are blocked or
    unblocked (509.1g-h, 702.22h for bands), and the total cost to pay (508.1h, 509.1d)."""

    attacks: dict[str, str] = Field(default_factory=dict, description="attacking creature -> what it attacks")
    attacked: dict[str, list[str]] = Field(default_factory=dict, description="player/planeswalker/battle -> attackers")
    blocks: dict[str, list[str]] = Field(default_factory=dict, description="blocker -> attackers it blocks")
    blocked: dict[str, list[str]] = Field(default_factory=dict, description="attacker -> its blockers")
    unblocked: list[str] = Field(default_factory=list)
    costs: list[CostItem] = Field(default_factory=list)
    total_cost: str | None = None


class SolverInfo(BaseModel):
    used_cpsat: bool
    status: str = Field(description="fast-path, optimal, feasible (time limit) or unknown")
    milliseconds: float


class Triggered(BaseModel):
    """A triggered ability that triggers (603.2) on an attack or block: whose it is (603.3a), how many times, and the
    rule of its wording (508.3, 509.3, 702)."""

    rule: str = Field(description="Comprehensive Rules number of the wording, e.g. 509.3c or 702.23a")
    key: str = Field(description="trigger catalog entry, e.g. becomes_blocked or rampage (combatcheck triggers)")
    source: str = Field(description="id of the permanent whose ability triggers")
    controller: str = Field(description="the player who controls the triggered ability (603.3a)")
    times: int = Field(ge=1, description="how many times it triggers; each instance of an ability is its own entry")
    objects: list[str] = Field(default_factory=list, description="ids of the creatures or players the events are about")
    message: str
    on_resolution: str | None = Field(
        None, description="what is counted or chosen only when the ability resolves (not computed ahead)"
    )
    condition: str | None = Field(None, description="what the trigger depends on that the snapshot does not say")


class NotApplied(BaseModel):
    """Combat text of a named card that the check neither read nor applied: the verdict assumes it changes nothing."""

    source: str = Field(description="id of the permanent whose card has the text")
    text: str = Field(description="the rules text (Oracle, lower case, the card's name as ~)")
    why: Literal["not_understood", "condition", "one_shot", "power_toughness"]
    needs: list[str] = Field(
        default_factory=list,
        description="a condition's facts the snapshot doesn't state (`turn.extra_turn`, `counters`)",
    )
    message: str = Field(description="the card, its text and why, in the report's language")


Verdict = Literal["legal", "illegal", "unknown"]
Language = Literal["en", "fr", "es"]


class Report(BaseModel):
    """The verdict on a declaration, with its reasons: what `combatcheck check --json` prints."""

    verdict: Verdict
    step: str
    lang: Language = Field("en", description="the language of the messages")
    violations: list[Finding] = Field(default_factory=list, description="broken restrictions and missed requirements")
    requirements_total: int
    requirements_obeyed: int
    requirements_optimum: int | None = Field(
        None,
        description=(
            "the most requirements a restriction-obeying declaration can obey without paying a cost beyond those "
            "the proposal pays"
        ),
    )
    missed_requirements: list[Finding] = Field(
        default_factory=list, description="requirements the witness obeys that the proposal does not"
    )
    witness: Declaration | None = Field(
        None, description="a legal declaration nearest to the proposal, in the snapshot's declaration format"
    )
    witness_outcome: Outcome | None = Field(
        None, description="when illegal: what the witness does and the costs it pays (never beyond the proposal's)"
    )
    outcome: Outcome | None = None
    triggers: list[Triggered] | None = Field(
        None,
        description="for a legal declaration: the attack or block triggers it causes (508.3, 509.3); null when not "
        "computed (an illegal or unknown verdict, or a library call without combatcheck.combat)",
    )
    unapplied: list[NotApplied] = Field(
        default_factory=list,
        description="combat text of named cards that is neither read nor applied (docs/format.md#not-applied)",
    )
    assuming: str | None = Field(
        None,
        description="when `unapplied` is not empty: the verdict's qualification in words (it holds assuming that "
        "text changes nothing)",
    )
    solver: SolverInfo
    cr_edition: str = Field(
        CR_EDITION, description="the Comprehensive Rules edition the verdict follows: its effective date (ISO 8601)"
    )

    @property
    def legal(self) -> bool | None:
        return None if self.verdict == "unknown" else self.verdict == "legal"
