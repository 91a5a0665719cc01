"""Synthetic recorded combats: boards with the ability mix of real play, declarations whose verdict is known.

Each record is a snapshot plus `id`, `source` and `expected` (see docs/batch.md). The verdict is known *by
construction*, not by asking the checker: a legal declaration is built to obey every restriction the generator
uses and the most requirements that can be obeyed; an illegal one is a legal one with one deliberate mistake,
named in `source.mutation` by the catalog key of the rule it breaks. The checker can therefore be tested against
the generator, and the share of illegal records is exact (`round(count * illegal_share)`).

Two steps are generated, each from its own model of the rules:

- declare blockers (509.1, `_Board`): flying, reach, menace, protection from a color, "can't be blocked",
  decayed ("can't block"), "can block an additional creature", block costs, Lure (also with a creature paid for,
  which is then held to it), provoke (`blocks_if_able`), "must be blocked if able", tapped creatures and
  multiplayer boards;
- declare attackers (508.1, `_AttackBoard`): tapped and summoning-sick creatures (`entered_this_turn`, haste),
  defender walls, "can't attack alone", the attack option (attack multiple players, left or right), planeswalkers
  and battles as targets, Propaganda / Ghostly Prison costs, Silent Arbiter (`max_attackers`), "attacks each
  combat if able", Gideon Jura and Alluring Siren (`attacks_if_able`), goad by one or two players and Trove of
  Temptation (`must_be_attacked`).

The other keywords it writes (first strike, deathtouch, trample, vigilance, ...) change nothing about which
declarations are legal.

Mixes:
  play    the mix of real play: a third of attack records; mostly evasion and combat keywords, a few requirement,
          cost and limit boards;
  fast    no requirements at all: every record is decided without CP-SAT;
  solver  every board has requirements that conflict, so no legal record obeys them all: the optimum must be
          proven, by CP-SAT unless the requirement bound (solver/shortcut.py) already reaches it.
`fast` and `solver` give declare-blockers records unless `step` asks for attack records.

Modules: `rates` (the tables), `table` (creatures, the shared board, games), `block_board` / `attack_board` (each
step's board and its model of the rules), `blocks` / `attacks` (building a legal declaration), `mistakes` (the
deliberate mistakes), `records` (records, the stream, writing), `cli` (the command). May import nothing of the
project but the console (for its command): the verdicts are known by construction, not by asking the checker.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .rates import (
        ATTACK_CONFLICTING,
        ATTACK_REQUIREMENT_KEYS,
        BLOCK_REQUIREMENT_KEYS,
        CONFLICTING,
        MIXES,
        REQUIREMENT_KEYS,
        AttackPattern,
        Mix,
        Pattern,
    )
    from .records import STEP_BUILDERS, dumps, generate_records, write_file, write_records

# Exports load their module on first use, so the CLI can mount this package's command without importing it all.
_EXPORTS = {
    "ATTACK_CONFLICTING": ".rates",
    "ATTACK_REQUIREMENT_KEYS": ".rates",
    "AttackPattern": ".rates",
    "BLOCK_REQUIREMENT_KEYS": ".rates",
    "CONFLICTING": ".rates",
    "MIXES": ".rates",
    "Mix": ".rates",
    "Pattern": ".rates",
    "REQUIREMENT_KEYS": ".rates",
    "STEP_BUILDERS": ".records",
    "dumps": ".records",
    "generate_records": ".records",
    "write_file": ".records",
    "write_records": ".records",
}


def __getattr__(name: str) -> Any:
    if name in _EXPORTS:
        return getattr(importlib.import_module(_EXPORTS[name], __name__), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "ATTACK_CONFLICTING",
    "ATTACK_REQUIREMENT_KEYS",
    "BLOCK_REQUIREMENT_KEYS",
    "CONFLICTING",
    "MIXES",
    "REQUIREMENT_KEYS",
    "STEP_BUILDERS",
    "AttackPattern",
    "Mix",
    "Pattern",
    "dumps",
    "generate_records",
    "write_file",
    "write_records",
]
