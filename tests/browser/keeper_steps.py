"""Steps on the scorekeeper page (/keep) that its browser tests share."""

from __future__ import annotations

from tests.browser.conftest import SCREENSHOTS, SIZES, assert_fits, shoot


def api(live_server, method, path, body=None, headers=None):
    status, _, data = live_server.request(method, path, body, headers)
    return status, data


def cell(page, row, col):
    return page.locator(f'#board [data-row="{row}"][data-col="{col}"]')


def tap(page, row, col):
    cell(page, row, col).click()


def keys(page, text):
    """Type on the page's own letter keys (touch)."""
    for letter in text:
        page.click(f'#keys [data-letter="{letter}"]')


def wait_preview(page, *words):
    """Wait for the score preview, with these words in it when given (an answer
    to an earlier letter may come first); blanks and digraphs as ``WINDY``, ``CHICO``."""
    for word in words:
        page.wait_for_function(
            """(w) => document.querySelector('#preview').textContent
              .toLocaleUpperCase().replace(/[\\[\\]]/g, '').includes(w)""",
            arg=word,
        )
    page.wait_for_selector("#commit:not([disabled])")


# The boxes of the elements matching a selector that are shown and not inside the
# viewport, as it is, without scrolling: what a person holding the device cannot see.
_OUT_OF_VIEW = """(selector) => [...document.querySelectorAll(selector)]
  .filter((e) => e.getClientRects().length && getComputedStyle(e).visibility !== 'hidden')
  .map((e) => [e.id || e.dataset.letter || e.className || e.tagName, e.getBoundingClientRect()])
  .filter(([, r]) => r.top < 0 || r.left < 0 || r.bottom > innerHeight + .5
    || r.right > innerWidth + .5)
  .map(([what, r]) => `${what} at x ${Math.round(r.left)}..${Math.round(r.right)}`
    + ` y ${Math.round(r.top)}..${Math.round(r.bottom)}`)"""


def out_of_view(page, *selectors) -> list[str]:
    """What of these selectors is shown but not within the viewport without scrolling."""
    found = []
    for selector in selectors:
        if not page.locator(selector).count():
            found.append(f"{selector}: none")
        found += page.evaluate(_OUT_OF_VIEW, selector)
    return found


def shoot_view(page, name, size, lang):
    """What the viewport shows, as it is (not the whole page)."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"{name}-{size}-{lang}.png"))


def do(page, selector):
    """Click (and confirm, for Pass, Challenge, Undo and End now) and wait for the
    event it sends to be answered."""
    with page.expect_response(lambda r: "/events" in r.url and r.request.method == "POST") as info:
        page.click(selector)
        if page.locator("#confirm").evaluate("d => d.open"):
            page.click("#confirm-ok")
    return info.value


def start(open_page, url, ruleset, players, lang="en", size="tablet", **fields):
    page = open_page(url + "/keep", size=size, lang=lang)
    page.select_option("#ruleset", ruleset)
    for i, name in enumerate(players):
        page.fill(f"#player{i}", name)
    for selector, value in fields.items():
        page.fill(f"#{selector}", value)
    page.click("#new-game button.primary")
    page.wait_for_url("**/keep/*")
    page.wait_for_selector("#board .cell")
    return page, page.url.rsplit("/", 1)[1]


def shoot_sizes(page, name, lang, sizes=tuple(SIZES)):
    """The page at each size: it fits, its panel scrolled to the top, shot; then back
    at tablet size."""
    for size in sizes:
        width, height = SIZES[size]
        page.set_viewport_size({"width": width, "height": height})
        assert_fits(page)
        page.evaluate("document.querySelector('.panel').scrollTo(0, 0)")
        shoot(page, name, size, lang)
    width, height = SIZES["tablet"]
    page.set_viewport_size({"width": width, "height": height})
