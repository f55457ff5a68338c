"""The duplicate section: closing a Duplicate round of 100 slips (issue 35: a
median within 1 s).

Made rounds: seeded French Duplicate games (``scrabble-fr``) played with the
service's own core, each round's top placed, ``games`` games of ``rounds``
rounds.  For every made round, 100 slips: the round's plays by the generator,
best first (a play repeats when there are fewer), one in ten with a wrong
score, one in ten with no reference (found again by its written score, at a
penalty), one in ten with a word the draw cannot make.

* **core**: the close as the issue counts it, the top found by the generator
  (``core.movegen.generate`` and ``core.duplicate_top.choose_top``) plus the
  ruling of the 100 slips (``core.duplicate.rule_slip`` with the lexicon's
  checker): median, 95th percentile and maximum ms over the made rounds.
* **request**: the same games through the app's WSGI callable (the test
  client): a game of 100 players, each round's draw typed in, its 100 slips
  posted (each ruled as it comes: their median ms is reported too), then
  ``POST .../close`` timed, beside ``GET /ping`` through the same callable,
  alternately; the close's median ms, and its ratio to ping's.
"""

from __future__ import annotations

import statistics
import tempfile
import time
import typing as t
from dataclasses import dataclass
from pathlib import Path

if t.TYPE_CHECKING:
    from adjudicator.core.board import Board
    from adjudicator.loaders import Registry

RULESET = "scrabble-fr"
SLIPS = 100


@dataclass(frozen=True, slots=True)
class MadeRound:
    board: Board
    draw: tuple[int, ...]
    number: int
    rejected: bool
    slips: tuple[tuple[str, str | None, int | None], ...]  # word, FISF reference, score


def run(registry: Registry, games: int = 2, rounds: int = 8) -> dict[str, t.Any]:
    try:
        from adjudicator.core.duplicate_top import choose_top  # noqa: F401
    except ImportError:  # a release before Duplicate games, measured by --against
        return {"rounds": 0, "missing": "no Duplicate games in this tree"}
    per_game = [made_rounds(registry, f"bench-{g}", rounds) for g in range(games)]
    made = [r for game in per_game for r in game]
    return {
        "rounds": len(made),
        "slips": SLIPS,
        "core": _figures(core_times(registry, made)),
        "request": requests(per_game),
    }


def made_rounds(registry: Registry, seed: str, rounds: int) -> list[MadeRound]:
    """A seeded game's first ``rounds`` rounds: each board, draw and slips."""
    from adjudicator.core.duplicate_draw import seeded_draw
    from adjudicator.core.duplicate_game import draw_fits, start, with_close, with_draw
    from adjudicator.core.duplicate_top import choose_top
    from adjudicator.core.movegen import generate
    from adjudicator.services.moves import finder_words

    rules = registry.ruleset(RULESET)
    words, _ = finder_words(registry, rules, None)
    state = start(rules, ["bench"])
    out = []
    for number in range(1, rounds + 1):
        drawn = seeded_draw(rules, state.bag(), state.kept(), number, seed)
        if drawn is None:
            break
        rejected = not draw_fits(state, drawn)
        state = with_draw(state, drawn, typed=True, rejected=rejected)
        found = sorted(generate(state.board, rules, words, drawn), key=lambda f: -f.score)
        if not found:
            break
        slips = tuple(_slip(rules, found[k % len(found)], k) for k in range(SLIPS))
        out.append(MadeRound(state.board, tuple(drawn), number, rejected, slips))
        state = with_close(state, choose_top(rules, found), ends=False)
    return out


def _slip(rules: t.Any, play: t.Any, k: int) -> tuple[str, str | None, int | None]:
    from adjudicator.core.coords import ACROSS, DOWN, Coord
    from adjudicator.core.references import write_reference

    ref = write_reference(Coord(play.row, play.col, ACROSS if play.across else DOWN))
    word = rules.alphabet.render(play.tiles)
    if k % 10 == 7:
        return "ZZZZZZZ", ref, play.score
    if k % 10 == 8:
        return word, None, play.score
    return word, ref, play.score + (1 if k % 10 == 9 else 0)


