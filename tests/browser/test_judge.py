"""The judge page in headless Chromium (Debian's chromium, driven by Playwright)."""

from __future__ import annotations

import os
import time
import urllib.request
from pathlib import Path

import pytest

from tests.conftest import ROOT, running_gunicorn

CHROMIUM = Path("/usr/bin/chromium")
ARTIFACTS = ROOT / "artifacts"

pytestmark = pytest.mark.browser

if not CHROMIUM.exists():
    if os.environ.get("ADJUDICATOR_REQUIRE_BROWSER"):
        raise RuntimeError("ADJUDICATOR_REQUIRE_BROWSER is set but /usr/bin/chromium is missing")
    pytest.skip("Debian chromium is not installed", allow_module_level=True)

sync_api = pytest.importorskip("playwright.sync_api")


@pytest.fixture(scope="module")
def browser():
    with sync_api.sync_playwright() as pw:
        browser = pw.chromium.launch(
            executable_path=str(CHROMIUM),
            args=[
                "--no-sandbox",
                "--disable-gpu",
                "--disable-quic",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
            ],
        )
        yield browser
        browser.close()


@pytest.fixture()
def page(browser, live_server):
    context = browser.new_context(viewport={"width": 1024, "height": 700})
    page = context.new_page()
    page.goto(live_server.url + "/judge")
    yield page
    context.close()


def judge(page, ruleset: str, words: str):
    page.select_option("#ruleset", ruleset)
    page.fill("#words", words)
    with page.expect_response("**/api/v1/challenges") as info:
        page.click("#judge")
    page.wait_for_selector("#result:not([hidden])")
    return info.value


def test_acceptable_play(page):
    response = judge(page, "scrabble-en", "qi za\njo")
    assert response.status == 201
    assert page.text_content("#verdict") == "\u2713 ACCEPTABLE"
    assert page.get_attribute("#result", "class") == "acceptable"
    assert page.text_content("#result-words") == "QI ZA JO"
    assert page.text_content("#result-lexicon").startswith("Lexicon en-enable ")
    assert page.text_content("#announce").startswith("Acceptable.")
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "judge-acceptable.png"))


def test_unacceptable_multi_word_play_names_no_word(page):
    response = judge(page, "scrabble-en", "QI ZQX ZA")
    assert '"valid"' not in response.text()
    assert page.text_content("#verdict") == "\u2717 UNACCEPTABLE"
    assert page.get_attribute("#result", "class") == "unacceptable"
    # All words as entered, in order, and nothing that singles one out.
    assert page.text_content("#result-words") == "QI ZQX ZA"
    lexicon = page.text_content("#result-lexicon")
    shown = [line for line in page.inner_text("#result").splitlines() if line.strip()]
    assert shown == ["\u2717 UNACCEPTABLE", "QI ZQX ZA", lexicon, "Press any key to continue"]
    assert page.text_content("#announce") == f"Unacceptable. QI ZQX ZA. {lexicon}."
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "judge-unacceptable.png"))


def test_cyrillic_words(page):
    judge(page, "erudite-ru", "ёлка елка кошка")
    assert page.text_content("#verdict") == "\u2713 ACCEPTABLE"
    assert page.text_content("#result-words") == "ЁЛКА ЕЛКА КОШКА"


def test_clear_down_on_key_after_half_a_second(page):
    judge(page, "scrabble-en", "QI")
    page.keyboard.press("x")  # within 0.5 s: ignored
    assert page.is_visible("#result")
    time.sleep(0.6)
    page.keyboard.press("x")
    page.wait_for_selector("#result", state="hidden")
    assert page.input_value("#words") == ""
    assert page.evaluate("document.activeElement.id") == "words"


def test_clear_down_after_ten_seconds(page):
    judge(page, "scrabble-en", "QI")
    shown = time.monotonic()
    page.wait_for_selector("#result", state="hidden", timeout=12_000)
    assert 9.5 <= time.monotonic() - shown <= 12


def test_unknown_letter_is_explained(page):
    page.select_option("#ruleset", "erudite-ru")
    page.fill("#words", "стoл")  # Latin o
    page.click("#judge")
    page.wait_for_selector("#message:not(:empty)")
    assert "position 2" in page.text_content("#message")
    assert page.is_hidden("#result")


def test_pin_lock(page):
    page.select_option("#ruleset", "erudite-ru")
    page.once("dialog", lambda d: d.accept("2468"))
    page.click("#lock")
    assert page.is_hidden("#setup") and page.is_visible("#locked-banner")
    page.reload()  # the lock survives a reload
    assert page.is_hidden("#setup")
    page.once("dialog", lambda d: d.accept("1111"))
    page.click("#unlock")
    assert page.text_content("#message") == "Wrong PIN."
    assert page.is_hidden("#setup")
    page.once("dialog", lambda d: d.accept("2468"))
    page.click("#unlock")
    assert page.is_visible("#setup")
    assert page.input_value("#ruleset") == "erudite-ru"


def test_security_headers(live_server):
    with urllib.request.urlopen(live_server.url + "/judge") as resp:
        csp = resp.headers["Content-Security-Policy"]
        body = resp.read().decode()
    assert "default-src 'self'" in csp
    assert "http" not in body.replace(live_server.url, "")  # no external assets


@pytest.fixture(scope="module")
def keyed_url(tmp_path_factory):
    """A server that needs client keys: the judge page asks for one."""
    env = {"ADJUDICATOR_API_KEYS": "judge:kiosk-key-1,club:club-key-2"}
    with running_gunicorn(tmp_path_factory.mktemp("keyed"), **env) as (url, _):
        yield url


def test_client_key_entered_by_the_director(browser, keyed_url):
    context = browser.new_context(viewport={"width": 1024, "height": 700})
    page = context.new_page()
    page.goto(keyed_url + "/judge")
    assert page.is_visible("#key")
    page.select_option("#ruleset", "scrabble-en")
    page.fill("#words", "qi")
    page.click("#judge")  # no key yet: refused before any request, and said so
    page.wait_for_selector("#message:not(:empty)")
    assert "needs a client key" in page.text_content("#message")
    assert page.is_hidden("#result")

    page.fill("#key", "wrong-key")
    page.dispatch_event("#key", "change")
    response = judge_attempt(page)
    assert response.status == 403 and "needs a client key" in page.text_content("#message")

    page.fill("#key", "kiosk-key-1")
    page.dispatch_event("#key", "change")
    assert page.input_value("#key") == ""  # never left on show
    response = judge(page, "scrabble-en", "qi")
    assert response.status == 201
    assert page.text_content("#verdict") == "\u2713 ACCEPTABLE"
    saved = context.storage_state()["origins"]  # localStorage, read without page scripts
    assert saved and "kiosk-key-1" not in repr(saved)

    page.reload()  # the key stays with this tab
    assert judge(page, "scrabble-en", "qi").status == 201
    context.close()


def judge_attempt(page):
    with page.expect_response("**/api/v1/challenges") as info:
        page.click("#judge")
    page.wait_for_selector("#message:not(:empty)")
    return info.value
