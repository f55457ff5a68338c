"""Corrections from Duplicate's arbiter page, in headless Chromium: a second
arbiter's tablet shows the words entered elsewhere (the API's ``written``),
picks a closed move and corrects a slip from the keyboard (asked once more,
Escape goes back to the slip), withdraws one, and the ruling and the standings
follow; a typed draw corrected and its slips ruled again; a draw new in full
shown as such; a reference that fits several places ruled null in words.
Screenshots: duplicate-fix-*, duplicate-redraw-* (tablet, phone)."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import checked, shoot
from tests.browser.duplicate_steps import SCREENS, Game, fisf, open_at, ruled, type_slip

pytestmark = pytest.mark.browser

PLAYERS = ["Anne Martin", "Bernard Petit", "Claire Dubois"]


def slips_of(game: Game, round_: int) -> dict[int, dict]:
    """The slips standing in a round, by player (the token reads the open one)."""
    status, _, body = game.server.request(
        "GET", f"/api/v1/duplicates/{game.id}", headers={"X-Game-Token": game.token}
    )
    assert status == 200, body
    return {s["player"]: s for s in body["rounds"][round_ - 1]["slips"]}


def first_move_played(live_server) -> tuple[Game, list[dict]]:
    """Move 1 of a French game through the API: Anne on the top, Bernard a
    lesser play with a wrong score, Claire a blank slip; move 2 drawn, and
    Anne's slip for it entered on this (other) device."""
    game = Game.create(live_server, "scrabble-fr", PLAYERS, seed="vichy")
    game.post("draw", {})
    best = game.best()
    ref, word = fisf(best[0]["move"])
    game.post("slips", {"player": 0, "word": word, "reference": ref, "score": best[0]["score"]})
    low_ref, low_word = fisf(best[-1]["move"])
    game.post(
        "slips",
        {"player": 1, "word": low_word, "reference": low_ref, "score": best[-1]["score"] + 3},
    )
    game.post("slips", {"player": 2, "word": "", "reference": None})
    game.post("close", {})
    game.post("draw", {})
    second = game.best(limit=1000)
    ref2, word2 = fisf(second[0]["move"])
    game.post("slips", {"player": 0, "word": word2, "reference": ref2, "score": second[0]["score"]})
    return game, [best[0], best[-1], second[0], *second]


