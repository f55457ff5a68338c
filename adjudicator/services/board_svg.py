"""A picture of the board as SVG: premiums coloured and labelled, tiles with
their letter and value, blanks and stars marked, the last move highlighted."""

from __future__ import annotations

import typing as t
from html import escape

from adjudicator.core.tiles import BLANK_BIT

if t.TYPE_CHECKING:
    from adjudicator.core.game import GameState

CELL = 36
MARGIN = 22
# Premium colours by the names used in the layout files.
COLOURS = {
    "red": "#e0533d",
    "pink": "#f2a7a1",
    "dark blue": "#2f7fc1",
    "light blue": "#a9d3ef",
    "blue": "#5b8fd6",
    "green": "#8fcf7a",
    "yellow": "#f3d35b",
}


def board_svg(state: GameState) -> str:
    rules = state.rules
    layout, alpha, board = rules.layout, rules.alphabet, state.board
    last = state.last_play.placement.squares() if state.last_play else set()
    width = MARGIN + layout.cols * CELL + 2
    height = MARGIN + layout.rows * CELL + 2
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" '
        f'width="{width}" height="{height}" font-family="sans-serif" role="img" '
        f'aria-label="{escape(rules.title)} board">',
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
    for r in range(layout.rows):
        for c in range(layout.cols):
            x, y = MARGIN + c * CELL, MARGIN + r * CELL
            prem = layout.premium(r, c)
            fill = COLOURS.get(prem.colour, "#e8e4d8") if prem.symbol != "." else "#e8e4d8"
            out.append(
                f'<rect x="{x}" y="{y}" width="{CELL}" height="{CELL}" fill="{fill}" '
                f'stroke="#fff" stroke-width="1"/>'
            )
            tile = board.get(r, c)
            if not tile:
                label = ""
                if prem.word > 1:
                    label = {2: "DW", 3: "TW"}.get(prem.word, f"{prem.word}W")
                elif prem.letter > 1:
                    label = {2: "DL", 3: "TL"}.get(prem.letter, f"{prem.letter}L")
                if (r, c) == layout.start:
                    label = "\u2605"
                if label:
                    out.append(
                        f'<text x="{x + CELL / 2}" y="{y + CELL / 2 + 4}" font-size="11" '
                        f'text-anchor="middle" fill="#333">{label}</text>'
                    )
                continue
            out.append(_tile(alpha, tile, x, y, (r, c) in last, rules.blank_scores_letter))
    out.append("</svg>")
    return "\n".join(out)


def _tile(alpha: t.Any, tile: int, x: float, y: float, new: bool, star_scores: bool) -> str:
    blank = bool(tile & BLANK_BIT)
    letter = escape(alpha.label(tile & ~BLANK_BIT))
    value = alpha.score(tile) if (not blank or star_scores) else 0
    stroke = ' stroke="#c2185b" stroke-width="3"' if new else ' stroke="#8d7b4f"'
    parts = [
        f'<g class="tile{" blank" if blank else ""}{" last" if new else ""}">',
        f'<rect x="{x + 2}" y="{y + 2}" width="{CELL - 4}" height="{CELL - 4}" rx="4" '
        f'fill="{"#fffaf0" if blank else "#f5deb3"}"{stroke}/>',
        f'<text x="{x + CELL / 2 - 2}" y="{y + CELL / 2 + 6}" font-size="18" '
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
