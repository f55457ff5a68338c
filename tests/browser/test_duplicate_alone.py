"""A finished Duplicate game played again alone (/duplicate/<id>/alone), in
headless Chromium: reached from the room display once the game is over, a
name and Enter make the replay; then from the keyboard, move after move, the
draw, a slip (word, reference, score, Enter), its ruling at once, the move's
top, the total against the tops (négatif, percentage) and each move so far;
a slip sent before a reload is closed on coming back; the end of the game; a
game still played, and a device without the replay's key, are told so.
Screenshots: duplicate-alone-* (tablet in French, phone in Dutch)."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import (
    checked,
    shoot,
    walk_languages,
)
from tests.browser.duplicate_steps import Game, fisf, open_at

pytestmark = pytest.mark.browser


def play_out(game: Game) -> dict:
    """Every move drawn and closed on the generator's top, to the end."""
    for _ in range(60):
        state = game.post("draw", {})
        if state["phase"] == "over":
            return state
        state = game.post("close", {})
        if state["phase"] == "over":
            return state
    raise AssertionError("the game did not end")


@pytest.fixture(scope="module")
def french(live_server) -> Game:
    game = Game.create(live_server, "scrabble-fr", ["Anne", "Bernard"], seed="vichy")
    play_out(game)
    return game


@pytest.fixture(scope="module")
def dutch(live_server) -> Game:
    game = Game.create(live_server, "scrabble-nl", ["Jan", "Els"], seed="gent")
    play_out(game)
    return game


def replay_of(page, server) -> Game:
    """The replay the page made: its id from the address, its token from the browser."""
    id_ = page.url.split("/")[-2]
    token = page.evaluate(f"JSON.parse(localStorage.getItem('adjudicator.duplicate.{id_}')).token")
    return Game(server, id_, token)


def type_alone(page, word: str, reference: str, score: str) -> None:
    page.focus("#alone-word")
    page.keyboard.type(word)
    for text in (reference, score):
        page.keyboard.press("Tab")
        page.keyboard.type(text)
    page.keyboard.press("Enter")


def test_a_french_game_played_again_alone(browser, contexts, live_server, french):
    arbiter = open_at(browser, contexts, french.arbiter_url, "tablet", "fr")  # no token
    expect(arbiter.locator("#alone-line")).to_be_visible()
    assert arbiter.get_attribute("#alone-link", "href") == f"/duplicate/{french.id}/alone"
    assert arbiter.locator("#record-download").is_visible()  # the game is over: anyone's
    room = open_at(browser, contexts, french.room_url, "tablet", "fr")
    expect(room.locator("#alone-line")).to_be_visible()
    checked(room)
    shoot(room, "duplicate-room-over", "tablet", "fr")
    with room.expect_navigation():
        room.click("#alone-line a")
    page = room
    expect(page.locator("#begin-title")).to_have_text("Rejouer cette partie en solitaire")
    expect(page.locator("#name")).to_be_focused()
    checked(page)
    shoot(page, "duplicate-alone-start", "tablet", "fr")
    page.keyboard.type("Zoé")
    with page.expect_navigation():
        page.keyboard.press("Enter")
    replay = replay_of(page, live_server)
    assert replay.id != french.id and replay.token
    source = french.get()["rounds"]

    # Move 1 from the keyboard: Enter draws, the top written, Enter.
    expect(page.locator("#next")).to_have_text("Tirer le premier coup")
    expect(page.locator("#next")).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.locator("body")).to_have_attribute("data-phase", "play")
    expect(page.locator("#round")).to_have_text("Coup 1")
    expect(page.locator("#alone-word")).to_be_focused()
    assert replay.get()["draw"] == source[0]["draw"]
    checked(page)
    shoot(page, "duplicate-alone-play", "tablet", "fr")
    top = source[0]["top"]
    type_alone(page, top["word"], top["reference"], str(top["score"]))
    expect(page.locator("#ruling")).to_have_text(
        f"{top['word']} {top['reference']}valable, {top['score']} points{top['score']}"
    )
    expect(page.locator("#result-title")).to_have_text("Top du coup 1")
    expect(page.locator("#result-top")).to_have_text(
        f"{top['word']} en {top['reference']}, {top['score']} points"
    )
    expect(page.locator("#result-you")).to_have_text(
        f"Vous marquez {top['score']} sur les {top['score']} du top."
    )
    expect(page.locator("#percent")).to_have_text("100\u00a0%")
    expect(page.locator("#next")).to_be_focused()

    # Move 2: a lesser play with a wrong score; Move 3: nothing found.
    page.keyboard.press("Enter")
    expect(page.locator("#round")).to_have_text("Coup 2")
    expect(page.locator("body")).to_have_attribute("data-phase", "play")
    low = replay.best()[-1]
    ref, word = fisf(low["move"])
    type_alone(page, word, ref, str(low["score"] + 1))
    expect(page.locator("#ruling")).to_contain_text("avertissement\u00a0: score erroné")
    behind = source[1]["top"]["score"] - low["score"]
    expect(page.locator("#negatif")).to_have_text(f"\u2212{behind}" if behind else "0")
    expect(page.locator("#total")).to_have_text(str(top["score"] + low["score"]))
    expect(page.locator("#tops")).to_have_text(str(top["score"] + source[1]["top"]["score"]))
    checked(page)
    shoot(page, "duplicate-alone-result", "tablet", "fr")
    page.keyboard.press("Enter")
    expect(page.locator("#round")).to_have_text("Coup 3")
    expect(page.locator("body")).to_have_attribute("data-phase", "play")
    page.keyboard.press("Enter")  # the word left empty
    expect(page.locator("#ruling")).to_contain_text("nul\u00a0: bulletin blanc")
    rows = page.locator("#history tbody tr")
    expect(rows).to_have_count(3)
    expect(rows.first.locator("td").nth(1)).to_have_text("bulletin blanc")
    expect(rows.last.locator("td").nth(3)).to_have_text(
        f"{top['word']} {top['reference']} · {top['score']}"
    )

    # The rest of the game through the API, then the page once more: the end.
    while replay.post("draw", {})["phase"] != "over":
        if replay.post("close", {})["phase"] == "over":
            break
    page.reload()
    expect(page.locator("#round")).to_have_text("La partie est terminée")
    expect(rows).to_have_count(len(source))
    assert page.locator("#alone-form").is_hidden() and page.locator("#next").is_hidden()
    assert page.get_attribute("#again", "href") == f"/duplicate/{french.id}/alone"
    checked(page)
    shoot(page, "duplicate-alone-over", "tablet", "fr")


