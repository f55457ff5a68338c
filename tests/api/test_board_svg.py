"""The board picture (board.svg): digraph tiles as a club sees them, and the
premium labels in the game's language, the same as the keeper's."""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET

import pytest

SVG = "{http://www.w3.org/2000/svg}"
# The tile's square is 32 px wide; its value sits in the bottom right corner.
TILE = 32


@pytest.fixture()
def gc(db_app):
    return db_app.test_client()


def game(gc, ruleset: str, *moves: str) -> str:
    r = gc.post("/api/v1/games", json={"ruleset": ruleset, "players": ["Ana", "Bruno"]})
    assert r.status_code == 201, r.get_json()
    body = r.get_json()
    auth = {"X-Game-Token": body["token"]}
    for i, move in enumerate(moves):
        event = {"version": i, "type": "play", "player": i % 2, "move": move}
        r = gc.post(f"/api/v1/games/{body['id']}/events", json=event, headers=auth)
        assert r.status_code == 201, r.get_json()
    return body["id"]


def tiles(svg: str) -> list[tuple[str, float, str]]:
    """Each tile's letter, the letter's font size, and its value ("" for none)."""
    out = []
    for g in ET.fromstring(svg).iter(f"{SVG}g"):
        if "tile" not in g.get("class", "").split():
            continue
        letter, *value = g.findall(f"{SVG}text")
        out.append((letter.text, float(letter.get("font-size")), value[0].text if value else ""))
    return out


def board(gc, id_: str, query: str = "") -> str:
    r = gc.get(f"/api/v1/games/{id_}/board.svg{query}")
    assert r.status_code == 200 and r.mimetype == "image/svg+xml"
    return r.get_data(as_text=True)


def test_digraph_tiles_show_their_letters_without_brackets_and_fit(gc):
    # The [CH] and [LL] tiles, then a blank played as [RR] (its label is [rr]).
    id_ = game(gc, "scrabble-es", "8G [CH]A[LL]A", "9G [rr]E")
    shown = tiles(board(gc, id_))
    letters = [letter for letter, _, _ in shown]
    assert not [t for t in letters if "[" in t or "]" in t], letters
    assert {"CH", "LL", "RR"} <= set(letters)
    single = {size for letter, size, _ in shown if len(letter) == 1}
    assert single == {18.0}
    for letter, size, value in shown:
        if len(letter) > 1:
            assert size < 18
            # A bold capital is at most ~0.75 em wide: the letters and the value
            # fit across the tile side by side.
            width = len(letter) * 0.75 * size + len(value) * 0.6 * 9
            assert width <= TILE - 4, (letter, size, value)
    assert ("CH", 13.0, "5") in shown and ("LL", 13.0, "8") in shown


def test_the_picture_speaks_the_rulesets_language_by_default(gc):
    spanish = game(gc, "scrabble-es")
    assert ">3P<" in board(gc, spanish) and ">2L<" in board(gc, spanish)
    assert 'aria-label="Tablero de Scrabble en español"' in board(gc, spanish)
    assert ">3W<" in board(gc, spanish, "?lang=en") and ">3P<" not in board(gc, spanish, "?lang=en")
    erudite = game(gc, "erudite-ru")
    assert ">3С<" in board(gc, erudite) and ">2Б<" in board(gc, erudite)
    english = game(gc, "scrabble-en")
    assert ">3W<" in board(gc, english) and ">2L<" in board(gc, english)


def _keeper_labels(gc, lang: str) -> dict[str, str]:
    html = gc.get(f"/keep?lang={lang}").get_data(as_text=True)
    data = re.search(r'<script type="application/json" id="strings">(.*?)</script>', html, re.S)
    strings = json.loads(data[1])
    return {k.removeprefix("premium_"): v for k, v in strings.items() if k.startswith("premium_")}


@pytest.mark.parametrize("lang", ["en", "ru", "es", "pl", "uk", "ca"])
def test_one_label_set_per_language_on_keeper_spectator_and_picture(gc, lang):
    keeper = _keeper_labels(gc, lang)
    assert set(keeper) == {"3W", "2W", "3L", "2L"}
    id_ = game(gc, "scrabble-en")
    svg = board(gc, id_, f"?lang={lang}")
    page = gc.get(f"/games/{id_}?lang={lang}").get_data(as_text=True)
    for label in keeper.values():
        assert f">{label}<" in svg, (lang, label)
        assert f">{label}</text>" in page, (lang, label)  # the key under the board
