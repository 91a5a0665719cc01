"""The rules a combat damage assignment obeys (510.1a-e, 702.2c, 702.19b-d, 702.22j-k; old 510.1c-d), one unit per
rule. Each unit knows its rule number in both editions and its messages, and says the same thing twice: `broken`
judges a proposed assignment directly (with the objects that break it), `post` writes it as CP-SAT constraints for
the nearest legal assignment and the ranges (`combat/damage_search.py`).

The problem (`DamageProblem`) is plain data built from the combat state by `combat/damage_problem.py`: who assigns
how much, to which creatures, who is attacked, what each creature needs to be assigned lethal damage.

Lethal damage (510.1c-d, 702.19b, glossary): the creature's toughness less the damage already marked on it, counting
the damage every creature assigns it in this step, "but not any abilities or effects that might change the amount of
damage that's actually dealt" (prevention does not count); any nonzero amount from a source with deathtouch is lethal
(702.2c).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from ..solver.text import Message
from .damage_model import Assignment, DamageProblem, Dealer, Finding
from .damage_vars import Vars
from .state import Edition

__all__ = ["RULES", "Assignment", "DamageProblem", "Dealer", "Finding", "Vars", "findings", "message"]


class DamageRule:
    """One rule of the assignment."""

    key: ClassVar[str]
    cr: ClassVar[str]
    old_cr: ClassVar[str | None] = None
    """The number in the rules before Nov 2024 (the 2022 text), where it differs or is the only one."""
    messages: ClassVar[dict[str, Message]]

    def cite(self, edition: Edition) -> tuple[str, Edition]:
        if edition == "before_foundations" and self.old_cr is not None:
            return self.old_cr, "before_foundations"
        return self.cr, "current"

    def finding(self, problem: DamageProblem, code: str, **values: Any) -> Finding:
        rule, edition = self.cite(problem.edition)
        return Finding(self.key, code, rule, edition, values)

    def broken(self, problem: DamageProblem, assignment: Assignment) -> list[Finding]:
        raise NotImplementedError

    def post(self, problem: DamageProblem, v: Vars) -> None:
        """Constraints; rules fully expressed by the variables' domains post nothing."""


def _as_unblocked(dealer: Dealer, split: Mapping[str, int]) -> bool:
    """It uses "as though it weren't blocked": everything to what it attacks (510.1b)."""
    return (
        dealer.as_though_unblocked
        and dealer.blocked
        and dealer.target is not None
        and dealer.power > 0
        and split.get(dealer.target, 0) == dealer.power
    )


class InCombat(DamageRule):
    """510.1, 510.4: only attacking and blocking creatures assign combat damage, and with first or double strike only
    those of this step."""

    key = "assigns_in_step"
    cr = "510.4"
    messages = {
        "not_in_combat": Message(
            "{creature} is neither attacking nor blocking: it assigns no combat damage",
            "{creature} n'est ni attaquante ni bloqueuse : elle n'assigne pas de blessures de combat",
            "{creature} no está atacando ni bloqueando: no asigna daño de combate",
        ),
        "not_this_step": Message(
            "{creature} assigns no combat damage in this combat damage step",
            "{creature} n'assigne pas de blessures de combat pendant cette étape des blessures de combat",
            "{creature} no asigna daño de combate en este paso de daño de combate",
        ),
    }

    def broken(self, problem: DamageProblem, assignment: Assignment) -> list[Finding]:
        found = []
        for creature, why in problem.outsiders.items():
            if creature in assignment and any(assignment[creature].values()):
                finding = self.finding(problem, why, creature=creature)
                if why == "not_in_combat":
                    finding = Finding(self.key, why, "510.1", "current", finding.values)
                found.append(finding)
        return found


