"""Every catalog entry has a legal and an illegal case, and every illegal case names that entry."""

from __future__ import annotations

import inspect
from dataclasses import dataclass
from typing import Any

import pytest
from combatcheck.models import Snapshot
from combatcheck.models.abilities import NO_DECLARATION_EFFECT, PARAMETERIZED, TRIGGER_KEYWORDS, Keyword
from combatcheck.models.trigger_abilities import TRIGGER_PARAMETERIZED
from combatcheck.solver import check, compile_snapshot, evaluate
from combatcheck.solver.ir import Pair
from combatcheck.solver.rules import CATALOG
from helpers import attack_board, attacker, blocker, board, creature


@dataclass
class Case:
    rule: str
    legal: bool
    snapshot: Snapshot
    note: str
    names: str  # the catalog entry the illegal verdict must name


def case(rule: str, legal: bool, note: str, *perms: dict[str, Any], names: str = "", **kw: Any) -> Case:
    return Case(rule, legal, board(*perms, **kw), note, names or rule)


FOREST = {"id": "forest", "controller": "ben", "types": ["land"], "supertypes": ["basic"], "subtypes": ["forest"]}
SNOW_FOREST = {"id": "sforest", "controller": "ben", "types": ["land"], "supertypes": ["snow"], "subtypes": ["forest"]}