def test_a_dutch_game_played_again_on_a_phone(browser, contexts, live_server, dutch):
    page = open_at(
        browser, contexts, f"{dutch.server.url}/duplicate/{dutch.id}/alone", "phone", "nl"
    )
    page.fill("#name", "Sanne")
    with page.expect_navigation():
        page.click("#begin-form [type=submit]")
    replay = replay_of(page, live_server)
    page.click("#next")
    expect(page.locator("body")).to_have_attribute("data-phase", "play")
    checked(page)
    shoot(page, "duplicate-alone-play", "phone", "nl")
    # A slip sent just before the page was left: coming back closes the move.
    best = replay.best()[0]
    ref, word = fisf(best["move"])
    replay.post("slips", {"player": 0, "word": word, "reference": ref, "score": best["score"]})
    page.reload()
    expect(page.locator("#result-title")).to_have_text("Top van zet 1")
    expect(page.locator("#total")).to_have_text(str(best["score"]))
    page.click("#next")
    expect(page.locator("#round")).to_have_text("Zet 2")
    expect(page.locator("body")).to_have_attribute("data-phase", "play")
    type_alone(page, "", "", "")
    expect(page.locator("#result-title")).to_have_text("Top van zet 2")
    checked(page)
    shoot(page, "duplicate-alone-result", "phone", "nl")

    other = open_at(
        browser, contexts, f"{dutch.server.url}/duplicate/{replay.id}/alone", "phone", "nl"
    )
    expect(other.locator("#message")).to_contain_text("Dit apparaat heeft de sleutel")
    expect(other.locator("#history tbody tr")).to_have_count(2)
    assert other.locator("#next").is_hidden()


def test_a_game_still_played_cannot_be_played_again(browser, contexts, live_server):
    game = Game.create(live_server, "scrabble-fr", ["Anne"], seed="lent")
    game.post("draw", {})
    page = open_at(
        browser, contexts, f"{live_server.url}/duplicate/{game.id}/alone", "tablet", "fr"
    )
    expect(page.locator("#message")).to_have_text(
        "Cette partie n’est pas terminée\u00a0: elle pourra être rejouée une fois finie."
    )
    assert page.locator("#begin-form").is_hidden()
    room = open_at(browser, contexts, game.room_url, "tablet", "fr")
    expect(room.locator("#round")).to_have_text("Coup 1")
    assert room.locator("#alone-line").is_hidden()


def test_every_language_fits_a_phone(browser, contexts, live_server, dutch):
    status, _, made = live_server.request(
        "POST", f"/api/v1/duplicates/{dutch.id}/replays", {"player": "Sanne"}
    )
    assert status == 201, made
    replay = Game(live_server, made["id"], made["token"])
    replay.post("draw", {})
    replay.post("close", {})
    replay.post("draw", {})
    url = f"{live_server.url}/duplicate/{replay.id}/alone"
    page = open_at(browser, contexts, url, "phone", "en")
    page.evaluate(
        "([id, token]) => localStorage.setItem('adjudicator.duplicate.' + id, "
        "JSON.stringify({token}))",
        [replay.id, replay.token],
    )
    walk_languages(page, url, "duplicate-alone", "phone", "() => document.body.dataset.version")
