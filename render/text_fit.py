"""Text fitted to a card frame: wrapped to a width in pixels, cut with an ellipsis where it doesn't fit.

Widths are estimated from DejaVu Sans's advance widths (the thousandths of an em below, read from Debian's
DejaVuSans.ttf and DejaVuSans-Bold.ttf): the widest of the fonts the pictures name (system-ui, Segoe UI, Roboto and
San Francisco are narrower), so text measured here fits the frame in any of them. A character not in the table
counts as wide (an em for East Asian scripts, 0.7 em otherwise). Words wider than a line are broken between
letters; a text cut short ends with "…", and the picture keeps the whole text in the card's <title>."""

from __future__ import annotations

from collections.abc import Sequence

# fmt: off
_REGULAR = (
    318, 401, 460, 838, 636, 950, 780, 275, 390, 390, 500, 838, 318, 361, 318, 337, 636, 636, 636, 636, 636, 636,
    636, 636, 636, 636, 337, 337, 838, 838, 838, 531, 1000, 684, 686, 698, 770, 632, 575, 775, 752, 295, 295, 656,
    557, 863, 748, 787, 603, 787, 695, 635, 611, 732, 684, 989, 685, 611, 685, 390, 337, 390, 838, 500, 500, 613,
    635, 550, 635, 615, 352, 635, 634, 278, 278, 579, 278, 974, 634, 612, 635, 635, 411, 521, 392, 634, 592, 818,
    592, 592, 525, 636, 337, 636, 838, 1000, 318, 1000, 500, 318, 518, 518, 612, 612, 531, 401, 613, 613, 613, 550,
    615, 615, 615, 615, 278, 278, 612, 612, 634, 634, 634, 592, 634, 613, 278, 612, 634, 684, 632, 295, 787, 732,
    684, 632, 698, 748, 769, 838
)
_BOLD = (
    348, 456, 521, 838, 696, 1002, 872, 306, 457, 457, 523, 838, 380, 415, 380, 365, 696, 696, 696, 696, 696, 696,
    696, 696, 696, 696, 400, 400, 838, 838, 838, 580, 1000, 774, 762, 734, 830, 683, 683, 821, 837, 372, 372, 775,
    637, 995, 837, 850, 733, 850, 770, 720, 682, 812, 774, 1103, 771, 724, 725, 457, 365, 457, 838, 500, 500, 675,
    716, 593, 716, 678, 435, 716, 712, 343, 343, 665, 343, 1042, 712, 687, 716, 716, 493, 595, 478, 712, 652, 924,
    645, 652, 582, 712, 365, 712, 838, 1000, 380, 1000, 500, 380, 657, 657, 646, 646, 580, 456, 675, 675, 675, 593,
    678, 678, 678, 678, 343, 343, 687, 687, 712, 712, 712, 652, 712, 675, 343, 687, 712, 774, 683, 372, 850, 812,
    774, 683, 734, 837, 769, 838
)
_CHARS = ' !"#$%&\'()*+,-./0123456789:;<=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\]^_`abcdefghijklmnopqrstuvwxyz{|}~…·—–’“”«»¿¡àâäçéèêëîïôöùûüÿñáíóúÁÉÍÓÚÀÈÇÑ◆→'
# fmt: on
_WIDTHS = {False: dict(zip(_CHARS, _REGULAR, strict=True)), True: dict(zip(_CHARS, _BOLD, strict=True))}
ELLIPSIS = "…"


def _char(ch: str, bold: bool) -> int:
    known = _WIDTHS[bold].get(ch)
    if known is not None:
        return known
    return 1000 if ord(ch) >= 0x2E80 else 700


def text_width(text: str, size: float, *, bold: bool = False) -> float:
    """The width of `text` in pixels at font size `size` (an estimate from above, see the module's docstring)."""
    return sum(_char(ch, bold) for ch in text) * size / 1000


def _ellipsized(line: str, width: float, size: float, bold: bool) -> str:
    """`line` ended with an ellipsis, shortened until it fits `width`."""
    text = line.rstrip()
    while text and text_width(text + ELLIPSIS, size, bold=bold) > width:
        text = text[:-1].rstrip()
    return text + ELLIPSIS


def _width(widths: Sequence[float], index: int) -> float:
    return widths[min(index, len(widths) - 1)]


def _words(text: str) -> list[str]:
    """The words of `text`, French quotation marks and the punctuation French spaces off kept with their word
    (never "»" or ":" alone at the start of a line, nor "«" at the end of one)."""
    words: list[str] = []
    glue_next = False
    for word in text.split():
        if words and (glue_next or word in _CLOSING):
            words[-1] = f"{words[-1]} {word}"
        else:
            words.append(word)
        glue_next = word == "«"
    return words


_CLOSING = {"»", ":", ";", "?", "!"}


def _wrap(text: str, widths: Sequence[float], size: float, bold: bool, start: int) -> list[str]:
    """`text` wrapped greedily, its line `start + i` at most `widths[start + i]` wide (the last width repeats)."""
    lines: list[str] = []
    current = ""
    for word in _words(text):
        candidate = f"{current} {word}" if current else word
        if text_width(candidate, size, bold=bold) <= _width(widths, start + len(lines)):
            current = candidate
            continue
        if current:
            lines.append(current)
            current = ""
        while text_width(word, size, bold=bold) > _width(widths, start + len(lines)):  # a word wider than a line
            room = _width(widths, start + len(lines))
            cut = 1
            while cut < len(word) and text_width(word[: cut + 1], size, bold=bold) <= room:
                cut += 1
            lines.append(word[:cut])
            word = word[cut:]
        current = word
    return [*lines, current] if current else lines


def fit(
    paragraphs: Sequence[str], widths: Sequence[float], size: float, *, bold: bool = False, max_lines: int
) -> tuple[list[str], bool]:
    """The lines of `paragraphs` (each starting a new line), line i at most `widths[i]` pixels wide (the last width
    repeats), and whether the text was cut: then its last line ends with an ellipsis."""
    lines: list[str] = []
    for paragraph in paragraphs:
        lines += _wrap(paragraph, widths, size, bold, len(lines))
    if len(lines) <= max_lines:
        return lines, False
    if max_lines <= 0:
        return [], True
    shown = lines[:max_lines]
    shown[-1] = _ellipsized(shown[-1], _width(widths, max_lines - 1), size, bold)
    return shown, True


__all__ = ["ELLIPSIS", "fit", "text_width"]
