"""Cross-reference checks that a schema cannot express: ids that must exist, who may attack or block what."""

from __future__ import annotations

import dataclasses
import re
import typing
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache

from pydantic import BaseModel

from ..limits import MESSAGE_LIMIT, SHOWN, clip, tidy
from .abilities import AttacksIfAble, BlocksIfAble, Keyword, players_named
from .attachments import attachment_problem
from .characteristics import CardType
from .effects import (
    AttackCostEffect,
    CantAttackEffect,
    GrantEffect,
    MaxAttackersAgainstEffect,
    MustBeAttackedEffect,
)
from .filters import CreatureFilter
from .problem_words import PROBLEM_TEXTS, Param, render_message
from .schema_words import SCHEMA_TEXTS
from .snapshot import Permanent, Snapshot


@dataclass(frozen=True)
class InputProblem:
    """One problem with the input: where (a field path) and what, in English (`message`). `code` and `params` say it
    again as data, for the other languages (`text`); a problem without a code is English only."""

    path: str
    message: str
    code: str = ""
    params: Mapping[str, object] = dataclasses.field(default_factory=dict, compare=False, repr=False)

    def __post_init__(self) -> None:  # a path or message may carry any value of the input: keep them short
        object.__setattr__(self, "path", tidy(self.path))
        object.__setattr__(self, "message", tidy(self.message))

    @classmethod
    def of(cls, path: str, code: str, **params: Param) -> InputProblem:
        """The problem `code` of PROBLEM_TEXTS at `path`, with the values its message names."""
        english = render_message(PROBLEM_TEXTS[code], params, "en")
        if english is None:
            raise ValueError(f"the values {sorted(params)} don't fit the message {code!r}")
        return cls(path, english, code, params)

    def text(self, lang: str = "en") -> str:
        """What is wrong, in `lang` ("en", "fr", "es"); in English where no translation fits."""
        if lang == "en" or not self.code:
            return self.message
        message = PROBLEM_TEXTS.get(self.code) or SCHEMA_TEXTS.get(self.code)
        rendered = render_message(message, self.params, lang) if message is not None else None
        return self.message if rendered is None else shortened(rendered)

    def line(self, lang: str = "en") -> str:
        """`path: text` as the CLI prints it (French puts a space before the colon)."""
        if not self.path:
            return self.text(lang)
        return f"{self.path}{' :' if lang == 'fr' else ':'} {self.text(lang)}"

    def __str__(self) -> str:
        return self.line("en")


def shortened(text: str) -> str:
    """`tidy` without its English note: a quoted value past SHOWN characters and the whole past MESSAGE_LIMIT end in
    "…", and nothing unprintable is left."""
    text = _QUOTED.sub(lambda m: f"'{m.group(1)[:SHOWN]}…'" if len(m.group(1)) > SHOWN else m.group(), text)
    text = clip(text, len(text))  # escapes what can't be printed, cuts nothing
    return text if len(text) <= MESSAGE_LIMIT else text[:MESSAGE_LIMIT] + "…"


_QUOTED = re.compile(r"'([^']*)'")


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
            return _defender_of(p)
    return None


def _ability_references(ability: object, by_id: Mapping[str, Permanent], players: set[str]) -> list[tuple[str, str]]:
    """The objects an ability names that are not on the board, as (problem code, id), in the order they are
    reported: the creature it must block, what it must attack, the players it names."""
    found: list[tuple[str, str]] = []
    if isinstance(ability, BlocksIfAble) and ability.blocks_if_able not in by_id:
        found.append(("no_permanent", ability.blocks_if_able))
    if isinstance(ability, AttacksIfAble) and (
        ability.attacks_if_able not in by_id and ability.attacks_if_able not in players
    ):
        found.append(("no_player_or_permanent", ability.attacks_if_able))
    found += [("not_a_player", pid) for pid in players_named(ability) if pid not in players]
    return found


def _defender_of(target: Permanent) -> str | None:
    """The player an attack on this permanent is against (defending_player_of, for a permanent)."""
    if target.is_battle:
        return target.protector
    if target.is_planeswalker:
        return target.controller
    return None


