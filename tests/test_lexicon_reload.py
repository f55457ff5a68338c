"""Lexicons loaded while the service runs: the watch, and a real gunicorn's
workers seeing a new list without a restart."""

from __future__ import annotations

import json
import re
import time
import urllib.error
import urllib.request
from concurrent.futures import ThreadPoolExecutor

import pytest

from adjudicator.services.lexicon_watch import LexiconWatch, bump_generation, read_generation
from adjudicator.services.lexicons import build_lexicon
from adjudicator.services.registry import LiveRegistry, open_registry
from adjudicator.settings import Settings
from tests.conftest import CONFIG, LEXICONS, running_gunicorn


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def settings_for(data) -> Settings:
    env = {"ADJUDICATOR_DATA_DIR": str(data)}
    return Settings.from_env(env=env, config_dir=CONFIG, lexicon_dir=LEXICONS)


def build(settings: Settings, name: str, words: str) -> None:
    source = settings.data_dir / f"{name}.txt"
    source.parent.mkdir(parents=True, exist_ok=True)
    source.write_text(words, encoding="utf-8")
    # As `adjudicator lexicon build` builds it: the trie, then its word graph.
    build_lexicon(settings, wordlist=source, name=name, ruleset="scrabble-en", license="club")


def test_a_worker_reloads_at_most_once_a_second_and_only_on_a_change(tmp_path):
    settings = settings_for(tmp_path)
    live = LiveRegistry(open_registry(settings))
    before = live.current
    seen = []
    live.on_replace(seen.append)
    clock = Clock()
    watch = LexiconWatch(live, settings, clock=clock)
    assert "club" not in live.current.lexicons
    build(settings, "club", "cat\nok\n")
    assert not watch.poll()  # checked less than a second ago
    clock.now += 1.0
    assert watch.poll() and "club" in live.current.lexicons
    assert live.current.checker("scrabble-en", "club").check("OK")["valid"]
    # A new snapshot replaced the old one, which is as it was; listeners heard.
    assert "club" not in before.lexicons and seen == [before, live.current]
    assert live.current.rulesets is before.rulesets  # a reload changes the lexicons only
    clock.now += 5
    assert not watch.poll()  # nothing changed since
    assert "en-enable" in live.current.lexicons  # the bundled ones stay


def test_two_changes_are_never_one(tmp_path):
    settings = settings_for(tmp_path)
    first, second = bump_generation(settings), bump_generation(settings)
    assert first != second and read_generation(settings) == second


def test_a_broken_list_leaves_the_loaded_ones_serving(tmp_path):
    settings = settings_for(tmp_path)
    live = LiveRegistry(open_registry(settings))
    clock = Clock()
    watch = LexiconWatch(live, settings, clock=clock)
    settings.loaded_lexicon_dir.mkdir(parents=True)
    (settings.loaded_lexicon_dir / "bad.yaml").write_text("name: bad\n", encoding="utf-8")
    bump_generation(settings)
    clock.now += 2
    before = live.current
    assert not watch.poll()
    assert live.current is before


def word_status(url: str, word: str, lexicon: str) -> int:
    query = f"/api/v1/words/{word}?ruleset=scrabble-en&lexicon={lexicon}"
    try:
        with urllib.request.urlopen(url + query, timeout=5) as resp:
            return resp.status if json.load(resp)["valid"] else 0
    except urllib.error.HTTPError as exc:
        return exc.code


RELOADED = re.compile(r"lexicons reloaded in process (\d+): [^\"]*\bclub\b")


def upload(url: str, name: str, words: str) -> int:
    req = urllib.request.Request(
        f"{url}/api/v1/lexicons?name={name}&ruleset=scrabble-en",
        data=words.encode(),
        headers={"Content-Type": "text/plain", "Authorization": "Bearer director"},
    )
    with urllib.request.urlopen(req, timeout=10) as resp:
        return resp.status


