"""GET /: a page linking the keeper, the judge, the docs and the service's health,
in the reader's language, without the data folder; /favicon.ico answers, and
every page links the icon."""

from __future__ import annotations

import re

from adjudicator.web.runtime.extension import runtime
from tests.conftest import CONFIG, make_app

ICON = '<link rel="icon" type="image/svg+xml" href="/static/favicon.svg">'


def test_the_front_page_links_the_pages_and_the_health(app, client):
    resp = client.get("/", headers={"Accept-Language": "en"})
    assert resp.status_code == 200 and resp.mimetype == "text/html"
    page = resp.get_data(as_text=True)
    links = set(re.findall(r'href="([^"]+)"', page))
    assert {"/keep", "/judge", "/docs", "/readyz", "/healthz"} <= links
    assert "Ready" in page and f"Rulesets: {len(runtime(app).registry.rulesets)}" in page
    assert str(runtime(app).settings.data_dir) not in page
    assert resp.headers["Content-Security-Policy"].startswith("default-src 'self'")


def test_the_front_page_speaks_the_readers_language(client):
    page = client.get("/", headers={"Accept-Language": "ru"}).get_data(as_text=True)
    assert '<html lang="ru">' in page and "Счёт партии" in page and "Готов к работе" in page
    page = client.get("/?lang=pl").get_data(as_text=True)
    assert '<html lang="pl">' in page and "Sędzia słów" in page


def test_the_front_page_says_when_the_service_is_not_ready(tmp_path):
    empty = tmp_path / "lexicons"
    empty.mkdir()
    app = make_app(tmp_path / "t.db", lexicon_dir=str(empty), config_dir=str(CONFIG))
    try:
        resp = app.test_client().get("/", headers={"Accept-Language": "en"})
        page = resp.get_data(as_text=True)
        assert resp.status_code == 200  # the page is there; the service is not ready
        assert "Not ready" in page and "No lexicon is loaded." in page
        assert app.test_client().get("/readyz").status_code == 503
    finally:
        runtime(app).store.dispose()


def test_favicon_ico_answers_with_the_icon(client):
    resp = client.get("/favicon.ico")
    assert resp.status_code == 301 and resp.headers["Location"] == "/static/favicon.svg"
    with client.get(resp.headers["Location"]) as icon:  # a file: closed after
        assert icon.status_code == 200 and icon.mimetype == "image/svg+xml"
        assert icon.get_data().startswith(b"<svg")


def test_every_page_links_the_icon(client):
    game = client.post("/api/v1/games", json={"ruleset": "scrabble-en", "players": ["A", "B"]})
    id_ = game.get_json()["id"]
    for path in ("/", "/keep", f"/keep/{id_}", "/judge", "/docs", f"/games/{id_}"):
        assert ICON in client.get(path).get_data(as_text=True), path
