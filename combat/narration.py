"""The timeline as a judge would tell it: each event, each change with its rule, the order duties, the timing
verdicts, and where the combat stands at the end, in English, French or Spanish."""

from __future__ import annotations

from typing import Any

from ..models import Permanent, Snapshot
from ..models.events import EVENT_KINDS, entering
from ..solver.explain import report_lines, trigger_item_lines, word
from ..solver.rules import Message
from ..solver.unapplied import item_lines
from .action_words import ACTION_CHANGES, CONDITION_TIMING, EVENT_TITLES, TARGET_CONDITIONS
from .change_words import CHANGES
from .citations import cite
from .damage_narration import DAMAGE_KINDS, change_text, detail_lines
from .damage_narration import state_lines as damage_state_lines
from .state import Change, CombatState, Edition, Moment
from .timeline import Timeline, as_timeline
from .words import CAUSES, LINES, POINTS, ROLES, STEPS, TIMING, VERDICTS


def _say(message: Message, lang: str, *, capital: bool = False, **values: Any) -> str:
    """The message filled in. A sentence starts with a capital when it starts with the template's own word, or with
    a filled-in phrase of ours (`capital`), never with a card name or an id."""
    template = message.text(lang)
    text = template.format(**values)
    if lang == "es":  # "de el paso" -> "del paso"
        text = text.replace(" de el ", " del ").replace(" a el ", " al ")
    return text if template.startswith("{") and not capital else text[:1].upper() + text[1:]


