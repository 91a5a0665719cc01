"""What a rule is: a small unit that knows its CR number, its messages, and how to compile itself."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections import defaultdict
from typing import Any, ClassVar, Generic, TypeVar

from ...models import Permanent
from ...models.abilities import Keyword
from ...models.cached import cached
from ...models.filters import CreatureFilter
from ...models.snapshot import Step
from ..board import Board
from ..budget import Budget, check_pair_count
from ..ir import Acts, Compilation, Cost, Count, Kind, Pair, Reason, Receives, Requirement, Restriction, Value
from ..text import Message as Message
from ..text import Plural as Plural

# Pair(actor, target) without the named tuple's Python-level __new__: a 200x200 board makes 40,000 of them.
_pair = tuple.__new__


class Context:
    """What rules compile into: candidate pairs (actor, target) and the emitters for forbidden pairs, costs,
    restrictions and requirements. Every emitter counts its atoms against the check's `budget` (size and time)."""

    def __init__(self, board: Board, candidates: dict[Pair, None], budget: Budget) -> None:
        self.board = board
        self.budget = budget
        self.compilation = Compilation(candidate_pairs=list(candidates))
        by_target: dict[str, list[Permanent]] = defaultdict(list)
        by_actor: dict[str, list[str]] = defaultdict(list)
        pairs_by_actor: dict[str, list[Pair]] = defaultdict(list)
        permanents = board.permanents  # a dict read, not Board.__getitem__: a huge board has a million pairs
        for pair in candidates:
            actor, target = pair
            by_target[target].append(permanents[actor])
            by_actor[actor].append(target)
            pairs_by_actor[actor].append(pair)
        self._by_target, self._by_actor, self._pairs_by_actor = by_target, by_actor, pairs_by_actor
        budget.tick(len(candidates))
        self._actors = [permanents[a] for a in by_actor]

    @property
    def actors(self) -> list[Permanent]:
        return self._actors

    def targets_of(self, actor: Permanent) -> list[str]:
        return self._by_actor.get(actor.id, [])

    def pairs_of(self, actor: Permanent) -> tuple[Pair, ...]:
        """The candidate pairs of `actor`, in the order of `targets_of` (the same objects, not copies: a huge
        board holds a million of them)."""
        return tuple(self._pairs_by_actor.get(actor.id, ()))

    def actors_of(self, target: str) -> list[Permanent]:
        return self._by_target.get(target, [])

    def matches(self, flt: CreatureFilter, creature: Permanent, this: Permanent | None = None) -> bool:
        """`flt.matches`, each node it looks at counted against the clock (a filter can hold 100,000 nodes)."""
        return flt.matches(creature, this, self.budget.tick)

    @cached
    def actor_weight(self) -> int:
        """The weights (Board.weight) of every actor together: what a rule reading the actor's abilities for each
        of its pairs may look at, at most, on a row of pairs."""
        return sum(self.board.weight(a) for a in self._actors)

    def forbid(self, actor: Permanent, target: str, reason: Reason) -> None:
        self.budget.spend(1)
        self.compilation.forbidden.setdefault(Pair(actor.id, target), []).append(reason)

    def cost(self, actor: Permanent, cost: str, reason: Reason, target: str | None = None) -> None:
        self.budget.spend(1)
        self.compilation.costs.append(Cost(actor.id, target, cost, reason))

    def restrict(self, condition: Count, reason: Reason) -> None:
        self.budget.spend(1 + len(condition.atoms))
        self.compilation.restrictions.append(Restriction(condition, reason))

    def require(self, condition: Count, reason: Reason) -> None:
        self.budget.spend(1 + len(condition.atoms))
        self.compilation.requirements.append(Requirement(condition, reason))

    def reject_proposal(self, reason: Reason) -> None:
        self.compilation.proposal_only.append(reason)

    def companions(self, actor: Permanent) -> list[Permanent]:
        """The other creatures whose declaration counts with `actor`'s ("alone", "unless N others ...")."""
        self.budget.tick(len(self._actors))
        return [a for a in self._actors if a.id != actor.id]

    def restrict_company(
        self,
        actor: Permanent,
        company: list[Permanent],
        reason: Reason,
        *,
        at_least: int | None = None,
        at_most: int | None = None,
    ) -> None:
        """If `actor` is declared, between `at_least` and `at_most` of `company` are declared too (506.5 "alone",
        Orcish Conscripts, Okk)."""
        atoms = tuple(Acts(c.id) for c in company)
        self.restrict(Count(atoms, at_least=at_least, at_most=at_most, only_if=Acts(actor.id)), reason)


