from __future__ import annotations

import pytest

from tests.conftest import board_rows

EXAMPLE = {"ruleset": "scrabble-en", "move": "8D WINDY"}


def test_readme_example(client):
    r = client.post("/api/v1/score", json=EXAMPLE)
    assert r.status_code == 200
    body = r.get_json()
    assert (body["score"], body["bingo"], body["tiles_placed"]) == (32, False, 5)
    word = body["words"][0]
    assert word["word"] == "WINDY" and word["main"] and word["direction"] == "across"
    assert (word["row"], word["col"]) == (7, 3)
    assert word["letters"][0] == {
        "row": 7,
        "col": 3,
        "letter": "W",
        "display": "W",
        "blank": False,
        "value": 4,
        "new": True,
        "letter_multiplier": 2,
        "word_multiplier": 1,
    }


def test_placement_form_with_blank(client):
    r = client.post(
        "/api/v1/score",
        json={
            "ruleset": "scrabble-en",
            "placement": [
                {"row": 7, "col": 7, "letter": "Q"},
                {"row": 7, "col": 8, "letter": "I", "blank": True},
            ],
        },
    )
    body = r.get_json()
    assert r.status_code == 200
    assert body["score"] == 20  # Q on the double-word start square; blank I scores 0
    assert body["words"][0]["display"] == "Qi" and body["words"][0]["word"] == "QI"


def test_board_and_cross_words(client):
    r = client.post(
        "/api/v1/score",
        json={"ruleset": "scrabble-en", "board": board_rows(r7="...WINDY"), "move": "9D OX"},
    )
    body = r.get_json()
    assert [w["word"] for w in body["words"]] == ["OX", "WO", "IX"]
    assert [w["main"] for w in body["words"]] == [True, False, False]


def test_board_as_cell_arrays(client):
    rows = [list(r) for r in board_rows(r7="...WINDY")]
    r = client.post(
        "/api/v1/score", json={"ruleset": "scrabble-en", "board": rows, "move": "9D OX"}
    )
    assert r.status_code == 200 and r.get_json()["score"] == 23


def test_erudite_star_swap_request(client):
    r = client.post(
        "/api/v1/score",
        json={
            "ruleset": "erudite-ru",
            "board": board_rows(r7=".....Кот"),
            "swaps": [{"row": 7, "col": 6, "letter": "О"}],
            "placement": [{"row": 8, "col": 7, "letter": "А", "blank": True}],
        },
    )
    assert r.status_code == 200, r.get_json()
    r = client.post(
        "/api/v1/score",
        json={
            "ruleset": "erudite-ru",
            "board": board_rows(r7=".....Кот"),
            "swaps": [{"row": 7, "col": 6, "letter": "О"}],
            "placement": [{"row": 8, "col": 7, "letter": "А"}],
        },
    )
    assert r.status_code == 422 and r.get_json()["code"] == "star-not-replayed"


ILLEGAL = [
    ({"move": "8A QI"}, "misses-start"),
    ({"move": "8H Q"}, "first-word-too-short"),
    ({"placement": []}, "no-tiles-placed"),
    (
        {"placement": [{"row": 7, "col": 7, "letter": "A"}, {"row": 8, "col": 8, "letter": "B"}]},
        "not-in-line",
    ),
    (
        {"placement": [{"row": 7, "col": 7, "letter": "A"}, {"row": 7, "col": 9, "letter": "B"}]},
        "gap-in-word",
    ),
    ({"move": "8H ZZ"}, "tile-supply-exceeded"),
    ({"move": "8H .A"}, "play-through-empty"),
    ({"move": "8L WINDY"}, "off-board"),
    (
        {"placement": [{"row": 7, "col": 7, "letter": "A"}, {"row": 7, "col": 7, "letter": "B"}]},
        "duplicate-square",
    ),
    ({"move": "8B JUKEBOXES"}, "more-tiles-than-rack"),
]


@pytest.mark.parametrize("play,code", ILLEGAL, ids=[c for _, c in ILLEGAL])
def test_illegal_play_is_422_with_code(client, play, code):
    r = client.post("/api/v1/score", json={"ruleset": "scrabble-en", **play})
    assert r.status_code == 422
    assert r.mimetype == "application/problem+json"
    body = r.get_json()
    assert body["code"] == code and body["status"] == 422 and body["detail"]


MALFORMED = [
    ({"move": "8D WINDY"}, 400, "ruleset"),
    ({"ruleset": "scrabble-en"}, 400, None),
    ({"ruleset": "scrabble-en", "move": "8D WINDY", "placement": []}, 400, None),
    ({"ruleset": "scrabble-en", "move": "99 WINDY"}, 422, None),
    ({"ruleset": "scrabble-en", "move": "8D WIN DY"}, 422, "move"),
    ({"ruleset": "scrabble-en", "move": "8D W1NDY"}, 422, None),
    (
        {"ruleset": "scrabble-en", "placement": [{"row": "7", "col": 7, "letter": "A"}]},
        400,
        "placement.0.row",
    ),
    (
        {
            "ruleset": "scrabble-en",
            "placement": [{"row": 7, "col": 7, "letter": "A", "blank": "yes"}],
        },
        400,
        "placement.0.blank",
    ),
    (
        {"ruleset": "scrabble-en", "placement": [{"row": 7, "col": 7, "letter": "AB"}]},
        422,
        "placement[0].letter",
    ),
    ({"ruleset": "scrabble-en", "board": ["..."], "move": "8D WINDY"}, 422, None),
    ({"ruleset": "scrabble-en", "board": ["." * 14] * 15, "move": "8D WINDY"}, 422, None),
    ({"ruleset": "scrabble-en", "move": "8D WINDY", "extra": 1}, 400, "extra"),
    ({"ruleset": "nope", "move": "8D WINDY"}, 404, None),
    (
        {"ruleset": "scrabble-en", "placement": [{"row": 70, "col": 7, "letter": "A"}]},
        400,
        "placement.0.row",
    ),
]