class Amount(DamageRule):
    """510.1a: each attacking and blocking creature assigns combat damage equal to its power; 0 or less, none."""

    key = "amount"
    cr = "510.1a"
    messages = {
        "amount": Message(
            "{creature} assigns {assigned} combat damage; it must assign {power}, its power",
            "{creature} assigne {assigned} blessures de combat ; elle doit en assigner {power}, sa force",
            "{creature} asigna {assigned} daño de combate; debe asignar {power}, su fuerza",
        ),
        "no_power": Message(
            "{creature} has power {power}: it assigns no combat damage",
            "{creature} a une force de {power} : elle n'assigne pas de blessures de combat",
            "{creature} tiene fuerza {power}: no asigna daño de combate",
        ),
    }

    def broken(self, problem: DamageProblem, assignment: Assignment) -> list[Finding]:
        found = []
        for dealer in problem.dealers.values():
            if dealer.id not in assignment:
                continue  # not announced (Announced says so)
            assigned = sum(assignment[dealer.id].values())
            if dealer.power <= 0 and assigned:
                found.append(self.finding(problem, "no_power", creature=dealer.id, power=dealer.power))
            elif dealer.power > 0 and assigned != dealer.power and problem.recipients(dealer):
                if assigned == 0 and _may_decline(dealer):
                    continue
                found.append(self.finding(problem, "amount", creature=dealer.id, assigned=assigned, power=dealer.power))
        return found

    def post(self, problem: DamageProblem, v: Vars) -> None:
        for dealer in problem.dealers.values():
            own = [var for (d, _), var in v.x.items() if d == dealer.id]
            if not own:
                continue
            mode = v.unblocked_mode.get(dealer.id)
            if mode is not None and _may_decline(dealer):
                v.model.add(sum(own) == dealer.power).only_enforce_if(mode)
                v.model.add(sum(own) == 0).only_enforce_if(~mode)
            else:
                v.model.add(sum(own) == dealer.power)


def _may_decline(dealer: Dealer) -> bool:
    """Blocked with no blocker left and no trample, a creature that only "may" assign as though it weren't blocked
    assigns nothing if its controller declines (510.1c)."""
    tramples = dealer.trample or dealer.over_planeswalkers
    return dealer.as_though_unblocked and dealer.blocked and not dealer.creatures and not tramples


class Recipients(DamageRule):
    """510.1b-d, 702.19b-d: to whom: an unblocked attacker to what it attacks (nothing if that left combat); a
    blocked one to its blockers (none left: nothing; trample adds what it attacks); a blocker to what it blocks."""

    key = "recipients"
    cr = "510.1c"
    messages = {
        "unblocked": Message(
            "{creature} is unblocked: it assigns its combat damage only to {target}",
            "{creature} n'est pas bloquée : elle n'assigne ses blessures de combat qu'à {target}",
            "{creature} no está bloqueada: solo asigna su daño de combate a {target}",
        ),
        "attacks_nothing": Message(
            "{creature} attacks nothing any more: it assigns no combat damage",
            "{creature} n'attaque plus rien : elle n'assigne pas de blessures de combat",
            "{creature} ya no ataca nada: no asigna daño de combate",
        ),
        "blocked": Message(
            "{creature} is blocked: it assigns its combat damage only to the creatures blocking it ({creatures}), "
            "not to {recipient}",
            "{creature} est bloquée : elle n'assigne ses blessures de combat qu'aux créatures qui la bloquent "
            "({creatures}), pas à {recipient}",
            "{creature} está bloqueada: solo asigna su daño de combate a las criaturas que la bloquean "
            "({creatures}), no a {recipient}",
        ),
        "no_blockers": Message(
            "{creature} is blocked and no creature blocks it any more: without trample it assigns no combat damage",
            "{creature} est bloquée et plus aucune créature ne la bloque : sans le piétinement, elle n'assigne pas de "
            "blessures de combat",
            "{creature} está bloqueada y ya ninguna criatura la bloquea: sin arrollar, no asigna daño de combate",
        ),
        "blocking": Message(
            "{creature} assigns its combat damage only to the creatures it blocks ({creatures}), not to {recipient}",
            "{creature} n'assigne ses blessures de combat qu'aux créatures qu'elle bloque ({creatures}), pas à "
            "{recipient}",
            "{creature} solo asigna su daño de combate a las criaturas que bloquea ({creatures}), no a {recipient}",
        ),
    }
    _RULES: ClassVar[dict[str, str]] = {
        "unblocked": "510.1b",
        "attacks_nothing": "510.1b",
        "blocked": "510.1c",
        "no_blockers": "510.1c",
        "blocking": "510.1d",
    }

    def broken(self, problem: DamageProblem, assignment: Assignment) -> list[Finding]:
        found = []
        for dealer in problem.dealers.values():
            split = assignment.get(dealer.id, {})
            allowed = problem.recipients(dealer)
            for recipient, amount in split.items():
                if amount <= 0 or recipient in allowed or dealer.power <= 0:
                    continue
                code = self._code(dealer)
                finding = self.finding(
                    problem,
                    code,
                    creature=dealer.id,
                    recipient=recipient,
                    target=dealer.target,
                    creatures=dealer.creatures,
                )
                rule = self._RULES[code]
                # the old rules' 510.1c-d (docs/combat.md#citations); 510.1b is cited as current, as the timeline does
                old = problem.edition == "before_foundations" and rule != "510.1b"
                edition: Edition = "before_foundations" if old else "current"
                found.append(Finding(self.key, code, rule, edition, finding.values))
        return found

    @staticmethod
    def _code(dealer: Dealer) -> str:
        if dealer.side == "blocker":
            return "blocking"
        if not dealer.blocked:
            return "unblocked" if dealer.target else "attacks_nothing"
        return "blocked" if dealer.creatures else "no_blockers"


