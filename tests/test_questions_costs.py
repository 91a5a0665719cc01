"""The judge's questions range over exactly the declarations `check` calls legal, paying included (docs/format.md,
"Costs"): nobody has to pay (508.1d, 509.1c), but a declaration that pays is legal when it obeys the most
requirements a declaration paying nothing more could obey."""

from __future__ import annotations

from pathlib import Path

from combatcheck.models import Snapshot, load_snapshot
from combatcheck.solver import can_attack, can_block, check, count_declarations, forced_choices
from helpers import attack_board, attacker, blocker, board, creature

EXAMPLES = Path(__file__).parent.parent / "examples"


def _example(name: str) -> Snapshot:
    return load_snapshot((EXAMPLES / name).read_text())


def _legal(snapshot: Snapshot, declaration: object) -> bool:
    return check(snapshot.model_copy(update={"declaration": declaration})).verdict == "legal"


def _pairs(snapshot: Snapshot, declaration: object) -> frozenset[tuple[str, str]]:
    copy = snapshot.model_copy(update={"declaration": declaration})
    assert copy.declaration is not None
    pairs = copy.declaration.attack_pairs() if snapshot.step == "declare_attackers" else copy.declaration.block_pairs()
    return frozenset(pairs)


def test_lure_and_a_paid_behemoth_forced_agrees_with_check() -> None:
    """Issue 19: `forced` said "No legal declaration: the Behemoth blocks" while `check` calls the Bears and the paid
    Behemoth blocking the Prized Unicorn legal (examples/cards-lure-paid-blocker-both-block.yaml)."""
    snapshot = _example("cards-lure-paid-blocker-both-block.yaml")
    assert check(snapshot).verdict == "legal"
    forced = forced_choices(snapshot)
    assert {(c.actor, c.target) for c in forced.always} == {("bears", "unicorn")}
    assert forced.never == []
    counted = count_declarations(snapshot)
    assert (counted.status, counted.count, counted.paying) == ("exact", 2, 1)
    assert {_pairs(snapshot, d) for d in counted.declarations} == {
        frozenset({("bears", "unicorn")}),
        frozenset({("bears", "unicorn"), ("behemoth", "unicorn")}),
    }
    assert all(_legal(snapshot, d) for d in counted.declarations)
    answer = can_block(snapshot, "behemoth", "unicorn")
    assert (answer.answer, answer.cost) == ("yes", "{2}")
    assert answer.declaration is not None and _legal(snapshot, answer.declaration)


def test_propaganda_paid_forced_agrees_with_a_legal_attack() -> None:
    """Issue 19: on the desk, "What is forced?" contradicted a LEGAL verdict whose attack pays Propaganda."""
    snapshot = _example("propaganda-paid.yaml")
    assert check(snapshot).verdict == "legal"
    forced = forced_choices(snapshot)
    assert (forced.always, forced.never) == ([], [])
    counted = count_declarations(snapshot)
    assert (counted.count, counted.paying) == (4, 3)
    assert counted.text == "4 legal declarations (3 of them pay a cost)"
    assert count_declarations(snapshot, lang="fr").text == "4 déclarations légales (dont 3 qui paient un coût)"
    assert count_declarations(snapshot, lang="es").text == "4 declaraciones legales (3 de ellas pagan un coste)"
    answer = can_attack(snapshot, "ogre", "ben")  # nearest to the declaration, which pays for both creatures
    assert (answer.answer, answer.cost) == ("yes", "{4}")
    alone = can_attack(snapshot.model_copy(update={"declaration": None}), "ogre", "ben")
    assert (alone.answer, alone.cost) == ("yes", "{2}")


def test_a_paid_creature_is_held_to_its_requirements_in_every_question() -> None:
    """The judges' ruling (docs/format.md#costs): Qal Sisma Behemoth paid for must block Roar of Challenge's
    Runeclaw Bear, so it never blocks the Hill Giant; not paying at all stays legal."""
    snapshot = _example("cards-behemoth-roar-bear.yaml")
    forced = forced_choices(snapshot)
    assert {(c.actor, c.target) for c in forced.never} == {(None, "giant")}
    counted = count_declarations(snapshot)
    assert {_pairs(snapshot, d) for d in counted.declarations} == {frozenset(), frozenset({("behemoth", "lured")})}
    no = can_block(snapshot, "behemoth", "giant")
    assert no.answer == "no" and [f.key for f in no.missed_requirements] == ["all_able_must_block_it"]


def test_can_block_when_another_creature_must_be_paid_for() -> None:
    """A creature that can't block alone can block together with one that costs {1} to block: legal, paying {1}.
    Only the choice's own cost was allowed before, so the answer was no."""
    snapshot = board(attacker("a"), blocker("shy", "cant_block_alone"), blocker("toll", {"block_cost": "{1}"}))
    answer = can_block(snapshot, "shy", "a")
    assert (answer.answer, answer.cost) == ("yes", "{1}")
    assert answer.declaration is not None and _pairs(snapshot, answer.declaration) == {("shy", "a"), ("toll", "a")}
    assert _legal(snapshot, answer.declaration)
    forced = forced_choices(snapshot)
    assert forced.never == []


def test_the_cheapest_legal_declaration_is_the_one_given() -> None:
    """A free way to make the choice is preferred to one that pays: the answer pays only what it must."""
    snapshot = board(attacker("a"), blocker("free"), blocker("toll", {"block_cost": "{1}"}))
    answer = can_block(snapshot, "free", "a")
    assert (answer.answer, answer.cost) == ("yes", None)


def test_an_attack_cost_paid_holds_the_creature_to_goad() -> None:
    """508.1d: a goaded creature with an attack cost need not attack; attacking the goader, paid for, misses "a
    player other than the goader", which it could attack paying the same: illegal, and no question says otherwise."""
    snapshot = attack_board(
        creature("ogre", {"attack_cost": "{1}"}, subject_to=[{"goaded_by": "ben"}]), players=["ana", "ben", "cai"]
    )
    counted = count_declarations(snapshot)
    assert {_pairs(snapshot, d) for d in counted.declarations} == {frozenset(), frozenset({("ogre", "cai")})}
    assert can_attack(snapshot, "ogre", "ben").answer == "no"
    assert can_attack(snapshot, "ogre", "cai").answer == "yes"
