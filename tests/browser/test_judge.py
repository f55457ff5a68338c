"""The judge page in headless Chromium (Debian's chromium, driven by Playwright):
the ruling, the PIN lock, the client key; its languages (English, Russian,
Polish), its default ruleset, and its layout, keyboard use and accessibility
at the three sizes (screenshots: judge-<size>-<lang>.png)."""

from __future__ import annotations

import datetime as dt
import os
import time
import urllib.request
from pathlib import Path

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
from tests.conftest import ROOT, running_gunicorn

CHROMIUM = Path("/usr/bin/chromium")
ARTIFACTS = ROOT / "artifacts"

pytestmark = pytest.mark.browser

if not CHROMIUM.exists():
    if os.environ.get("ADJUDICATOR_REQUIRE_BROWSER"):
        raise RuntimeError("ADJUDICATOR_REQUIRE_BROWSER is set but /usr/bin/chromium is missing")
    pytest.skip("Debian chromium is not installed", allow_module_level=True)

sync_api = pytest.importorskip("playwright.sync_api")


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
    # Under the rule, what the ruling means for the players (double: a lost turn).
    assert page.text_content("#result-rule") == "Double challenge rule"
    assert page.text_content("#result-outcome") == (
        "The play stands; the challenger loses their next turn."
    )
    assert page.text_content("#announce").startswith(
        "Acceptable. QI ZA JO. The play stands; the challenger loses their next turn. Lexicon"
    )
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
    withdrawn = "The play is withdrawn and scores nothing; the challenged player's turn is over."
    assert shown == [
        "\u2717 UNACCEPTABLE",
        "QI ZQX ZA",
        "Double challenge rule",
        withdrawn,
        lexicon,
        "Tap or press any key to continue",
    ]
    said = f"Unacceptable. QI ZQX ZA. {withdrawn[:-1]}. {lexicon}."
    assert page.text_content("#announce") == said
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "judge-unacceptable.png"))


def test_cyrillic_words(page):
    judge(page, "erudite-ru", "ёлка елка кошка")
    assert page.text_content("#verdict") == "\u2713 ACCEPTABLE"
    assert page.text_content("#result-words") == "ЁЛКА ЕЛКА КОШКА"


@pytest.mark.parametrize(
    ("ruleset", "words", "shown"),
    [
        ("scrabble-es", "chico llave perro", "CHICO LLAVE PERRO"),
        ("scrabble-de", "Straße Häuser", "STRASSE HÄUSER"),
        ("scrabble-fr", "été cœur", "ÉTÉ CŒUR"),
        ("scrabble-uk", "м’ясо ґанок", "М’ЯСО ҐАНОК"),
    ],
)
def test_the_editions_are_judged_on_their_own_lexicons(page, ruleset, words, shown):
    judge(page, ruleset, words)
    assert page.text_content("#verdict") == "\u2713 ACCEPTABLE"
    assert page.text_content("#result-words") == shown
    assert page.text_content("#result-lexicon").startswith(f"Lexicon {ruleset[9:]}-hunspell ")
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"judge-{ruleset}.png"))


def test_clear_down_on_key_after_half_a_second(page):
    # The page's clock stands still while the verdict shows, so "within 0.5 s"
    # holds however slow the machine is; then it moves on 0.6 s.
    page.clock.install(time=dt.datetime(2026, 1, 1, tzinfo=dt.UTC))
    page.reload()
    page.clock.pause_at(dt.datetime(2026, 1, 1, 0, 1, tzinfo=dt.UTC))
    judge(page, "scrabble-en", "QI")
    page.keyboard.press("x")  # within 0.5 s: ignored
    assert page.is_visible("#result")
    page.clock.run_for(600)
    page.keyboard.press("x")
    page.wait_for_selector("#result", state="hidden")
    assert page.input_value("#words") == ""
    assert page.evaluate("document.activeElement.id") == "words"


def test_a_tap_dismisses_the_verdict(browser, live_server):
    context = browser.new_context(viewport={"width": 768, "height": 1024}, has_touch=True)
    page = context.new_page()
    page.goto(live_server.url + "/judge")
    judge(page, "scrabble-en", "QI")
    time.sleep(0.6)  # the same grace as a key's (the key test checks it)
    page.tap("#verdict")
    page.wait_for_selector("#result", state="hidden", timeout=2_000)
    assert page.input_value("#words") == "" and page.text_content("#message") == ""
    context.close()


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
    # Counted from 1, as in every other language (the API's position counts from 0).
    assert page.text_content("#message") == (
        "\u201co\u201d (character 3 of \u201cстoл\u201d) is not a letter of this game. "
        "Check the keyboard layout."
    )
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


