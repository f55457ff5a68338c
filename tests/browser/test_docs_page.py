"""The /docs page renders the OpenAPI document offline, under its Content-Security-Policy;
its own words are translated, and it fits and is accessible at the three sizes
(screenshots: docs-<size>-<lang>.png)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.browser.conftest import SIZES, assert_accessible, assert_fits, choose_language, shoot

CHROMIUM = Path("/usr/bin/chromium")
# Controls under 44x44 CSS pixels: ours (the language switch) and Swagger UI's;
# links inside a sentence are excepted, as WCAG excepts them.
SMALL_TARGETS = """() => [...document.querySelectorAll('button, select, input, nav a')]
  .filter((e) => e.getClientRects().length && e.tabIndex >= 0)
  .map((e) => [e.outerHTML.slice(0, 60), e.getBoundingClientRect()])
  .filter(([, r]) => r.width < 44 || r.height < 44)
  .map(([what, r]) => `${what} ${Math.round(r.width)}x${Math.round(r.height)}`)"""

pytestmark = pytest.mark.browser

if not CHROMIUM.exists():
    if os.environ.get("ADJUDICATOR_REQUIRE_BROWSER"):
        raise RuntimeError("ADJUDICATOR_REQUIRE_BROWSER is set but /usr/bin/chromium is missing")
    pytest.skip("Debian chromium is not installed", allow_module_level=True)

sync_api = pytest.importorskip("playwright.sync_api")


def test_docs_page_lists_every_operation_from_our_origin_only(browser, live_server):
    context = browser.new_context()
    try:
        page = context.new_page()
        problems: list[str] = []
        elsewhere: list[str] = []
        page.on("console", lambda m: m.type in ("error", "warning") and problems.append(m.text))
        page.on("pageerror", lambda e: problems.append(str(e)))
        page.on(
            "request",
            lambda r: r.url.startswith(live_server.url) or elsewhere.append(r.url),
        )
        page.goto(live_server.url + "/docs")
        page.wait_for_selector(".opblock", timeout=20_000)
        _, _, doc = live_server.request("GET", "/api/v1/openapi.json")
        expected = sum(len(item) for item in doc["paths"].values())
        assert page.locator(".opblock").count() == expected
        assert "/api/v1/score" in page.text_content("#swagger-ui")
    finally:
        context.close()
    assert elsewhere == []
    assert problems == []  # no Content-Security-Policy violation, no script error


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("size", list(SIZES))
def test_docs_page_fits_every_size_in_both_languages(open_page, live_server, size, lang):
    page = open_page(live_server.url + "/docs", size, lang)
    page.wait_for_selector(".opblock", timeout=20_000)
    assert page.get_attribute("html", "lang") == lang
    assert page.get_attribute("#swagger-ui", "lang") == "en"  # Swagger UI speaks English
    assert_fits(page)
    # Swagger UI's part is the same in every language: axe reads it in English, and
    # in another language only what our template says in that language.
    within = None if lang == "en" else ".docs-header"
    assert_accessible(page, within)
    page.click(".opblock-summary-control")  # an operation opened
    page.wait_for_selector(".opblock-body")
    if within is None:
        assert_accessible(page)
    page.click(".opblock-summary-control")
    assert page.evaluate(SMALL_TARGETS) == []
    shoot(page, "docs", size, lang)


def test_docs_page_in_russian_and_polish(open_page, live_server):
    page = open_page(live_server.url + "/docs", "tablet", "ru")
    assert page.title() == "API adjudicator"
    header = page.inner_text(".docs-header")
    assert "Описание API: /api/v1/openapi.json (OpenAPI 3.1)." in header
    assert "Ошибки приходят как application/problem+json с постоянным полем code." in header
    assert page.get_attribute(".docs-header a[href='/api/v1/openapi.json']", "href")
    choose_language(page, "pl")
    page.wait_for_url("**/docs?lang=pl")
    assert "Kontrakt: /api/v1/openapi.json" in page.inner_text(".docs-header")
    page.goto(live_server.url + "/docs?lang=en")
    assert "The contract: /api/v1/openapi.json (OpenAPI 3.1)." in page.inner_text(".docs-header")
    assert "described in English" not in page.inner_text(".docs-header")
