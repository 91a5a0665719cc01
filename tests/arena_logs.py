"""Small MTG Arena Player.log files written by hand for the importer's tests, in the 2026 and 2020 formats.

The shapes follow real logs (tests/data/arena/ and docs/arena.md): a header line, then one line of JSON holding
`greToClientEvent.greToClientMessages`; game objects are sent whole, with default values left out.
"""

from __future__ import annotations

import json
from typing import Any

BATTLEFIELD = 28
ZONES = [
    {"zoneId": 27, "type": "ZoneType_Stack"},
    {"zoneId": 28, "type": "ZoneType_Battlefield"},
    {"zoneId": 33, "type": "ZoneType_Graveyard", "ownerSeatId": 1},
]


def card(
    iid: int,
    seat: int,
    *,
    grp: int = 70000,
    types: tuple[str, ...] = ("Creature",),
    subtypes: tuple[str, ...] = ("Bear",),
    colors: tuple[str, ...] = ("Green",),
    power: int | None = 2,
    toughness: int | None = 2,
    abilities: tuple[int, ...] = (),
    tapped: bool = False,
    sick: bool = False,
    attacking: int | None = None,
    blocking: tuple[int, ...] = (),
    zone: int = BATTLEFIELD,
    fmt: int = 2026,
) -> dict[str, Any]:
    """A game object as Arena sends it: absent fields are default values (untapped, no summoning sickness)."""
    obj: dict[str, Any] = {
        "instanceId": iid,
        "grpId": grp,
        "type": "GameObjectType_Card",
        "zoneId": zone,
        "visibility": "Visibility_Public",
        "ownerSeatId": seat,
        "controllerSeatId": seat,
        "cardTypes": [f"CardType_{t}" for t in types],
    }
    if subtypes:
        obj["subtypes"] = [f"SubType_{s}" for s in subtypes]
    if colors:
        obj["color"] = [f"CardColor_{c}" for c in colors]
    if power is not None:
        obj["power"] = {"value": power} if power else {}
        obj["toughness"] = {"value": toughness}
    if tapped:
        obj["isTapped"] = True
    if sick:
        obj["hasSummoningSickness"] = True
    if attacking is not None:
        obj["attackState"] = "AttackState_Attacking"
        obj["attackInfo"] = {"targetId": attacking, "damageOrdered": True}
    if blocking:
        obj["blockState"] = "BlockState_Blocking"
        obj["blockInfo"] = {"attackerIds": list(blocking)}
    obj["name"] = 400000 + grp
    if fmt >= 2021:
        obj["uniqueAbilities"] = [{"id": 500 + i, "grpId": a} for i, a in enumerate(abilities)]
    elif abilities:
        obj["abilities"] = list(abilities)
    return obj


