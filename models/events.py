"""The combat timeline's vocabulary: what happens in a combat phase, after (and including) the declarations.

A snapshot may carry `events:`, an ordered list. Steps are plain words (`combat_damage`); every other event is a
mapping whose first key names it and holds its main object (`{leaves_battlefield: bear}`), with further keys for the
details (`{made_to_block: bear, blocking: ogre}`). The rules that give each event its meaning live in `combat/`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any, Literal, Union

from pydantic import BaseModel, BeforeValidator, Discriminator, Field, Tag, field_validator, model_validator
from pydantic_core import PydanticCustomError

from .abilities import Ability
from .changes import check_lost_name
from .characteristics import CardTypeName, ColorName, Subtype, SupertypeName
from .damage_events import AssignCombatDamage, assignment_objects
from .event_actions import Activate, Cast, ReselectAttack, StopsBlocking, Timing, timing_from_text
from .event_base import _Event
from .permanent import Permanent
from .schema_shorthands import one_or_many, one_or_many_values

RulesEdition = Literal["current", "before_foundations"]

StepWord = Literal["beginning_of_combat", "combat_damage", "end_of_combat", "postcombat_main", "skip_combat"]
STEP_WORDS: tuple[str, ...] = (
    "beginning_of_combat",
    "combat_damage",
    "end_of_combat",
    "postcombat_main",
    "skip_combat",
)

__all__ = ["Activate", "Cast", "ReselectAttack", "StopsBlocking", "Timing", "timing_from_text"]


class Step(_Event):
    """A step or phase begins: `beginning_of_combat` (a new combat phase after an earlier one is an additional
    combat phase, 500.8), `combat_damage` (with first strike, the first such event is the first-strike damage step,
    510.4), `end_of_combat`, `postcombat_main` (the combat phase is over, 511.3), `skip_combat` (the combat phase
    is skipped)."""

    step: StepWord


class AttackDeclaration(_Event):
    attacks: dict[str, str] = Field(
        default_factory=dict, description="attacking creature -> the player, planeswalker or battle it attacks"
    )
    bands: tuple[tuple[str, ...], ...] = Field((), description="attacking bands (702.22c): lists of creature ids")


class BlockDeclaration(_Event):
    blocks: dict[str, tuple[str, ...]] = Field(
        default_factory=dict,
        description="blocker -> the attacker it blocks (or a list, if it may block several)",
        json_schema_extra=one_or_many_values,
    )

    @field_validator("blocks", mode="before")
    @classmethod
    def _one_or_many(cls, value: Any) -> Any:
        if isinstance(value, dict):
            return {k: ([v] if isinstance(v, str) else v) for k, v in value.items()}
        return {} if value is None else value


class DeclareAttackers(_Event):
    """The declare attackers step begins and the active player declares attackers (508.1). `{}` declares none."""

    declare_attackers: AttackDeclaration


class DeclareBlockers(_Event):
    """The declare blockers step begins and the defending players declare blockers (509.1). `{}` declares none."""

    declare_blockers: BlockDeclaration


class EntersAttacking(_Event):
    """A permanent is put onto the battlefield attacking (508.4): `attacking` is what its controller chose, or what
    the effect specified."""

    enters_attacking: Permanent
    attacking: str


class EntersBlocking(_Event):
    """A permanent is put onto the battlefield blocking (509.4; old 509.7): `blocking` is the attacker its
    controller chose, or the one the effect specified."""

    enters_blocking: Permanent
    blocking: str


class Enters(_Event):
    """A permanent enters the battlefield, neither attacking nor blocking (a creature with flash, a token)."""

    enters: Permanent


class MadeToBlock(_Event):
    """An effect makes a creature on the battlefield block an attacker (old 509.6)."""

    made_to_block: str
    blocking: str


class BecomesBlocked(_Event):
    """An effect says the attacker becomes blocked (509.1h)."""

    becomes_blocked: str


class BecomesUnblocked(_Event):
    """An effect says the attacker becomes unblocked (509.1h)."""

    becomes_unblocked: str


class RemoveFromCombat(_Event):
    """An effect removes the permanent from combat (506.4)."""

    remove_from_combat: str


class LeavesBattlefield(_Event):
    """The permanent leaves the battlefield (dies, is exiled, returns to hand, ...)."""

    leaves_battlefield: str
    to: str | None = Field(None, description="where it goes, for the narration: graveyard, exile, hand, ...")


class ChangeControl(_Event):
    """Another player gains control of the permanent."""

    change_control: str
    to: str


class PhasesOut(_Event):
    """The permanent phases out (702.26b)."""

    phases_out: str


class Regenerates(_Event):
    """The permanent regenerates (701.15): it is tapped and, if attacking or blocking, removed from combat."""

    regenerates: str


class Tap(_Event):
    tap: str


class Untap(_Event):
    untap: str


class Change(_Event):
    """The permanent's characteristics change: every field given replaces the current value (`gains` and `loses`
    add and remove abilities, as on a permanent)."""

    change: str
    types: tuple[CardTypeName, ...] | None = Field(None, json_schema_extra=one_or_many)
    subtypes: tuple[Subtype, ...] | None = Field(None, json_schema_extra=one_or_many)
    supertypes: tuple[SupertypeName, ...] | None = Field(None, json_schema_extra=one_or_many)
    colors: tuple[ColorName, ...] | None = Field(None, json_schema_extra=one_or_many)
    power: int | None = None
    toughness: int | None = None
    loyalty: int | None = None
    tapped: bool | None = None
    abilities: tuple[Ability, ...] | None = None
    gains: tuple[Ability, ...] = ()
    loses: tuple[str, ...] = Field((), json_schema_extra=one_or_many)

    @field_validator("types", "subtypes", "supertypes", "colors", "loses", mode="before")
    @classmethod
    def _one_or_many(cls, value: Any) -> Any:
        return [value] if isinstance(value, str) else value

    @field_validator("loses")
    @classmethod
    def _known_names(cls, value: tuple[str, ...]) -> tuple[str, ...]:
        return tuple(check_lost_name(v) for v in value)

    @model_validator(mode="after")
    def _changes_something(self) -> Change:
        if not (self.model_fields_set - {"change"}):
            raise PydanticCustomError("empty_change", "a change names at least one characteristic to change", {})
        return self

    def updates(self) -> dict[str, Any]:
        """The permanent fields this change sets."""
        return {k: getattr(self, k) for k in self.model_fields_set if k not in ("change", "gains", "loses")}


class DamageAssignmentOrder(_Event):
    """Rules before Nov 2024: a player announces a damage assignment order (old 509.2, 509.3), or a new creature's
    place in one (old 509.6, 509.7), by writing the whole order as it now stands."""

    damage_assignment_order: str = Field(description="the attacker (its blockers) or blocker (its attackers)")
    order: tuple[str, ...] = Field(min_length=1, description="the creatures, first to last")
    by: str | None = Field(None, description="who announces it (checked: the active or the defending player)")

    @field_validator("order")
    @classmethod
    def _no_repeats(cls, value: tuple[str, ...]) -> tuple[str, ...]:
        repeated = sorted({v for v in value if value.count(v) > 1})
        if repeated:
            raise PydanticCustomError("order_repeats", "lists {ids} more than once", {"ids": ", ".join(repeated)})
        return value


EVENT_KINDS: dict[str, type[BaseModel]] = {
    "declare_attackers": DeclareAttackers,
    "declare_blockers": DeclareBlockers,
    "enters_attacking": EntersAttacking,
    "enters_blocking": EntersBlocking,
    "enters": Enters,
    "made_to_block": MadeToBlock,
    "becomes_blocked": BecomesBlocked,
    "becomes_unblocked": BecomesUnblocked,
    "stops_blocking": StopsBlocking,
    "reselect_attack": ReselectAttack,
    "remove_from_combat": RemoveFromCombat,
    "leaves_battlefield": LeavesBattlefield,
    "change_control": ChangeControl,
    "phases_out": PhasesOut,
    "regenerates": Regenerates,
    "tap": Tap,
    "untap": Untap,
    "change": Change,
    "damage_assignment_order": DamageAssignmentOrder,
    "assign_combat_damage": AssignCombatDamage,
    "cast": Cast,
    "activate": Activate,
}


def event_kind(event: BaseModel) -> str:
    """The word that names an event in a snapshot: a step word, or its first key."""
    if isinstance(event, Step):
        return event.step
    return next(k for k, m in EVENT_KINDS.items() if type(event) is m)


def _event_tag(value: Any) -> str | None:
    if isinstance(value, BaseModel):
        known = isinstance(value, (_Event, AssignCombatDamage)) and not isinstance(value, Step)
        return event_kind(value) if known else "step"
    if isinstance(value, str):
        return "step"
    if isinstance(value, dict):
        if "step" in value:
            return "step"
        keys = [k for k in value if k in EVENT_KINDS]
        return str(keys[0]) if len(keys) == 1 else None
    return None


def _check_event(value: Any) -> Any:
    if isinstance(value, str):
        word = value.strip().lower().replace(" ", "_")
        if word not in STEP_WORDS:
            hint = (
                f"'{word}' needs its content, e.g. {{{word}: ...}}"
                if word in EVENT_KINDS
                else "steps are " + ", ".join(STEP_WORDS)
            )
            context = {"word": value, "hint": hint, "code": "unknown_step", "steps": ", ".join(STEP_WORDS)}
            if word in EVENT_KINDS:
                context |= {"code": "step_needs_content", "step": word}
            raise PydanticCustomError("unknown_event", "unknown step '{word}'; {hint}", context)
        return {"step": word}
    if isinstance(value, dict) and "step" not in value:
        keys = [k for k in value if k in EVENT_KINDS]
        if len(keys) != 1:
            raise PydanticCustomError(
                "unknown_event",
                "an event is a step word ({steps}) or a mapping with exactly one of the keys {known}; got {keys}",
                {
                    "steps": ", ".join(STEP_WORDS),
                    "known": ", ".join(EVENT_KINDS),
                    "keys": sorted(map(str, value)),
                    "code": "event_keys",
                },
            )
        return value
    if isinstance(value, (dict, BaseModel)):
        return value
    raise PydanticCustomError("event_shape", "an event is a step word or a mapping", {})


if TYPE_CHECKING:
    Event = _Event
else:
    Event = Annotated[
        Union[
            (
                Annotated[Step, Tag("step")],
                *(Annotated[model, Tag(key)] for key, model in EVENT_KINDS.items()),
            )
        ],
        Discriminator(_event_tag),
        BeforeValidator(_check_event),
    ]


_OBJECT_FIELDS = (
    "made_to_block",
    "blocking",
    "attacking",
    "becomes_blocked",
    "becomes_unblocked",
    "stops_blocking",
    "attacker",
    "reselect_attack",
    "target",
    "remove_from_combat",
    "leaves_battlefield",
    "change_control",
    "phases_out",
    "regenerates",
    "tap",
    "untap",
    "change",
)


def event_objects(event: _Event) -> list[tuple[str, str]]:
    """(field path, id) for every permanent, player or attack target an event names, for the reference checks."""
    if isinstance(event, DeclareAttackers):
        found = []
        for creature, target in event.declare_attackers.attacks.items():
            found += [
                (f"declare_attackers.attacks.{creature}", creature),
                (f"declare_attackers.attacks.{creature}", target),
            ]
        for i, band in enumerate(event.declare_attackers.bands):
            found += [(f"declare_attackers.bands[{i}]", member) for member in band]
        return found
    if isinstance(event, DeclareBlockers):
        return [
            (f"declare_blockers.blocks.{blocker}", named)
            for blocker, attackers in event.declare_blockers.blocks.items()
            for named in (blocker, *attackers)
        ]
    if isinstance(event, DamageAssignmentOrder):
        return [("damage_assignment_order", event.damage_assignment_order), *(("order", c) for c in event.order)]
    if isinstance(event, AssignCombatDamage):
        return assignment_objects(event)
    found = [(f, v) for f in _OBJECT_FIELDS if isinstance(v := getattr(event, f, None), str)]
    if isinstance(event, (Cast, Activate)) and event.timing is not None:
        for name in ("while_attacking", "while_blocking"):
            if (creature := getattr(event.timing, name)) is not None:
                found.append((f"timing.{name}", creature))
    return found


def event_players(event: _Event) -> list[tuple[str, str]]:
    """(field path, player id) for every player an event names."""
    found: list[tuple[str, str]] = []
    if isinstance(event, (Cast, Activate, DamageAssignmentOrder)) and event.by is not None:
        found.append(("by", event.by))
    if isinstance(event, ChangeControl):
        found.append(("to", event.to))
    if isinstance(event, (Cast, Activate)) and event.timing is not None and event.timing.during_combat_of is not None:
        found.append(("timing.during_combat_of", event.timing.during_combat_of))
    return found


def entering(event: _Event) -> Permanent | None:
    """The permanent an event puts onto the battlefield, if any."""
    if isinstance(event, EntersAttacking):
        return event.enters_attacking
    if isinstance(event, EntersBlocking):
        return event.enters_blocking
    if isinstance(event, Enters):
        return event.enters
    return None
