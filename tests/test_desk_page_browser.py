"""The desk page in a real browser (issue 23 §1): every word in the chosen language, answers already shown included;
the phone layout; a board shared by a link; the cards on hover or tap; goad, the attack option and attachments built
without YAML. The desk and the page are tests/desk_support.py's; screenshots land in tests/artifacts/."""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from browser_support import WAIT_MS
from combatcheck.cli import app
from combatcheck.desk.page_words import page_words
from combatcheck.models import load_snapshot
from combatcheck.solver import can_block, check, count_declarations
from desk_support import EXAMPLES, add_card, declare, desk, load_file, open_page, page, take_shot
from typer.testing import CliRunner

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

__all__ = ["desk", "page"]  # the fixtures, used by name

# Every element whose box leaves the viewport sideways (the page itself scrolling sideways included).
OVERFLOW = """() => {
  const width = document.documentElement.clientWidth;
  const out = [];
  if (document.documentElement.scrollWidth > width) out.push(`page: ${document.documentElement.scrollWidth} > ${width}`);
  const scrolling = document.scrollingElement.scrollWidth;
  if (scrolling > window.innerWidth) out.push(`scrolling element: ${scrolling} > ${window.innerWidth}`);
  for (const node of document.querySelectorAll("body *")) {
    const box = node.getBoundingClientRect();
    if (box.width === 0 && box.height === 0) continue;
    if (box.right > width + 0.5 || box.left < -0.5) {
      const name = typeof node.className === "string" ? node.className : node.className.baseVal;
      out.push(`${node.tagName.toLowerCase()}#${node.id}.${name} ${Math.round(box.left)}..${Math.round(box.right)}`);
    }
  }
  return out.slice(0, 12);
}"""


def _expect() -> Any:
    from playwright.sync_api import expect

    return expect


def test_every_word_follows_the_language_answers_already_shown_included(page: Page) -> None:
    """A question answered in English is answered again in French and Spanish, as are the verdict, the count, the
    status line and the page's own words; no English page word is left on the French or Spanish page."""
    expect = _expect()
    path = EXAMPLES / "cr-509.1c-menace.yaml"
    snapshot = load_snapshot(path.read_text(encoding="utf-8"))
    load_file(page, path)
    expect(page.locator("#verdict")).to_have_text("ILLEGAL")
    page.select_option("#ask-actor", "bear")
    page.select_option("#ask-target", "brute")
    page.click("#ask")
    expect(page.locator("#answer p").first).to_have_text(can_block(snapshot, "bear", "brute", lang="en").text)
    words = page_words()
    english_only = {w for k, w in words["en"].items() if len(w) >= 12 and w not in (words["fr"][k], words["es"][k])}
    for lang, verdict in (("fr", "ILLÉGAL"), ("es", "ILEGAL"), ("en", "ILLEGAL")):
        page.select_option("#lang", lang)
        expect(page.locator("#verdict")).to_have_text(verdict)
        answer = can_block(snapshot, "bear", "brute", lang=lang).text  # type: ignore[arg-type]
        expect(page.locator("#answer p").first).to_have_text(answer)  # the answer already shown, asked again
        count = count_declarations(snapshot, limit=1000, show=5, lang=lang).text  # type: ignore[arg-type]
        expect(page.locator("#count p").first).to_have_text(count)
        expect(page.locator("#status")).to_have_text(words[lang]["loaded"].replace("{file}", path.name))
        expect(page.locator("#cr-edition")).to_have_text(words[lang]["cr_edition"])
        expect(page.locator("footer")).to_contain_text(words[lang]["fan_content"])
        assert page.title() == words[lang]["title"]
        if lang != "en":  # the Fan Content Policy's notice is also given as Wizards words it, marked as English
            expect(page.locator('#fan-content-en[lang="en"]')).to_be_visible()
            shown = page.locator("body").inner_text().replace(page.locator("#fan-content-en").inner_text(), "")
            assert [w for w in english_only if w in shown] == [], lang
        take_shot(page, f"languages-{lang}")


