"""The intermediate form every rule compiles into, evaluated directly on a proposal or handed to CP-SAT.

An atom is a yes/no fact about a declaration ("bear blocks brute", "sentry blocks", "brute is blocked").
A constraint says how many of its atoms are true, optionally only when another atom is true. Keeping one
form for both the direct check and the solver means they cannot disagree about what a rule says.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Literal


@dataclass(frozen=True, slots=True)
class Pair:
    """`blocker` blocks `attacker`."""

    blocker: str
    attacker: str


@dataclass(frozen=True, slots=True)
class Blocks:
    """`blocker` blocks at least one creature."""

    blocker: str


@dataclass(frozen=True, slots=True)
class Blocked:
    """`attacker` is blocked by at least one creature."""

    attacker: str


Atom = Pair | Blocks | Blocked


@dataclass(frozen=True, slots=True)
class Reason:
    """Why: the rule (its catalog key and CR number), a message code, and the objects and values it names."""

    rule: str
    cr: str
    code: str
    objects: tuple[str, ...] = ()
    values: tuple[tuple[str, str], ...] = ()

    def params(self) -> dict[str, str]:
        return dict(self.values)


@dataclass(frozen=True, slots=True)
class Count:
    """`at_least <= number of true atoms <= at_most`, enforced only when `only_if` is true (if given)."""

    atoms: tuple[Atom, ...]
    at_least: int | None = None
    at_most: int | None = None
    only_if: Atom | None = None

    def holds(self, truth: Truth) -> bool:
        if self.only_if is not None and not truth.value(self.only_if):
            return True
        n = sum(1 for atom in self.atoms if truth.value(atom))
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
    """Declaring `blocker` means paying `cost` (509.1d); without paying it can't block."""

    blocker: str
    cost: str
    reason: Reason


@dataclass
class Truth:
    """The atoms' values in one concrete declaration."""

    pairs: frozenset[Pair]
    blockers: frozenset[str] = field(init=False)
    blocked: frozenset[str] = field(init=False)

    def __post_init__(self) -> None:
        self.blockers = frozenset(p.blocker for p in self.pairs)
        self.blocked = frozenset(p.attacker for p in self.pairs)

    @classmethod
    def of(cls, pairs: Iterable[tuple[str, str]] | Iterable[Pair]) -> Truth:
        return cls(frozenset(p if isinstance(p, Pair) else Pair(*p) for p in pairs))

    def value(self, atom: Atom) -> bool:
        if isinstance(atom, Pair):
            return atom in self.pairs
        if isinstance(atom, Blocks):
            return atom.blocker in self.blockers
        return atom.attacker in self.blocked


Kind = Literal["restriction", "requirement"]


@dataclass
class Compilation:
    """Everything the catalog says about one snapshot: forbidden pairs, costs, restrictions, requirements."""

    candidate_pairs: list[Pair]
    forbidden: dict[Pair, list[Reason]] = field(default_factory=dict)
    costs: dict[str, list[Cost]] = field(default_factory=dict)
    restrictions: list[Restriction] = field(default_factory=list)
    requirements: list[Requirement] = field(default_factory=list)

    def free_pairs(self) -> list[Pair]:
        """Pairs a declaration may use without breaking a pair restriction or paying a cost (509.1c)."""
        return [p for p in self.candidate_pairs if p not in self.forbidden and p.blocker not in self.costs]