class LogWriter:
    """Builds a log: game states (full or diff), requests, in the order they are written."""

    def __init__(self, *, fmt: int = 2026, owner: int = 1) -> None:
        self.fmt = fmt
        self.owner = owner
        self.lines: list[str] = [
            "Mono path[0] = 'C:/Program Files/Wizards of the Coast/MTGA/MTGA_Data/Managed'",
            "DETAILED LOGS: ENABLED",
        ]
        self.state_id = 0
        self.battlefield: list[int] = []

    def _event(self, *messages: dict[str, Any]) -> None:
        stamp = "7/30/2020 12:54:13 PM" if self.fmt < 2021 else "10/19/2026 3:54:22 PM"
        self.lines.append(f"[UnityCrossThreadLogger]{stamp}: Match to 1A2B3C4D5E6F: GreToClientEvent")
        envelope = {
            "transactionId": f"t-{len(self.lines)}",
            "requestId": len(self.lines),
            "timestamp": "1792439325556",
            "greToClientEvent": {"greToClientMessages": list(messages)},
        }
        self.lines.append(json.dumps(envelope).replace('{"', '{ "').replace('"}', '" }'))

    def room(self, match_id: str) -> None:
        self.lines.append("[UnityCrossThreadLogger]10/19/2026 3:50:00 PM: Match to 1A2B3C4D5E6F: MatchGameRoomState")
        event = {"matchGameRoomStateChangedEvent": {"gameRoomInfo": {"gameRoomConfig": {"matchId": match_id}}}}
        self.lines.append(json.dumps(event))

    def state(
        self,
        *,
        turn: int,
        active: int,
        phase: str,
        step: str | None = None,
        objects: tuple[dict[str, Any], ...] = (),
        deleted: tuple[int, ...] = (),
        full: bool = False,
        match_id: str | None = None,
        game: int = 1,
        skip: int = 0,
        extra: dict[str, Any] | None = None,
    ) -> None:
        """One game state. `skip` pretends that many states were lost before this one (a gap in the ids)."""
        self.state_id += 1 + skip
        for obj in objects:
            if obj["zoneId"] == BATTLEFIELD and obj["instanceId"] not in self.battlefield:
                self.battlefield.append(obj["instanceId"])
            elif obj["zoneId"] != BATTLEFIELD and obj["instanceId"] in self.battlefield:
                self.battlefield.remove(obj["instanceId"])
        for gone in deleted:
            if gone in self.battlefield:
                self.battlefield.remove(gone)
        turn_info: dict[str, Any] = {"phase": phase, "turnNumber": turn, "activePlayer": active}
        if step:
            turn_info["step"] = step
        state: dict[str, Any] = {
            "type": "GameStateType_Full" if full else "GameStateType_Diff",
            "gameStateId": self.state_id,
            "turnInfo": turn_info,
        }
        if not full:
            state["prevGameStateId"] = self.state_id - 1  # with `skip`, not the last one written
        if full or match_id:
            state["gameInfo"] = {
                "matchID": match_id or "00000000-0000-0000-0000-000000000000",
                "gameNumber": game,
                "stage": "GameStage_Play",
                "superFormat": "SuperFormat_Constructed",
            }
        if full:
            state["players"] = [
                {"systemSeatNumber": s, "teamId": s, "lifeTotal": 20, "status": "PlayerStatus_InGame"} for s in (1, 2)
            ]
        zones = [dict(z) for z in ZONES]
        zones[1]["objectInstanceIds"] = list(self.battlefield)
        if full or objects or deleted:
            state["zones"] = zones if full else [zones[1]]
        if objects:
            state["gameObjects"] = list(objects)
        if deleted:
            state["diffDeletedInstanceIds"] = list(deleted)
        state.update(extra or {})
        message = {
            "type": "GREMessageType_GameStateMessage",
            "systemSeatIds": [self.owner],
            "msgId": self.state_id,
            "gameStateId": self.state_id,
            "gameStateMessage": state,
        }
        self._event(message)

    def game_over(self, *, match_id: str, game: int = 1) -> None:
        self.state_id += 1
        state = {
            "type": "GameStateType_Diff",
            "gameStateId": self.state_id,
            "prevGameStateId": self.state_id - 1,
            "gameInfo": {"matchID": match_id, "gameNumber": game, "stage": "GameStage_GameOver"},
        }
        self._event(
            {"type": "GREMessageType_GameStateMessage", "systemSeatIds": [self.owner], "gameStateMessage": state}
        )

    def attack_request(self, offered: dict[int, list[int]], *, selected: tuple[int, ...] = ()) -> None:
        """DeclareAttackersReq: attacker -> the seats it may attack."""
        attackers = []
        for attacker, seats in offered.items():
            item: dict[str, Any] = {
                "attackerInstanceId": attacker,
                "legalDamageRecipients": [{"type": "DamageRecType_Player", "playerSystemSeatId": s} for s in seats],
            }
            if attacker in selected:
                item["selectedDamageRecipient"] = item["legalDamageRecipients"][0]
            attackers.append(item)
        request = {"attackers": attackers, "qualifiedAttackers": attackers, "canSubmitAttackers": True}
        self._event(
            {
                "type": "GREMessageType_DeclareAttackersReq",
                "systemSeatIds": [self.owner],
                "gameStateId": self.state_id,
                "declareAttackersReq": request,
            }
        )

    def block_request(self, offered: dict[int, list[int]], *, selected: dict[int, list[int]] | None = None) -> None:
        """DeclareBlockersReq: blocker -> attackers still offered; `selected` pairs moved out of that list."""
        selected = selected or {}
        blockers = []
        for blocker in sorted(set(offered) | set(selected)):
            item: dict[str, Any] = {"blockerInstanceId": blocker, "maxAttackers": 1}
            if offered.get(blocker):
                item["attackerInstanceIds"] = offered[blocker]
            if selected.get(blocker):
                item["selectedAttackerInstanceIds"] = selected[blocker]
            blockers.append(item)
        self._event(
            {
                "type": "GREMessageType_DeclareBlockersReq",
                "systemSeatIds": [self.owner],
                "gameStateId": self.state_id,
                "declareBlockersReq": {"blockers": blockers},
            }
        )

    def garbage(self, text: str) -> None:
        self.lines.append(text)

    def text(self) -> str:
        return "\n".join(self.lines) + "\n"


