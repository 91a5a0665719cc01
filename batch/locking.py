"""One run at a time writes an output file: a lock beside it (`.NAME.lock`), held while the run writes.

The lock is an advisory `flock` on the lock file, so the system releases it when its holder ends, however it ends
(a killed run leaves the file, which the next run takes over and removes). A second run on the same output is
refused with a message naming the first run's process. Where `fcntl` is missing (Windows), or where the lock file
can't be made (a directory that refuses new files: then a new output can't be made either, and the write reports
it), no lock is taken; nor for an output that is not a regular file (`/dev/stdout`).
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path

from .options import BatchUsageError

try:
    import fcntl
except ImportError:  # not on a POSIX system
    fcntl = None  # type: ignore[assignment]


class OutputLocked(BatchUsageError):
    """Another run is writing the same output file."""


def lock_path(path: Path) -> Path:
    """Beside the file itself: two runs that name it through different symlinks still meet at one lock."""
    with suppress(OSError, RuntimeError):  # a symlink loop: the write will say so
        path = path.resolve()
    return path.with_name(f".{path.name}.lock")


@contextmanager
def output_lock(path: Path, option: str = "--out") -> Iterator[None]:
    """Hold the lock of `path` while the block runs; OutputLocked if another process holds it."""
    if fcntl is None or (path.exists() and not path.is_file()):
        yield
        return
    lock = lock_path(path)
    while True:
        try:
            handle = os.open(lock, os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW | os.O_CLOEXEC, 0o644)
        except OSError:
            handle = -1
            break
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            holder = _holder(handle)
            os.close(handle)
            raise OutputLocked(
                f"{option} {path} is being written by another run{holder}: wait for it to end, or choose another "
                f"{option}"
            ) from None
        try:  # the run that held it may have removed the file just before we locked it: lock the file in place
            if os.stat(lock, follow_symlinks=False).st_ino == os.fstat(handle).st_ino:
                break
        except FileNotFoundError:
            pass
        os.close(handle)
    if handle < 0:
        yield
        return
    try:
        with suppress(OSError):
            os.ftruncate(handle, 0)
            os.write(handle, f"{os.getpid()}\n".encode())
        yield
    finally:
        with suppress(OSError):
            os.unlink(lock)  # before the lock is released: a run waiting for it then takes a new file
        os.close(handle)


def _holder(handle: int) -> str:
    with suppress(OSError, ValueError):
        pid = int(os.pread(handle, 32, 0).decode("ascii").strip())
        return f" (process {pid})"
    return ""
