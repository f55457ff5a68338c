"""The scorekeeper page (/keep): whole games kept through it, in headless Chromium.

An English game (a blank, a challenged phony, a failed challenge, an undo, an
exchange, the racks at the end), an Erudite game (a star, a star swap, a move in
two lines challenged off, ...) and a Spanish game (digraph tiles, ...) are played
by touch and keyboard at each of the three sizes; what the keeper sees is checked
against the viewport (the ruling after a challenge, the squares being entered
with the keys, on a landscape tablet every action of a turn), and the final
scores against the API and the GCG export.  The other languages and editions are
in test_keeper_languages.py.
"""

from __future__ import annotations

import collections
import json
import urllib.request

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import (
    SIZES,
    assert_accessible,
    assert_fits,
    shoot,
    small_targets,
)
from tests.browser.keeper_steps import (
    api,
    cell,
    do,
    keys,
    out_of_view,
    shoot_sizes,
    shoot_view,
    start,
    tap,
    wait_preview,
)

pytestmark = pytest.mark.browser


FOCUS = """() => { const e = document.activeElement, s = getComputedStyle(e);
  return { row: e.dataset.row, col: e.dataset.col, outline: s.outlineStyle }; }"""


def racks_from_unseen(unseen: dict[str, int], counts: list[int]) -> list[str]:
    pool = [letter for letter, n in sorted(unseen.items()) for _ in range(n)]
    out = []
    for n in counts:
        out.append("".join(pool[:n]))
        pool = pool[n:]
    return out


# Every action of a turn, which a landscape tablet shows without scrolling.
TURN = (
    "#scores .status", "#scores .player", "#direction", "#blank", "#keys .key", "#commit",
    "#pass", "#exchange-count", "#exchange", "#challenge", "#undo",
    "#penalty-player", "#penalty-points", "#penalty", "#clock-toggle", "#swap",
)  # fmt: skip
# A word of the moves table drawn on two lines (correctio/n): its letters' boxes.
BROKEN_WORDS = """() => [...document.querySelectorAll('#moves td')].flatMap((td) => {
  const text = td.textContent, out = [];
  const walker = document.createTreeWalker(td, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    for (const m of n.data.matchAll(/[\\p{L}\\p{N}]+/gu)) {
      const range = document.createRange();
      range.setStart(n, m.index);
      range.setEnd(n, m.index + m[0].length);
      const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
      if (tops.size > 1) out.push(m[0]);
    }
  }
  return out; })"""


class Game:
    """One game kept on the page at one size, with what its keeper must see checked
    after each entry: the ruling after a challenge, the squares being entered with
    the keys, and on a landscape tablet every action of the turn."""

    def __init__(self, open_page, page, id_, size, lang, live_server):
        self.open_page, self.page, self.id = open_page, page, id_
        self.size, self.lang, self.server = size, lang, live_server

    def sees(self, *selectors):
        assert out_of_view(self.page, *selectors) == [], self.size

    def entered(self, *words):
        """After the letters of a play: its words scored, its squares and the keys in view."""
        wait_preview(self.page, *words)
        self.sees(".cell.tentative", "#keys .key", "#commit")

    def send(self, selector):
        response = do(self.page, selector)
        assert response.status == 201, response.text()
        drawn = "(n) => document.querySelectorAll('#moves tbody tr').length === n"
        self.page.wait_for_function(drawn, arg=len(response.json()["history"]))
        assert_fits(self.page)
        if self.size == "tablet":
            self.sees(*TURN)
        return response

    def challenge(self, mark):
        self.send("#challenge")
        expect(self.page.locator("#ruling")).to_contain_text(mark)
        self.sees("#ruling", "#scores .status")
        if self.size == "tablet" and mark == "✗":
            assert_accessible(self.page)

    def last_move(self):
        return sorted(
            (int(c.get_attribute("data-row")), int(c.get_attribute("data-col")))
            for c in self.page.locator("#board .cell.last").all()
        )

    def game(self):
        return api(self.server, "GET", f"/api/v1/games/{self.id}")[1]

    def finish(self):
        """Passes until the racks are asked for; the racks from the unseen tiles."""
        page = self.page
        for _ in range(6):
            if self.game()["status"] != "playing":
                break
            self.send("#pass")
        page.wait_for_selector("#ending:not([hidden])")
        game = self.game()
        racks = racks_from_unseen(game["unseen"], [p["tiles_on_rack"] for p in game["players"]])
        for i, rack in enumerate(racks):
            page.fill(f"#rack{i}", rack)
        assert do(page, "#end-form button.primary").status == 201
        page.wait_for_selector("#final:not([hidden])")
        game = self.game()
        assert game["status"] == "over"
        standings = page.text_content("#standings")
        for player in game["players"]:
            assert f"{player['name']} {player['score']}" in standings
        assert page.evaluate(BROKEN_WORDS) == []
        gcg = urllib.request.urlopen(self.server.url + page.get_attribute("#gcg", "href")).read()
        text = gcg.decode()
        totals = {
            line.split(":")[0][1:]: int(line.split()[-1])
            for line in text.splitlines()
            if line.startswith(">")
        }
        assert totals == {p["name"]: p["score"] for p in game["players"]}
        return text


