"""Duplicate's arbiter page (/duplicate, /duplicate/<id>/arbiter) and room
display (/duplicate/<id>) following the same French game, in headless Chromium:
the game started from the page, drawn, slips typed from the keyboard (a top, a
wrong score, a phony, a blank slip, a second slip refused), a late answer that
must not overwrite the latest ruling, the close, the top, the standings, the
next draw.  Screenshots: duplicate-arbiter-*, duplicate-room-* (tablet, phone,
projector sizes)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import checked, shoot
from tests.browser.duplicate_steps import (
    SCREENS,
    Game,
    fisf,
    open_at,
    ruled,
    shoot_screen,
    type_slip,
    wait_version,
)

pytestmark = pytest.mark.browser

PLAYERS = ["Anne Martin", "Bernard Petit", "Claire Dubois", "Didier Moreau", "Élise Laurent"]


def resize(page, size: str) -> None:
    width, height = SCREENS[size]
    page.set_viewport_size({"width": width, "height": height})


def start_game(browser, contexts, server):
    page = open_at(browser, contexts, server.url + "/", "tablet", "fr")
    with page.expect_navigation():  # the front page leads to it
        page.click(".pages a[href='/duplicate']")
    assert page.title() == "Duplicate\u00a0: l’arbitrage"
    assert page.input_value("#ruleset") == "scrabble-fr"  # the reader's language first
    assert page.input_value("#minutes") == "3"  # the rules' three minutes
    page.fill("#players", "\n".join(PLAYERS))
    page.fill("#seed", "vichy")
    checked(page)
    shoot(page, "duplicate-start", "tablet", "fr")
    with page.expect_navigation():
        page.click("#new-game [type=submit]")
    assert page.url.endswith("/arbiter") and "token" not in page.url
    id_ = page.url.split("/")[-2]
    token = page.evaluate(f"JSON.parse(localStorage.getItem('adjudicator.duplicate.{id_}')).token")
    return page, Game(server, id_, token)


def test_a_french_game_run_from_the_arbiter_page(browser, contexts, live_server):
    page, game = start_game(browser, contexts, live_server)
    expect(page.locator("#draw-title")).to_have_text("Tirage du coup 1")
    room = open_at(browser, contexts, game.room_url, "projector", "fr")
    asked: list[str] = []  # neither page may look for plays or words: the top comes with the close
    for p in (page, room):
        p.on("request", lambda request: asked.append(request.url))
    expect(room.locator("#draw-area")).to_contain_text("La partie va commencer")
    assert page.evaluate("document.activeElement.id") == "draw-service"
    page.keyboard.press("Enter")  # Tirer
    expect(page.locator("body")).to_have_attribute("data-phase", "play")
    expect(page.locator("#round")).to_have_text("Coup 1")
    expect(page.locator("#clock")).to_have_text(re.compile(r"0[23]:\d\d"))
    assert page.evaluate("document.activeElement.id") == "slip-player"
    draw = game.get()["draw"]
    assert page.get_attribute("#draw-line .draw", "aria-label") == "Tirage\u00a0: " + " ".join(draw)

    best = game.best()
    top_ref, top_word = fisf(best[0]["move"])
    low_ref, low_word = fisf(best[-1]["move"])
    type_slip(page, "1", top_word, top_ref, str(best[0]["score"]))
    assert ruled(page) == (
        f"Joueur 1\u00a0: Anne Martin · {top_word} {top_ref}\nvalable, {best[0]['score']} points"
        f"\n{best[0]['score']}"
    )
    type_slip(page, "2", low_word, low_ref, str(best[-1]["score"] + 3))
    assert "avertissement\u00a0: score erroné" in ruled(page)
    assert page.get_attribute("#ruling p", "class") == "warned"
    phony = "".join(sorted(draw.replace("?", "")))[:5]
    type_slip(page, "3", phony, "H8", "20")
    assert "nul\u00a0: mot non valable" in ruled(page)

    # A slow answer: player 4's blank slip answered after player 5's slip; the
    # ruling box keeps showing player 5's, and each row has its own ruling.
    held = []
    page.route("**/slips", lambda route: route.continue_() if held else held.append(route))
    with page.expect_request("**/slips"):
        type_slip(page, "4", "", "", "")
    type_slip(page, "5", low_word, low_ref, str(best[-1]["score"]))
    expect(page.locator("#ruling")).to_contain_text("Élise Laurent")
    expect(page.locator("#ruling")).to_contain_text("valable")
    with page.expect_response("**/slips") as older:
        held[0].continue_()
    older.value.finished()
    page.wait_for_function("() => !document.querySelector('#slips tr.sending')")
    page.unroute("**/slips")
    assert "Élise Laurent" in page.inner_text("#ruling")
    rows = page.locator("#slips tbody tr")
    expect(rows).to_have_count(5)
    # The server numbered player 5's slip first (player 4's was held back): the
    # rows follow its numbers, or the order typed until the next refresh. Each
    # row has its own ruling either way.
    expect(rows.filter(has_text="4 Didier Moreau")).to_contain_text("nul\u00a0: bulletin blanc")
    expect(rows.filter(has_text="5 Élise Laurent")).to_contain_text("valable")
    expect(page.locator("#missing")).to_have_text("Tous les joueurs ont rendu un bulletin.")

    # A second slip for player 1 is asked about; Escape leaves it out.
    type_slip(page, "1", top_word, top_ref, "1")
    expect(page.locator("#confirm-text")).to_contain_text("1 Anne Martin a déjà un bulletin")
    page.keyboard.press("Escape")
    expect(rows).to_have_count(5)
    assert page.input_value("#slip-word") == top_word  # still there, to correct
    page.fill("#slip-player", "")
    page.fill("#slip-word", "")
    page.fill("#slip-ref", "")
    page.fill("#slip-score", "")

    # The room display shows the draw and the time, and never a slip.
    wait_version(room, "#room", game.get()["version"])
    expect(room.locator("#round")).to_have_text("Coup 1")
    room_text = room.inner_text("body")
    assert top_word not in room_text and "Anne" not in room_text, room_text
    assert room.locator("#top-area").is_hidden()
    checked(page)
    shoot(page, "duplicate-arbiter-play", "tablet", "fr")
    for size in ("projector", "projector-720"):
        resize(room, size)
        checked(room)
        shoot_screen(room, "duplicate-room-play", size, "fr")

    # The close: the top, who found it, the standings, here and in the room.
    page.click("#close-round")
    expect(page.locator("#confirm-text")).to_contain_text(
        "Clore le coup 1\u00a0? Bulletins saisis\u00a0: 5 sur 5"
    )
    page.keyboard.press("Enter")
    expect(page.locator("#result-title")).to_have_text("Top du coup 1")
    closed = game.get()
    top = closed["rounds"][0]["top"]
    assert top["score"] == best[0]["score"]
    expect(page.locator("#result-top")).to_have_text(
        f"{top['word']} en {top['reference']}, {top['score']} points"
    )
    expect(page.locator("#standings tbody tr").first).to_contain_text("1 Anne Martin")
    expect(page.locator("#kept")).to_contain_text("Reliquat\u00a0:")
    assert page.evaluate("document.activeElement.id") == "draw-service"
    checked(page)
    shoot(page, "duplicate-arbiter-closed", "tablet", "fr")
    wait_version(room, "#room", closed["version"])
    expect(room.locator("#top-title")).to_have_text("Top du coup 1")
    expect(room.locator("#top-word")).to_have_text(top["word"])
    expect(room.locator("#standings-title")).to_have_text("Classement après le coup 1")
    first = room.locator("#standings tbody tr").first
    expect(first).to_contain_text("Anne Martin")
    expect(first).to_contain_text("100\u00a0%")
    for size in ("projector", "projector-720", "tablet", "phone"):
        resize(room, size)
        checked(room)
        shoot_screen(room, "duplicate-room-closed", size, "fr")

    # The next move: the draw holds the rack left, shown first.
    page.click("#draw-service")
    expect(page.locator("#round")).to_have_text("Coup 2")
    expect(page.locator("#draw-line .tile")).to_have_count(7)
    wait_version(room, "#room", game.get()["version"])
    expect(room.locator("#round")).to_have_text("Coup 2")
    assert room.locator("#top-area").is_hidden()  # the round is on: no top shown
    expect(room.locator("#standings-title")).to_have_text("Classement après le coup 1")
    shoot_screen(room, "duplicate-room-play2", "phone", "fr")
    assert [u for u in asked if "/api/v1/" in u and "/api/v1/duplicates/" not in u] == []
    assert any(u.endswith("/close") for u in asked)  # what was asked was seen


def test_a_typed_draw_and_the_arbiters_calls(browser, contexts, live_server):
    """A game whose draws are typed in: a draw refused for its size, then for
    its vowels, one taken; a slip late, one a square off (ruled beside, at a
    penalty), one illegible."""
    game = Game.create(live_server, "scrabble-fr", PLAYERS[:3], typed=True)
    page = open_at(browser, contexts, f"{game.arbiter_url}#token={game.token}", "tablet", "fr")
    expect(page.locator("#kept")).to_have_text(
        "Les tirages de cette partie sont saisis par l’arbitre."
    )
    assert page.locator("#draw-service").is_hidden()
    assert page.evaluate("document.activeElement.id") == "typed"
    page.keyboard.type("eai")
    page.keyboard.press("Enter")
    expect(page.locator("#message")).to_have_text("Ce tirage doit compter 7 lettres.")
    page.fill("#typed", "KWXZBCD")
    page.keyboard.press("Enter")
    expect(page.locator("#message")).to_have_text(
        "Le coup 1 demande au moins 2 voyelles et 2 consonnes."
    )
    page.fill("#typed", "eairstn")
    page.keyboard.press("Enter")
    expect(page.locator("body")).to_have_attribute("data-phase", "play")
    assert page.text_content("#message") == ""
    assert game.get()["draw"] == "AEINRST"

    plays = [p for p in game.best(limit=100) if p["move"].startswith("8H ")]
    assert plays, "no play from H8 across"
    ref, word = fisf(plays[0]["move"])
    assert ref == "H8"
    page.check("#slip-late")
    type_slip(page, "1", word, ref, str(plays[0]["score"]))
    assert "nul\u00a0: rendu hors délai" in ruled(page)
    # One square off, along the word: on move 1 a reference is never recovered
    # (the FISF's amendment of 2016, art. 5.3.1; reference_off_from_round: 2).
    type_slip(page, "2", word, "H9", str(plays[0]["score"]))
    assert "nul\u00a0: placement impossible" in ruled(page)
    expect(page.locator("#slips tbody tr").first.locator("td").nth(2)).to_have_text("H9")
    page.check("#slip-illegible")
    type_slip(page, "3", word, ref, str(plays[0]["score"]))
    assert "avertissement\u00a0: illisible" in ruled(page)
    assert not page.is_checked("#slip-illegible")  # each slip its own calls
    checked(page)

    # Move 2: the same slip a square off is recovered, at a penalty.
    page.click("#close-round")
    page.keyboard.press("Enter")
    expect(page.locator("#result-title")).to_have_text("Top du coup 1")
    page.fill("#typed", next_draw(closed_left(game)))
    page.keyboard.press("Enter")
    expect(page.locator("body")).to_have_attribute("data-phase", "play")
    found = game.best(limit=1000)
    legal = {p["move"] for p in found}

    def same(p: dict) -> int:  # plays of that word at that score: one, or it is ambiguous
        return sum(
            q["move"].split()[1] == p["move"].split()[1] and q["score"] == p["score"] for q in found
        )

    offs = [
        (p, shifted)
        for p in found
        if (shifted := one_square_on(p["move"])) is not None
        and shifted not in legal
        and same(p) == 1
    ]
    assert offs, "no play a square off which is not itself a play"
    play, shifted = offs[0]
    ref, word = fisf(play["move"])
    off_ref, _ = fisf(shifted)
    type_slip(page, "2", word, off_ref, str(play["score"]))
    ruling = ruled(page)
    assert "pénalité −5\u00a0: référence erronée ou absente" in ruling, ruling
    assert f"jugé en {ref}" in ruling
    expect(page.locator("#slips tbody tr").first.locator("td").nth(2)).to_have_text(off_ref)
    shoot(page, "duplicate-arbiter-typed", "tablet", "fr")


def closed_left(game: Game) -> str:
    """The rack left after the last close: the last draw less the top's new tiles."""
    state = game.get()
    last = state["rounds"][-1]
    left = list(last["draw"])
    for letter in last["top"]["word"]:
        if letter in left:
            left.remove(letter)
    return "".join(left)


def next_draw(left: str) -> str:
    """Seven letters holding the rack left, with the 2 vowels and 2 consonants a move needs."""
    vowels = sum(ch in "AEIOU" for ch in left)
    fill = "EA"[: max(0, 2 - vowels)] + "ST"[: max(0, 2 - (len(left) - vowels))]
    return (left + fill + "RNLEI")[:7]


def one_square_on(move: str) -> str | None:
    """A GCG move with its start a square further along the word (``8H`` to ``8I``)."""
    coord, word = move.split()
    if coord[0].isdigit():  # across: row then column letter
        row, col = coord[:-1], coord[-1]
        return None if col >= "O" else f"{row}{chr(ord(col) + 1)} {word}"
    col, row = coord[0], int(coord[1:])
    return None if row >= 15 else f"{col}{row + 1} {word}"
