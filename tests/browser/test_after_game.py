"""After the game (issue 36): the keeper's optional rack with a play, a pass or
an exchange, and each turn's best play and the points missed on the keeper's
final screen and the spectator page, the best play drawn on the board on
request and taken off again.  Screenshots: keeper-rack-*, keeper-analysis-*,
keeper-best-*, spectator-analysis-*, spectator-best-* at tablet and phone size."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import assert_accessible, assert_fits, small_targets
from tests.browser.keeper_steps import api, do, out_of_view, shoot_view, start, tap, wait_preview
from tests.browser.test_spectator import Game, open_game

pytestmark = pytest.mark.browser


def sent(response) -> dict:
    """The event a keeper's entry sent."""
    return json.loads(response.request.post_data)


def squares(play: dict) -> set[tuple[int, int]]:
    return {(t["row"], t["col"]) for t in play["tiles"]}


def send(page, selector, rack=None):
    """An entry, with this rack in the field: the event it sent, once the page
    has drawn its answer (the moves one longer, the rack field empty again)."""
    moves = page.locator("#moves tbody tr").count()
    if rack is not None:
        page.fill("#rack", rack)
    response = do(page, selector)
    assert response.status == 201, response.text()
    drawn = "(n) => document.querySelectorAll('#moves tbody tr').length > n"
    page.wait_for_function(drawn, arg=moves)
    expect(page.locator("#rack")).to_have_value("")  # the next turn's rack is another's
    return sent(response)


def keep_a_game_with_racks(open_page, live_server, size="tablet"):
    """Ann plays WINDY from her rack; Bob's SIX is refused for a rack without its
    tiles, then played from his; Ann passes with a rack the set cannot hold, Bob
    exchanges with two of his tiles given, Ann with none given; then the game is
    ended now."""
    page, id_ = start(open_page, live_server.url, "scrabble-en", ["Ann", "Bob"], size=size)
    assert "leave it empty otherwise" in page.text_content("#rack-hint")
    assert page.get_attribute("#rack", "placeholder") == "optional"
    tap(page, 7, 3)
    page.keyboard.type("WINDY")
    wait_preview(page, "WINDY")
    page.fill("#rack", "windy ae")
    shoot_view(page, "keeper-rack", size, "en")
    assert send(page, "#commit")["rack"] == "WINDYAE"
    tap(page, 6, 4)
    tap(page, 6, 4)  # down, through the I of WINDY
    page.keyboard.type("SX")
    wait_preview(page, "SIX")
    page.fill("#rack", "AB")
    assert do(page, "#commit").status == 422
    expect(page.locator("#message")).to_contain_text("which the rack AB lacks")
    page.fill("#rack", "sxaeirt")
    page.focus("#rack")
    with page.expect_response(lambda r: "/events" in r.url) as info:
        page.keyboard.press("Enter")  # Enter in the rack field plays it
    assert info.value.status == 201 and sent(info.value)["rack"] == "SXAEIRT"
    expect(page.locator("#rack")).to_have_value("")
    assert send(page, "#pass", "ZZ")["rack"] == "ZZ"  # one Z in the set: the analysis flags it
    page.fill("#exchange-count", "2")
    assert send(page, "#exchange", "QI")["rack"] == "QI"  # two of Bob's seven tiles
    assert "rack" not in send(page, "#exchange")  # optional: none given, none sent
    do(page, "#end-now")
    page.wait_for_selector("#analysis-body .an-turn")
    return page, id_


@pytest.mark.parametrize("size", ["tablet", "phone"])
def test_the_rack_field_is_optional_and_a_play_keeps_its_rack(open_page, live_server, size):
    page, id_ = keep_a_game_with_racks(open_page, live_server, size)
    _, game = api(live_server, "GET", f"/api/v1/games/{id_}")
    racks = [h.get("rack") for h in game["history"] if h["type"] in ("play", "pass", "exchange")]
    assert racks == ["WINDYAE", "SXAEIRT", "ZZ", "QI", None]