# --- languages, default ruleset, layout, keyboard and accessibility ---

# Every control the page offers, as it is reached with Tab (the ids, or a link's language).
CONTROLS = [
    "lang:en",
    "ruleset",
    "lexicon",
    "station",
    "admin-key",
    "lock",
    "words",
]  # "en": the switch
FOCUSED = """() => { const e = document.activeElement, s = getComputedStyle(e);
  return { id: e.id || `lang:${e.getAttribute('lang')}`, style: s.outlineStyle,
           width: parseFloat(s.outlineWidth) }; }"""


def assert_touch_targets(page) -> None:
    """Every visible control is at least 44x44 CSS pixels."""
    assert small_targets(page) == []


def text_of(page) -> str:
    return page.inner_text("body")


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("size", list(SIZES))
def test_judge_fits_every_size_in_both_languages(open_page, live_server, size, lang):
    page = open_page(live_server.url + "/judge", size, lang)
    assert page.get_attribute("html", "lang") == lang
    assert_fits(page)
    assert_accessible(page)
    assert_touch_targets(page)
    menu = page.locator("#ruleset").bounding_box()
    assert menu["x"] >= 0 and menu["x"] + menu["width"] <= SIZES[size][0]  # not cut off
    shoot(page, "judge", size, lang)

    judge(page, page.input_value("#ruleset"), "кот" if lang == "ru" else "qi")
    for part in ("#verdict", "#result-outcome"):
        shown = page.locator(part).bounding_box()
        assert shown["x"] >= 0 and shown["x"] + shown["width"] <= SIZES[size][0], part
        assert shown["y"] >= 0 and shown["y"] + shown["height"] <= SIZES[size][1], part
    assert_fits(page)
    assert_accessible(page)
    shoot(page, "judge-verdict", size, lang)


def test_a_russian_browser_gets_russian_and_a_russian_ruleset(open_page, live_server):
    page = open_page(live_server.url + "/judge", "tablet", "ru-RU")
    assert page.get_attribute("html", "lang") == "ru"
    assert page.title() == "Проверка слов"
    assert page.text_content("h1") == "Проверка слов"
    assert page.input_value("#ruleset") == "erudite-ru"
    assert page.input_value("#lexicon") == "ru-erudite"
    labels = page.eval_on_selector_all("#ruleset optgroup", "gs => gs.map((g) => g.label)")
    # The reader's language first, then the others by their Russian names.
    assert labels[0] == "Русский" and labels[1:] == sorted(labels[1:]) and len(labels) == 12
    assert {"Английский", "Немецкий", "Испанский", "Украинский"} <= set(labels)
    titles = page.eval_on_selector_all("#ruleset option", "os => os.map((o) => o.textContent)")
    assert "Эрудит" in titles and "Английский скрэббл" in titles
    for english in ("Word judge", "Ruleset", "Lexicon", "Lock with PIN", "Judge"):
        assert english not in text_of(page)

    judge(page, "erudite-ru", "кот")
    assert page.text_content("#verdict") == "\u2713 ДОПУСТИМО"  # text and symbol, not colour alone
    assert page.text_content("#result-lexicon").startswith("Словарь ru-erudite ")
    assert page.text_content("#announce").startswith(
        "Допустимо. КОТ. Ход остаётся в силе; никто не штрафуется. Словарь"
    )
    assert page.text_content(".hint") == (
        "Коснитесь экрана или нажмите любую клавишу, чтобы продолжить"
    )
    # Erudite's single challenge: the play stands and nobody is penalised, said so.
    assert page.text_content("#result-rule") == "Правило: одинарное оспаривание"
    assert page.text_content("#result-outcome") == "Ход остаётся в силе; никто не штрафуется."
    time.sleep(0.6)
    page.keyboard.press("x")
    judge(page, "erudite-ru", "кот ккккк")
    assert page.text_content("#verdict") == "\u2717 НЕДОПУСТИМО"
    assert page.get_attribute("#result", "class") == "unacceptable"