def reference_problems(snapshot: Snapshot) -> list[InputProblem]:
    problems: list[InputProblem] = []
    player_ids = [p.id for p in snapshot.players]
    teams = {p.id: (p.team or p.id) for p in snapshot.players}
    seen_players: set[str] = set()
    for i, pid in enumerate(player_ids):
        if pid in seen_players:
            problems.append(InputProblem.of(f"players[{i}]", "duplicate_player", id=pid))
        seen_players.add(pid)
    if snapshot.active_player not in seen_players:
        problems.append(InputProblem.of("active_player", "not_a_player", id=snapshot.active_player))
    if snapshot.shared_team_turns and any(p.team is None for p in snapshot.players):
        problems.append(InputProblem.of("players", "team_for_every_player", field="shared_team_turns"))

    ids: dict[str, int] = {}
    by_id: dict[str, Permanent] = {}  # the last permanent of each id
    attached: list[tuple[int, Permanent]] = []  # what the passes below look at, in snapshot order
    with_more: list[tuple[int, Permanent]] = []
    for i, perm in enumerate(snapshot.permanents):
        # The field values as a plain dict: one model attribute read (about 0.2 us each on a pydantic model, for its
        # __getattr__) instead of eight; every board passes here.
        fields = perm.__dict__
        if fields["attached_to"] is not None:
            attached.append((i, perm))
        if fields["attacking"] is not None or fields["abilities"] or fields["subject_to"]:
            with_more.append((i, perm))
        pid, protector = fields["id"], fields["protector"]
        by_id[pid] = perm
        if (
            pid not in ids
            and pid not in seen_players
            and fields["controller"] in seen_players
            and (protector in seen_players if protector is not None else _BATTLE not in fields["types"])
        ):  # nothing to report (the common case: the messages' paths are not built)
            ids[pid] = i
            continue
        where = _where(i, perm)
        if perm.id in ids:
            problems.append(InputProblem.of(f"{where}.id", "duplicate_id", other=f"permanents[{ids[perm.id]}]"))
        elif perm.id in seen_players:
            problems.append(InputProblem.of(f"{where}.id", "id_of_a_player"))
        ids.setdefault(perm.id, i)
        if perm.controller not in seen_players:
            problems.append(InputProblem.of(f"{where}.controller", "not_a_player", id=perm.controller))
        if perm.protector is not None and perm.protector not in seen_players:
            problems.append(InputProblem.of(f"{where}.protector", "not_a_player", id=perm.protector))
        if perm.is_battle and perm.protector is None:
            problems.append(InputProblem.of(f"{where}.protector", "battle_needs_protector"))

    for i, perm in attached:
        attachment = attachment_problem(perm, snapshot)
        if attachment is not None:
            problems.append(InputProblem.of(f"{_where(i, perm)}.attached_to", attachment[0], **attachment[1]))
    active_team = teams.get(snapshot.active_player)
    for i, perm in with_more:  # most permanents (lands, creatures at rest) have nothing below to check
        fields = perm.__dict__  # see above; a path is put into words only for a problem found
        for field in ("abilities", "subject_to"):
            for j, ability in enumerate(fields[field]):
                if isinstance(ability, Keyword):
                    continue  # a plain keyword names no object
                for code, pid in _ability_references(ability, by_id, seen_players):
                    problems.append(InputProblem.of(f"{_where(i, perm)}.{field}[{j}]", code, id=pid))
        target = fields["attacking"]
        if target is None:
            continue
        apath = f"{_where(i, perm)}.attacking"
        if snapshot.step == "declare_attackers":
            problems.append(
                InputProblem.of(
                    apath, "attack_proposed_in_declaration", step="declare_attackers", field="declaration.attacks"
                )
            )
            continue
        if target not in seen_players and target not in by_id:
            problems.append(InputProblem.of(apath, "no_attack_target", id=target))
            continue
        if target in by_id and not (by_id[target].is_planeswalker or by_id[target].is_battle):
            problems.append(InputProblem.of(apath, "not_planeswalker_or_battle", id=target))
            continue
        if teams.get(fields["controller"]) != active_team:
            problems.append(InputProblem.of(apath, "attacker_not_active_player", controller=perm.controller))
        if not perm.is_creature:
            problems.append(InputProblem.of(apath, "only_creatures_attack"))
        # defending_player_of without its walk over the permanents: a player, or the first permanent of that id
        defender = target if target in seen_players else _defender_of(snapshot.permanents[ids[target]])
        if defender is not None and teams.get(defender) == active_team:
            problems.append(InputProblem.of(apath, "target_not_opponent", id=target))

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
            filters += [effect.attackers] if effect.attackers else []
        if isinstance(effect, MustBeAttackedEffect):
            named.append(("must_be_attacked", effect.must_be_attacked))
        for field, pid in named:
            if pid not in seen_players:
                problems.append(InputProblem.of(f"effects[{i}].{field}", "not_a_player", id=pid))
        for flt in filters:
            for pid in _filter_players(flt):
                if pid not in seen_players:
                    problems.append(InputProblem.of(f"effects[{i}]", "not_a_player", id=pid))

    if snapshot.attack_option == "chosen" and snapshot.defending_player is None:
        problems.append(
            InputProblem.of(
                "defending_player",
                "chosen_needs_defending_player",
                option="attack_option",
                chosen="chosen",
                field="defending_player",
            )
        )
    if snapshot.defending_player is not None:
        if snapshot.defending_player not in seen_players:
            problems.append(InputProblem.of("defending_player", "not_a_player", id=snapshot.defending_player))
        elif teams.get(snapshot.defending_player) == active_team:
            problems.append(InputProblem.of("defending_player", "defending_player_not_opponent"))
    seen_in_band: set[str] = set()
    for i, band in enumerate(snapshot.bands):
        for member in band:
            if member not in by_id or by_id[member].attacking is None:
                problems.append(InputProblem.of(f"bands[{i}]", "not_an_attacking_creature", id=member))
            if member in seen_in_band:
                problems.append(InputProblem.of(f"bands[{i}]", "in_two_bands", id=member))
            seen_in_band.add(member)

    problems += _declaration_problems(snapshot, by_id, teams)
    problems += _mana_value_problems(snapshot)
    return problems


