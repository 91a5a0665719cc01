"""Replays Arena's game states and captures every combat declaration: the board just before it, what was
declared, and Arena's first request of the step when the log owner was the one to decide.

The rules of the replay (docs/arena.md, "How the log is read"):

- A game object in a diff replaces the earlier one whole: default values are left out of Arena's JSON, so an
  untapped permanent simply has no `isTapped`; merging would keep it tapped.
- A `GameStateType_Full` state resets the game; a diff whose `prevGameStateId` is not the last state seen means
  states were missed, and the board is stale until the next full state (said in every record meanwhile).
- The board of a declaration is the one just before the first object shows its `attackState` (or a blocker its
  `blockState`); the declaration is read when the game leaves the step. "No blocks" is a declaration too: a block
  step ends with attackers and no blocker.
- A request belongs to one turn of one game, and only its first sending counts: Arena re-sends it after every
  click, with the chosen pairs moved to `selectedAttackerInstanceIds`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

Step = Literal["declare_attackers", "declare_blockers"]
ATTACKING = frozenset({"AttackState_Attacking", "AttackState_Declared"})
BLOCKING = frozenset({"BlockState_Blocking", "BlockState_Declared"})
AFTER_ATTACKS = frozenset({"Step_DeclareBlock", "Step_FirstStrikeDamage", "Step_CombatDamage", "Step_EndCombat"})
AFTER_BLOCKS = frozenset({"Step_FirstStrikeDamage", "Step_CombatDamage", "Step_EndCombat"})
BEFORE_ATTACKS = frozenset({"Step_BeginCombat", "Step_DeclareAttack"})
BATTLEFIELD = "ZoneType_Battlefield"
QUALIFICATION = "AnnotationType_Qualification"
Obj = dict[str, Any]


@dataclass(frozen=True)
class Board:
    """The battlefield at one moment, as the log showed it."""

    objects: dict[int, Obj]
    unseen: tuple[int, ...]  # listed in the battlefield zone, but never sent as objects in this log
    qualifications: tuple[Obj, ...]  # Arena's persistent Qualification annotations then in force
    seats: tuple[int, ...]
    teams: dict[int, int]
    game_state_id: int | None


@dataclass
class Game:
    """One game of one match, as far as the log shows it."""

    ordinal: int  # games of the file, counted from 1
    match_id: str | None = None
    number: int | None = None
    owner_seat: int | None = None
    seen_full: bool = False
    over: bool = False
    stale: list[str] = field(default_factory=list)  # why the board may be wrong since the last full state
    declarations: int = 0
    objects: dict[int, Obj] = field(default_factory=dict)
    zones: dict[int, Obj] = field(default_factory=dict)
    players: dict[int, Obj] = field(default_factory=dict)
    persistent: dict[int, Obj] = field(default_factory=dict)
    turn_info: Obj = field(default_factory=dict)
    last_state: int | None = None
    combat: Combat | None = None

    @property
    def label(self) -> str:
        match = self.match_id or f"unknown-{self.ordinal}"
        return f"{match}#{self.number if self.number is not None else '?'}"

    def apply(self, state: Obj) -> None:
        if state.get("type") == "GameStateType_Full":
            self.objects.clear()
            self.zones.clear()
            self.persistent.clear()
            self.stale.clear()
            self.seen_full = True
        for table, items, key in (
            (self.zones, state.get("zones"), "zoneId"),
            (self.objects, state.get("gameObjects"), "instanceId"),  # replaced whole: absent fields are defaults
            (self.players, state.get("players"), "systemSeatNumber"),
            (self.persistent, state.get("persistentAnnotations"), "id"),
        ):
            for item in items if isinstance(items, list) else ():
                if isinstance(item, dict) and isinstance(item.get(key), int):
                    table[item[key]] = item
        for table, gone in (
            (self.objects, state.get("diffDeletedInstanceIds")),
            (self.persistent, state.get("diffDeletedPersistentAnnotationIds")),
        ):
            for key in gone if isinstance(gone, list) else ():
                if isinstance(key, int):
                    table.pop(key, None)
        if isinstance(state.get("turnInfo"), dict) and state["turnInfo"]:
            self.turn_info = state["turnInfo"]

    def check_continuity(self, state: Obj, line: int) -> None:
        number, previous = state.get("gameStateId"), state.get("prevGameStateId")
        if state.get("type") == "GameStateType_Full" or previous is None or self.last_state is None:
            pass
        elif previous != self.last_state and number != self.last_state:
            self.stale.append(f"line {line}: game states {self.last_state}..{previous} are missing from the log")
        if isinstance(number, int):
            self.last_state = number

    def capture(self) -> Board:
        listed: list[int] | None = None
        for zone in self.zones.values():
            if zone.get("type") == BATTLEFIELD:
                listed = (listed or []) + list(zone.get("objectInstanceIds") or ())
        if listed is not None:
            objects = {i: self.objects[i] for i in listed if i in self.objects}
            unseen = tuple(i for i in listed if i not in self.objects)
        else:  # the battlefield zone was never sent: go by the objects' own zones
            battlefield = {z for z, zone in self.zones.items() if zone.get("type") == BATTLEFIELD}
            objects = {i: o for i, o in self.objects.items() if o.get("zoneId") in battlefield}
            unseen = ()
        notes = tuple(n for n in self.persistent.values() if QUALIFICATION in (n.get("type") or ()))
        seats = tuple(sorted(self.players))
        teams = {s: p["teamId"] for s, p in self.players.items() if isinstance(p.get("teamId"), int)}
        return Board(objects, unseen, notes, seats, teams, self.last_state)


@dataclass
class Declaration:
    """One combat declaration, ready to become a record."""

    game: Game
    turn: int
    step: Step
    active_seat: int | None
    board: Board
    attacks: dict[int, int | None]  # attacker -> target (a seat or an instance id); the attack step
    blocks: dict[int, tuple[int, ...]]  # blocker -> attackers; the block step
    request: Obj | None  # Arena's first request of the step, when the log owner decided
    request_seat: int | None
    stale: tuple[str, ...]
    line: int


@dataclass
class Combat:
    """What the log showed of one turn's combat so far."""

    turn: int
    active_seat: int | None
    attack_board: Board | None = None
    attack_frozen: bool = False  # the board before the declaration is captured for good
    attack_seen: bool = False  # the game entered the declare attackers step
    attack_done: bool = False
    attackers: dict[int, int | None] = field(default_factory=dict)
    attack_request: tuple[Obj, int | None] | None = None
    block_board: Board | None = None
    block_frozen: bool = False
    block_done: bool = False
    blockers: dict[int, tuple[int, ...]] = field(default_factory=dict)
    block_request: tuple[Obj, int | None] | None = None

    def pending(self) -> bool:
        return (self.attack_seen or self.attack_frozen) and not (
            self.attack_done and (self.block_done or not self.attackers)
        )


