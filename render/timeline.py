"""A combat timeline as plain SVG: the verdict, then each event as the narration tells it (its changes with their
rules, what it makes trigger, why a declaration is illegal), and under an event that changed the combat, a picture
of the combat after it: what is attacked, the attacking creatures, the defending creatures, attack and block
arrows, and the creatures removed from combat (faded, with why). The pictures reuse the panel of `svg.py`, drawn
for the state after the event; an illegal declaration's broken rules are marked on the creatures involved.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..combat.narration import Narrator
from ..combat.state import CombatState, DamageAssignment, Moment
from ..combat.timeline import Timeline
from ..combat.words import CAUSES
from ..models import Declaration, Permanent, Snapshot
from ..models import events as ev
from ..models.report import Finding
from ..solver.board import Board
from ..solver.explain import word
from ..solver.text import Message
from .damage_picture import DamagePicture, damage_marks
from .svg import COLOURS, MARGIN, SLOT_W, Marks, Panel, Slot, document, svg_text, svg_title, title_word, wrap
from .text_fit import fit

REMOVED = Message("removed from combat", "retiré du combat", "removida del combate")
LINE_H = 17
MIN_WIDTH = 4 * SLOT_W


class StatePanel(Panel):
    """The panel for one combat state: its attackers and blockers as a declaration, plus a last row of the
    permanents removed from combat that are still on the battlefield."""

    def __init__(self, board: Board, declaration: Declaration, lang: str, removed: dict[str, str]) -> None:
        self.removed = removed
        super().__init__(board, declaration, lang, "block")

    def _rows(self) -> list[list[str]]:
        rows = super()._rows()
        shown = {object_id for row in rows for object_id in row}
        gone = [i for i in self.removed if i in self.board.permanents and i not in shown]
        return [row for row in (*rows, gone) if row]

    def _object(self, object_id: str, slot: Slot, findings: list[Finding]) -> list[str]:
        drawn = super()._object(object_id, slot, findings)
        cause = self.removed.get(object_id)
        if cause is None:
            return drawn
        x, y = slot.x + SLOT_W / 2, slot.bottom[1]
        lines, _ = fit([cause], [SLOT_W - 8], 10.5, max_lines=3)  # cut with an ellipsis, whole in the <title>
        caption = [
            svg_text(x, y + 13 + 13 * i, line, 10.5, fill="#555", anchor="middle") for i, line in enumerate(lines)
        ]
        return ['<g class="removed" opacity="0.55">', svg_title(cause), *drawn, *caption, "</g>"]


def _state_snapshot(snapshot: Snapshot, state: CombatState, step: str = "declare_blockers") -> Snapshot:
    """A combat state as a snapshot of the step: in declare blockers, the attackers attacking their targets now (an
    attacker whose planeswalker or battle left combat attacks nothing: no arrow); in declare attackers, none yet."""
    targets = {a.id: a.target or "" for a in state.attackers} if step == "declare_blockers" else {}
    permanents: list[Permanent] = [
        p.model_copy(update={"attacking": targets.get(p.id)}) if p.attacking is not None or p.id in targets else p
        for p in state.board
    ]
    return snapshot.model_copy(
        update={
            "step": step,
            "active_player": state.attacking_player,
            "permanents": tuple(permanents),
            "declaration": None,
            "events": (),
        }
    )


def _proposal(snapshot: Snapshot, moment: Moment, lang: str) -> Panel | None:
    """The picture of a declaration that is not legal, as proposed, on the board it was proposed on: the timeline
    stops there, so no state shows it."""
    event = snapshot.events[moment.index]
    if isinstance(event, ev.DeclareBlockers):
        view = _state_snapshot(snapshot, moment.state)
        return Panel(Board(view), Declaration(blocks=event.declare_blockers.blocks), lang, "block")
    if isinstance(event, ev.DeclareAttackers):
        view = _state_snapshot(snapshot, moment.state, "declare_attackers")
        return Panel(Board(view), Declaration(attacks=event.declare_attackers.attacks), lang, "attack")
    return None


def _picture_key(state: CombatState) -> tuple[object, ...]:
    """What the picture of a state shows: a new picture is drawn only when it changes."""
    return (
        tuple((a.id, a.target, a.blockers) for a in state.attackers),
        tuple((b.id, b.attackers) for b in state.blockers),
        tuple(r.id for r in state.removed if r.cause != "end_of_combat"),
        tuple((p.id, p.tapped, p.power, p.toughness) for p in state.board),
    )


@dataclass(frozen=True)
class _Part:
    """One piece of the picture, top to bottom: a line of text of some kind, or the picture of a state."""

    kind: str  # verdict, heading, title, caption, line, end, panel
    text: str = ""  # a panel's: its name, proposal or state
    panel: Panel | DamagePicture | None = None
    marks: Marks | None = None


def render_timeline_svg(snapshot: Snapshot, timeline: Timeline) -> str:
    """The followed timeline as an SVG document (a string), in the timeline's language."""
    narrator = Narrator(timeline, snapshot)
    lang = timeline.lang
    width = float(MIN_WIDTH)
    parts = [_Part("verdict", timeline.verdict), _Part("heading", narrator.heading())]
    start = timeline.moments[0]
    last_key: tuple[object, ...] | None = None
    previous = start
    for moment in timeline.moments:
        if moment.index >= 0:
            parts.append(_Part("title", narrator.title(moment)))
            parts += [_Part("line", line.strip()) for line in narrator.moment_lines(moment)]
        else:
            parts += [_Part("line", line.strip()) for c in start.changes if (line := narrator.change_line(c, start))]
        report = timeline.declarations.get(moment.index)
        proposal = _proposal(snapshot, moment, lang) if report is not None and report.verdict != "legal" else None
        if report is not None and proposal is not None:
            width = max(width, proposal.width)
            parts.append(_Part("caption", title_word("proposal", lang)))
            parts.append(_Part("panel", "proposal", panel=proposal, marks=Marks.of(report.violations)))
        judged = next((c for c in moment.changes if isinstance(c, DamageAssignment)), None)
        if judged is not None:  # the damage on the combat as it was assigned (issue 22)
            shown = _panel(snapshot, previous, lang)
            picture = DamagePicture(shown, moment, judged, lang)
            width = max(width, picture.width)
            parts.append(_Part("panel", "damage", panel=picture, marks=damage_marks(judged)))
        previous = moment
        key = _picture_key(moment.state)
        if moment.state.attackers and key != last_key:
            panel = _panel(snapshot, moment, lang)
            width = max(width, panel.width)
            parts.append(_Part("panel", "state", panel=panel, marks=Marks.of([])))
            last_key = key
    stopped = narrator.stopped_line()
    if stopped is not None:
        parts.append(_Part("title", stopped))
    parts.append(_Part("end", narrator.verdict_line()))
    return _document(parts, width, lang)


