"""A picture of the board as SVG: premiums coloured and labelled, tiles with
their letter and value, blanks and stars marked, the last move highlighted.

Words on the picture (premium labels, its accessible name) go through the
``gettext`` given, so a page can ask for them in its reader's language; the
default leaves them in English.  :func:`legend` says what each colour means,
in the layout's own colour names (Erudite's rule text names its premiums by
colour: green, yellow, blue, red).
"""

from __future__ import annotations

import typing as t
from dataclasses import dataclass
from html import escape

from adjudicator.core.tiles import BLANK_BIT

if t.TYPE_CHECKING:
    from adjudicator.core.game import GameState
    from adjudicator.core.layout import Layout, Premium

Gettext = t.Callable[[str], str]

CELL = 36
MARGIN = 22
PLAIN_FILL = "#e8e4d8"
LAST_STROKE = "#c2185b"
# Premium colours by the names used in the layout files; a label is written in
# dark or white ink, whichever stands out more (4.5:1 at least on every colour).
COLOURS = {
    "red": "#e0533d",
    "pink": "#f2a7a1",
    "dark blue": "#1f63a8",
    "light blue": "#a9d3ef",
    "blue": "#5b8fd6",
    "green": "#8fcf7a",
    "yellow": "#f3d35b",
}


def english(text: str) -> str:
    """The default ``gettext``: the words as written."""
    return text


@dataclass(frozen=True, slots=True)
class LegendItem:
    """One line of the key under the board: the square as drawn, and its meaning."""

    label: str
    fill: str
    ink: str
    text: str
    outline: str = ""


def premium_label(prem: Premium, gettext: Gettext = english) -> str:
    """The short label of a premium square (3W, 2W, 3L, 2L in English).

    The keeper's board says the same messages (``keeper.html``), so a language
    has one set of labels on every page and picture."""
    if prem.word > 1:
        if prem.word == 3:
            return gettext("3W")
        if prem.word == 2:
            return gettext("2W")
        return gettext("%(n)dW") % {"n": prem.word}
    if prem.letter > 1:
        if prem.letter == 3:
            return gettext("3L")
        if prem.letter == 2:
            return gettext("2L")
        return gettext("%(n)dL") % {"n": prem.letter}
    return ""


def face(label: str) -> str:
    """What a tile shows: a digraph's label without the brackets that keep it
    apart from its letters in notation (``[CH]`` shows CH)."""
    return label[1:-1] if len(label) > 2 and label[0] == "[" and label[-1] == "]" else label


# The letter's size on a tile by its length, so that CH, L·L or [ch] on a blank
# stays clear of the value in the corner.
LETTER_SIZES = {1: 18, 2: 13}
SMALLEST_LETTER = 10


def _fill(prem: Premium) -> str:
    return COLOURS.get(prem.colour, PLAIN_FILL) if prem.symbol != "." else PLAIN_FILL


