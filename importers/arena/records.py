"""A captured declaration as a batch record: the snapshot, its `source`, Arena's labels and its `fidelity`."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .replay import Board, Declaration
from .translate import CardLookup, Problem, object_id, player_id, qualification_problems, read_ids, translate

STEP_WORDS = {"declare_attackers": "attackers", "declare_blockers": "blockers"}


@dataclass
class Built:
    """A record and what the probes need to know about it."""

    record: dict[str, Any]
    deciding: list[str]  # the player(s) who made the declaration
    legal: dict[str, list[str]] | None  # Arena's offer: attacker -> targets, or blocker -> attackers
    permanents: dict[str, dict[str, Any]] = field(default_factory=dict)


def short_match(match_id: str | None, ordinal: int) -> str:
    return match_id.split("-")[0] if match_id else f"unknown{ordinal}"


def build(decl: Declaration, *, log_name: str, lookup: CardLookup | None) -> Built:
    board = decl.board
    attack_step = decl.step == "declare_attackers"
    problems: list[Problem] = []
    permanents: dict[str, dict[str, Any]] = {}
    read: dict[int, set[int]] = {}
    for instance, obj in sorted(board.objects.items()):
        permanent, found = translate(obj, attack_step=attack_step, lookup=lookup)
        problems += found
        if permanent is not None:
            permanents[permanent["id"]] = permanent
            card = lookup(obj["grpId"]) if lookup is not None and isinstance(obj.get("grpId"), int) else None
            read[instance] = read_ids(obj, card)
    problems += qualification_problems(board.qualifications, read)
    seats = _seats(decl, board, permanents, problems)
    active = player_id(decl.active_seat) if decl.active_seat is not None else None
    if active is None:
        problems.append(Problem("active_player", "the log does not say whose turn it is"))
        active = seats[0]
    if decl.step == "declare_blockers":
        _mark_attackers(decl, permanents, seats, problems)
        declaration: dict[str, Any] = {"blocks": _blocks(decl, permanents, problems)}
        deciding = [s for s in seats if s != active]
    else:
        # a creature put onto the battlefield attacking (by an attack trigger) was never declared (508.4)
        declared = {i: t for i, t in decl.attacks.items() if i in board.objects}
        declaration = {"attacks": _attacks(declared, permanents, seats, active, problems, "declared attacker")}
        deciding = [active]
    if board.unseen:
        ids = [object_id(i) for i in board.unseen]
        problems.append(Problem("unseen_objects", "on the battlefield but never described in this log", ids))
    if not decl.game.seen_full:
        problems.append(Problem("no_full_state", "the game started before the log: earlier objects are unknown"))
    problems += [Problem("stale_board", reason) for reason in decl.stale]

    game = decl.game
    source: dict[str, Any] = {
        "game": game.label,
        "turn": decl.turn,
        "step": decl.step,
        "match": game.match_id,
        "game_number": game.number,
        "seat": [int(s[1:]) for s in deciding] if len(deciding) != 1 else int(deciding[0][1:]),
        "log": log_name,
        "line": decl.line,
    }
    if game.owner_seat is not None:
        source["log_owner_seat"] = game.owner_seat
    legal = _arena_offer(decl, source)
    source["label"] = "arena-accepted"
    record: dict[str, Any] = {
        "id": f"{short_match(game.match_id, game.ordinal)}-g{game.number or '?'}-t{decl.turn}-{STEP_WORDS[decl.step]}",
        "source": source,
        "expected": "legal",  # Arena let the declaration through
        "fidelity": {"complete": not problems, "problems": [p.to_json() for p in problems]},
        "step": decl.step,
        "active_player": active,
        "players": [{"id": s, "team": f"t{board.teams[int(s[1:])]}"} for s in seats] if _teamed(board) else seats,
        "permanents": list(permanents.values()),
        "declaration": declaration,
    }
    return Built(record, deciding, legal, permanents)


def _teamed(board: Board) -> bool:
    teams = list(board.teams.values())
    return len(teams) == len(board.seats) and len(set(teams)) < len(teams)


def _seats(decl: Declaration, board: Board, permanents: dict[str, Any], problems: list[Problem]) -> list[str]:
    seats = list(board.seats)
    if len(seats) < 2:
        known = {int(p["controller"][1:]) for p in permanents.values()} | set(seats)
        if decl.active_seat is not None:
            known.add(decl.active_seat)
        seats = sorted(known)
        problems.append(Problem("players", "the players were not described in this log; taken from the board"))
        if len(seats) < 2:  # a game of two players: the other seat
            seats = sorted(set(seats) | ({1, 2} - set(seats) if len(seats) == 1 else {1, 2}))
    return [player_id(s) for s in seats]


def _target(target: int | None, permanents: dict[str, Any], seats: list[str], active: str) -> str | None:
    if target is None:
        opponents = [s for s in seats if s != active]
        return opponents[0] if len(opponents) == 1 else None
    if player_id(target) in seats:
        return player_id(target)
    return object_id(target) if object_id(target) in permanents else None


def _attacks(
    attacks: dict[int, int | None],
    permanents: dict[str, Any],
    seats: list[str],
    active: str,
    problems: list[Problem],
    what: str,
) -> dict[str, str]:
    out: dict[str, str] = {}
    for attacker, target in sorted(attacks.items()):
        pid = object_id(attacker)
        where = _target(target, permanents, seats, active)
        if pid not in permanents or where is None:
            missing = pid if pid not in permanents else f"{pid}'s target {target}"
            problems.append(Problem("declaration", f"{what} {missing} is not on the board: left out", [pid]))
            continue
        out[pid] = where
    return out


def _mark_attackers(decl: Declaration, permanents: dict[str, Any], seats: list[str], problems: list[Problem]) -> None:
    active = player_id(decl.active_seat) if decl.active_seat is not None else seats[0]
    for pid, where in _attacks(decl.attacks, permanents, seats, active, problems, "attacking creature").items():
        permanents[pid]["attacking"] = where


def _blocks(decl: Declaration, permanents: dict[str, Any], problems: list[Problem]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for blocker, attackers in sorted(decl.blocks.items()):
        pid = object_id(blocker)
        kept = [object_id(a) for a in attackers if "attacking" in permanents.get(object_id(a), {})]
        if pid not in permanents or len(kept) != len(attackers) or not kept:
            problems.append(Problem("declaration", f"block by {pid} names creatures not on the board: left out", [pid]))
            continue
        out[pid] = kept[0] if len(kept) == 1 else kept
    return out


def _recipient(item: dict[str, Any]) -> str | None:
    seat = item.get("playerSystemSeatId")
    if isinstance(seat, int):
        return player_id(seat)
    for key, value in item.items():
        if key.endswith("InstanceId") and isinstance(value, int):
            return object_id(value)
    return None


def _arena_offer(decl: Declaration, source: dict[str, Any]) -> dict[str, list[str]] | None:
    """Arena's own answer, from the first request of the step: what it offered the deciding player."""
    request = decl.request
    if request is None:
        source["arena"] = {"request": False}
        return None
    legal: dict[str, list[str]] = {}
    arena: dict[str, Any] = {"request": True, "seat": decl.request_seat}
    if decl.step == "declare_attackers":
        for item in [*(request.get("attackers") or ()), *(request.get("qualifiedAttackers") or ())]:
            attacker = item.get("attackerInstanceId")
            if not isinstance(attacker, int):
                continue
            targets = legal.setdefault(object_id(attacker), [])
            for recipient in item.get("legalDamageRecipients") or ():
                where = _recipient(recipient) if isinstance(recipient, dict) else None
                if where is not None and where not in targets:
                    targets.append(where)
        arena["legal_attackers"] = legal
    else:
        most: dict[str, int] = {}
        for item in request.get("blockers") or ():
            blocker = item.get("blockerInstanceId")
            if not isinstance(blocker, int):
                continue
            pairs = [*(item.get("attackerInstanceIds") or ()), *(item.get("selectedAttackerInstanceIds") or ())]
            legal[object_id(blocker)] = sorted({object_id(a) for a in pairs if isinstance(a, int)})
            if isinstance(item.get("maxAttackers"), int):
                most[object_id(blocker)] = item["maxAttackers"]
        arena["legal_blocks"] = legal
        if most:
            arena["max_attackers"] = most
    source["arena"] = arena
    return legal
