"""An upper bound on the requirements any declaration can obey, and an exact way past CP-SAT when it is reached.

The bound (`requirement_bound`): a creature that a restriction allows at most one target (a blocker that blocks
one attacker, a creature attacking one player, planeswalker or battle) obeys at most the best of what one choice of
target gives among the requirements that are about it alone ("sentry blocks", "sentry blocks the Lure"); any other
requirement counts once if some declaration over the available pairs could obey it on its own. If one of those
can only be obeyed by pairs that take a creature below its best ("must be blocked" when every blocker has a Lure
to block), one requirement is lost whatever is declared ("costly"): the bound is one less. A proposal that reaches
the bound is optimal without a search.

The shortcut (`nearest_optimum`): if adding pairs to the proposal reaches a declaration that breaks no
restriction and obeys `upper` requirements, no declaration obeys more: it is an optimum, and every optimum obeys
every requirement counted alone and the best of each creature's own. It is also the nearest optimum when it adds
no more pairs than a lower bound on the changes any optimum needs: each requirement (or creature's group) the
proposal falls short on needs one of the pairs it is about changed, so those whose pairs do not overlap need as
many distinct changes.

When a proof fails (a restriction in the way, the bound not reached, more pairs added than the lower bound, a
proposal that itself breaks a restriction, a costly bound, which no optimum reaches in every part), the shortcut
gives up and CP-SAT decides, so it never changes an answer, only how fast it comes. Measured in
docs/performance.md ("Third round").
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from .budget import Budget
from .ir import Acts, Atom, Compilation, Count, Pair, Receives

# Beyond this many additions the search would cost more than CP-SAT (each one scans the candidate pairs).
MAX_ADDITIONS = 32
# Beyond this many available pairs each requirement counts alone and the shortcut is not tried: on a 200 x 200
# check the groups cost about 4 % (133 M instructions) and indexing every count for the shortcut 6 %, and neither
# spared it CP-SAT (bound 244, optimum 218): on large boards, where CP-SAT's share is largest, they are not worth
# their cost (docs/performance.md, "Third round").
GROUPS_MAX_PAIRS = 2_500


@dataclass(frozen=True)
class Bound:
    """`upper` caps the requirements any declaration over the pairs obeys. `groups`: the requirements about one
    creature alone, by creature, and `group_best` the most of them one choice of target obeys; `loose`: every other
    requirement some declaration might obey, each judged alone; `costly`: one of those is lost whatever is
    declared."""

    upper: int
    groups: dict[str, list[int]]
    group_best: dict[str, int]
    loose: list[int]
    costly: bool = False  # one requirement is lost whatever is declared, and `upper` counts it so

    @property
    def counted(self) -> list[int]:
        """Every requirement an optimum might obey."""
        return sorted(self.loose + [i for group in self.groups.values() for i in group])


def _one_target_actors(compilation: Compilation, by_actor: dict[str, list[Pair]]) -> set[str]:
    """Actors a restriction allows at most one of their available pairs: an unconditional `at_most` 1 whose atoms
    include all of them (other atoms in it only make it stricter)."""
    single: set[str] = set()
    for restriction in compilation.restrictions:
        count = restriction.condition
        if count.at_most != 1 or count.at_least is not None or count.only_if is not None or not count.atoms:
            continue
        first = count.atoms[0]
        if (
            isinstance(first, Pair)
            and first.actor not in single
            and set(by_actor.get(first.actor, ())) <= set(count.atoms)
        ):
            single.add(first.actor)
    return single


def _about_one_actor(count: Count) -> str | None:
    """The actor a count is about when every atom is one of its pairs or its acting (and no guard)."""
    actor = None
    for atom in count.atoms:
        if isinstance(atom, Receives) or (actor is not None and atom.actor != actor):
            return None
        actor = atom.actor
    return actor if count.only_if is None else None


def _holds_with(count: Count, choice: Pair | None) -> bool:
    """Whether a count about one actor holds when that actor's only pair is `choice` (None: it is not declared)."""
    if len(count.atoms) == 1 and count.at_least == 1 and count.at_most is None:  # most requirements: one atom
        atom = count.atoms[0]
        return atom == choice if isinstance(atom, Pair) else choice is not None
    n = sum(1 for a in count.atoms if (a == choice if isinstance(a, Pair) else choice is not None))
    return not (
        (count.at_least is not None and n < count.at_least) or (count.at_most is not None and n > count.at_most)
    )