CASES: list[Case] = [
    # 509.1a
    case("untapped_creature_blocks", True, "untapped creature blocks", attacker("a"), blocker("b"), blocks={"b": "a"}),
    case(
        "untapped_creature_blocks",
        False,
        "tapped creature blocks",
        attacker("a"),
        blocker("b", tapped=True),
        blocks={"b": "a"},
    ),
    case(
        "untapped_creature_blocks",
        False,
        "a land blocks",
        attacker("a"),
        {"id": "land", "controller": "ben", "types": ["land"]},
        blocks={"land": "a"},
    ),
    case(
        "untapped_creature_blocks",
        False,
        "a creature battle blocks",
        attacker("a"),
        blocker("b", types=["creature", "battle"], protector="ana"),
        blocks={"b": "a"},
    ),
    case(
        "blocks_attacker_of_its_player",
        True,
        "blocks an attacker attacking its controller",
        attacker("a", attacking="cai"),
        blocker("b", controller="cai"),
        blocks={"b": "a"},
        players=["ana", "ben", "cai"],
    ),
    case(
        "blocks_attacker_of_its_player",
        False,
        "blocks an attacker attacking another player (802.4a)",
        attacker("a", attacking="cai"),
        blocker("b"),
        blocks={"b": "a"},
        players=["ana", "ben", "cai"],
    ),
    case(
        "one_attacker_per_blocker",
        True,
        "can block an additional creature blocks two",
        attacker("a1"),
        attacker("a2"),
        blocker("b", {"can_block_additional": 1}),
        blocks={"b": ["a1", "a2"]},
    ),
    case(
        "one_attacker_per_blocker",
        False,
        "an ordinary creature blocks two",
        attacker("a1"),
        attacker("a2"),
        blocker("b"),
        blocks={"b": ["a1", "a2"]},
    ),
    # evasion
    case("flying", True, "reach blocks flying", attacker("a", "flying"), blocker("b", "reach"), blocks={"b": "a"}),
    case("flying", False, "ground creature blocks flying", attacker("a", "flying"), blocker("b"), blocks={"b": "a"}),
    case("shadow", True, "shadow blocks shadow", attacker("a", "shadow"), blocker("b", "shadow"), blocks={"b": "a"}),
    case("shadow", False, "shadow blocks non-shadow", attacker("a"), blocker("b", "shadow"), blocks={"b": "a"}),
    case(
        "horsemanship",
        True,
        "horseman blocks horseman",
        attacker("a", "horsemanship"),
        blocker("b", "horsemanship"),
        blocks={"b": "a"},
    ),
    case(
        "horsemanship",
        False,
        "flyer blocks horseman",
        attacker("a", "horsemanship"),
        blocker("b", "flying"),
        blocks={"b": "a"},
    ),
    case(
        "fear", True, "black creature blocks fear", attacker("a", "fear"), blocker("b", colors=["B"]), blocks={"b": "a"}
    ),
    case(
        "fear",
        False,
        "green creature blocks fear",
        attacker("a", "fear"),
        blocker("b", colors=["G"]),
        blocks={"b": "a"},
    ),
    case(
        "intimidate",
        True,
        "artifact blocks intimidate",
        attacker("a", "intimidate", colors=["R"]),
        blocker("b", types=["artifact", "creature"]),
        blocks={"b": "a"},
    ),
    case(
        "intimidate",
        False,
        "blue blocks red intimidate",
        attacker("a", "intimidate", colors=["R"]),
        blocker("b", colors=["U"]),
        blocks={"b": "a"},
    ),
    case(
        "skulk",
        True,
        "equal power blocks skulk",
        attacker("a", "skulk", power=2),
        blocker("b", power=2),
        blocks={"b": "a"},
    ),
    case(
        "skulk",
        False,
        "greater power blocks skulk",
        attacker("a", "skulk", power=1),
        blocker("b", power=3),
        blocks={"b": "a"},
    ),
    case(
        "landwalk",
        True,
        "forestwalk, no forest",
        attacker("a", {"landwalk": "forest"}),
        blocker("b"),
        blocks={"b": "a"},
    ),
    case(
        "landwalk",
        False,
        "forestwalk, defender has a forest",
        attacker("a", {"landwalk": "forest"}),
        blocker("b"),
        FOREST,
        blocks={"b": "a"},
    ),
    case(
        "landwalk",
        False,
        "snow forestwalk vs snow forest, even for a snow forestwalker (702.14c example)",
        attacker("a", {"landwalk": {"supertype": "snow", "subtype": "forest"}}),
        blocker("b", {"landwalk": {"supertype": "snow", "subtype": "forest"}}),
        SNOW_FOREST,
        blocks={"b": "a"},
    ),
    case(
        "landwalk",
        True,
        "nonbasic landwalk vs basic forest",
        attacker("a", {"landwalk": "nonbasic"}),
        blocker("b"),
        FOREST,
        blocks={"b": "a"},
    ),
    case(
        "protection",
        True,
        "pro-red blocked by green",
        attacker("a", {"protection_from": ["red"]}),
        blocker("b", colors=["G"]),
        blocks={"b": "a"},
    ),
    case(
        "protection",
        False,
        "pro-red blocked by red",
        attacker("a", {"protection_from": ["red"]}),
        blocker("b", colors=["R"]),
        blocks={"b": "a"},
    ),
    case(
        "protection",
        False,
        "protection from artifacts",
        attacker("a", {"protection_from": ["artifacts"]}),
        blocker("b", types=["artifact", "creature"]),
        blocks={"b": "a"},
    ),
    case(
        "protection",
        False,
        "protection from everything (702.16j)",
        attacker("a", {"protection_from": ["everything"]}),
        blocker("b"),
        blocks={"b": "a"},
    ),
    case(
        "cant_be_blocked", True, "unblockable left unblocked", attacker("a", "cant_be_blocked"), blocker("b"), blocks={}
    ),
    case(
        "cant_be_blocked",
        False,
        "unblockable blocked",
        attacker("a", "cant_be_blocked"),
        blocker("b"),
        blocks={"b": "a"},
    ),
    case(
        "cant_be_blocked_by",
        True,
        "can't be blocked by walls; a bear blocks",
        attacker("a", {"cant_be_blocked_by": {"subtypes": ["wall"]}}),
        blocker("b"),
        blocks={"b": "a"},
    ),
    case(
        "cant_be_blocked_by",
        False,
        "can't be blocked by walls; a wall blocks",
        attacker("a", {"cant_be_blocked_by": {"subtypes": ["wall"]}}),
        blocker("b", subtypes=["wall"]),
        blocks={"b": "a"},
    ),
    case(
        "cant_be_blocked_except_by",
        True,
        "except by artifacts; an artifact blocks",
        attacker("a", {"cant_be_blocked_except_by": {"types": ["artifact"]}}),
        blocker("b", types=["artifact", "creature"]),
        blocks={"b": "a"},
    ),
    case(
        "cant_be_blocked_except_by",
        False,
        "except by artifacts; a bear blocks",
        attacker("a", {"cant_be_blocked_except_by": {"types": ["artifact"]}}),
        blocker("b"),
        blocks={"b": "a"},
    ),
    case(
        "menace",
        True,
        "menace double-blocked",
        attacker("a", "menace"),
        blocker("b1"),
        blocker("b2"),
        blocks={"b1": "a", "b2": "a"},
    ),
    case(
        "menace",
        False,
        "menace single-blocked",
        attacker("a", "menace"),
        blocker("b1"),
        blocker("b2"),
        blocks={"b1": "a"},
    ),
    case(
        "min_blockers",
        True,
        "three or more: three block",
        attacker("a", {"min_blockers": 3}),
        blocker("b1"),
        blocker("b2"),
        blocker("b3"),
        blocks={"b1": "a", "b2": "a", "b3": "a"},
    ),
    case(
        "min_blockers",
        False,
        "three or more: two block",
        attacker("a", {"min_blockers": 3}),
        blocker("b1"),
        blocker("b2"),
        blocker("b3"),
        blocks={"b1": "a", "b2": "a"},
    ),
    case(
        "max_blockers",
        True,
        "no more than one: one blocks",
        attacker("a", {"max_blockers": 1}),
        blocker("b1"),
        blocker("b2"),
        blocks={"b1": "a"},
    ),
    case(
        "max_blockers",
        False,
        "no more than one: two block",
        attacker("a", {"max_blockers": 1}),
        blocker("b1"),
        blocker("b2"),
        blocks={"b1": "a", "b2": "a"},
    ),
    case(
        "cant_be_blocked_unless_all_block_it",
        True,
        "Tromokratis blocked by all",
        attacker("a", "cant_be_blocked_unless_all_block_it"),
        blocker("b1"),
        blocker("b2"),
        blocks={"b1": "a", "b2": "a"},
    ),
    case(
        "cant_be_blocked_unless_all_block_it",
        False,
        "Tromokratis blocked by one of two",
        attacker("a", "cant_be_blocked_unless_all_block_it"),
        blocker("b1"),
        blocker("b2"),
        blocks={"b1": "a"},
    ),
    case(
        "cant_be_blocked_unless_all_block_it",
        False,
        "Tromokratis with a tapped creature around",
        attacker("a", "cant_be_blocked_unless_all_block_it"),
        blocker("b1"),
        blocker("b2", tapped=True),
        blocks={"b1": "a"},
    ),
    case(
        "cant_be_blocked_while_defender_controls",
        True,
        "can't be blocked while ben controls an artifact: none",
        attacker("a", {"cant_be_blocked_while_defender_controls": {"types": ["artifact"]}}),
        blocker("b"),
        blocks={"b": "a"},
    ),
    case(
        "cant_be_blocked_while_defender_controls",
        False,
        "… and ben controls an untapped artifact land",
        attacker("a", {"cant_be_blocked_while_defender_controls": {"types": ["artifact"], "tapped": False}}),
        blocker("b"),
        {"id": "seat", "controller": "ben", "types": ["artifact", "land"]},
        blocks={"b": "a"},
    ),
    # blocker restrictions
    case("cant_block", True, "can't block, doesn't", attacker("a"), blocker("b", "cant_block"), blocks={}),
    case("cant_block", False, "can't block, blocks", attacker("a"), blocker("b", "cant_block"), blocks={"b": "a"}),
    case(
        "cant_block_filter",
        True,
        "Ironclaw Orcs blocks power 1",
        attacker("a", power=1),
        blocker("b", {"cant_block": {"power_at_least": 2}}),
        blocks={"b": "a"},
    ),
    case(
        "cant_block_filter",
        False,
        "Ironclaw Orcs blocks power 2",
        attacker("a", power=2),
        blocker("b", {"cant_block": {"power_at_least": 2}}),
        blocks={"b": "a"},
    ),
    case(
        "can_block_only",
        True,
        "blocks only flyers: blocks a flyer",
        attacker("a", "flying"),
        blocker("b", "reach", {"can_block_only": {"abilities": ["flying"]}}),
        blocks={"b": "a"},
    ),
    case(
        "can_block_only",
        False,
        "blocks only flyers: blocks a bear",
        attacker("a"),
        blocker("b", {"can_block_only": {"abilities": ["flying"]}}),
        blocks={"b": "a"},
    ),
    case(
        "cant_block_alone",
        True,
        "can't block alone, with company",
        attacker("a"),
        blocker("b1", "cant_block_alone"),
        blocker("b2"),
        blocks={"b1": "a", "b2": "a"},
    ),
    case(
        "cant_block_alone",
        False,
        "can't block alone, alone",
        attacker("a"),
        blocker("b1", "cant_block_alone"),
        blocker("b2"),
        blocks={"b1": "a"},
    ),
    case(
        "cant_block_unless_also_blocking",
        True,
        "Okk with a bigger partner",
        attacker("a1"),
        attacker("a2"),
        blocker("okk", {"cant_block_unless_also_blocking": {"power_greater_than_this": True}}, power=4),
        blocker("big", power=5),
        blocks={"okk": "a1", "big": "a2"},
    ),
    case(
        "cant_block_unless_also_blocking",
        False,
        "Okk with a smaller partner",
        attacker("a1"),
        attacker("a2"),
        blocker("okk", {"cant_block_unless_also_blocking": {"power_greater_than_this": True}}, power=4),
        blocker("small", power=1),
        blocks={"okk": "a1", "small": "a2"},
    ),
    case(
        "max_blocking_creatures",
        True,
        "Silent Arbiter: one blocks",
        attacker("a1"),
        attacker("a2"),
        blocker("b1"),
        blocker("b2"),
        blocks={"b1": "a1"},
        effects=[{"max_blockers": 1, "source": "arbiter"}],
    ),
    case(
        "max_blocking_creatures",
        False,
        "Silent Arbiter: two block",
        attacker("a1"),
        attacker("a2"),
        blocker("b1"),
        blocker("b2"),
        blocks={"b1": "a1", "b2": "a2"},
        effects=[{"max_blockers": 1}],
    ),
    case(
        "block_cost",
        True,
        "a creature with a block cost blocks (the cost is paid)",
        attacker("a"),
        blocker("b", {"block_cost": "{2}"}),
        blocks={"b": "a"},
    ),
    case(
        "block_cost",
        True,
        "nobody must pay: a blocks-if-able creature with a cost may stay home",
        attacker("a"),
        blocker("b", "blocks_each_combat_if_able", {"block_cost": "{2}"}),
        blocks={},
    ),
    case(
        "block_cost",
        False,
        "paying for one creature does not excuse a missed requirement",
        attacker("a"),
        blocker("paid", {"block_cost": "{2}"}),
        blocker("free", "blocks_each_combat_if_able"),
        blocks={"paid": "a"},
        effects=[{"max_blockers": 1}],
        names="blocks_each_combat_if_able",
    ),
    # Costs (docs/format.md): the optimum pays no cost beyond those the proposal pays, so a creature paid for is held
    # to the requirements it can then obey (judges' ruling, Qal Sisma Behemoth and Roar of Challenge, 2015).
    case(
        "block_cost",
        False,
        "issue 9's Lure: paying for one creature does not excuse a cost-free one that was able to block",
        attacker("lured", "all_able_must_block_it"),
        blocker("free"),
        blocker("paid", {"block_cost": "{1}"}),
        blocks={"paid": "lured"},
        names="all_able_must_block_it",
    ),
    case(
        "block_cost",
        True,
        "issue 9's Lure: the cost-free creature blocks too",
        attacker("lured", "all_able_must_block_it"),
        blocker("free"),
        blocker("paid", {"block_cost": "{1}"}),
        blocks={"paid": "lured", "free": "lured"},
    ),
    case(
        "block_cost",
        False,
        "the Behemoth paid to block the Hill Giant is held to Roar of Challenge on the Bear",
        attacker("bear", "all_able_must_block_it"),
        attacker("giant"),
        blocker("behemoth", {"block_cost": "{2}"}),
        blocks={"behemoth": "giant"},
        names="all_able_must_block_it",
    ),
    case(
        "block_cost",
        True,
        "the Behemoth not paid for: nobody has to pay",
        attacker("bear", "all_able_must_block_it"),
        attacker("giant"),
        blocker("behemoth", {"block_cost": "{2}"}),
        blocks={},
    ),
    case(
        "block_cost",
        True,
        "the Behemoth paid for and blocking the Bear",
        attacker("bear", "all_able_must_block_it"),
        attacker("giant"),
        blocker("behemoth", {"block_cost": "{2}"}),
        blocks={"behemoth": "bear"},
    ),
    case(
        "block_cost",
        False,
        "a creature paid for through an effect's cost is held too",
        attacker("bear", "must_be_blocked_if_able"),
        attacker("giant"),
        blocker("b"),
        blocks={"b": "giant"},
        effects=[{"block_cost": "{1}", "source": "tax"}],
        names="must_be_blocked_if_able",
    ),
    # requirements
    case(
        "blocks_each_combat_if_able",
        True,
        "blocks if able, blocks",
        attacker("a"),
        blocker("b", "blocks_each_combat_if_able"),
        blocks={"b": "a"},
    ),
    case(
        "blocks_each_combat_if_able",
        False,
        "blocks if able, doesn't",
        attacker("a"),
        blocker("b", "blocks_each_combat_if_able"),
        blocks={},
    ),
    case(
        "blocks_if_able",
        True,
        "provoked creature blocks the provoker",
        attacker("a1"),
        attacker("a2"),
        blocker("b", {"blocks_if_able": "a1"}),
        blocks={"b": "a1"},
    ),
    case(
        "blocks_if_able",
        False,
        "provoked creature blocks another attacker",
        attacker("a1"),
        attacker("a2"),
        blocker("b", {"blocks_if_able": "a1"}),
        blocks={"b": "a2"},
    ),
    case(
        "all_able_must_block_it",
        True,
        "Lure: both block it",
        attacker("lure", "all_able_must_block_it"),
        attacker("x"),
        blocker("b1"),
        blocker("b2"),
        blocks={"b1": "lure", "b2": "lure"},
    ),
    case(
        "all_able_must_block_it",
        False,
        "Lure: one blocks elsewhere",
        attacker("lure", "all_able_must_block_it"),
        attacker("x"),
        blocker("b1"),
        blocker("b2"),
        blocks={"b1": "lure", "b2": "x"},
    ),
    case(
        "all_able_must_block_it",
        False,
        "two Lures and a creature that can block any number blocks only one",
        attacker("l1", "all_able_must_block_it"),
        attacker("l2", "all_able_must_block_it"),
        blocker("b", "can_block_any_number"),
        blocks={"b": "l1"},
    ),
    case(
        "must_be_blocked_if_able",
        True,
        "must be blocked: blocked",
        attacker("a", "must_be_blocked_if_able"),
        blocker("b"),
        blocks={"b": "a"},
    ),
    case(
        "must_be_blocked_if_able",
        False,
        "must be blocked: unblocked",
        attacker("a", "must_be_blocked_if_able"),
        blocker("b"),
        blocks={},
    ),
    case(
        "must_be_blocked_if_able",
        False,
        "must be blocked + menace: one blocker breaks menace",
        attacker("a", "must_be_blocked_if_able", "menace"),
        blocker("b1"),
        blocker("b2"),
        blocks={"b1": "a"},
        names="menace",
    ),
    case(
        "must_be_blocked_if_able",
        True,
        "must be blocked + menace with one possible blocker: no block is legal",
        attacker("a", "must_be_blocked_if_able", "menace"),
        blocker("b1"),
        blocks={},
    ),
    case(
        "cant_block_unless_others_block",
        True,
        "Orcish Conscripts blocks with two others",
        attacker("a1"),
        attacker("a2"),
        blocker("o", {"cant_block_unless_others_block": 2}),
        blocker("b1"),
        blocker("b2"),
        blocks={"o": "a1", "b1": "a1", "b2": "a2"},
    ),
    case(
        "cant_block_unless_others_block",
        False,
        "Orcish Conscripts blocks with one other",
        attacker("a1"),
        blocker("o", {"cant_block_unless_others_block": 2}),
        blocker("b1"),
        blocks={"o": "a1", "b1": "a1"},
    ),
    case(
        "must_be_blocked_by_exactly_one_if_able",
        True,
        "Nacatl War-Pride blocked by one",
        attacker("a", "must_be_blocked_by_exactly_one_if_able"),
        blocker("b1"),
        blocker("b2"),
        blocks={"b1": "a"},
    ),
    case(
        "must_be_blocked_by_exactly_one_if_able",
        False,
        "Nacatl War-Pride blocked by two",
        attacker("a", "must_be_blocked_by_exactly_one_if_able"),
        blocker("b1"),
        blocker("b2"),
        blocks={"b1": "a", "b2": "a"},
    ),
]