@pytest.mark.parametrize("size", ["tablet", "portrait", "phone"])
def test_the_final_screen_shows_each_turns_best_play(open_page, live_server, size):
    page, id_ = keep_a_game_with_racks(open_page, live_server, size)
    _, analysis = api(live_server, "GET", f"/api/v1/games/{id_}/analysis")
    turns = page.locator("#analysis-body .an-turn")
    assert turns.count() == len(analysis["turns"]) == 5
    windy, six, flagged, partial, none = (turns.nth(i).inner_text() for i in range(5))
    best = analysis["turns"][0]["best"][0]
    assert "WINDY" in windy and "Rack: WINDYAE" in windy
    assert f"Best: {best['move']} ({best['score']})" in windy
    assert f"Points missed: {analysis['turns'][0]['missed']}" in windy
    assert "Best:" in six
    assert "Rack flagged" in flagged and analysis["turns"][2]["problem"] in flagged
    assert "from the tiles given" in partial
    assert "not analysed" in none and turns.nth(4).locator("button").count() == 0
    summary = page.inner_text("#analysis-body .an-players")
    assert "Turns analysed" in summary and "Points missed" in summary
    assert_fits(page)
    assert small_targets(page, exempt="#board .cell" if size == "phone" else "") == []
    turns.nth(0).scroll_into_view_if_needed()
    shoot_view(page, "keeper-analysis", size, "en")

    # The best play on the board as it was: its tiles drawn, the later ones faded.
    page.click("#analysis-body .an-turn >> nth=0 >> button")
    assert page.locator("#board .cell.best").count() == len(best["tiles"])
    # WINDY and SIX came at or after it; where the best play lies over them, it shows.
    played = {(7, c) for c in range(3, 8)} | {(6, 4), (8, 4)}
    assert page.locator("#board .cell.later").count() == len(played - squares(best))
    assert page.locator("#board .cell.last").count() == 0
    assert page.is_visible("#showing") and "Move 1, Ann" in page.text_content("#showing-text")
    assert out_of_view(page, "#showing", "#board .cell.best") == []
    pressed = page.locator("#analysis-body .an-turn >> nth=0 >> button")
    assert pressed.get_attribute("aria-pressed") == "true"
    first = best["tiles"][0]
    square = page.locator(f'#board [data-row="{first["row"]}"][data-col="{first["col"]}"]')
    assert "best play" in square.text_content()  # said, not only coloured
    assert_fits(page)
    shoot_view(page, "keeper-best", size, "en")
    if size == "tablet":
        assert_accessible(page)
        # Another turn's best play in its place, then the same button takes it off.
        page.click("#analysis-body .an-turn >> nth=1 >> button")
        assert "Move 2, Bob" in page.text_content("#showing-text")
        six = {(6, 4), (8, 4)} - squares(analysis["turns"][1]["best"][0])  # SIX's own tiles
        assert page.locator("#board .cell.later").count() == len(six)
        page.click("#analysis-body .an-turn >> nth=1 >> button")
        assert page.is_hidden("#showing") and page.locator("#board .cell.best").count() == 0
        page.click("#analysis-body .an-turn >> nth=0 >> button")

    # Back to the game's board: the real tiles, the last move outlined again.
    page.click("#showing-back")
    assert page.locator("#board .cell.best, #board .cell.later").count() == 0
    assert page.locator("#board .cell.last").count() > 0 and page.is_hidden("#showing")
    focused = page.evaluate("document.activeElement.dataset.index")
    assert focused == "0"  # the focus back on the list, on the turn it came from
    if size == "tablet":
        assert_accessible(page)


def test_the_final_screen_says_when_no_rack_was_entered(open_page, live_server):
    page, _ = start(open_page, live_server.url, "scrabble-en", ["Ann", "Bob"])
    tap(page, 7, 7)
    page.keyboard.type("QI")
    wait_preview(page, "QI")
    do(page, "#commit")
    do(page, "#end-now")
    page.wait_for_selector("#analysis-body p.hint:not(:has-text('Working out'))")
    assert "No rack was entered" in page.text_content("#analysis-body")


def finished_game(live_server) -> Game:
    """Ann and Bob through the API, with their racks; ended."""
    game = Game(live_server, "scrabble-en", ["Ann", "Bob"])
    game.post(type="play", player=0, move="8D WINDY", rack="WINDYAE")
    game.post(type="play", player=1, move="E7 S.X", rack="SXAEIRT")
    game.post(type="pass", player=0)
    game.post(type="end", player=0, racks={})
    return game


@pytest.mark.parametrize("size", ["tablet", "portrait", "phone"])
def test_the_spectator_sees_the_best_plays_once_the_game_is_over(open_page, live_server, size):
    game = finished_game(live_server)
    page = open_game(open_page, game, size, "en")
    page.wait_for_selector("#analysis:not([hidden]) .an-turn")
    turns = page.locator("#analysis .an-turn")
    assert turns.count() == 3
    assert "Points missed: 2" in turns.nth(0).inner_text()  # YAWNED 34 against WINDY 32
    assert "not analysed" in turns.nth(2).inner_text()
    assert_fits(page)
    assert small_targets(page) == []
    turns.nth(0).scroll_into_view_if_needed()
    shoot_view(page, "spectator-analysis", size, "en")
    page.click("#analysis .an-turn >> nth=0 >> button")
    assert page.locator("#board-overlay g.best").count() == 6  # YAWNED
    assert page.locator("#board-overlay rect.later").count() == 7
    assert "Move 1, Ann" in page.text_content("#showing-text")
    assert out_of_view(page, "#showing", "#board") == []
    shoot_view(page, "spectator-best", size, "en")
    if size == "tablet":
        assert_accessible(page)
    page.click("#showing-back")
    assert page.locator("#board-overlay *").count() == 0 and page.is_hidden("#showing")
    assert page.evaluate("document.activeElement.dataset.index") == "0"


