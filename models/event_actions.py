"""Timeline events that act on a combat already under way: spells and abilities with a combat timing or a target
that must be in combat (506.7, 601.2c), an effect that makes a blocker stop blocking one attacker (General
Jarkeld), and one that reselects what an attacker attacks (508.7, Portal Mage). `models/events.py` lists them with
the other events; their meaning lives in `combat/`.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator
from pydantic_core import PydanticCustomError

from .event_base import _Event
from .schema_shorthands import one_or_many, or_text

CombatPoint = Literal["attackers_declared", "blockers_declared", "combat_damage_step", "end_of_combat_step", "combat"]
_POINTS = ("attackers_declared", "blockers_declared", "combat_damage_step", "end_of_combat_step", "combat")
TargetCondition = Literal["attacking", "blocking", "blocked", "unblocked", "yours", "opponents"]
"""What a target must be as the spell is cast or the ability activated: an attacking / blocking creature (508.1k,
509.1g), a blocked / unblocked one (509.1h; Maze of Ith, ninjutsu 702.49c), one its caster controls or an
opponent controls."""


_TIMING_TEXT = re.compile(
    r"^(?:during_(?P<turn>your|an_opponent_s)_turn_?)?(?P<during>during_combat)?_?"
    r"(?:(?P<when>before|after)_(?P<point>" + "|".join(_POINTS) + r"))?$"
)
_STEP_TEXT = re.compile(
    r"^during_(?P<step>beginning_of_combat|declare_attackers|declare_blockers|combat_damage|end_of_combat)$"
)
_FILLER = {"only", "and", "are", "is", "the", "this", "spell", "cast", "activate", "phase", "step"}


def timing_from_text(text: str) -> dict[str, Any] | None:
    """ "during combat after blockers are declared" -> {during_combat: true, after: blockers_declared}; None if the
    text is not one of the forms of 506.7 (or "during your turn", "during the <step>", "if a creature attacked you
    this turn")."""
    words = re.sub(r"[^a-z ]", " ", text.lower()).split()
    key = "_".join(w for w in words if w not in _FILLER)
    if key in ("if_a_creature_attacked_you_turn", "if_creature_attacked_you_turn"):
        return {"attacked_you_this_turn": True}
    step = _STEP_TEXT.match(key)
    if step:
        return {"during_step": step["step"]}
    key = re.sub(r"(?<![a-z])combat_damage(?!_step)", "combat_damage_step", key)
    key = re.sub(r"end_of_combat(?!_step)", "end_of_combat_step", key)
    match = _TIMING_TEXT.match(key)
    if not key or match is None:
        return None
    out: dict[str, Any] = {"during_combat": bool(match["during"])}
    if match["turn"]:
        out["during_turn"] = "yours" if match["turn"] == "your" else "opponents"
    if match["when"]:
        out[match["when"]] = match["point"]
    return out


class Timing(BaseModel):
    """A combat timing restriction (506.7; old 506.6): "only before/after <point>", optionally "during combat" or
    "during <player>'s combat phase" (506.7c), "during your turn" or "during an opponent's turn", or "only during
    <step>". Also written as text: `during combat after blockers are declared`, `before the combat damage step`."""

    model_config = ConfigDict(
        extra="forbid",
        frozen=True,
        json_schema_extra=or_text(
            "as text: 'before blockers are declared', 'during combat after blockers are declared'"
        ),
    )
    before: CombatPoint | None = None
    after: CombatPoint | None = None
    during_combat: bool = Field(False, description='"during combat" (506.7c)')
    during_combat_of: str | None = Field(None, description='"during <player>\'s combat phase" (506.7c): a player')
    during_turn: Literal["yours", "opponents"] | None = Field(
        None, description='"during your turn" / "during an opponent\'s turn", relative to who casts or activates'
    )
    during_step: (
        Literal["beginning_of_combat", "declare_attackers", "declare_blockers", "combat_damage", "end_of_combat"] | None
    ) = Field(None, description='"only during the <step>" (Desert: the end of combat step)')
    attacked_you_this_turn: bool = Field(
        False,
        description='"only if a creature attacked you this turn": a creature was declared as an attacker attacking '
        "whoever casts or activates it, in any combat phase of the turn so far (508.6; one put onto the battlefield "
        "attacking never attacked, 508.4)",
    )
    while_attacking: str | None = Field(
        None, description='"only if <creature> is attacking" (Ancient Hellkite): it is an attacking creature now'
    )
    while_blocking: str | None = Field(
        None,
        description='"only if <creature> is blocking"; with while_attacking, "attacking or blocking" (Sawback '
        "Manticore)",
    )

    @model_validator(mode="before")
    @classmethod
    def _from_text(cls, value: Any) -> Any:
        if not isinstance(value, str):
            return value
        parsed = timing_from_text(value)
        if parsed is None:
            raise PydanticCustomError(
                "timing_text",
                "unreadable timing '{text}'; write e.g. 'before blockers are declared', 'during combat after "
                "blockers are declared', 'before the combat damage step', or a mapping such as 'before: blockers_declared'",
                {"text": value, "before": "before", "point": "blockers_declared"},
            )
        return parsed

    @model_validator(mode="after")
    def _one_point(self) -> Timing:
        if self.before is not None and self.after is not None:
            raise PydanticCustomError(
                "timing_points", "give either before or after, not both", {"before": "before", "after": "after"}
            )
        conditions = self.attacked_you_this_turn or self.while_attacking or self.while_blocking
        if not (self.before or self.after or self.during_combat or self.during_combat_of or self.during_turn) and (
            self.during_step is None and not conditions
        ):
            raise PydanticCustomError(
                "timing_empty",
                "a timing restriction needs before, after or during",
                {"before": "before", "after": "after", "during": "during"},
            )
        return self


_TIMING_FIELD = Field(None, description="its timing restriction, if any (506.7)")
_TARGET_FIELD = Field(
    None,
    description="the permanent it targets (or, for a cost such as ninjutsu's, chooses), judged by target_must_be",
)
_MUST_BE_FIELD = Field(
    (),
    description="what the target must be now (601.2c): attacking, blocking, blocked, unblocked, yours, opponents "
    "(Maze of Ith: attacking; ninjutsu's unblocked attacker you control: [unblocked, yours])",
    json_schema_extra=one_or_many,
)


class _Action(_Event):
    """A spell or ability judged by when it is cast or activated and what it targets. Each subclass declares its
    main field first (the event's word), then `by`, `timing`, `target` and `target_must_be`."""

    if TYPE_CHECKING:  # declared by each subclass, after its main field (the event's word comes first)
        by: str
        timing: Timing | None
        target: str | None
        target_must_be: tuple[TargetCondition, ...]

    @field_validator("target_must_be", mode="before", check_fields=False)
    @classmethod
    def _one_or_many(cls, value: Any) -> Any:
        return [value] if isinstance(value, str) else value

    @model_validator(mode="after")
    def _something_to_judge(self) -> _Action:
        target, must_be, timing = self.target, self.target_must_be, self.timing
        if must_be and target is None:
            raise PydanticCustomError(
                "target_needed",
                "{must_be} needs the {target} it judges",
                {"must_be": "target_must_be", "target": "target"},
            )
        if timing is None and not must_be:
            raise PydanticCustomError(
                "action_empty",
                "give its {timing}, or its {target} and {must_be}",
                {"timing": "timing", "target": "target", "must_be": "target_must_be"},
            )
        return self


class Cast(_Action):
    """A player casts a spell with a combat timing restriction or a target that must be in combat: may they, now
    (506.7, 601.2c)?"""

    cast: str = Field(min_length=1, description="the spell's name")
    by: str
    timing: Timing | None = _TIMING_FIELD
    target: str | None = _TARGET_FIELD
    target_must_be: tuple[TargetCondition, ...] = _MUST_BE_FIELD


class Activate(_Action):
    """A player activates an ability with a combat timing restriction or a target that must be in combat: may they,
    now (506.7g, 602.2b)?"""

    activate: str = Field(min_length=1, description="the ability (or its source's name)")
    by: str
    timing: Timing | None = _TIMING_FIELD
    target: str | None = _TARGET_FIELD
    target_must_be: tuple[TargetCondition, ...] = _MUST_BE_FIELD


class StopsBlocking(_Event):
    """An effect makes a blocking creature stop blocking one attacker (General Jarkeld switches the blockers of two
    attackers): it stays a blocking creature, and the attacker stays blocked (509.1g-h)."""

    stops_blocking: str
    attacker: str


class ReselectAttack(_Event):
    """An effect lets the attacking creature's controller reselect what it attacks (508.7, Portal Mage): it is not
    removed from combat and does not attack again."""

    reselect_attack: str
    attacking: str = Field(description="the player, planeswalker or battle it attacks now")
