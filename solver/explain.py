"""Turning reasons into sentences (English, French, Spanish) and costs into a total."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import get_args

from ..models import Declaration, Snapshot
from ..models.costs import mana_symbols
from ..models.report import Finding, Language, Report, Triggered
from .board import Board
from .budget import Budget
from .ir import Reason, Value
from .rules import CATALOG
from .text import Message, join
from .unapplied import unapplied_lines

LANGUAGES: tuple[Language, ...] = get_args(Language)
_RULES = {rule.key: rule for rule in CATALOG}


def words(value: Value, board: Board, lang: str) -> object:
    """A reason's value as the message shows it: ids as labels, numbers as numbers (plural forms follow them),
    terms in `lang`."""
    if isinstance(value, str):
        return board.label(value)
    if isinstance(value, int):
        return value
    return value.words(lang, board.label)


def render(reason: Reason, board: Board, lang: str = "en") -> str:
    rule = _RULES[reason.rule]
    values = {k: words(v, board, lang) for k, v in reason.values}
    return rule.messages[reason.code].format(lang, values)


# The work of putting one reason into words, for the clock: bounded, since a filter's phrase shows at most a dozen
# alternatives and names (solver/text/filters.py), but a proposal can break 40,000 restrictions.
FINDING_WORK = 256


def explained(reasons: Iterable[Reason], board: Board, lang: str, budget: Budget) -> list[Finding]:
    """Each reason as a finding, within `budget` (DeadlineReached past its time)."""
    out = []
    for reason in reasons:
        budget.tick(FINDING_WORK)
        out.append(finding(reason, board, lang))
    return out


GIVEN_BY = Message(
    "(an ability given by {sources})", "(capacité donnée par {sources})", "(habilidad otorgada por {sources})"
)


def finding(reason: Reason, board: Board, lang: str = "en") -> Finding:
    rule = _RULES[reason.rule]
    message = render(reason, board, lang)
    granted = board.granted
    if granted:  # an ability the rule reads that an Aura, Equipment or another card's static ability gives
        sources = [s for o in reason.objects for word in sorted(rule.reads) for s in granted.get((o, word), ())]
        if sources:
            labels = [board.label(s) for s in dict.fromkeys(sources)]
            message += " " + GIVEN_BY.format(lang, {"sources": join(lang, labels)})
    return Finding(rule=reason.cr, key=reason.rule, kind=rule.kind, message=message, objects=list(reason.objects))


_COLOR_ORDER = "WUBRGC"


def total_cost(costs: list[str], lang: str = "en") -> str | None:
    """Add up mana costs ("{2}" + "{1}{W}" = "{3}{W}"); other costs (as the snapshot writes them) follow the mana,
    joined by "and" in `lang`. The symbols were checked when the snapshot was read (models/costs.py)."""
    if not costs:
        return None
    generic = 0
    symbols: Counter[str] = Counter()
    other: list[str] = []
    for cost in costs:
        mana = mana_symbols(cost)
        if mana is None:
            other.append(cost.strip())
            continue
        for symbol in mana:
            if symbol.isascii() and symbol.isdigit():
                generic += int(symbol)
            else:
                symbols[symbol.upper()] += 1
    ordered = sorted(symbols, key=lambda s: (_COLOR_ORDER.find(s) if s in _COLOR_ORDER else 99, s))
    total = (f"{{{generic}}}" if generic else "") + "".join(f"{{{s}}}" * symbols[s] for s in ordered)
    parts = ([total] if total else []) + other
    return join(lang, parts, "and") if parts else "{0}"


# The report's own words (verdict, counts, declarations).
WORDS: dict[str, Message] = {
    "legal": Message("LEGAL", "LÉGAL", "LEGAL"),
    "illegal": Message("ILLEGAL", "ILLÉGAL", "ILEGAL"),
    "unknown": Message(
        "UNKNOWN (solver limit reached)",
        "INCONNU (limite du solveur atteinte)",
        "DESCONOCIDO (límite del solucionador alcanzado)",
    ),
    "broken": Message("restriction broken", "restriction enfreinte", "restricción desobedecida"),
    "missed": Message("requirement not obeyed", "obligation non respectée", "requisito no obedecido"),
    "count": Message(
        "Requirements obeyed: {obeyed} (maximum possible: {best}; in total: {total})",
        "Obligations respectées : {obeyed} (maximum possible : {best} ; au total : {total})",
        "Requisitos obedecidos: {obeyed} (máximo posible: {best}; en total: {total})",
    ),
    "witness": Message(
        "A legal declaration (nearest to the proposal):",
        "Une déclaration légale (la plus proche de la proposition) :",
        "Una declaración legal (la más cercana a la propuesta):",
    ),
    "solution": Message("A legal declaration:", "Une déclaration légale :", "Una declaración legal:"),
    "nothing": Message("nobody is declared", "aucune créature n'est déclarée", "no se declara ninguna criatura"),
    "outcome": Message("Declared:", "Déclaration :", "Declaración:"),
    "attacks": Message("{creature} attacks {target}", "{creature} attaque {target}", "{creature} ataca a {target}"),
    "blocks": Message(
        "{blocker} blocks {attackers}", "{blocker} bloque {attackers}", "{blocker} bloquea a {attackers}"
    ),
    "unblocked": Message(
        "Unblocked creatures: {attackers}",
        "Créatures non bloquées : {attackers}",
        "Criaturas no bloqueadas: {attackers}",
    ),
    "cost": Message("Cost to pay: {cost}", "Coût à payer : {cost}", "Coste a pagar: {cost}"),
    # each creature's part and the permanent whose ability imposes it (508.1d, 509.1d: a cost the rules name)
    "cost_item": Message(
        "{creature}: {cost}, from {source}", "{creature} : {cost}, dû à {source}", "{creature}: {cost}, por {source}"
    ),
    "held": Message(
        "Creatures the proposal pays for are held to the requirements they can then obey (509.1c): {creatures}",
        "Les créatures pour lesquelles la proposition paie sont soumises aux obligations qu'elles peuvent alors "
        "respecter (509.1c) : {creatures}",
        "Las criaturas por las que paga la propuesta quedan sujetas a los requisitos que puedan obedecer "
        "entonces (509.1c): {creatures}",
    ),
    "triggers": Message("Triggers:", "Capacités déclenchées :", "Habilidades disparadas:"),
    "no_triggers": Message("Nothing triggers.", "Aucune capacité ne se déclenche.", "No se dispara ninguna habilidad."),
    "on_resolution": Message("when it resolves: {text}", "à la résolution : {text}", "al resolverse: {text}"),
}


def word(key: str, lang: str, **values: object) -> str:
    return WORDS[key].format(lang, values)


def report_lines(report: Report, snapshot: Snapshot) -> list[str]:
    """A judge-readable explanation of a report on `snapshot`, one line per item, naming cards as in the snapshot,
    in the report's language (chosen when checking)."""
    board = Board(snapshot)
    lang = report.lang
    lines = [word(report.verdict, lang)]
    if report.assuming:  # never silent: what the verdict did not apply qualifies it
        lines = [f"{lines[0]}, {report.assuming}", *unapplied_lines(report)]
    for item in report.violations:
        label = word("missed" if item.kind == "requirement" else "broken", lang)
        lines.append(f"  - {label} ({item.rule}){' : ' if lang == 'fr' else ': '}{item.message}")  # French: « : »
    if report.requirements_total:
        best = report.requirements_optimum if report.requirements_optimum is not None else "?"
        lines.append(word("count", lang, obeyed=report.requirements_obeyed, best=best, total=report.requirements_total))
    if report.verdict == "illegal" and report.witness is not None:
        lines.append(word("witness", lang))
        lines += declaration_lines(report.witness, board, lang)
        lines += _witness_cost_lines(report, board, lang)
    if report.outcome is not None:
        if report.witness is not None:
            lines.append(word("solution", lang))
            lines += declaration_lines(report.witness, board, lang)
        elif report.outcome.attacks or report.outcome.blocks:
            lines.append(word("outcome", lang))
            for creature, target in report.outcome.attacks.items():
                lines.append("  " + word("attacks", lang, creature=board.label(creature), target=board.label(target)))
            for blocker, attackers in report.outcome.blocks.items():
                lines.append(
                    "  " + word("blocks", lang, blocker=board.label(blocker), attackers=_labels(attackers, board))
                )
        if report.outcome.unblocked:
            lines.append(word("unblocked", lang, attackers=_labels(report.outcome.unblocked, board)))
        if report.outcome.total_cost:
            lines.append(word("cost", lang, cost=report.outcome.total_cost))
            lines += [
                "  - " + word("cost_item", lang, creature=board.label(item.object), cost=item.cost, source=item.source)
                for item in report.outcome.costs
            ]
    if report.triggers is not None:
        lines += _trigger_lines(report, lang)
    return lines