def coordinates_around_the_board(page):
    """A–O over the columns and 1–15 beside the rows, each over its own squares."""
    cols = page.locator("#board-cols span")
    rows = page.locator("#board-rows span")
    assert "".join(cols.all_text_contents()) == "ABCDEFGHIJKLMNO"
    assert rows.all_text_contents() == [str(n) for n in range(1, 16)]
    h, h_cell = cols.nth(7).bounding_box(), cell(page, 0, 7).bounding_box()
    assert abs((h["x"] + h["width"] / 2) - (h_cell["x"] + h_cell["width"] / 2)) < 2
    eight, row_cell = rows.nth(7).bounding_box(), cell(page, 7, 0).bounding_box()
    assert abs((eight["y"] + eight["height"] / 2) - (row_cell["y"] + row_cell["height"] / 2)) < 2
    assert eight["x"] + eight["width"] <= row_cell["x"] + 1
    assert cell(page, 7, 7).locator(".l").text_content() == "★"


def play_english(g: Game):
    """WINDY with a blank Y; ZQX challenged off; YES challenged and upheld (Bob
    loses his turn under double challenge); SO undone; an exchange; passes."""
    page = g.page
    # Slow Wi-Fi: the score of the W alone is answered last, and must not stand for WINDY.
    held = []
    page.route("**/api/v1/score", lambda route: route.continue_() if held else held.append(route))
    tap(page, 7, 3)
    with page.expect_request("**/api/v1/score"):
        page.keyboard.type("W")
    page.keyboard.type("IND")
    page.click("#blank")
    page.keyboard.type("Y")
    g.entered("WINDY")
    with page.expect_response("**/api/v1/score") as older:
        held[0].continue_()
    older.value.finished()
    page.evaluate("() => new Promise((done) => setTimeout(done, 100))")  # its answer is read
    page.unroute("**/api/v1/score")
    assert page.is_enabled("#commit") and page.text_content("#square-error") == ""
    assert "24" in page.text_content("#preview .score")  # W on 2L 8 + 1 + 1 + 2 + 0, x2
    g.send("#commit")
    assert g.last_move() == [(7, 3), (7, 4), (7, 5), (7, 6), (7, 7)]
    tap(page, 8, 4)
    keys(page, "ZQX")
    g.entered("ZQX")
    assert "✗" not in page.text_content("#preview")  # validity is not shown by default
    g.send("#commit")
    assert g.last_move() == [(8, 4), (8, 5), (8, 6)]
    g.challenge("✗")
    assert g.last_move() == []  # withdrawn: off the board
    last = page.text_content("#last")
    assert "ZQX" not in last and "WIND" in last, last  # the last play is the one before
    shoot_view(page, "keeper-ruling", g.size, g.lang)
    tap(page, 8, 7)
    tap(page, 8, 7)  # the same square again: down
    assert "↓" in page.text_content("#direction")
    page.keyboard.type("ES")
    g.entered("YES")
    g.send("#commit")
    if g.size == "tablet":  # one tap asks once more, naming the play
        page.click("#challenge")
        expect(page.locator("#confirm-text")).to_contain_text(
            "Bartholomew challenges Annabelle's play H8 .ES (YES)?"
        )
        shoot_sizes(page, "keeper-confirm", "en", ("tablet",))
        page.click("#confirm-cancel")
    g.challenge("✓")
    expect(page.locator("#ruling")).to_contain_text(
        "✓ ACCEPTABLE The play stands. Bartholomew loses this turn."
    )
    assert "YES" in page.locator("#moves tbody tr", has_text=".ES").first.text_content()
    tap(page, 9, 8)
    if "↓" in page.text_content("#direction"):
        page.click("#direction")
    page.keyboard.type("O")
    g.entered("SO")
    shoot_view(page, "keeper-entry", g.size, g.lang)
    g.send("#commit")
    g.send("#undo")
    assert page.locator("#moves tr.voided").count() == 1
    game = g.game()
    assert game["turn"] == 0 and game["history"][-1]["type"] == "correction"
    assert game["history"][-1]["player"] == 0  # Annabelle's entry taken back, on her line
    assert g.last_move() == [(8, 7), (9, 7)]  # YES stands
    page.fill("#exchange-count", "3")
    g.send("#exchange")
    shoot_view(page, "keeper-game", g.size, g.lang)
    if g.size == "tablet":
        watcher = g.open_page(g.server.url + f"/keep/{g.id}", size="phone", lang="en")
        watcher.wait_for_selector("#board .cell")  # another device: it can only watch
        assert watcher.locator("#entry").is_hidden() and "watch" in watcher.text_content("#message")
        shoot(watcher, "keeper-watch", "phone", "en")
    text = g.finish()
    assert "8D WINDy" in text and "#ruleset scrabble-en" in text
    if g.size == "tablet":  # the printed score sheet: rules, list, date, game, board, signatures
        page.emulate_media(media="print")
        sheet = page.text_content("#sheet")
        assert "English" in sheet and "en-" in sheet and g.id in sheet
        assert page.locator("#signatures .signature").count() == 3
        page.wait_for_function("document.querySelector('#sheet-board img').naturalWidth > 0")
        shoot(page, "keeper-sheet", "tablet", "en")  # printed on paper, not on a phone
        page.emulate_media(media="screen")


