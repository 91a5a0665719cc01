"""Cross-reference checks that a schema cannot express: ids that must exist, who may attack or block what."""

from __future__ import annotations

from dataclasses import dataclass

from ..limits import tidy
from .abilities import AttacksIfAble, BlocksIfAble, GoadedBy
from .effects import (
    AttackCostEffect,
    CantAttackEffect,
    GrantEffect,
    MaxAttackersAgainstEffect,
    MustBeAttackedEffect,
)
from .filters import CreatureFilter
from .snapshot import Permanent, Snapshot


@dataclass(frozen=True)
class InputProblem:
    """One problem with the input: where (a field path) and what."""

    path: str
    message: str

    def __post_init__(self) -> None:  # a path or message may carry any value of the input: keep them short
        object.__setattr__(self, "path", tidy(self.path))
        object.__setattr__(self, "message", tidy(self.message))

    def __str__(self) -> str:
        return f"{self.path}: {self.message}" if self.path else self.message


def _where(index: int, permanent: Permanent) -> str:
    return f"permanents[{index}] (id '{permanent.id}')"


def _filter_players(flt: CreatureFilter) -> list[str]:
    found = [flt.controller] if flt.controller else []
    if flt.not_ is not None:
        found += _filter_players(flt.not_)
    for sub in flt.any_of or ():
        found += _filter_players(sub)
    return found


def defending_player_of(snapshot: Snapshot, target_id: str) -> str | None:
    """The player an attack on `target_id` is against: the player, the planeswalker's controller, the protector."""
    player_ids = {p.id for p in snapshot.players}
    if target_id in player_ids:
        return target_id
    for p in snapshot.permanents:
        if p.id == target_id:
            if p.is_battle:
                return p.protector
            if p.is_planeswalker:
                return p.controller
    return None


def reference_problems(snapshot: Snapshot) -> list[InputProblem]:
    problems: list[InputProblem] = []
    player_ids = [p.id for p in snapshot.players]
    teams = {p.id: (p.team or p.id) for p in snapshot.players}
    seen_players: set[str] = set()
    for i, pid in enumerate(player_ids):
        if pid in seen_players:
            problems.append(InputProblem(f"players[{i}]", f"duplicate player id '{pid}'"))
        seen_players.add(pid)
    if snapshot.active_player not in seen_players:
        problems.append(InputProblem("active_player", f"'{snapshot.active_player}' is not one of the players"))
    if snapshot.shared_team_turns and any(p.team is None for p in snapshot.players):
        problems.append(InputProblem("players", "shared_team_turns needs a team for every player"))

    ids: dict[str, int] = {}
    for i, perm in enumerate(snapshot.permanents):
        if (
            perm.id not in ids
            and perm.id not in seen_players
            and perm.controller in seen_players
            and (perm.protector is None or perm.protector in seen_players)
            and not (perm.is_battle and perm.protector is None)
        ):  # nothing to report (the common case: the messages' paths are not built)
            ids[perm.id] = i
            continue
        where = _where(i, perm)
        if perm.id in ids:
            problems.append(InputProblem(f"{where}.id", f"duplicate id (also permanents[{ids[perm.id]}])"))
        elif perm.id in seen_players:
            problems.append(InputProblem(f"{where}.id", "the same id as a player"))
        ids.setdefault(perm.id, i)
        if perm.controller not in seen_players:
            problems.append(InputProblem(f"{where}.controller", f"'{perm.controller}' is not one of the players"))
        if perm.protector is not None and perm.protector not in seen_players:
            problems.append(InputProblem(f"{where}.protector", f"'{perm.protector}' is not one of the players"))
        if perm.is_battle and perm.protector is None:
            problems.append(InputProblem(f"{where}.protector", "a battle needs its protector (310.8)"))

    by_id = {p.id: p for p in snapshot.permanents}
    active_team = teams.get(snapshot.active_player)
    for i, perm in enumerate(snapshot.permanents):
        if perm.attacking is None and not perm.abilities:
            continue  # nothing below to check (most permanents: lands, creatures at rest)
        where = _where(i, perm)
        for j, ability in enumerate(perm.abilities):
            apath = f"{where}.abilities[{j}]"
            if isinstance(ability, BlocksIfAble) and ability.blocks_if_able not in by_id:
                problems.append(InputProblem(apath, f"no permanent with id '{ability.blocks_if_able}'"))
            if isinstance(ability, AttacksIfAble) and (
                ability.attacks_if_able not in by_id and ability.attacks_if_able not in seen_players
            ):
                problems.append(InputProblem(apath, f"no player or permanent '{ability.attacks_if_able}'"))
            if isinstance(ability, GoadedBy):
                for pid in ability.goaded_by:
                    if pid not in seen_players:
                        problems.append(InputProblem(apath, f"'{pid}' is not one of the players"))
        if perm.attacking is None:
            continue
        apath = f"{where}.attacking"
        if snapshot.step == "declare_attackers":
            problems.append(
                InputProblem(apath, "in the declare_attackers step, attacks are proposed in declaration.attacks")
            )
            continue
        target = perm.attacking
        if target not in seen_players and target not in by_id:
            problems.append(InputProblem(apath, f"no player, planeswalker or battle with id '{target}'"))
            continue
        if target in by_id and not (by_id[target].is_planeswalker or by_id[target].is_battle):
            problems.append(InputProblem(apath, f"'{target}' is neither a planeswalker nor a battle"))
            continue
        if teams.get(perm.controller) != active_team:
            problems.append(
                InputProblem(apath, f"only the active player's creatures attack; controller is '{perm.controller}'")
            )
        if not perm.is_creature:
            problems.append(InputProblem(apath, "only creatures can attack (506.3)"))
        defender = defending_player_of(snapshot, target)
        if defender is not None and teams.get(defender) == active_team:
            problems.append(InputProblem(apath, f"'{target}' is not an opponent's player, planeswalker or battle"))

    for i, effect in enumerate(snapshot.effects):
        filters: list[CreatureFilter] = []
        named: list[tuple[str, str]] = []
        if isinstance(effect, GrantEffect):
            filters.append(effect.to)
        if isinstance(effect, CantAttackEffect):
            named.append(("cant_attack", effect.cant_attack))
            filters += [effect.attackers] if effect.attackers else []
        if isinstance(effect, MaxAttackersAgainstEffect):
            named.append(("max_attackers_against", effect.max_attackers_against))
        if isinstance(effect, AttackCostEffect):
            named.append(("defender", effect.defender))
        if isinstance(effect, MustBeAttackedEffect):
            named.append(("must_be_attacked", effect.must_be_attacked))
        for field, pid in named:
            if pid not in seen_players:
                problems.append(InputProblem(f"effects[{i}].{field}", f"'{pid}' is not one of the players"))
        for flt in filters:
            for pid in _filter_players(flt):
                if pid not in seen_players:
                    problems.append(InputProblem(f"effects[{i}]", f"'{pid}' is not one of the players"))

    if snapshot.attack_option == "chosen" and snapshot.defending_player is None:
        problems.append(InputProblem("defending_player", "attack_option 'chosen' needs the chosen defending_player"))
    if snapshot.defending_player is not None:
        if snapshot.defending_player not in seen_players:
            problems.append(
                InputProblem("defending_player", f"'{snapshot.defending_player}' is not one of the players")
            )
        elif teams.get(snapshot.defending_player) == active_team:
            problems.append(InputProblem("defending_player", "the defending player must be an opponent (506.2a)"))
    seen_in_band: set[str] = set()
    for i, band in enumerate(snapshot.bands):
        for member in band:
            if member not in by_id or by_id[member].attacking is None:
                problems.append(InputProblem(f"bands[{i}]", f"'{member}' is not an attacking creature"))
            if member in seen_in_band:
                problems.append(InputProblem(f"bands[{i}]", f"'{member}' is in two bands"))
            seen_in_band.add(member)

    problems += _declaration_problems(snapshot, by_id, teams)
    return problems


