"""A house list edited on a real gunicorn: both workers serve the new version
(its words, its checksum, its word graph) within about a second, no restart."""

from __future__ import annotations

import json
import re
import time
import urllib.parse
import urllib.request
from concurrent.futures import ThreadPoolExecutor

import pytest

from adjudicator.services.house_lists import create_house_list
from adjudicator.services.registry import open_registry
from adjudicator.settings import Settings
from tests.conftest import CONFIG, LEXICONS, running_gunicorn

pytestmark = [pytest.mark.e2e, pytest.mark.slow]

RELOADED = re.compile(r"lexicons reloaded in process (\d+): [^\"]*\bclub-ru\b")


def get(url: str, path: str, **query: str) -> dict:
    with urllib.request.urlopen(f"{url}{path}?{urllib.parse.urlencode(query)}", timeout=10) as r:
        return json.load(r)


def checked(url: str, word: str) -> tuple[bool, str]:
    body = get(
        url, f"/api/v1/words/{urllib.parse.quote(word)}", ruleset="erudite-ru", lexicon="club-ru"
    )
    return body["valid"], body["lexicon"]["checksum"]


def found(url: str, rack: str) -> list[str]:
    query = {"ruleset": "erudite-ru", "lexicon": "club-ru", "anagram": rack}
    return get(url, "/api/v1/words/search", **query)["words"]


def test_both_workers_serve_an_edit_within_a_second(tmp_path):
    data = tmp_path / "data"
    settings = Settings.from_env(
        env={"ADJUDICATOR_DATA_DIR": str(data)}, config_dir=CONFIG, lexicon_dir=LEXICONS
    )
    # Made before the start: the master loads it, both workers have it.
    create_house_list(settings, open_registry(settings), "club-ru", "ru-erudite", by="admin")
    env = {"ADJUDICATOR_DATA_DIR": str(data), "ADJUDICATOR_ADMIN_KEY": "director"}
    with running_gunicorn(tmp_path, **env) as (url, log):
        valid, before = checked(url, "тёщенька")
        assert not valid
        body = json.dumps(
            {"word": "ТЁЩЕНЬКА", "action": "add", "why": "Ожегов", "ruleset": "erudite-ru"}
        ).encode()
        request = urllib.request.Request(
            f"{url}/api/v1/house-lists/club-ru/entries",
            data=body,
            headers={"Content-Type": "application/json", "Authorization": "Bearer director"},
        )
        offset = len(log.read_text())
        with urllib.request.urlopen(request, timeout=10) as resp:
            assert resp.status == 201
            after = json.load(resp)["checksum"]
        edited = time.monotonic()
        assert after != before
        # Two requests at a time, so that both workers answer, until each has
        # said in the log that it loaded the new version.
        with ThreadPoolExecutor(2) as pool:
            while len(set(RELOADED.findall(log.read_text()[offset:]))) < 2:
                assert time.monotonic() - edited < 10, log.read_text()[offset:]
                list(pool.map(lambda _: checked(url, "ТЕЩЕНЬКА"), range(2)))
            took = time.monotonic() - edited
            answers = list(pool.map(lambda _: checked(url, "тещенька"), range(40)))
            searched = list(pool.map(lambda _: found(url, "АКНЕЩЬТЕ"), range(10)))
        assert answers == [(True, after)] * 40
        # Each worker's patched graph has the word (erudite-ru spells it with Е).
        assert searched == [["ТЕЩЕНЬКА"]] * 10
        print(f"both workers served the edit {took:.2f} s after it was made")