def play_erudite(g: Game):
    """КОТ with a star; Боря swaps the star for his О and plays it in ШУМ; МАК and
    ЕЛ, a move in two lines, challenged off (ЕМ); МАК challenged and upheld; a pass
    undone; an exchange; passes."""
    page = g.page
    assert page.text_content("#scores .status").startswith("Ходит Аня")
    tap(page, 7, 5)
    keys(page, "К")
    page.click("#blank")
    keys(page, "ОТ")
    g.entered("КОТ")
    g.send("#commit")
    page.click("#swap")
    tap(page, 7, 6)
    page.click("#swap")
    tap(page, 8, 6)
    keys(page, "Ш")
    page.click("#blank")
    keys(page, "УМ")
    g.entered("ШУМ")
    g.send("#commit")
    game = g.game()
    assert game["board"][7][5:8] == "КОТ" and game["board"][8][6:9] == "ШуМ"
    assert g.last_move() == [(8, 6), (8, 7), (8, 8)]
    tap(page, 5, 5)
    tap(page, 5, 5)
    keys(page, "МА")
    tap(page, 7, 8)
    page.click("#direction")  # back to across
    keys(page, "ЕЛ")
    g.entered("МАК", "КОТЕЛ")
    g.send("#commit")
    assert g.game()["history"][-1]["words"][:2] == ["КОТЕЛ", "МАК"]
    assert g.last_move() == [(5, 5), (6, 5), (7, 8), (7, 9)]
    g.challenge("✗")  # ЕМ, its cross word, is no word: the move is withdrawn
    last = page.text_content("#last")
    assert "КОТЕЛ" not in last and "Ш" in last, last
    shoot_view(page, "keeper-ruling", g.size, g.lang)
    tap(page, 9, 8)
    tap(page, 9, 8)  # down, under the М of ШУМ
    keys(page, "АК")
    g.entered("МАК")
    shoot_view(page, "keeper-entry", g.size, g.lang)
    g.send("#commit")
    g.challenge("✓")  # the single rule: the play stands and nobody is penalised
    expect(page.locator("#ruling")).to_contain_text("Ход остаётся. Никто не наказан.")
    g.send("#pass")
    g.send("#undo")
    page.fill("#exchange-count", "ъыь")  # the tiles shown, for analysis, not their count
    g.send("#exchange")
    exchange = g.game()["history"][-1]
    assert exchange["tiles"] == "ЪЫЬ" and exchange["count"] == 3
    assert "ЪЫЬ" in page.locator("#moves tbody tr").last.text_content()
    shoot_view(page, "keeper-game", g.size, g.lang)
    text = g.finish()
    assert "#placement" in text and "swap:8G=О" in text


