"""Replacing the card database file safely: the new file is complete and checked before it takes the old one's place.

The bytes go to a fresh temporary file in the same directory (created exclusively under a random name, so a
symlink planted at a predictable path is never followed), are flushed to disk, read back and checked, then renamed
over the old file in one step. If anything fails or the process is interrupted (an exception, Ctrl-C, SIGTERM made
into an exception by the command), the temporary file is removed and the old database is untouched. A process
killed outright (SIGKILL, power loss) can leave a temporary file behind: the next write removes it, under a lock
so that it never removes the file of a write still running.
"""

from __future__ import annotations

import os
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

try:
    import fcntl
except ImportError:  # not on Windows: leftovers are then removed only once they are old
    fcntl = None  # type: ignore[assignment]

LEFTOVER_AGE = 3600.0  # seconds; without a lock, a temporary file this old belongs to no running write


def temporary_names(path: Path) -> list[Path]:
    """Temporary files of writes to `path` (and the fixed name that earlier versions used)."""
    found = list(path.parent.glob(f".{path.name}.*.tmp"))
    legacy = path.with_name(path.name + ".tmp")
    return [*found, legacy] if legacy.exists() or legacy.is_symlink() else found


def write_atomically(path: Path, data: bytes, check: Callable[[Path], object]) -> None:
    """Write `data` to `path`; `check(temporary path)` must pass before the rename (it raises otherwise)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with _writing(path):
        fd, name = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
        temporary = Path(name)
        try:
            with os.fdopen(fd, "wb") as handle:
                handle.write(data)
                handle.flush()
                os.fsync(handle.fileno())
            check(temporary)
            os.replace(temporary, path)
        except BaseException:
            temporary.unlink(missing_ok=True)
            raise


@contextmanager
def _writing(path: Path) -> Iterator[None]:
    """One write to `path` at a time; leftovers of killed writes are removed first."""
    if fcntl is None:
        for leftover in temporary_names(path):
            if time.time() - leftover.lstat().st_mtime > LEFTOVER_AGE:
                leftover.unlink(missing_ok=True)
        yield
        return
    lock = os.open(path.with_name(f".{path.name}.lock"), os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW, 0o600)
    try:
        fcntl.flock(lock, fcntl.LOCK_EX)
        for leftover in temporary_names(path):
            leftover.unlink(missing_ok=True)
        yield
    finally:
        os.close(lock)  # closing releases the lock