def core_times(registry: Registry, made: list[MadeRound]) -> list[float]:
    from adjudicator.core.duplicate import SlipIn, rule_slip
    from adjudicator.core.duplicate_top import choose_top
    from adjudicator.core.movegen import generate
    from adjudicator.core.references import parse_reference
    from adjudicator.services.moves import finder_words

    rules = registry.ruleset(RULESET)
    words, _ = finder_words(registry, rules, None)
    checker = registry.checker(RULESET)

    def accepts(tiles: t.Sequence[int]) -> bool:
        return checker.judge(tiles) is None

    times = []
    for r in made:
        slips = [
            SlipIn(i % 100, w, parse_reference(ref) if ref else None, score)
            for i, (w, ref, score) in enumerate(r.slips)
        ]
        start = time.perf_counter()
        choose_top(rules, generate(r.board, rules, words, list(r.draw)))
        for slip in slips:
            rule_slip(rules, r.board, r.draw, slip, accepts, round_no=r.number)
        times.append((time.perf_counter() - start) * 1000)
    return times


def requests(per_game: list[list[MadeRound]]) -> dict[str, t.Any]:
    """The made games again through the app: slips posted, each close timed."""
    from adjudicator.services.duplicate_view import rack_text
    from adjudicator.web import create_app
    from adjudicator.web.runtime.extension import runtime

    with tempfile.TemporaryDirectory(prefix="adjudicator-duplicate-") as tmp:
        app = create_app(
            {
                "database_url": f"sqlite:///{Path(tmp) / 'd.db'}",
                "ratelimit_default": "off",
                "log_level": "WARNING",
            }
        )
        client = app.test_client()
        rules = runtime(app).registry.ruleset(RULESET)
        players = [f"P{i:03}" for i in range(SLIPS)]
        closes, pings, slips = [], [], []
        for game in per_game:
            body = {"ruleset": RULESET, "players": players, "typed": True}
            created = client.post("/api/v1/duplicates", json=body).get_json()
            url, h = f"/api/v1/duplicates/{created['id']}", {"X-Game-Token": created["token"]}
            for r in game:
                letters = rack_text(rules, r.draw)
                answer = client.post(
                    f"{url}/draw", json={"letters": letters, "rejected": r.rejected}, headers=h
                )
                _ok(answer, "draw")
                for i, (word, ref, score) in enumerate(r.slips):
                    one = {"player": i, "word": word, "reference": ref, "score": score}
                    start = time.perf_counter()
                    _ok(client.post(f"{url}/slips", json=one, headers=h), "slip")
                    slips.append((time.perf_counter() - start) * 1000)
                pings.append(_timed(lambda: client.get("/ping")))
                closes.append(
                    _timed(lambda u=url, k=h: client.post(f"{u}/close", json={}, headers=k))
                )
                pings.append(_timed(lambda: client.get("/ping")))
        runtime(app).store.dispose()
    close_ms = statistics.median(closes)
    ping_ms = statistics.median(pings)
    return {
        "close": _figures(closes),
        "ping_median_ms": round(ping_ms, 3),
        "close_to_ping": round(close_ms / ping_ms, 1),
        "slip_median_ms": round(statistics.median(slips), 2),
        "slip_max_ms": round(max(slips), 1),
    }


def _timed(call: t.Callable[[], t.Any]) -> float:
    start = time.perf_counter()
    answer = call()
    elapsed = (time.perf_counter() - start) * 1000
    _ok(answer, "request")
    return elapsed


def _ok(answer: t.Any, what: str) -> None:
    if answer.status_code >= 300:
        raise RuntimeError(f"{what}: {answer.status_code} {answer.get_data(as_text=True)[:300]}")


def _figures(ms: list[float]) -> dict[str, float]:
    order = sorted(ms)
    return {
        "n": len(order),
        "median_ms": round(statistics.median(order), 1),
        "p95_ms": round(order[min(len(order) - 1, int(len(order) * 0.95))], 1),
        "max_ms": round(order[-1], 1),
    }
