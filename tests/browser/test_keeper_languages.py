"""The scorekeeper page (/keep) in other languages and editions: the new-game
form in each of the page's languages, a Polish game kept in Polish, and a
Spanish game with its digraph tiles; each shot, checked for fit and by axe."""

from __future__ import annotations

import urllib.request

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import SIZES, assert_accessible, assert_fits, shoot, small_targets
from tests.browser.keeper_steps import api, cell, do, keys, shoot_sizes, start, tap, wait_preview

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("lang", ["en", "ru", "pl"])
@pytest.mark.parametrize("size", list(SIZES))
def test_the_new_game_form_fits_and_is_accessible(open_page, live_server, size, lang):
    page = open_page(live_server.url + "/keep", size=size, lang=lang)
    page.wait_for_selector("#setup:not([hidden])")
    expected = {"en": "scrabble-en", "ru": "erudite-ru", "pl": "scrabble-pl"}[lang]
    assert page.input_value("#ruleset").split("-")[1] == expected.split("-")[1]
    assert_fits(page)
    assert_accessible(page)
    assert small_targets(page) == []
    shoot(page, "keeper-new", size, lang)


def test_a_polish_game_kept_in_polish(open_page, live_server):
    """A Polish club: the page in Polish, the Polish ruleset, its letters on the keys."""
    page, id_ = start(open_page, live_server.url, "scrabble-pl", ["Ola", "Jan"], lang="pl")
    assert page.text_content("#scores .status").startswith("Ruch: Ola")
    tap(page, 7, 4)
    keys(page, "ŻÓŁW")
    wait_preview(page)
    assert "28" in page.text_content("#preview .score")  # (Ż 5 + Ó 5 + Ł 3 + W 1) x2
    assert do(page, "#commit").status == 201
    assert do(page, "#pass").status == 201
    expect(page.locator("#scores .status")).to_contain_text("Ruch: Ola")  # after the redraw
    _, game = api(live_server, "GET", f"/api/v1/games/{id_}")
    assert game["scores"] == [28, 0] and game["board"][7][4:8] == "ŻÓŁW"
    shoot_sizes(page, "keeper-game", "pl")
    assert_accessible(page)


def test_a_spanish_game_takes_its_digraph_tiles_from_the_keys(open_page, live_server):
    """CH, LL and RR are tiles of their own: their keys show them without brackets,
    and a play with them scores as the made game of tests/data/games does."""
    page, id_ = start(open_page, live_server.url, "scrabble-es", ["Ana", "Luis"])
    assert page.text_content('#keys [data-letter="[CH]"]') == "CH"
    tap(page, 7, 6)
    for label in ("[CH]", "I", "C", "O"):
        page.click(f'#keys [data-letter="{label}"]')
    wait_preview(page)
    assert "20" in page.text_content("#preview .score")  # (CH 5 + I 1 + C 3 + O 1) x2
    assert do(page, "#commit").status == 201
    tap(page, 4, 9)
    tap(page, 4, 9)  # down
    for label in ("P", "E", "[RR]"):
        page.click(f'#keys [data-letter="{label}"]')
    wait_preview(page)
    assert "15" in page.text_content("#preview .score")  # P 3, E 1 x3 (3L), RR 8, O 1
    do(page, "#commit")
    _, game = api(live_server, "GET", f"/api/v1/games/{id_}")
    assert game["scores"] == [20, 15]
    assert cell(page, 7, 6).locator(".l").text_content() == "CH"
    text = urllib.request.urlopen(live_server.url + f"/api/v1/games/{id_}.gcg").read().decode()
    assert "8G [CH]ICO +20" in text and "J5 PE[RR]. +15" in text
    shoot_sizes(page, "keeper-spanish", "en", ("tablet", "phone"))
    assert_accessible(page)