@pytest.mark.parametrize(
    ("status", "code"),
    [(403, "finder-disabled"), (409, "game-in-progress"), (503, "no-word-graph"), (401, "")],
)
def test_the_spectator_shows_nothing_when_the_analysis_is_not_given(
    open_page, live_server, status, code
):
    game = finished_game(live_server)
    page = open_page("about:blank", "tablet", "en")
    answered = []

    def refuse(route):
        answered.append(route.request.url)
        problem = {"status": status, "code": code, "detail": "not here"}
        route.fulfill(
            status=status, content_type="application/problem+json", body=json.dumps(problem)
        )

    page.route("**/analysis", refuse)
    # The page asks once it has the game and the after-game module: on a loaded
    # machine, well after the board is drawn.  Wait for the answer itself.
    with page.expect_response(lambda r: r.url.endswith("/analysis")):
        page.goto(game.url)
    page.wait_for_function("() => document.getElementById('board').naturalWidth > 0")
    page.wait_for_timeout(300)  # what the page does with the refusal: nothing is shown
    assert answered and page.is_hidden("#analysis") and page.is_hidden("#showing")
    text = page.inner_text("body")
    assert "not here" not in text and "best plays" not in text.lower()
    assert page.text_content("#live") == "Following the game: the page updates itself."


def test_the_spectator_asks_nothing_while_the_game_is_played(open_page, live_server):
    game = Game(live_server, "scrabble-en", ["Ann", "Bob"])
    page = open_game(open_page, game, "phone", "en")
    asked = []
    page.on("request", lambda r: asked.append(r.url) if "/analysis" in r.url else None)
    game.post(type="play", player=0, move="8D WINDY", rack="WINDYAE")
    page.wait_for_function(
        f"() => document.getElementById('game').dataset.version === '{game.version}'",
        timeout=15_000,
    )
    assert asked == [] and page.is_hidden("#analysis")


def test_the_best_plays_in_russian_on_both_pages(open_page, live_server):
    """An Erudite game with its racks: the spectator page and the keeper's final
    screen (on a device that only watches) say it all in Russian."""
    game = Game(live_server, "erudite-ru", ["Аня", "Борис"])
    game.post(type="play", player=0, move="8H КОТ", rack="КОТАЕНР")
    game.post(type="pass", player=1, rack="*МАЛИНС")  # * a star
    game.post(type="end", player=0, racks={})
    page = open_game(open_page, game, "tablet", "ru")
    page.wait_for_selector("#analysis:not([hidden]) .an-turn")
    page.click("#analysis .an-turn >> nth=1 >> button")
    text = page.inner_text("#analysis") + page.inner_text("#showing")
    assert "Лучший:" in text and "Разобрано ходов" in text and "Ход 2, Борис" in text
    for english in ("Best", "missed", "Show on the board", "Rack", "analysed"):
        assert english not in text, english
    assert_fits(page)
    shoot_view(page, "spectator-best", "tablet", "ru")
    keeper = open_page(f"{live_server.url}/keep/{game.id}", "tablet", "ru")
    keeper.wait_for_selector("#analysis-body .an-turn")
    keeper.click("#analysis-body .an-turn >> nth=0 >> button")
    assert "Ход 1, Аня" in keeper.text_content("#showing-text")
    assert_fits(keeper)
    assert_accessible(keeper)
    shoot_view(keeper, "keeper-best", "tablet", "ru")


@pytest.mark.parametrize("size", ["tablet", "phone"])
def test_a_best_move_in_several_lines(open_page, live_server, size):
    """Erudite's best play of a turn is a move in several lines: named by its
    parts, and every tile of every part drawn."""
    game = Game(live_server, "erudite-ru", ["Аня", "Борис"])
    game.post(type="play", player=0, move="8F КОШКА", rack="КОШКАЕИ")
    game.post(type="pass", player=1, rack="ОРТЪЫЬЭ")
    game.post(type="end", player=0, racks={})
    page = open_game(open_page, game, size, "ru")
    page.wait_for_selector("#analysis:not([hidden]) .an-turn")
    assert "J6 ЭРА + F8 КОТЫ (36)" in page.inner_text("#analysis .an-turn >> nth=1")
    page.click("#analysis .an-turn >> nth=1 >> button")
    assert "J6 ЭРА + F8 КОТЫ" in page.inner_text("#showing")
    drawn = page.locator("#board-overlay g.best")
    expect(drawn).to_have_count(5)  # ЭР of ЭРА, and О, Т, Ы of КОТЫ
    assert_fits(page)
    shoot_view(page, "spectator-best-several", size, "ru")
