"""POST /api/v1/plays: every legal play of a rack, best first, each as /score scores it."""

from __future__ import annotations

import pytest

from tests.conftest import board_rows, make_app

EMPTY = ["." * 15] * 15


def board_with(*rows: tuple[int, int, str]) -> list[str]:
    """A 15x15 board with words written across at (row, col)."""
    grid = [list("." * 15) for _ in range(15)]
    for row, col, word in rows:
        for k, ch in enumerate(word):
            grid[row][col + k] = ch
    return ["".join(r) for r in grid]


def test_the_best_plays_first_with_the_count(client):
    r = client.post("/api/v1/plays", json={"ruleset": "scrabble-en", "rack": "AEINRST"})
    assert r.status_code == 200
    body = r.get_json()
    assert body["ruleset"] == "scrabble-en" and body["lexicon"]["name"] == "en-enable"
    assert len(body["plays"]) == 20 and body["count"] > 1000
    scores = [p["score"] for p in body["plays"]]
    assert scores == sorted(scores, reverse=True)
    best = body["plays"][0]
    # A seven-letter word through the star: the bingo, and nothing scores more.
    assert best["bingo"] and best["tiles_placed"] == 7 and best["score"] >= 50 + 7
    assert set(best) == {"move", "score", "bingo", "tiles_placed", "words"}
    word = best["words"][0]
    assert word["main"] and sorted(word["word"]) == sorted("AEINRST")


def test_each_play_scores_as_score_scores_its_move(client):
    board = board_with((7, 3, "WINDY"), (3, 5, "QUOTE"))
    board = [row[:7] + ("U" if i in (4, 5, 6) else row[7]) + row[8:] for i, row in enumerate(board)]
    r = client.post(
        "/api/v1/plays",
        json={"ruleset": "scrabble-en", "rack": "RETAIN?", "board": board, "limit": 60},
    )
    assert r.status_code == 200, r.get_json()
    plays = r.get_json()["plays"]
    assert len(plays) == 60
    for play in plays:
        scored = client.post(
            "/api/v1/score",
            json={"ruleset": "scrabble-en", "board": board, "move": play["move"], "validate": True},
        ).get_json()
        assert scored["all_valid"], play["move"]
        assert scored["score"] == play["score"], play["move"]
        assert scored["words"] == [{**w, "valid": True} for w in play["words"]]


def test_limit_and_a_stable_order(client):
    body = {"ruleset": "scrabble-en", "rack": "DOG", "limit": 1000}
    first = client.post("/api/v1/plays", json=body).get_json()
    again = client.post("/api/v1/plays", json=body).get_json()
    assert first == again
    assert len(first["plays"]) == first["count"]  # every play of DOG on an empty board
    moves = [p["move"] for p in first["plays"]]
    assert len(set(moves)) == len(moves)
    assert {"8F DOG", "H6 DOG", "8G GOD", "8H GO"} <= set(moves)
    one = client.post("/api/v1/plays", json={**body, "limit": 1}).get_json()
    assert one["count"] == first["count"] and one["plays"] == first["plays"][:1]


def test_a_blank_is_every_letter_and_each_is_its_own_play(client):
    body = client.post(
        "/api/v1/plays", json={"ruleset": "scrabble-en", "rack": "Q?", "limit": 1000}
    ).get_json()
    moves = {p["move"] for p in body["plays"]}
    # QI with a blank I, and also QAT? no: two tiles; QI only, across and down, at
    # each of the two squares the star can hold, blank i standing for I.
    assert {"8G Qi", "8H Qi", "H7 Qi", "H8 Qi"} <= moves
    assert all("?" not in m for m in moves)


def test_spanish_digraphs_and_erudite_stars(client):
    es = client.post(
        "/api/v1/plays", json={"ruleset": "scrabble-es", "rack": "[CH]ICO", "limit": 50}
    ).get_json()
    assert any(p["move"].endswith("[CH]ICO") for p in es["plays"])
    ru = client.post(
        "/api/v1/plays", json={"ruleset": "erudite-ru", "rack": "КОШКА*", "limit": 200}
    ).get_json()
    assert ru["count"] > 0
    assert all(p["words"][0]["word"] != "КОШКИ" for p in ru["plays"])  # plural: no
    assert any(p["words"][0]["word"] == "КОШКА" for p in ru["plays"])


@pytest.mark.parametrize(
    ("rack", "code", "member"),
    [
        ("QQ", "impossible-rack", {"letter": "Q", "on_rack": 2, "available": 1}),
        ("ABCDEFGH", "rack-too-large", {"given": 8, "rack_size": 7}),
        ("AB1", "unknown-tile", {"character": "1"}),
        ("???", "impossible-rack", {"letter": "?", "on_rack": 3, "available": 2}),
    ],
)
def test_an_impossible_rack_is_a_problem_naming_the_tile(client, rack, code, member):
    r = client.post("/api/v1/plays", json={"ruleset": "scrabble-en", "rack": rack})
    assert r.status_code == 422
    body = r.get_json()
    assert body["code"] == code
    assert member.items() <= body.items()