_BATTLE = CardType.BATTLE
_MANA_VALUE_FIELDS = frozenset({"mana_value_at_least", "mana_value_at_most"})


def _reads_mana_value(data: object) -> bool:
    if isinstance(data, dict):
        return bool(_MANA_VALUE_FIELDS & data.keys()) or any(_reads_mana_value(v) for v in data.values())
    if isinstance(data, (list, tuple)):
        return any(_reads_mana_value(v) for v in data)
    return False


@cache
def _may_read_mana_value(model: type[BaseModel]) -> bool:
    """Whether a value of this model can hold a field that reads mana value, in it or in a model it holds (a
    filter): its fields' annotations walked through unions, tuples and nested models. Most abilities and effects
    can't, and are not dumped on every check."""
    return _annotation_reads_mana_value(model, set())


def _annotation_reads_mana_value(annotation: object, seen: set[int]) -> bool:
    if id(annotation) in seen:  # by identity: an annotation need not be hashable
        return False  # a recursive filter (not_, any_of): its fields are being walked already
    seen.add(id(annotation))
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return any(
            name in _MANA_VALUE_FIELDS or _annotation_reads_mana_value(field.annotation, seen)
            for name, field in annotation.model_fields.items()
        )
    return any(_annotation_reads_mana_value(arg, seen) for arg in typing.get_args(annotation))


def _mana_value_problems(snapshot: Snapshot) -> list[InputProblem]:
    """A filter reads mana value (protection from mana value 3 or greater): every permanent but a land (202.3a: no
    mana cost, mana value 0) must state its own, or the filter would guess it."""
    written = [e.model_dump(exclude_none=True) for e in snapshot.effects if _may_read_mana_value(type(e))] + [
        a.model_dump(exclude_none=True)
        for p in snapshot.permanents
        for a in p.abilities
        if not isinstance(a, Keyword) and _may_read_mana_value(type(a))
    ]
    if not _reads_mana_value(written):
        return []
    return [
        InputProblem.of(f"{_where(i, p)}.mana_value", "mana_value_needed")
        for i, p in enumerate(snapshot.permanents)
        if p.mana_value is None and CardType.LAND not in p.types
    ]


def _declaration_problems(snapshot: Snapshot, by_id: dict[str, Permanent], teams: dict[str, str]) -> list[InputProblem]:
    problems: list[InputProblem] = []
    declaration = snapshot.declaration
    if declaration is None:
        return problems
    active_team = teams.get(snapshot.active_player)
    if snapshot.step == "declare_attackers" and declaration.blocks:
        problems.append(InputProblem.of("declaration.blocks", "blocks_in_blockers_step", step="declare_blockers"))
    if snapshot.step == "declare_blockers" and (declaration.attacks or declaration.bands):
        problems.append(InputProblem.of("declaration.attacks", "attacks_in_attackers_step", step="declare_attackers"))
    player_ids = set(teams)
    for creature_id, target in declaration.attacks.items():
        path = f"declaration.attacks.{creature_id}"
        creature = by_id.get(creature_id)
        if creature is None:
            problems.append(InputProblem.of(path, "no_permanent", id=creature_id))
        elif teams.get(creature.controller) != active_team:
            problems.append(
                InputProblem.of(
                    path, "attacker_of_non_attacking_player", id=creature_id, controller=creature.controller
                )
            )
        if target not in player_ids and target not in by_id:
            problems.append(InputProblem.of(path, "no_attack_target", id=target))
        elif target in by_id and not (by_id[target].is_planeswalker or by_id[target].is_battle):
            problems.append(InputProblem.of(path, "not_an_attack_target", id=target))
    banded: set[str] = set()
    for i, band in enumerate(declaration.bands):
        for member in band:
            if member not in by_id:
                problems.append(InputProblem.of(f"declaration.bands[{i}]", "no_permanent", id=member))
            if member in banded:
                problems.append(InputProblem.of(f"declaration.bands[{i}]", "in_two_bands", id=member))
            banded.add(member)
    for blocker_id, attacker_ids in declaration.blocks.items():
        path = f"declaration.blocks.{blocker_id}"
        blocker = by_id.get(blocker_id)
        if blocker is None:
            problems.append(InputProblem.of(path, "no_permanent", id=blocker_id))
        elif teams.get(blocker.controller) == active_team:
            problems.append(
                InputProblem.of(path, "blocker_of_non_defending_player", id=blocker_id, controller=blocker.controller)
            )
        if len(set(attacker_ids)) != len(attacker_ids):
            problems.append(InputProblem.of(path, "attacker_listed_twice"))
        for attacker_id in attacker_ids:
            attacker = by_id.get(attacker_id)
            if attacker is None:
                problems.append(InputProblem.of(path, "no_permanent", id=attacker_id))
            elif attacker.attacking is None:
                problems.append(InputProblem.of(path, "not_attacking", id=attacker_id))
    return problems
