"""Labelled probe records from Arena's answers: declarations whose verdict Arena's request already gives.

Arena's first request of a step lists every creature (attackers) or every blocker -> attacker pair (blockers)
that may take part in some legal declaration. From the declaration the player really made (legal: Arena let it
through) the probes add one more attacker or block:

- one Arena did **not** offer (a creature not in the list, a target not offered to it, a pair not offered): the
  declaration is illegal, whatever else is declared;
- one Arena offered: the declaration is legal, unless adding it can break a restriction that depends on the other
  creatures (menace and other "N or more blockers", "no more than N", "can't attack or block alone"): the importer
  makes no "offered" probe when the board has one of those, rather than a label that may be wrong.
"""

from __future__ import annotations

import copy
from typing import Any

from .records import Built

# Abilities that make "one more attacker" or "one more block" depend on the rest of the declaration.
ATTACK_COMPANY = frozenset({"cant_attack_alone", "can_only_attack_alone"})
ATTACK_COMPANY_KEYS = frozenset({"cant_attack_unless_others_attack", "cant_attack_unless_also_attacking"})
ATTACKER_BLOCK_COUNT = frozenset(
    {"menace", "cant_be_blocked_unless_all_block_it", "must_be_blocked_by_exactly_one_if_able"}
)
ATTACKER_BLOCK_COUNT_KEYS = frozenset({"min_blockers", "max_blockers"})
BLOCKER_COMPANY = frozenset({"cant_block_alone"})
BLOCKER_COMPANY_KEYS = frozenset({"cant_block_unless_also_blocking", "cant_block_unless_others_block"})


def _has(permanent: dict[str, Any], names: frozenset[str], keys: frozenset[str]) -> bool:
    for ability in permanent.get("abilities") or ():
        if isinstance(ability, str) and ability in names:
            return True
        if isinstance(ability, dict) and set(ability) & keys:
            return True
    return False


def probes(built: Built, limit: int) -> list[dict[str, Any]]:
    """At most `limit` probe records for one declaration with Arena's offer; none without it."""
    if built.legal is None or limit <= 0:
        return []
    record = built.record
    if record["step"] == "declare_attackers":
        wrong, right = _attack_probes(built)
    else:
        wrong, right = _block_probes(built)
    chosen: list[tuple[str, str, str]] = []
    for index in range(max(len(wrong), len(right))):  # alternate, so a small limit still gets both kinds
        chosen += [p[index] for p in (wrong, right) if index < len(p)]
    out = []
    for number, (kind, first, second) in enumerate(chosen[:limit], 1):
        probe = copy.deepcopy(record)
        probe["id"] = f"{record['id']}-probe{number}"
        probe["expected"] = "legal" if kind == "offered" else "illegal"
        probe["source"]["label"] = f"arena-{kind.replace('_', '-')}"
        probe["source"]["probe"] = {"kind": kind, "added": {first: second}}
        probe["source"].pop("arena", None)  # the offer is on the real record; the probe names what it adds
        table = probe["declaration"]["attacks" if record["step"] == "declare_attackers" else "blocks"]
        table[first] = second
        out.append(probe)
    return out


def _attack_probes(built: Built) -> tuple[list[tuple[str, str, str]], list[tuple[str, str, str]]]:
    assert built.legal is not None
    perms = built.permanents
    attacks = built.record["declaration"]["attacks"]
    active = built.record["active_player"]
    targets = [p for p in built.record["players"] if (p if isinstance(p, str) else p["id"]) != active]
    targets = [t if isinstance(t, str) else t["id"] for t in targets]
    targets += [
        pid
        for pid, p in perms.items()
        if p["controller"] != active and {"planeswalker", "battle"} & set(p.get("types") or ())
    ]
    wrong: list[tuple[str, str, str]] = []
    right: list[tuple[str, str, str]] = []
    company = any(_has(p, ATTACK_COMPANY, ATTACK_COMPANY_KEYS) for p in perms.values())
    for pid, permanent in perms.items():
        if permanent["controller"] != active or "creature" not in permanent.get("types", ()) or pid in attacks:
            continue
        offered = built.legal.get(pid)
        if offered is None:
            if targets:
                wrong.append(("not_offered", pid, targets[0]))
            continue
        wrong += [("not_offered", pid, t) for t in targets if t not in offered]
        if not company:
            right += [("offered", pid, t) for t in offered if t in targets]
    return wrong, right


def _block_probes(built: Built) -> tuple[list[tuple[str, str, str]], list[tuple[str, str, str]]]:
    assert built.legal is not None
    perms = built.permanents
    blocks = built.record["declaration"]["blocks"]
    attackers = {pid: p for pid, p in perms.items() if "attacking" in p}
    wrong: list[tuple[str, str, str]] = []
    right: list[tuple[str, str, str]] = []
    for pid, permanent in perms.items():
        if permanent["controller"] not in built.deciding or "creature" not in permanent.get("types", ()):
            continue
        if pid in blocks:
            continue
        offered = built.legal.get(pid, [])
        alone = _has(permanent, BLOCKER_COMPANY, BLOCKER_COMPANY_KEYS)
        for attacker_id, attacker in attackers.items():
            if attacker_id not in offered:
                wrong.append(("not_offered", pid, attacker_id))
            elif not alone and not _has(attacker, ATTACKER_BLOCK_COUNT, ATTACKER_BLOCK_COUNT_KEYS):
                right.append(("offered", pid, attacker_id))
    return wrong, right