class Replayer:
    """Feeds on a log's events in order; returns the declarations each event completes."""

    def __init__(self) -> None:
        self.games: list[Game] = []
        self.game: Game | None = None
        self.next_match: str | None = None
        self.unfinished_combats = 0  # combats cut off by the end of the log or of a game

    # -- events --------------------------------------------------------------------------------------------
    def event(self, line: int, data: Obj) -> list[Declaration]:
        room = data.get("matchGameRoomStateChangedEvent")
        if room is not None:
            config = (room.get("gameRoomInfo") or {}).get("gameRoomConfig") or {}
            match_id = config.get("matchId")
            if isinstance(match_id, str):
                self.next_match = match_id
            return []
        out: list[Declaration] = []
        messages = (data.get("greToClientEvent") or {}).get("greToClientMessages") or ()
        for message in messages:
            if not isinstance(message, dict):
                continue
            kind = message.get("type")
            state = message.get("gameStateMessage")
            if isinstance(state, dict):
                out += self._state(line, state, message.get("systemSeatIds"))
            elif kind == "GREMessageType_DeclareAttackersReq":
                self._request(message, "declareAttackersReq", attack=True)
            elif kind == "GREMessageType_DeclareBlockersReq":
                self._request(message, "declareBlockersReq", attack=False)
        return out

    def damaged(self, line: int, message: str) -> None:
        if self.game is not None:
            self.game.stale.append(f"line {line}: {message}")

    def finish(self) -> None:
        """The end of the log: a combat still open is counted as unfinished, never guessed."""
        if self.game is not None:
            self._end_game()

    # -- game states ---------------------------------------------------------------------------------------
    def _game_for(self, info: Obj | None) -> Game:
        match_id = info.get("matchID") if info else None
        number = info.get("gameNumber") if info else None
        game = self.game
        if game is not None and (
            (match_id is not None and game.match_id not in (None, match_id))
            or (number is not None and game.number not in (None, number))
            or (game.over and info is not None and info.get("stage") != "GameStage_GameOver")
        ):
            self._end_game()
            game = None
        if game is None:
            game = Game(ordinal=len(self.games) + 1, match_id=match_id or self.next_match, number=number)
            self.games.append(game)
            self.game = game
        if match_id is not None:
            game.match_id = match_id
        if number is not None:
            game.number = number
        return game

    def _end_game(self) -> None:
        game = self.game
        if game is not None and game.combat is not None and game.combat.pending():
            self.unfinished_combats += 1
        if game is not None:  # keep the game's counts, drop its state: memory stays flat over many games
            game.combat = None
            for table in (game.objects, game.zones, game.players, game.persistent):
                table.clear()
        self.game = None

    def _state(self, line: int, state: Obj, seats: Any) -> list[Declaration]:
        info = state.get("gameInfo")
        game = self._game_for(info if isinstance(info, dict) else None)
        if game.owner_seat is None and isinstance(seats, list) and len(seats) == 1:
            game.owner_seat = seats[0]
        game.check_continuity(state, line)
        sent = state.get("gameObjects")
        objects = (
            [o for o in sent if isinstance(o, dict) and isinstance(o.get("instanceId"), int)]
            if isinstance(sent, list)
            else []
        )
        combat = game.combat
        if combat is not None:
            self._freeze(game, combat, objects)
        game.apply(state)
        out: list[Declaration] = []
        turn = game.turn_info.get("turnNumber")
        if isinstance(turn, int) and (combat is None or combat.turn != turn):
            if combat is not None:
                out += self._close(game, combat, line)
            combat = game.combat = Combat(turn, game.turn_info.get("activePlayer"))
        if combat is not None:
            out += self._advance(game, combat, objects, line)
        if isinstance(info, dict) and info.get("stage") == "GameStage_GameOver" and not game.over:
            game.over = True
            if game.combat is not None:
                out += self._close(game, game.combat, line)
                game.combat = None
        return out

    @staticmethod
    def _freeze(game: Game, combat: Combat, objects: list[Obj]) -> None:
        """Capture the board before a message that shows the first attacker (or blocker) of the step."""
        if not combat.attack_frozen and not combat.attack_done:
            if any(o.get("attackState") in ATTACKING for o in objects):
                combat.attack_board, combat.attack_frozen = game.capture(), True
        elif (
            combat.attack_done
            and not combat.block_frozen
            and not combat.block_done
            and any(o.get("blockState") in BLOCKING for o in objects)
        ):
            combat.block_board, combat.block_frozen = game.capture(), True

    def _advance(self, game: Game, combat: Combat, objects: list[Obj], line: int) -> list[Declaration]:
        phase, step = game.turn_info.get("phase"), game.turn_info.get("step")
        out: list[Declaration] = []
        if not combat.attack_done:
            if step == "Step_DeclareAttack":
                combat.attack_seen = True
            if phase == "Phase_Combat" and step in BEFORE_ATTACKS and not combat.attack_frozen:
                combat.attack_board = game.capture()
            if combat.attack_seen or combat.attack_frozen:
                for obj in objects:
                    if obj.get("attackState") in ATTACKING:
                        combat.attackers[obj["instanceId"]] = (obj.get("attackInfo") or {}).get("targetId")
                    elif step == "Step_DeclareAttack" and obj["instanceId"] in combat.attackers:
                        del combat.attackers[obj["instanceId"]]  # taken back before the declaration was made
            if step in AFTER_ATTACKS or phase != "Phase_Combat":
                if combat.attack_seen or combat.attack_frozen:
                    out += self._close_attacks(game, combat, line)
                elif step in AFTER_ATTACKS:  # the log joins after the attack (it starts, or a full state, here)
                    combat.attack_done = True
                    board = game.capture()
                    combat.attackers = {
                        i: (o.get("attackInfo") or {}).get("targetId")
                        for i, o in board.objects.items()
                        if o.get("attackState") in ATTACKING
                    }
                    combat.block_board = board
            if not combat.attack_done:
                return out
        if combat.attackers and not combat.block_done:
            if step == "Step_DeclareBlock" and not combat.block_frozen:
                combat.block_board = game.capture()
            for obj in objects:
                if obj.get("blockState") in BLOCKING:
                    attacked = (obj.get("blockInfo") or {}).get("attackerIds") or ()
                    combat.blockers[obj["instanceId"]] = tuple(attacked)
                elif step == "Step_DeclareBlock" and obj["instanceId"] in combat.blockers:
                    del combat.blockers[obj["instanceId"]]
            if step in AFTER_BLOCKS or phase != "Phase_Combat":
                out += self._close_blocks(game, combat, line)
        return out

    def _close(self, game: Game, combat: Combat, line: int) -> list[Declaration]:
        """The turn or the game ends: a step the log saw through is emitted; a step cut off is not."""
        out: list[Declaration] = []
        if not combat.attack_done and (combat.attack_seen or combat.attack_frozen):
            out += self._close_attacks(game, combat, line)
        if combat.attack_done and combat.attackers and not combat.block_done:
            out += self._close_blocks(game, combat, line)
        return out

    def _close_attacks(self, game: Game, combat: Combat, line: int) -> list[Declaration]:
        combat.attack_done = True
        board = combat.attack_board or game.capture()
        request, seat = combat.attack_request or (None, None)
        combat.block_board = game.capture()  # the board the block step starts from
        game.declarations += 1
        return [
            Declaration(
                game, combat.turn, "declare_attackers", combat.active_seat, board, dict(combat.attackers), {},
                request, seat, tuple(game.stale), line,
            )
        ]  # fmt: skip

    def _close_blocks(self, game: Game, combat: Combat, line: int) -> list[Declaration]:
        combat.block_done = True
        board = combat.block_board or game.capture()
        request, seat = combat.block_request or (None, None)
        game.declarations += 1
        return [
            Declaration(
                game, combat.turn, "declare_blockers", combat.active_seat, board, dict(combat.attackers),
                dict(combat.blockers), request, seat, tuple(game.stale), line,
            )
        ]  # fmt: skip

    # -- requests ------------------------------------------------------------------------------------------
    def _request(self, message: Obj, key: str, *, attack: bool) -> None:
        game = self.game
        body = message.get(key)
        if game is None or game.combat is None or not isinstance(body, dict):
            return
        seats = message.get("systemSeatIds")
        seat = seats[0] if isinstance(seats, list) and seats else None
        if game.owner_seat is None:
            game.owner_seat = seat
        combat = game.combat
        if attack and combat.attack_request is None and not combat.attack_done:
            combat.attack_request = (body, seat)  # the first sending only: later ones carry the clicks
        elif not attack and combat.block_request is None and combat.attack_done and not combat.block_done:
            combat.block_request = (body, seat)