# Slayer's Cleaver says "an Eldrazi"; a Knight here, a subtype the explanations translate (tests/test_translations.py)
ELDRAZI = {"must_be_blocked_by_if_able": {"subtypes": ["knight"]}}
GORM = {"must_be_blocked_by_at_least_if_able": 2}
CASES += [
    # issue 19 §2: requirements naming who blocks (509.1c)
    case(
        "must_be_blocked_by_if_able",
        True,
        "Slayer's Cleaver: the Knight blocks it",
        attacker("a", ELDRAZI),
        blocker("knight", subtypes=["knight"]),
        blocker("bear"),
        blocks={"knight": "a"},
    ),
    case(
        "must_be_blocked_by_if_able",
        False,
        "Slayer's Cleaver: a non-Knight blocks it, the Knight stays back",
        attacker("a", ELDRAZI),
        blocker("knight", subtypes=["knight"]),
        blocker("bear"),
        blocks={"bear": "a"},
    ),
    case(
        "must_be_blocked_by_if_able",
        True,
        "Slayer's Cleaver: the only Knight is tapped, nobody has to block",
        attacker("a", ELDRAZI),
        blocker("knight", subtypes=["knight"], tapped=True),
        blocker("bear"),
        blocks={},
    ),
    case(
        "must_be_blocked_by_if_able",
        False,
        "Slayer's Cleaver on a band: the Knight may block the other member instead (702.22h), and doesn't",
        attacker("a", ELDRAZI, name="Armed"),
        attacker("m", "banding"),
        blocker("knight", subtypes=["knight"], abilities=[{"cant_block": {"names": ["Armed"]}}]),
        blocks={},
        bands=[["a", "m"]],
    ),
    case(
        "must_be_blocked_by_at_least_if_able",
        True,
        "Gorm the Great blocked by two",
        attacker("a", GORM),
        blocker("b1"),
        blocker("b2"),
        blocks={"b1": "a", "b2": "a"},
    ),
    case(
        "must_be_blocked_by_at_least_if_able",
        False,
        "Gorm the Great blocked by one while two could block it",
        attacker("a", GORM),
        blocker("b1"),
        blocker("b2"),
        blocks={"b1": "a"},
    ),
    case(
        "must_be_blocked_by_at_least_if_able",
        True,
        "Gorm the Great: one creature able to block need not block it",
        attacker("a", GORM),
        blocker("b1"),
        blocker("b2", tapped=True),
        blocks={},
    ),
    # tapped creatures that can block (509.1a; Masako the Humorless grants it)
    case(
        "untapped_creature_blocks",
        True,
        "Masako the Humorless: a tapped creature blocks as though it were untapped",
        attacker("a"),
        blocker("b", tapped=True),
        blocks={"b": "a"},
        effects=[{"grant": ["can_block_as_though_untapped"], "to": {"controller": "ben"}, "source": "Masako"}],
    ),
    case(
        "untapped_creature_blocks",
        False,
        "Masako the Humorless grants it to its controller's creatures only",
        attacker("a", attacking="cai"),
        blocker("b", tapped=True, controller="cai"),
        blocks={"b": "a"},
        players=["ana", "ben", "cai"],
        effects=[{"grant": ["can_block_as_though_untapped"], "to": {"controller": "ben"}, "source": "Masako"}],
    ),
    case(
        "all_able_must_block_it",
        False,
        "Masako the Humorless: a tapped creature able to block the Lure is held to its requirement",
        attacker("a", "lure"),
        blocker("b", "can_block_as_though_untapped", tapped=True),
        blocks={},
    ),
    # protection from a mana value (702.16f, 202.3)
    case(
        "protection",
        True,
        "Mistmeadow Skulk: protection from mana value 3 or greater, blocked by a two-drop",
        attacker("skulk", {"protection_from": [{"mana_value_at_least": 3}]}, mana_value=2),
        blocker("bear", mana_value=2),
        blocks={"bear": "skulk"},
    ),
    case(
        "protection",
        False,
        "Mistmeadow Skulk: protection from mana value 3 or greater, blocked by a four-drop",
        attacker("skulk", {"protection_from": [{"mana_value_at_least": 3}]}, mana_value=2),
        blocker("giant", mana_value=4),
        blocks={"giant": "skulk"},
    ),
    # Dream Prowler (506.5)
    case(
        "cant_be_blocked_while_attacking_alone",
        True,
        "Dream Prowler attacks with another creature and is blocked",
        attacker("prowler", "cant_be_blocked_while_attacking_alone"),
        attacker("bear"),
        blocker("b"),
        blocks={"b": "prowler"},
    ),
    case(
        "cant_be_blocked_while_attacking_alone",
        False,
        "Dream Prowler attacking alone is blocked",
        attacker("prowler", "cant_be_blocked_while_attacking_alone"),
        blocker("b"),
        blocks={"b": "prowler"},
    ),
    case(
        "cant_be_blocked_while_attacking_alone",
        True,
        "Dream Prowler is not attacking alone while another creature attacks another player (506.5)",
        attacker("prowler", "cant_be_blocked_while_attacking_alone"),
        attacker("bear", attacking="cai"),
        blocker("b"),
        blocks={"b": "prowler"},
        players=["ana", "ben", "cai"],
    ),
    # a cost to block some attackers (509.1d)
    case(
        "block_cost_against",
        True,
        "Hipparion blocks a 2/2 for free",
        attacker("small"),
        blocker("hipparion", {"block_cost_against": {"attackers": {"power_at_least": 3}, "cost": "{1}"}}),
        blocks={"hipparion": "small"},
    ),
    case(
        "block_cost_against",
        False,
        "Hipparion pays to block the 3/3 Lure, and the Bear, free and told to block it, stays back",
        attacker("big", "lure", power=3),
        attacker("small", "lure"),
        blocker("hipparion", {"block_cost_against": {"attackers": {"power_at_least": 3}, "cost": "{1}"}}),
        blocker("bear", {"blocks_if_able": "big"}),
        blocks={"hipparion": "big"},
        names="blocks_if_able",
    ),
    case(
        "cost_to_block_it",
        True,
        "Awesome Presence: nobody pays, nobody blocks it",
        attacker("a", {"cost_to_block_it": "{3}"}, "lure"),
        blocker("b"),
        blocks={},
    ),
    case(
        "cost_to_block_it",
        False,
        "Awesome Presence: one blocker paid for, the free Lure elsewhere left unblocked by the other",
        attacker("a", {"cost_to_block_it": "{3}"}),
        attacker("lure", "lure"),
        blocker("b1"),
        blocker("b2"),
        blocks={"b1": "a"},
        names="all_able_must_block_it",
    ),
    # blocking as though (702.28b, 702.9b)
    case(
        "shadow",
        True,
        "Aetherflame Wall blocks a creature with shadow as though it didn't have shadow",
        attacker("a", "shadow"),
        blocker("wall", "defender", "can_block_shadow"),
        blocks={"wall": "a"},
    ),
    case(
        "shadow",
        False,
        "blocking shadow as though it had none lets no shadow creature block a creature without shadow",
        attacker("a"),
        blocker("b", "shadow", "can_block_shadow"),
        blocks={"b": "a"},
    ),
    case(
        "flying",
        True,
        "Dragon Hunter blocks a Dragon as though it had reach",
        attacker("dragon", "flying", subtypes=["dragon"]),
        blocker("hunter", {"can_block_as_though_reach": {"subtypes": ["dragon"]}}),
        blocks={"hunter": "dragon"},
    ),
    case(
        "flying",
        False,
        "Dragon Hunter can't block a flyer that is not a Dragon",
        attacker("bird", "flying", subtypes=["bird"]),
        blocker("hunter", {"can_block_as_though_reach": {"subtypes": ["dragon"]}}),
        blocks={"hunter": "bird"},
    ),
]