@pytest.mark.parametrize("width", [360, 390, 430])
def test_phone_layout_wraps_and_declares_by_tapping_the_picture(browser: Browser, desk: str, width: int) -> None:
    """At 360-430 px every permanent is a card of its own whose fields wrap, nothing leaves the screen sideways
    (the board, the answers, the picture, the card details), and a judge declares by tapping the picture."""
    expect = _expect()
    context = browser.new_context(
        locale="fr-FR", viewport={"width": width, "height": 844}, has_touch=True, is_mobile=True, device_scale_factor=2
    )
    context.set_default_timeout(WAIT_MS)
    phone = context.new_page()
    open_page(phone, desk)
    load_file(phone, EXAMPLES / "cards-509.1c-menace.yaml")
    # the phone's language, French; the verdict says what it assumed of Watchdog's -1/-0
    expect(phone.locator("#verdict")).to_have_text(re.compile(r"^ILLÉGAL, "))
    expect(phone.locator("#perms thead")).to_be_hidden()  # no table header: each row names its fields
    expect(phone.locator("#perms tbody tr")).to_have_count(3)
    widths = phone.locator("#perms tbody tr").evaluate_all("rows => rows.map((r) => r.getBoundingClientRect().width)")
    assert widths and max(widths) <= width
    expect(phone.locator('#perms tbody tr[data-id="dog"] td[data-label="Contrôleur"]')).to_have_count(1)
    assert phone.evaluate(OVERFLOW) == []

    def card(object_id: str) -> Any:
        return phone.locator(f'#picture g.panel[data-panel="proposal"] g.card[data-id="{object_id}"]')

    for blocker in ("dog", "bear"):
        card(blocker).tap()
        card("brute").tap()
        expect(phone.locator(f'#perms tbody tr[data-id="{blocker}"] select.declare')).to_have_value("brute")
    expect(phone.locator("#verdict")).to_have_text(re.compile(r"^LÉGAL, "))
    phone.locator('#perms tbody tr[data-id="brute"] .card-info-button').tap()
    expect(phone.locator("#card-info")).to_contain_text("Menace (This creature can't be blocked")
    assert phone.evaluate(OVERFLOW) == []
    take_shot(phone, f"phone-{width}")
    context.close()


def test_desktop_layout_does_not_overflow(page: Page) -> None:
    expect = _expect()
    load_file(page, EXAMPLES / "cards-commander-goad.yaml")
    expect(page.locator("#verdict")).to_have_text("ILLEGAL")
    expect(page.locator("#perms thead")).to_be_visible()
    assert page.evaluate(OVERFLOW) == []
    take_shot(page, "desktop-1280")
    page.set_viewport_size({"width": 1200, "height": 1000})  # docs/desk.png's window: the table needs no scrolling
    load_file(page, EXAMPLES / "cards-509.1c-menace.yaml")
    expect(page.locator("#perms tbody tr")).to_have_count(3)
    wrap = page.locator("#board-editor .table-wrap")
    assert wrap.evaluate("(node) => node.scrollWidth <= node.clientWidth")
    assert page.evaluate(OVERFLOW) == []


def test_a_board_shared_by_its_link_is_restored(page: Page, browser: Browser) -> None:
    """The link holds the board in its fragment (never sent to the server): opened elsewhere, it restores the
    board, its declaration, its language and so its verdict."""
    expect = _expect()
    add_card(page, "Boggart Brute", "ana", attacking="ben")
    add_card(page, "Watchdog", "ben")
    add_card(page, "Grizzly Bears", "ben")
    declare(page, "watchdog", "brute")
    page.select_option("#lang", "es")
    expect(page.locator("#verdict")).to_have_text(re.compile(r"^ILEGAL, "))
    page.click("#share")
    link = page.locator("#share-link")
    expect(link).to_be_visible()
    url = link.input_value()
    assert "#" in url and "board=" in url.split("#", 1)[1]
    assert url.split("#", 1)[0] == page.url.split("#", 1)[0]
    other = browser.new_context(locale="en-US", viewport={"width": 1280, "height": 900})
    opened = other.new_page()
    requests: list[str] = []
    opened.on("request", lambda r: requests.append(r.url))
    open_page(opened, url)
    expect(opened.locator("#perms tbody tr")).to_have_count(3)
    expect(opened.locator('#perms tbody tr[data-id="watchdog"] select.declare')).to_have_value("brute")
    expect(opened.locator("html")).to_have_attribute("lang", "es")
    expect(opened.locator("#verdict")).to_have_text(re.compile(r"^ILEGAL, "))
    expect(opened.locator("#lines")).to_contain_text("702.111b")
    assert not [r for r in requests if "board=" in r]  # the board never went to the server in an address
    # the address bar follows the board: a reload keeps a change made after opening
    declare(opened, "bears", "brute")
    expect(opened.locator("#verdict")).to_have_text(re.compile(r"^LEGAL, "))
    open_page(opened)
    expect(opened.locator('#perms tbody tr[data-id="bears"] select.declare')).to_have_value("brute")
    expect(opened.locator("#verdict")).to_have_text(re.compile(r"^LEGAL, "))
    # the language chosen after opening is the link's too: a reload keeps it, with the board
    opened.select_option("#lang", "fr")
    expect(opened.locator("#verdict")).to_have_text(re.compile(r"^LÉGAL, "))
    expect(opened).to_have_url(re.compile(r"#lang=fr&"))
    open_page(opened)
    expect(opened.locator("html")).to_have_attribute("lang", "fr")
    expect(opened.locator("#lang")).to_have_value("fr")
    expect(opened.locator("#verdict")).to_have_text(re.compile(r"^LÉGAL, "))
    expect(opened.locator('#perms tbody tr[data-id="bears"] select.declare')).to_have_value("brute")
    # restoring is idempotent: the board shown, announced again, is not read again
    parsed = sum("/api/parse" in r for r in requests)
    opened.evaluate("window.dispatchEvent(new HashChangeEvent('hashchange'))")
    opened.select_option("#lang", "fr")  # a round trip through the page's handlers after the event
    expect(opened.locator("#verdict")).to_have_text(re.compile(r"^LÉGAL, "))
    assert sum("/api/parse" in r for r in requests) == parsed
    # the first link opened in this tab (only the fragment changes: no reload) restores its board and language
    opened.goto(url)
    expect(opened.locator("html")).to_have_attribute("lang", "es")
    expect(opened.locator('#perms tbody tr[data-id="bears"] select.declare')).to_have_value("")
    expect(opened.locator("#verdict")).to_have_text(re.compile(r"^ILEGAL, "))
    expect(opened.locator("#lines")).to_contain_text("702.111b")
    other.close()


