"""Headless Chromium (Debian's package) driven by Playwright, shared by the browser tests (the desk, the report).

Skipped when Chromium or Playwright is missing, unless COMBATCHECK_BROWSER_TESTS=required (as .ci/run sets it), so
CI can't pass without running them. Screenshots are kept in tests/artifacts/ (not committed).
"""

from __future__ import annotations

import os
import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

CHROMIUM = Path("/usr/bin/chromium")
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
ARTIFACTS = Path(__file__).parent / "artifacts"
# How long the browser may take to start, a page to answer, an expectation to come true: bounds that only a stall
# reaches, on a slow and busy machine too (Playwright's own are 5 s for `expect`, 30 s for actions and the launch).
LAUNCH_MS = 120_000
WAIT_MS = 60_000


def _missing() -> str | None:
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "Playwright is not installed (pip install -e '.[test]')"
    if not CHROMIUM.exists():
        return f"{CHROMIUM} is missing (apt-get install chromium)"
    return None


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    reason = _missing()
    if reason is not None:
        if os.environ.get("COMBATCHECK_BROWSER_TESTS") == "required":
            pytest.fail(f"browser tests are required here: {reason}")
        pytest.skip(reason)
    from playwright.sync_api import expect, sync_playwright

    expect.set_options(timeout=WAIT_MS)
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), args=ARGS, timeout=LAUNCH_MS)
        yield chromium
        chromium.close()


def shot(page: Page, name: str) -> None:
    """Keep a full-page screenshot in tests/artifacts/NAME.png."""
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)


@contextmanager
def served_desk() -> Iterator[str]:
    """The desk served by uvicorn in a thread on a free loopback port; yields its base URL (no trailing slash).

    The server gets the bound socket itself: a port found free and closed again could be taken by another program
    (another test run on the machine) before the server binds it."""
    import uvicorn
    from combatcheck.desk.app import create_app

    listening = socket.socket()
    listening.bind(("127.0.0.1", 0))
    port = listening.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(create_app(), host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [listening]}, daemon=True)
    thread.start()
    try:
        deadline = time.monotonic() + 120  # a bound for a stall only
        while not server.started:
            assert thread.is_alive() and time.monotonic() < deadline, "the desk did not start"
            time.sleep(0.05)
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(timeout=30)
        listening.close()
