"""A combat as plain SVG: what is attacked (top row), the attacking creatures, the blockers (bottom row), arrows for
attacks and blocks, tapped creatures turned sideways, abilities (in the picture's language, `ability_words.py`) and
power/toughness on each card frame. An illegal declaration's broken restrictions and missed requirements are marked
on the creatures involved (a coloured frame and the rule number), and the witness is drawn below as a second panel.

No scripts, fonts or images from elsewhere: the SVG stands alone, scales to any width, and stacks vertically so
it stays readable on a phone.
"""

from __future__ import annotations

from dataclasses import dataclass
from xml.sax.saxutils import escape, quoteattr

from ..models import Declaration, Permanent, Snapshot
from ..models.report import Finding, Report
from ..solver.board import Board
from ..solver.explain import word
from ..solver.text import Message
from .ability_words import ability_lines
from .text_fit import fit

CARD_W, CARD_H = 136, 150
PLAYER_H = 52
SLOT_W, SLOT_H = 160, 200
PLAYER_SLOT_H = 100
PER_ROW = 4
TEXT_PAD = 7  # the frame's text keeps this far from its sides
ABILITY_SIZE, ABILITY_LINE = 12.5, 15
STATS_W = 46
MIN_COLUMNS = 2
MARGIN = 16
FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, 'DejaVu Sans', sans-serif"
COLOURS = {
    "legal": "#1b7f3b",
    "illegal": "#b3261e",
    "unknown": "#6b6b6b",
    "restriction": "#b3261e",
    "requirement": "#c25e00",
    "attack": "#7a3e9d",
    "block": "#1f5fbf",
    "witness": "#1b7f3b",
}
TITLES: dict[str, Message] = {
    "proposal": Message("Proposed declaration", "Déclaration proposée", "Declaración propuesta"),
    "board": Message("Board", "Champ de bataille", "Campo de batalla"),
    "tapped": Message("tapped", "engagé", "girada"),
    "player": Message("player", "joueur", "jugador"),
    "attached": Message("with {names}", "avec {names}", "con {names}"),
}


def _text(value: str) -> str:
    """Escaped for XML; a lone surrogate (not encodable) becomes '?', so any name can be drawn."""
    return escape(value.encode("utf-8", "replace").decode("utf-8"))


def svg_title(text: str) -> str:
    """A `<title>` element: the whole text of the element it opens, shown as its tooltip."""
    return f"<title>{_text(text)}</title>"


def _attr(value: str) -> str:
    return quoteattr(value.encode("utf-8", "replace").decode("utf-8"))


def title_word(key: str, lang: str) -> str:
    return TITLES[key].format(lang, {})


def wrap(text: str, width: int) -> list[str]:
    lines: list[str] = []
    current = ""
    for part in text.split():
        if current and len(current) + 1 + len(part) > width:
            lines.append(current)
            current = part
        else:
            current = f"{current} {part}" if current else part
    return [*lines, current] if current else lines


@dataclass(frozen=True)
class Slot:
    """Where one object is drawn: the slot's corner, its height, and the height of the object's frame."""

    x: float
    y: float
    height: float
    frame: float

    @property
    def top(self) -> tuple[float, float]:
        return self.x + SLOT_W / 2, self.y + (self.height - self.frame) / 2 - 2

    @property
    def bottom(self) -> tuple[float, float]:
        return self.x + SLOT_W / 2, self.y + (self.height + self.frame) / 2 + 2


@dataclass(frozen=True)
class Marks:
    """Rule numbers to show on each object, by kind (restriction / requirement)."""

    by_object: dict[str, list[Finding]]

    @classmethod
    def of(cls, findings: list[Finding]) -> Marks:
        by_object: dict[str, list[Finding]] = {}
        for item in findings:
            for obj in item.objects:
                by_object.setdefault(obj, []).append(item)
        return cls(by_object)


