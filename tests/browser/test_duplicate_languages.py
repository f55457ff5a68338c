"""Duplicate's pages in Dutch and every other language: a Dutch game made
through the API, handed to an arbiter's device by its #token address, followed
by the room display (its countdown run out on a fake clock); a device without
the token only follows; an answer overtaken by the close never brings the
round back; every language fits a phone (duplicate-*-phone-<lang>.png)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import (
    LANGUAGES,
    assert_fits,
    checked,
    shoot,
    small_targets,
    walk_languages,
)
from tests.browser.duplicate_steps import (
    Game,
    fisf,
    open_at,
    ruled,
    shoot_screen,
    type_slip,
    wait_version,
)

pytestmark = pytest.mark.browser


def dutch_game(server) -> Game:
    """Jan, Els and Piet at Dutch Duplicate, 30 s a move: move 1 closed (Jan on
    the top, Els a blank slip, Piet a wrong score), move 2 drawn."""
    game = Game.create(server, "scrabble-nl", ["Jan", "Els", "Piet"], seed="gent", round_seconds=30)
    game.post("draw", {})
    best = game.best()
    ref, word = fisf(best[0]["move"])
    game.post("slips", {"player": 0, "word": word, "reference": ref, "score": best[0]["score"]})
    game.post("slips", {"player": 1, "word": "", "reference": None})
    low_ref, low_word = fisf(best[-1]["move"])
    game.post("slips", {"player": 2, "word": low_word, "reference": low_ref, "score": 1})
    game.post("close", {})
    game.post("draw", {})
    return game


@pytest.fixture(scope="module")
def dutch(live_server) -> Game:
    """A Dutch game the tests only read."""
    return dutch_game(live_server)


@pytest.mark.parametrize("size", ["tablet", "phone"])
def test_a_dutch_arbiter_takes_the_game_over_by_its_address(browser, contexts, live_server, size):
    dutch = dutch_game(live_server)
    page = open_at(browser, contexts, f"{dutch.arbiter_url}#token={dutch.token}", size, "nl")
    expect(page.locator("#round")).to_have_text("Zet 2")
    assert "#" not in page.url  # the token left the address at once
    kept = page.evaluate(f"JSON.parse(localStorage.getItem('adjudicator.duplicate.{dutch.id}'))")
    assert kept["token"] == dutch.token
    assert page.get_attribute("#room-link", "href") == f"/duplicate/{dutch.id}"
    expect(page.locator("#standings-title")).to_have_text("Stand na zet 1")
    expect(page.locator("#standings tbody tr").first).to_contain_text("1 Jan")
    expect(page.locator("#missing")).to_have_text("Nog geen briefje (3): 1 Jan, 2 Els, 3 Piet")
    best = dutch.best()
    ref, word = fisf(best[0]["move"])
    type_slip(page, "Pi", word, ref, "")  # a name's start is enough; no score written
    assert "waarschuwing: geen score opgeschreven" in ruled(page)
    expect(page.locator("#ruling")).to_contain_text("Speler 3: Piet")
    checked(page)
    shoot(page, "duplicate-arbiter-play", size, "nl")


@pytest.mark.parametrize("size", ["projector", "projector-720", "tablet", "phone"])
def test_the_dutch_room_counts_the_time_down(browser, contexts, dutch, size):
    page = open_at(browser, contexts, dutch.room_url, size, "nl")
    wait_version(page, "#room", dutch.get()["version"])
    expect(page.locator("#round")).to_have_text("Zet 2")
    expect(page.locator("#standings-title")).to_have_text("Stand na zet 1")
    assert page.locator("#top-area").is_hidden()  # the round is on
    assert page.get_attribute("#draw-area .draw", "aria-label").startswith("De letters: ")
    expect(page.locator("#clock")).to_have_text(re.compile(r"00:[0-3]\d"))
    checked(page)
    shoot_screen(page, "duplicate-room-play", size, "nl")
    # The server says 31 s have gone since the draw: the time is up.
    page.route(f"**/api/v1/duplicates/{dutch.id}", later_by(31_000))
    expect(page.locator("#clock")).to_have_text("De tijd is om", timeout=10_000)
    assert page.get_attribute("#clock", "class") == "clock over"


def later_by(ms: int):
    """A route handler answering the game as the server would ``ms`` later."""

    def handle(route):
        response = route.fetch()
        game = response.json()
        game["round_age_ms"] += ms
        route.fulfill(response=response, json=game)

    return handle


def test_a_device_without_the_token_only_follows(browser, contexts, dutch):
    page = open_at(browser, contexts, dutch.arbiter_url, "tablet", "en")
    expect(page.locator("#message")).to_have_text(
        "This device does not hold this game's write key: it can only follow the game."
    )
    expect(page.locator("#round")).to_have_text("Move 2")
    assert page.locator("#slip-box").is_hidden() and page.locator("#handover").is_hidden()


def test_an_answer_overtaken_by_the_close_never_brings_the_round_back(
    browser, contexts, live_server
):
    game = Game.create(live_server, "scrabble-fr", ["Ann", "Bob"], seed="lent")
    game.post("draw", {})
    page = open_at(browser, contexts, f"{game.arbiter_url}#token={game.token}", "tablet", "en")
    expect(page.locator("#round")).to_have_text("Move 1")
    path = f"**/api/v1/duplicates/{game.id}"
    held = []
    page.route(
        path,
        lambda route: (
            route.continue_() if held or route.request.method != "GET" else held.append(route)
        ),
    )
    with page.expect_request(path):  # the page asks again when it is looked at
        page.evaluate("document.dispatchEvent(new Event('visibilitychange'))")
    page.click("#close-round")
    page.click("#confirm-ok")
    expect(page.locator("#result-title")).to_have_text("Top of move 1")
    with page.expect_response(path) as older:
        held[0].continue_()
    older.value.finished()
    page.evaluate("() => new Promise((done) => setTimeout(done, 100))")  # its answer is read
    page.unroute(path)
    assert page.get_attribute("body", "data-phase") == "draw"
    expect(page.locator("#round")).to_have_text("Move 2")
    assert page.locator("#result").is_visible()


def test_every_language_fits_a_phone(browser, contexts, dutch):
    page = open_at(browser, contexts, f"{dutch.arbiter_url}#token={dutch.token}", "phone", "en")
    walk_languages(
        page, dutch.arbiter_url, "duplicate-arbiter", "phone", "() => document.body.dataset.version"
    )
    walk_languages(
        page,
        dutch.room_url,
        "duplicate-room",
        "phone",
        "() => document.getElementById('room').dataset.version",
    )
    for lang in LANGUAGES:  # the new game's form, no screenshot
        page.goto(f"{dutch.server.url}/duplicate?lang={lang}")
        assert_fits(page)
        assert small_targets(page) == [], lang
