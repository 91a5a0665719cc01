"""Regenerate docs/desk.png and docs/desk-phone.png: the desk page on the CR 509.1c example with the illegal block
(Watchdog alone against menace), in a 1200 x 1000 window of Debian's Chromium, and on a 390 px phone (the top of the
page: the board as rows of cards, then the verdict and the picture to tap). Run: python scripts/desk_screenshot.py"""

from __future__ import annotations

import socket
import threading
import time
from pathlib import Path

import uvicorn
from combatcheck.desk.app import create_app
from playwright.sync_api import expect, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]  # fmt: skip


def main() -> None:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(create_app(), host="127.0.0.1", port=port, log_level="warning"))
    threading.Thread(target=server.run, daemon=True).start()
    while not server.started:
        time.sleep(0.05)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
        for name, viewport, phone in (("desk", (1200, 1000), False), ("desk-phone", (390, 1700), True)):
            page = browser.new_page(
                locale="en-US",
                viewport={"width": viewport[0], "height": viewport[1]},
                is_mobile=phone,
                has_touch=phone,
            )
            page.goto(f"http://127.0.0.1:{port}/")
            page.wait_for_selector("body[data-ready]", state="attached")  # started: its editor won't be redrawn now
            page.set_input_files("#load", str(ROOT / "examples" / "cards-509.1c-menace.yaml"))
            page.locator('#perms tbody tr[data-id="dog"] select.declare').select_option("brute")
            expect(page.locator("#lines")).to_contain_text("702.111b")
            page.screenshot(path=str(ROOT / "docs" / f"{name}.png"))
            page.close()
        browser.close()
    server.should_exit = True


if __name__ == "__main__":
    main()