def test_a_second_arbiters_tablet_corrects_a_closed_move(browser, contexts, live_server):
    game, (top, low, second, *found) = first_move_played(live_server)
    page = open_at(browser, contexts, f"{game.arbiter_url}#token={game.token}", "tablet", "fr")
    rows = page.locator("#slips tbody tr")
    # Move 2's slip, entered on another device, shows its word and reference.
    ref2, word2 = fisf(second["move"])
    expect(rows).to_have_count(1)
    expect(rows.first.locator("td").nth(1)).to_have_text(word2)
    expect(rows.first.locator("td").nth(2)).to_have_text(ref2)
    kept = page.evaluate(f"JSON.parse(localStorage.getItem('adjudicator.duplicate.{game.id}'))")
    assert kept == {"token": game.token}  # the browser keeps the token, no words

    # A reference left off that fits several places: null, in words.
    def places(p: dict) -> int:  # where the word scores what it scores here
        word = p["move"].split()[1]
        return sum(q["move"].split()[1] == word and q["score"] == p["score"] for q in found)

    plays = [p for p in found if places(p) > 1]
    word = plays[0]["move"].split()[1]
    type_slip(page, "2", word, "", str(plays[0]["score"]))
    assert ruled(page).endswith(
        "nul\u00a0: référence ambiguë\u00a0: le score convient à plusieurs places\n0"
    )

    # Move 1, picked from the keyboard: its draw and top, its slips as written.
    page.focus("#slips-round")
    page.keyboard.press("ArrowUp")
    expect(page.locator("#slips-title")).to_have_text("Bulletins du coup 1")
    first = game.get()["rounds"][0]
    expect(page.locator("#round-info")).to_have_text(
        f"Tirage\u00a0: {first['draw']} · Top\u00a0: {first['top']['word']} en "
        f"{first['top']['reference']}, {first['top']['score']} points"
    )
    expect(rows).to_have_count(3)
    low_ref, low_word = fisf(low["move"])
    bernard = rows.filter(has_text="Bernard Petit")
    expect(bernard).to_contain_text("score erroné")

    # Bernard's slip corrected to the top: Tab to his button, Enter, then the
    # word, Tab, the reference, Tab, the score, Enter; asked once more.
    top_ref, top_word = fisf(top["move"])
    bernard.locator("button.fix").focus()
    page.keyboard.press("Enter")
    expect(page.locator("#fix-title")).to_have_text("Bulletin de 2 Bernard Petit, coup 1")
    assert page.input_value("#fix-word") == low_word
    assert page.input_value("#fix-ref") == low_ref
    assert page.input_value("#fix-score") == str(low["score"] + 3)
    assert page.evaluate("document.activeElement.id") == "fix-word"
    for text in (top_word, top_ref, str(top["score"])):
        page.keyboard.type(text)  # each field's text is selected as it is reached
        page.keyboard.press("Tab")
    page.keyboard.press("Enter")
    was = f"2 Bernard Petit · {low_word} {low_ref} {low['score'] + 3}"
    now = f"2 Bernard Petit · {top_word} {top_ref} {top['score']}"
    expect(page.locator("#confirm-text")).to_have_text(
        f"Coup 1\u00a0: remplacer le bulletin {was} par {now}\u00a0? "
        "Sa décision et le classement suivront."
    )
    page.keyboard.press("Escape")  # back to the slip, as typed
    expect(page.locator("#fix")).to_be_visible()
    assert page.input_value("#fix-score") == str(top["score"])
    page.keyboard.press("Enter")
    page.keyboard.press("Enter")  # confirmed
    expect(page.locator("#fix-done")).to_have_text(
        f"Coup 1, bulletin remplacé\u00a0: {now} — valable, {top['score']} points"
    )
    expect(bernard).to_contain_text("corrigé")
    expect(bernard).not_to_contain_text("score erroné")
    fixed = slips_of(game, 1)[1]
    assert fixed["corrected"] and fixed["warnings"] == [] and fixed["written"]["word"] == top_word
    assert page.evaluate("document.activeElement.dataset.fix") == f"1:{fixed['number']}"
    # The standings follow: Bernard shares the first place with Anne.
    standing = page.locator("#standings tbody tr").filter(has_text="Bernard Petit").locator("td")
    expect(standing.nth(0)).to_have_text("1")
    expect(standing.nth(2)).to_have_text(str(top["score"]))

    # A reference that does not read is pointed at in the dialog.
    anne = rows.filter(has_text="Anne Martin")
    anne.locator("button.fix").click()
    page.fill("#fix-ref", "HH")
    page.keyboard.press("Enter")
    expect(page.locator("#fix-error")).to_have_text("écrivez H4 (horizontal) ou 4H (vertical)")
    assert page.evaluate("document.activeElement.id") == "fix-ref"
    checked(page)
    shoot(page, "duplicate-fix-dialog", "tablet", "fr")
    page.keyboard.press("Escape")
    expect(page.locator("#fix")).to_be_hidden()

    # Claire's blank slip withdrawn: the standings follow.
    rows.filter(has_text="Claire Dubois").locator("button.fix").click()
    page.click("#fix-withdraw")
    expect(page.locator("#confirm-text")).to_have_text(
        "Coup 1\u00a0: retirer le bulletin 3 Claire Dubois · bulletin blanc\u00a0? "
        "Le classement suivra."
    )
    page.keyboard.press("Enter")
    expect(rows).to_have_count(2)
    expect(page.locator("#fix-done")).to_have_text(
        "Coup 1, bulletin retiré\u00a0: 3 Claire Dubois · bulletin blanc"
    )
    assert 2 not in slips_of(game, 1)
    checked(page)
    shoot(page, "duplicate-fix", "tablet", "fr")

    page.set_viewport_size(dict(zip(("width", "height"), SCREENS["phone"], strict=True)))
    rows.filter(has_text="Anne Martin").locator("button.fix").click()
    checked(page)
    shoot(page, "duplicate-fix-dialog", "phone", "fr")
    page.keyboard.press("Escape")
    checked(page)
    shoot(page, "duplicate-fix", "phone", "fr")


