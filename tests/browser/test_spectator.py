"""The spectator page (/games/<id>) in headless Chromium: its languages, its
layout at the three sizes (screenshots: spectator-<size>-<lang>.png), the
board picture in the page's language, corrections shown, and the page
following the game live as events are posted."""

from __future__ import annotations

import urllib.parse
import urllib.request

import pytest

from tests.browser.conftest import (
    SIZES,
    assert_accessible,
    assert_fits,
    choose_language,
    shoot,
    small_targets,
    walk_languages,
)
from tests.browser.keeper_steps import start

pytestmark = pytest.mark.browser


class Game:
    """A club game made through the API, and its write token."""

    def __init__(self, server, ruleset: str, players: list[str]) -> None:
        self.server = server
        status, _, body = server.request(
            "POST", "/api/v1/games", {"ruleset": ruleset, "players": players}
        )
        assert status == 201, body
        self.id, self.token, self.version = body["id"], body["token"], 0

    def post(self, **event) -> dict:
        status, _, body = self.server.request(
            "POST",
            f"/api/v1/games/{self.id}/events",
            {"version": self.version, **event},
            {"X-Game-Token": self.token},
        )
        assert status == 201, body
        self.version = body["version"]
        return body

    @property
    def url(self) -> str:
        return f"{self.server.url}/games/{self.id}"


@pytest.fixture(scope="module")
def erudite(live_server) -> Game:
    """Аня and Борис at Erudite: a play taken back, played again, challenged, answered."""
    game = Game(live_server, "erudite-ru", ["Аня", "Борис"])
    game.post(type="play", player=0, move="8H КОТ")
    game.post(type="correction", player=0)
    game.post(type="play", player=0, move="8H КИТ")
    game.post(type="challenge", player=1)  # acceptable: the play stands
    game.post(type="play", player=1, move="J6 КО.")
    return game


def wait_for_version(page, version: int) -> None:
    """Until the page shows the game at this version (it polls every 4 s)."""
    page.wait_for_function(
        f"() => document.getElementById('game').dataset.version === '{version}'", timeout=15_000
    )


BOARD_DRAWN = "() => document.getElementById('board').naturalWidth > 0"


def open_game(open_page, game: Game, size: str, lang: str):
    page = open_page(game.url, size, lang)
    page.wait_for_function(BOARD_DRAWN)
    return page


@pytest.mark.parametrize("size", ["portrait", "phone"])
def test_the_page_fits_in_every_language(open_page, erudite, size):
    page = open_game(open_page, erudite, size, "en")
    walk_languages(page, erudite.url, "spectator", size, BOARD_DRAWN)


def box(page, selector: str) -> dict:
    return page.locator(selector).bounding_box()


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("size", list(SIZES))
def test_spectator_fits_every_size_in_both_languages(open_page, erudite, size, lang):
    page = open_game(open_page, erudite, size, lang)
    assert page.get_attribute("html", "lang") == lang
    assert_fits(page)
    assert_accessible(page)
    assert small_targets(page) == []
    width, height = SIZES[size]
    board, side = box(page, "#board"), box(page, ".side")
    scores, latest = box(page, "#scores"), box(page, "#moves tbody tr:first-child")
    if size == "phone":  # stacked: the board, then the scores and moves
        assert side["y"] >= board["y"] + board["height"]
        assert board["width"] >= width - 40
    else:  # the scores and the latest move are in view without scrolling
        assert scores["y"] + scores["height"] <= height
        assert latest["y"] + latest["height"] <= height
        assert board["y"] + board["height"] <= height
    if size == "tablet":  # side by side, the side panel using the right of the screen
        assert side["x"] >= board["x"] + board["width"]
        assert side["x"] + side["width"] >= width - 40
    shoot(page, "spectator", size, lang)


