"""Stand-ins for the process pool's per-chunk and per-record functions that kill their own worker with SIGKILL, as
the out-of-memory killer would. Imported by the pool's workers (the tests folder is on their sys.path).

A record whose `source.game` is a file path kills the worker while that file holds a count above zero (one kill per
unit); `source.game` "kill-always" kills every worker that runs it (a record that crashes the checker).
"""

from __future__ import annotations

import json
import os
import signal
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from combatcheck.batch.record import check_chunk as real_check_chunk
from combatcheck.batch.record import check_record as real_check_record


def _maybe_die(texts: list[str]) -> None:
    for text in texts:
        try:
            game = json.loads(text)["source"]["game"]
        except (ValueError, KeyError, TypeError):
            continue
        if game == "kill-always":
            os.kill(os.getpid(), signal.SIGKILL)
        counter = Path(str(game))
        if counter.is_absolute() and counter.exists():
            left = int(counter.read_text())
            if left > 0:
                counter.write_text(str(left - 1))
                os.kill(os.getpid(), signal.SIGKILL)


def check_chunk(
    items: Sequence[Any], lang: str = "en", time_limit: float | None = None, triggers: bool = False
) -> list[dict[str, Any]]:
    _maybe_die([item[1] for item in items])
    return real_check_chunk(items, lang, time_limit, triggers)


def check_record(line_number: int, raw_text: str, problem: str | None = None, **options: Any) -> dict[str, Any]:
    _maybe_die([raw_text])
    return real_check_record(line_number, raw_text, problem, **options)
