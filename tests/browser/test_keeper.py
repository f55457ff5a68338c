"""The scorekeeper page (/keep): whole games kept through it, in headless Chromium.

An English game (a blank, a challenged phony, a failed challenge, an undo, the
racks at the end) and an Erudite game (a star, a star swap, a move in two lines
challenged off, the racks at the end) are played by touch and keyboard; their
final scores are checked against the API and the GCG export.  Every view is
shot at the three sizes, checked for fit and by axe.  The other languages and
editions are in test_keeper_languages.py.
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
    shoot,
    small_targets,
)
from tests.browser.keeper_steps import (
    api,
    cell,
    do,
    keys,
    shoot_at,
    shoot_sizes,
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


def test_an_english_game_kept_by_touch_and_keyboard(open_page, live_server):
    page, id_ = start(open_page, live_server.url, "scrabble-en", ["Ann", "Bob"], clock="25")
    # Ann: WINDY at 8D, the Y a blank (toggled, then typed on the keyboard).  Slow
    # Wi-Fi: the score of the W alone is answered last, and must not stand for WINDY.
    held = []
    page.route("**/api/v1/score", lambda route: route.continue_() if held else held.append(route))
    tap(page, 7, 3)
    with page.expect_request("**/api/v1/score"):
        page.keyboard.type("W")
    page.keyboard.type("IND")
    page.click("#blank")
    page.keyboard.type("Y")
    wait_preview(page)
    with page.expect_response("**/api/v1/score") as older:
        held[0].continue_()
    older.value.finished()
    page.evaluate("() => new Promise((done) => setTimeout(done, 100))")  # its answer is read
    page.unroute("**/api/v1/score")
    assert page.is_enabled("#commit") and page.text_content("#square-error") == ""
    assert "24" in page.text_content("#preview .score")  # W on 2L 8 + 1 + 1 + 2 + 0, x2
    assert "WINDy" in page.text_content("#preview")
    assert do(page, "#commit").status == 201
    # Bob: a phony, ZQX under WINDY; Ann challenges it off.
    tap(page, 8, 4)
    keys(page, "ZQX")
    wait_preview(page)
    assert "✗" not in page.text_content("#preview")  # validity is not shown by default
    do(page, "#commit")
    do(page, "#challenge")
    expect(page.locator("#ruling")).to_contain_text("✗")
    assert "ZQX" not in page.text_content("#last") and "WIND" in page.text_content("#last")
    # Ann: YES down from the blank Y; Bob challenges and fails (double): he loses his turn.
    tap(page, 8, 7)
    tap(page, 8, 7)  # the same square again: down
    assert "↓" in page.text_content("#direction")
    page.keyboard.type("ES")
    wait_preview(page)
    do(page, "#commit")
    page.click("#challenge")  # asked once more, naming the play
    expect(page.locator("#confirm-text")).to_contain_text("Bob challenges Ann's play H8 .ES (YES)?")
    shoot_sizes(page, "keeper-confirm", "en", ("tablet", "phone"))
    do(page, "#confirm-ok")
    expect(page.locator("#ruling")).to_contain_text(
        "✓ ACCEPTABLE The play stands. Bob loses this turn."
    )
    shoot_at(page, "keeper-ruling", "en", "#ruling")
    yes = page.locator("#moves tbody tr", has_text=".ES").first.text_content()
    assert "YES" in yes  # the word, beside its notation
    # Ann again: SO, then undone.
    tap(page, 9, 8)
    if "↓" in page.text_content("#direction"):
        page.click("#direction")
    page.keyboard.type("O")
    wait_preview(page)
    do(page, "#commit")
    do(page, "#undo")
    assert page.locator("#moves tr.voided").count() == 1
    _, game = api(live_server, "GET", f"/api/v1/games/{id_}")
    assert game["turn"] == 0 and game["history"][-1]["type"] == "correction"
    assert game["history"][-1]["player"] == 0  # Ann's entry taken back, on Ann's line
    shoot_sizes(page, "keeper-game", "en")  # the game in progress, as its keeper sees it
    watcher = open_page(live_server.url + f"/keep/{id_}", size="phone", lang="en")
    watcher.wait_for_selector("#board .cell")  # another device: it can only watch
    assert watcher.locator("#entry").is_hidden() and "watch" in watcher.text_content("#message")
    shoot(watcher, "keeper-watch", "phone", "en")
    assert_accessible(page)
    # Passes end it: Ann, Bob, Ann (her second in a row).
    do(page, "#pass")
    do(page, "#pass")
    do(page, "#pass")
    page.wait_for_selector("#ending:not([hidden])")
    _, game = api(live_server, "GET", f"/api/v1/games/{id_}")
    ann, bob = racks_from_unseen(game["unseen"], [7, 7])
    page.fill("#rack0", "Q" + ann[1:])  # the one Q is in unseen? checked by the server
    page.fill("#rack1", bob)
    response = do(page, "#end-form button.primary")
    if response.status != 201:  # a Q the game has seen: the reason shows
        assert page.text_content("#message")
        page.fill("#rack0", ann)
        page.fill("#rack1", bob)
        response = do(page, "#end-form button.primary")
    assert response.status == 201
    page.wait_for_selector("#final:not([hidden])")
    _, game = api(live_server, "GET", f"/api/v1/games/{id_}")
    assert game["status"] == "over"
    standings = page.text_content("#standings")
    for player in game["players"]:
        assert f"{player['name']} {player['score']}" in standings
    winner = game["players"][game["winners"][0]]["name"]
    assert winner in page.text_content("#standings .winner")
    gcg = urllib.request.urlopen(live_server.url + page.get_attribute("#gcg", "href")).read()
    text = gcg.decode()
    assert "8D WINDy" in text and "#ruleset scrabble-en" in text
    last_totals = {
        line.split(":")[0][1:]: int(line.split()[-1])
        for line in text.splitlines()
        if line.startswith(">")
    }
    assert last_totals == {p["name"]: p["score"] for p in game["players"]}
    assert_accessible(page)
    shoot(page, "keeper-final", "tablet", "en")
    # The printed score sheet: rules, word list, date, game, the final board, signatures.
    page.emulate_media(media="print")
    sheet = page.text_content("#sheet")
    assert "English" in sheet and "en-" in sheet and id_ in sheet
    assert page.locator("#signatures .signature").count() == 3
    page.wait_for_function("document.querySelector('#sheet-board img').naturalWidth > 0")
    shoot(page, "keeper-sheet", "tablet", "en")  # printed on paper, not on a phone
    page.emulate_media(media="screen")
    # A new game with the same players.
    page.click("#rematch")
    page.wait_for_selector("#setup:not([hidden])")
    assert page.input_value("#player0") == "Ann" and page.input_value("#player1") == "Bob"


def test_an_erudite_game_with_a_star_swap_and_a_move_in_two_lines(open_page, live_server):
    page, id_ = start(open_page, live_server.url, "erudite-ru", ["Аня", "Боря"], lang="ru")
    assert page.text_content("#scores .status").startswith("Ходит Аня")
    # Аня: КОТ, the О a star (toggled with the Star button), on the page's keys.
    tap(page, 7, 5)
    keys(page, "К")
    page.click("#blank")
    keys(page, "ОТ")
    wait_preview(page)
    do(page, "#commit")
    # Боря challenges КОТ: a word, and under the single rule nobody is penalised.
    do(page, "#challenge")
    expect(page.locator("#ruling")).to_contain_text("Ход остаётся. Никто не наказан.")
    # Боря swaps his О for the star and plays it as the У of ШУМ.
    page.click("#swap")
    tap(page, 7, 6)
    page.click("#swap")
    tap(page, 8, 6)
    keys(page, "Ш")
    page.click("#blank")
    keys(page, "УМ")
    wait_preview(page)
    assert do(page, "#commit").status == 201
    _, game = api(live_server, "GET", f"/api/v1/games/{id_}")
    assert game["board"][7][5:8] == "КОТ" and game["board"][8][6:9] == "ШуМ"
    # Аня: МАК down onto the К, and ЕЛ after КОТ: one move in two lines.
    tap(page, 5, 5)
    tap(page, 5, 5)
    keys(page, "МА")
    tap(page, 7, 8)
    page.click("#direction")  # back to across
    keys(page, "ЕЛ")
    wait_preview(page)
    preview = page.text_content("#preview")
    assert "МАК" in preview and "КОТЕЛ" in preview
    do(page, "#commit")
    _, game = api(live_server, "GET", f"/api/v1/games/{id_}")
    assert game["history"][-1]["words"][:2] == ["КОТЕЛ", "МАК"]
    # Боря challenges: ЕМ, its cross word, is no word: the move is withdrawn.
    do(page, "#challenge")
    expect(page.locator("#ruling")).to_contain_text("✗")
    assert "КОТЕЛ" not in page.text_content("#last") and "Ш" in page.text_content("#last")
    shoot_sizes(page, "keeper-game", "ru")
    assert_accessible(page)
    # An exchange of the tiles the player shows (for analysis), undone; then every player
    # passes twice.
    page.fill("#exchange-tiles", "ъыь")
    do(page, "#exchange")
    _, game = api(live_server, "GET", f"/api/v1/games/{id_}")
    assert game["history"][-1]["tiles"] == "ЪЫЬ" and game["history"][-1]["count"] == 3
    assert "ЪЫЬ" in page.locator("#moves tbody tr").last.text_content()
    do(page, "#undo")
    for _ in range(4):
        do(page, "#pass")
    page.wait_for_selector("#ending:not([hidden])")
    _, game = api(live_server, "GET", f"/api/v1/games/{id_}")
    counts = [p["tiles_on_rack"] for p in game["players"]]
    first, second = racks_from_unseen(game["unseen"], counts)
    page.fill("#rack0", first)
    page.fill("#rack1", second)
    assert do(page, "#end-form button.primary").status == 201
    page.wait_for_selector("#final:not([hidden])")
    _, game = api(live_server, "GET", f"/api/v1/games/{id_}")
    standings = page.text_content("#standings")
    for player in game["players"]:
        assert f"{player['name']} {player['score']}" in standings
    text = urllib.request.urlopen(live_server.url + f"/api/v1/games/{id_}.gcg").read().decode()
    assert "#placement" in text and "swap:8G=О" in text
    shoot(page, "keeper-final", "tablet", "ru")
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