def test_a_russian_club_sees_russian(open_page, erudite):
    page = open_game(open_page, erudite, "tablet", "ru")
    assert page.title() == "Эрудит: Аня – Борис"
    assert page.text_content("h1") == "Эрудит"
    assert page.inner_text("#status") == "Ходит Аня\n87 фишек в мешке"
    assert page.text_content("#scores caption") == "Счёт"
    text = page.inner_text("body")
    for english in ("to play", "Scores", "Player", "Moves", "Game", "board", "3W", "2L"):
        assert english not in text
    assert "зелёная: буква ×2" in text and "красная: слово ×3" in text  # Erudite names colours

    src = page.get_attribute("#board", "src")
    assert urllib.parse.parse_qs(urllib.parse.urlsplit(src).query) == {"lang": ["ru"]}
    with urllib.request.urlopen(erudite.server.url + src) as resp:
        svg = resp.read().decode()
    assert ">3С<" in svg and ">2Б<" in svg and ">3W<" not in svg
    assert 'aria-label="Доска: Эрудит"' in svg


def test_corrections_are_shown_struck_through_and_named(open_page, erudite):
    for lang, voided, correction, took_back in (
        ("en", "(voided)", "Correction", "(took back #1)"),
        ("ru", "(отменено)", "Исправление", "(отменяет #1)"),
    ):
        page = open_game(open_page, erudite, "tablet", lang)
        rows = page.locator("#moves tbody tr")
        assert rows.count() == 5
        first = rows.nth(4)  # latest first: the first move is last
        assert "voided" in first.get_attribute("class")
        assert first.locator("del").first.text_content() == "8H КОТ"
        assert voided in first.inner_text()  # marked in words, not only struck through
        second = rows.nth(3)
        assert correction in second.inner_text() and took_back in second.inner_text()
        assert "КО. \u00b7 КОТ" in rows.nth(0).inner_text()  # the words a move formed


def test_an_undone_star_swap_is_still_named(open_page, live_server):
    """A star swap taken back keeps a name in the move list, not only "(voided)"."""
    game = Game(live_server, "erudite-ru", ["Аня", "Борис"])
    game.post(type="play", player=0, move="8F КоТ")  # the О is a star
    tile = lambda row, col, letter, **more: {"row": row, "col": col, "letter": letter, **more}  # noqa: E731
    game.post(
        type="play",
        player=1,
        placement=[tile(8, 6, "Ш"), tile(8, 7, "У", blank=True), tile(8, 8, "М")],
        swaps=[{"row": 7, "col": 6, "letter": "О"}],  # Борис's О for the star, played as У
    )
    game.post(type="correction", player=1)
    page = open_game(open_page, game, "tablet", "ru")
    undone = page.locator("#moves tbody tr.voided")
    assert undone.count() == 1
    # Its notation when the record keeps it (h-keeper-flow), else the word for a play.
    assert undone.locator("del").first.text_content() in ("9G ШуМ", "Ход")
    assert "(отменено)" in undone.inner_text()


@pytest.mark.parametrize("size", ["tablet", "phone"])
def test_a_spanish_game_shows_its_digraph_tiles(open_page, live_server, size):
    """[CH], [LL] and a blank [rr] on the board: CH, LL, RR on the tiles, in Spanish."""
    game = Game(live_server, "scrabble-es", ["Ana", "Bruno"])
    game.post(type="play", player=0, move="8G [CH]A[LL]A")
    game.post(type="play", player=1, move="9G [rr]E")
    page = open_game(open_page, game, size, "es")
    board = urllib.parse.unquote(page.get_attribute("#board", "src"))
    with urllib.request.urlopen(live_server.url + board) as resp:
        svg = resp.read().decode()
    assert ">CH<" in svg and ">LL<" in svg and ">RR<" in svg and "[" not in svg
    assert ">3P<" in svg  # the Spanish labels, as the keeper's
    moves = page.inner_text("#moves")
    assert "8G [CH]A[LL]A" in moves  # the notation keeps its brackets
    assert "9G [rr]E \u00b7 RRE, CHRR, AE" in moves  # the words read as letters
    assert_fits(page)
    shoot(page, "spectator-digraphs", size, "es")
    if size == "tablet":  # the picture alone, at twice its size, to look at the tiles
        picture = page.context.new_page()
        picture.set_viewport_size({"width": 1128, "height": 1128})
        picture.set_content(
            f'<body style="margin:0"><img src="{live_server.url + board}" width="1128"></body>'
        )
        picture.wait_for_function("() => document.images[0].naturalWidth > 0")
        shoot(picture, "board-svg-digraphs", "large", "es")


