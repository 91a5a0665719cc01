"""The steps of the combat phase (506.1) and its two declarations, checked by the existing checker (508.1, 509.1).

A step word moves the turn forward; steps in between happen on their own (a combat damage step between the
declare blockers step and the end of combat step). The declarations are turn-based actions at the start of their
steps: `declare_attackers` right after the beginning of combat step, `declare_blockers` once creatures attack.
"""

from __future__ import annotations

from ..models import Declaration, Snapshot
from ..models.abilities import Keyword
from ..models.events import AttackDeclaration, BlockDeclaration
from ..models.report import Report
from ..models.validation import reference_problems
from ..solver import check
from .damage import damage_changes
from .orders import orders_after_declaration
from .state import (
    Alone,
    AttackingCreature,
    Attacks,
    BecomesBlocked,
    BecomesUnblocked,
    BlockingCreature,
    Blocks,
    Change,
    CombatEnds,
    CombatRecord,
    Declared,
    Entry,
    RemovalCause,
    StepBegins,
    StepSkipped,
    TurnStep,
)
from .working import TimelineInputError, Working


def _begin(work: Working, step: TurnStep, concept: str = "combat_steps") -> list[Change]:
    work.step = step
    return [StepBegins(step=step, combat=work.combat, **work.cite(concept))]


def begin_combat(work: Working) -> list[Change]:
    """A combat phase begins: the first of the turn, or an additional one (500.8)."""
    changes: list[Change] = []
    if work.in_combat:
        if work.step != "end_of_combat":
            raise TimelineInputError("", "new_combat_during_combat", step="end_of_combat")
        changes += end_combat(work)
    work.combat += 1
    work.combats.append(CombatRecord(number=work.combat))
    work.attackers_declared = work.blockers_declared = False
    work.declared_attackers = work.declared_blockers = ()
    work.removed = []
    work.orders = {}
    work.first_strikers = frozenset()
    return changes + _begin(work, "beginning_of_combat", "additional_combat" if work.combat > 1 else "combat_steps")


def skip_combat(work: Working) -> list[Change]:
    if work.in_combat:
        raise TimelineInputError("", "skip_during_combat")
    work.combat += 1
    work.combats.append(CombatRecord(number=work.combat, skipped=True))
    work.step = "postcombat_main"
    return [StepSkipped(step="beginning_of_combat", combat=work.combat, **work.cite("timing_point_skipped"))]


def _has_attackers(work: Working) -> bool:
    return (
        bool(work.attackers)
        or bool(work.declared_attackers)
        or any(r.roles and "attacking" in r.roles for r in work.removed)
    )


def _leave_declare_attackers(work: Working) -> list[Change]:
    """At the end of the declare attackers step: skip the next two steps if nothing attacked (508.8)."""
    if _has_attackers(work):
        return []
    work.combats[-1] = work.combats[-1].model_copy(update={"blockers_step_skipped": True})
    return [
        StepSkipped(step=step, combat=work.combat, **work.cite("skip_blockers"))
        for step in ("declare_blockers", "combat_damage")
    ]


def _first_strike(work: Working) -> frozenset[str]:
    ids = [*work.attackers, *work.blockers]
    return frozenset(
        i
        for i in ids
        if work.board[i].has_keyword(Keyword.FIRST_STRIKE) or work.board[i].has_keyword(Keyword.DOUBLE_STRIKE)
    )


def combat_damage(work: Working) -> list[Change]:
    """The next combat damage step: the first-strike one if a creature in combat has first or double strike as
    the step begins (510.4), then the regular one."""
    if not work.in_combat:
        raise TimelineInputError("", "damage_outside_combat", step="beginning_of_combat")
    if work.step in ("beginning_of_combat", "declare_attackers"):
        if work.step == "declare_attackers" and _has_attackers(work):
            raise TimelineInputError("", "blockers_first", step="declare_blockers")
        reason = "no_attackers_no_damage" if work.step == "declare_attackers" else "attackers_first_short"
        raise TimelineInputError("", reason)
    if work.step in ("combat_damage", "end_of_combat"):
        raise TimelineInputError("", "no_further_damage")
    if work.step == "declare_blockers":
        strikers = _first_strike(work)
        if strikers:
            work.first_strikers = strikers
            work.combats[-1] = work.combats[-1].model_copy(update={"first_strike_step": True})
            changes = _begin(work, "first_strike_damage", "first_strike_step")
            return changes + damage_changes(work, first_strike_step=True)
    changes = _begin(work, "combat_damage", "first_strike_step" if work.first_strikers else "combat_steps")
    return changes + damage_changes(work, first_strike_step=False)


