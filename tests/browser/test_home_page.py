"""The front page (/) at tablet and phone sizes: it fits, is accessible, links
every page with targets big enough to tap, and reads in the reader's language
(screenshots: home-<size>-<lang>.png)."""

from __future__ import annotations

import pytest

from tests.browser.conftest import (
    LANGUAGES,
    SIZES,
    assert_accessible,
    assert_fits,
    choose_language,
    shoot,
    small_targets,
)

pytestmark = pytest.mark.browser

# /readyz and /healthz are links inside a sentence, which WCAG's target size excepts.
IN_A_SENTENCE = ".monitoring a"


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("size", list(SIZES))
def test_front_page_fits_and_is_accessible(open_page, live_server, size, lang):
    page = open_page(live_server.url + "/", size, lang)
    assert page.get_attribute("html", "lang") == lang
    assert page.title() == "adjudicator"
    assert page.locator(".service.ready").count() == 1
    assert_fits(page)
    assert_accessible(page)
    assert small_targets(page, IN_A_SENTENCE) == []
    shoot(page, "home", size, lang)
    page.click("nav.languages summary")  # the switch open, over the page
    assert_accessible(page)


def test_front_page_leads_to_the_keeper_in_the_chosen_language(open_page, live_server):
    page = open_page(live_server.url + "/", "phone", "en")
    with page.expect_navigation():
        choose_language(page, "de")
    assert "Punktezähler" in page.inner_text(".pages")
    with page.expect_navigation():
        page.click(".pages a[href='/keep']")
    assert page.url.endswith("/keep") and page.get_attribute("html", "lang") == "de"


def test_front_page_in_every_language_at_phone_size(open_page, live_server):
    """The longest words of each language still fit a phone (home-phone-<lang>.png)."""
    page = open_page(live_server.url + "/", "phone", "en")
    for lang in LANGUAGES:
        page.goto(f"{live_server.url}/?lang={lang}")
        assert page.get_attribute("html", "lang") == lang
        assert_fits(page)
        assert small_targets(page, IN_A_SENTENCE) == [], lang
        shoot(page, "home", "phone", lang)