def acase(rule: str, legal: bool, note: str, *perms: dict[str, Any], names: str = "", **kw: Any) -> Case:
    return Case(rule, legal, attack_board(*perms, **kw), note, names or rule)


JACE = {"id": "jace", "name": "Jace", "controller": "ben", "types": ["planeswalker"], "loyalty": 3}
FOUR = ["ana", "ben", "cai", "dee"]

CASES += [
    # 508.1a-b
    acase("untapped_creature_attacks", True, "untapped creature attacks", creature("c"), attacks={"c": "ben"}),
    acase(
        "untapped_creature_attacks", False, "tapped creature attacks", creature("c", tapped=True), attacks={"c": "ben"}
    ),
    acase(
        "summoning_sickness",
        True,
        "new creature with haste attacks",
        creature("c", "haste", entered_this_turn=True),
        attacks={"c": "ben"},
    ),
    acase(
        "summoning_sickness",
        False,
        "new creature without haste attacks",
        creature("c", entered_this_turn=True),
        attacks={"c": "ben"},
    ),
    acase(
        "attack_target",
        True,
        "attacks a planeswalker of the defending player",
        creature("c"),
        JACE,
        attacks={"c": "jace"},
    ),
    acase(
        "attack_target",
        False,
        "attack left: attacks the player on the right",
        creature("c"),
        attacks={"c": "dee"},
        players=FOUR,
        attack_option="left",
    ),
    acase(
        "attack_target",
        False,
        "attacks a battle its controller protects (310.8b)",
        creature("c"),
        {"id": "siege", "controller": "ben", "types": ["battle"], "protector": "ana"},
        attacks={"c": "siege"},
    ),
    acase(
        "attack_target",
        True,
        "attacks a Siege it controls, protected by the opponent (310.8b)",
        creature("c"),
        {"id": "siege", "controller": "ana", "types": ["battle"], "protector": "ben"},
        attacks={"c": "siege"},
    ),
    # 508.1c restrictions
    acase("defender", True, "a defender stays home", creature("wall", "defender"), creature("c"), attacks={"c": "ben"}),
    acase("defender", False, "a defender attacks", creature("wall", "defender"), attacks={"wall": "ben"}),
    acase("cant_attack", True, "can't attack, doesn't", creature("c", "cant_attack"), attacks={}),
    acase("cant_attack", False, "can't attack, attacks", creature("c", "cant_attack"), attacks={"c": "ben"}),
    acase(
        "cant_attack_player",
        True,
        "Blazing Archon: attack the other opponent",
        creature("c"),
        attacks={"c": "cai"},
        players=["ana", "ben", "cai"],
        effects=[{"cant_attack": "ben", "source": "archon"}],
    ),
    acase(
        "cant_attack_player",
        False,
        "Blazing Archon: attack its controller",
        creature("c"),
        attacks={"c": "ben"},
        effects=[{"cant_attack": "ben", "source": "archon"}],
    ),
    acase(
        "cant_attack_unless_defender_controls",
        True,
        "Sea Serpent vs an Island",
        creature("serpent", {"cant_attack_unless_defender_controls": {"subtypes": ["island"]}}),
        {"id": "island", "controller": "ben", "types": ["land"], "subtypes": ["island"]},
        attacks={"serpent": "ben"},
    ),
    acase(
        "cant_attack_unless_defender_controls",
        False,
        "Sea Serpent with no Island",
        creature("serpent", {"cant_attack_unless_defender_controls": {"subtypes": ["island"]}}),
        attacks={"serpent": "ben"},
    ),
    acase(
        "cant_attack_alone",
        True,
        "two 'can't attack alone' creatures attack together (508.1c example)",
        creature("c1", "cant_attack_alone"),
        creature("c2", "cant_attack_alone"),
        attacks={"c1": "ben", "c2": "ben"},
    ),
    acase(
        "cant_attack_alone",
        False,
        "can't attack alone attacks alone",
        creature("c1", "cant_attack_alone"),
        creature("c2"),
        attacks={"c1": "ben"},
    ),
    acase(
        "can_only_attack_alone",
        True,
        "Master of Cruelties attacks alone",
        creature("m", "can_only_attack_alone"),
        creature("c"),
        attacks={"m": "ben"},
    ),
    acase(
        "can_only_attack_alone",
        False,
        "Master of Cruelties attacks with another",
        creature("m", "can_only_attack_alone"),
        creature("c"),
        attacks={"m": "ben", "c": "ben"},
    ),
    acase(
        "cant_attack_unless_others_attack",
        True,
        "Orcish Conscripts with two others",
        creature("o", {"cant_attack_unless_others_attack": 2}),
        creature("c1"),
        creature("c2"),
        attacks={"o": "ben", "c1": "ben", "c2": "ben"},
    ),
    acase(
        "cant_attack_unless_others_attack",
        False,
        "Orcish Conscripts with one other",
        creature("o", {"cant_attack_unless_others_attack": 2}),
        creature("c1"),
        creature("c2"),
        attacks={"o": "ben", "c1": "ben"},
    ),
    acase(
        "cant_attack_unless_also_attacking",
        True,
        "Okk with a bigger attacker",
        creature("okk", {"cant_attack_unless_also_attacking": {"power_greater_than_this": True}}, power=4),
        creature("big", power=5),
        attacks={"okk": "ben", "big": "ben"},
    ),
    acase(
        "cant_attack_unless_also_attacking",
        False,
        "Okk with a smaller attacker",
        creature("okk", {"cant_attack_unless_also_attacking": {"power_greater_than_this": True}}, power=4),
        creature("small", power=1),
        attacks={"okk": "ben", "small": "ben"},
    ),
    acase(
        "max_attacking_creatures",
        True,
        "Silent Arbiter: one attacks",
        creature("c1"),
        creature("c2"),
        attacks={"c1": "ben"},
        effects=[{"max_attackers": 1}],
    ),
    acase(
        "max_attacking_creatures",
        False,
        "Silent Arbiter: two attack",
        creature("c1"),
        creature("c2"),
        attacks={"c1": "ben", "c2": "ben"},
        effects=[{"max_attackers": 1}],
    ),
    acase(
        "max_attackers_against",
        True,
        "Crawlspace: two at ben, one at cai",
        creature("c1"),
        creature("c2"),
        creature("c3"),
        attacks={"c1": "ben", "c2": "ben", "c3": "cai"},
        players=["ana", "ben", "cai"],
        effects=[{"max_attackers_against": "ben", "count": 2}],
    ),
    acase(
        "max_attackers_against",
        False,
        "Crawlspace: three at ben",
        creature("c1"),
        creature("c2"),
        creature("c3"),
        attacks={"c1": "ben", "c2": "ben", "c3": "ben"},
        effects=[{"max_attackers_against": "ben", "count": 2}],
    ),
    acase(
        "attack_cost",
        True,
        "Propaganda: a paid attack is legal",
        creature("c"),
        attacks={"c": "ben"},
        effects=[{"attack_cost": "{2}", "defender": "ben", "source": "propaganda"}],
    ),
    acase(
        "attack_cost",
        False,
        "Propaganda: paying does not excuse a missed requirement",
        creature("paid"),
        creature("forced", "attacks_each_combat_if_able", {"attack_cost": "{3}"}),
        creature("eager", "attacks_each_combat_if_able"),
        attacks={"paid": "ben"},
        effects=[{"max_attackers": 1}],
        names="attacks_each_combat_if_able",
    ),
    acase(
        "attack_cost",
        False,
        "a creature whose own attack cost is paid is held to its requirements, whatever it attacks",
        creature("c", {"attacks_if_able": "ben"}, {"attack_cost": "{1}"}),
        attacks={"c": "cai"},
        players=["ana", "ben", "cai"],
        names="attacks_if_able",
    ),
    acase(
        "attack_cost",
        True,
        "nobody has to pay a creature's own attack cost",
        creature("c", {"attacks_if_able": "ben"}, {"attack_cost": "{1}"}),
        attacks={},
        players=["ana", "ben", "cai"],
    ),
    acase(
        "attack_cost",
        False,
        "paying Propaganda for one creature does not excuse another's free attack (Trove, goad)",
        creature("paid"),
        creature("goaded", {"goaded_by": ["cai"]}),
        attacks={"paid": "ben"},
        players=["ana", "ben", "cai"],
        effects=[{"attack_cost": "{2}", "defender": "ben"}, {"must_be_attacked": "ben"}],
        names="goad",
    ),
    acase(
        "attack_cost",
        True,
        "Propaganda paid for one creature, the goaded one attacks the other player",
        creature("paid"),
        creature("goaded", {"goaded_by": ["cai"]}),
        attacks={"paid": "ben", "goaded": "cai"},
        players=["ana", "ben", "cai"],
        effects=[{"attack_cost": "{2}", "defender": "ben"}, {"must_be_attacked": "ben"}],
    ),
    acase(
        "attack_cost",
        True,
        "a tax paid for one target does not make another taxed target available (Sphere of Safety)",
        creature("c", {"attacks_if_able": "ben"}),
        {"id": "pw", "controller": "ben", "types": ["planeswalker"], "loyalty": 3},
        attacks={"c": "pw"},
        effects=[{"attack_cost": "{1}", "defender": "ben", "planeswalkers": True}],
    ),
    acase(
        "banding",
        True,
        "a band of two banders attacks one player",
        creature("b1", "banding"),
        creature("b2", "banding"),
        attacks={"b1": "ben", "b2": "ben"},
        bands=[["b1", "b2"]],
    ),
    acase(
        "banding",
        False,
        "a band with two creatures without banding",
        creature("b1", "banding"),
        creature("x"),
        creature("y"),
        attacks={"b1": "ben", "x": "ben", "y": "ben"},
        bands=[["b1", "x", "y"]],
    ),
    acase(
        "banding",
        False,
        "a band split between two targets (702.22d)",
        creature("b1", "banding"),
        creature("x"),
        JACE,
        attacks={"b1": "ben", "x": "jace"},
        bands=[["b1", "x"]],
    ),
    # 508.1d requirements
    acase(
        "attacks_each_combat_if_able",
        True,
        "attacks if able, attacks",
        creature("c", "attacks_each_combat_if_able"),
        attacks={"c": "ben"},
    ),
    acase(
        "attacks_each_combat_if_able",
        False,
        "attacks if able, stays home",
        creature("c", "attacks_each_combat_if_able"),
        attacks={},
    ),
    acase(
        "attacks_each_combat_if_able",
        True,
        "attacks if able but tapped: exempt",
        creature("c", "attacks_each_combat_if_able", tapped=True),
        attacks={},
    ),
    acase(
        "attacks_if_able",
        True,
        "Gideon: attacks Gideon",
        creature("c", {"attacks_if_able": "gideon"}),
        {"id": "gideon", "controller": "ben", "types": ["planeswalker"]},
        attacks={"c": "gideon"},
    ),
    acase(
        "attacks_if_able",
        False,
        "Gideon: attacks the player instead",
        creature("c", {"attacks_if_able": "gideon"}),
        {"id": "gideon", "controller": "ben", "types": ["planeswalker"]},
        attacks={"c": "ben"},
    ),
    acase(
        "goad",
        True,
        "goaded by ben, attacks cai",
        creature("c", {"goaded_by": ["ben"]}),
        attacks={"c": "cai"},
        players=["ana", "ben", "cai"],
    ),
    acase(
        "goad",
        False,
        "goaded by ben, attacks ben though cai can be attacked",
        creature("c", {"goaded_by": ["ben"]}),
        attacks={"c": "ben"},
        players=["ana", "ben", "cai"],
    ),
    acase(
        "goad",
        False,
        "goaded, stays home",
        creature("c", {"goaded_by": ["ben"]}),
        attacks={},
        players=["ana", "ben", "cai"],
    ),
    acase(
        "goad",
        True,
        "goaded by the only opponent: attacking it is the best possible",
        creature("c", {"goaded_by": ["ben"]}),
        attacks={"c": "ben"},
    ),
    acase(
        "must_be_attacked",
        True,
        "Trove of Temptation: attack ben's planeswalker",
        creature("c"),
        JACE,
        attacks={"c": "jace"},
        players=["ana", "ben", "cai"],
        effects=[{"must_be_attacked": "ben"}],
    ),
    acase(
        "must_be_attacked",
        False,
        "Trove of Temptation: attack cai only",
        creature("c"),
        attacks={"c": "cai"},
        players=["ana", "ben", "cai"],
        effects=[{"must_be_attacked": "ben"}],
    ),
    acase(
        "banding",
        True,
        "bands with other Legends: two legendary creatures",
        creature("tobias", {"bands_with_other": {"supertypes": ["legendary"]}}, supertypes=["legendary"]),
        creature("sol", supertypes=["legendary"]),
        attacks={"tobias": "ben", "sol": "ben"},
        bands=[["tobias", "sol"]],
    ),
    acase(
        "banding",
        False,
        "bands with other Legends: a non-legendary member",
        creature("tobias", {"bands_with_other": {"supertypes": ["legendary"]}}, supertypes=["legendary"]),
        creature("bear"),
        creature("ogre"),
        attacks={"tobias": "ben", "bear": "ben", "ogre": "ben"},
        bands=[["tobias", "bear", "ogre"]],
    ),
    acase(
        "banding",
        True,
        "bands with other creatures named Wolves of the Hunt",
        creature("w1", {"bands_with_other": {"names": ["Wolves of the Hunt"]}}, name="Wolves of the Hunt"),
        creature("w2", name="Wolves of the Hunt"),
        creature("w3", name="Wolves of the Hunt"),
        attacks={"w1": "ben", "w2": "ben", "w3": "ben"},
        bands=[["w1", "w2", "w3"]],
    ),
    acase(
        "attack_target",
        True,
        "range of influence 1: the player next to you",
        creature("c"),
        attacks={"c": "ben"},
        players=["ana", "ben", "cai", "dee", "eve"],
        range_of_influence=1,
    ),
    acase(
        "attack_target",
        False,
        "range of influence 1: a player two seats away (801.3)",
        creature("c"),
        attacks={"c": "cai"},
        players=["ana", "ben", "cai", "dee", "eve"],
        range_of_influence=1,
    ),
    acase(
        "must_be_attacked",
        False,
        "Trove of Temptation: a battle ben protects is neither ben nor his planeswalker",
        creature("c"),
        {"id": "siege", "controller": "ana", "types": ["battle"], "protector": "ben"},
        attacks={"c": "siege"},
        effects=[{"must_be_attacked": "ben"}],
    ),
    acase(
        "attacks_each_combat_if_able",
        False,
        "Sphere of Safety taxes ben and his planeswalkers, not his battle",
        creature("c", "attacks_each_combat_if_able"),
        {"id": "siege", "controller": "ana", "types": ["battle"], "protector": "ben"},
        attacks={},
        effects=[{"attack_cost": "{1}", "defender": "ben", "planeswalkers": True}],
    ),
]


