"""The picture of a combat damage step (issue 22): the combat as the damage was assigned, with an arrow from each
creature to each recipient of its damage, the amount on the arrow, and what the state-based actions put into the
graveyard (704.5) marked with its rule. An illegal assignment is drawn as proposed, its broken rules marked on the
creatures they name."""

from __future__ import annotations

from ..combat.state import DamageAssignment, Moment, StateBasedAction
from ..models.report import Finding
from ..solver.text import Message
from .svg import SLOT_W, Marks, Slot, svg_text, svg_title
from .text_fit import fit

DAMAGE_COLOUR = "#b45309"
DEATH_COLOUR = "#b91c1c"
DIES = Message("dies ({rule})", "meurt ({rule})", "muere ({rule})")
LOSES = Message("loses the game ({rule})", "perd la partie ({rule})", "pierde la partida ({rule})")
SURVIVES = Message("indestructible (702.12b)", "indestructible (702.12b)", "indestructible (702.12b)")


def _arrow_end(start: Slot, end: Slot, shift: float) -> tuple[tuple[float, float], tuple[float, float]]:
    """From one slot's edge to the other's, on the side facing it, shifted so as not to hide the block arrows."""
    if end.y < start.y:  # upwards (blockers to attackers, attackers to what they attack): the other side
        a, b = start.top, end.bottom
        shift = -shift
    else:
        a, b = start.bottom, end.top
    return (a[0] + shift, a[1]), (b[0] + shift, b[1])


class DamagePicture:
    """Draws over a state panel: damage arrows with amounts, and marks on what died. `panel` is a
    render.timeline.StatePanel of the combat before the damage (an object with `slots` and `draw`)."""

    def __init__(self, panel: object, moment: Moment, judged: DamageAssignment, lang: str) -> None:
        self.panel = panel
        self.lang = lang
        self.amounts = judged.assignment
        self.fates: dict[str, str] = {}
        for change in moment.changes:
            if isinstance(change, StateBasedAction):
                template = (
                    SURVIVES if change.indestructible else LOSES if change.what in ("zero_life", "poison") else DIES
                )
                self.fates[change.object] = template.format(lang, {"rule": change.rule})
        self.width: float = panel.width  # type: ignore[attr-defined]
        self.height: float = panel.height + 16  # type: ignore[attr-defined]
        self.marker = f"head-damage-{moment.index}"

    def draw(self, top: float, marks: Marks, name: str) -> list[str]:
        body = self.panel.draw(top, marks, name)  # type: ignore[attr-defined]
        slots: dict[str, Slot] = self.panel.slots  # type: ignore[attr-defined]
        extra = [
            f'<defs><marker id="{self.marker}" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="5" '
            f'markerHeight="5" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="{DAMAGE_COLOUR}"/>'
            "</marker></defs>"
        ]
        for source, split in self.amounts.items():
            for recipient, amount in split.items():
                if amount <= 0 or source not in slots or recipient not in slots:
                    continue
                (x1, y1), (x2, y2) = _arrow_end(slots[source], slots[recipient], 14.0)
                extra.append(
                    f'<line class="arrow damage" x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="{DAMAGE_COLOUR}" '
                    f'stroke-width="3" marker-end="url(#{self.marker})"/>'
                )
                mx, my = (x1 + x2) / 2, (y1 + y2) / 2
                extra.append(
                    f'<circle cx="{mx}" cy="{my}" r="11" fill="#fff" stroke="{DAMAGE_COLOUR}" stroke-width="2"/>'
                )
                extra.append(
                    svg_text(mx, my + 4.5, str(amount), 13, fill=DAMAGE_COLOUR, weight="bold", anchor="middle")
                )
        for object_id, fate in self.fates.items():
            slot = slots.get(object_id)
            if slot is None:
                continue
            x, y = slot.x + SLOT_W / 2, slot.bottom[1]
            colour = "#555" if "702.12b" in fate else DEATH_COLOUR
            extra.append(f'<g class="fate" data-id="{object_id}">{svg_title(fate)}')
            if colour == DEATH_COLOUR:
                (cx, cy), h = slot.top, slot.frame
                extra.append(
                    f'<path d="M{cx - 40},{cy + 8} L{cx + 40},{cy + h - 8} M{cx + 40},{cy + 8} L{cx - 40},{cy + h - 8}" '
                    f'stroke="{DEATH_COLOUR}" stroke-width="4" opacity="0.7"/>'
                )
            extra += [
                svg_text(x, y + 13 + 13 * i, line, 11, fill=colour, weight="bold", anchor="middle")
                for i, line in enumerate(fit([fate], [SLOT_W - 8], 11, bold=True, max_lines=2)[0])
            ]
            extra.append("</g>")
        closing = body.pop()  # the panel's </g>: the damage goes inside its translated group
        return [*body, *extra, closing]


def damage_marks(judged: DamageAssignment) -> Marks:
    """The broken rules of an illegal assignment, on the creatures they name."""
    findings: list[Finding] = []
    for f in judged.findings:
        objects = [v for k, v in f.values.items() if isinstance(v, str) and k not in ("player",)]
        findings.append(Finding(kind="restriction", rule=f.rule, key=f.key, message=f.code, objects=objects))
    return Marks.of(findings)