class Narrator:
    def __init__(self, timeline: Timeline, snapshot: Snapshot) -> None:
        self.timeline = timeline
        snapshot = as_timeline(snapshot)  # a declaration without events is the timeline's first event
        self.snapshot = snapshot
        self.lang = timeline.lang
        self.edition: Edition = timeline.rules
        seen = {p.id: p for p in snapshot.permanents}
        for event in snapshot.events:
            new = entering(event)
            if new is not None:
                seen[new.id] = new
        self.permanents: dict[str, Permanent] = seen

    # --- words ---------------------------------------------------------------------------------------------------

    def label(self, object_id: str | None) -> str:
        if object_id is None:
            return LINES["nothing_target"].text(self.lang)
        found = self.permanents.get(object_id)
        return found.label if found is not None else object_id

    def labels(self, ids: tuple[str, ...] | list[str]) -> str:
        return ", ".join(self.label(i) for i in ids) if ids else LINES["none"].text(self.lang)

    def rule(self, change: Change) -> str:
        return self.citation(change.rule, change.edition)

    def citation(self, rule: str, edition: Edition) -> str:
        if self.edition == "before_foundations" and edition == "current":
            return f"{rule}, {LINES['current_mark'].text(self.lang)}"
        return rule

    def step(self, step: str) -> str:
        return STEPS[step].text(self.lang)

    # --- lines ---------------------------------------------------------------------------------------------------

    def change_line(self, change: Change, moment: Moment) -> str | None:
        text = self._change_text(change, moment)
        return None if text is None else f"  - {text} ({self._rules_of(change)})"

    def _rules_of(self, change: Change) -> str:
        rule = self.rule(change)
        if change.kind == "timing" and change.action == "activate" and change.rule.startswith(("506.7", "506.6")):
            abilities = cite("timing_abilities", self.edition)
            rule += f", {self.citation(abilities.rule, abilities.edition)}"
        return rule

    def _change_text(self, change: Change, moment: Moment) -> str | None:
        lang, say = self.lang, _say
        if change.kind in DAMAGE_KINDS:  # the combat damage step (combat/damage_narration.py)
            return change_text(self, change)
        match change.kind:
            case "step_begins":
                key = "step_additional" if change.step == "beginning_of_combat" and change.combat > 1 else "step_begins"
                return say(CHANGES[key], lang, capital=True, step=self.step(change.step), combat=change.combat)
            case "step_skipped":
                if change.step == "beginning_of_combat":
                    return say(CHANGES["combat_skipped"], lang, combat=change.combat)
                return say(CHANGES["step_skipped"], lang, capital=True, step=self.step(change.step))
            case "declared":
                verdict = VERDICTS[change.verdict].text(lang)
                return say(CHANGES["declared"], lang, what=LINES[f"ev_{change.step}"].text(lang), verdict=verdict)
            case "attacks":
                key = "attacks_declared" if change.how == "declared" else "attacks_put"
                return say(CHANGES[key], lang, creature=self.label(change.creature), target=self.label(change.target))
            case "never_attacking":
                return say(
                    CHANGES[f"never_attacking_{change.reason}"],
                    lang,
                    creature=self.label(change.creature),
                    target=self.label(change.target),
                )
            case "blocks":
                key = {"declared": "blocks_declared", "put_onto_battlefield": "blocks_put"}.get(
                    change.how, "blocks_effect"
                )
                if change.rule.startswith("702.22"):
                    key = "blocks_band"
                elif key == "blocks_effect" and change.was_blocking:
                    key = "blocks_effect_again"
                return say(CHANGES[key], lang, blocker=self.label(change.blocker), attacker=self.label(change.attacker))
            case "blocks_again":
                return say(
                    CHANGES["blocks_again"],
                    lang,
                    blocker=self.label(change.blocker),
                    attacker=self.label(change.attacker),
                )
            case "never_blocking":
                return say(
                    CHANGES[f"never_blocking_{change.reason}"],
                    lang,
                    creature=self.label(change.creature),
                    attacker=self.label(change.attacker),
                )
            case "becomes_blocked":
                key = "declared" if change.how == "declared" else ("creature" if change.by_creature else "effect")
                return say(CHANGES[f"becomes_blocked_{key}"], lang, attacker=self.label(change.attacker))
            case "becomes_unblocked":
                key = {"declared": "declared", "effect": "effect"}.get(change.how, "put")
                return say(CHANGES[f"becomes_unblocked_{key}"], lang, attacker=self.label(change.attacker))
            case "removed_from_combat":
                cause = CAUSES[change.cause].text(lang)
                if change.roles == ("attacked",):
                    return say(CHANGES["removed_attacked"], lang, object=self.label(change.object), cause=cause)
                roles = ", ".join(ROLES[r].text(lang) for r in change.roles)
                return say(
                    CHANGES["removed_creature"], lang, object=self.label(change.object), cause=cause, roles=roles
                )
            case "stays_in_combat":
                return say(CHANGES[f"stays_{change.reason}"], lang, object=self.label(change.object))
            case "attacking_nothing":
                return say(
                    CHANGES["attacking_nothing"],
                    lang,
                    attacker=self.label(change.attacker),
                    target=self.label(change.former_target),
                )
            case "still_blocked":
                return say(CHANGES["still_blocked"], lang, attacker=self.label(change.attacker))
            case "stops_blocking":
                return say(
                    ACTION_CHANGES["stops_blocking_effect"] if change.by_effect else CHANGES["stops_blocking"],
                    lang,
                    blocker=self.label(change.blocker),
                    attacker=self.label(change.attacker),
                )
            case "board":
                if change.what == "enters" and moment.event == "enters":
                    return say(CHANGES["board_enters"], lang, object=self.label(change.object))
                return None  # the event's own title says what happened on the battlefield
            case "nothing":
                words = CHANGES.get(f"nothing_{change.reason}") or ACTION_CHANGES[f"nothing_{change.reason}"]
                return say(words, lang, object=self.label(change.object))
            case "attack_reselected":
                key = "attack_reselected" if change.allowed else "attack_reselected_refused"
                return say(
                    ACTION_CHANGES[key],
                    lang,
                    attacker=self.label(change.attacker),
                    target=self.label(change.target),
                    former=self.label(change.former_target),
                )
            case "target":
                return self._target(change)
            case "order_due":
                key = "order_due_whole" if change.whole else "order_due_position"
                return say(
                    CHANGES[key],
                    lang,
                    player=change.by,
                    of=self.label(change.of),
                    creatures=self.labels(change.creatures),
                )
            case "order_announced":
                return say(
                    CHANGES["order_announced"],
                    lang,
                    player=change.by,
                    of=self.label(change.of),
                    order=self.labels(change.order),
                )
            case "order_updated":
                return say(
                    CHANGES["order_updated"],
                    lang,
                    left=self.label(change.left),
                    of=self.label(change.of),
                    order=self.labels(change.order),
                )
            case "order_rejected":
                event = self.snapshot.events[moment.index]
                player = getattr(event, "by", None) or change.by
                return say(
                    CHANGES[f"order_rejected_{change.problem}"],
                    lang,
                    of=self.label(change.of),
                    player=player,
                    expected=self.labels(change.expected) if change.problem != "wrong_player" else change.expected[0],
                )
            case "assigns_damage":
                key = f"damage_{change.how}"
                if change.divided_by is not None:  # 702.22j-k: banding gives the choice to the other side
                    return say(
                        CHANGES[f"{key}_banding"],
                        lang,
                        creature=self.label(change.creature),
                        to=self.labels(change.to),
                        player=change.divided_by,
                    )
                if change.how in ("blocked", "blocking") and len(change.to) == 1:
                    key = "damage_unblocked"  # all of it to that one creature (510.1c-d)
                elif change.how in ("blocked", "blocking") and self.edition == "before_foundations":
                    key += "_order"
                return say(CHANGES[key], lang, creature=self.label(change.creature), to=self.labels(change.to))
            case "timing":
                return self._timing(change)
            case "combat_ends":
                return say(CHANGES["combat_ends"], lang)
            case "alone":
                return say(CHANGES[f"alone_{change.what}"], lang, creature=self.label(change.creature))
        return None

    def _target(self, change: Any) -> str:
        def conditions(names: tuple[str, ...]) -> str:
            return ", ".join(TARGET_CONDITIONS[c].text(self.lang).format(player=change.by) for c in names)

        key = "target_allowed" if change.allowed else "target_refused"
        return _say(
            ACTION_CHANGES[key],
            self.lang,
            target=self.label(change.target),
            conditions=conditions(change.must_be),
            failed=conditions(change.failed),
        )

    def _timing(self, change: Any) -> str:
        reason = change.reason
        if reason in CONDITION_TIMING:
            about = self.label(change.about) if change.about in self.permanents else str(change.about)
            text = CONDITION_TIMING[reason].text(self.lang).format(about=about)
            answer = VERDICTS["yes" if change.allowed else "no"].text(self.lang)
            return _say(TIMING["answer"], self.lang, answer=answer, reason=text)
        if reason == "point_passed_after" and change.point in ("attackers_declared", "blockers_declared"):
            reason = "point_passed_after_declaration"
        point = POINTS[change.point].text(self.lang) if change.point else ""
        step = self.step(change.step) if change.step else ""
        text = TIMING[reason].text(self.lang).format(point=point, step=step)
        answer = VERDICTS["yes" if change.allowed else "no"].text(self.lang)
        return _say(TIMING["answer"], self.lang, answer=answer, reason=text)

    def title(self, moment: Moment) -> str:
        event = self.snapshot.events[moment.index]
        kind = moment.event
        values: dict[str, Any] = {}
        main = next(iter(type(event).model_fields)) if kind in EVENT_KINDS else None
        if main is not None:
            first = getattr(event, main)
            values["object"] = self.label(first if isinstance(first, str) else getattr(first, "id", ""))
            values["what"] = first if isinstance(first, str) else ""
        values["player"] = str(getattr(event, "by", None) or getattr(event, "to", None) or "")
        values["attacker"] = self.label(str(getattr(event, "attacker", "")))
        title = _say(LINES.get(f"ev_{kind}") or EVENT_TITLES[f"ev_{kind}"], self.lang, **values)
        return _say(LINES["event"], self.lang, index=moment.index, title=title)

    def state_lines(self, state: CombatState) -> list[str]:
        lang = self.lang
        lines = ["  " + _say(LINES["now"], lang, step=self.step(state.step))]
        attackers = [
            LINES["attacker_entry"]
            .text(lang)
            .format(creature=self.label(a.id), target=self.label(a.target), status=self._status(a.status, a.blockers))
            for a in state.attackers
        ]
        blockers = [
            LINES["blocker_entry"].text(lang).format(blocker=self.label(b.id), attackers=self.labels(b.attackers))
            for b in state.blockers
        ]
        removed = [
            LINES["removed_entry"].text(lang).format(object=self.label(r.id), cause=CAUSES[r.cause].text(lang))
            for r in state.removed
            if r.cause != "end_of_combat"
        ]
        none = LINES["none"].text(lang)
        lines.append("    " + LINES["now_attacking"].text(lang).format(list="; ".join(attackers) or none))
        lines.append("    " + LINES["now_blocking"].text(lang).format(list="; ".join(blockers) or none))
        if removed:
            lines.append("    " + LINES["now_removed"].text(lang).format(list="; ".join(removed)))
        due = [o for o in state.orders if o.due]
        if due:
            items = [f"{o.by}: {self.label(o.of)} ({self.labels(o.unplaced)})" for o in due]
            lines.append("    " + LINES["now_due"].text(lang).format(list="; ".join(items)))
        return lines + damage_state_lines(self, state)

    def _status(self, status: str, blockers: tuple[str, ...]) -> str:
        if status == "blocked":
            text = (
                LINES["status_blocked"].text(self.lang) if blockers else LINES["status_blocked_empty"].text(self.lang)
            )
            return f"{text} ({self.labels(blockers)})" if blockers else text
        return LINES[f"status_{status}"].text(self.lang)

    def lines(self) -> list[str]:
        timeline, lang = self.timeline, self.lang
        out = [self.heading()]
        start = timeline.moments[0]
        if start.changes:
            out.append(LINES["start_given"].text(lang))
            out += [line for c in start.changes if (line := self.change_line(c, start)) is not None]
        else:
            out.append(_say(LINES["start_before"], lang, step=self.step(start.state.step)))
        for moment in timeline.moments[1:]:
            out.append(self.title(moment))
            out += self.moment_lines(moment)
        stopped = self.stopped_line()
        if stopped is not None:
            out.append(stopped)
        out += self.state_lines(timeline.final.state)
        out.append(self.verdict_line())
        return out

    def moment_lines(self, moment: Moment) -> list[str]:
        """What one event did, below its title: each change with its rule, what it makes trigger, and the reasons
        of a declaration that is not legal."""
        lang = self.lang
        out = []
        for change in moment.changes:
            line = self.change_line(change, moment)
            out += [line] if line is not None else []
            if change.kind == "damage_assignment":
                out += detail_lines(self, change, moment.state)
        triggered = self.timeline.triggers.get(moment.index)
        if triggered:  # 508.3, 509.3: what this event makes trigger
            out += ["  " + word("triggers", lang), *trigger_item_lines(triggered, lang, "    ")]
        report = self.timeline.declarations.get(moment.index)
        if report is not None and report.verdict != "legal":
            view = self.snapshot.model_copy(update={"permanents": tuple(self.permanents.values())})
            out += ["    " + line for line in report_lines(report, view)[1:]]
        return out

    def stopped_line(self) -> str | None:
        if self.timeline.stopped_at is None:
            return None
        illegal = cite("illegal_action", self.edition)
        rule = self.citation(illegal.rule, illegal.edition)
        return _say(LINES["stopped"], self.lang, index=self.timeline.stopped_at, rule=rule)

    def verdict_line(self) -> str:
        return LINES[f"verdict_{self.timeline.verdict}"].text(self.lang)

    def heading(self) -> str:
        return LINES["title_old" if self.edition == "before_foundations" else "title_current"].text(self.lang)


def timeline_lines(timeline: Timeline, snapshot: Snapshot) -> list[str]:
    """The narration of a followed timeline, in the timeline's language."""
    lines = Narrator(timeline, snapshot).lines()
    if timeline.assuming:  # never silent: the text of named cards not applied qualifies every verdict
        lines[1:1] = [timeline.assuming[:1].upper() + timeline.assuming[1:], *item_lines(timeline.unapplied)]
    return lines