class BlockContext(Context):
    """Declare blockers: pairs (blocker, attacker)."""

    def __init__(self, board: Board, proposal_pairs: list[Pair], budget: Budget) -> None:
        by_group: dict[str, list[Permanent]] = defaultdict(list)
        budget.tick(len(board.defending_side) + len(board.attackers) + len(proposal_pairs))
        for creature in board.defending_side:
            by_group[board.block_group(creature.controller)].append(creature)
        groups = {a.id: board.block_group(d) for a in board.attackers if (d := board.defender_of.get(a.id)) is not None}
        ids = {group: [b.id for b in blockers] for group, blockers in by_group.items()}  # read once, not per pair
        blockable = [(a.id, ids.get(groups[a.id], [])) for a in board.attackers if a.id in groups]
        side = {c.id: board.block_group(c.controller) for c in board.defending_side}
        # The proposal may name pairs no rule would consider (a blocker of another player): those count too.
        others = sum(1 for p in proposal_pairs if p.target not in groups or side.get(p.actor) != groups[p.target])
        count = sum(len(blockers) for _, blockers in blockable) + others
        check_pair_count(count, len(board.defending_side), len(board.attackers), "declare_blockers")
        candidates: dict[Pair, None] = {}
        for attacker, blockers in blockable:
            budget.tick(len(blockers))
            for blocker in blockers:
                candidates[_pair(Pair, (blocker, attacker))] = None
        for pair in proposal_pairs:
            candidates[pair] = None
        super().__init__(board, candidates, budget)

    @property
    def attackers(self) -> list[Permanent]:
        return self.board.attackers

    def attackers_with(self, keyword: Keyword) -> list[Permanent]:
        return [a for a in self.board.attackers if a.has_keyword(keyword)]

    def blockers_of(self, attacker: Permanent) -> list[Permanent]:
        """Every permanent that a declaration could name as blocking `attacker`."""
        return self.actors_of(attacker.id)

    def blocked_by(self, blocker: Permanent) -> list[Permanent]:
        return [self.board[a] for a in self.targets_of(blocker)]

    @property
    def blockers(self) -> list[Permanent]:
        return self.actors

    def blocking(self, blocker: str, attacker: str) -> tuple[Pair, ...]:
        """The pairs by which `blocker` ends up blocking `attacker`: blocking it, or blocking another member of its
        attacking band (702.22h)."""
        return tuple(Pair(blocker, member) for member in self.board.band_of(attacker))

    def blocked(self, attacker: str) -> tuple[Receives, ...]:
        """The atoms by which `attacker` ends up blocked: it, or a member of its band, is blocked (702.22h)."""
        return tuple(Receives(member) for member in self.board.band_of(attacker))

    def groups(self) -> list[list[Permanent]]:
        """Blockers by who declares them together: each defending player (802.4b), or a team (805.10d)."""
        by_group: dict[str, list[Permanent]] = defaultdict(list)
        self.budget.tick(len(self.actors))
        for blocker in self.actors:
            by_group[self.board.block_group(blocker.controller)].append(blocker)
        return list(by_group.values())

    def companions(self, actor: Permanent) -> list[Permanent]:
        """The other blockers of the same declaration: a player's own (802.4b) or the team's (805.10d)."""
        group = self.board.block_group(actor.controller)
        self.budget.tick(len(self.actors))
        return [b for b in self.actors if b.id != actor.id and self.board.block_group(b.controller) == group]

    def exempt(self, creature: Permanent) -> bool:
        """Tapped creatures (and anything that can't be declared) are exempt from requirements (old 500.3)."""
        return not self.board.may_be_declared_blocker(creature)


