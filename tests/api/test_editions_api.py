"""The word endpoints, challenges, the judge page and club games in every
national edition, each on a small list built for its ruleset under the name of
its own lexicon (the product builds the real ones: ``adjudicator lexicon build
<code>-hunspell``)."""

from __future__ import annotations

import urllib.parse

import pytest

from adjudicator.services.lexicons import build_lexicon
from adjudicator.settings import Settings
from adjudicator.web.runtime.extension import runtime
from tests.conftest import CONFIG, LEXICONS, admin_headers, make_app

# Per edition: a few words of its own list, a word it accepts as typed (accents,
# digraphs, ß), and what the answer names as the word judged.
EDITIONS = {
    "scrabble-fr": ("été\ncœur\nchevaux\n", "Été", "ETE"),
    "scrabble-de": ("straße\nhäuser\nging\n", "Straße", "STRASSE"),
    "scrabble-es": ("chico\nperro\ncanción\n", "chico", "[CH]ICO"),
    "scrabble-ca": ("col·legi\nany\nqüestió\n", "qüestió", "QUESTIO"),
    "scrabble-pl": ("źdźbło\nżółw\nkotami\n", "ŻÓŁW", "ŻÓŁW"),
    "scrabble-it": ("pizza\nperché\nciao\n", "perché", "PERCHE"),
    "scrabble-it-spear": ("", "ciao", "CIAO"),  # the same lexicon as scrabble-it
    "scrabble-nl": ("ijs\nhuizen\néén\n", "één", "EEN"),
    "scrabble-pt": ("ação\ncoração\ncasa\n", "coração", "CORAÇAO"),
    "scrabble-ro": ("țară\ncasă\nmunte\n", "țară", "TARA"),
    "scrabble-uk": ("м'ясо\nкіт\nґанок\n", "м’ясо", "М'ЯСО"),
}


def lexicon_of(ruleset: str) -> str:
    return ruleset.split("-")[1] + "-hunspell"


@pytest.fixture(scope="module")
def client(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("editions")
    settings = Settings.from_env(
        env={"ADJUDICATOR_DATA_DIR": str(tmp / "data")}, config_dir=CONFIG, lexicon_dir=LEXICONS
    )
    for ruleset, (words, _, _) in EDITIONS.items():
        if words:
            source = tmp / f"{ruleset}.txt"
            source.write_text(words, encoding="utf-8")
            build_lexicon(settings, wordlist=source, name=lexicon_of(ruleset), ruleset=ruleset)
    app = make_app(tmp / "db.sqlite", data_dir=str(tmp / "data"))
    yield app.test_client()
    runtime(app).store.dispose()


@pytest.mark.parametrize("ruleset", sorted(EDITIONS))
def test_a_word_is_judged_in_each_edition(client, ruleset):
    _, typed, judged = EDITIONS[ruleset]
    lexicon = lexicon_of(ruleset)
    word = urllib.parse.quote(typed)
    r = client.get(f"/api/v1/words/{word}?ruleset={ruleset}")
    assert r.status_code == 200, r.get_json()
    body = r.get_json()
    assert body["valid"] and body["word"] == judged
    assert body["lexicon"]["name"] == lexicon
    phony = client.get(f"/api/v1/words/{urllib.parse.quote(typed + typed)}?ruleset={ruleset}")
    assert phony.status_code == 200 and phony.get_json()["valid"] is False


def test_a_spanish_answer_names_the_tiling_and_the_fold(client):
    checked = client.post(
        "/api/v1/words/check",
        json={"ruleset": "scrabble-es", "words": ["CHICO", "canción"]},
    ).get_json()["results"]
    assert checked[0]["tiles"] == ["[CH]", "I", "C", "O"] and checked[0]["tilings"] == 2
    assert checked[1]["folded"] == {"ó": "o"} and checked[1]["valid"]


def test_a_challenge_in_spanish_rules_on_the_play_as_a_whole(client):
    r = client.post(
        "/api/v1/challenges", json={"ruleset": "scrabble-es", "words": ["chico", "perro"]}
    )
    assert r.status_code == 201, r.get_json()
    assert r.get_json()["verdict"] == "acceptable"
    wrong = client.post(
        "/api/v1/challenges", json={"ruleset": "scrabble-es", "words": ["chico", "perra"]}
    ).get_json()
    assert wrong["verdict"] == "unacceptable" and "valid" not in str(wrong["words"])
    # Asked for, the ruling names the tiling it judged and the folds.
    revealed = client.post(
        "/api/v1/challenges",
        json={"ruleset": "scrabble-es", "words": ["chico", "canción"], "reveal": True},
        headers=admin_headers(client.application),
    ).get_json()["words"]
    assert revealed[0]["word"] == "[CH]ICO" and revealed[0]["tilings"] == 2
    assert revealed[1]["folded"] == {"ó": "o"} and "tilings" not in revealed[1]


def test_the_judge_page_offers_every_edition_with_a_lexicon(client):
    html = client.get("/judge").get_data(as_text=True)
    for ruleset in EDITIONS:
        assert f'value="{ruleset}"' in html, ruleset


@pytest.mark.parametrize(
    ("ruleset", "move", "rack", "score"),
    [
        ("scrabble-de", "8G BÄR", "BÄRENST", 20),
        ("scrabble-es", "8G [CH]ICO", "[CH]ACEIOR", 20),
        ("scrabble-ca", "8G QUAN", "AEIQUNRS", 20),
        ("scrabble-uk", "8G М'ЯСО", "М'ЯСОАК", 38),
        ("scrabble-pl", "8G ŻÓŁW", "ŻÓŁWABC", 28),  # (Ż 5 + Ó 5 + Ł 3 + W 1) x2
    ],
)
def test_a_club_game_is_kept_in_each_edition(client, ruleset, move, rack, score):
    game = client.post("/api/v1/games", json={"ruleset": ruleset, "players": ["A", "B"]})
    assert game.status_code == 201, game.get_json()
    body = game.get_json()
    auth = {"Authorization": f"Bearer {body['token']}"}
    r = client.post(
        f"/api/v1/games/{body['id']}/events",
        json={"version": 0, "type": "play", "player": 0, "move": move, "rack": rack},
        headers=auth,
    )
    assert r.status_code == 201, r.get_json()
    assert r.get_json()["scores"] == [score, 0]
