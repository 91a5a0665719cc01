"""Card identity for Arena logs: `cards import` keeps Arena ids from the files that carry them, and the importer
reads non-keyword ability ids through the card's Oracle text."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from arena_logs import LogWriter, card
from combatcheck.cards.db import CardDatabase
from combatcheck.cards.importer import import_file
from combatcheck.importers.arena import ImportOptions, import_logs
from combatcheck.importers.arena.cards import card_lookup

BRUTE = {
    "name": "Hulking Brute",
    "types": ["Creature"],
    "subtypes": ["Ogre"],
    "colors": ["R"],
    "power": "4",
    "toughness": "4",
    "text": "Hulking Brute can't block.",
    "layout": "normal",
}
WARDEN = {
    "name": "Gate Warden",
    "types": ["Creature"],
    "subtypes": ["Human"],
    "colors": ["W"],
    "power": "1",
    "toughness": "1",
    "text": "Creatures your opponents control can't block.",
    "layout": "normal",
}


def printing(face: dict[str, Any], arena_id: int | None, uuid: str) -> dict[str, Any]:
    ids = {"scryfallId": uuid} | ({"mtgArenaId": str(arena_id)} if arena_id else {})
    return face | {"uuid": uuid, "identifiers": ids}


FILES: dict[str, Any] = {
    "AllPrintings.json": {
        "meta": {"version": "5.2.2"},
        "data": {
            "AAA": {"name": "Set A", "cards": [printing(BRUTE, 90001, "u1"), printing(WARDEN, None, "u2")]},
            "BBB": {"name": "Set B", "cards": [printing(BRUTE, 90002, "u3"), printing(WARDEN, 90003, "u4")]},
        },
    },
    "AllIdentifiers.json": {
        "meta": {"version": "5.2.2"},
        "data": {
            "u1": printing(BRUTE, 90001, "u1"),
            "u3": printing(BRUTE, 90002, "u3"),
            "u4": printing(WARDEN, 90003, "u4"),
        },
    },
    "default-cards.json": [
        {
            "object": "card",
            "name": "Hulking Brute",
            "arena_id": 90001,
            "layout": "normal",
            "type_line": "Creature — Ogre",
            "oracle_text": BRUTE["text"],
            "power": "4",
            "toughness": "4",
            "colors": ["R"],
        },
        {
            "object": "card",
            "name": "Hulking Brute",
            "arena_id": 90002,
            "layout": "normal",
            "type_line": "Creature — Ogre",
            "oracle_text": BRUTE["text"],
            "power": "4",
            "toughness": "4",
            "colors": ["R"],
        },
        {
            "object": "card",
            "name": "Gate Warden",
            "arena_id": 90003,
            "layout": "normal",
            "type_line": "Creature — Human",
            "oracle_text": WARDEN["text"],
            "power": "1",
            "toughness": "1",
            "colors": ["W"],
        },
    ],
}


@pytest.mark.parametrize("name", sorted(FILES))
def test_cards_import_keeps_arena_ids(tmp_path: Path, name: str) -> None:
    source = tmp_path / name
    source.write_text(json.dumps(FILES[name]), encoding="utf-8")
    db, written = import_file(source, tmp_path / "cards.json.gz")
    assert db.arena_ids == {90001: "Hulking Brute", 90002: "Hulking Brute", 90003: "Gate Warden"}
    reread = CardDatabase.from_bytes(written.read_bytes(), str(written))
    face = reread.find_arena(90003)
    assert face is not None and face.name == "Gate Warden"
    assert reread.find_arena(12345) is None


def test_the_importer_names_cards_and_reads_their_text(tmp_path: Path) -> None:
    source = tmp_path / "AllPrintings.json"
    source.write_text(json.dumps(FILES["AllPrintings.json"]), encoding="utf-8")
    db, _ = import_file(source, tmp_path / "cards.json.gz")
    lookup = card_lookup(db)
    assert lookup is not None
    log = LogWriter(owner=1)
    brute = card(101, 2, grp=90002, abilities=(170001,), attacking=1)  # the card's own "can't block" ability id
    warden = card(102, 2, grp=90003, abilities=(170002,))
    log.state(turn=4, active=2, phase="Phase_Combat", step="Step_DeclareBlock",
              objects=(brute, warden, card(201, 1, grp=55555, abilities=(170003,))), full=True,
              match_id="m-1")  # fmt: skip
    log.state(turn=4, active=2, phase="Phase_Combat", step="Step_CombatDamage")
    (tmp_path / "Player.log").write_text(log.text())
    out = tmp_path / "records.jsonl"
    import_logs([tmp_path / "Player.log"], out, ImportOptions(lookup=lookup))
    (record,) = [json.loads(line) for line in out.read_text().splitlines()]
    permanents = {p["id"]: p for p in record["permanents"]}
    assert permanents["i101"]["name"] == "Hulking Brute" and permanents["i101"]["abilities"] == ["cant_block"]
    problems = {(p["kind"], tuple(p.get("objects", ()))): p for p in record["fidelity"]["problems"]}
    assert ("unread_text", ("i102",)) in problems  # an effect on other creatures: named, not silently dropped
    assert problems[("unknown_abilities", ("i201",))]["ids"] == [170003]  # not in the database
    assert ("unknown_abilities", ("i101",)) not in problems


def test_no_lookup_without_arena_ids() -> None:
    assert card_lookup(CardDatabase(cards={})) is None
