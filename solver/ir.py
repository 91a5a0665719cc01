"""The intermediate form every rule compiles into, evaluated directly on a proposal or handed to CP-SAT.

A declaration is a set of pairs (actor, target): a blocker and the attacker it blocks, or an attacking creature and
the player, planeswalker or battle it attacks. An atom is a yes/no fact about a declaration ("bear blocks brute",
"sentry blocks", "brute is blocked"). A constraint says how many of its atoms are true, optionally only when another
atom is true. One form for both the direct check and the solver means they cannot disagree about a rule.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal, NamedTuple

from .text import Term


class Pair(NamedTuple):
    """`actor` is declared against `target`: a blocker blocks an attacker, or an attacker attacks a target.
    (A tuple: pairs are hashed in every set and dict of the compilation, and tuples hash fastest.)"""

    actor: str
    target: str


@dataclass(frozen=True, slots=True)
class Acts:
    """`actor` is declared at all (it blocks, or it attacks)."""

    actor: str


@dataclass(frozen=True, slots=True)
class Receives:
    """`target` is in at least one pair (an attacker is blocked, a player or planeswalker is attacked)."""

    target: str


Atom = Pair | Acts | Receives


# What a reason names: an object or player id (or a text given in the snapshot), a number, or a term that reads
# differently in each language (a filter, a protection quality, a landwalk, an effect's source).
Value = str | int | Term


class Reason(NamedTuple):
    """Why: the rule (its catalog key and CR number), a message code, and the objects and values it names. (A tuple:
    a huge board makes one for each of its forbidden pairs, and a tuple is made in a third of a frozen dataclass's
    time.)"""

    rule: str
    cr: str
    code: str
    objects: tuple[str, ...] = ()
    values: tuple[tuple[str, Value], ...] = ()

    def params(self) -> dict[str, Value]:
        return dict(self.values)


@dataclass(frozen=True, slots=True)
class Count:
    """`at_least <= number of true atoms <= at_most`, enforced only when `only_if` is true (if given)."""

    atoms: tuple[Atom, ...]
    at_least: int | None = None
    at_most: int | None = None
    only_if: Atom | None = None

    def holds(self, truth: Truth) -> bool:
        true = truth.true
        if self.only_if is not None and self.only_if not in true:
            return True
        n = sum(map(true.__contains__, self.atoms))  # an atom named twice counts twice
        if self.at_least is not None and n < self.at_least:
            return False
        return not (self.at_most is not None and n > self.at_most)


@dataclass(frozen=True, slots=True)
class Restriction:
    condition: Count
    reason: Reason


@dataclass(frozen=True, slots=True)
class Requirement:
    """One requirement (it counts once); `condition` holds when it is obeyed."""

    condition: Count
    reason: Reason


@dataclass(frozen=True, slots=True)
class Cost:
    """A cost to declare `actor` (once, whatever it is declared against), or to declare the pair (actor, target)
    when `target` is given (Propaganda: per creature attacking that player). Nobody has to pay (508.1d, 509.1c), so
    the optimum may declare only what carries no cost or costs the proposal pays (`available_pairs`)."""

    actor: str
    target: str | None
    cost: str
    reason: Reason


@dataclass
class Truth:
    """The atoms' values in one concrete declaration."""

    pairs: frozenset[Pair]
    # every true atom: the pairs, each actor's Acts and each target's Receives (one set lookup an atom, whatever
    # its kind: a requirement on a huge board has thousands of atoms)
    true: frozenset[Atom] = field(init=False)

    def __post_init__(self) -> None:
        actors = {Acts(p.actor) for p in self.pairs}
        targets = {Receives(p.target) for p in self.pairs}
        self.true = frozenset((*self.pairs, *actors, *targets))

    def value(self, atom: Atom) -> bool:
        return atom in self.true


Kind = Literal["restriction", "requirement"]


@dataclass
class Compilation:
    """Everything the catalog says about one snapshot: forbidden pairs, costs, restrictions, requirements.

    `proposal_only` holds reasons against the proposal's form that don't constrain other declarations (an
    illegal band: the witness simply declares none)."""

    candidate_pairs: list[Pair]
    forbidden: dict[Pair, list[Reason]] = field(default_factory=dict)
    costs: list[Cost] = field(default_factory=list)
    restrictions: list[Restriction] = field(default_factory=list)
    requirements: list[Requirement] = field(default_factory=list)
    proposal_only: list[Reason] = field(default_factory=list)

    @property
    def pair_work(self) -> int:
        """The work of a walk over the candidate pairs and the costs (`available_pairs`): what the clock counts."""
        return len(self.candidate_pairs) + len(self.costs)

    def costly(self) -> tuple[set[str], set[Pair]]:
        """Actors that cost to declare at all, and pairs that cost to declare."""
        actors = {c.actor for c in self.costs if c.target is None}
        pairs = {Pair(c.actor, c.target) for c in self.costs if c.target is not None}
        return actors, pairs

    def free_pairs(self) -> list[Pair]:
        """Pairs a declaration may use without breaking a pair restriction or paying any cost (509.1c)."""
        return self.available_pairs(frozenset())

    def available_pairs(self, proposal: frozenset[Pair]) -> list[Pair]:
        """The pairs the optimum may use: no pair restriction forbids them, and every cost they carry is one the
        proposal itself pays (docs/format.md, "Costs"). Nobody has to pay (508.1d, 509.1c), but a creature the
        proposal pays for is held to the requirements it can then obey: an actor's own cost is paid if the proposal
        declares that actor (against anything), a pair's cost only if the proposal declares that very pair."""
        actors, pairs = self.costly()
        declared = {p.actor for p in proposal}
        return [
            p
            for p in self.candidate_pairs
            if p not in self.forbidden
            and (p.actor not in actors or p.actor in declared)
            and (p not in pairs or p in proposal)
        ]

    def costs_of(self, pairs: frozenset[Pair]) -> list[Cost]:
        """The costs a declaration pays: each actor's own cost once, each pair's cost per pair."""
        actors = {p.actor for p in pairs}
        return [c for c in self.costs if (c.actor in actors if c.target is None else Pair(c.actor, c.target) in pairs)]