class TrampleLethal(DamageRule):
    """702.19b: a trampler assigns to the player, planeswalker or battle it attacks only once all its blockers are
    assigned lethal damage (702.19d: with none left, everything goes there)."""

    key = "trample"
    cr = "702.19b"
    messages = {
        "lethal_first": Message(
            "{creature} assigns damage to {target} before {blocker} is assigned lethal damage ({lethal})",
            "{creature} assigne des blessures à {target} avant que {blocker} n'ait reçu des blessures mortelles "
            "({lethal})",
            "{creature} asigna daño a {target} antes de que {blocker} tenga asignado daño letal ({lethal})",
        ),
    }

    def broken(self, problem: DamageProblem, assignment: Assignment) -> list[Finding]:
        found = []
        for dealer in problem.dealers.values():
            split = assignment.get(dealer.id, {})
            tramples = dealer.trample or dealer.over_planeswalkers
            if not (tramples and dealer.blocked and dealer.target and split.get(dealer.target, 0) > 0):
                continue
            if _as_unblocked(dealer, split):
                continue
            for blocker in dealer.creatures:
                if not problem.assigned_lethal(blocker, assignment):
                    found.append(
                        self.finding(
                            problem,
                            "lethal_first",
                            creature=dealer.id,
                            target=dealer.target,
                            blocker=blocker,
                            lethal=problem.lethal.get(blocker, 0),
                        )
                    )
        return found

    def post(self, problem: DamageProblem, v: Vars) -> None:
        for dealer in problem.dealers.values():
            tramples = dealer.trample or dealer.over_planeswalkers
            if not (tramples and dealer.blocked and dealer.target and (dealer.id, dealer.target) in v.x):
                continue
            if not dealer.creatures:
                continue
            through = v.positive(dealer.id, dealer.target)
            mode = v.unblocked_mode.get(dealer.id)
            for blocker in dealer.creatures:
                condition = [through] if mode is None else [through, ~mode]
                v.model.add_implication(condition[0], v.lethal[blocker]).only_enforce_if(condition[1:])