def play_spanish(g: Game):
    """CHICO from its digraph keys; QX challenged off; PERRO down through the O
    with a blank P, challenged and upheld (Luis loses his turn); a pass undone; an
    exchange; passes."""
    page = g.page
    assert page.text_content('#keys [data-letter="[CH]"]') == "CH"
    tap(page, 7, 6)
    for label in ("[CH]", "I", "C", "O"):
        page.click(f'#keys [data-letter="{label}"]')
    g.entered("CHICO")
    assert "20" in page.text_content("#preview .score")  # (CH 5 + I 1 + C 3 + O 1) x2
    g.send("#commit")
    assert cell(page, 7, 6).locator(".l").text_content() == "CH"
    tap(page, 8, 7)
    keys(page, "QX")
    g.entered("QX")
    g.send("#commit")
    g.challenge("✗")
    shoot_view(page, "keeper-ruling", g.size, g.lang)
    tap(page, 4, 9)
    tap(page, 4, 9)  # down
    page.click("#blank")
    for label in ("P", "E", "[RR]"):
        page.click(f'#keys [data-letter="{label}"]')
    g.entered("PERRO")
    assert "12" in page.text_content("#preview .score")  # P 0, E 1 x3 (3L), RR 8, O 1
    shoot_view(page, "keeper-entry", g.size, g.lang)
    g.send("#commit")
    assert g.last_move() == [(4, 9), (5, 9), (6, 9)]
    g.challenge("✓")
    g.send("#pass")
    g.send("#undo")
    page.fill("#exchange-count", "4")
    g.send("#exchange")
    shoot_view(page, "keeper-game", g.size, g.lang)
    text = g.finish()
    assert "8G [CH]ICO +20" in text and "J5 pE[RR]. +12" in text


GAMES = {
    "en": ("scrabble-en", ["Annabelle", "Bartholomew"], {"clock": "25"}, play_english),
    "ru": ("erudite-ru", ["Аня", "Боря"], {}, play_erudite),
    "es": ("scrabble-es", ["Ana", "Luis"], {}, play_spanish),
}


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("lang", list(GAMES))
def test_a_whole_game_kept_at_each_size(open_page, live_server, lang, size):
    """An English, an Erudite and a Spanish game, each played through on the page
    at each size, as its keeper sees it; the scores checked against the API and
    the GCG export.  Shots of the viewport (what is seen without scrolling): the
    ruling of the withdrawn play, a play being entered, the game, and the end."""
    ruleset, players, fields, play = GAMES[lang]
    page, id_ = start(open_page, live_server.url, ruleset, players, lang=lang, size=size, **fields)
    coordinates_around_the_board(page)
    play(Game(open_page, page, id_, size, lang, live_server))
    shoot_view(page, "keeper-final", size, lang)
    if size == "tablet":
        assert_accessible(page)


@pytest.mark.parametrize("size", list(SIZES))
def test_every_control_of_a_game_is_a_touch_target(open_page, live_server, size):
    """44 px everywhere, but a phone's board squares: 15 across 390 px leaves each
    about 24 px (WCAG's minimum target size); the keeper's device is a tablet."""
    page, _ = start(open_page, live_server.url, "scrabble-en", ["Ann", "Bob"], size=size)
    phone = size == "phone"
    if size == "tablet":  # board and panel in view: the panel scrolls, not the page
        assert page.evaluate("document.documentElement.scrollHeight") <= SIZES["tablet"][1]
    assert small_targets(page, exempt="#board .cell" if phone else "") == []
    if phone:
        box = cell(page, 7, 7).bounding_box()
        assert box["width"] >= 24 and box["height"] >= 24


