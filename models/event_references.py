"""Load-time checks of a timeline's events: every id an event names exists, and entering permanents are new.

Whether an object is on the battlefield, in combat, or in the right step at that point of the timeline is checked
by the timeline itself (`combat/`), which knows the state; these checks need only the snapshot.
"""

from __future__ import annotations

from .events import entering, event_objects, event_players
from .snapshot import Snapshot
from .validation import InputProblem


def event_problems(snapshot: Snapshot) -> list[InputProblem]:
    if not snapshot.events:
        return []
    problems: list[InputProblem] = []
    if snapshot.declaration is not None:
        problems.append(
            InputProblem(
                "declaration",
                "with events, the declarations are events: write '- declare_attackers: {attacks: ...}' or "
                "'- declare_blockers: {blocks: ...}' in events",
            )
        )
    players = {p.id for p in snapshot.players}
    known = {p.id for p in snapshot.permanents}
    for i, event in enumerate(snapshot.events):
        where = f"events[{i}]"
        for field, object_id in event_objects(event):
            if object_id not in known and object_id not in players:
                problems.append(InputProblem(f"{where}.{field}", f"no permanent or player with id '{object_id}'"))
        for field, player_id in event_players(event):
            if player_id not in players:
                problems.append(InputProblem(f"{where}.{field}", f"'{player_id}' is not one of the players"))
        new = entering(event)
        if new is None:
            continue
        kind = next(iter(type(event).model_fields))
        if new.id in known or new.id in players:
            problems.append(
                InputProblem(
                    f"{where}.{kind}.id",
                    f"'{new.id}' is already used; a permanent that enters is a new object and needs a new id",
                )
            )
        if new.controller not in players:
            problems.append(InputProblem(f"{where}.{kind}.controller", f"'{new.controller}' is not one of the players"))
        if new.attacking is not None:
            problems.append(InputProblem(f"{where}.{kind}.attacking", "say what it attacks in the event's 'attacking'"))
        known.add(new.id)
    return problems
