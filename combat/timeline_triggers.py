"""The triggers of each event of the combat timeline, read from the typed changes it made (`combat/state.py`).

The timeline says what each event did (`Attacks`, `Blocks` with `was_blocking`, `BecomesBlocked` with
`was_unblocked`, `BecomesUnblocked`, removals) and the board after it; `TimelineTriggers` turns that into trigger
points (`combat/trigger_points.py`) and asks the trigger catalog. It keeps each block with the characteristics the
blocker and attacker had as it began (509.3f), for the counts of 509.3e.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..models import Snapshot
from ..models.report import Triggered
from ..solver.board import Board
from .state import (
    Attacks,
    BecomesBlocked,
    BecomesUnblocked,
    Blocks,
    CombatEnds,
    DamageDealt,
    Declared,
    Entry,
    Moment,
    RemovedFromCombat,
    StateBasedAction,
    StopsBlocking,
)
from .trigger_points import BlockPair, DamageEvent, How, TriggerPoint
from .triggers import triggers_at

_HOW: dict[Entry, How] = {Entry.DECLARED: "declared", Entry.EFFECT: "effect", Entry.PUT_ONTO_BATTLEFIELD: "entered"}


class TimelineTriggers:
    """Follows one snapshot's timeline: `at(moment)` gives the abilities that trigger on that event, in `lang`."""

    def __init__(self, snapshot: Snapshot, lang: str = "en") -> None:
        self.snapshot = snapshot
        self.lang = lang
        self.pairs: dict[tuple[str, str], BlockPair] = {}
        self.blocked: set[str] = set()
        self.previous: Moment | None = None

    def board(self, moment: Moment) -> Board:
        """The board after the event: the state's permanents with the snapshot's players and effects."""
        permanents = moment.state.board or self.snapshot.permanents
        return Board(self.snapshot.model_copy(update={"permanents": permanents, "declaration": None}))

    def at(self, moment: Moment) -> list[Triggered]:
        damage = self.damage_point(moment)
        point = self.point(moment)
        self.previous = moment
        found = triggers_at(point, self.lang) if point is not None else []
        return found + (triggers_at(damage, self.lang) if damage is not None else [])

    def damage_point(self, moment: Moment) -> TriggerPoint | None:
        """The combat damage dealt by this event (510.2) and what died after it (704.5), on the battlefield as it
        was when the damage was dealt: the board before the event (nothing changes between assignment and damage)."""
        dealt = [c for c in moment.changes if isinstance(c, DamageDealt) and c.amount > 0]
        if not dealt or self.previous is None:
            return None
        players = {p.id for p in self.snapshot.players}
        died = tuple(
            c.object for c in moment.changes if isinstance(c, StateBasedAction) and c.object in moment.state.died_ids
        )
        return TriggerPoint(
            "combat_damage",
            self.board(self.previous),
            damage=tuple(DamageEvent(c.source, c.recipient, c.amount, c.recipient in players) for c in dealt),
            died=died,
            dealt_by=dict(moment.state.dealt_damage_by),
        )

    def point(self, moment: Moment) -> TriggerPoint | None:
        """The trigger point of one event, or None when it changes nothing that triggers could see."""
        if any(isinstance(c, CombatEnds) for c in moment.changes):
            # 511.3: the end of combat step ends and everything is removed from combat; a later combat phase starts
            # with no blocks, so the same pair blocking again is a new block
            self.pairs, self.blocked = {}, set()
        declared = next((c for c in moment.changes if isinstance(c, Declared)), None)
        if declared is not None and declared.verdict != "legal":
            return None  # an illegal declaration is undone (730): nothing happened
        board = self.board(moment)
        if declared is not None and declared.step == "declare_attackers":
            attacks = {
                c.creature: c.target
                for c in moment.changes
                if isinstance(c, Attacks) and c.how == Entry.DECLARED and c.creature in board.permanents
            }
            return TriggerPoint("attackers_declared", board, attacks=attacks)
        before = dict(self.pairs)
        after = dict(before)
        for change in moment.changes:
            if isinstance(change, RemovedFromCombat):
                after = {k: p for k, p in after.items() if change.object not in k}
                self.blocked.discard(change.object)
            elif isinstance(change, StopsBlocking):
                after.pop((change.blocker, change.attacker), None)
        new: list[BlockPair] = []
        for change in moment.changes:
            if isinstance(change, Blocks) and (change.blocker, change.attacker) not in after:
                if change.blocker not in board.permanents or change.attacker not in board.permanents:
                    continue
                pair = BlockPair(board[change.blocker], board[change.attacker], _HOW[change.how], change.was_blocking)
                after[pair.key] = pair
                new.append(pair)
        # 509.3c: only an attacker that was not a blocked creature a moment ago becomes blocked (603.2f)
        changed = moment.changes
        blocked = tuple(
            dict.fromkeys(
                c.attacker for c in changed if isinstance(c, BecomesBlocked) and c.attacker not in self.blocked
            )
        )
        self.blocked.update(blocked)
        self.blocked.difference_update(c.attacker for c in changed if isinstance(c, BecomesUnblocked))
        self.pairs = after
        targets = {a.id: a.target for a in moment.state.attackers if a.target is not None}
        if declared is not None:  # blockers are declared
            unblocked = tuple(
                c.attacker for c in moment.changes if isinstance(c, BecomesUnblocked) and c.how == Entry.DECLARED
            )
            return TriggerPoint(
                "blockers_declared",
                board,
                new_pairs=tuple(new),
                newly_blocked=blocked,
                unblocked=unblocked,
                before=before,
                after=after,
                targets=targets,
            )
        if not new and not blocked and before == after:
            return None
        return TriggerPoint(
            "after_declaration",
            board,
            new_pairs=tuple(new),
            newly_blocked=blocked,
            before=before,
            after=after,
            targets=targets,
        )


def timeline_triggers(snapshot: Snapshot, moments: Iterable[Moment], lang: str = "en") -> dict[int, list[Triggered]]:
    """Event index -> the abilities that trigger on that event (events where nothing triggers are left out), for a
    timeline's moments in order from the first, so a block keeps the characteristics it began with (509.3f)."""
    follow = TimelineTriggers(snapshot, lang)
    out: dict[int, list[Triggered]] = {}
    for moment in moments:
        found = follow.at(moment)
        if found:
            out[moment.index] = found
    return out