def test_a_play_and_a_pass_from_the_keyboard_alone(open_page, live_server):
    page, id_ = start(open_page, live_server.url, "scrabble-en", ["Ann", "Bob"])
    for _ in range(40):  # Tab until the board has the focus: its start square
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.closest('#board') !== null"):
            break
    focused = page.evaluate(FOCUS)
    assert focused["row"] == "7" and focused["col"] == "7" and focused["outline"] != "none"
    for key in ("ArrowLeft", "ArrowLeft"):
        page.keyboard.press(key)
    page.keyboard.type("CAT")
    wait_preview(page)
    with page.expect_response(lambda r: "/events" in r.url) as info:
        page.keyboard.press("Enter")
    assert info.value.status == 201
    page.focus("#pass")  # the turn buttons are reached with Tab as well; Enter presses
    assert page.evaluate(FOCUS)["outline"] != "none"
    page.keyboard.press("Enter")  # asked once more: the focus is on Confirm
    assert page.evaluate("document.activeElement.id") == "confirm-ok"
    with page.expect_response(lambda r: "/events" in r.url) as info:
        page.keyboard.press("Enter")
    _, game = api(live_server, "GET", f"/api/v1/games/{id_}")
    assert [h["type"] for h in game["history"]] == ["play", "pass"]
    assert game["history"][0]["move"] == "8F CAT"


def test_a_drawn_start_and_the_share_code(open_page, live_server):
    page = open_page(live_server.url + "/keep")
    page.fill("#player0", "Ann")
    page.fill("#player1", "Bob")
    page.check("input[name=starts][value=draw]")
    page.fill("#draw0", "E")
    page.fill("#draw1", "E")
    page.click("#new-game button.primary")
    page.wait_for_selector("#message:not(:empty)")
    assert "Ann, Bob" in page.text_content("#message")  # tied: they draw again
    page.fill("#draw0", "EZ")
    page.fill("#draw1", "EA")
    page.click("#new-game button.primary")
    page.wait_for_url("**/keep/*")
    page.wait_for_selector("#board .cell")
    assert page.text_content("#scores .status").startswith("Bob to play")
    id_ = page.url.rsplit("/", 1)[1]
    # The address the tablet used (no ADJUDICATOR_PUBLIC_URL here), as the QR code says.
    assert page.get_attribute("#share-link", "href") == f"{live_server.url}/games/{id_}"
    with urllib.request.urlopen(live_server.url + f"/games/{id_}/share.svg") as resp:
        assert resp.headers["Content-Type"].startswith("image/svg+xml")
        assert b"<svg" in resp.read()


def test_an_illegal_play_shows_its_reason_at_the_square(open_page, live_server):
    page, _ = start(open_page, live_server.url, "scrabble-en", ["Ann", "Bob"])
    tap(page, 0, 0)
    page.keyboard.type("QI")
    page.wait_for_selector("#square-error:not(:empty)")
    assert "8H" in page.text_content("#square-error")
    assert "error" in cell(page, 7, 7).get_attribute("class")
    assert page.is_disabled("#commit")


def test_show_phonies_is_a_house_setting(open_page, live_server):
    page = open_page(live_server.url + "/keep")
    page.fill("#player0", "Ann")
    page.fill("#player1", "Bob")
    page.check("#show-phonies")
    page.click("#new-game button.primary")
    page.wait_for_selector("#board .cell")
    tap(page, 7, 6)
    page.keyboard.type("QX")
    wait_preview(page)
    assert "✗" in page.text_content("#preview")


def test_the_clock_and_its_penalty(open_page, live_server):
    page, id_ = start(open_page, live_server.url, "scrabble-en", ["Ann", "Bob"], clock="1")
    assert page.text_content("#clock0") == "01:00"
    page.evaluate(  # a minute and a half gone on Ann's clock
        f"""() => {{
          const key = "adjudicator.keeper.{id_}";
          const saved = JSON.parse(localStorage.getItem(key));
          saved.clock.left[0] = -30000;
          localStorage.setItem(key, JSON.stringify(saved));
        }}"""
    )
    page.reload()
    page.wait_for_selector("#board .cell")
    assert page.text_content("#clock0") == "−00:30"
    do(page, "#pass")
    page.click("#end-now")  # time is up: the game ends as it stands
    page.click("#confirm-cancel")  # not yet ...
    assert page.is_visible("#end-now") and not page.locator("#confirm").evaluate("d => d.open")
    do(page, "#end-now")  # ... now
    page.wait_for_selector("#apply-penalties")
    do(page, "#apply-penalties")
    _, game = api(live_server, "GET", f"/api/v1/games/{id_}")
    assert game["status"] == "over" and game["end_reason"] == "agreed"
    penalties = [h for h in game["history"] if h["type"] == "time_penalty"]
    assert [(h["player"], h["points"]) for h in penalties] == [(0, -10)]
    assert collections.Counter(h["type"] for h in game["history"])["pass"] == 1
    assert json.dumps(game)  # the answer is whole
