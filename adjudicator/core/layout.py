"""Board layouts: size, start square and a (letter, word) multiplier per square."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Premium:
    """What a square multiplies; ``name`` and ``colour`` are for people."""

    letter: int = 1
    word: int = 1
    symbol: str = "."
    name: str = ""
    colour: str = ""


PLAIN = Premium()


@dataclass(frozen=True, slots=True)
class Layout:
    name: str
    rows: int
    cols: int
    start: tuple[int, int]
    squares: tuple[Premium, ...]  # row-major
    legend: tuple[Premium, ...] = ()

    def premium(self, row: int, col: int) -> Premium:
        return self.squares[row * self.cols + col]

    def on_board(self, row: int, col: int) -> bool:
        return 0 <= row < self.rows and 0 <= col < self.cols

    def grid(self) -> list[str]:
        """The symbol grid, one string per row."""
        return [
            "".join(self.squares[r * self.cols + c].symbol for c in range(self.cols))
            for r in range(self.rows)
        ]


def parse_grid(name: str, text: str, legend: dict[str, Premium], start: tuple[int, int]) -> Layout:
    """Read a grid of premium symbols (whitespace between symbols is optional).

    :raises ValueError: on ragged rows or an unknown symbol.
    """
    rows = []
    for line in text.strip("\n").splitlines():
        cells = [ch for ch in line if not ch.isspace()]
        if cells:
            rows.append(cells)
    if not rows:
        raise ValueError("empty grid")
    width = len(rows[0])
    squares: list[Premium] = []
    for r, cells in enumerate(rows):
        if len(cells) != width:
            raise ValueError(f"row {r + 1} has {len(cells)} squares, expected {width}")
        for ch in cells:
            if ch == ".":
                squares.append(PLAIN)
            elif ch in legend:
                squares.append(legend[ch])
            else:
                raise ValueError(f"unknown symbol {ch!r} in row {r + 1}")
    if not (0 <= start[0] < len(rows) and 0 <= start[1] < width):
        raise ValueError(f"start square {start} is off the board")
    return Layout(name, len(rows), width, start, tuple(squares), tuple(legend.values()))