class AttackContext(Context):
    """Declare attackers: pairs (attacking creature, player / planeswalker / battle)."""

    def __init__(self, board: Board, proposal_pairs: list[Pair], budget: Budget) -> None:
        creatures, targets = board.attack_candidates, board.attack_targets
        budget.tick(len(proposal_pairs))
        ids = {c.id for c in creatures}
        others = sum(1 for p in proposal_pairs if p.actor not in ids or p.target not in targets)
        check_pair_count(len(creatures) * len(targets) + others, len(creatures), len(targets), "declare_attackers")
        candidates: dict[Pair, None] = {}
        for creature in creatures:
            budget.tick(len(targets))
            for target in targets:
                candidates[Pair(creature.id, target)] = None
        for pair in proposal_pairs:
            candidates[pair] = None
        super().__init__(board, candidates, budget)

    @property
    def creatures(self) -> list[Permanent]:
        """Every creature a declaration could name as an attacker."""
        return self.actors

    def defender_of(self, target: str) -> str | None:
        """The defending player an attack on `target` is against (508.5)."""
        return self.board.attack_targets.get(target) or self.board.defender_for_target(target)

    def is_player_or_their_planeswalker(self, target: str, player: str) -> bool:
        """ "You or a planeswalker you control" (Propaganda's kin, Trove of Temptation): a battle the player protects
        is neither (310.8)."""
        if target == player:
            return True
        perm = self.board.permanents.get(target)
        return perm is not None and perm.is_planeswalker and perm.controller == player

    def exempt(self, creature: Permanent) -> bool:
        """Tapped, summoning-sick, phased-out or non-creature permanents are exempt from requirements (508.1d)."""
        return not self.board.may_be_declared_attacker(creature)


C = TypeVar("C", bound=Context)


class Rule(ABC, Generic[C]):
    """One catalog entry. Subclasses set the class attributes and implement `compile`."""

    key: ClassVar[str]
    cr: ClassVar[str]
    kind: ClassVar[Kind]
    step: ClassVar[Step]
    # The ability and effect words this rule reads; a board with none of them skips it. Empty: always compiled.
    reads: ClassVar[frozenset[str]] = frozenset()
    summary: ClassVar[str]
    messages: ClassVar[dict[str, Message]]

    def reason(self, code: str, **values: Permanent | Value) -> Reason:
        """A reason for message `code`; permanents are named by id (and listed as its objects), numbers stay numbers
        (plural forms follow them), terms are put into words when the reason is explained."""
        if code not in self.messages:
            raise KeyError(f"rule {self.key} has no message {code!r}")
        objects: list[str] = []
        flat: list[tuple[str, Value]] = []
        for name, value in values.items():
            if isinstance(value, Permanent):
                objects.append(value.id)
                flat.append((name, value.id))
            else:
                flat.append((name, value))
        return Reason(self.key, self.cr, code, tuple(objects), tuple(flat))

    @abstractmethod
    def compile(self, ctx: C) -> None: ...


class BlockRule(Rule[BlockContext]):
    """A rule of the declare blockers step (509.1)."""

    step: ClassVar[Step] = "declare_blockers"


class AttackRule(Rule[AttackContext]):
    """A rule of the declare attackers step (508.1)."""

    step: ClassVar[Step] = "declare_attackers"


