"""The word graph's format: built, read back, and refused whole when broken."""

from __future__ import annotations

import pytest

from adjudicator.core.dawg import GraphFormatError, build_graph, open_graph, read_graph

WORDS = ["A", "AT", "CAR", "CARS", "CAT", "CATS", "DOG", "DOGS"]


def test_variants_share_nodes_and_read_back_their_words():
    data = build_graph([("all", WORDS), ("short", ["A", "AT"])], {"lexicon": "t"})
    graph = read_graph(data, len(data))
    assert list(graph.words(graph.variants["all"].root)) == WORDS
    assert list(graph.words(graph.variants["short"].root)) == ["A", "AT"]
    assert graph.variants["all"].words == 8 and graph.header["lexicon"] == "t"
    # CATS and DOGS end alike: minimal, the suffix S is one node.
    alone = build_graph([("all", WORDS)], {})
    assert read_graph(alone, len(alone)).header["arcs"] < sum(map(len, WORDS))


def test_words_out_of_order_are_refused():
    with pytest.raises(ValueError, match="out of order"):
        build_graph([("v", ["CAT", "CAR"])], {})


@pytest.mark.parametrize(
    "cut",
    [
        lambda d: b"",
        lambda d: d[:8],
        lambda d: b"NOTAGRAF" + d[8:],
        lambda d: d[: len(d) - 2],  # arcs cut short
        lambda d: d[:12] + b'["a list"]' + d[22:],  # a header that is no mapping
    ],
)
def test_a_broken_file_is_a_format_error(tmp_path, cut):
    data = build_graph([("v", WORDS)], {"lexicon": "t"})
    path = tmp_path / "t.graph"
    path.write_bytes(cut(data))
    with pytest.raises(GraphFormatError):
        open_graph(path)
