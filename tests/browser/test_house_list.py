"""The house list at the judge's table, in headless Chromium: with the admin key,
a ruling's words can be added to the house list or removed by it, with why,
and undone; the house list's page lists the entries and their history and
undoes one. Screenshots: judge-house-<size>-<lang>.png, house-<size>-<lang>.png."""

from __future__ import annotations

import json
import time
import urllib.error
import urllib.parse
import urllib.request

import pytest

from adjudicator.services.house_lists import create_house_list
from adjudicator.services.registry import open_registry
from adjudicator.settings import Settings
from tests.browser.conftest import assert_accessible, assert_fits, shoot, small_targets
from tests.conftest import CONFIG, LEXICONS, running_gunicorn

pytestmark = pytest.mark.browser

ADMIN = "director-key"


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """A server with an (empty) Erudite house list, club-ru, made before it starts."""
    tmp = tmp_path_factory.mktemp("house")
    data = tmp / "data"
    settings = Settings.from_env(
        env={"ADJUDICATOR_DATA_DIR": str(data)}, config_dir=CONFIG, lexicon_dir=LEXICONS
    )
    create_house_list(
        settings, open_registry(settings), "club-ru", "ru-erudite", by="admin", why="our club"
    )
    env = {"ADJUDICATOR_DATA_DIR": str(data), "ADJUDICATOR_ADMIN_KEY": ADMIN}
    with running_gunicorn(tmp, **env) as (url, _):
        yield url


def verdict(url: str, word: str) -> dict:
    query = urllib.parse.urlencode({"ruleset": "erudite-ru", "lexicon": "club-ru"})
    path = f"{url}/api/v1/words/{urllib.parse.quote(word)}?{query}"
    with urllib.request.urlopen(path, timeout=10) as resp:
        return json.load(resp)


def served(url: str, word: str, valid: bool) -> dict:
    """The verdict once every worker serves the edit (each within a second of
    its next request): asked until it says ``valid``, for at most 10 s."""
    deadline = time.monotonic() + 10
    while (answer := verdict(url, word))["valid"] is not valid:
        assert time.monotonic() < deadline, answer
        time.sleep(0.1)
    return answer


def ruling(page, words: str):
    page.fill("#words", words)
    with page.expect_response("**/api/v1/challenges") as info:
        page.click("#judge")
    page.wait_for_selector("#result:not([hidden])")
    return info.value


def with_admin_key(page) -> None:
    page.select_option("#ruleset", "erudite-ru")
    page.select_option("#lexicon", "club-ru")
    page.fill("#admin-key", ADMIN)
    page.dispatch_event("#admin-key", "change")
    assert page.input_value("#admin-key") == ""  # never left on show


def row(page, word: str):
    return page.locator("#house-words li", has_text=word)


@pytest.mark.parametrize(("size", "lang"), [("tablet", "en"), ("phone", "ru")])
def test_add_a_word_after_a_ruling_then_undo_it(open_page, server, size, lang):
    page = open_page(server + "/judge", size, lang)
    with_admin_key(page)
    word = "АМБАРУШКА" if lang == "en" else "АВТОРША"
    response = ruling(page, f"{word.lower()} кот")
    assert response.status == 201 and response.json()["words"][0]["valid"] is False
    # The players see the ruling only; the house list waits behind its button.
    assert page.is_visible("#house-open") and page.is_hidden("#house-panel")
    assert page.get_attribute("#house-open", "aria-expanded") == "false"
    page.click("#house-open")
    assert page.get_attribute("#house-open", "aria-expanded") == "true"
    shown = row(page, word)
    assert "\u2717" in shown.inner_text() and shown.locator("button.house-action").is_visible()
    assert "\u2713" in row(page, "КОТ").inner_text()
    shown.locator("button.house-action").click()
    shown.locator("form.house-form button[type=submit]").click()  # no reason yet: asked for
    assert shown.locator(".house-status").inner_text() != ""
    assert verdict(server, word)["valid"] is False
    shown.locator("input").fill("Ожегов, 1990, с. 25")
    page.keyboard.press("Space")  # typing does not dismiss the verdict
    shown.locator("input").fill("Ожегов, 1990, с. 25")
    with page.expect_response("**/entries") as info:
        shown.locator("form.house-form button[type=submit]").click()
    assert info.value.status == 201
    status = shown.locator(".house-status")
    status.locator("button").wait_for()
    assert word in status.inner_text() and "club-ru" in status.inner_text()
    assert page.is_visible("#result")  # still on the verdict
    assert served(server, word, True)["house"]["why"] == "Ожегов, 1990, с. 25"
    assert_fits(page)
    assert_accessible(page)
    assert small_targets(page) == []
    shoot(page, "judge-house", size, lang)
    with page.expect_response("**/undo") as undone:
        status.locator("button").click()
    assert undone.value.status == 201
    served(server, word, False)
    assert shown.locator("button.house-action").is_visible()  # it can be added again


