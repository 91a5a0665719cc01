"""The nearest optimum of a small model without CP-SAT: a depth-first branch and bound over each actor's choices.

On a 6x6 board CP-SAT costs about 1 ms (building the proto, the solver's set-up, the solve), most of a check
(docs/performance.md, "The CP-SAT model"). Small models are solved here first, exactly, over the same pairs and
counts as `optimum.RequirementModel`, with the same objective: the most requirements obeyed, then the fewest pairs
added or removed from the proposal.

- Each actor (a blocker, an attacking creature) chooses a set of its pairs: none, one, or as many as an
  unconditional "at most k" over all of its pairs allows. The counts about one actor alone (its "one attacker",
  "blocks each combat if able", "blocks the Lure") are settled per choice once, before the search: a choice that
  breaks such a restriction is dropped, and its requirements obeyed are its `own`.
- The other counts are kept up to date as actors choose (true atoms so far) and judged once every actor that
  decides them has chosen; an unconditional "at most" is judged as soon as it is exceeded.
- The bound of a node: the requirements obeyed so far, plus each actor still to choose at its best `own`, plus
  every multi-actor requirement not yet judged, capped by solver/shortcut.py's bound. When that bound equals the
  best found, every actor still to choose must take one of its best choices to tie, which bounds the distance.

The search is complete: when it finishes, its answer is the optimum and the nearest one (tests/test_small_search.py
checks both against brute force). It gives up (None: CP-SAT decides) past `MAX_NODES` choices tried, or on a model
beyond `MAX_PAIRS` pairs, or when an actor would have more than `MAX_CHOICES` choices: it only ever changes how fast
the answer comes.
"""

from __future__ import annotations

import itertools
import math
from collections import defaultdict
from dataclasses import dataclass

from .budget import Budget
from .ir import Acts, Atom, Compilation, Count, Pair, Receives

# A model with more pairs than this goes to CP-SAT: at 20x20 with requirements (about 90 pairs) the search still
# answered within its node limit on the bench boards; beyond, CP-SAT's LP bound prunes far better.
MAX_PAIRS = 128
# Choices tried before giving up. A tried choice costs a few microseconds; CP-SAT's small solve costs about 1 ms,
# so the search may cost at most about as much as CP-SAT would before it hands over.
MAX_NODES = 400
# An actor without a cap has every subset of its pairs as a choice: past this many, the search is not tried.
MAX_CHOICES = 64


class _GiveUp(Exception):
    """The node limit was reached: CP-SAT decides."""


@dataclass(slots=True)  # not frozen: a frozen dataclass is slower to make, and dozens are made per check
class _Choice:
    """One actor's pairs in a declaration, and what they do."""

    pairs: tuple[Pair, ...]
    own: int  # requirements about this actor alone that the choice obeys
    distance: int  # pairs added or removed against the proposal's pairs of this actor
    bumps: tuple[int, ...]  # shared counts with one more true atom per entry (its pairs, its acting)
    targets: tuple[str, ...]  # targets it makes receive (each may turn a `Receives` atom true)


@dataclass(frozen=True, slots=True)
class _Shared:
    """A count that more than one actor decides, judged once the last of them has chosen."""

    count: Count
    requirement: bool
    early_most: int | None  # an unconditional at_most: broken as soon as it is exceeded


@dataclass(frozen=True)
class SmallOptimum:
    """The optimum (`obeyed`) and a nearest declaration reaching it."""

    obeyed: int
    pairs: frozenset[Pair]


def small_optimum(
    compilation: Compilation,
    reference: frozenset[Pair],
    pairs: list[Pair],
    upper: int | None,
    budget: Budget,
) -> SmallOptimum | None:
    """The most requirements any restriction-obeying declaration over `pairs` obeys, and one such declaration
    nearest to `reference`; `upper` caps the optimum if known (solver/shortcut.py). None: the search gave up or
    found no declaration at all (CP-SAT decides)."""
    if len(pairs) > MAX_PAIRS:
        return None
    search = _Search.build(compilation, reference, pairs, upper, budget)
    if search is None:
        return None
    try:
        return search.run()
    except _GiveUp:
        return None


def _deciding(count: Count, pair_set: set[Pair], actors_to: dict[str, list[str]], owners: set[str]) -> set[str]:
    """The actors whose choices decide `count` (its atoms and its guard); an atom no pair can make true is false."""
    deciding: set[str] = set()
    atoms = count.atoms if count.only_if is None else (*count.atoms, count.only_if)
    for atom in atoms:
        if isinstance(atom, Pair):
            if atom in pair_set:
                deciding.add(atom.actor)
        elif isinstance(atom, Acts):
            if atom.actor in owners:
                deciding.add(atom.actor)
        else:
            deciding.update(actors_to.get(atom.target, ()))
    return deciding