def test_the_board_counts_toward_the_tile_set(client):
    board = board_with((7, 7, "QI"))
    r = client.post("/api/v1/plays", json={"ruleset": "scrabble-en", "rack": "Q", "board": board})
    assert r.status_code == 422
    assert r.get_json()["on_board"] == 1


def test_board_as_score_takes_it_and_bad_ones(client):
    rows = board_rows(r7=".......CAT")
    cells = [list(row) for row in rows]  # a row may be a list of cells too
    answers = [
        client.post("/api/v1/plays", json={"ruleset": "scrabble-en", "rack": "S", "board": b})
        for b in (rows, cells)
    ]
    assert [a.status_code for a in answers] == [200, 200]
    assert answers[0].get_json() == answers[1].get_json()
    assert any(p["move"] == "8H CATS" for p in answers[0].get_json()["plays"])
    bad = client.post(
        "/api/v1/plays", json={"ruleset": "scrabble-en", "rack": "S", "board": ["..."]}
    )
    assert bad.status_code == 422 and bad.get_json()["code"] == "bad-board"
    nope = client.post("/api/v1/plays", json={"ruleset": "nope", "rack": "S"})
    assert nope.status_code == 404
    malformed = client.post("/api/v1/plays", json={"ruleset": "scrabble-en", "limit": 5})
    assert malformed.status_code == 400


def test_no_play_at_all_is_an_empty_list(client):
    body = client.post("/api/v1/plays", json={"ruleset": "scrabble-en", "rack": "Q"}).get_json()
    assert body["count"] == 0 and body["plays"] == []


def test_a_stale_word_graph_is_a_503(tmp_path, monkeypatch):
    import dataclasses

    app = make_app(tmp_path / "g.db")
    from adjudicator.web.runtime.extension import runtime

    live = runtime(app).live
    live.replace(dataclasses.replace(live.current, graphs={}))
    r = app.test_client().post("/api/v1/plays", json={"ruleset": "scrabble-en", "rack": "AB"})
    assert r.status_code == 503
    assert r.get_json()["code"] == "no-word-graph"
    assert "adjudicator lexicon graph en-enable" in r.get_json()["detail"]


def test_english_counts_are_exact(client):
    body = client.post("/api/v1/plays", json={"ruleset": "scrabble-en", "rack": "DOG"}).get_json()
    assert body["count_exact"] and body["plays_exact"]


KOSHKA = board_with((7, 5, "КОШКА"))


def test_erudite_moves_in_several_lines_score_as_score_scores_them(client):
    """After the first move, Erudite's plays include moves in several lines:
    each with its tiles as /score takes a placement and its parts, each scored
    by /score as the answer says."""
    r = client.post(
        "/api/v1/plays",
        json={"ruleset": "erudite-ru", "rack": "ОРТА", "board": KOSHKA, "limit": 60},
    )
    assert r.status_code == 200, r.get_json()
    body = r.get_json()
    assert body["count_exact"] and body["plays_exact"]
    plays = body["plays"]
    several = [p for p in plays if "parts" in p]
    assert several and any(len(p["parts"]) > 1 for p in several)
    assert plays[0] in several  # here a move in several lines is the best
    for play in plays:
        request = {"ruleset": "erudite-ru", "board": KOSHKA, "validate": True}
        if "placement" in play:
            request["placement"] = play["placement"]
            assert (
                sum(part["score"] for part in play["parts"]) + (15 if play["bingo"] else 0)
                == play["score"]
            )
            assert sum(part["tiles_placed"] for part in play["parts"]) == play["tiles_placed"]
            assert play["words"][0]["main"] and play["move"].endswith(play["words"][0]["display"])
        else:
            request["move"] = play["move"]
        scored = client.post("/api/v1/score", json=request).get_json()
        assert scored["all_valid"], play
        assert scored["score"] == play["score"]
        assert scored["words"] == [{**w, "valid": True} for w in play["words"]]


def test_erudite_count_and_order_are_stable(client):
    body = {"ruleset": "erudite-ru", "rack": "ЕСНО", "board": KOSHKA, "limit": 1000}
    first = client.post("/api/v1/plays", json=body).get_json()
    assert first == client.post("/api/v1/plays", json=body).get_json()
    assert first["count_exact"] and len(first["plays"]) == first["count"]
    shown = [
        (-p["score"], p["move"], [x["move"] for x in p.get("parts", ())]) for p in first["plays"]
    ]
    assert shown == sorted(shown)  # best first, then by move and parts
    assert len({str(p.get("placement") or p["move"]) for p in first["plays"]}) == first["count"]
    one = client.post("/api/v1/plays", json={**body, "limit": 3}).get_json()
    assert one["count"] == first["count"] and one["plays"] == first["plays"][:3]
