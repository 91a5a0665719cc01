"""The combat snapshot: players, permanents, global effects and the proposed declaration."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from .conditions import TurnFacts
from .declaration import Declaration
from .effects import Effect
from .events import Event, RulesEdition
from .permanent import Permanent, Player

__all__ = ["AttackOption", "Declaration", "Permanent", "Player", "Snapshot", "Step"]

Step = Literal["declare_blockers", "declare_attackers"]
AttackOption = Literal["multiple_players", "left", "right", "chosen"]


class Snapshot(BaseModel):
    """A combat as the user states it (docs/format.md): the players, the permanents, the step and the proposed
    declaration, or the events of a combat timeline. `combatcheck.load` reads one."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    format_version: Literal[1] = 1
    step: Step = "declare_blockers"
    active_player: str
    players: tuple[Player, ...] = Field(min_length=2, description="in turn order")
    shared_team_turns: bool = Field(
        False, description="teams take turns together (Two-Headed Giant, 805): one combined block per team"
    )
    attack_option: AttackOption | None = Field(
        None,
        description=(
            "multiplayer attack option (802, 803): attack multiple players (default with 3+ players), attack left "
            "(the next player in turn order), attack right (the previous one), or one chosen defending player"
        ),
    )
    defending_player: str | None = Field(None, description="with attack_option: chosen, the chosen player (506.2a)")
    range_of_influence: int | None = Field(
        None, ge=1, description="limited range of influence (801): players more seats away can't be attacked"
    )
    bands: tuple[tuple[str, ...], ...] = Field(
        (), description="in the declare blockers step: the attacking bands that were declared (702.22h)"
    )
    permanents: tuple[Permanent, ...] = ()
    turn: TurnFacts | None = Field(
        None, description="facts about the turn the board can't show (extra turn, a creature died), for conditions"
    )
    effects: tuple[Effect, ...] = ()
    declaration: Declaration | None = None
    rules: RulesEdition = Field(
        "current",
        description="the combat rules: current (CR of 7 Feb 2025) or before_foundations (before the Nov 2024 "
        "update: damage assignment orders, old 509.2-509.7 as in the French seed)",
    )
    events: tuple[Event, ...] = Field(
        (), description="the combat timeline: what happens, in order, from the declarations on (docs/combat.md)"
    )

    @field_validator("players", mode="before")
    @classmethod
    def _players_from_ids(cls, value: Any) -> Any:
        if isinstance(value, list):
            return [{"id": p} if isinstance(p, str) else p for p in value]
        return value

    def permanent(self, permanent_id: str) -> Permanent:
        for p in self.permanents:
            if p.id == permanent_id:
                return p
        raise KeyError(permanent_id)

    def player(self, player_id: str) -> Player:
        for p in self.players:
            if p.id == player_id:
                return p
        raise KeyError(player_id)