def test_a_latin_letter_in_a_russian_word_is_explained_in_russian(open_page, live_server):
    page = open_page(live_server.url + "/judge", "tablet", "ru")
    page.fill("#words", "стoл")  # Latin o
    page.click("#judge")
    page.wait_for_selector("#message:not(:empty)")
    assert page.text_content("#message") == (
        "«o» (знак 3 в «стoл») — не буква этой игры. Проверьте раскладку клавиатуры."
    )


def test_an_english_browser_opens_on_english_scrabble(page):
    assert page.get_attribute("html", "lang") == "en"
    assert page.input_value("#ruleset") == "scrabble-en"  # not scrabble-en-9, first by name
    labels = page.eval_on_selector_all("#ruleset optgroup", "gs => gs.map((g) => g.label)")
    assert labels[0] == "English" and labels[1:] == sorted(labels[1:])
    assert {"Russian", "German", "Spanish", "Ukrainian"} <= set(labels)


def test_a_polish_browser_gets_polish(open_page, live_server):
    page = open_page(live_server.url + "/judge", "phone", "pl")
    assert page.text_content("h1") == "Sędzia słów"
    assert page.input_value("#ruleset") == "scrabble-pl"  # a Polish ruleset, with its lexicon
    judge(page, "scrabble-pl", "żółw źdźbło")
    assert page.text_content("#verdict") == "\u2713 DOPUSZCZALNE"
    assert_fits(page)


def test_the_language_switch_changes_and_sticks(open_page, live_server):
    page = open_page(live_server.url + "/judge", "tablet", "en")
    assert page.text_content("h1") == "Word judge"
    assert page.get_attribute("nav.languages a[lang=en]", "aria-current") == "true"
    choose_language(page, "ru")
    page.wait_for_url("**/judge?lang=ru")
    assert page.text_content("h1") == "Проверка слов"
    assert page.input_value("#ruleset") == "erudite-ru"
    assert page.get_attribute("nav.languages a[lang=ru]", "aria-current") == "true"
    page.goto(live_server.url + "/judge")  # no ?lang=: the choice is kept (a cookie)
    assert page.text_content("h1") == "Проверка слов"
    page.goto(live_server.url + "/docs")
    assert page.text_content("h1") == "API adjudicator"
    page.goto(live_server.url + "/judge?lang=pl")
    page.goto(live_server.url + "/judge")
    assert page.text_content("h1") == "Sędzia słów"


@pytest.mark.parametrize("size", ["portrait", "phone"])
def test_the_judge_fits_in_every_language(open_page, live_server, size):
    page = open_page(live_server.url + "/judge", size, "en")
    walk_languages(page, live_server.url + "/judge", "judge", size)


@pytest.mark.parametrize("size", list(SIZES))
def test_every_control_is_reached_by_keyboard_with_visible_focus(open_page, live_server, size):
    page = open_page(live_server.url + "/judge", size, "en")
    page.click("h1")  # start from the top of the page, not from the words (autofocus)
    reached = []
    for _ in range(len(CONTROLS) + 1):
        page.keyboard.press("Tab")
        focused = page.evaluate(FOCUSED)
        reached.append(focused["id"])
        assert focused["style"] != "none" and focused["width"] >= 2, focused
    assert reached == [*CONTROLS, "judge"]


@pytest.mark.parametrize("size", ["tablet", "phone"])
def test_a_stand_in_lexicon_is_shown_on_the_page(open_page, live_server, size):
    """NASPA rules without NWL2023 loaded: ENABLE answers, and the page says so."""
    page = open_page(live_server.url + "/judge", size, "en")
    assert page.is_hidden("#stand-in")
    page.select_option("#ruleset", "scrabble-en-naspa")
    banner = page.locator("#stand-in")
    assert banner.is_visible()
    assert "en-enable stands in for nwl2023" in banner.inner_text()
    assert_fits(page)
    assert_accessible(page)
    shoot(page, "judge-stand-in", size, "en")
    response = judge(page, "scrabble-en-naspa", "qi")
    assert response.json()["lexicon"]["stand_in"] is True
    assert "(stand-in for nwl2023)" in page.text_content("#result-lexicon")
    page.keyboard.press("Escape")
    page.select_option("#ruleset", "scrabble-en")
    assert page.is_hidden("#stand-in")