def requirement_bound(compilation: Compilation, pairs: Sequence[Pair]) -> Bound:
    """The bound of the module docstring over `pairs` (those paying no more than the proposal:
    `Compilation.available_pairs`)."""
    if not compilation.requirements:
        return Bound(0, {}, {}, [])
    available = set(pairs)
    by_actor: dict[str, list[Pair]] = defaultdict(list)
    if len(pairs) > GROUPS_MAX_PAIRS:
        about: list[str | None] = [None] * len(compilation.requirements)
        actors = {p.actor for p in pairs}
    else:
        about = [_about_one_actor(r.condition) for r in compilation.requirements]
        for pair in pairs:
            by_actor[pair.actor].append(pair)
        actors = set(by_actor)
    targets = {p.target for p in pairs}
    single = _one_target_actors(compilation, by_actor) if any(about) else set()

    def possible(atom: object) -> bool:
        if isinstance(atom, Pair):
            return atom in available
        if isinstance(atom, Acts):
            return atom.actor in actors
        if isinstance(atom, Receives):
            return atom.target in targets
        return False

    groups: dict[str, list[int]] = defaultdict(list)
    loose = []
    for i, requirement in enumerate(compilation.requirements):
        count = requirement.condition
        actor = about[i]
        if actor in single:
            groups[actor].append(i)
        elif sum(1 for a in count.atoms if possible(a)) >= (count.at_least or 0):
            loose.append(i)
    best: dict[str, int] = {}
    obeys: dict[str, tuple[set[Pair], dict[Pair | None, int], Pair | None]] = {}  # what each choice obeys
    for actor, group in groups.items():
        named = {a for i in group for a in compilation.requirements[i].condition.atoms if isinstance(a, Pair)}
        choices: list[Pair | None] = [None, *(p for p in named if p in available)]
        unnamed = next((p for p in by_actor[actor] if p not in named), None)  # every other pair counts alike
        if unnamed is not None:
            choices.append(unnamed)
        obeyed = {c: sum(1 for i in group if _holds_with(compilation.requirements[i].condition, c)) for c in choices}
        best[actor] = max(obeyed.values())
        obeys[actor] = (named, obeyed, unnamed)
    upper = len(loose) + sum(best.values())
    costly = False
    if groups and loose:
        # A loose requirement that every pair able to obey it would take from a creature's best group ("must be
        # blocked" when every blocker has a Lure to block): obeyed or not, one requirement is lost.
        by_target: dict[str, list[Pair]] = defaultdict(list)
        for pair in pairs:
            by_target[pair.target].append(pair)

        def free(pair: Pair) -> bool:
            """Declaring `pair` leaves its creature's group at its best (or the creature has no group)."""
            if pair.actor not in obeys:
                return True
            named, obeyed, unnamed = obeys[pair.actor]
            return obeyed[pair if pair in named else unnamed] >= best[pair.actor]

        for i in loose:
            count = compilation.requirements[i].condition
            if count.at_least != 1 or count.at_most is not None or count.only_if is not None:
                continue
            able = [
                p
                for atom in count.atoms
                for p in (
                    ([atom] if atom in available else [])
                    if isinstance(atom, Pair)
                    else by_actor[atom.actor]
                    if isinstance(atom, Acts)
                    else by_target[atom.target]
                )
            ]
            if not any(free(p) for p in able):
                costly = True
                break
    return Bound(upper - costly, dict(groups), best, loose, costly)


