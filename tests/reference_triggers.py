"""An independent, deliberately plain count of attack and block triggers along a timeline, read from the snapshot's
events (not from the timeline's changes, nor from combat/wordings). It knows a subset of the wordings: the ones the
property test puts on its boards. Each rule is written straight from the CR text it cites."""

from __future__ import annotations

from collections import Counter
from typing import Any

Key = tuple[str, str]  # (wording key, source id)


def _abilities(perm: dict[str, Any]) -> list[Any]:
    return list(perm.get("abilities", []))


def _has(perm: dict[str, Any], word: str) -> int:
    """How many instances of a plain ability the permanent has."""
    return sum(1 for a in _abilities(perm) if a == word)


def _params(perm: dict[str, Any], key: str) -> list[Any]:
    return [a[key] for a in _abilities(perm) if isinstance(a, dict) and key in a]


class ReferenceTriggers:
    def __init__(self, permanents: list[dict[str, Any]]) -> None:
        self.perms = {p["id"]: dict(p) for p in permanents}
        self.attacking: set[str] = set()
        self.blocks: dict[tuple[str, str], tuple[str, ...]] = {}  # (blocker, attacker) -> blocker colors then
        self.blocked: set[str] = set()
        self.blocking: set[str] = set()  # blocking creatures stay so when their attacker leaves combat (509.1g)

    # -- helpers ---------------------------------------------------------------------------------------------
    def _white(self, colors: tuple[str, ...]) -> bool:
        return "W" in colors

    def _count_blockers(self, attacker: str) -> int:
        return sum(1 for (_, a) in self.blocks if a == attacker)

    def _blocking(self, blocker: str) -> bool:
        return blocker in self.blocking

    def _exactly_two(self, out: Counter[Key], attacker: str, before: int) -> None:
        """509.3e: "becomes blocked by exactly two creatures" when the count becomes two."""
        now = self._count_blockers(attacker)
        for spec in _params(self.perms[attacker], "whenever_becomes_blocked_by"):
            if spec.get("exactly") == 2 and now == 2 and before != 2:
                out[("becomes_blocked_by_count", attacker)] += 1

    def _blocker_joins(
        self, out: Counter[Key], blocker: str, attacker: str, *, entered: bool, count: bool = True
    ) -> None:
        """A creature begins to block an attacker it was not blocking (509.3a-d, f; 509.4; 702.25a)."""
        was_blocking = self._blocking(blocker)
        was_blocked = attacker in self.blocked
        before = self._count_blockers(attacker)
        colors = tuple(self.perms[blocker].get("colors", []))
        self.blocks[(blocker, attacker)] = colors
        self.blocking.add(blocker)
        self.blocked.add(attacker)
        b, a = self.perms[blocker], self.perms[attacker]
        if not entered:  # 509.4: put onto the battlefield blocking, it never "blocked"
            if not was_blocking:
                out[("blocks", blocker)] += _has(b, "whenever_blocks")
            out[("blocks_a_creature", blocker)] += _has(b, "whenever_blocks_a_creature")
        if not was_blocked:
            out[("becomes_blocked", attacker)] += _has(a, "whenever_becomes_blocked")
            out[("rampage", attacker)] += len(_params(a, "rampage"))
        out[("becomes_blocked_by_a_creature", attacker)] += _has(a, "whenever_becomes_blocked_by_a_creature")
        if self._white(colors):
            out[("becomes_blocked_by_a_creature_matching", attacker)] += len(
                _params(a, "whenever_becomes_blocked_by_a_creature")
            )
        if not _has(b, "flanking"):
            out[("flanking", attacker)] += _has(a, "flanking")
        if count:
            self._exactly_two(out, attacker, before)

    # -- events ----------------------------------------------------------------------------------------------
    def event(self, event: Any) -> Counter[Key]:
        blocked_before = set(self.blocked)
        out = self._event(event)
        newly = self.blocked - blocked_before
        for source in self.perms.values():  # 509.3c, once per event: "one or more creatures you control become blocked"
            mine = [a for a in newly if self.perms[a]["controller"] == source["controller"]]
            for spec in _params(source, "whenever_one_or_more_creatures_become_blocked"):
                if spec.get("whose") == "you" and mine:
                    out[("one_or_more_creatures_become_blocked", source["id"])] += 1
        return Counter({k: v for k, v in out.items() if v})

    def _event(self, event: Any) -> Counter[Key]:
        out: Counter[Key] = Counter()
        if event == "beginning_of_combat":  # 511.3: the earlier combat ended; nothing is in combat any more
            self.attacking, self.blocks, self.blocked, self.blocking = set(), {}, set(), set()
        if not isinstance(event, dict):
            return out
        if "declare_attackers" in event:
            attacks = event["declare_attackers"].get("attacks", {})
            self.attacking |= set(attacks)
            for source in self.perms.values():
                if source["id"] in attacks:
                    out[("attacks", source["id"])] += _has(source, "whenever_attacks")
                if len(attacks) == 1:  # 702.83: a creature you control attacks alone
                    (only,) = attacks
                    if self.perms[only]["controller"] == source["controller"]:
                        out[("exalted", source["id"])] += _has(source, "exalted")
        elif "declare_blockers" in event:
            blocks = event["declare_blockers"].get("blocks", {})
            pairs = [
                (b, a)
                for b, attacked in blocks.items()
                for a in ([attacked] if isinstance(attacked, str) else attacked)
            ]
            for blocker, attacker in pairs:  # declared together: counts are taken once, after (509.3e)
                self._blocker_joins(out, blocker, attacker, entered=False, count=False)
            for attacker in sorted({a for _, a in pairs}):
                self._exactly_two(out, attacker, 0)
            for attacker in sorted(self.attacking):  # 509.3g: no creature declared blocking it
                if attacker not in self.blocked:
                    out[("attacks_and_isnt_blocked", attacker)] += _has(
                        self.perms[attacker], "whenever_attacks_and_isnt_blocked"
                    )
                    out[("attacks_a_player_and_isnt_blocked", attacker)] += _has(  # every attack is on ben, a player
                        self.perms[attacker], "whenever_attacks_a_player_and_isnt_blocked"
                    )
        elif "made_to_block" in event:
            blocker, attacker = event["made_to_block"], event["blocking"]
            # 509.3a-d: a creature removed from combat and made to block again (101.1) begins to block anew
            if (blocker, attacker) not in self.blocks and attacker in self.attacking:
                self._blocker_joins(out, blocker, attacker, entered=False)
        elif "enters_blocking" in event:
            token = dict(event["enters_blocking"])
            self.perms[token["id"]] = token
            if event["blocking"] in self.attacking:
                self._blocker_joins(out, token["id"], event["blocking"], entered=True)
        elif "becomes_blocked" in event:
            attacker = event["becomes_blocked"]
            if attacker in self.attacking and attacker not in self.blocked:
                self.blocked.add(attacker)
                a = self.perms[attacker]
                out[("becomes_blocked", attacker)] += _has(a, "whenever_becomes_blocked")
                out[("rampage", attacker)] += len(_params(a, "rampage"))
        elif "remove_from_combat" in event:
            gone = event["remove_from_combat"]
            touched = {a for (b, a) in self.blocks if b == gone}
            before = {a: self._count_blockers(a) for a in touched}
            self.blocks = {k: v for k, v in self.blocks.items() if gone not in k}
            self.attacking.discard(gone)
            self.blocking.discard(gone)
            self.blocked.discard(gone)
            for attacker in sorted(touched):
                if attacker in self.attacking:
                    self._exactly_two(out, attacker, before[attacker])
        elif "stops_blocking" in event:  # it stays a blocking creature and the attacker stays blocked (509.1g-h)
            blocker, attacker = event["stops_blocking"], event["attacker"]
            if (blocker, attacker) in self.blocks:
                before_count = self._count_blockers(attacker)
                del self.blocks[(blocker, attacker)]
                self._exactly_two(out, attacker, before_count)  # 509.3e: removing blockers counts too
        elif "change" in event and "colors" in event:
            self.perms[event["change"]]["colors"] = list(event["colors"])
        return out