def test_remove_a_word_and_undo_it_on_the_house_list_page(open_page, server):
    page = open_page(server + "/judge", "tablet", "en")
    with_admin_key(page)
    # The settings link to the house list in use.
    assert page.get_attribute("#house-page", "href") == "/judge/house/club-ru"
    assert page.text_content("#house-page") == "House list club-ru"
    page.select_option("#lexicon", "ru-erudite")
    assert page.is_hidden("#house-page")  # erudite-ru names no house list of its own
    page.select_option("#lexicon", "club-ru")
    ruling(page, "кошка")
    page.click("#house-open")
    shown = row(page, "КОШКА")
    assert shown.locator("button.house-action").inner_text() == "Remove via the house list"
    shown.locator("button.house-action").click()
    shown.locator("input").fill("the committee, November")
    with page.expect_response("**/entries"):
        shown.locator("form.house-form button[type=submit]").click()
    shown.locator(".house-status button").wait_for()
    struck = served(server, "кошка", False)
    assert struck["reason"]["code"] == "removed-by-house-list"
    # The house list's page, in the same tab (the admin key stays with it).
    page.click("#house-link")
    page.wait_for_selector("main.house")
    entry = page.locator(".entries li", has_text="КОШКА")
    assert "the committee, November" in entry.inner_text() and "Removed" in entry.inner_text()
    assert "Made on ru-erudite" in page.inner_text(".history")
    with page.expect_navigation():
        entry.locator("button.undo").click()
    assert page.locator(".entries li", has_text="КОШКА").count() == 0
    assert "undone by entry" in page.inner_text(".history")
    served(server, "кошка", True)


def an_entry(server: str) -> None:
    """ЁЛОЧНИК added, unless a test before on this server added it."""
    entry = {"word": "ёлочник", "action": "add", "why": "Даль, т. 2", "ruleset": "erudite-ru"}
    request = urllib.request.Request(
        f"{server}/api/v1/house-lists/club-ru/entries",
        data=json.dumps(entry).encode(),
        headers={"Content-Type": "application/json", "Authorization": f"Bearer {ADMIN}"},
    )
    try:
        urllib.request.urlopen(request, timeout=10).close()
    except urllib.error.HTTPError as exc:
        assert exc.code == 409  # added by an earlier test


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("size", ["tablet", "phone"])
def test_the_house_list_page_at_every_size(open_page, server, size, lang):
    an_entry(server)
    page = open_page(server + "/judge/house/club-ru", size, lang)
    assert page.locator(".entries button.undo").count() == 1
    assert page.get_attribute("html", "lang") == lang
    if lang == "ru":
        assert page.text_content("h1") == "Клубный список club-ru"
    assert_fits(page)
    assert_accessible(page)
    assert small_targets(page) == []
    shoot(page, "house", size, lang)


def test_without_the_admin_key_nothing_is_revealed(open_page, server):
    page = open_page(server + "/judge", "tablet", "en")
    page.select_option("#ruleset", "erudite-ru")
    response = ruling(page, "кот амбарушка")
    assert '"valid"' not in response.text() and page.is_hidden("#house")


def test_undo_without_the_admin_key_asks_for_it(open_page, server):
    an_entry(server)  # (it ran only if an earlier test had left an entry)
    page = open_page(server + "/judge/house/club-ru", "tablet", "en")
    page.locator("button.undo").first.click()
    assert "admin key" in page.text_content("#message")
    assert page.locator("button.undo").count() == 1  # nothing undone


@pytest.mark.parametrize(("size", "lang"), [("tablet", "en"), ("phone", "ru")])
def test_the_settings_with_a_house_list(open_page, server, size, lang):
    page = open_page(server + "/judge", size, lang)
    page.select_option("#ruleset", "erudite-ru")
    page.select_option("#lexicon", "club-ru")
    assert page.is_visible("#house-page")
    assert_fits(page)
    assert_accessible(page)
    assert small_targets(page) == []
    shoot(page, "judge-settings-house", size, lang)