def _trigger_lines(report: Report, lang: str) -> list[str]:
    """The triggers of a legal declaration (508.3, 509.3), with what is left to their resolution."""
    if not report.triggers:
        return [word("no_triggers", lang)]
    return [word("triggers", lang), *trigger_item_lines(report.triggers, lang, "  ")]


def trigger_item_lines(items: list[Triggered], lang: str, indent: str) -> list[str]:
    """One line per triggered ability, then what is left to its resolution and what it depends on."""
    lines: list[str] = []
    for item in items:
        lines.append(f"{indent}- ({item.rule}) {item.message}")
        if item.on_resolution:
            lines.append(f"{indent}    {word('on_resolution', lang, text=item.on_resolution)}")
        if item.condition:
            lines.append(f"{indent}    {item.condition}")
    return lines


def _witness_cost_lines(report: Report, board: Board, lang: str) -> list[str]:
    """What the witness pays: only costs the proposal pays too, which is why it may use those creatures."""
    paid = report.witness_outcome
    if paid is None or not paid.total_cost:
        return []
    creatures = list(dict.fromkeys(item.object for item in paid.costs))
    return ["  " + word("cost", lang, cost=paid.total_cost), word("held", lang, creatures=_labels(creatures, board))]


def _labels(ids: list[str], board: Board) -> str:
    return ", ".join(board.label(i) for i in ids)  # a list of names, not a sentence: commas in every language


def declaration_lines(declaration: Declaration, board: Board, lang: str) -> list[str]:
    lines = [
        "  " + word("attacks", lang, creature=board.label(c), target=board.label(t))
        for c, t in declaration.attacks.items()
    ]
    lines += [
        "  " + word("blocks", lang, blocker=board.label(b), attackers=_labels(list(attackers), board))
        for b, attackers in declaration.blocks.items()
    ]
    return lines or ["  " + word("nothing", lang)]