class _AloneTest:
    """A count that one actor decides, ready to judge on each of its choices (any other pair in it is false: it is
    another actor's, or not in the model)."""

    __slots__ = ("acts", "at_least", "at_most", "guard", "pairs", "targets")

    def __init__(self, count: Count, actor: str) -> None:
        self.pairs = [a for a in count.atoms if isinstance(a, Pair)]
        self.acts = sum(1 for a in count.atoms if isinstance(a, Acts) and a.actor == actor)
        self.targets = [a.target for a in count.atoms if isinstance(a, Receives)]
        self.at_least = count.at_least
        self.at_most = count.at_most
        self.guard = None if count.only_if is None else _AloneTest(Count((count.only_if,), at_least=1), actor)

    def true_atoms(self, chosen: tuple[Pair, ...], targets: set[str]) -> int:
        n = self.acts if chosen else 0
        for pair in self.pairs:
            n += pair in chosen
        for target in self.targets:
            n += target in targets
        return n

    def holds(self, chosen: tuple[Pair, ...], targets: set[str]) -> bool:
        if self.guard is not None and not self.guard.holds(chosen, targets):
            return True
        n = self.true_atoms(chosen, targets)
        return not (
            (self.at_least is not None and n < self.at_least) or (self.at_most is not None and n > self.at_most)
        )


def _choices_of(
    actor: str,
    actor_pairs: list[Pair],
    cap: int,
    own: list[tuple[Count, bool]],
    proposed: set[Pair],
    shared_by_pair: dict[Pair, list[int]],
    acting: tuple[int, ...],
    budget: Budget,
) -> list[_Choice] | None:
    """An actor's choices: every set of at most `cap` of its pairs that obeys its own restrictions (`own`: the
    counts it alone decides, with whether each is a requirement), the most own requirements first, then the
    nearest, so that the first descent is a good declaration. None past MAX_CHOICES."""
    # counted before they are made: a blocker that can block any number of attackers has 2^n of them
    if sum(math.comb(len(actor_pairs), size) for size in range(min(cap, len(actor_pairs)) + 1)) > MAX_CHOICES:
        return None
    subsets = [subset for size in range(cap + 1) for subset in itertools.combinations(actor_pairs, size)]
    budget.tick(len(subsets) * (1 + len(own)))
    # Most requirements are one atom ("blocks the Lure", "blocks each combat"): counted per pair or for acting at
    # all. A restriction of pairs alone allowing `cap` or more ("one attacker per blocker") holds for every subset.
    per_pair: dict[Pair, int] = defaultdict(int)
    per_target: dict[str, int] = defaultdict(int)  # "must be blocked" that only this actor can block
    per_acting = 0
    requirement_tests: list[_AloneTest] = []
    restriction_tests: list[_AloneTest] = []
    for count, requirement in own:
        one_atom = count.at_least == 1 and count.at_most is None and count.only_if is None and len(count.atoms) == 1
        if requirement and one_atom and isinstance(count.atoms[0], Pair):
            per_pair[count.atoms[0]] += 1
        elif requirement and one_atom and isinstance(count.atoms[0], Acts):
            per_acting += 1
        elif requirement and one_atom and isinstance(count.atoms[0], Receives):
            per_target[count.atoms[0].target] += 1
        elif requirement:
            requirement_tests.append(_AloneTest(count, actor))
        elif not _within_cap(count, cap):
            restriction_tests.append(_AloneTest(count, actor))
    options = []
    for subset in subsets:
        targets = {p.target for p in subset}
        if restriction_tests and not all(test.holds(subset, targets) for test in restriction_tests):
            continue
        bumps: list[int] = []
        own_obeyed = 0
        for pair in subset:  # one loop, not four generators: an actor has dozens of subsets, a check hundreds
            bumps += shared_by_pair.get(pair, ())
            own_obeyed += per_pair.get(pair, 0)
        for target in targets:
            own_obeyed += per_target.get(target, 0)
        if subset:
            bumps += acting
            own_obeyed += per_acting
        if requirement_tests:
            own_obeyed += sum(1 for test in requirement_tests if test.holds(subset, targets))
        options.append(
            _Choice(subset, own_obeyed, len(proposed.symmetric_difference(subset)), tuple(bumps), tuple(targets))
        )
    options.sort(key=lambda c: (-c.own, c.distance))
    return options


def _holds_when_all_false(count: Count) -> bool:
    """A count no pair of the model decides: every atom, its guard among them, is false."""
    if count.only_if is not None:
        return True
    return not (
        (count.at_least is not None and count.at_least > 0) or (count.at_most is not None and count.at_most < 0)
    )