def _declaration_problems(snapshot: Snapshot, by_id: dict[str, Permanent], teams: dict[str, str]) -> list[InputProblem]:
    problems: list[InputProblem] = []
    declaration = snapshot.declaration
    if declaration is None:
        return problems
    active_team = teams.get(snapshot.active_player)
    if snapshot.step == "declare_attackers" and declaration.blocks:
        problems.append(InputProblem("declaration.blocks", "blocks are declared in the declare_blockers step"))
    if snapshot.step == "declare_blockers" and (declaration.attacks or declaration.bands):
        problems.append(InputProblem("declaration.attacks", "attacks are declared in the declare_attackers step"))
    player_ids = set(teams)
    for creature_id, target in declaration.attacks.items():
        path = f"declaration.attacks.{creature_id}"
        creature = by_id.get(creature_id)
        if creature is None:
            problems.append(InputProblem(path, f"no permanent with id '{creature_id}'"))
        elif teams.get(creature.controller) != active_team:
            problems.append(
                InputProblem(path, f"'{creature_id}' is controlled by '{creature.controller}', who is not attacking")
            )
        if target not in player_ids and target not in by_id:
            problems.append(InputProblem(path, f"no player, planeswalker or battle with id '{target}'"))
        elif target in by_id and not (by_id[target].is_planeswalker or by_id[target].is_battle):
            problems.append(InputProblem(path, f"'{target}' is neither a player, a planeswalker nor a battle (506.3)"))
    banded: set[str] = set()
    for i, band in enumerate(declaration.bands):
        for member in band:
            if member not in by_id:
                problems.append(InputProblem(f"declaration.bands[{i}]", f"no permanent with id '{member}'"))
            if member in banded:
                problems.append(InputProblem(f"declaration.bands[{i}]", f"'{member}' is in two bands"))
            banded.add(member)
    for blocker_id, attacker_ids in declaration.blocks.items():
        path = f"declaration.blocks.{blocker_id}"
        blocker = by_id.get(blocker_id)
        if blocker is None:
            problems.append(InputProblem(path, f"no permanent with id '{blocker_id}'"))
        elif teams.get(blocker.controller) == active_team:
            problems.append(
                InputProblem(
                    path,
                    f"'{blocker_id}' is controlled by '{blocker.controller}', who is not a defending player",
                )
            )
        if len(set(attacker_ids)) != len(attacker_ids):
            problems.append(InputProblem(path, "the same attacker is listed twice"))
        for attacker_id in attacker_ids:
            attacker = by_id.get(attacker_id)
            if attacker is None:
                problems.append(InputProblem(path, f"no permanent with id '{attacker_id}'"))
            elif attacker.attacking is None:
                problems.append(InputProblem(path, f"'{attacker_id}' is not attacking"))
    return problems