def _panel(snapshot: Snapshot, moment: Moment, lang: str) -> StatePanel:
    view = _state_snapshot(snapshot, moment.state)
    declaration = Declaration(blocks={b.id: b.attackers for b in moment.state.blockers if b.attackers})
    removed = {
        r.id: f"{REMOVED.format(lang, {})} ({CAUSES[r.cause].text(lang)})"
        for r in moment.state.removed
        if r.cause != "end_of_combat"
    }
    return StatePanel(Board(view), declaration, lang, removed)


def _document(parts: list[_Part], width: float, lang: str) -> str:
    total = width + 2 * MARGIN
    body: list[str] = []
    y = float(MARGIN)
    for part in parts:
        if part.kind == "verdict":
            body.append(svg_text(MARGIN, y + 22, word(part.text, lang), 24, fill=COLOURS[part.text], weight="bold"))
            y += 34
        elif part.panel is not None and part.marks is not None:
            y += 6
            body += part.panel.draw(y, part.marks, part.text)
            y += part.panel.height + 10
        else:
            text = part.kind == "line"
            size, indent = (12.5, 12) if text else (14.0, 0)
            if part.kind in ("title", "caption"):
                y += 8
            for i, line in enumerate(wrap(part.text, int((width - indent) / (size * (0.56 if text else 0.62))))):
                x = MARGIN + indent + (12 if i else 0)
                body.append(svg_text(x, y + size + 2, line, size, fill="#333" if text else "#111",
                                      weight="normal" if text else "bold"))  # fmt: skip
                y += LINE_H if text else size + 6
    return document(total, y + MARGIN, body)
