"""`collection_paused`: no automatic cyclic garbage collection while a check builds and solves its model.

Why: a check on a large board makes hundreds of thousands of small objects that all live until it ends (a 200x200
board: 40,000 candidate pairs, the rules' index of them, a reason for each of its 11,000 forbidden pairs, the
CP-SAT model). Each young generation that fills up is traversed, and each object is traversed again as it is
promoted, the whole heap at each full collection: on that board a third of the check (about 650 ms against
430 ms without it; docs/performance.md, "Issue 24, last round"). None of these objects is freed by the cycle
collector (they are freed by their reference counts when the check ends), so the collections find nothing. The
previous state is restored afterwards, so a caller that turned collection off keeps it off; garbage cycles made
meanwhile are collected by the next automatic collection.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def collection_paused() -> Iterator[None]:
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()