class _Declaration:
    """A declaration grown pair by pair, with the number of true atoms of every count kept up to date (atoms are
    looked up by their pair, actor or target: building an `Acts` per look-up would cost more than the rest)."""

    def __init__(self, counts: list[Count], pairs: Iterable[Pair]) -> None:
        self.counts = counts
        self.pairs: set[Pair] = set()
        self.actors: dict[str, int] = defaultdict(int)
        self.targets: dict[str, int] = defaultdict(int)
        # count indexes by atom, once per occurrence; guards (`only_if`) apart
        self.by_pair: dict[Pair, list[int]] = defaultdict(list)
        self.by_actor: dict[str, list[int]] = defaultdict(list)
        self.by_target: dict[str, list[int]] = defaultdict(list)
        self.guard_pair: dict[Pair, list[int]] = defaultdict(list)
        self.guard_actor: dict[str, list[int]] = defaultdict(list)
        self.guard_target: dict[str, list[int]] = defaultdict(list)
        for i, count in enumerate(counts):
            for atom in count.atoms:
                self._index(atom, i, self.by_pair, self.by_actor, self.by_target)
            if count.only_if is not None:
                self._index(count.only_if, i, self.guard_pair, self.guard_actor, self.guard_target)
        self.true = [0] * len(counts)
        for pair in pairs:
            self.add(pair)

    @staticmethod
    def _index(
        atom: Atom,
        i: int,
        by_pair: dict[Pair, list[int]],
        by_actor: dict[str, list[int]],
        by_target: dict[str, list[int]],
    ) -> None:
        if isinstance(atom, Pair):
            by_pair[atom].append(i)
        elif isinstance(atom, Acts):
            by_actor[atom.actor].append(i)
        else:
            by_target[atom.target].append(i)

    def value(self, atom: Atom) -> bool:
        if isinstance(atom, Pair):
            return atom in self.pairs
        if isinstance(atom, Acts):
            return self.actors[atom.actor] > 0
        return self.targets[atom.target] > 0

    def holds(self, i: int, extra: int = 0, guard: bool = False) -> bool:
        """Whether count `i` holds with `extra` more true atoms (and its guard made true if `guard`)."""
        count = self.counts[i]
        if count.only_if is not None and not guard and not self.value(count.only_if):
            return True
        n = self.true[i] + extra
        if count.at_least is not None and n < count.at_least:
            return False
        return not (count.at_most is not None and n > count.at_most)

    def touched(self, pair: Pair) -> tuple[list[int], list[int]]:
        """The counts adding `pair` changes: one entry per atom of theirs it turns true, and those whose guard
        it turns true."""
        extra = list(self.by_pair.get(pair, ()))
        guarded = list(self.guard_pair.get(pair, ()))
        if not self.actors.get(pair.actor):
            extra += self.by_actor.get(pair.actor, ())
            guarded += self.guard_actor.get(pair.actor, ())
        if not self.targets.get(pair.target):
            extra += self.by_target.get(pair.target, ())
            guarded += self.guard_target.get(pair.target, ())
        return extra, guarded

    def add(self, pair: Pair) -> None:
        extra, _ = self.touched(pair)
        for i in extra:
            self.true[i] += 1
        self.pairs.add(pair)
        self.actors[pair.actor] += 1
        self.targets[pair.target] += 1


