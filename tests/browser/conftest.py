"""Shared fixtures of the browser tests: Debian's Chromium driven by Playwright,
axe-core (the npm package) for accessibility, and screenshots kept for CI.

Screenshots go to ``artifacts/screenshots/`` (README: "Screenshots"), named
``<page>-<size>-<lang>.png`` at the three sizes every page must work at.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from tests.conftest import ROOT

CHROMIUM = Path("/usr/bin/chromium")
SCREENSHOTS = ROOT / "artifacts" / "screenshots"
# npm install --prefix tests/browser axe-core (.ci/run does it)
AXE = ROOT / "tests" / "browser" / "node_modules" / "axe-core" / "axe.min.js"
SIZES = {"tablet": (1024, 768), "portrait": (768, 1024), "phone": (390, 844)}
REQUIRED = bool(os.environ.get("ADJUDICATOR_REQUIRE_BROWSER"))

if not CHROMIUM.exists():
    if REQUIRED:
        raise RuntimeError("ADJUDICATOR_REQUIRE_BROWSER is set but /usr/bin/chromium is missing")
    pytest.skip("Debian chromium is not installed", allow_module_level=True)

sync_api = pytest.importorskip("playwright.sync_api")


@pytest.fixture(scope="session")
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
def contexts():
    """The browser contexts a test opens (:func:`new_page`), closed after it."""
    made: list = []
    yield made
    for context in made:
        context.close()


def new_page(browser, contexts: list, url: str, viewport: tuple[int, int], lang: str, touch: bool):
    """``url`` in a fresh context of that viewport with that ``Accept-Language``."""
    width, height = viewport
    context = browser.new_context(
        viewport={"width": width, "height": height},
        locale=lang,
        extra_http_headers={"Accept-Language": lang},
        has_touch=touch,
    )
    contexts.append(context)
    page = context.new_page()
    page.goto(url)
    return page


@pytest.fixture()
def open_page(browser, contexts):
    """``open_page(url, size="tablet", lang="en")``: a fresh context at that size
    with that ``Accept-Language``; the contexts are closed after the test."""

    def open_(url: str, size: str = "tablet", lang: str = "en"):
        return new_page(browser, contexts, url, SIZES[size], lang, size == "phone")

    return open_


def axe_violations(page, impacts=("serious", "critical"), within: str | None = None) -> list[dict]:
    """axe-core's violations of these impacts on the page as it is now (or in the
    elements ``within`` selects)."""
    if not AXE.exists():
        if REQUIRED:
            raise RuntimeError("axe-core is missing: npm install --prefix tests/browser axe-core")
        pytest.skip("axe-core is not installed (npm install --prefix tests/browser axe-core)")
    page.evaluate(AXE.read_text("utf-8"))  # evaluated by the browser, not under the page's CSP
    found = page.evaluate(
        "async (within) => (await axe.run(within ? {include: [within]} : document)).violations",
        within,
    )
    return [
        {"id": v["id"], "impact": v["impact"], "nodes": [n["target"] for n in v["nodes"]][:5]}
        for v in found
        if v["impact"] in impacts
    ]


def assert_accessible(page, within: str | None = None) -> None:
    bad = axe_violations(page, within=within)
    assert not bad, json.dumps(bad, ensure_ascii=False, indent=1)


def assert_fits(page) -> None:
    """No horizontal scroll: the page is no wider than the viewport."""
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"], f"{width}px wide"


# Every visible control smaller than 44x44 CSS pixels, but those ``exempt`` selects.
# A check box or radio button inside its label is tapped through the label.
_SMALL_TARGETS = """(exempt) =>
  [...document.querySelectorAll('a[href], button, input, select, textarea, summary')]
  .filter((e) => e.getClientRects().length && getComputedStyle(e).visibility !== 'hidden')
  .filter((e) => !(exempt && e.matches(exempt)))
  .map((e) => [e, /^(checkbox|radio)$/.test(e.type) && e.closest('label') || e])
  .map(([e, t]) => [e.outerHTML.slice(0, 60), t.getBoundingClientRect()])
  .filter(([, r]) => r.width < 44 || r.height < 44)
  .map(([what, r]) => `${what} ${Math.round(r.width)}x${Math.round(r.height)}`)"""


def small_targets(page, exempt: str = "") -> list[str]:
    return page.evaluate(_SMALL_TARGETS, exempt)


def checked(page) -> None:
    """Nothing overflows, every control is big enough to tap, axe-core is content."""
    assert_fits(page)
    assert small_targets(page) == []
    assert_accessible(page)


def choose_language(page, code: str) -> None:
    """Open the page's language switch and follow one language's link."""
    page.click("nav.languages summary")
    page.click(f"nav.languages a[lang={code}]")


# Every language the pages are in: English and a folder of catalogues each.
LANGUAGES = ["en", *sorted(p.name for p in (ROOT / "adjudicator/web/pages/translations").iterdir())]


def walk_languages(page, url: str, name: str, size: str, ready: str = "() => true") -> None:
    """The page at ``url`` in every language, at this page's size: it fits, every
    control is big enough to tap, and it is shot as ``<name>-<size>-<lang>.png``."""
    for lang in LANGUAGES:
        page.goto(f"{url}?lang={lang}")
        page.wait_for_function(ready)
        assert page.get_attribute("html", "lang") == lang
        assert_fits(page)
        assert small_targets(page) == [], lang
        shoot(page, name, size, lang)


def shoot(page, name: str, size: str, lang: str) -> Path:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"{name}-{size}-{lang}.png"
    page.screenshot(path=str(path), full_page=True)
    return path
