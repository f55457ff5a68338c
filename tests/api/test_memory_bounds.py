"""The per-process caches stay within their bytes: replayed games (their cost
estimate checked against tracemalloc) and the rate-limit windows of ``memory://``."""

from __future__ import annotations

import gc
import tracemalloc
import typing as t
from types import SimpleNamespace

import pytest
from limits import parse

from adjudicator.services import games as games_service
from adjudicator.services.game_events import EventIn
from adjudicator.services.game_view import Game
from adjudicator.services.games import GameCache
from adjudicator.web.runtime import limits as limits_module
from adjudicator.web.runtime.extension import runtime
from adjudicator.web.runtime.limits import WINDOW_BYTES, ProcessWindows
from tests.conftest import ROOT, make_app

RECORDS = sorted((ROOT / "tests" / "data" / "games").glob("*.gcg"))


def _held(build: t.Callable[[], object]) -> int:
    """The bytes that what ``build`` returns holds: those freed when it is dropped
    (tracemalloc), so that caches filled on the way do not count."""
    gc.freeze()  # collections then look only at what ``build`` made: much faster
    tracemalloc.start()
    try:
        built = build()
        gc.collect()
        held = tracemalloc.get_traced_memory()[0]
        del built
        gc.collect()
        return held - tracemalloc.get_traced_memory()[0]
    finally:
        tracemalloc.stop()
        gc.unfreeze()


@pytest.fixture(scope="module")
def games(tmp_path_factory):
    db = tmp_path_factory.mktemp("bounds") / "games.db"
    app = make_app(db, game_cache_bytes=123_456)
    yield runtime(app).games
    runtime(app).store.dispose()


def test_the_budget_is_a_setting(games):
    assert games.cache.max_bytes == 123_456


def _long_game(games: games_service.Games, exchanges: int) -> str:
    out = games.create("scrabble-en", ["Ann", "Bob"])
    for version in range(exchanges):
        spec = EventIn(type="exchange", player=version % 2, count=7)
        games.add_event(out.id, out.token, version, spec)
    return out.id


def test_a_replayed_game_costs_no_more_than_its_estimate(games):
    ids = [games.import_gcg(path.read_bytes()).id for path in RECORDS]
    ids.append(_long_game(games, 100))
    for id_ in ids:
        events = len(games.load(id_).events)
        measured = _held(lambda id_=id_: games.load(id_))
        estimate = games_service.GAME_BYTES + games_service.EVENT_BYTES * events
        assert 0 < measured <= estimate, (id_, events, measured, estimate)


def test_the_game_cache_drops_the_least_recently_read():
    cache = GameCache(max_bytes=2 * games_service.GAME_BYTES)
    # Games with no state (None, and stand-in events below): the cache only counts events.
    for id_ in "ab":
        cache.keep(Game(SimpleNamespace(id=id_), [], None))  # type: ignore[arg-type]
    assert cache.get("a", 0) is not None  # read: now the most recent
    cache.keep(Game(SimpleNamespace(id="c"), [], None))  # type: ignore[arg-type]
    assert list(cache.games) == ["a", "c"] and cache.used <= cache.max_bytes


def test_an_older_replay_does_not_replace_a_newer_game():
    """Threads of a worker share the cache: one that replayed version 1 while
    another wrote version 2 keeps nothing."""
    cache = GameCache()
    # Stand-in events and no state: the cache only counts the events.
    newer = Game(SimpleNamespace(id="a"), [object(), object()], None)  # type: ignore[arg-type]
    cache.keep(newer)
    cache.keep(Game(SimpleNamespace(id="a"), [object()], None))  # type: ignore[arg-type]
    assert cache.get("a", 2) is newer and cache.used == games_service._cost(newer)


def test_threads_keep_the_cache_consistent():
    import threading

    cache = GameCache(max_bytes=20 * games_service.GAME_BYTES)

    def churn(n: int) -> None:
        for i in range(2000):
            # No state: the cache only counts the events.
            cache.keep(Game(SimpleNamespace(id=f"{(i * 7 + n) % 40}"), [], None))  # type: ignore[arg-type]
            cache.get(f"{(i + n) % 40}", 0)

    threads = [threading.Thread(target=churn, args=(n,)) for n in range(4)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    assert cache.used == sum(games_service._cost(g) for g in cache.games.values())


PER_MINUTE, WRITES = parse("6000/minute"), parse("120/minute")


def _address(i: int) -> str:
    """The longest text an IPv6 peer address takes."""
    return f"addr:2001:0db8:ffff:ffff:ffff:ffff:{i >> 16:04x}:{i & 0xFFFF:04x}"


def test_rate_windows_stay_within_their_bytes():
    budget = 64 * 1024

    def flood() -> ProcessWindows:
        windows = ProcessWindows(max_bytes=budget)
        for i in range(3 * windows.capacity):  # far more clients than fit
            windows.hit(PER_MINUTE, _address(i))
            windows.hit(WRITES, f"writes/{_address(i)}")
        for i in range(windows.capacity // 2):  # counts past 256 are objects too
            for _ in range(260):
                windows.hit(PER_MINUTE, _address(i))
        return windows

    assert 0 < _held(flood) <= budget


def test_a_new_window_goes_last_and_the_oldest_is_dropped(monkeypatch):
    now = [600.0]  # the start of minute 10
    monkeypatch.setattr(limits_module.time, "time", lambda: now[0])
    windows = ProcessWindows(max_bytes=2 * WINDOW_BYTES)  # room for two counts
    two = parse("2/minute")
    assert windows.hit(two, "a") and windows.hit(two, "b")
    now[0] += 60  # minute 11: a's count starts again, after b's
    assert windows.hit(two, "a") and windows.hit(two, "a") and not windows.hit(two, "a")
    assert windows.hit(two, "c")  # b's window is the oldest: dropped
    assert windows.get_window_stats(two, "a").remaining == 0
    assert windows.get_window_stats(two, "b").remaining == 2
    assert windows.hit(two, "d")  # then a's: a client forgotten counts afresh
    assert windows.hit(two, "a")


def test_a_refused_client_stays_refused_while_it_fits(monkeypatch):
    monkeypatch.setattr(limits_module.time, "time", lambda: 600.0)
    windows = ProcessWindows(max_bytes=100 * WINDOW_BYTES)
    one = parse("1/minute")
    assert windows.hit(one, "a")
    for i in range(50):
        windows.hit(one, f"other-{i}")
    assert not windows.hit(one, "a")


def test_with_limits_of_two_lengths_past_windows_go_first(monkeypatch):
    now = [600.0]
    monkeypatch.setattr(limits_module.time, "time", lambda: now[0])
    windows = ProcessWindows(max_bytes=3 * WINDOW_BYTES)  # room for three counts
    second, minute = parse("100/second"), parse("5/minute")
    assert windows.hit(minute, "a") and windows.hit(minute, "a")
    assert windows.hit(second, "b1") and windows.hit(second, "b2")  # full
    now[0] += 5  # b1's and b2's seconds are past; a's minute is not
    assert windows.hit(minute, "c") and windows.hit(minute, "d")
    assert windows.get_window_stats(minute, "a").remaining == 3  # a's count kept
    assert windows.get_window_stats(minute, "c").remaining == 4