def two_turn_game(fmt: int = 2026, match_id: str = "2c67eed8-5866-416d-baf2-1606545b1b13") -> LogWriter:
    """A known game: turn 3, seat 1 (the log owner) attacks with a flyer while a new creature stays home;
    turn 4, seat 2 attacks with two creatures and seat 1 blocks one of them (its request re-sent after the click)."""
    log = LogWriter(fmt=fmt, owner=1)
    drake = card(101, 1, grp=70101, subtypes=("Drake",), colors=("Blue",), abilities=(8,), fmt=fmt)
    cub = card(102, 1, grp=70102, sick=True, fmt=fmt)
    ogre = card(201, 2, grp=70201, subtypes=("Ogre",), colors=("Red",), power=3, toughness=3, fmt=fmt)
    wall = card(202, 2, grp=70202, subtypes=("Wall",), colors=(), power=0, toughness=4, abilities=(2,), fmt=fmt)
    land = card(
        103, 1, grp=70103, types=("Land",), subtypes=("Island",), colors=(), power=None, abilities=(1002,), fmt=fmt
    )
    log.state(
        turn=3, active=1, phase="Phase_Main1", objects=(drake, cub, ogre, wall, land), full=True, match_id=match_id
    )
    log.state(turn=3, active=1, phase="Phase_Combat", step="Step_BeginCombat")
    log.state(turn=3, active=1, phase="Phase_Combat", step="Step_DeclareAttack")
    log.attack_request({101: [2]})
    declared = dict(drake, attackState="AttackState_Declared", attackInfo={"targetId": 2})
    log.state(turn=3, active=1, phase="Phase_Combat", step="Step_DeclareAttack", objects=(declared,))
    log.attack_request({101: [2]}, selected=(101,))  # re-sent after the click: ignored
    attacking = card(101, 1, grp=70101, subtypes=("Drake",), colors=("Blue",), abilities=(8,), tapped=True,
                     attacking=2, fmt=fmt)  # fmt: skip
    log.state(turn=3, active=1, phase="Phase_Combat", step="Step_DeclareBlock", objects=(attacking,))
    log.state(turn=3, active=1, phase="Phase_Combat", step="Step_CombatDamage")
    log.state(turn=3, active=1, phase="Phase_Combat", step="Step_EndCombat")
    # turn 4: untap (the drake is sent again without isTapped: it is untapped), seat 2 attacks with both
    untapped = card(101, 1, grp=70101, subtypes=("Drake",), colors=("Blue",), abilities=(8,), fmt=fmt)
    cub_ready = card(102, 1, grp=70102, fmt=fmt)
    log.state(turn=4, active=2, phase="Phase_Beginning", step="Step_Upkeep", objects=(untapped, cub_ready))
    log.state(turn=4, active=2, phase="Phase_Combat", step="Step_BeginCombat")
    log.state(turn=4, active=2, phase="Phase_Combat", step="Step_DeclareAttack")
    ogre_attacks = dict(ogre, isTapped=True, attackState="AttackState_Attacking", attackInfo={"targetId": 1})
    log.state(turn=4, active=2, phase="Phase_Combat", step="Step_DeclareAttack", objects=(ogre_attacks,))
    log.state(turn=4, active=2, phase="Phase_Combat", step="Step_DeclareBlock")
    log.block_request({101: [201], 102: [201]})
    log.block_request({101: [201]}, selected={102: [201]})  # re-sent after the click: ignored
    cub_blocks = card(102, 1, grp=70102, blocking=(201,), fmt=fmt)
    log.state(turn=4, active=2, phase="Phase_Combat", step="Step_DeclareBlock", objects=(cub_blocks,))
    log.state(turn=4, active=2, phase="Phase_Combat", step="Step_CombatDamage")
    log.state(turn=4, active=2, phase="Phase_Combat", step="Step_EndCombat")
    log.state(turn=5, active=1, phase="Phase_Beginning", step="Step_Upkeep")
    return log