def test_the_english_board_keeps_its_labels(open_page, live_server):
    game = Game(live_server, "scrabble-en", ["Ann", "Bob"])
    page = open_game(open_page, game, "tablet", "en")
    assert page.inner_text("#status") == "Ann to play\n86 tiles in the bag"
    assert "No moves yet." in page.inner_text("#moves")
    key = page.inner_text(".key")
    assert "pink: double word" in key and "light blue: double letter" in key
    with urllib.request.urlopen(live_server.url + page.get_attribute("#board", "src")) as resp:
        svg = resp.read().decode()
    assert ">3W<" in svg and ">2L<" in svg


def test_the_page_follows_the_game_live(open_page, live_server):
    game = Game(live_server, "scrabble-en", ["Ann", "Bob"])
    page = open_game(open_page, game, "tablet", "en")
    requests: list[str] = []
    page.on("request", lambda r: requests.append(r.url))
    assert page.is_visible("#live")

    game.post(type="play", player=0, move="8G QI")
    wait_for_version(page, game.version)
    assert page.inner_text("#status").startswith("Bob to play")
    assert page.inner_text("#scores tbody tr:first-child") == "Ann\t22"
    assert page.inner_text("#moves tbody tr:first-child").split("\t") == [
        "1",
        "Ann",
        "8G QI",
        "+22",
        "22",
    ]
    page.wait_for_function("() => document.getElementById('board').src.startsWith('data:')")
    board = urllib.parse.unquote(page.get_attribute("#board", "src"))
    assert board.count('class="tile last"') == 2
    assert any(u.endswith(f"/api/v1/games/{game.id}") for u in requests)  # the API it polls

    game.post(type="correction", player=0)
    wait_for_version(page, game.version)
    assert "Correction" in page.inner_text("#moves tbody tr:first-child")
    assert "(voided)" in page.inner_text("#moves tbody tr:nth-child(2)")
    ann = page.inner_text("#scores tbody tr:first-child")
    assert "Ann" in ann and "(to play)" in ann and ann.endswith("\t0")  # her turn again

    page.route("**/api/v1/games/*", lambda route: route.abort())  # the server gone
    page.wait_for_selector("#live:has-text('Not updating')", timeout=15_000)
    assert page.locator("#moves tbody tr").count() == 2  # what it showed stays


def test_spectators_see_the_keepers_clock(open_page, live_server):
    game = Game(live_server, "scrabble-en", ["Ann", "Bob"])
    page = open_game(open_page, game, "phone", "en")
    assert page.locator("#scores td.clock").count() == 0  # no clock kept: no column

    def set_clock(left_ms, running):
        status, _, body = live_server.request(
            "PUT",
            f"/api/v1/games/{game.id}/clock",
            {"left_ms": left_ms, "running": running},
            {"X-Game-Token": game.token},
        )
        assert status == 200, body

    set_clock([300000, 240000], True)
    game.post(type="play", player=0, move="8G QI")  # a move: the page fetches its scores
    set_clock([290000, 240000], True)  # Bob's clock runs
    wait_for_version(page, game.version)
    bob = page.locator("#scores td.clock[data-player='1']")
    page.wait_for_function(  # the next poll brings the clock; it counts down from 04:00
        "() => { const t = document.querySelector(\"#scores td.clock[data-player='1']\");"
        " return t && t.textContent < '04:00'; }",
        timeout=15_000,
    )
    assert page.text_content("#scores thead").count("Time left") == 1
    assert page.text_content("#scores td.clock[data-player='0']") == "04:50"  # stopped
    assert bob.text_content().startswith("03:5")
    assert_fits(page)
    shoot(page, "spectator-clock", "phone", "en")


def test_the_keeper_posts_its_clock_for_spectators(open_page, live_server):
    page, id_ = start(open_page, live_server.url, "scrabble-en", ["Ann", "Bob"], clock="5")
    with page.expect_response(lambda r: r.url.endswith("/clock") and r.request.method == "PUT"):
        page.click("#clock-toggle")  # started: said to the server
    _, _, game = live_server.request("GET", f"/api/v1/games/{id_}")
    clock = game["clock"]
    assert clock["running"] is True and clock["player"] == 0
    assert 290_000 <= clock["left_ms"][0] <= 300_000 and clock["left_ms"][1] == 300_000
    with page.expect_response(lambda r: r.url.endswith("/clock") and r.request.method == "PUT"):
        page.click("#pass")  # a turn (confirmed): Bob's clock runs now
        page.click("#confirm-ok")
    _, _, game = live_server.request("GET", f"/api/v1/games/{id_}")
    assert game["clock"]["player"] == 1 and game["clock"]["running"] is True


