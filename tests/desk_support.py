"""The desk page served for browser tests: the desk on a free loopback port, a page in headless Chromium (the browser
and its skipping rules are tests/browser_support.py's), and the helpers that build a board the way a judge does."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from browser_support import WAIT_MS, served_desk, shot

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

EXAMPLES = Path(__file__).parent.parent / "examples"


@pytest.fixture(scope="module")
def desk() -> Iterator[str]:
    """The desk served on a free loopback port (browser_support.served_desk)."""
    with served_desk() as url:
        yield url + "/"


@pytest.fixture
def page(browser: Browser, desk: str) -> Iterator[Page]:
    context = browser.new_context(locale="en-US", viewport={"width": 1280, "height": 1000}, accept_downloads=True)
    context.set_default_timeout(WAIT_MS)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.on("console", lambda msg: errors.append(msg.text) if msg.type == "error" else None)
    expected = ("status of 400", "status of 422")  # the API's answer to bad input, shown on the page
    open_page(page, desk)
    yield page
    context.close()
    assert [e for e in errors if not any(x in e for x in expected)] == [], errors


def open_page(page: Page, url: str | None = None) -> None:
    """Load the page (or reload it) and wait until it has started: until then it redraws its editor when its words
    arrive, which would drop what a test types or clicks."""
    if url is None:
        page.reload()
    else:
        page.goto(url)
    page.wait_for_selector("body[data-ready]", state="attached")


def load_file(page: Page, path: Path) -> None:
    """Load a snapshot file with the page's Load button and wait until the page says it loaded it: until then a
    board restored from the link, or the one shown before, is on the page, and the file's board would replace
    what a test clicks."""
    from playwright.sync_api import expect

    page.set_input_files("#load", str(path))
    expect(page.locator("#status")).to_contain_text(path.name)


def take_shot(page: Page, name: str) -> None:
    shot(page, name)


def add_card(page: Page, card: str, controller: str, attacking: str | None = None) -> None:
    page.click("#add")
    name = page.locator("#perms tbody tr").last.locator("input.card-name")
    name.press_sequentially(card[:12])
    from playwright.sync_api import expect

    expect(page.locator(f'#card-options option[value="{card}"]')).to_have_count(1)  # completion offered it
    name.fill(card)
    name.press("Tab")
    row = page.locator("#perms tbody tr").last
    row.locator("select.controller").select_option(controller)
    if attacking is not None:
        page.locator("#perms tbody tr").last.locator("select.attacking").select_option(attacking)


def declare(page: Page, row_id: str, value: str) -> None:
    page.locator(f'#perms tbody tr[data-id="{row_id}"] select.declare').select_option(value)
