"""The base of every timeline event (`models/events.py`, `models/event_actions.py`): frozen, no unknown fields."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict


class _Event(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