class OverPlaneswalkers(DamageRule):
    """702.19c: trample over planeswalkers attacking a planeswalker: once every blocker is assigned lethal damage and
    the planeswalker damage at least equal to its loyalty (counting the other creatures' damage to it), the rest may
    go to its controller. 702.19e: once that planeswalker left combat, to the defending player after lethal damage
    to every blocker (all of it, with no blockers)."""

    key = "over_planeswalkers"
    cr = "702.19c"
    messages = {
        "lethal_first": Message(
            "{creature} assigns damage to {player} before {blocker} is assigned lethal damage ({lethal})",
            "{creature} assigne des blessures à {player} avant que {blocker} n'ait reçu des blessures mortelles "
            "({lethal})",
            "{creature} asigna daño a {player} antes de que {blocker} tenga asignado daño letal ({lethal})",
        ),
        "loyalty_first": Message(
            "{creature} assigns damage to {player} before {target} is assigned damage equal to its loyalty ({loyalty})",
            "{creature} assigne des blessures à {player} avant que {target} n'ait reçu des blessures égales à sa "
            "loyauté ({loyalty})",
            "{creature} asigna daño a {player} antes de que {target} tenga asignado daño igual a su lealtad "
            "({loyalty})",
        ),
    }

    def broken(self, problem: DamageProblem, assignment: Assignment) -> list[Finding]:
        found = []
        for dealer in problem.dealers.values():
            split = assignment.get(dealer.id, {})
            if not problem.to_defender(dealer) or split.get(dealer.defender or "", 0) <= 0:
                continue
            rule = "702.19c" if dealer.target is not None else "702.19e"
            values: dict[str, Any] = {"creature": dealer.id, "player": dealer.defender}
            for blocker in dealer.creatures:
                if not problem.assigned_lethal(blocker, assignment):
                    lethal = problem.lethal.get(blocker, 0)
                    found.append(
                        Finding(
                            self.key, "lethal_first", rule, "current", values | {"blocker": blocker, "lethal": lethal}
                        )
                    )
            if dealer.target is not None and dealer.target_loyalty is not None:
                given = sum(s.get(dealer.target, 0) for s in assignment.values())
                if given < dealer.target_loyalty:
                    more = {"target": dealer.target, "loyalty": dealer.target_loyalty}
                    found.append(Finding(self.key, "loyalty_first", rule, "current", values | more))
        return found

    def post(self, problem: DamageProblem, v: Vars) -> None:
        for dealer in problem.dealers.values():
            if not problem.to_defender(dealer) or (dealer.id, dealer.defender) not in v.x:
                continue
            through = v.positive(dealer.id, dealer.defender or "")
            for blocker in dealer.creatures:
                v.model.add_implication(through, v.lethal[blocker])
            if dealer.target is not None and dealer.target_loyalty is not None:
                incoming = [var for (_, r), var in v.x.items() if r == dealer.target]
                v.model.add(sum(incoming) >= dealer.target_loyalty).only_enforce_if(through)


class OrderLethal(DamageRule):
    """Rules before Nov 2024, 510.1c-d: with two or more creatures, damage follows the damage assignment order: none
    to a creature until each one before it in the order is assigned lethal damage. Banding lets the player who
    divides ignore the order (702.22j-k)."""

    key = "order"
    cr = "510.1c"
    old_cr = "510.1c"
    messages = {
        "order": Message(
            "{creature} assigns damage to {recipient} before {earlier}, earlier in its damage assignment order, is "
            "assigned lethal damage ({lethal})",
            "{creature} assigne des blessures à {recipient} avant que {earlier}, placée avant dans son ordre "
            "d'assignation des blessures, n'ait reçu des blessures mortelles ({lethal})",
            "{creature} asigna daño a {recipient} antes de que {earlier}, anterior en su orden de asignación de "
            "daño, tenga asignado daño letal ({lethal})",
        ),
    }

    def broken(self, problem: DamageProblem, assignment: Assignment) -> list[Finding]:
        found = []
        for dealer in problem.dealers.values():
            split = assignment.get(dealer.id, {})
            if not dealer.ordered or _as_unblocked(dealer, split):
                continue
            for k, recipient in enumerate(dealer.creatures):
                if split.get(recipient, 0) <= 0:
                    continue
                for earlier in dealer.creatures[:k]:
                    if not problem.assigned_lethal(earlier, assignment):
                        finding = self.finding(
                            problem,
                            "order",
                            creature=dealer.id,
                            recipient=recipient,
                            earlier=earlier,
                            lethal=problem.lethal.get(earlier, 0),
                        )
                        rule = "510.1c" if dealer.side == "attacker" else "510.1d"
                        found.append(Finding(self.key, "order", rule, "before_foundations", finding.values))
                        break
        return found

    def post(self, problem: DamageProblem, v: Vars) -> None:
        for dealer in problem.dealers.values():
            if not dealer.ordered:
                continue
            mode = v.unblocked_mode.get(dealer.id)
            for k, recipient in enumerate(dealer.creatures):
                if (dealer.id, recipient) not in v.x:
                    continue
                some = v.positive(dealer.id, recipient)
                for earlier in dealer.creatures[:k]:
                    enforce = [some] if mode is None else [some, ~mode]
                    v.model.add_bool_and([v.lethal[earlier]]).only_enforce_if(enforce)


