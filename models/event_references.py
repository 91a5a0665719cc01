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
            InputProblem.of(
                "declaration",
                "declaration_with_events",
                field="events",
                attackers="declare_attackers",
                attacks="attacks",
                blockers="declare_blockers",
                blocks="blocks",
            )
        )
    players = {p.id for p in snapshot.players}
    known = {p.id for p in snapshot.permanents}
    for i, event in enumerate(snapshot.events):
        where = f"events[{i}]"
        for field, object_id in event_objects(event):
            if object_id not in known and object_id not in players:
                problems.append(InputProblem.of(f"{where}.{field}", "no_object", id=object_id))
        for field, player_id in event_players(event):
            if player_id not in players:
                problems.append(InputProblem.of(f"{where}.{field}", "not_a_player", id=player_id))
        new = entering(event)
        if new is None:
            continue
        kind = next(iter(type(event).model_fields))
        if new.id in known or new.id in players:
            problems.append(InputProblem.of(f"{where}.{kind}.id", "id_already_used", id=new.id))
        if new.controller not in players:
            problems.append(InputProblem.of(f"{where}.{kind}.controller", "not_a_player", id=new.controller))
        if new.attacking is not None:
            problems.append(InputProblem.of(f"{where}.{kind}.attacking", "entering_says_attacking", field="attacking"))
        known.add(new.id)
    return problems