@pytest.mark.parametrize("body,status,field", MALFORMED)
def test_malformed_requests_never_500(client, body, status, field):
    r = client.post("/api/v1/score", json=body)
    assert r.status_code == status, r.get_json()
    assert r.mimetype == "application/problem+json"
    if field:
        assert r.get_json()["field"] == field


@pytest.mark.parametrize(
    "data,ctype,status",
    [
        (b"{", "application/json", 400),
        (b'{"ruleset": NaN}', "application/json", 400),
        (b"\xff\xfe", "application/json", 400),
        (b"ruleset=x", "application/x-www-form-urlencoded", 415),
        (b"[1, 2]", "application/json", 400),
        (b"", "application/json", 400),
    ],
)
def test_unparseable_bodies(client, data, ctype, status):
    r = client.post("/api/v1/score", data=data, content_type=ctype)
    assert r.status_code == status
    assert r.mimetype == "application/problem+json"


def test_unknown_ruleset_is_404(client):
    r = client.post("/api/v1/score", json={"ruleset": "klingon", "move": "8D WINDY"})
    assert r.status_code == 404 and r.get_json()["code"] == "unknown-ruleset"


# --- digraph tiles (issue 32, items 3 and 9) -----------------------------------

ES = {"ruleset": "scrabble-es"}


def test_validate_reason_shows_digraph_labels(client):
    r = client.post("/api/v1/score", json={**ES, "move": "8H O[RR]E", "validate": True})
    (word,) = r.get_json()["words"]
    assert word["valid"] is False
    assert word["reason"]["detail"] == "O[RR]E is not in es-hunspell"


@pytest.mark.parametrize("letter,blank", [("CH", False), ("[CH]", False), ("ch", True)])
def test_placement_letter_names_a_digraph_with_or_without_brackets(client, letter, blank):
    placement = [
        {"row": 7, "col": 7, "letter": letter, "blank": blank},
        {"row": 7, "col": 8, "letter": "E"},
    ]
    r = client.post("/api/v1/score", json={**ES, "placement": placement})
    assert r.status_code == 200, r.get_json()
    word = r.get_json()["words"][0]
    assert word["tiles"] == ["[ch]" if blank else "[CH]", "E"]
    assert word["score"] == (1 if blank else 5 + 1) * 2


def test_board_cell_names_a_digraph_without_brackets(client):
    rows = [["."] * 15 for _ in range(15)]
    rows[7][7], rows[7][8] = "LL", "ll"
    r = client.post("/api/v1/score", json={**ES, "board": rows, "move": "8J A"})
    assert r.status_code == 200, r.get_json()
    assert r.get_json()["words"][0]["tiles"] == ["[LL]", "[ll]", "A"]
    # In a row string, letters are letters: LL is two L tiles.
    row = ".......LL......"
    r = client.post(
        "/api/v1/score",
        json={**ES, "board": [*["." * 15] * 7, row, *["." * 15] * 7], "move": "8J A"},
    )
    assert r.get_json()["words"][0]["tiles"] == ["L", "L", "A"]


def test_ambiguous_move_is_refused_with_its_tilings(client):
    r = client.post("/api/v1/score", json={**ES, "move": "8E CHICO"})
    assert r.status_code == 422 and r.mimetype == "application/problem+json"
    body = r.get_json()
    assert body["code"] == "ambiguous-move" and body["field"] == "move"
    assert body["tilings"] == ["8E [CH]ICO", "8E CHICO"]
    assert [[p["letter"] for p in placement] for placement in body["placements"]] == [
        ["[CH]", "I", "C", "O"],
        ["C", "H", "I", "C", "O"],
    ]
    # Each tiling's placement, sent back, is that play.
    scores = [
        client.post("/api/v1/score", json={**ES, "placement": placement}).get_json()
        for placement in body["placements"]
    ]
    assert [(s["tiles_placed"], s["score"]) for s in scores] == [(4, 20), (5, 24)]
    # The bracket notation says the digraph itself.
    assert client.post("/api/v1/score", json={**ES, "move": "8E [CH]ICO"}).status_code == 200


def test_move_with_one_legal_tiling_is_played(client):
    # From 8D, [CH]ICO (D to G) misses the centre square: only the letters reach it.
    r = client.post("/api/v1/score", json={**ES, "move": "8D CHICO"})
    assert r.status_code == 200 and r.get_json()["tiles_placed"] == 5
    # From 8L, CHICO as letters runs off the board: only [CH]ICO fits.
    board = board_rows(r7=".......OSOS")
    r = client.post("/api/v1/score", json={**ES, "board": board, "move": "8L CHICO"})
    assert r.status_code == 200, r.get_json()
    assert r.get_json()["words"][0]["word"] == "OSOS[CH]ICO"


def test_ambiguous_blank_digraph_and_several_places(client):
    r = client.post("/api/v1/score", json={**ES, "move": "H6 chLLA"})
    assert r.get_json()["tilings"] == ["H6 [ch][LL]A", "H6 [ch]LLA", "H6 ch[LL]A", "H6 chLLA"]
    # A letter and a blank together are no digraph tile: not ambiguous.
    assert client.post("/api/v1/score", json={**ES, "move": "8H ChE"}).status_code == 200
