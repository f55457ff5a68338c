"""Downloads from Duplicate's arbiter page and an import on its start page, in
headless Chromium: the record (JSON, with the write token while the game is
played) and the standings (CSV) saved from the page; the record read back on
the start page as a new game whose arbiter's page goes on from where it was;
files that are no record, or no game, refused in words.  Screenshots:
duplicate-import-*, duplicate-downloads-* (tablet, phone)."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import checked, shoot
from tests.browser.duplicate_steps import Game, fisf, open_at, wait_version

pytestmark = pytest.mark.browser


def game_in_play(server) -> Game:
    """Move 1 closed (Léa on the top, Marc a blank slip), move 2 drawn, Léa's slip in."""
    game = Game.create(server, "scrabble-fr", ["Léa", "Marc"], seed="arles")
    game.post("draw", {})
    ref, word = fisf(game.best()[0]["move"])
    game.post("slips", {"player": 0, "word": word, "reference": ref, "score": None})
    game.post("slips", {"player": 1, "word": "", "reference": None})
    game.post("close", {})
    game.post("draw", {})
    ref, word = fisf(game.best()[0]["move"])
    game.post("slips", {"player": 0, "word": word, "reference": ref, "score": None})
    return game


def downloaded(page, selector: str) -> tuple[str, str]:
    with page.expect_download() as info:
        page.click(selector)
    download = info.value
    return download.suggested_filename, download.path().read_text("utf-8")


@pytest.mark.parametrize(("size", "lang"), [("tablet", "fr"), ("phone", "es")])
def test_a_game_saved_and_read_back_as_a_new_one(
    browser, contexts, live_server, tmp_path, size, lang
):
    game = game_in_play(live_server)
    page = open_at(browser, contexts, f"{game.arbiter_url}#token={game.token}", size, lang)
    expect(page.locator("body")).to_have_attribute("data-phase", "play")
    name, text = downloaded(page, "#record-download")
    record = json.loads(text)
    assert name == f"duplicate-{game.id}.json"
    assert record["format"] == "adjudicator-duplicate" and record["players"] == ["Léa", "Marc"]
    assert [e["kind"] for e in record["events"]].count("slip") == 3
    name, text = downloaded(page, "#csv-download")
    assert name == f"{game.id}-standings.csv"  # as the server names it
    assert text.splitlines()[0] == "rank,name,total,negatif,percent"
    assert text.splitlines()[1].startswith("1,Léa,")
    checked(page)
    shoot(page, "duplicate-downloads", size, lang)

    saved = tmp_path / "partie.json"
    saved.write_text(json.dumps(record), "utf-8")
    start = open_at(browser, contexts, f"{live_server.url}/duplicate", size, lang)
    start.set_input_files("#record-file", str(saved))
    checked(start)
    shoot(start, "duplicate-import", size, lang)
    with start.expect_navigation():
        start.click("#import-form [type=submit]")
    new_id = start.url.split("/")[-2]
    assert start.url.endswith(f"/duplicate/{new_id}/arbiter") and new_id != game.id
    kept = start.evaluate(f"JSON.parse(localStorage.getItem('adjudicator.duplicate.{new_id}'))")
    assert set(kept) == {"token"}
    expect(start.locator("body")).to_have_attribute("data-phase", "play")
    wait_version(start, "body", game.get()["version"])
    rows = start.locator("#slips tbody tr")  # move 2's slip, as it was written
    expect(rows).to_have_count(1)
    assert (
        rows.first.locator("td").nth(1).inner_text()
        == record["events"][-1]["data"]["written"]["word"]
    )
    assert start.locator("#slip-box").is_visible()  # this device holds the new game's token


def test_files_that_make_no_game_are_refused_in_words(browser, contexts, live_server, tmp_path):
    game = game_in_play(live_server)
    page = open_at(browser, contexts, game.arbiter_url, "tablet", "fr")  # no token
    expect(page.locator("#round")).to_have_text("Coup 2")
    assert page.locator("#record-download").is_hidden()  # the round in play is the writer's
    assert page.locator("#csv-download").is_visible()
    assert page.locator("#alone-line").is_hidden()  # the game is not over

    status, _, record = live_server.request(
        "GET", f"/api/v1/duplicates/{game.id}/record", headers={"X-Game-Token": game.token}
    )
    assert status == 200
    start = open_at(browser, contexts, f"{live_server.url}/duplicate", "tablet", "fr")
    for content, words in [
        ("rank,name\n1,Léa", "Ce fichier n’est pas l’enregistrement d’une partie de Duplicate."),
        (
            json.dumps({"format": "gcg"}),
            "Ce fichier n’est pas l’enregistrement d’une partie de Duplicate.",
        ),
        (
            json.dumps({**record, "events": [record["events"][0], {"kind": "close", "data": {}}]}),
            "Ce fichier ne forme pas une partie de Duplicate\u00a0: "
            "l’entrée 2 (close) ne convient pas.",
        ),
    ]:
        bad = tmp_path / "bad.json"
        bad.write_text(content, "utf-8")
        start.set_input_files("#record-file", str(bad))
        start.click("#import-form [type=submit]")
        expect(start.locator("#message")).to_have_text(words)
        assert start.url.endswith("/duplicate")