class Panel:
    """One drawing of the board with one declaration."""

    def __init__(self, board: Board, declaration: Declaration | None, lang: str, arrow: str) -> None:
        self.board = board
        self.snapshot = board.snapshot
        self.declaration = declaration
        self.lang = lang
        self.arrow = arrow
        self.rows = self._rows()
        self.width = max(MIN_COLUMNS, min(PER_ROW, max((len(r) for r in self.rows), default=1))) * SLOT_W
        self.slots: dict[str, Slot] = {}
        y = 0.0
        for row in self.rows:
            players_only = all(i not in board.permanents for i in row)
            row_h = PLAYER_SLOT_H if players_only else SLOT_H
            for index, object_id in enumerate(row):
                line, col = divmod(index, PER_ROW)
                in_line = min(PER_ROW, len(row) - line * PER_ROW)
                offset = (self.width - in_line * SLOT_W) / 2
                frame = CARD_H if object_id in board.permanents else PLAYER_H
                self.slots[object_id] = Slot(offset + col * SLOT_W, y + line * row_h, row_h, frame)
            y += max(1, -(-len(row) // PER_ROW)) * row_h
        self.height = y

    def _rows(self) -> list[list[str]]:
        """What is attacked, then the creatures that may attack or block; plus whatever the declaration names
        (an illegal one may name a player who can't be attacked or a creature that can't block)."""
        board = self.board
        pairs = self.pairs()
        if self.snapshot.step == "declare_attackers":
            targets = [*board.attack_targets, *(t for _, t in pairs)]
            return [
                _known(board, targets),
                _known(board, [*(c.id for c in board.attack_candidates), *(a for a, _ in pairs)]),
            ]
        targets = [a.attacking for a in board.attackers if a.attacking is not None]
        blockers = [*(c.id for c in board.defending_side), *(b for b, _ in pairs)]
        return [_known(board, targets), [a.id for a in board.attackers], _known(board, blockers)]

    def pairs(self) -> list[tuple[str, str]]:
        if self.declaration is None:
            return []
        if self.snapshot.step == "declare_attackers":
            return self.declaration.attack_pairs()
        return self.declaration.block_pairs()

    def draw(self, top: float, marks: Marks, name: str) -> list[str]:
        out = [f'<g class="panel" data-panel="{name}" transform="translate({MARGIN},{top})">']
        if self.snapshot.step == "declare_blockers":
            for attacker in self.board.attackers:
                if attacker.attacking in self.slots and attacker.id in self.slots:
                    out.append(_line(self.slots[attacker.id].top, self.slots[attacker.attacking].bottom, "attack"))
        for actor, target in self.pairs():
            if actor in self.slots and target in self.slots:
                out.append(_line(self.slots[actor].top, self.slots[target].bottom, self.arrow))
        for object_id, slot in self.slots.items():
            out += self._object(object_id, slot, marks.by_object.get(object_id, []))
        out.append("</g>")
        return out

    def _object(self, object_id: str, slot: Slot, findings: list[Finding]) -> list[str]:
        perm = self.board.permanents.get(object_id)
        cx, cy = slot.x + SLOT_W / 2, slot.y + slot.height / 2
        x, y = cx - CARD_W / 2, cy - slot.frame / 2
        kind = "restriction" if any(f.kind == "restriction" for f in findings) else "requirement"
        stroke = COLOURS[kind] if findings else "#444"
        width = 4 if findings else 1.5
        rotate = f' transform="rotate(90 {cx} {cy})"' if perm is not None and perm.tapped else ""
        out = [f'<g class="card" data-id={_attr(object_id)}{rotate}>']
        fill = "#fff" if perm is not None else "#eef2f7"
        out.append(
            f'<rect x="{x}" y="{y}" width="{CARD_W}" height="{slot.frame}" rx="9" fill="{fill}" '
            f'stroke="{stroke}" stroke-width="{width}"/>'
        )
        name = perm.name if perm is not None and perm.name else object_id
        detail = title_word("player", self.lang) if perm is None else f"{object_id} · {perm.controller}"
        whole = [name, detail]  # everything the frame says, whole, for its <title>
        inner = CARD_W - 2 * TEXT_PAD
        lines, _ = fit([name], [inner], 15, bold=True, max_lines=2)
        for i, line in enumerate(lines):
            out.append(svg_text(x + TEXT_PAD, y + 19 + i * 17, line, 15, weight="bold"))
        (detail_line,), _ = fit([detail], [inner], 11.5, max_lines=1)
        out.append(svg_text(x + TEXT_PAD, y + 21 + len(lines) * 17, detail_line, 11.5, fill="#555"))
        if perm is not None:
            abilities = ability_lines(perm, self.board, self.lang)
            attached = [p.name or p.id for p in self.board.permanents.values() if p.attached_to == object_id]
            if attached:  # its Auras and Equipment (attached_to), first
                abilities = [TITLES["attached"].format(self.lang, {"names": ", ".join(attached)}), *abilities]
            whole += abilities
            stats = _stats(perm)
            top = y + 42 + len(lines) * 17
            room = _ability_room(top, y, stats != "", perm.tapped)
            shown, _ = fit(abilities, room or [inner], ABILITY_SIZE, max_lines=len(room))
            for i, line in enumerate(shown):
                out.append(svg_text(x + TEXT_PAD, top + i * ABILITY_LINE, line, ABILITY_SIZE))
            if stats:
                out.append(
                    f'<rect x="{x + CARD_W - STATS_W - 6}" y="{y + CARD_H - 28}" width="{STATS_W}" height="22" rx="5" '
                    'fill="#f1ede4" stroke="#444"/>'
                )
                out.append(svg_text(x + CARD_W - 29, y + CARD_H - 12, stats, 14, weight="bold", anchor="middle"))
            if perm.tapped:
                out.append(svg_text(x + 8, y + CARD_H - 12, title_word("tapped", self.lang), 11, fill="#555"))
                whole.append(title_word("tapped", self.lang))
            if stats:
                whole.append(stats)
        rules = list(dict.fromkeys(f.rule for f in findings))
        if rules:
            badge = " ".join(rules)
            badge_w = 8 + 7.2 * len(badge)
            out.append(
                f'<rect x="{x - 4}" y="{y - 12}" width="{badge_w}" height="20" rx="10" fill="{stroke}"/>'
                + svg_text(x - 4 + badge_w / 2, y + 3, badge, 12, fill="#fff", weight="bold", anchor="middle")
            )
            whole += [f"{f.rule}: {f.message}" for f in findings]
        out.insert(1, svg_title("\n".join(whole)))  # the whole text, as a tooltip
        out.append("</g>")
        return out


def _ability_room(top: float, y: float, stats: bool, tapped: bool) -> list[float]:
    """The width of each ability line that fits a frame whose top is `y`, the first one's baseline at `top`: the
    full width above the frame's bottom strip; in the strip, left of the P/T box, or none when the strip's left is
    taken by the word "tapped"."""
    inner = CARD_W - 2 * TEXT_PAD
    beside = CARD_W - STATS_W - 6 - TEXT_PAD - 6  # left of the P/T box
    strip = y + CARD_H - 30  # the top of the bottom strip (the P/T box, "tapped")
    bottom = y + CARD_H - 6
    widths: list[float] = []
    baseline = top
    while baseline + 3 <= bottom:  # 3: a descender below the baseline
        if baseline + 3 > strip:
            if tapped:
                break
            widths.append(beside if stats else inner)
        else:
            widths.append(inner)
        baseline += ABILITY_LINE
    return widths


def _known(board: Board, ids: list[str]) -> list[str]:
    """Distinct ids of players and permanents, in order."""
    players = {p.id for p in board.snapshot.players}
    return [i for i in dict.fromkeys(ids) if i in players or i in board.permanents]


def _stats(perm: Permanent) -> str:
    if perm.power is not None or perm.toughness is not None:
        return (
            f"{perm.power if perm.power is not None else '?'}/{perm.toughness if perm.toughness is not None else '?'}"
        )
    if perm.loyalty is not None:
        return f"◆{perm.loyalty}"
    return ""


def svg_text(
    x: float,
    y: float,
    text: str,
    size: float,
    *,
    fill: str = "#111",
    weight: str = "normal",
    anchor: str = "start",
) -> str:
    bold = ' font-weight="bold"' if weight == "bold" else ""
    middle = f' text-anchor="{anchor}"' if anchor != "start" else ""
    return f'<text x="{x}" y="{y}" font-size="{size}" fill="{fill}"{bold}{middle}>{_text(text)}</text>'


def _line(start: tuple[float, float], end: tuple[float, float], kind: str) -> str:
    dash = ' stroke-dasharray="7 5"' if kind == "attack" else ""
    return (
        f'<line class="arrow {kind}" x1="{start[0]}" y1="{start[1]}" x2="{end[0]}" y2="{end[1]}" '
        f'stroke="{COLOURS[kind]}" stroke-width="3.5"{dash} marker-end="url(#head-{kind})"/>'
    )


def _markers() -> str:
    heads = "".join(
        f'<marker id="head-{kind}" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="5" markerHeight="5" '
        f'orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="{COLOURS[kind]}"/></marker>'
        for kind in ("attack", "block", "witness")
    )
    return f"<defs>{heads}</defs>"


def render_svg(
    snapshot: Snapshot,
    report: Report | None = None,
    *,
    lang: str | None = None,
    witness: bool = True,
) -> str:
    """The snapshot and its declaration as an SVG document (a string). With a report: its verdict, the broken
    restrictions and missed requirements marked on the creatures involved, and (if `witness`) the witness drawn
    below. `lang` defaults to the report's."""
    language = lang or (report.lang if report is not None else "en")
    board = Board(snapshot)
    arrow = "attack" if snapshot.step == "declare_attackers" else "block"
    panels: list[tuple[str, Panel, Marks]] = []
    heading = title_word("proposal" if snapshot.declaration is not None else "board", language)
    findings = report.violations if report is not None else []
    panels.append((heading, Panel(board, snapshot.declaration, language, arrow), Marks.of(findings)))
    if witness and report is not None and report.verdict == "illegal" and report.witness is not None:
        panels.append((word("witness", language), Panel(board, report.witness, language, "witness"), Marks.of([])))
    width = max(p.width for _, p, _ in panels) + 2 * MARGIN
    body: list[str] = []
    y = float(MARGIN)
    if report is not None:
        body.append(
            svg_text(MARGIN, y + 22, word(report.verdict, language), 24, fill=COLOURS[report.verdict], weight="bold")
        )
        y += 34
        for item in report.violations:
            label = word("missed" if item.kind == "requirement" else "broken", language)
            colon = " : " if language == "fr" else ": "
            for i, line in enumerate(wrap(f"{item.rule} · {label}{colon}{item.message}", int(width / 7.4))):
                body.append(svg_text(MARGIN + (12 if i else 0), y + 16, line, 13, fill=COLOURS[item.kind]))
                y += 18
        y += 6
    for title, panel, marks in panels:
        for line in wrap(title, int(width / 8.6)):
            body.append(svg_text(MARGIN, y + 18, line, 15, weight="bold"))
            y += 20
        y += 10
        body += panel.draw(y, marks, "proposal" if panel.arrow != "witness" else "witness")
        y += panel.height + 12
    return document(width, y + MARGIN, body)


def document(width: float, height: float, body: list[str]) -> str:
    """A standalone SVG document of that size around `body`, with the arrowheads its lines use."""
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width:g} {height:g}" width="{width:g}" '
        f'height="{height:g}" font-family="{FONT}" role="img">'
        f"{_markers()}"
        f'<rect width="100%" height="100%" fill="#fafaf7"/>' + "".join(body) + "</svg>\n"
    )
