"""The scorekeeper page (/keep) in other languages and editions: the new-game
form in each of the page's languages, the language switch open on a phone, a
Polish game kept in Polish, a game of every other edition kept in its language,
and a Spanish game with its digraph tiles; each shot, checked for fit and by axe."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import (
    LANGUAGES,
    SIZES,
    assert_accessible,
    assert_fits,
    shoot,
    small_targets,
)
from tests.browser.keeper_steps import api, do, keys, shoot_sizes, start, tap, wait_preview

pytestmark = pytest.mark.browser

# English, Russian and Polish games are kept in test_keeper.py and below.
EDITIONS = [lang for lang in LANGUAGES if lang not in ("en", "ru", "pl")]


# The form at every size in the languages kept at every size below and in
# test_keeper.py; in the others on a phone, where a long word would not fit.
FORMS = [(size, lang) for lang in ("en", "ru", "pl") for size in SIZES] + [
    ("phone", lang) for lang in EDITIONS
]


@pytest.mark.parametrize(("size", "lang"), FORMS)
def test_the_new_game_form_fits_and_is_accessible(open_page, live_server, size, lang):
    page = open_page(live_server.url + "/keep", size=size, lang=lang)
    page.wait_for_selector("#setup:not([hidden])")
    assert page.get_attribute("html", "lang") == lang
    assert page.input_value("#ruleset").split("-")[1] == lang  # the reader's edition first
    assert_fits(page)
    assert_accessible(page)
    assert small_targets(page) == []
    shoot(page, "keeper-new", size, lang)


def test_the_language_switch_opens_within_a_phone(open_page, live_server):
    page = open_page(live_server.url + "/keep", size="phone", lang="uk")
    page.wait_for_selector("#setup:not([hidden])")
    assert page.text_content("nav.languages summary") == "Українська"
    assert page.is_hidden("nav.languages a[lang=fr]")
    page.click("nav.languages summary")
    links = page.locator("nav.languages a")
    assert links.count() == len(LANGUAGES) and page.is_visible("nav.languages a[lang=fr]")
    assert_fits(page)
    assert small_targets(page) == []
    assert_accessible(page)
    shoot(page, "keeper-languages", "phone", "uk")
    page.keyboard.press("Escape")  # closes it, and the focus stays on it
    assert page.is_hidden("nav.languages a[lang=fr]")
    assert page.evaluate("document.activeElement.tagName") == "SUMMARY"
    page.click("nav.languages summary")
    page.mouse.click(10, 600)  # a tap elsewhere closes it too
    assert page.is_hidden("nav.languages a[lang=fr]")
    page.click("nav.languages summary")
    page.click("nav.languages a[lang=fr]")
    page.wait_for_url("**/keep?lang=fr")
    assert page.text_content("nav.languages summary") == "Français"


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


@pytest.mark.parametrize("lang", EDITIONS)
def test_a_game_of_each_edition_is_kept_in_its_language(open_page, live_server, lang):
    """Each edition's club: its ruleset kept in its language, at every size."""
    page, id_ = start(open_page, live_server.url, f"scrabble-{lang}", ["Ana", "Bo"], lang=lang)
    assert page.get_attribute("html", "lang") == lang
    # A first play off the start square: the reason in the club's language, once.
    tap(page, 0, 0)
    page.locator("#keys .key").nth(0).click()
    page.locator("#keys .key").nth(1).click()
    page.wait_for_selector("#square-error:not(:empty)")
    reason = page.text_content("#square-error")
    assert "8H" in reason and "first play" not in reason
    assert reason not in page.text_content("#preview") + page.text_content("#message")
    shoot(page, "keeper-problem", "tablet", lang)
    assert do(page, "#pass").status == 201
    _, game = api(live_server, "GET", f"/api/v1/games/{id_}")
    assert game["turn"] == 1
    shoot_sizes(page, "keeper-game", lang)
    assert small_targets(page) == []
    assert_accessible(page)
