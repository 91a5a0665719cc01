"""`combatcheck cards update`: download MTGJSON's current AtomicCards file, check it against its published SHA-256,
and import it (French and Spanish names, every card printed so far).

The file is `AtomicCards.json.gz` at SOURCE_URL (or the URL of `--source`, or of $COMBATCHECK_CARDS_URL: a mirror),
its checksum the text file at the same URL plus `.sha256`, as MTGJSON publishes them. The download goes to an
unnamed temporary file in the cache folder, bounded like an import (card_file.MAX_IMPORT_BYTES). Nothing replaces
the database in use unless the whole file arrived, its SHA-256 is the published one, and the import reads every
card (importer.py, store.py): a server error, a cut download, a checksum mismatch or a refused file leave it as it
was.
"""

from __future__ import annotations

import hashlib
import http.client
import os
import re
import tempfile
import urllib.error
import urllib.request
from collections.abc import Callable
from pathlib import Path
from typing import IO
from urllib.parse import urlsplit

from . import card_file
from .db import CardDatabase, cache_dir
from .importer import import_file

SOURCE_URL = "https://mtgjson.com/api/v5/AtomicCards.json.gz"
SOURCE_ENV = "COMBATCHECK_CARDS_URL"
TIMEOUT = 60.0  # seconds without a byte from the server
CHUNK = 256 * 1024
_DIGEST = re.compile(r"[0-9a-fA-F]{64}")

Progress = Callable[[int, int | None], None]  # bytes received so far, bytes expected (None if the server didn't say)


class UpdateProblem(ValueError):
    """The update can't be done; the card database in use is as it was."""


def source_url(option: str | None) -> str:
    """The URL to download: the option, else $COMBATCHECK_CARDS_URL, else MTGJSON's."""
    url = option or os.environ.get(SOURCE_ENV) or SOURCE_URL
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.netloc:
        raise UpdateProblem(f"{url}: not an http or https URL")
    return url


def _open(url: str) -> http.client.HTTPResponse:
    request = urllib.request.Request(url, headers={"User-Agent": "combatcheck (cards update)"})
    try:
        response: http.client.HTTPResponse = urllib.request.urlopen(request, timeout=TIMEOUT)
    except urllib.error.HTTPError as exc:
        raise UpdateProblem(f"{url}: the server answered {exc.code} {exc.reason}") from None
    except urllib.error.URLError as exc:
        raise UpdateProblem(f"{url}: can't be reached ({_reason(exc.reason)})") from None
    except TimeoutError:
        raise UpdateProblem(f"{url}: no answer within {TIMEOUT:.0f} seconds") from None
    except (OSError, http.client.HTTPException) as exc:
        raise UpdateProblem(f"{url}: can't be reached ({_reason(exc)})") from None
    return response


def _reason(reason: object) -> str:
    return getattr(reason, "strerror", None) or str(reason) or type(reason).__name__


def published_digest(url: str) -> str:
    """The SHA-256 published beside the file (`URL.sha256`: the hex digest, maybe followed by a file name)."""
    checksum_url = f"{url}.sha256"
    with _open(checksum_url) as response:
        try:
            text = response.read(4096).decode("ascii", "replace")
        except (OSError, http.client.HTTPException) as exc:
            raise UpdateProblem(f"{checksum_url}: the download failed ({_reason(exc)})") from None
    found = _DIGEST.match(text.strip())
    if found is None:
        raise UpdateProblem(f"{checksum_url}: not a SHA-256 checksum")
    return found.group().lower()


def download(url: str, into: IO[bytes], progress: Progress | None = None) -> str:
    """The file at `url` written to `into`; its SHA-256. A cut download or a file past the bound is refused."""
    digest = hashlib.sha256()
    received = 0
    limit = card_file.MAX_IMPORT_BYTES
    with _open(url) as response:
        length = response.getheader("Content-Length")
        expected = int(length) if length and length.isdigit() else None
        if expected is not None and expected > limit:
            raise UpdateProblem(f"{url}: {expected:,} bytes, more than the {limit:,} an import reads")
        try:
            while chunk := response.read(CHUNK):
                received += len(chunk)
                if received > limit:
                    raise UpdateProblem(f"{url}: more than the {limit:,} bytes an import reads")
                digest.update(chunk)
                into.write(chunk)
                if progress is not None:
                    progress(received, expected)
        except http.client.IncompleteRead:
            raise UpdateProblem(_cut(url, received, expected)) from None
        except TimeoutError:
            raise UpdateProblem(
                f"{url}: the download stopped ({received:,} bytes, then nothing for {TIMEOUT:.0f} seconds)"
            ) from None
        except (OSError, http.client.HTTPException) as exc:
            raise UpdateProblem(f"{url}: the download failed after {received:,} bytes ({_reason(exc)})") from None
    if expected is not None and received < expected:
        raise UpdateProblem(_cut(url, received, expected))
    return digest.hexdigest()


def _cut(url: str, received: int, expected: int | None) -> str:
    of = f" of {expected:,}" if expected is not None else ""
    return f"{url}: the download was cut off after {received:,}{of} bytes"


def update(url: str, progress: Progress | None = None, target: Path | None = None) -> tuple[CardDatabase, Path]:
    """Download, verify and import the card file at `url`; UpdateProblem (or ImportProblem) leaves the old one."""
    expected = published_digest(url)
    folder = target.parent if target is not None else cache_dir()
    folder.mkdir(parents=True, exist_ok=True)
    name = Path(urlsplit(url).path).name or "AtomicCards.json.gz"
    with tempfile.TemporaryFile(dir=folder, prefix=".update.", suffix=".download") as handle:
        got = download(url, handle, progress)
        if got != expected:
            raise UpdateProblem(
                f"{url}: SHA-256 {got} is not the published {expected}; nothing was imported, the card database "
                "is as it was"
            )
        handle.flush()
        handle.seek(0)
        return import_file(_path_of(handle), target, name=name)


def _path_of(handle: IO[bytes]) -> Path:
    """A path that opens the (unnamed) temporary file."""
    for folder in ("/proc/self/fd", "/dev/fd"):
        candidate = Path(folder) / str(handle.fileno())
        if candidate.exists():
            return candidate
    named = getattr(handle, "name", None)
    if isinstance(named, str):
        return Path(named)
    raise UpdateProblem("this system gives no path to a temporary file")  # never on Linux or macOS
