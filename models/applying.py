"""The board the rules see: each permanent's static abilities as effects with their source, and each attachment's
abilities on the object it is attached to (the models are in `models/statics.py`).

CR 604.1 and 611.3a: a static ability does what it says while its permanent is on the battlefield, applying to the
objects it names at every moment; 613.1f (layer 6): an Aura's or Equipment's "enchanted creature has ..." adds the
ability to that object. A phased-out permanent's abilities don't exist (702.26b).
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache
from typing import Any

from pydantic import TypeAdapter

from .abilities import Ability
from .effects import Effect
from .snapshot import Snapshot
from .statics import OPPONENT, YOU, Count

_PLAYER_FIELDS = ("defender", "cant_attack", "max_attackers_against", "must_be_attacked")
_BASIC_TYPES = ("plains", "island", "swamp", "mountain", "forest")


@cache
def _effect_adapter() -> TypeAdapter[Any]:
    return TypeAdapter(Effect)


def opponents_of(snapshot: Snapshot, player: str) -> list[str]:
    """The opponents of `player` (102.2, 102.3: teammates are not opponents)."""
    team = {p.id: p.team for p in snapshot.players}
    mine = team.get(player)
    return [p.id for p in snapshot.players if p.id != player and (mine is None or team[p.id] != mine)]


def count(snapshot: Snapshot, what: Count, player: str) -> int:
    """A number a static ability reads from the board, for `player` ("the number of enchantments you control")."""
    mine = [p for p in snapshot.permanents if p.controller == player and not p.phased_out]
    if what == "enchantments_you_control":
        return sum(1 for p in mine if "enchantment" in p.types)
    lands = [p for p in mine if "land" in p.types]
    return sum(1 for t in _BASIC_TYPES if any(t in p.subtypes for p in lands))  # domain


def _resolve_players(data: Any, controller: str, opponent: str | None) -> Any:
    if isinstance(data, dict):
        out: dict[str, Any] = {}
        for key, value in data.items():
            if key == "controller" and value == YOU:
                out[key] = controller
            elif key == "controller" and value == OPPONENT:
                out[key] = opponent
            elif key in _PLAYER_FIELDS and value == YOU:
                out[key] = controller
            else:
                out[key] = _resolve_players(value, controller, opponent)
        return out
    if isinstance(data, list):
        return [_resolve_players(v, controller, opponent) for v in data]
    return data


def _names_opponent(data: Any) -> bool:
    if isinstance(data, dict):
        return any((k == "controller" and v == OPPONENT) or _names_opponent(v) for k, v in data.items())
    if isinstance(data, list):
        return any(_names_opponent(v) for v in data)
    return False


def static_effects(snapshot: Snapshot) -> Iterator[Effect]:
    """Every static ability of the board's permanents as an effect with its source."""
    for perm in snapshot.permanents:
        if perm.phased_out:
            continue
        for static in perm.statics:
            data = static.effect.model_dump(mode="json", by_alias=True, exclude_none=True)
            data["source"] = perm.id
            if static.x is not None and "attack_cost" in data:
                data["attack_cost"] = data["attack_cost"].replace(
                    "{X}", f"{{{count(snapshot, static.x, perm.controller)}}}"
                )
            opponents: list[str | None] = (
                list(opponents_of(snapshot, perm.controller)) if _names_opponent(data) else [None]
            )
            for opponent in opponents:
                yield _effect_adapter().validate_python(_resolve_players(data, perm.controller, opponent))


def _attached(snapshot: Snapshot) -> dict[str, list[Ability]]:
    grants: dict[str, list[Ability]] = {}
    for perm in snapshot.permanents:
        if perm.attached_to is not None and perm.grants_attached and not perm.phased_out:
            grants.setdefault(perm.attached_to, []).extend(perm.grants_attached)
    return grants


def applied(snapshot: Snapshot) -> Snapshot:
    """The snapshot with its permanents' static abilities as effects and their attachments' abilities added (the
    same snapshot when there are none). Applying it twice changes nothing."""
    if not any(p.statics or p.grants_attached for p in snapshot.permanents):
        return snapshot
    update: dict[str, Any] = {}
    written = list(snapshot.effects)
    derived = [e for e in static_effects(snapshot) if e not in written]
    if derived:
        update["effects"] = (*snapshot.effects, *derived)
    grants = _attached(snapshot)
    if grants:
        permanents = []
        for perm in snapshot.permanents:
            extra = tuple(a for a in dict.fromkeys(grants.get(perm.id, ())) if a not in perm.abilities)
            permanents.append(perm.model_copy(update={"abilities": perm.abilities + extra}) if extra else perm)
        update["permanents"] = tuple(permanents)
    return snapshot.model_copy(update=update) if update else snapshot
