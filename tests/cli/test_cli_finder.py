"""``adjudicator plays`` and ``adjudicator lexicon graph``; an own list's graph
is built with it, and finding plays uses it."""

from __future__ import annotations

import json

from adjudicator.cli import cli


def test_plays_on_a_board_file(runner, tmp_path):
    board = tmp_path / "board.txt"
    board.write_text("\n".join(["." * 15] * 7 + ["...WINDY......."] + ["." * 15] * 7) + "\n")
    r = runner.invoke(
        cli, ["plays", "--ruleset", "scrabble-en", "--board", str(board), "--rack", "QUIZ"]
    )
    assert r.exit_code == 0, r.output
    lines = r.output.splitlines()
    assert lines[0].startswith("scrabble-en / en-enable") and lines[0].endswith(" plays")
    assert lines[1].split() == ["32", "F6", "ZIN"]
    as_json = runner.invoke(
        cli, ["plays", "--ruleset", "scrabble-en", "--rack", "QI", "--limit", "2", "--json"]
    )
    body = json.loads(as_json.output)
    assert body["count"] == 4 and len(body["plays"]) == 2


def test_an_erudite_move_in_several_lines_shows_its_parts(runner, tmp_path):
    board = tmp_path / "board.txt"
    board.write_text("\n".join(["." * 15] * 7 + [".....КОШКА....."] + ["." * 15] * 7) + "\n")
    r = runner.invoke(
        cli, ["plays", "--ruleset", "erudite-ru", "--board", str(board), "--rack", "ОРТЪЫЬЭ"]
    )
    assert r.exit_code == 0, r.output
    lines = r.output.splitlines()
    assert lines[0].endswith(" plays") and "at least" not in lines[0]
    assert lines[1].split()[:6] == ["36", "J6", "ЭРА", "+", "F8", "КОТЫ"]


def test_an_impossible_rack_is_a_usage_error(runner):
    r = runner.invoke(cli, ["plays", "--ruleset", "scrabble-en", "--rack", "ZZ"])
    assert r.exit_code == 2 and "impossible-rack" in r.output


def test_an_own_list_gets_its_graph_and_plays_use_it(runner, tmp_path, monkeypatch):
    monkeypatch.setenv("ADJUDICATOR_DATA_DIR", str(tmp_path))
    source = tmp_path / "club.txt"
    source.write_text("cat\nact\nta\nat\nzzz\n", encoding="utf-8")
    built = runner.invoke(
        cli,
        [
            "lexicon",
            "build",
            "--wordlist",
            str(source),
            "--name",
            "club",
            "--ruleset",
            "scrabble-en",
        ],
    )
    assert built.exit_code == 0, built.output
    assert "word graph: 1 variant(s) of 5 words" in built.output
    assert (tmp_path / "lexicons" / "club.graph").exists()
    r = runner.invoke(
        cli,
        ["plays", "--ruleset", "scrabble-en", "--rack", "CAT", "--lexicon", "club", "--json"],
    )
    body = json.loads(r.output)
    assert body["lexicon"]["name"] == "club"
    assert {p["words"][0]["word"] for p in body["plays"]} == {"CAT", "ACT", "TA", "AT"}
    # A stale graph (another build of the list) is not used; rebuilding it is.
    (tmp_path / "lexicons" / "club.graph").unlink()
    gone = runner.invoke(
        cli, ["plays", "--ruleset", "scrabble-en", "--rack", "CAT", "--lexicon", "club"]
    )
    assert gone.exit_code == 1 and "no-word-graph" in gone.output
    rebuilt = runner.invoke(cli, ["lexicon", "graph", "club"])
    assert rebuilt.exit_code == 0 and rebuilt.output.startswith("club: word graph")
    again = runner.invoke(
        cli, ["plays", "--ruleset", "scrabble-en", "--rack", "CAT", "--lexicon", "club"]
    )
    assert again.exit_code == 0
