"""Share links and QR codes start with ADJUDICATOR_PUBLIC_URL, else with the
address the request came to (a tablet on the club's network, not localhost)."""

from __future__ import annotations

import html
import re

import pytest

from adjudicator.errors import ConfigError
from adjudicator.settings import Settings
from adjudicator.web.runtime.extension import runtime
from tests.conftest import make_app

LAN = "http://192.168.1.20:8000"


def _game(client) -> str:
    resp = client.post("/api/v1/games", json={"ruleset": "scrabble-en", "players": ["Ann", "Bob"]})
    assert resp.status_code == 201, resp.get_data(as_text=True)
    return resp.get_json()["id"]


def _shared(client, id_: str, base_url: str) -> tuple[str, str]:
    """(the keeper page's base for its share link, the address in the QR code)."""
    page = client.get(f"/keep/{id_}", base_url=base_url).get_data(as_text=True)
    base = html.unescape(re.search(r'data-public-url="([^"]*)"', page)[1])
    svg = client.get(f"/games/{id_}/share.svg", base_url=base_url).get_data(as_text=True)
    qr = html.unescape(re.search(r"<title>QR code: ([^<]*)</title>", svg)[1])
    return base, qr


def test_without_the_setting_the_request_host(client):
    id_ = _game(client)
    assert _shared(client, id_, LAN) == (LAN, f"{LAN}/games/{id_}")
    assert _shared(client, id_, "http://laptop.local:8000") == (
        "http://laptop.local:8000",
        f"http://laptop.local:8000/games/{id_}",
    )


def test_the_setting_is_followed(tmp_path):
    app = make_app(tmp_path / "t.db", public_url="https://scrabble.example.org/club/")
    try:
        client = app.test_client()
        id_ = _game(client)
        base = "https://scrabble.example.org/club"
        assert _shared(client, id_, LAN) == (base, f"{base}/games/{id_}")
    finally:
        runtime(app).store.dispose()


@pytest.mark.parametrize(
    "value",
    ["scrabble.example.org", "ftp://example.org", "http://", "https://x.org/?a=1", "http://[::1"],
)
def test_a_setting_that_is_not_an_address_stops_start_up(tmp_path, value):
    env = {"ADJUDICATOR_DATA_DIR": str(tmp_path), "ADJUDICATOR_PUBLIC_URL": value}
    with pytest.raises(ConfigError) as info:
        Settings.from_env(env=env)
    assert "ADJUDICATOR_PUBLIC_URL" in str(info.value)
