"""Boards that make every catalog message speak, with every kind of term a message can name: filters of every
field, every protection quality, every landwalk, effects with and without a source, counts of one and more, costs
that are not mana. Used by the translation tests (`test_translations.py`)."""

from __future__ import annotations

from typing import Any

from combatcheck.models import Snapshot
from combatcheck.models.abilities import Keyword
from combatcheck.models.characteristics import CardType, Color
from helpers import attack_board, attacker, blocker, board, creature

COLORS = [c.value for c in Color]
CARD_TYPES = [t.value for t in CardType]
KEYWORDS = [k.value for k in Keyword]  # every keyword and fixed text a filter can name

# One filter per field, and combinations that French and Spanish must make agree.
FILTERS: list[dict[str, Any]] = [
    {},
    {"names": ["Grizzly Bears", "Llanowar Elves"]},
    *({"colors": [c]} for c in COLORS),
    {"colors": ["R", "G"]},
    {"colorless": True},
    {"colorless": False},
    {"multicolored": True},
    {"multicolored": False},
    *({"types": [t]} for t in CARD_TYPES),
    {"types": ["artifact", "enchantment"]},
    {"subtypes": ["wall"]},
    {"subtypes": ["goblin", "beast"]},
    {"subtypes": ["kor"]},  # a type outside the vocabulary: named as written
    {"supertypes": ["legendary"]},
    {"supertypes": ["snow", "basic", "world"]},
    {"abilities": ["flying", "reach"]},
    *({"abilities": [k]} for k in KEYWORDS),
    {"power_at_most": 2},
    {"power_at_least": 3},
    {"toughness_at_most": 1},
    {"toughness_at_least": 4},
    {"power_greater_than_this": True},
    {"power_greater_than_this": False},
    {"power_less_than_this": True},
    {"power_less_than_this": False},
    {"controller": "ben"},
    {"tapped": True},
    {"tapped": False},
    {"not": {"colors": ["B"]}},
    {"not": {"types": ["artifact"]}},
    {"not": {"subtypes": ["spirit"]}},
    {"not": {"abilities": ["flying"], "power_at_least": 2}},
    {"any_of": [{"types": ["artifact"]}, {"colors": ["B"]}]},
    {"any_of": [{"subtypes": ["wall"]}, {"abilities": ["reach"]}], "tapped": False},
    {"types": ["artifact"], "subtypes": ["golem"], "colors": ["W"], "supertypes": ["legendary"], "tapped": True},
]

QUALITIES: list[Any] = [
    *COLORS,
    *CARD_TYPES,
    "everything",
    "multicolored",
    "monocolored",
    "colorless",
    {"subtypes": ["dragon"]},
    {"controller": "ben"},
]

LANDWALKS: list[Any] = [
    "plains",
    "island",
    "swamp",
    "mountain",
    "forest",
    "desert",
    "legendary",
    "snow",
    "nonbasic",
    {"supertype": "snow", "subtype": "swamp"},
    {"subtype": "lair"},  # outside the vocabulary
]

# A blocker that every filter above matches and one that none matches, so each filter rule speaks.
_EVERYTHING = {
    "name": "Grizzly Bears",
    "types": ["creature", "artifact", "enchantment", "land"],
    "subtypes": ["wall", "goblin", "golem", "forest", "kor", "spirit"],
    "supertypes": ["legendary", "snow", "basic"],
    "colors": ["W", "R", "G"],
    "power": 5,
    "toughness": 5,
    "abilities": ["flying", "reach"],
    "tapped": False,
}


def _filter_boards(flt: dict[str, Any]) -> list[Snapshot]:
    """Blocks and attacks that every filter rule judges with `flt`: an ability of each kind on an attacker or a
    blocker; matching and non-matching creatures on both sides."""
    match = {**_EVERYTHING, "id": "m", "controller": "ben"}
    other = blocker("o", power=0, toughness=1)
    land = {"id": "isle", "controller": "ben", "types": ["land"], "subtypes": ["island"], "tapped": True}
    abilities = [
        {"cant_be_blocked_by": flt},
        {"cant_be_blocked_except_by": flt},
        {"cant_be_blocked_while_defender_controls": flt},
    ]
    boards = [board(attacker(f"a{i}", ability), match, other, land, blocks={}) for i, ability in enumerate(abilities)]
    boards.append(
        board(
            attacker("a", power=1),
            blocker("b", {"cant_block": flt}, {"can_block_only": flt}, {"cant_block_unless_also_blocking": flt}),
            match,
            other,
            blocks={"b": "a"},
        )
    )
    boards.append(
        attack_board(
            creature("c", {"cant_attack_unless_defender_controls": flt}, {"cant_attack_unless_also_attacking": flt}),
            creature("d", power=0),
            attacks={"c": "ben"},
        )
    )
    boards.append(board(attacker("p", {"protection_from": [flt]}), match, blocks={"m": "p"}))
    return boards