def end_of_combat(work: Working) -> list[Change]:
    changes: list[Change] = []
    if not work.in_combat:
        raise TimelineInputError("", "end_outside_combat")
    if work.step == "end_of_combat":
        raise TimelineInputError("", "end_already")
    if work.step == "beginning_of_combat":
        raise TimelineInputError("", "attackers_first", step="declare_attackers")
    if work.step == "declare_attackers":
        if _has_attackers(work):
            raise TimelineInputError("", "blockers_first", step="declare_blockers")
        changes += _leave_declare_attackers(work)
    while work.step in ("declare_blockers", "first_strike_damage"):
        changes += combat_damage(work)
    return changes + _begin(work, "end_of_combat")


def end_combat(work: Working) -> list[Change]:
    """The end of combat step ends: everything is removed from combat (511.3)."""
    changes: list[Change] = [CombatEnds(combat=work.combat, **work.cite("end_of_combat"))]
    for object_id in [*work.attackers, *work.blockers, *work.attacked]:
        if work.roles(object_id):
            work.remove_from_combat(object_id, RemovalCause.END_OF_COMBAT, "end_of_combat")
    return changes


def postcombat_main(work: Working) -> list[Change]:
    if not work.in_combat:
        raise TimelineInputError("", "postcombat_outside", step="postcombat_main")
    changes: list[Change] = []
    if work.step != "end_of_combat":
        changes += end_of_combat(work)
    changes += end_combat(work)
    work.step = "postcombat_main"
    return [*changes, StepBegins(step="postcombat_main", combat=work.combat, **work.cite("end_of_combat"))]


# --- declarations ----------------------------------------------------------------------------------------------


def _check(work: Working, declaration: Declaration, step: str, event_field: str, lang: str) -> Report:
    """Run the existing checker on today's board; input problems name the event's own fields."""
    permanents = tuple(work.board.values())
    if step == "declare_attackers":
        permanents = tuple(p.model_copy(update={"attacking": None}) if p.attacking else p for p in permanents)
        bands: tuple[tuple[str, ...], ...] = ()
    else:
        permanents = tuple(
            p.model_copy(update={"attacking": _target_for_blocks(work, p.id)}) if p.id in work.attackers else p
            for p in permanents
        )
        bands = tuple(_bands(work))
    snapshot = Snapshot.model_construct(
        **{
            **dict(work.snapshot),
            "step": step,
            "permanents": permanents,
            "bands": bands,
            "declaration": declaration,
            "events": (),
        }
    )
    for problem in reference_problems(snapshot):
        if problem.path.startswith("declaration."):
            raise TimelineInputError(event_field + problem.path.removeprefix("declaration"), problem)
        if problem.path.startswith("declaration"):
            raise TimelineInputError(event_field, problem)
    return check(snapshot, lang=lang)


def _bands(work: Working) -> list[tuple[str, ...]]:
    seen: set[str] = set()
    out = []
    for attacker in work.attackers.values():
        if attacker.band and attacker.id not in seen:
            band = tuple(sorted((attacker.id, *attacker.band)))
            seen.update(band)
            out.append(band)
    return out


def _target_for_blocks(work: Working, attacker_id: str) -> str | None:
    """What the checker sees an attacker attack: its target, or, once that planeswalker or battle left combat, the
    player it was attacking (506.4c: it may still be blocked, by that player's creatures, 508.5)."""
    attacker = work.attackers[attacker_id]
    return attacker.target if attacker.target is not None else attacker.defending_player


