"""After the game (issue 36): the keeper's optional rack with a play, a pass or
an exchange.  Screenshots: keeper-rack-* at tablet and phone size."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import expect

from tests.browser.keeper_steps import api, do, shoot_view, start, tap, wait_preview

pytestmark = pytest.mark.browser


def sent(response) -> dict:
    """The event a keeper's entry sent."""
    return json.loads(response.request.post_data)


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
    return page, id_


@pytest.mark.parametrize("size", ["tablet", "phone"])
def test_the_rack_field_is_optional_and_a_play_keeps_its_rack(open_page, live_server, size):
    page, id_ = keep_a_game_with_racks(open_page, live_server, size)
    _, game = api(live_server, "GET", f"/api/v1/games/{id_}")
    racks = [h.get("rack") for h in game["history"] if h["type"] in ("play", "pass", "exchange")]
    assert racks == ["WINDYAE", "SXAEIRT", "ZZ", "QI", None]