def nearest_optimum(
    compilation: Compilation, proposal: frozenset[Pair], available: list[Pair], bound: Bound, budget: Budget
) -> frozenset[Pair] | None:
    """A declaration over `available` that breaks no restriction, obeys `bound.upper` requirements (so no
    declaration obeys more), and is as near to `proposal` as any that does (fewest pairs added or removed), proven
    so without a search; None when a proof fails (module docstring)."""
    if bound.costly:
        return None  # some unit falls short of its best in every optimum: the proofs below do not hold
    if len(available) > GROUPS_MAX_PAIRS:
        return None  # large boards: indexing every count would cost more than it is likely to save
    allowed = set(available)
    start = proposal & allowed
    restrictions = [r.condition for r in compilation.restrictions]
    counted = bound.counted
    counts = restrictions + [compilation.requirements[i].condition for i in counted]
    budget.tick(sum(len(c.atoms) for c in counts))
    declaration = _Declaration(counts, start)
    first = len(restrictions)  # counts[first:] are the requirements
    if not all(declaration.holds(i) for i in range(first)):
        return None  # the proposal's own pairs break a restriction: which to take away is CP-SAT's to find
    missing = initially_missing = {i for i in range(first, len(counts)) if not declaration.holds(i)}
    obeyed = len(counts) - first - len(missing)
    if bound.upper - obeyed > MAX_ADDITIONS:
        return None
    by_actor: dict[str, list[Pair]] = defaultdict(list)
    by_target: dict[str, list[Pair]] = defaultdict(list)
    for pair in available:
        by_actor[pair.actor].append(pair)
        by_target[pair.target].append(pair)

    def pairs_of(atom: Atom) -> list[Pair]:
        """The available pairs whose presence decides `atom`."""
        if isinstance(atom, Pair):
            return [atom] if atom in allowed else []
        return by_actor[atom.actor] if isinstance(atom, Acts) else by_target[atom.target]

    # Most constrained first: the missing requirement with the fewest pairs left to obey it takes the one of them
    # that obeys the most; one that cannot be obeyed is left, if its creature's group can spare it.
    position = {requirement: first + k for k, requirement in enumerate(counted)}
    must = {position[i] for i in bound.loose}
    group_of = {position[i]: actor for actor, group in bound.groups.items() for i in group}
    spare = {actor: len(group) - bound.group_best[actor] for actor, group in bound.groups.items()}
    spans = {i: [p for atom in counts[i].atoms for p in pairs_of(atom)] for i in missing}
    left: set[int] = set()
    added = 0
    while obeyed < bound.upper:
        open_ = [(sum(1 for p in spans[i] if p not in declaration.pairs), i) for i in missing if i not in left]
        if not open_ or added == MAX_ADDITIONS:
            return None
        _, i = min(open_)
        best: tuple[int, Pair] | None = None
        for pair in spans[i]:
            budget.tick()
            if pair not in declaration.pairs:
                gain = _gain(declaration, pair, missing)
                if gain and (best is None or gain > best[0]):
                    best = (gain, pair)
        if best is None:
            if i in must or spare[group_of[i]] == 0:
                return None
            spare[group_of[i]] -= 1
            left.add(i)
            continue
        declaration.add(best[1])
        added += 1
        obeyed += best[0]
        missing = {i for i in missing if not declaration.holds(i)}

    # The changes any optimum needs: every loose requirement the proposal misses, every creature whose group the
    # proposal leaves short of its best; each is about its own pairs, and those whose pairs do not overlap need
    # a change each.
    changes = [set(spans[position[i]]) for i in bound.loose if position[i] in initially_missing]
    for actor, group in bound.groups.items():
        if sum(1 for i in group if position[i] not in initially_missing) < bound.group_best[actor]:
            changes.append(set(by_actor[actor]))
    used: set[Pair] = set()
    needed = 0
    for span in sorted(changes, key=len):
        if span.isdisjoint(used):
            used |= span
            needed += 1
    return frozenset(declaration.pairs) if added <= needed else None


def _gain(declaration: _Declaration, pair: Pair, missing: set[int]) -> int:
    """How many missing requirements adding `pair` obeys; 0 if it breaks a restriction or an obeyed requirement."""
    extra, guarded = declaration.touched(pair)
    more: dict[int, int] = {}
    for i in extra:
        more[i] = more.get(i, 0) + 1
    for i in guarded:
        more.setdefault(i, 0)
    gain = 0
    for i, n in more.items():
        holds = declaration.holds(i, n, i in guarded)
        if i in missing:
            gain += holds
        elif not holds:
            return 0
    return gain