class PairRestriction(BlockRule):
    """A restriction on single (blocker, attacker) pairs: most evasion abilities."""

    kind: ClassVar[Kind] = "restriction"

    def compile(self, ctx: BlockContext) -> None:
        if not self.relevant(ctx):
            return
        attackers = [a for a in ctx.attackers if self.concerns(a)]
        if not attackers:
            return
        every_blocker = type(self).concerns_blocker is PairRestriction.concerns_blocker
        blockers = set() if every_blocker else {b.id for b in ctx.blockers if self.concerns_blocker(b)}
        if not every_blocker and not blockers:
            return
        if not every_blocker and len(blockers) < len(attackers):
            self.compile_by_blocker(ctx, attackers, blockers)
        else:
            self.compile_by_attacker(ctx, attackers, None if every_blocker else blockers)

    def compile_by_attacker(self, ctx: BlockContext, attackers: list[Permanent], blockers: set[str] | None) -> None:
        """Forbid the pairs of these attackers with the blockers of `blockers` (None: every blocker), attacker by
        attacker."""
        for attacker in attackers:
            # every pair may read the attacker's abilities and the blocker's (filters count their own nodes)
            ctx.budget.tick(len(ctx.blockers_of(attacker)) * ctx.board.weight(attacker) + ctx.actor_weight)
            for blocker in ctx.blockers_of(attacker):
                if blockers is None or blocker.id in blockers:
                    reason = self.forbids(ctx, blocker, attacker)
                    if reason is not None:
                        ctx.forbid(blocker, attacker.id, reason)

    def compile_by_blocker(self, ctx: BlockContext, attackers: list[Permanent], blockers: set[str]) -> None:
        """The same as `compile_by_attacker`, from the few blockers concerned (a creature that can't block) rather
        than from every attacker's blockers: on a 200x200 board, 4 blockers' 800 pairs instead of 40,000."""
        concerned = {a.id: a for a in attackers}
        attackers_weight = sum(ctx.board.weight(a) for a in attackers)
        for blocker in ctx.blockers:
            if blocker.id not in blockers:
                continue
            targets = ctx.targets_of(blocker)
            ctx.budget.tick(len(targets) * ctx.board.weight(blocker) + attackers_weight)
            for target in targets:
                attacker = concerned.get(target)
                if attacker is not None:
                    reason = self.forbids(ctx, blocker, attacker)
                    if reason is not None:
                        ctx.forbid(blocker, attacker.id, reason)

    # Cheap filters, so a board pays only for the abilities in play.
    def relevant(self, ctx: BlockContext) -> bool:
        """Whether this rule can forbid anything on this board."""
        return True

    def concerns(self, attacker: Permanent) -> bool:
        """Whether this rule can forbid any blocker of `attacker`."""
        return True

    def concerns_blocker(self, blocker: Permanent) -> bool:
        """Whether this rule can forbid `blocker` from blocking anything."""
        return True

    @abstractmethod
    def forbids(self, ctx: BlockContext, blocker: Permanent, attacker: Permanent) -> Reason | None: ...


class AttackPairRestriction(AttackRule):
    """A restriction on single (creature, target) pairs of an attack."""

    kind: ClassVar[Kind] = "restriction"

    def compile(self, ctx: AttackContext) -> None:
        for creature in ctx.creatures:
            ctx.budget.tick(len(ctx.targets_of(creature)) * (ctx.board.weight(creature) + self.pair_weight(ctx)))
            for target in ctx.targets_of(creature):
                reason = self.forbids(ctx, creature, target)
                if reason is not None:
                    ctx.forbid(creature, target, reason)

    def pair_weight(self, ctx: AttackContext) -> int:
        """What `forbids` looks at for one pair besides the creature's abilities (effects on the board)."""
        return 1

    @abstractmethod
    def forbids(self, ctx: AttackContext, creature: Permanent, target: str) -> Reason | None: ...


CATALOG: list[Rule[Any]] = []
R = TypeVar("R", bound=type[Rule[Any]])


def register(cls: R) -> R:
    """Add a rule to the catalog; the key must be unique."""
    if any(r.key == cls.key for r in CATALOG):
        raise ValueError(f"duplicate rule key {cls.key}")
    CATALOG.append(cls())
    return cls
