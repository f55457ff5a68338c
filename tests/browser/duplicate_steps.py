"""Steps the Duplicate pages' browser tests share: games made through the API,
the best plays of a draw (the finder, the test's own source), slips typed on the
arbiter's page, and pages opened at the projector's sizes too."""

from __future__ import annotations

import re

from tests.browser.conftest import SCREENSHOTS, SIZES, new_page

API = "/api/v1/duplicates"
# A room's projector: full HD, and the 720p of older beamers.
SCREENS = {**SIZES, "projector": (1920, 1080), "projector-720": (1280, 720)}


def open_at(browser, contexts: list, url: str, size: str, lang: str):
    """A fresh context at one of SCREENS, reading ``lang``."""
    return new_page(browser, contexts, url, SCREENS[size], lang, size == "phone")


def fisf(move: str) -> tuple[str, str]:
    """A finder move (GCG ``8H POUAH``) as a slip writes it: (``H8``, ``POUAH``)."""
    coord, word = move.split()
    down = re.fullmatch(r"([A-Z])(\d+)", coord)
    if down:  # GCG D8: column D, row 8, down -> FISF 4H
        return f"{ord(down[1]) - 64}{chr(64 + int(down[2]))}", word
    across = re.fullmatch(r"(\d+)([A-Z])", coord)
    assert across, move
    return f"{chr(64 + int(across[1]))}{ord(across[2]) - 64}", word


class Game:
    """A Duplicate game on the live server, and its write token."""

    def __init__(self, server, id_: str, token: str | None = None) -> None:
        self.server, self.id, self.token = server, id_, token

    @classmethod
    def create(cls, server, ruleset: str, players: list[str], **fields) -> Game:
        status, _, body = server.request(
            "POST", API, {"ruleset": ruleset, "players": players, **fields}
        )
        assert status == 201, body
        return cls(server, body["id"], body["token"])

    def get(self) -> dict:
        status, _, body = self.server.request("GET", f"{API}/{self.id}")
        assert status == 200, body
        return body

    def post(self, what: str, body: dict) -> dict:
        status, _, answer = self.server.request(
            "POST", f"{API}/{self.id}/{what}", body, {"X-Game-Token": self.token}
        )
        assert status in (200, 201), answer
        return answer

    def best(self, limit: int = 20) -> list[dict]:
        """The draw's best plays, best first, from the finder."""
        game = self.get()
        status, _, body = self.server.request(
            "POST",
            "/api/v1/plays",
            {
                "ruleset": game["ruleset"],
                "rack": game["draw"],
                "board": game["board"],
                "limit": limit,
            },
        )
        assert status == 200, body
        return body["plays"]

    @property
    def arbiter_url(self) -> str:
        return f"{self.server.url}/duplicate/{self.id}/arbiter"

    @property
    def room_url(self) -> str:
        return f"{self.server.url}/duplicate/{self.id}"


def type_slip(page, player: str, word: str, reference: str, score: str) -> None:
    """A slip from the keyboard alone: the player's number, Tab, the word, Tab,
    the reference, Tab, the score, Enter."""
    page.focus("#slip-player")
    page.keyboard.type(player)
    for text in (word, reference, score):
        page.keyboard.press("Tab")
        page.keyboard.type(text)
    page.keyboard.press("Enter")


def ruled(page) -> str:
    """The ruling box once the latest slip is answered."""
    page.wait_for_function("() => !document.querySelector('#ruling .sending')")
    return page.inner_text("#ruling")


def wait_version(page, selector: str, version: int) -> None:
    """Until the page shows the game at ``version`` at least (``data-version`` on selector)."""
    page.wait_for_function(
        "([s, v]) => Number(document.querySelector(s).dataset.version) >= v",
        arg=[selector, version],
        timeout=15_000,
    )


def shoot_screen(page, name: str, size: str, lang: str) -> None:
    """What the screen shows, as it is (a projector does not scroll)."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"{name}-{size}-{lang}.png"))