class AsThoughUnblocked(DamageRule):
    """'You may have ~ assign its combat damage as though it weren't blocked' (the card's text, 101.1): then it
    assigns all of it to what it attacks, as an unblocked creature does (510.1b); otherwise as a blocked one does.
    It can't do a little of both."""

    key = "as_though_unblocked"
    cr = "510.1b"
    messages = {
        "split": Message(
            "{creature} assigns damage both to {target} and to the creatures blocking it: as though it weren't "
            "blocked, all of its damage goes to {target}; otherwise none of it does",
            "{creature} assigne des blessures à la fois à {target} et aux créatures qui la bloquent : comme si "
            "elle n'était pas bloquée, toutes ses blessures vont à {target} ; sinon, aucune",
            "{creature} asigna daño a la vez a {target} y a las criaturas que la bloquean: como si no estuviera "
            "bloqueada, todo su daño va a {target}; si no, nada",
        ),
    }

    def broken(self, problem: DamageProblem, assignment: Assignment) -> list[Finding]:
        found = []
        for dealer in problem.dealers.values():
            split = assignment.get(dealer.id, {})
            tramples = dealer.trample or dealer.over_planeswalkers
            if not (dealer.as_though_unblocked and dealer.blocked and dealer.target and dealer.creatures) or tramples:
                continue  # with no blocker left, a part of it breaks 510.1a (Amount says so)
            if 0 < split.get(dealer.target, 0) < dealer.power:
                found.append(self.finding(problem, "split", creature=dealer.id, target=dealer.target))
        return found

    def post(self, problem: DamageProblem, v: Vars) -> None:
        for dealer_id, mode in v.unblocked_mode.items():
            dealer = problem.dealers[dealer_id]
            assert dealer.target is not None
            v.model.add(v.x[dealer_id, dealer.target] == dealer.power).only_enforce_if(mode)
            if not (dealer.trample or dealer.over_planeswalkers):
                v.model.add(v.x[dealer_id, dealer.target] == 0).only_enforce_if(~mode)


class Announced(DamageRule):
    """510.1: the active player announces how each attacking creature assigns its combat damage, the defending
    player how each blocking creature does; a creature with a choice to make that the proposal leaves out has not
    been announced. (Creatures without a choice assign as they must; `complete` fills them in.)"""

    key = "announced"
    cr = "510.1"
    messages = {
        "missing": Message(
            "{player} must announce how {creature} assigns its combat damage",
            "{player} doit annoncer comment {creature} assigne ses blessures de combat",
            "{player} debe anunciar cómo asigna {creature} su daño de combate",
        ),
    }

    def broken(self, problem: DamageProblem, assignment: Assignment) -> list[Finding]:
        return [
            Finding(self.key, "missing", "510.1", "current", {"creature": d.id, "player": d.chooser})
            for d in problem.dealers.values()
            if d.id not in assignment and problem.forced(d) is None
        ]


RULES: tuple[DamageRule, ...] = (
    Announced(),
    InCombat(),
    Amount(),
    Recipients(),
    TrampleLethal(),
    OverPlaneswalkers(),
    OrderLethal(),
    AsThoughUnblocked(),
)


def findings(problem: DamageProblem, assignment: Assignment) -> list[Finding]:
    """Every rule the assignment breaks (510.1e: the whole assignment is checked together)."""
    return [f for rule in RULES for f in rule.broken(problem, assignment)]


def message(finding: Finding) -> Message:
    return next(r for r in RULES if r.key == finding.key).messages[finding.code]