@pytest.mark.slow
@pytest.mark.parametrize("how", ["build", "upload"])
def test_every_worker_of_a_real_server_sees_a_new_list_without_a_restart(tmp_path, how):
    """Two workers; requests go two at a time so that both answer, and each says in
    the log when it loaded the list (built by the CLI's service, or uploaded)."""
    data = tmp_path / "data"
    settings = settings_for(data)
    env = {"ADJUDICATOR_DATA_DIR": str(data), "ADJUDICATOR_ADMIN_KEY": "director"}
    with running_gunicorn(tmp_path, **env) as (url, log):
        assert word_status(url, "OK", "club") == 404  # no such lexicon yet
        start = time.monotonic()
        if how == "build":
            build(settings, "club", "cat\nok\n")
        else:
            assert upload(url, "club", "cat\nok\n") == 201
        with ThreadPoolExecutor(2) as pool:
            while len(set(RELOADED.findall(log.read_text()))) < 2:
                assert time.monotonic() - start < 10, log.read_text()
                list(pool.map(lambda _: word_status(url, "OK", "club"), range(2)))
            took = time.monotonic() - start
            answers = list(pool.map(lambda _: word_status(url, "OK", "club"), range(40)))
        assert answers == [200] * 40
        assert took < 5, f"{took:.1f} s"
        print(f"both workers served the new list {took:.2f} s after the {how}")


def lexicon_info(url: str, name: str) -> dict[str, float]:
    """adjudicator_lexicon_info of ``name``: checksum -> value, as /metrics says."""
    with urllib.request.urlopen(url + "/metrics", timeout=10) as resp:
        text = resp.read().decode()
    pattern = rf'^adjudicator_lexicon_info\{{([^}}]*\blexicon="{name}"[^}}]*)\}} (\S+)$'
    found = {}
    for labels, value in re.findall(pattern, text, re.M):
        found[re.search(r'checksum="([^"]+)"', labels)[1]] = float(value)
    return found


@pytest.mark.slow
def test_the_metrics_of_a_real_server_follow_a_replaced_list(tmp_path):
    """Under gunicorn every process writes its own metrics file, the master's
    too (it loads the lists before it forks): a list there at start-up and then
    replaced reads 0 once the workers reloaded, not the master's 1."""
    data = tmp_path / "data"
    build(settings_for(data), "club", "cat\nok\n")  # loaded by the master at start-up
    env = {"ADJUDICATOR_DATA_DIR": str(data), "ADJUDICATOR_ADMIN_KEY": "director"}
    with running_gunicorn(tmp_path, **env) as (url, _):
        first = lexicon_info(url, "club")
        assert list(first.values()) == [1.0]
        assert plays_count(url, "QI", "club") == 0  # the list has no QI yet
        assert upload(url, "club", "cat\nok\nqi\n") == 201
        deadline = time.monotonic() + 10
        with ThreadPoolExecutor(2) as pool:
            while time.monotonic() < deadline:
                list(pool.map(lambda _: word_status(url, "QI", "club"), range(4)))
                now = lexicon_info(url, "club")
                if len(now) == 2 and sorted(now.values()) == [0.0, 1.0]:
                    break
                time.sleep(0.3)
        (old,) = first
        assert now[old] == 0.0 and [v for k, v in now.items() if k != old] == [1.0], now
        # The replaced list's word graph came with it: each worker finds QI once
        # it has reloaded (within a second of its next request).
        deadline = time.monotonic() + 5
        with ThreadPoolExecutor(2) as pool:
            while (
                counts := list(pool.map(lambda _: plays_count(url, "QI", "club"), range(8)))
            ) != [4] * 8:
                assert time.monotonic() < deadline, counts
                time.sleep(0.3)


def plays_count(url: str, rack: str, lexicon: str) -> int:
    body = {"ruleset": "scrabble-en", "rack": rack, "lexicon": lexicon}
    req = urllib.request.Request(
        f"{url}/api/v1/plays", data=json.dumps(body).encode(), headers=JSON
    )
    with urllib.request.urlopen(req, timeout=10) as resp:
        return int(json.load(resp)["count"])


JSON = {"Content-Type": "application/json"}