def test_the_language_switch_is_reached_by_keyboard_with_visible_focus(open_page, erudite):
    page = open_game(open_page, erudite, "phone", "ru")

    def tab() -> str | None:
        """Tab once: the focused element's language, its focus ring checked."""
        page.keyboard.press("Tab")
        lang, style, width = page.evaluate(
            """() => { const e = document.activeElement, s = getComputedStyle(e);
            return [e.getAttribute('lang'), s.outlineStyle, parseFloat(s.outlineWidth)]; }"""
        )
        assert style != "none" and width >= 2, (lang, style, width)
        return lang

    assert tab() == "ru"  # the switch, showing the page's language
    page.keyboard.press("Enter")  # opens it
    offered = page.eval_on_selector_all("nav.languages a", "links => links.map((a) => a.lang)")
    assert offered[0] == "en" and {"pl", "ru", "fr", "uk"} <= set(offered)
    reached = [tab() for _ in range(offered.index("pl") + 1)]
    assert reached == offered[: offered.index("pl") + 1]
    page.keyboard.press("Enter")  # Polski, from the keyboard
    page.wait_for_url("**?lang=pl")
    assert page.text_content("#scores caption") == "Wyniki"


def test_game_over_in_russian(open_page, live_server):
    game = Game(live_server, "scrabble-ru", ["Аня", "Борис"])
    game.post(type="play", player=0, move="8G ТОК")
    for player in (1, 0, 1):
        game.post(type="pass", player=player)
    page = open_game(open_page, game, "phone", "ru")
    assert page.inner_text("#status").startswith("Ждём подсчёта очков в конце партии (пасы)")
    game.post(type="end", player=0, racks={"0": "АААОООЕ", "1": "АААОООЕ"})
    wait_for_version(page, game.version)
    assert page.inner_text("#status").startswith("Партия окончена. Победитель: Аня")
    assert "Фишки на подставке" in page.inner_text("#moves")
    assert_fits(page)


def test_readable_without_script(browser, erudite):
    context = browser.new_context(
        java_script_enabled=False, viewport={"width": 1024, "height": 768}
    )
    try:
        page = context.new_page()
        page.goto(erudite.url + "?lang=en")
        assert page.inner_text("#status").startswith("Аня to play")
        assert page.locator("#moves tbody tr").count() == 5
        assert page.is_hidden("#live")
        assert "Reload for the latest moves" in page.content()
    finally:
        context.close()


def test_the_language_switch_sticks(open_page, erudite):
    page = open_game(open_page, erudite, "tablet", "en")
    choose_language(page, "pl")
    page.wait_for_url("**?lang=pl")
    assert page.inner_text("#status").startswith("Ruch: Аня")
    assert "lang=pl" in page.get_attribute("#board", "src")
    page.goto(erudite.url)
    assert page.text_content("#scores caption") == "Wyniki"


def test_the_board_picture_takes_a_language(live_server, erudite):
    def svg(query: str) -> str:
        url = f"{live_server.url}/api/v1/games/{erudite.id}/board.svg{query}"
        with urllib.request.urlopen(url) as resp:
            return resp.read().decode()

    assert ">3С<" in svg("")  # the ruleset's language
    assert ">3W<" in svg("?lang=en") and ">3W<" in svg("?lang=xx")
    assert ">3S<" in svg("?lang=pl") and 'aria-label="Plansza: Erudyta (Эрудит)"' in svg("?lang=pl")
    status, _, problem = live_server.request(
        "GET", f"/api/v1/games/{erudite.id}/board.svg?lang=RU!"
    )
    assert status == 400 and problem["code"]
    _, _, doc = live_server.request("GET", "/api/v1/openapi.json")
    params = doc["paths"]["/api/v1/games/{id}/board.svg"]["get"]["parameters"]
    assert {"name": "lang", "in": "query"}.items() <= next(
        p for p in params if p["name"] == "lang"
    ).items()
