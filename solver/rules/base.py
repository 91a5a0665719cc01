"""What a rule is: a small unit that knows its CR number, its messages, and how to compile itself."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections import defaultdict
from typing import ClassVar, NamedTuple

from ...models import Permanent
from ...models.abilities import Keyword
from ..board import Board
from ..ir import Atom, Compilation, Cost, Count, Kind, Pair, Reason, Requirement, Restriction


class Message(NamedTuple):
    """One message in English, French and Spanish; {names} are filled with the reason's values."""

    en: str
    fr: str | None = None
    es: str | None = None

    def text(self, lang: str) -> str:
        return getattr(self, lang, None) or self.en


class BlockContext:
    """What a declare-blockers rule compiles into, with the lookups rules need."""

    def __init__(self, board: Board, proposal_pairs: list[Pair]) -> None:
        self.board = board
        candidates: dict[Pair, None] = {}
        by_group: dict[str, list[Permanent]] = defaultdict(list)
        for creature in board.defending_side:
            by_group[board.block_group(creature.controller)].append(creature)
        for attacker in board.attackers:
            defender = board.defender_of.get(attacker.id)
            if defender is None:
                continue
            for blocker in by_group[board.block_group(defender)]:
                candidates[Pair(blocker.id, attacker.id)] = None
        for pair in proposal_pairs:
            candidates[pair] = None
        self.compilation = Compilation(candidate_pairs=list(candidates))
        self._by_attacker: dict[str, list[str]] = defaultdict(list)
        self._by_blocker: dict[str, list[str]] = defaultdict(list)
        for pair in candidates:
            self._by_attacker[pair.attacker].append(pair.blocker)
            self._by_blocker[pair.blocker].append(pair.attacker)

    # lookups
    @property
    def attackers(self) -> list[Permanent]:
        return self.board.attackers

    def attackers_with(self, keyword: Keyword) -> list[Permanent]:
        return [a for a in self.board.attackers if a.has_keyword(keyword)]

    def blockers_of(self, attacker: Permanent) -> list[Permanent]:
        """Every permanent that a declaration could name as blocking `attacker`."""
        return [self.board[b] for b in self._by_attacker.get(attacker.id, [])]

    def blocked_by(self, blocker: Permanent) -> list[Permanent]:
        return [self.board[a] for a in self._by_blocker.get(blocker.id, [])]

    @property
    def blockers(self) -> list[Permanent]:
        return [self.board[b] for b in self._by_blocker]

    def exempt(self, creature: Permanent) -> bool:
        """Tapped creatures (and anything that can't be declared) are exempt from requirements (old 500.3)."""
        return not self.board.may_be_declared_blocker(creature)

    # what rules emit
    def forbid(self, blocker: Permanent, attacker: Permanent, reason: Reason) -> None:
        self.compilation.forbidden.setdefault(Pair(blocker.id, attacker.id), []).append(reason)

    def cost(self, blocker: Permanent, cost: str, reason: Reason) -> None:
        self.compilation.costs.setdefault(blocker.id, []).append(Cost(blocker.id, cost, reason))

    def restrict(self, condition: Count, reason: Reason) -> None:
        self.compilation.restrictions.append(Restriction(condition, reason))

    def require(self, condition: Count, reason: Reason) -> None:
        self.compilation.requirements.append(Requirement(condition, reason))


class Rule(ABC):
    """One catalog entry. Subclasses set the class attributes and implement `compile`."""

    key: ClassVar[str]
    cr: ClassVar[str]
    kind: ClassVar[Kind]
    summary: ClassVar[str]
    messages: ClassVar[dict[str, Message]]

    def reason(self, code: str, **values: Permanent | str | int) -> Reason:
        if code not in self.messages:
            raise KeyError(f"rule {self.key} has no message {code!r}")
        objects = tuple(v.id for v in values.values() if isinstance(v, Permanent))
        flat = tuple((k, v.id if isinstance(v, Permanent) else str(v)) for k, v in values.items())
        return Reason(self.key, self.cr, code, objects, flat)

    @abstractmethod
    def compile(self, ctx: BlockContext) -> None: ...


class PairRestriction(Rule):
    """A restriction on single (blocker, attacker) pairs: most evasion abilities."""

    kind: ClassVar[Kind] = "restriction"

    def compile(self, ctx: BlockContext) -> None:
        for attacker in ctx.attackers:
            if not self.concerns(attacker):
                continue
            for blocker in ctx.blockers_of(attacker):
                reason = self.forbids(ctx, blocker, attacker)
                if reason is not None:
                    ctx.forbid(blocker, attacker, reason)

    def concerns(self, attacker: Permanent) -> bool:
        """Cheap filter: whether this rule can forbid any blocker of `attacker`."""
        return True

    @abstractmethod
    def forbids(self, ctx: BlockContext, blocker: Permanent, attacker: Permanent) -> Reason | None: ...


CATALOG: list[Rule] = []


def register(cls: type[Rule]) -> type[Rule]:
    """Add a rule to the catalog; the key must be unique."""
    if any(r.key == cls.key for r in CATALOG):
        raise ValueError(f"duplicate rule key {cls.key}")
    CATALOG.append(cls())
    return cls


def atoms_pairs(blocker_ids: list[str], attacker_id: str) -> tuple[Atom, ...]:
    return tuple(Pair(b, attacker_id) for b in blocker_ids)