@pytest.mark.parametrize(("size", "lang"), [("tablet", "fr"), ("phone", "nl")])
def test_a_typed_draw_corrected_and_a_draw_new_in_full(browser, contexts, live_server, size, lang):
    ruleset = {"fr": "scrabble-fr", "nl": "scrabble-nl"}[lang]
    game = Game.create(live_server, ruleset, PLAYERS, typed=True)
    page = open_at(browser, contexts, f"{game.arbiter_url}#token={game.token}", size, lang)
    page.fill("#typed", "eairstn")
    page.keyboard.press("Enter")
    expect(page.locator("body")).to_have_attribute("data-phase", "play")
    with_n = [p for p in game.best(limit=200) if "N" in p["move"].split()[1]]
    ref, word = fisf(with_n[0]["move"])
    type_slip(page, "1", word, ref, str(with_n[0]["score"]))
    assert "\n" + str(with_n[0]["score"]) in ruled(page)

    # The room's draw held an L, not the N: corrected, the slip ruled again.
    page.focus("#redraw-open")
    page.keyboard.press("Enter")
    assert page.input_value("#redraw-letters") == "AEINRST"
    page.keyboard.type("eairstl")
    page.keyboard.press("Enter")
    words = {
        "fr": "Coup 1\u00a0: remplacer le tirage AEINRST par EAIRSTL\u00a0? ",
        "nl": "Zet 1: de letters AEINRST vervangen door EAIRSTL? ",
    }
    expect(page.locator("#confirm-text")).to_contain_text(words[lang])
    page.keyboard.press("Enter")
    note = {"fr": "Tirage corrigé par l’arbitre.", "nl": "Letters gecorrigeerd door de arbiter."}
    expect(page.locator("#draw-note")).to_have_text(note[lang])
    assert game.get()["draw"] == "AEILRST"
    nulls = {"fr": "nul\u00a0: lettre absente du tirage", "nl": "ongeldig: een letter die niet"}
    expect(page.locator("#slips tbody tr").first).to_contain_text(nulls[lang])
    assert slips_of(game, 1)[0]["null"] == "not-from-draw"
    expect(page.locator("#ruling")).to_be_empty()  # it ruled on the draw replaced
    shoot(page, "duplicate-redraw", size, lang)

    # Move 2: the rack left went back with the room's short draw, seven new tiles.
    page.click("#close-round")
    page.keyboard.press("Enter")
    expect(page.locator("body")).to_have_attribute("data-phase", "draw")
    page.fill("#typed", "ouebcdm")
    page.check("#typed-rejected")
    page.keyboard.press("Enter")
    expect(page.locator("body")).to_have_attribute("data-phase", "play")
    round_ = game.get()["rounds"][1]
    assert round_["rejected"] and round_["draw"] == "BCDEMOU"
    expect(page.locator("#draw-line .tile.kept")).to_have_count(0)
    new = {
        "fr": "Nouveau tirage complet\u00a0: le reliquat a été remis dans le sac.",
        "nl": "Helemaal nieuwe letters: de restletters gingen terug in de zak.",
    }
    expect(page.locator("#draw-note")).to_have_text(new[lang])
    expect(page.locator("#fix-done")).to_be_empty()  # move 1's correction is not news now
    checked(page)
    shoot(page, "duplicate-rejected", size, lang)
    room = open_at(browser, contexts, game.room_url, size, lang)
    expect(room.locator("#draw-area .note")).to_have_text(new[lang])
    expect(room.locator("#draw-area .tile.kept")).to_have_count(0)


def test_an_answer_overtaken_by_a_correction_never_brings_the_slip_back(
    browser, contexts, live_server
):
    game = Game.create(live_server, "scrabble-fr", ["Ann", "Bob"], seed="lent")
    game.post("draw", {})
    game.post("slips", {"player": 0, "word": "", "reference": None})
    page = open_at(browser, contexts, f"{game.arbiter_url}#token={game.token}", "tablet", "en")
    rows = page.locator("#slips tbody tr")
    expect(rows).to_have_count(1)
    path = f"**/api/v1/duplicates/{game.id}"
    held = []
    page.route(
        path,
        lambda route: (
            route.continue_() if held or route.request.method != "GET" else held.append(route)
        ),
    )
    with page.expect_request(path):  # the page asks again when it is looked at
        page.evaluate("document.dispatchEvent(new Event('visibilitychange'))")
    rows.first.locator("button.fix").click()
    page.click("#fix-withdraw")
    page.click("#confirm-ok")
    expect(rows).to_have_count(0)
    with page.expect_response(path) as older:
        held[0].continue_()
    older.value.finished()
    page.evaluate("() => new Promise((done) => setTimeout(done, 100))")  # its answer is read
    page.unroute(path)
    expect(rows).to_have_count(0)
    expect(page.locator("#missing")).to_have_text("No slip yet (2): 1 Ann, 2 Bob")