def test_a_link_that_holds_no_board_is_reported(page: Page, desk: str) -> None:
    expect = _expect()
    open_page(page, f"{desk}#board=z.bm90IGRlZmxhdGU")
    expect(page.locator("#problems")).to_contain_text("This link holds no readable board.")


def test_a_card_shows_its_oracle_text_and_reading_on_hover_and_tap(page: Page) -> None:
    expect = _expect()
    load_file(page, EXAMPLES / "cards-propaganda-lure-block.yaml")
    expect(page.locator("#verdict")).to_have_text("ILLEGAL")
    info = page.locator("#card-info")
    page.locator('#perms tbody tr[data-id="lure"] .card-info-button').hover()
    expect(info).to_be_visible()
    expect(info).to_contain_text("All creatures able to block enchanted creature do so.")  # its Oracle text
    expect(info).to_contain_text("to what it is attached to: “all creatures able to block it do so”")  # as read
    page.mouse.move(0, 0)
    expect(info).to_be_hidden()
    page.locator('#perms tbody tr[data-id="propaganda"] .card-info-button').click()  # a tap pins it
    expect(info).to_contain_text("Applied to other objects")
    page.mouse.move(0, 0)
    expect(info).to_be_visible()
    page.select_option("#lang", "fr")
    expect(info).to_contain_text("Appliqué aux autres objets")  # shown again in the page's language
    page.keyboard.press("Escape")
    expect(info).to_be_hidden()
    take_shot(page, "card-info")


def _saved(page: Page, tmp_path: Path) -> Path:
    with page.expect_download() as download:
        page.click("#save-yaml")
    saved = tmp_path / "board.yaml"
    download.value.save_as(saved)
    return saved


def test_commander_goad_and_attack_option_without_yaml(page: Page, tmp_path: Path) -> None:
    """The four-player goad example built by clicking: the attack option, goad by ticking the goader, Propaganda by
    name; the verdict is the example's, and the file saved is the same board for the CLI."""
    expect = _expect()
    example = load_snapshot((EXAMPLES / "cards-commander-goad.yaml").read_text(encoding="utf-8"))
    report = check(example)
    page.select_option("#step", "declare_attackers")
    page.fill("#players", "ana, ben, cai, dee")
    page.press("#players", "Tab")
    page.select_option("#attack-option", "multiple_players")
    for card, controller in (("Serra Angel", "ana"), ("Goblin Guide", "ana"), ("Wall of Stone", "ana")):
        add_card(page, card, controller)
    add_card(page, "Propaganda", "cai")
    for creature in ("angel", "guide", "stone"):
        page.locator(f'#perms tbody tr[data-id="{creature}"] input[data-player="ben"]').check()
    declare(page, "angel", "ben")
    declare(page, "guide", "dee")
    expect(page.locator("#verdict")).to_have_text(report.verdict.upper())
    for finding in report.violations:
        expect(page.locator("#lines")).to_contain_text(finding.rule)
    expect(page.locator("#lines")).to_contain_text("Serra Angel (angel), goaded by ben")
    saved = load_snapshot(_saved(page, tmp_path).read_text(encoding="utf-8"))
    assert saved.attack_option == "multiple_players"
    assert [v.key for v in check(saved).violations] == [v.key for v in report.violations]
    page.select_option("#attack-option", "chosen")
    page.select_option("#defending-player", "cai")
    expect(page.locator("#lines")).to_contain_text("508.1")  # ben and dee can't be attacked now
    take_shot(page, "goad-by-clicking")


