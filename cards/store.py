"""Replacing the card database file safely: the new file is complete and checked before it takes the old one's place.

The bytes go to an unnamed file in the same directory (Linux's O_TMPFILE; elsewhere a fresh file created exclusively
under a random name, so a symlink planted at a predictable path is never followed), are flushed to disk, read back
and checked, then given a name and renamed over the old file in one step. If anything fails or the process is
interrupted (an exception, Ctrl-C, SIGTERM made into an exception by the command), nothing is left and the old
database is untouched. A process killed outright (SIGKILL, power loss) leaves nothing either where O_TMPFILE works
(an unnamed file vanishes with its process), except in the instant between naming and renaming; elsewhere the next
write removes the leftover. Writes are serialised by a lock on the directory itself, so no lock file is left beside
the database. The file is created with the mode the umask gives (0666 & ~umask), as other files are.

An error names the path that failed (the cache folder, the temporary file, the database), not the input.
"""

from __future__ import annotations

import errno
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
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with _writing(path):
            _write(path, data, check)
    except OSError as exc:
        if exc.filename is None:  # a failed write (a full disk): the file being written is the database
            raise OSError(exc.errno, exc.strerror, str(path)) from None
        raise


def _write(path: Path, data: bytes, check: Callable[[Path], object]) -> None:
    fd = _unnamed(path.parent)
    if fd is None:
        fd, name = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
        os.fchmod(fd, 0o666 & ~_umask())
    else:
        name = ""
    temporary = Path(name) if name else path.with_name(f".{path.name}.{os.urandom(6).hex()}.tmp")
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
            if not name:  # named only now, checked under that name, then renamed at once
                _name(handle.fileno(), temporary)
        check(temporary)
        os.replace(temporary, path)
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise


def _unnamed(folder: Path) -> int | None:
    """An unnamed file in `folder` (O_TMPFILE), or None where the system or the file system has none."""
    flag = getattr(os, "O_TMPFILE", None)
    if flag is None or not Path("/proc/self/fd").is_dir():
        return None
    try:
        return os.open(folder, flag | os.O_WRONLY, 0o666)  # the umask applies, as to any new file
    except OSError as exc:
        if exc.errno in (errno.EOPNOTSUPP, errno.EISDIR, errno.EINVAL, errno.ENOENT):
            return None  # a file system without O_TMPFILE
        raise


def _name(fd: int, path: Path) -> None:
    """Give the unnamed file `fd` the name `path` (linkat through /proc, following the descriptor's link)."""
    proc = os.open("/proc/self/fd", os.O_RDONLY)
    folder = os.open(path.parent, os.O_RDONLY)
    try:
        os.link(str(fd), path.name, src_dir_fd=proc, dst_dir_fd=folder, follow_symlinks=True)
    except OSError as exc:
        raise OSError(exc.errno, exc.strerror, str(path)) from None
    finally:
        os.close(proc)
        os.close(folder)


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


@contextmanager
def _writing(path: Path) -> Iterator[None]:
    """One write to `path` at a time (a lock on its directory); leftovers of killed writes are removed first."""
    if fcntl is None:
        for leftover in temporary_names(path):
            if time.time() - leftover.lstat().st_mtime > LEFTOVER_AGE:
                leftover.unlink(missing_ok=True)
        yield
        return
    lock = os.open(path.parent, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    try:
        fcntl.flock(lock, fcntl.LOCK_EX)
        for leftover in [*temporary_names(path), path.with_name(f".{path.name}.lock")]:
            leftover.unlink(missing_ok=True)  # and the lock file earlier versions left
        yield
    finally:
        os.close(lock)  # closing releases the lock
