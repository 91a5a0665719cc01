"""The two endpoints the desk page adds (issue 23 §1, issue 22): a card's Oracle text and reading (`GET /api/v1/card`)
and the page's combat damage step (`POST /api/v1/damage-page`), each answering as the library does. Every answer is
checked against the OpenAPI description by tests/conftest.py."""

from __future__ import annotations

import pytest
from combatcheck.cards.lookup import find_card
from combatcheck.combat.damage_report import damage_report, report_lines
from combatcheck.desk.app import create_app
from combatcheck.models import load_snapshot
from fastapi.testclient import TestClient

TRAMPLE = """\
step: declare_blockers
active_player: ana
players: [ana, ben]
permanents:
  - {id: wurm, controller: ana, power: 6, toughness: 6, abilities: [trample], attacking: ben}
  - {id: bear, controller: ben, power: 2, toughness: 2}
declaration: {blocks: {bear: wurm}}
"""


@pytest.fixture(scope="module")
def client() -> TestClient:
    return TestClient(create_app(), base_url="http://127.0.0.1", raise_server_exceptions=False)


def test_a_card_reading_names_its_oracle_text_and_abilities_in_the_language(client: TestClient) -> None:
    english = client.get("/api/v1/card", params={"name": "Boggart Brute"})
    assert english.status_code == 200, english.text
    body = english.json()
    assert body["card"] == "Boggart Brute" and body["oracle_text"] == find_card("Boggart Brute").text
    assert body["abilities"] == ["menace"]
    french = client.get("/api/v1/card", params={"name": "Boggart Brute", "lang": "fr"}).json()
    assert french["abilities"] == ["menace"] and french["oracle_text"] == body["oracle_text"]  # Oracle: English
    flying = client.get("/api/v1/card", params={"name": "Serra Angel", "lang": "fr"}).json()
    assert "vol" in flying["abilities"] and "vigilance" in flying["abilities"]


def test_an_unknown_card_is_a_404_naming_the_field(client: TestClient) -> None:
    answer = client.get("/api/v1/card", params={"name": "No Such Card Anywhere"})
    assert answer.status_code == 404
    assert answer.json()["problems"][0]["path"] == "name"


@pytest.mark.parametrize("lang", ["en", "fr", "es"])
def test_the_damage_page_answers_as_combatcheck_damage(client: TestClient, lang: str) -> None:
    answer = client.post(
        "/api/v1/damage-page", content=TRAMPLE, params={"lang": lang}, headers={"Content-Type": "application/yaml"}
    )
    assert answer.status_code == 200, answer.text
    report, timeline, followed = damage_report(load_snapshot(TRAMPLE), lang=lang, want_ranges=True)  # type: ignore[arg-type]
    assert answer.json()["lines"] == report_lines(report, timeline, followed)
    assert answer.json()["report"]["asked"] is True


def test_the_damage_page_refuses_a_board_it_cannot_read(client: TestClient) -> None:
    answer = client.post("/api/v1/damage-page", content="step: [", headers={"Content-Type": "application/yaml"})
    assert answer.status_code in (400, 422)
    assert "error" in answer.json() and "problems" in answer.json()
