"""`/docs` in a real browser (headless Chromium, tests/browser_support.py): the interactive API reference renders
from the files installed with the package, offline: every request the page makes goes to the desk itself, and the
desk's Content-Security-Policy is not broken."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

import pytest
from browser_support import WAIT_MS, served_desk, shot

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Route


@pytest.fixture(scope="module")
def desk() -> Iterator[str]:
    """The desk served on a free loopback port (browser_support.served_desk)."""
    with served_desk() as url:
        yield url


def test_the_api_reference_renders_offline(browser: Browser, desk: str) -> None:
    from playwright.sync_api import expect

    context = browser.new_context(viewport={"width": 1280, "height": 1000})
    context.set_default_timeout(WAIT_MS)
    elsewhere: list[str] = []

    def offline(route: Route) -> None:  # the machine has no Internet: anything not from the desk would fail here
        if route.request.url.startswith(desk + "/") or route.request.url.startswith("data:"):
            route.continue_()
        else:
            elsewhere.append(route.request.url)
            route.abort()

    context.route("**/*", offline)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.on("console", lambda msg: errors.append(msg.text) if msg.type == "error" else None)
    page.goto(desk + "/docs")
    expect(page.locator(".swagger-ui .info .title")).to_contain_text("combatcheck judge's desk")
    expect(page.locator(".swagger-ui .info .title")).to_contain_text("0.")  # the version, beside the title
    check = page.locator(".opblock-summary-path", has_text="/api/v1/check").first
    expect(check).to_be_visible()
    expect(page.locator(".opblock-summary-description", has_text="Check the declaration").first).to_be_visible()
    check.click()  # the operation opens: its parameters, its request body and its answers
    expect(page.locator(".opblock.is-open .response-col_status", has_text="413").first).to_be_visible()
    expect(page.locator(".opblock.is-open .response-col_status", has_text="503").first).to_be_visible()
    expect(page.locator(".opblock.is-open").get_by_text("application/yaml").first).to_be_attached()
    assert page.locator(".opblock.opblock-deprecated").count() >= 20  # the /api aliases, marked
    rules = page.locator(".opblock", has=page.locator(".opblock-summary-path", has_text="/api/v1/rules")).first
    rules.locator(".opblock-summary").click()  # tried from the page: the desk answers it (connect-src 'self')
    rules.get_by_role("button", name="Try it out").click()
    rules.get_by_role("button", name="Execute").click()
    expect(rules.locator(".live-responses-table tbody .response-col_status").first).to_contain_text("200")
    expect(rules.locator(".live-responses-table")).to_contain_text("509.1c")
    shot(page, "api-reference")
    context.close()
    assert elsewhere == [], elsewhere
    assert errors == [], errors