KEYWORD_LINES = {"Flying": 8, "Vigilance": 15, "Deathtouch": 1, "Lifelink": 12, "Double strike": 3, "Reach": 13}


def _types(item: dict[str, Any]) -> tuple[str, ...]:
    if item.get("card_types"):
        return tuple(t.removeprefix("CardType_") for t in item["card_types"])
    left = str(item.get("type_line", "")).split("\u2014")[0]  # a token's saved board may only have its type line
    return tuple(w for w in left.split() if w in {"Artifact", "Creature", "Enchantment", "Land", "Planeswalker"})


def from_tracker_state(state: dict[str, Any]) -> LogWriter:
    """A log holding a tracker's saved board (mtgacoach's format, tests/data/arena/*.json) as Arena would send it:
    a full game state at the decision, Arena's own request (kept verbatim from the file), then the step ending
    with no creature declared. Ability ids come from the file (`ability_grp_ids`) or, where it has none, from the
    keyword lines of the card's text."""
    turn = state["turn"]
    active = turn["active_player"]
    owner = state["local_seat_id"]
    log = LogWriter(owner=owner)
    attack_step = "Attack" in turn["step"]
    objects = []
    for item in state["battlefield"]:
        abilities = item.get("ability_grp_ids")
        if abilities is None:
            lines = (item.get("oracle_text") or "").split("\n")
            abilities = [KEYWORD_LINES[line] for line in lines if line in KEYWORD_LINES]
        obj = card(
            item["instance_id"],
            item["controller_seat_id"],
            grp=item["grp_id"],
            types=_types(item),
            subtypes=tuple(item.get("subtypes") or ()),
            colors=tuple(item.get("colors") or ()),
            power=item.get("power"),
            toughness=item.get("toughness"),
            abilities=tuple(abilities),
            tapped=bool(item.get("is_tapped")),
            sick=bool(item.get("summoning_sickness")),
            attacking=(owner if item.get("is_attacking") else None),
        )
        objects.append(obj)
    number = turn["turn_number"]
    step = "Step_DeclareAttack" if attack_step else "Step_DeclareBlock"
    match_id = state["match_id"]
    if attack_step:
        log.state(turn=number, active=active, phase="Phase_Combat", step="Step_BeginCombat", objects=tuple(objects),
                  full=True, match_id=match_id)  # fmt: skip
        log.state(turn=number, active=active, phase="Phase_Combat", step=step)
    else:  # the saved board is at the block step, attackers declared: the log joins there
        log.state(turn=number, active=active, phase="Phase_Combat", step=step, objects=tuple(objects), full=True,
                  match_id=match_id)  # fmt: skip
    context = state["decision_context"]
    if attack_step:
        request = {"attackers": context["raw_attackers"], "qualifiedAttackers": context["raw_attackers"]}
        message = {"type": "GREMessageType_DeclareAttackersReq", "declareAttackersReq": request}
    else:
        message = {
            "type": "GREMessageType_DeclareBlockersReq",
            "declareBlockersReq": {"blockers": context["raw_blockers"]},
        }
    log._event({**message, "systemSeatIds": [owner], "gameStateId": log.state_id})
    log.state(
        turn=number, active=active, phase="Phase_Combat", step="Step_EndCombat" if attack_step else "Step_CombatDamage"
    )
    log.state(turn=number + 1, active=3 - active, phase="Phase_Beginning", step="Step_Upkeep")
    return log
