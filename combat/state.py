"""The combat at one moment of the timeline, and the typed changes each event makes.

Plain data only: frozen pydantic models (so a timeline serialises to JSON), no rules logic. The timeline
(`combat/timeline.py`) builds one `CombatState` after each event and lists the `Change`s the event made. Every
change names its rule: `rule` is the Comprehensive Rules number and `edition` the text it is taken from
(`current`: the CR of 7 Feb 2025; `before_foundations`: the numbering before the Foundations update of Nov 2024,
as in the French seed c. 2010-2016, used when the snapshot says `rules: before_foundations`).

What a consumer such as the triggers (issue 12) reads, per change:
- how a creature came into combat: `Entry` (declared, made to block / said to attack by an effect, or put onto the
  battlefield attacking or blocking), on `Attacks`, `Blocks` and `BecomesBlocked`;
- `Blocks.was_blocking`: the blocker was already a blocking creature at that moment (509.3a). A creature made to
  block an attacker it already blocks makes no `Blocks` change at all (509.3b, 509.3d), only a `NoChange`;
- `Blocks.attacker_was_unblocked` / `BecomesBlocked.was_unblocked`: the attacker was an unblocked creature at that
  moment (509.3c); `BecomesBlocked` is emitted only when the attacker was not blocked before (or on declaration);
- the characteristics at that moment: `CombatState.board` of the moment the change belongs to. An event never both
  changes characteristics and starts an attack or a block, so the board after the event is the board at the time
  of its attacks and blocks (509.3f).

Compatibility: the triggers helper builds on these names. Extend only compatibly (new fields with defaults, new
change kinds); never rename or remove.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from ..models import Permanent

Edition = Literal["current", "before_foundations"]
"""Which Comprehensive Rules a rule number is from: the current CR (7 Feb 2025) or the rules before the
Foundations update (Nov 2024), numbered as in the French seed."""

TurnStep = Literal[
    "precombat_main",
    "beginning_of_combat",
    "declare_attackers",
    "declare_blockers",
    "first_strike_damage",
    "combat_damage",
    "end_of_combat",
    "postcombat_main",
]
"""Where the turn is. `first_strike_damage` is the first of two combat damage steps (510.4); `postcombat_main`
follows any combat phase (an additional combat phase may follow it, 500.8)."""


class Entry(StrEnum):
    """How a creature came to be attacking or blocking, or how an attacker became blocked."""

    DECLARED = "declared"
    """Declared in the declare attackers / blockers step (508.1k, 509.1g), or given as attacking by the snapshot."""
    EFFECT = "effect"
    """An effect made it block (old 509.6), or made an attacker blocked without a creature (509.1h)."""
    PUT_ONTO_BATTLEFIELD = "put_onto_battlefield"
    """Put onto the battlefield attacking or blocking: it never "attacked" / "blocked" (508.4, 509.4; old 509.7)."""


class RemovalCause(StrEnum):
    """Why a permanent was removed from combat (506.4; 511.3 at the end of combat)."""

    EFFECT = "effect"
    LEFT_BATTLEFIELD = "left_battlefield"
    CONTROL_CHANGED = "control_changed"
    PHASED_OUT = "phased_out"
    REGENERATED = "regenerated"
    STOPPED_BEING_CREATURE = "stopped_being_creature"
    BECAME_BATTLE = "became_battle"
    STOPPED_BEING_PLANESWALKER = "stopped_being_planeswalker"
    STOPPED_BEING_BATTLE = "stopped_being_battle"
    END_OF_COMBAT = "end_of_combat"


Role = Literal["attacking", "blocking", "attacked"]


class _Data(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


# --- the state ---------------------------------------------------------------------------------------------------


class AttackingCreature(_Data):
    """A creature that is attacking now."""

    id: str
    target: str | None = Field(
        description="the player, planeswalker or battle it is attacking; none once that planeswalker or battle was "
        "removed from combat (506.4c): it still attacks, may be blocked, and deals no combat damage if unblocked"
    )
    defending_player: str | None = Field(
        description="the player it is attacking, or who controls / protects what it attacks or attacked (508.5)"
    )
    entry: Entry = Field(description="declared, or put onto the battlefield attacking (never 'attacked', 508.4)")
    status: Literal["undecided", "blocked", "unblocked"] = Field(
        "undecided", description="undecided until blockers are declared; then blocked or unblocked (509.1h)"
    )
    blockers: tuple[str, ...] = Field((), description="the creatures blocking it now, in the order they began to")
    band: tuple[str, ...] = Field((), description="the other members of its attacking band (702.22), if any")

    @property
    def blocked_without_blockers(self) -> bool:
        """Blocked, but no creature blocks it any more: it stays blocked (509.1h)."""
        return self.status == "blocked" and not self.blockers


class BlockingCreature(_Data):
    """A creature that is blocking now."""

    id: str
    attackers: tuple[str, ...] = Field(description="the attackers it blocks, in the order it began to block them")
    entry: Entry = Field(description="how it first became a blocking creature")


class Removal(_Data):
    """A permanent removed from combat in this combat phase, and why."""

    id: str
    roles: tuple[Role, ...] = Field(description="what it was in combat: attacking, blocking, and/or attacked")
    cause: RemovalCause
    event: int = Field(description="the index of the event that removed it")
    rule: str
    edition: Edition = "current"


class DamageOrder(_Data):
    """A damage assignment order under the rules before Nov 2024 (old 509.2, 509.3, 509.6, 509.7).

    `order` is what has been announced (kept up to date when creatures leave it, old 509.2a / 509.3a); `unplaced`
    are creatures in combat with it whose position must still be announced by `by`. A single creature needs no
    announcement and is placed at once."""

    of: str = Field(description="the attacker (its blockers are ordered) or blocker (its attackers are ordered)")
    side: Literal["attacker", "blocker"]
    by: str = Field(
        description="who announces it: the active player for an attacker, the defending player for a blocker"
    )
    order: tuple[str, ...] = ()
    unplaced: tuple[str, ...] = ()
    rule: str | None = Field(None, description="the rule that makes the pending announcement due")

    @property
    def due(self) -> bool:
        return bool(self.unplaced)

    @property
    def creatures(self) -> frozenset[str]:
        return frozenset(self.order) | frozenset(self.unplaced)


class CombatRecord(_Data):
    """What happened to one combat phase of the turn, for the timing rules (506.7c-f)."""

    number: int = Field(description="1 for the first combat phase of the turn")
    skipped: bool = Field(False, description="the whole combat phase was skipped")
    blockers_step_skipped: bool = Field(
        False, description="no creature attacked: the declare blockers and combat damage steps are skipped (508.8)"
    )
    first_strike_step: bool = Field(False, description="it had a first-strike combat damage step (510.4)")


SbaWhat = Literal[
    "zero_life", "poison", "zero_toughness", "lethal_damage", "deathtouch", "zero_loyalty", "zero_defense"
]


class Fallen(_Data):
    """A permanent put into a graveyard, or a player who lost the game, by a state-based action (704.5)."""

    id: str
    what: SbaWhat
    rule: str = Field(description="704.5a, c, f, g, h, i or v")
    event: int = Field(description="the index of the event after which it happened")


class CombatState(_Data):
    """The combat after one event: who attacks what, who blocks whom, who left combat and why, and the board."""

    edition: Edition = "current"
    combat: int = Field(0, description="which combat phase of the turn (1 = the first); 0 before the first")
    step: TurnStep = "precombat_main"
    attacking_player: str
    defending_players: tuple[str, ...] = Field((), description="who may be attacked this combat (506.2, 802)")
    attackers: tuple[AttackingCreature, ...] = ()
    blockers: tuple[BlockingCreature, ...] = ()
    attacked: tuple[str, ...] = Field((), description="planeswalkers and battles being attacked")
    removed: tuple[Removal, ...] = Field((), description="permanents removed from combat in this combat phase")
    declared_attackers: tuple[str, ...] = Field(
        (), description="the creatures declared as attackers in this combat (506.5 'attacks alone')"
    )
    declared_blockers: tuple[str, ...] = Field(
        (), description="the creatures declared as blockers in this combat (506.5 'blocks alone')"
    )
    attackers_declared: bool = Field(False, description="this combat's declare attackers step has begun (506.7a)")
    blockers_declared: bool = Field(False, description="this combat's declare blockers step has begun (506.7b)")
    orders: tuple[DamageOrder, ...] = Field((), description="damage assignment orders (rules before Nov 2024 only)")
    combats: tuple[CombatRecord, ...] = Field((), description="the combat phases of the turn so far")
    board: tuple[Permanent, ...] = Field(
        (), exclude=True, description="the permanents on the battlefield with their characteristics now"
    )
    damage: dict[str, int] = Field(
        default_factory=dict, description="damage marked on each permanent that has some (120.3e, 120.6)"
    )
    counters: dict[str, int] = Field(
        default_factory=dict, description="-1/-1 counters put on creatures by wither or infect this combat (120.3d)"
    )
    life: dict[str, int] = Field(
        default_factory=dict, description="the life total of each player whose life the snapshot states (120.3a)"
    )
    poison: dict[str, int] = Field(default_factory=dict, description="poison counters of each player (120.3b)")
    died: tuple[Fallen, ...] = Field((), description="permanents put into a graveyard by state-based actions (704.5)")
    lost: tuple[Fallen, ...] = Field((), description="players who lost the game by state-based actions (704.5a, c)")
    dealt_damage_by: dict[str, tuple[str, ...]] = Field(
        default_factory=dict, description="creature -> the creatures it dealt combat damage to this turn"
    )

    def attacker(self, creature_id: str) -> AttackingCreature | None:
        return next((a for a in self.attackers if a.id == creature_id), None)

    def blocker(self, creature_id: str) -> BlockingCreature | None:
        return next((b for b in self.blockers if b.id == creature_id), None)

    def permanent(self, permanent_id: str) -> Permanent | None:
        return next((p for p in self.board if p.id == permanent_id), None)

    @property
    def died_ids(self) -> tuple[str, ...]:
        return tuple(f.id for f in self.died)

    @property
    def lost_ids(self) -> tuple[str, ...]:
        return tuple(f.id for f in self.lost)

    def order_of(self, creature_id: str) -> DamageOrder | None:
        return next((o for o in self.orders if o.of == creature_id), None)

    @property
    def in_combat(self) -> bool:
        """The turn is in a combat phase (from the beginning of combat to the end of combat step)."""
        return self.step not in ("precombat_main", "postcombat_main")

    @property
    def attacked_alone(self) -> str | None:
        """The creature that attacked alone: the only one declared as an attacker this combat (506.5)."""
        return self.declared_attackers[0] if len(self.declared_attackers) == 1 else None

    @property
    def attacking_alone(self) -> str | None:
        """The creature that is attacking alone: it attacks and no other creature does (506.5)."""
        return self.attackers[0].id if len(self.attackers) == 1 else None

    @property
    def blocked_alone(self) -> str | None:
        """The creature that blocked alone: the only one declared as a blocker this combat (506.5)."""
        return self.declared_blockers[0] if len(self.declared_blockers) == 1 else None

    @property
    def blocking_alone(self) -> str | None:
        """The creature that is blocking alone: it blocks and no other creature does (506.5)."""
        return self.blockers[0].id if len(self.blockers) == 1 else None


# --- the changes -------------------------------------------------------------------------------------------------


class _Change(_Data):
    rule: str = Field(description="the Comprehensive Rules number, e.g. 509.1h")
    edition: Edition = "current"


class StepBegins(_Change):
    """A step or phase begins (506.1; an additional combat phase, 500.8; a first-strike damage step, 510.4)."""

    kind: Literal["step_begins"] = "step_begins"
    step: TurnStep
    combat: int


class StepSkipped(_Change):
    """A step that does not happen: the declare blockers and combat damage steps when nothing attacks (508.8)."""

    kind: Literal["step_skipped"] = "step_skipped"
    step: TurnStep
    combat: int


class Attacks(_Change):
    """A creature becomes an attacking creature (508.1k declared; 508.4 put onto the battlefield attacking)."""

    kind: Literal["attacks"] = "attacks"
    creature: str
    target: str
    how: Entry


class NeverAttacking(_Change):
    """A creature put onto the battlefield attacking that is never an attacking creature (506.3a-c, e; 508.4a)."""

    kind: Literal["never_attacking"] = "never_attacking"
    creature: str
    target: str
    reason: Literal["not_a_creature", "not_attacking_player", "target_gone", "battle"]


class Blocks(_Change):
    """A creature begins to block an attacker (509.1g declared; old 509.6 an effect; 509.4 / old 509.7 put onto
    the battlefield blocking)."""

    kind: Literal["blocks"] = "blocks"
    blocker: str
    attacker: str
    how: Entry
    was_blocking: bool = Field(description="the blocker was already a blocking creature at that moment (509.3a)")
    attacker_was_unblocked: bool = Field(description="the attacker was an unblocked creature at that moment (509.3c)")


class BlocksAgain(_Change):
    """A creature removed from combat earlier in this combat phase is made to block again by an effect that says so:
    the card's text beats the rule that it takes no further part in that combat (101.1; 506.4). The `Blocks` change
    that follows says what it begins to block."""

    kind: Literal["blocks_again"] = "blocks_again"
    blocker: str
    attacker: str


class NeverBlocking(_Change):
    """A creature put onto the battlefield blocking that is never a blocking creature (506.3a, d-e; 509.4a)."""

    kind: Literal["never_blocking"] = "never_blocking"
    creature: str
    attacker: str
    reason: Literal["not_a_creature", "not_defending", "attacker_gone", "battle"]


class BecomesBlocked(_Change):
    """An attacker becomes a blocked creature (509.1h): by declared blockers, a creature made to block or put onto
    the battlefield blocking while it was unblocked, or an effect that says so (`by_creature` false)."""

    kind: Literal["becomes_blocked"] = "becomes_blocked"
    attacker: str
    how: Entry
    by_creature: bool = True
    was_unblocked: bool = Field(description="it was an unblocked creature just before (false on declaration)")


class BecomesUnblocked(_Change):
    """An attacker becomes an unblocked creature: no blocker declared for it, or an effect (509.1h)."""

    kind: Literal["becomes_unblocked"] = "becomes_unblocked"
    attacker: str
    how: Entry


class RemovedFromCombat(_Change):
    """A permanent is removed from combat (506.4): it stops being attacking, blocking, blocked, unblocked or
    attacked."""

    kind: Literal["removed_from_combat"] = "removed_from_combat"
    object: str
    roles: tuple[Role, ...]
    cause: RemovalCause


class StaysInCombat(_Change):
    """Something happened to a permanent in combat that does not remove it (506.4a, 506.4b, 506.4d, 509.1b)."""

    kind: Literal["stays_in_combat"] = "stays_in_combat"
    object: str
    reason: Literal[
        "would_not_be_allowed",
        "tapped",
        "untapped",
        "still_blocking_creature",
        "still_attacked_planeswalker",
        "evasion_changed",
        "characteristics",
    ]


class AttackingNothing(_Change):
    """The planeswalker or battle a creature attacked left combat: the creature still attacks and may be blocked,
    and deals no combat damage if unblocked (506.4c)."""

    kind: Literal["attacking_nothing"] = "attacking_nothing"
    attacker: str
    former_target: str


class StillBlocked(_Change):
    """No creature blocks this attacker any more, yet it remains blocked (509.1h)."""

    kind: Literal["still_blocked"] = "still_blocked"
    attacker: str


class StopsBlocking(_Change):
    """A blocker stops blocking one attacker because that attacker left combat (506.4), or because an effect says so
    (`by_effect`: General Jarkeld); it may still block others, and stays a blocking creature (509.1g)."""

    kind: Literal["stops_blocking"] = "stops_blocking"
    blocker: str
    attacker: str
    by_effect: bool = False


class AttackReselected(_Change):
    """What an attacking creature attacks is reselected (508.7): it is not removed from combat and does not attack
    again (508.7a). `allowed` false: the new choice is not one 508.7c-e allows, and nothing changes."""

    kind: Literal["attack_reselected"] = "attack_reselected"
    attacker: str
    former_target: str | None
    target: str
    allowed: bool = True


class TargetVerdict(_Change):
    """Whether a spell or ability may target that permanent now, by what its target must be (601.2c): an attacking,
    blocking, blocked or unblocked creature, controlled by its caster or an opponent (Maze of Ith, ninjutsu)."""

    kind: Literal["target"] = "target"
    what: str
    action: Literal["cast", "activate"]
    target: str
    by: str
    must_be: tuple[str, ...]
    failed: tuple[str, ...] = Field((), description="the conditions the target does not meet now")
    allowed: bool


class BoardChange(_Change):
    """The battlefield changed (a permanent entered, left, changed characteristics or controller) outside of what
    combat tracks."""

    kind: Literal["board"] = "board"
    object: str
    what: Literal["enters", "leaves", "characteristics", "controller", "phases_out", "regenerates"]


class NoChange(_Change):
    """A legal event that changes nothing in combat, and why (removing a creature that is not in combat, ...)."""

    kind: Literal["nothing"] = "nothing"
    object: str | None = None
    reason: Literal[
        "not_in_combat",
        "already_blocking",
        "already_blocked",
        "already_unblocked",
        "attacker_not_attacking",
        "no_order_now",
        "no_order_current_rules",
        "not_a_blocker",
        "removed_earlier",  # no longer produced: an effect may make a removed creature block again (101.1)
        "not_a_creature",
        "battle",
        "not_defending",
        "same_controller",
        "already_tapped",
        "already_untapped",
        "not_blocking_that",
        "already_attacking_that",
    ]


class OrderDue(_Change):
    """A damage assignment order (or a new creature's position in one) must be announced (old 509.2, 509.3, 509.6,
    509.7)."""

    kind: Literal["order_due"] = "order_due"
    of: str
    by: str
    creatures: tuple[str, ...] = Field(description="the creatures to place (all of them for a first announcement)")
    whole: bool = Field(description="the whole order is announced (509.2, 509.3); otherwise positions (509.6, 509.7)")


class OrderAnnounced(_Change):
    """A damage assignment order as announced and accepted."""

    kind: Literal["order_announced"] = "order_announced"
    of: str
    by: str
    order: tuple[str, ...]


class OrderUpdated(_Change):
    """A creature left a damage assignment order; the others keep their relative order (old 509.2a, 509.3a)."""

    kind: Literal["order_updated"] = "order_updated"
    of: str
    left: str
    order: tuple[str, ...]


class AssignsDamage(_Change):
    """Whom a creature assigns its combat damage to in this damage step (510.1b-d, 510.4, 702.19d-e)."""

    kind: Literal["assigns_damage"] = "assigns_damage"
    creature: str
    to: tuple[str, ...] = Field((), description="the objects or player it assigns damage to; empty: none")
    how: Literal[
        "unblocked",
        "blocked",
        "blocking",
        "nothing_attacked",
        "no_blockers",
        "trample_no_blockers",
        "planeswalker_gone",
        "blocks_nothing",
        "no_power",
    ]
    divided_by: str | None = Field(
        None,
        description="who divides the damage among two or more creatures when it is not the creature's controller: "
        "the defending player for an attacker blocked by a creature with banding (702.22j), the active player for a "
        "blocker blocking a creature with banding (702.22k)",
    )


class DamageFinding(_Data):
    """A rule a combat damage assignment breaks, with the objects it names (`values`: ids, numbers)."""

    key: str = Field(description="the rule unit (combat/damage_rules.py)")
    code: str
    rule: str
    edition: Edition = "current"
    values: dict[str, str | int | tuple[str, ...] | None] = Field(default_factory=dict)


class DamageAssignment(_Change):
    """A combat damage assignment judged (510.1, 510.1e): legal, or illegal with the rules it breaks and the nearest
    legal assignment; the game returns to before it (730; old 715)."""

    kind: Literal["damage_assignment"] = "damage_assignment"
    legal: bool
    assignment: dict[str, dict[str, int]] = Field(description="creature -> recipient -> amount, as judged")
    findings: tuple[DamageFinding, ...] = ()
    witness: dict[str, dict[str, int]] | None = Field(
        None, description="the legal assignment nearest to the proposal (fewest points of damage moved)"
    )
    choosers: dict[str, str] = Field(
        default_factory=dict, description="creature -> who divides its damage (510.1; 702.22j-k with banding)"
    )
    problem: Any = Field(
        None, exclude=True, description="the question judged (combat/damage_model.DamageProblem), for the ranges"
    )


class DamageDealt(_Change):
    """Combat damage dealt (510.2) and its result (120.3): marked, -1/-1 counters (wither, infect), life lost,
    poison counters (infect), loyalty or defense counters removed."""

    kind: Literal["damage_dealt"] = "damage_dealt"
    source: str
    recipient: str
    amount: int = Field(description="damage dealt, after prevention")
    prevented: int = 0
    result: Literal["marked", "counters", "life", "poison", "loyalty", "defense", "none"]
    deathtouch: bool = False
    loyalty_removed: int = Field(
        default=0,
        description="loyalty counters also removed: the recipient is a creature and a planeswalker (120.3c, 120.3e)",
    )


class LifeGained(_Change):
    """Lifelink: the damage's source's controller gains that much life (702.15b, 120.3f)."""

    kind: Literal["life_gained"] = "life_gained"
    player: str
    amount: int
    source: str


class StateBasedAction(_Change):
    """A state-based action after combat damage (704.5): a creature, planeswalker or battle put into the graveyard,
    a player losing the game; or an indestructible creature that is not destroyed (702.12b)."""

    kind: Literal["state_based_action"] = "state_based_action"
    object: str
    what: SbaWhat
    indestructible: bool = Field(False, description="it would be destroyed but is indestructible: it stays")


class Declared(_Change):
    """A declaration was checked by the existing checker (508.1, 509.1): its verdict."""

    kind: Literal["declared"] = "declared"
    step: Literal["declare_attackers", "declare_blockers"]
    verdict: Literal["legal", "illegal", "unknown"]


class OrderRejected(_Change):
    """An announced damage assignment order breaks the rules: the timeline stops (715 / 730)."""

    kind: Literal["order_rejected"] = "order_rejected"
    of: str
    by: str
    problem: Literal["wrong_player", "wrong_creatures", "relative_order"]
    expected: tuple[str, ...] = ()


class TimingVerdict(_Change):
    """Whether a spell may be cast or an ability activated now, by its combat timing (506.7 / old 506.6)."""

    kind: Literal["timing"] = "timing"
    what: str = Field(description="the spell or ability, as the event names it")
    action: Literal["cast", "activate"]
    allowed: bool
    reason: str = Field(description="a key of the timing reason, rendered by the narration")
    point: str | None = Field(None, description="the point of the combat phase the restriction names")
    relation: Literal["before", "after"] | None = None
    step: str | None = Field(None, description='the step the restriction names ("only during the ... step")')
    about: str | None = Field(
        None, description="the creature or player a condition names (while attacking, attacked you this turn)"
    )


class Alone(_Change):
    """506.5: a creature attacked / blocked alone (the only one declared), or is now attacking / blocking alone (the
    only one that is)."""

    kind: Literal["alone"] = "alone"
    creature: str
    what: Literal["attacked", "attacking", "blocked", "blocking"]


class CombatEnds(_Change):
    """The end of combat step ends: every creature, planeswalker and battle is removed from combat (511.3)."""

    kind: Literal["combat_ends"] = "combat_ends"
    combat: int


Change = Annotated[
    StepBegins
    | StepSkipped
    | Attacks
    | NeverAttacking
    | Blocks
    | BlocksAgain
    | NeverBlocking
    | BecomesBlocked
    | BecomesUnblocked
    | RemovedFromCombat
    | StaysInCombat
    | AttackingNothing
    | StillBlocked
    | StopsBlocking
    | AttackReselected
    | TargetVerdict
    | BoardChange
    | NoChange
    | OrderDue
    | OrderAnnounced
    | OrderUpdated
    | OrderRejected
    | AssignsDamage
    | DamageAssignment
    | DamageDealt
    | LifeGained
    | StateBasedAction
    | Declared
    | TimingVerdict
    | Alone
    | CombatEnds,
    Field(discriminator="kind"),
]


class Moment(_Data):
    """One event of the timeline and what it did: the changes it made and the combat state after it.

    `index` is the event's position in the snapshot's `events` (-1: the starting state, before any event)."""

    index: int
    event: str = Field(description="the event's kind, as written in the snapshot (e.g. declare_blockers)")
    changes: tuple[Change, ...] = ()
    state: CombatState
