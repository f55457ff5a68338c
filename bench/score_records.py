"""In-process scoring speed over every tile play of the shared GCG records.

Replays each record once to collect (board before, placement) pairs, then
times ``score_placement`` on each pair with ``time.perf_counter_ns`` over a
few repetitions and prints the count with the median and mean microseconds
per call.

    python bench/score_records.py [--repeat 5] [--gcg-dir ../shared/data/gcg]
"""

from __future__ import annotations

import argparse
import csv
import statistics
import sys
import time
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO_ROOT))

from adjudicator.core.board import Board  # noqa: E402
from adjudicator.core.coords import parse_coord  # noqa: E402
from adjudicator.core.gcg import GcgError, Play, decode_gcg, parse_gcg, replay  # noqa: E402
from adjudicator.core.placement import Placement, from_move  # noqa: E402
from adjudicator.core.scoring import score_placement  # noqa: E402
from adjudicator.loaders import load_config  # noqa: E402


def collect(gcg_dir: Path) -> list[tuple[Board, Placement, object]]:
    registry = load_config(REPO_ROOT / "config")
    with (gcg_dir / "SOURCES.tsv").open(encoding="utf-8") as fh:
        language = {
            row["local_file"]: row["language/lexicon"].split("/")[0]
            for row in csv.DictReader(fh, delimiter="\t")
        }
    cases = []
    for path in sorted(gcg_dir.glob("*/*.gcg")):
        rel = path.relative_to(gcg_dir).as_posix()
        rules = registry.ruleset("scrabble-pl" if language.get(rel) == "polish" else "scrabble-en")
        try:
            record = parse_gcg(decode_gcg(path.read_bytes()))
        except GcgError as exc:  # an unreadable record is not a scoring case
            print(f"skipped {rel}: {exc}", file=sys.stderr)
            continue
        moves = replay(record, rules)
        for i, move in enumerate(moves):
            if not isinstance(move.event, Play) or move.error is not None:
                continue
            before = moves[i - 1].board if i else Board.empty(rules.layout.rows, rules.layout.cols)
            tiles = rules.alphabet.tokenize(move.event.word, extra={".": None})
            placement = from_move(before, parse_coord(move.event.coord), tiles)
            cases.append((before, placement, rules))
    return cases


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--gcg-dir", type=Path, default=REPO_ROOT.parent / "shared/data/gcg")
    args = parser.parse_args()
    if not args.gcg_dir.is_dir():
        print(f"no GCG folder at {args.gcg_dir}", file=sys.stderr)
        return 1
    cases = collect(args.gcg_dir)
    for board, placement, rules in cases:  # warm-up
        score_placement(board, placement, rules)
    per_call: list[float] = []
    for _ in range(args.repeat):
        for board, placement, rules in cases:
            start = time.perf_counter_ns()
            score_placement(board, placement, rules)
            per_call.append((time.perf_counter_ns() - start) / 1000)
    print(f"placements: {len(cases)}  (x{args.repeat} repetitions, {len(per_call)} calls)")
    print(
        f"score_placement: median {statistics.median(per_call):.1f} us, "
        f"mean {statistics.fmean(per_call):.1f} us per call"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