@pytest.mark.parametrize("c", CASES, ids=[f"{c.rule}-{'legal' if c.legal else 'illegal'}-{c.note}" for c in CASES])
def test_case(c: Case) -> None:
    report = check(c.snapshot)
    assert report.verdict == ("legal" if c.legal else "illegal"), report.model_dump_json(indent=1)
    if not c.legal:
        assert c.names in {v.key for v in report.violations}
        assert all(v.message and v.rule for v in report.violations)


def test_one_target_per_attacker() -> None:
    """A proposal can't name two targets for one creature, but the solver's model could: the rule forbids it."""
    snapshot = attack_board(creature("c"), players=["ana", "ben", "cai"], attacks={})
    _, compilation = compile_snapshot(snapshot)
    one = evaluate(compilation, frozenset({Pair("c", "ben")}))
    two = evaluate(compilation, frozenset({Pair("c", "ben"), Pair("c", "cai")}))
    assert "one_target_per_attacker" not in {r.rule for r in one.broken}
    assert "one_target_per_attacker" in {r.rule for r in two.broken}


# Entries whose illegal case a snapshot's declaration can't express; tested on the compiled model above.
MODEL_LEVEL = {"one_target_per_attacker"}


@pytest.mark.parametrize("entry", CATALOG, ids=[r.key for r in CATALOG])
def test_every_catalog_entry_has_a_legal_and_an_illegal_case(entry: object) -> None:
    key = entry.key  # type: ignore[attr-defined]
    if key in MODEL_LEVEL:
        return
    verdicts = {c.legal for c in CASES if c.rule == key}
    assert verdicts == {True, False}, f"{key} needs both a legal and an illegal case"