def ink(fill: str) -> str:
    """The label colour that contrasts more with ``fill`` (``#rrggbb``)."""
    channels = [int(fill[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    r, g, b = (c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels)
    lum = 0.2126 * r + 0.7152 * g + 0.0722 * b
    return "#fff" if 1.05 / (lum + 0.05) > (lum + 0.05) / 0.0556 else "#111"


def legend(layout: Layout, gettext: Gettext = english) -> list[LegendItem]:
    """What the squares mean, named by the layout's colours, then the start
    square and the last move's outline."""
    items = [
        LegendItem(
            premium_label(p, gettext),
            _fill(p),
            ink(_fill(p)),
            gettext("%(colour)s: %(meaning)s")
            % {"colour": gettext(p.colour), "meaning": gettext(p.name)},
        )
        for p in layout.legend
    ]
    start = layout.premium(*layout.start)
    items.append(LegendItem("\u2605", _fill(start), ink(_fill(start)), gettext("start square")))
    items.append(LegendItem("", "#f5deb3", "#111", gettext("last move"), outline=LAST_STROKE))
    return items


def geometry(layout: Layout) -> dict[str, int]:
    """Where the squares are on the picture: a square's side, the margin of the
    coordinates (left and top), and the picture's size; a page that draws over
    the picture (the spectator's best play) places its squares by these."""
    return {
        "cell": CELL,
        "margin": MARGIN,
        "width": MARGIN + layout.cols * CELL + 2,
        "height": MARGIN + layout.rows * CELL + 2,
    }


def board_svg(state: GameState, gettext: Gettext = english) -> str:
    rules = state.rules
    layout, alpha, board = rules.layout, rules.alphabet, state.board
    last = state.last_play.placement.squares() if state.last_play else set()
    size = geometry(layout)
    width, height = size["width"], size["height"]
    name = gettext("%(title)s board") % {"title": gettext(rules.title)}
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" '
        f'width="{width}" height="{height}" font-family="sans-serif" role="img" '
        f'aria-label="{escape(name)}">',
        f"<title>{escape(name)}</title>",
        f'<rect width="{width}" height="{height}" fill="#fff"/>',
    ]
    for c in range(layout.cols):
        out.append(
            f'<text x="{MARGIN + c * CELL + CELL / 2}" y="15" font-size="12" '
            f'text-anchor="middle">{chr(65 + c)}</text>'
        )
    for r in range(layout.rows):
        out.append(
            f'<text x="{MARGIN / 2}" y="{MARGIN + r * CELL + CELL / 2 + 4}" '
            f'font-size="12" text-anchor="middle">{r + 1}</text>'
        )
    labels = {p.symbol: escape(premium_label(p, gettext)) for p in layout.legend}
    for r in range(layout.rows):
        for c in range(layout.cols):
            x, y = MARGIN + c * CELL, MARGIN + r * CELL
            prem = layout.premium(r, c)
            fill = _fill(prem)
            out.append(
                f'<rect x="{x}" y="{y}" width="{CELL}" height="{CELL}" fill="{fill}" '
                f'stroke="#fff" stroke-width="1"/>'
            )
            tile = board.get(r, c)
            if not tile:
                label = "\u2605" if (r, c) == layout.start else labels.get(prem.symbol, "")
                if label:
                    out.append(
                        f'<text x="{x + CELL / 2}" y="{y + CELL / 2 + 4}" font-size="11" '
                        f'text-anchor="middle" fill="{ink(fill)}">{label}</text>'
                    )
                continue
            out.append(_tile(alpha, tile, x, y, (r, c) in last, rules.blank_scores_letter))
    out.append("</svg>")
    return "\n".join(out)


def _tile(alpha: t.Any, tile: int, x: float, y: float, new: bool, star_scores: bool) -> str:
    blank = bool(tile & BLANK_BIT)
    shown = face(alpha.label(tile & ~BLANK_BIT))
    letter, size = escape(shown), LETTER_SIZES.get(len(shown), SMALLEST_LETTER)
    dx, dy = (2, 6) if len(shown) == 1 else (3, 4)  # a smaller letter sits a little higher
    value = alpha.score(tile) if (not blank or star_scores) else 0
    stroke = f' stroke="{LAST_STROKE}" stroke-width="3"' if new else ' stroke="#8d7b4f"'
    parts = [
        f'<g class="tile{" blank" if blank else ""}{" last" if new else ""}">',
        f'<rect x="{x + 2}" y="{y + 2}" width="{CELL - 4}" height="{CELL - 4}" rx="4" '
        f'fill="{"#fffaf0" if blank else "#f5deb3"}"{stroke}/>',
        f'<text x="{x + CELL / 2 - dx}" y="{y + CELL / 2 + dy}" font-size="{size}" '
        f'font-weight="bold" text-anchor="middle" '
        f'fill="{"#7a5af5" if blank else "#222"}">{letter}</text>',
    ]
    if blank:  # a blank or star: a small marker in the corner instead of a value
        parts.append(f'<circle cx="{x + CELL - 8}" cy="{y + 8}" r="3" fill="#7a5af5"/>')
    if value or not blank:
        parts.append(
            f'<text x="{x + CELL - 6}" y="{y + CELL - 5}" font-size="9" '
            f'text-anchor="end" fill="#222">{value}</text>'
        )
    parts.append("</g>")
    return "".join(parts)
