from __future__ import annotations

import pytest

from adjudicator.core.layout import Premium, parse_grid


def test_standard_layout(registry):
    layout = registry.layouts["standard-15"]
    assert (layout.rows, layout.cols, layout.start) == (15, 15, (7, 7))
    assert layout.premium(7, 7).word == 2
    assert layout.premium(0, 0).word == 3
    assert layout.premium(0, 3).letter == 2
    assert layout.premium(1, 5).letter == 3
    assert layout.premium(0, 1) == Premium()
    counts = {}
    for sq in layout.squares:
        counts[sq.symbol] = counts.get(sq.symbol, 0) + 1
    assert counts == {"=": 8, "-": 17, '"': 12, "'": 24, ".": 164}


def test_erudite_layout_names_colours(registry):
    layout = registry.layouts["erudite-15"]
    assert layout.squares == tuple(
        Premium(s.letter, s.word, s.symbol, s.name, layout.premium(i // 15, i % 15).colour)
        for i, s in enumerate(registry.layouts["standard-15"].squares)
    )
    colours = {p.symbol: p.colour for p in layout.legend}
    assert colours == {"'": "green", '"': "yellow", "-": "blue", "=": "red"}


@pytest.mark.parametrize("grid,message", [("..\n...", "row 2"), ("x.", "unknown symbol")])
def test_bad_grid(grid, message):
    with pytest.raises(ValueError, match=message):
        parse_grid("t", grid, {}, (0, 0))