def test_every_entry_knows_its_rule_and_speaks_three_languages() -> None:
    for entry in CATALOG:
        assert entry.cr[:3] in {"302", "506", "508", "509", "701", "702", "802", "805"}, entry.key
        assert entry.summary
        for message in entry.messages.values():
            assert message.fr and message.es, f"{entry.key} lacks a translation"


def test_every_ability_word_means_something() -> None:
    """A keyword or parameterized ability is read by some rule, or is declared as not affecting declarations.
    Triggered abilities are read by the trigger catalog instead (tests/test_trigger_catalog.py)."""
    import combatcheck.solver.rules as rules_pkg

    modules = [getattr(rules_pkg, name) for name in dir(rules_pkg) if inspect.ismodule(getattr(rules_pkg, name))]
    source = "".join(inspect.getsource(m) for m in modules)
    assert "class Flying" in source
    for keyword in Keyword:
        if keyword not in NO_DECLARATION_EFFECT and keyword not in TRIGGER_KEYWORDS:
            assert f"Keyword.{keyword.name}" in source, f"no rule reads {keyword.value}"
    for key, model in PARAMETERIZED.items():
        if key not in TRIGGER_PARAMETERIZED:
            assert model.__name__ in source, f"no rule reads {key}"


def test_every_word_a_rule_reads_exists() -> None:
    """A rule is skipped on boards without the words it reads, so a misspelt word would switch it off."""
    from combatcheck.models.effects import EFFECT_KINDS

    vocabulary = {k.value for k in Keyword} | set(PARAMETERIZED) | set(EFFECT_KINDS)
    for entry in CATALOG:
        assert entry.reads <= vocabulary, f"{entry.key} reads unknown words {entry.reads - vocabulary}"