def wording_boards() -> list[Snapshot]:
    out: list[Snapshot] = []
    for flt in FILTERS:
        out += _filter_boards(flt)
    everyone = [blocker(f"b{c}", colors=[c]) for c in COLORS]
    everyone += [blocker(f"t{t}", types=[t, "creature"]) for t in CARD_TYPES if t not in ("creature", "battle")]
    everyone += [blocker("tbattle", types=["battle", "creature"], protector="ana")]
    everyone += [blocker("multi", colors=["W", "U"]), blocker("none")]
    out += [board(attacker(f"q{i}", {"protection_from": q}), *everyone, blocks={}) for i, q in enumerate(QUALITIES)]
    lands = [
        {"id": f"l{i}", "controller": "ben", "types": ["land"], "subtypes": [s], "supertypes": sup}
        for i, (s, sup) in enumerate(
            [
                ("plains", ["basic"]),
                ("island", ["basic"]),
                ("swamp", ["snow"]),
                ("mountain", []),
                ("forest", []),
                ("desert", ["legendary"]),
                ("lair", []),
            ]
        )
    ]
    for i, walk in enumerate(LANDWALKS):
        out.append(board(attacker(f"w{i}", {"landwalk": walk}), blocker("b"), *lands, blocks={"b": f"w{i}"}))
    for n in (0, 1, 2, 1_000_000):  # French "one" holds 0 and 1; whole millions are "many" in French and Spanish
        m = max(n, 1)  # abilities count from 1
        out.append(
            board(
                attacker("a", {"max_blockers": m}),
                blocker("b1", {"can_block_additional": m}),
                blocker("b2", {"cant_block_unless_others_block": m}),
                effects=[{"max_blockers": n}, {"max_blockers": n, "source": "arbiter"}],
                blocks={"b1": "a", "b2": "a"},
            )
        )
        out.append(
            attack_board(
                creature("c1", {"cant_attack_unless_others_attack": m}),
                creature("c2"),
                effects=[{"max_attackers": n}, {"max_attackers_against": "ben", "count": n}],
                attacks={"c1": "ben", "c2": "ben"},
            )
        )
    out += [
        board(
            attacker("a"),
            blocker("b", {"block_cost": "{1}{W}"}, {"block_cost": "Sacrifice a land"}),
            effects=[{"block_cost": "{2}"}, {"block_cost": "{1}", "source": "tax"}],
            blocks={"b": "a"},
        ),
        attack_board(
            creature("c", {"attack_cost": "{2}"}),
            creature("d"),
            effects=[
                {"attack_cost": "{1}", "defender": "ben"},
                {"attack_cost": "{1}", "defender": "ben", "source": "prison"},
            ],
            attacks={"c": "ben", "d": "ben"},
        ),
        # 509.1a and 508.1a forms the catalog cases may not reach
        board(attacker("a"), blocker("b", phased_out=True), blocks={"b": "a"}),
        board(
            attacker("a", "shadow"),
            attacker("s", "shadow"),
            blocker("b"),
            blocker("sb", "shadow"),
            blocks={"sb": "a", "b": "s"},
        ),
        attack_board(
            creature("c", phased_out=True),
            creature("bt", types=["creature", "battle"], protector="ben"),
            {"id": "rock", "controller": "ana", "types": ["artifact"]},
            creature("sick", entered_this_turn=True),
            attacks={"c": "ben", "bt": "ben", "rock": "ben", "sick": "ben"},
        ),
        attack_board(
            creature("c1", "banding"), creature("c2"), creature("c3"), attacks={"c1": "ben"}, bands=[["c1", "c2", "c3"]]
        ),
    ]
    return out