def test_propaganda_and_lure_attached_by_clicking(page: Page, tmp_path: Path) -> None:
    """Issue 21's board as a judge names it: Propaganda on the battlefield and Lure attached to Craw Wurm, built
    by card names and clicks; the verdict is the example's and the CLI's."""
    expect = _expect()
    example = load_snapshot((EXAMPLES / "cards-propaganda-lure-block.yaml").read_text(encoding="utf-8"))
    report = check(example)
    add_card(page, "Craw Wurm", "ana", attacking="ben")
    add_card(page, "Lure", "ana")
    page.locator('#perms tbody tr[data-id="lure"] select.attached').select_option("wurm")
    add_card(page, "Goblin Guide", "ana", attacking="ben")
    for card in ("Propaganda", "Grizzly Bears", "Wall of Stone"):
        add_card(page, card, "ben")
    declare(page, "bears", "guide")
    declare(page, "stone", "wurm")
    expect(page.locator("#verdict")).to_have_text(report.verdict.upper())
    for finding in report.violations:
        expect(page.locator("#lines")).to_contain_text(finding.rule)
    wurm = page.locator('#picture g.panel[data-panel="proposal"] g.card[data-id="wurm"]')
    expect(wurm).to_contain_text("with Lure")
    saved = _saved(page, tmp_path)
    board = load_snapshot(saved.read_text(encoding="utf-8"))
    assert {p.id: p.attached_to for p in board.permanents}["lure"] == "wurm"
    assert [v.key for v in check(board).violations] == [v.key for v in report.violations]
    assert CliRunner().invoke(app, ["check", str(saved)]).exit_code == 1
    take_shot(page, "propaganda-lure-by-clicking")


TRAMPLE_BOARD = """\
step: declare_blockers
active_player: ana
players: [{id: ana, life: 20}, {id: ben, life: 20}]
permanents:
  - {id: wurm, name: Thornwood Wurm, controller: ana, power: 6, toughness: 6, abilities: [trample], attacking: ben}
  - {id: bear, name: Runeclaw Bear, controller: ben, power: 2, toughness: 2}
  - {id: elves, name: Llanowar Elves, controller: ben, power: 1, toughness: 1}
declaration: {blocks: {bear: wurm, elves: wurm}}
"""


def test_the_damage_step_on_the_page(page: Page, tmp_path: Path) -> None:
    """Issue 22 on the desk: "how much can go through to the player?" and "is this damage assignment legal?" for
    the board shown, answered as `combatcheck damage` answers the same timeline, and asked again in French."""
    from combatcheck.desk.card_details import damage_page

    expect = _expect()
    board = tmp_path / "trample.yaml"
    board.write_text(TRAMPLE_BOARD, encoding="utf-8")
    load_file(page, board)
    expect(page.locator("#verdict")).to_have_text("LEGAL")
    expect(page.locator("#damage-box")).to_be_visible()
    answer = page.locator("#damage-answer")
    page.click("#damage-ranges")
    expect(answer).to_contain_text("ben can be assigned 0 to 3 combat damage by Thornwood Wurm (wurm)")

    def amount(source: str, recipient: str) -> Any:
        return page.locator(f'input.damage-amount[data-source="{source}"][data-recipient="{recipient}"]')

    amount("wurm", "bear").fill("1")
    amount("wurm", "ben").fill("5")
    amount("wurm", "ben").press("Tab")
    page.click("#damage-check")
    expect(answer.locator(".verdict")).to_have_text("ILLEGAL ASSIGNMENT")
    expect(answer).to_contain_text("702.19b")
    timeline = TRAMPLE_BOARD.replace(
        "declaration: {blocks: {bear: wurm, elves: wurm}}",
        "events:\n  - declare_blockers: {blocks: {bear: [wurm], elves: [wurm]}}\n"
        "  - assign_combat_damage: {wurm: {bear: 1, elves: 0, ben: 5}}",
    )
    for lang in ("en", "fr"):
        expected = damage_page(load_snapshot(timeline), lang, ranges=False).lines
        page.select_option("#lang", lang)
        expect(answer.locator("li").last).to_have_text(expected[-1].strip())
        shown = answer.locator("li").all_inner_texts()
        assert shown == [line.strip().removeprefix("- ") for line in expected], lang
    expect(answer.locator(".verdict")).to_have_text("ASSIGNATION ILLÉGALE")
    take_shot(page, "damage-illegal-fr")
    page.select_option("#lang", "en")
    expect(answer.locator(".verdict")).to_have_text("ILLEGAL ASSIGNMENT")  # asked again in English, form redrawn
    for recipient, value in (("bear", "2"), ("elves", "1"), ("ben", "3")):
        amount("wurm", recipient).fill(value)
    amount("wurm", "ben").press("Tab")
    page.click("#damage-check")
    expect(answer.locator(".verdict")).to_have_text("LEGAL ASSIGNMENT")
    expect(answer).to_contain_text("ben")