def declare_attackers(work: Working, declared: AttackDeclaration, lang: str) -> tuple[list[Change], Report]:
    changes: list[Change] = []
    if work.step == "precombat_main":
        changes += begin_combat(work)
    elif work.step == "postcombat_main":
        raise TimelineInputError("", "additional_combat", step="beginning_of_combat")
    elif work.step != "beginning_of_combat":
        raise TimelineInputError(
            "",
            "attackers_once",
            step="beginning_of_combat",
        )
    declaration = Declaration(attacks=declared.attacks, bands=declared.bands)
    report = _check(work, declaration, "declare_attackers", "declare_attackers", lang)
    changes += _begin(work, "declare_attackers")
    work.attackers_declared = True
    changes.append(Declared(step="declare_attackers", verdict=report.verdict, **work.cite("declare_attackers")))
    if report.verdict != "legal":
        return changes, report
    board = work.solver_board()
    bands = {member: band for band in declared.bands for member in band}
    for creature, target in declared.attacks.items():
        work.attackers[creature] = _attacker(board.defender_for_target(target), creature, target, bands)
        if not work.board[creature].has_keyword(Keyword.VIGILANCE):
            work.update(creature, tapped=True)  # 508.1f
        if target in work.board and target not in work.attacked:
            work.attacked.append(target)
        changes.append(Attacks(creature=creature, target=target, how=Entry.DECLARED, **work.cite("attackers_declared")))
    work.declared_attackers = tuple(declared.attacks)
    players = {p.id for p in work.snapshot.players}
    work.attacked_players |= {target for target in declared.attacks.values() if target in players}  # 508.6
    if len(work.declared_attackers) == 1:
        changes.append(Alone(creature=work.declared_attackers[0], what="attacked", **work.cite("alone")))
    return changes, report


def _attacker(defender: str | None, creature: str, target: str, bands: dict[str, tuple[str, ...]]) -> AttackingCreature:
    band = tuple(m for m in bands.get(creature, ()) if m != creature)
    return AttackingCreature(id=creature, target=target, defending_player=defender, entry=Entry.DECLARED, band=band)


def declare_blockers(work: Working, declared: BlockDeclaration, lang: str) -> tuple[list[Change], Report | None]:
    if work.step != "declare_attackers":
        early = work.step in ("precombat_main", "beginning_of_combat")
        raise TimelineInputError("", "blockers_before_attackers" if early else "blockers_once")
    if not _has_attackers(work):
        raise TimelineInputError("", "no_attackers_no_blockers")
    declaration = Declaration.model_validate({"blocks": {b: list(a) for b, a in declared.blocks.items()}})
    report = _check(work, declaration, "declare_blockers", "declare_blockers", lang)
    changes = _begin(work, "declare_blockers")
    work.blockers_declared = True
    changes.append(Declared(step="declare_blockers", verdict=report.verdict, **work.cite("declare_blockers")))
    if report.verdict != "legal" or report.outcome is None:
        return changes, report
    for blocker_id, attacker_ids in declared.blocks.items():
        work.blockers[blocker_id] = BlockingCreature(id=blocker_id, attackers=tuple(attacker_ids), entry=Entry.DECLARED)
        for named in attacker_ids:
            changes.append(
                Blocks(
                    blocker=blocker_id,
                    attacker=named,
                    how=Entry.DECLARED,
                    was_blocking=False,
                    attacker_was_unblocked=False,
                    **work.cite("blockers_declared"),
                )
            )
    blocked = report.outcome.blocked  # with bands: 702.22h
    for attacker_id, attacker in list(work.attackers.items()):
        in_order = [b for b, chosen in declared.blocks.items() if attacker_id in chosen]  # as declared
        blockers = tuple(in_order + sorted(set(blocked.get(attacker_id, ())) - set(in_order)))
        for blocker_id in blockers:
            if attacker_id not in work.blockers[blocker_id].attackers:  # blocked through its band (702.22h)
                b = work.blockers[blocker_id]
                work.blockers[blocker_id] = b.model_copy(update={"attackers": (*b.attackers, attacker_id)})
                changes.append(
                    Blocks(
                        blocker=blocker_id,
                        attacker=attacker_id,
                        how=Entry.DECLARED,
                        was_blocking=False,
                        attacker_was_unblocked=False,
                        **work.cite("band_blocked"),
                    )
                )
        status = "blocked" if blockers else "unblocked"
        work.attackers[attacker_id] = attacker.model_copy(update={"status": status, "blockers": blockers})
        if blockers:
            changes.append(
                BecomesBlocked(
                    attacker=attacker_id, how=Entry.DECLARED, was_unblocked=False, **work.cite("blocked_unblocked")
                )
            )
        else:
            changes.append(BecomesUnblocked(attacker=attacker_id, how=Entry.DECLARED, **work.cite("blocked_unblocked")))
    work.declared_blockers = tuple(declared.blocks)
    if len(work.declared_blockers) == 1:
        changes.append(Alone(creature=work.declared_blockers[0], what="blocked", **work.cite("alone")))
    changes += orders_after_declaration(work)
    return changes, report
