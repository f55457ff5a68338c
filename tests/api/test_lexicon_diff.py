"""GET /api/v1/lexicons/{base}/diff/{other}: two editions of one list compared."""

from __future__ import annotations

from adjudicator.builders import build_wordlist
from adjudicator.loaders import load_config
from tests.conftest import CONFIG, make_app


def test_the_diff_of_two_editions(tmp_path):
    alphabet = load_config(CONFIG).alphabets["english"]
    data = tmp_path / "data"
    for name, words in (("ed1", "cat\ndog\nzax\n"), ("ed2", "cat\ndog\nzaxes\nok\n")):
        source = tmp_path / f"{name}.txt"
        source.write_text(words, encoding="utf-8")
        build_wordlist(source, name, alphabet, data / "lexicons", "en", "1", "club", min_length=2)
    app = make_app(tmp_path / "t.db", data_dir=str(data))
    c = app.test_client()
    r = c.get("/api/v1/lexicons/ed1/diff/ed2")
    assert r.status_code == 200
    assert r.get_json() == {
        "base": "ed1",
        "other": "ed2",
        "added_count": 2,
        "removed_count": 1,
        "added": ["OK", "ZAXES"],
        "removed": ["ZAX"],
        "truncated": False,
    }
    short = c.get("/api/v1/lexicons/ed1/diff/ed2?limit=1").get_json()
    assert short["added"] == ["OK"] and short["added_count"] == 2 and short["truncated"]
    assert c.get("/api/v1/lexicons/ed1/diff/nope").get_json()["code"] == "unknown-lexicon"
    mixed = c.get("/api/v1/lexicons/ed1/diff/ru-opencorpora")
    assert mixed.status_code == 422 and mixed.get_json()["code"] == "lexicons-not-comparable"
    assert c.get("/api/v1/lexicons/ed1/diff/ed2?limit=x").status_code == 400
