"""The board the rules see: each permanent's static abilities as effects with their source, and each attachment's
abilities on the object it is attached to (the models are in `models/statics.py`).

CR 604.1 and 611.3a: a static ability does what it says while its permanent is on the battlefield, applying to the
objects it names at every moment; 613.1f (layer 6): an Aura's or Equipment's "enchanted creature has ..." adds the
ability to that object. A phased-out permanent's abilities don't exist (702.26b).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from functools import cache
from typing import Any

from pydantic import TypeAdapter

from .abilities import PLAYER_LISTS, Ability, ability_name, players_named
from .conditions import Condition, Counted, Outcome
from .effects import Effect, GrantEffect
from .snapshot import Permanent, Snapshot
from .statics import OPPONENT, YOU, Count
from .validation import defending_player_of

_PLAYER_FIELDS = ("defender", "cant_attack", "max_attackers_against", "must_be_attacked")
_BASIC_TYPES = ("plains", "island", "swamp", "mountain", "forest")

Tick = Callable[[int], None]


def _untimed(work: int) -> None:
    """The clock of a caller without a time limit."""


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


def _generates_nothing(perm: Permanent) -> bool:
    """A permanent phased out, or one that lost all its abilities: it has no static ability to generate an effect
    (613.1f: abilities are removed in layer 6, and effects come from abilities that exist), nor an attachment's or a
    conditional one."""
    return perm.phased_out or "all" in perm.lost


def static_effects(snapshot: Snapshot, tick: Tick = _untimed) -> Iterator[Effect]:
    """Every static ability of the board's permanents as an effect with its source. `tick` is told of the work (a
    count of X or of opponents walks the board once per static ability)."""
    for perm in snapshot.permanents:
        tick(1)
        if _generates_nothing(perm):
            continue
        for static in perm.statics:
            tick(len(snapshot.permanents) + len(snapshot.players))
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


def _attached(snapshot: Snapshot, tick: Tick) -> dict[str, list[Ability]]:
    grants: dict[str, list[Ability]] = {}
    for perm in snapshot.permanents:
        tick(1 + len(perm.grants_attached))
        if perm.attached_to is not None and perm.grants_attached and not _generates_nothing(perm):
            grants.setdefault(perm.attached_to, []).extend(
                _as_controller(a, perm.controller) for a in perm.grants_attached
            )
    return grants


def _as_controller(ability: Ability, controller: str) -> Ability:
    """An attachment's grant with `you` as its controller (Bloodthirsty Blade: "is goaded", 701.38a; Vow of Duty:
    "can't attack you", 508.1c; Spectral Grasp: "can't block creatures you control", `controller: you` in a
    filter)."""
    if isinstance(ability, PLAYER_LISTS):  # players: `you` is named among them
        players = players_named(ability)
        return ability.model_copy(update={ability_name(ability): tuple(controller if p == YOU else p for p in players)})
    if isinstance(ability, str):
        return ability
    data = _ability_adapter().dump_python(ability, mode="json", by_alias=True, exclude_none=True)
    if not _names_you(data):
        return ability
    resolved: Ability = _ability_adapter().validate_python(_resolve_players(data, controller, None))
    return resolved


@cache
def _ability_adapter() -> TypeAdapter[Any]:
    return TypeAdapter(Ability)


def _names_you(data: Any) -> bool:
    if isinstance(data, dict):
        return any((k == "controller" and v == YOU) or _names_you(v) for k, v in data.items())
    if isinstance(data, list):
        return any(_names_you(v) for v in data)
    return False


def applied(snapshot: Snapshot, tick: Tick = _untimed) -> Snapshot:
    """The snapshot with its permanents' static abilities as effects and their attachments' abilities added (the
    same snapshot when there are none). Applying it twice changes nothing. `tick` is told of the work as it goes (the
    check's clock: a board can be as large as the input limits allow)."""
    tick(len(snapshot.permanents))
    if not any(p.statics or p.grants_attached or p.conditional for p in snapshot.permanents):
        return snapshot
    update: dict[str, Any] = {}
    written = list(snapshot.effects)
    derived = [e for e in static_effects(snapshot, tick) if e not in written]
    tick(len(derived) * (1 + len(written)))
    if derived:
        update["effects"] = (*snapshot.effects, *derived)
    grants = _attached(snapshot, tick)
    for perm in snapshot.permanents:
        for conditional in perm.conditional:
            tick(len(snapshot.permanents) + len(snapshot.players))
            if not _generates_nothing(perm) and evaluate(conditional.when, perm, snapshot).value is True:
                grants.setdefault(perm.id, []).extend(conditional.abilities)
    if grants:
        permanents = []
        for perm in snapshot.permanents:
            tick(1 + len(grants.get(perm.id, ())) * (1 + len(perm.abilities)))
            extra = tuple(a for a in dict.fromkeys(grants.get(perm.id, ())) if a not in perm.abilities)
            permanents.append(perm.model_copy(update={"abilities": perm.abilities + extra}) if extra else perm)
        update["permanents"] = tuple(permanents)
    return snapshot.model_copy(update=update) if update else snapshot


def _counted(counted: Counted, player: str, perm: Permanent, snapshot: Snapshot) -> Outcome:
    found = sum(
        1
        for p in snapshot.permanents
        if p.controller == player
        and not p.phased_out
        and not (counted.other and p.id == perm.id)
        and counted.filter.matches(p, perm)
    )
    return Outcome(found >= counted.at_least)


def defending_player(perm: Permanent, snapshot: Snapshot) -> str | None:
    """The defending player an attacking creature's ability names (506.2, 508.5): the player it attacks or who
    controls or protects what it attacks; when attacks are declared, the one opponent that may be attacked."""
    if snapshot.step == "declare_blockers" and perm.attacking is not None:
        return defending_player_of(snapshot, perm.attacking)
    if snapshot.step == "declare_attackers" and perm.controller == snapshot.active_player:
        others = opponents_of(snapshot, perm.controller)
        return others[0] if len(others) == 1 else None
    return None


def _fact(value: bool | None, wanted: bool, name: str) -> Outcome:
    return Outcome(None, [name]) if value is None else Outcome(value == wanted)


def evaluate(cond: Condition, perm: Permanent, snapshot: Snapshot) -> Outcome:
    """Whether `cond` holds for `perm` on this board; unknown (`value` None) with the facts it needs when the
    snapshot doesn't state them."""
    parts: list[Outcome] = []
    if cond.you_control is not None:
        parts.append(_counted(cond.you_control, perm.controller, perm, snapshot))
    if cond.defending_player_controls is not None:
        defender = defending_player(perm, snapshot)
        parts.append(
            Outcome(None, ["defending_player"])
            if defender is None
            else _counted(cond.defending_player_controls, defender, perm, snapshot)
        )
    if cond.your_turn is not None:
        team = {p.id: (p.team or p.id) if snapshot.shared_team_turns else p.id for p in snapshot.players}
        mine = team.get(perm.controller) == team.get(snapshot.active_player)  # 805.4: a team's shared turn
        parts.append(Outcome(mine == cond.your_turn))
    turn = snapshot.turn
    if cond.extra_turn is not None:
        parts.append(_fact(turn.extra_turn if turn else None, cond.extra_turn, "turn.extra_turn"))
    if cond.creature_died is not None:
        parts.append(_fact(turn.creature_died if turn else None, cond.creature_died, "turn.creature_died"))
    if cond.you_cast_creature_spell is not None:
        cast = turn.cast_creature_spell if turn else None
        stated = None if cast is None else perm.controller in cast
        parts.append(_fact(stated, cond.you_cast_creature_spell, "turn.cast_creature_spell"))
    for limits, at_least in ((cond.counters_at_least, True), (cond.counters_at_most, False)):
        if limits is None:
            continue
        if perm.counters is None:
            parts.append(Outcome(None, ["counters"]))
            continue
        on = perm.counters
        parts.append(Outcome(all((on.get(k, 0) >= n) if at_least else (on.get(k, 0) <= n) for k, n in limits.items())))
    for name, wanted, stated in (
        ("monstrous", cond.monstrous, perm.monstrous),
        ("kicked", cond.kicked, perm.kicked),
        ("paired", cond.paired, perm.paired),
    ):
        if wanted is not None:
            parts.append(_fact(stated, wanted, name))
    if cond.attacking is not None:  # declared or put onto the battlefield attacking, until removed from combat (506.4)
        parts.append(Outcome((perm.attacking is not None) == cond.attacking))
    if cond.tapped is not None:
        parts.append(Outcome(perm.tapped == cond.tapped))
    for attached, subtype in ((cond.equipped, "equipment"), (cond.enchanted, "aura")):  # 301.5, 303.4: attached to it
        if attached is not None:
            holds = any(
                p.attached_to == perm.id and subtype in p.subtypes and not p.phased_out for p in snapshot.permanents
            )
            parts.append(Outcome(holds == attached))
    if cond.not_ is not None:
        inner = evaluate(cond.not_, perm, snapshot)
        parts.append(Outcome(None if inner.value is None else not inner.value, inner.needs))
    if any(p.value is False for p in parts):
        return Outcome(False)
    needs = [n for p in parts for n in p.needs]
    return Outcome(None, list(dict.fromkeys(needs))) if needs else Outcome(True)


def needed(snapshot: Snapshot, among: Iterable[Permanent] | None = None) -> list[tuple[Permanent, int, list[str]]]:
    """Each conditional ability whose condition needs facts the snapshot doesn't state: (permanent, index, facts),
    among the permanents given (by default all)."""
    out = []
    for perm in snapshot.permanents if among is None else among:
        if perm.phased_out:
            continue
        for index, conditional in enumerate(perm.conditional):
            result = evaluate(conditional.when, perm, snapshot)
            if result.value is None:
                out.append((perm, index, result.needs))
    return out


def granted_by(snapshot: Snapshot, tick: Tick = _untimed) -> dict[tuple[str, str], list[str]]:
    """(permanent id, ability name) -> the ids of what gives it that ability: the Auras and Equipment attached to it
    and the sources of grant effects that match it (an explanation names them)."""
    out: dict[tuple[str, str], list[str]] = {}
    for perm in snapshot.permanents:
        tick(1 + len(perm.grants_attached))
        if perm.attached_to is not None and not perm.phased_out:
            for ability in perm.grants_attached:
                out.setdefault((perm.attached_to, ability_name(ability)), []).append(perm.id)
    grants = [e for e in snapshot.effects if isinstance(e, GrantEffect) and e.source]
    for effect in grants:
        tick(len(snapshot.permanents))
        for perm in snapshot.permanents:
            if (
                perm.is_creature
                and effect.to.matches(perm, None, tick)
                and not (effect.other and perm.id == effect.source)
            ):
                for ability in effect.grant:
                    assert effect.source is not None
                    out.setdefault((perm.id, ability_name(ability)), []).append(effect.source)
    return out