def _cap(count: Count, actor_pairs: list[Pair]) -> int:
    """How many of its pairs a restriction about one actor lets it declare: k for an unconditional "at most k"
    whose atoms include every one of them (others only make it stricter), else all."""
    unconditional = count.only_if is None and not count.at_least and count.at_most is not None
    if unconditional and count.at_most is not None and set(actor_pairs) <= set(count.atoms):
        return count.at_most
    return len(actor_pairs)


def _within_cap(count: Count, cap: int) -> bool:
    """Whether a count holds for every set of at most `cap` of its actor's pairs: distinct pairs only, at most `cap`
    or more of them."""
    return (
        count.only_if is None
        and not count.at_least
        and count.at_most is not None
        and count.at_most >= cap
        and all(isinstance(atom, Pair) for atom in count.atoms)
        and len(set(count.atoms)) == len(count.atoms)  # an atom named twice counts twice
    )


def _suffix_sums(values: list[int]) -> list[int]:
    """sums[k] = sum(values[k:]), for k up to len(values)."""
    sums = [0] * (len(values) + 1)
    for k in range(len(values) - 1, -1, -1):
        sums[k] = sums[k + 1] + values[k]
    return sums


class _Search:
    def __init__(
        self,
        choices: list[list[_Choice]],
        shared: list[_Shared],
        judged_at: list[list[int]],
        by_target: dict[str, list[int]],
        fixed: int,
        upper: int | None,
        budget: Budget,
    ) -> None:
        self.choices = choices
        self.shared = shared
        self.judged_at = judged_at  # shared counts judged after the actor at each depth has chosen
        self.by_target = by_target  # shared counts with a `Receives` atom, by target (once per occurrence)
        self.fixed = fixed  # requirements decided by no actor that hold
        self.budget = budget
        # bounds of what the actors from depth k on can still add: at their best, and the distance they need
        self.best_own = [max(c.own for c in actor) for actor in choices]
        self.own_after = _suffix_sums(self.best_own)
        self.near_after = _suffix_sums([min(c.distance for c in actor) for actor in choices])
        self.near_at_best_after = _suffix_sums(
            [
                min(c.distance for c in actor if c.own == best)
                for actor, best in zip(choices, self.best_own, strict=True)
            ]
        )
        # shared requirements judged at depth k or later
        self.requirements_after = _suffix_sums([sum(shared[i].requirement for i in judged) for judged in judged_at])
        self.upper = upper
        self.true = [0] * len(shared)
        self.received: dict[str, int] = defaultdict(int)
        self.picked: list[_Choice] = []
        self.best_obeyed = -1
        self.best_distance = 0
        self.best_pairs: frozenset[Pair] = frozenset()
        self.nodes = 0

    @classmethod
    def build(
        cls,
        compilation: Compilation,
        reference: frozenset[Pair],
        pairs: list[Pair],
        upper: int | None,
        budget: Budget,
    ) -> _Search | None:
        pair_set = set(pairs)
        by_actor: dict[str, list[Pair]] = defaultdict(list)
        actors_to: dict[str, list[str]] = defaultdict(list)  # target -> actors with a pair to it
        for pair in pairs:
            by_actor[pair.actor].append(pair)
            actors_to[pair.target].append(pair.actor)
        owners = set(by_actor)
        order = list(by_actor)
        depth_of = {actor: k for k, actor in enumerate(order)}

        # Every count, by the actors that decide it: one actor (settled per choice), none (a constant), or several.
        own: dict[str, list[tuple[Count, bool]]] = defaultdict(list)
        shared: list[_Shared] = []
        judged_at: list[list[int]] = [[] for _ in order]
        fixed = 0
        counts = [(r.condition, False) for r in compilation.restrictions]
        counts += [(r.condition, True) for r in compilation.requirements]
        cap = {actor: len(actor_pairs) for actor, actor_pairs in by_actor.items()}
        for count, requirement in counts:
            budget.tick(1 + len(count.atoms))
            deciding = _deciding(count, pair_set, actors_to, owners)
            if not deciding:
                holds = _holds_when_all_false(count)
                if requirement:
                    fixed += holds
                elif not holds:
                    return None  # no declaration obeys the restrictions: CP-SAT says so
            elif len(deciding) == 1:
                actor = next(iter(deciding))
                own[actor].append((count, requirement))
                if not requirement:
                    cap[actor] = min(cap[actor], _cap(count, by_actor[actor]))
            else:
                unconditional_most = count.at_most if count.only_if is None and not requirement else None
                judged_at[max(depth_of[a] for a in deciding)].append(len(shared))
                shared.append(_Shared(count, requirement, unconditional_most))

        # Where each shared count's atoms are, so a choice knows which counts it moves.
        shared_by_pair: dict[Pair, list[int]] = defaultdict(list)
        shared_by_actor: dict[str, list[int]] = defaultdict(list)
        shared_by_target: dict[str, list[int]] = defaultdict(list)
        for i, item in enumerate(shared):
            for atom in item.count.atoms:
                if isinstance(atom, Pair):
                    if atom in pair_set:
                        shared_by_pair[atom].append(i)
                elif isinstance(atom, Acts):
                    shared_by_actor[atom.actor].append(i)
                else:
                    shared_by_target[atom.target].append(i)

        choices: list[list[_Choice]] = []
        for actor in order:
            proposed = {p for p in by_actor[actor] if p in reference}
            acting = tuple(shared_by_actor.get(actor, ()))
            options = _choices_of(
                actor, by_actor[actor], cap[actor], own[actor], proposed, shared_by_pair, acting, budget
            )
            if not options:
                return None  # too many choices, or none obeys the actor's own restrictions: CP-SAT decides
            choices.append(options)
        return cls(choices, shared, judged_at, dict(shared_by_target), fixed, upper, budget)

    def run(self) -> SmallOptimum | None:
        self._descend(0, self.fixed, 0)
        if self.best_obeyed < 0:
            return None
        return SmallOptimum(self.best_obeyed, self.best_pairs)

    def _descend(self, depth: int, obeyed: int, distance: int) -> None:
        if depth == len(self.choices):
            if obeyed > self.best_obeyed or (obeyed == self.best_obeyed and distance < self.best_distance):
                self.best_obeyed, self.best_distance = obeyed, distance
                self.best_pairs = frozenset(p for choice in self.picked for p in choice.pairs)
            return
        after = depth + 1
        # what the actors after this one and the shared requirements not yet judged can still add
        later = self.own_after[after] + self.requirements_after[depth]
        for choice in self.choices[depth]:
            bound = obeyed + choice.own + later
            if self._hopeless(bound, distance + choice.distance, after):
                if bound < self.best_obeyed:
                    break  # the choices after this one obey no more of their own
                continue
            self.nodes += 1
            if self.nodes > MAX_NODES:
                raise _GiveUp
            self.budget.tick()
            self.picked.append(choice)  # before judging: a guard may be this very choice's
            gained = self._apply(choice, depth)
            if gained is not None:
                self._descend(after, obeyed + choice.own + gained, distance + choice.distance)
            self.picked.pop()
            self._undo(choice)

    def _hopeless(self, bound: int, distance: int, after: int) -> bool:
        """Whether no declaration below a node can beat the best found: fewer requirements at most, or as many
        at most and no nearer."""
        best = self.best_obeyed
        capped = bound if self.upper is None else min(bound, self.upper)
        if capped < best:
            return True
        if capped > best:
            return False
        # Tying needs every requirement the bound counts when bound == best: the actors after take their best.
        nearest = self.near_at_best_after[after] if bound == best else self.near_after[after]
        return distance + nearest >= self.best_distance

    def _apply(self, choice: _Choice, depth: int) -> int | None:
        """Add the choice's atoms; the shared requirements it settles that hold, or None if it breaks a
        restriction."""
        true = self.true
        shared = self.shared
        broken = False
        for i in choice.bumps:
            true[i] += 1
            most = shared[i].early_most
            if most is not None and true[i] > most:
                broken = True
        for target in choice.targets:
            self.received[target] += 1
            if self.received[target] == 1:
                for i in self.by_target.get(target, ()):
                    true[i] += 1
                    most = shared[i].early_most
                    if most is not None and true[i] > most:
                        broken = True
        if broken:
            return None
        gained = 0
        for i in self.judged_at[depth]:
            item = shared[i]
            holds = self._holds(item.count, true[i])
            if item.requirement:
                gained += holds
            elif not holds:
                return None
        return gained

    def _undo(self, choice: _Choice) -> None:
        true = self.true
        for i in choice.bumps:
            true[i] -= 1
        for target in choice.targets:
            self.received[target] -= 1
            if self.received[target] == 0:
                for i in self.by_target.get(target, ()):
                    true[i] -= 1

    def _holds(self, count: Count, true_atoms: int) -> bool:
        guard = count.only_if
        if guard is not None and not self._value(guard):
            return True
        if count.at_least is not None and true_atoms < count.at_least:
            return False
        return not (count.at_most is not None and true_atoms > count.at_most)

    def _value(self, atom: Atom) -> bool:
        """An atom's value once every actor deciding it has chosen."""
        if isinstance(atom, Pair):
            return any(atom in choice.pairs for choice in self.picked)
        if isinstance(atom, Acts):
            return any(choice.pairs and choice.pairs[0].actor == atom.actor for choice in self.picked)
        return self.received.get(atom.target, 0) > 0
