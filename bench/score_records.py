"""In-process scoring speed over every tile play of the shared GCG records.

Replays each record once to collect (board before, placement) pairs, then
times ``score_placement`` on each pair with ``time.perf_counter_ns`` over a
few repetitions and prints the count with the median and mean microseconds
per call.  The same figure is part of the full suite (``bench/run``).

    python bench/score_records.py [--repeat 5] [--gcg-dir ../shared/data/gcg]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO_ROOT))

from adjudicator.loaders import load_config  # noqa: E402
from bench.inprocess import scoring  # noqa: E402
from bench.records import DEFAULT_GCG_DIR, collect  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--gcg-dir", type=Path, default=DEFAULT_GCG_DIR)
    args = parser.parse_args()
    if not args.gcg_dir.is_dir():
        print(f"no GCG folder at {args.gcg_dir}", file=sys.stderr)
        return 1
    cases = collect(args.gcg_dir, load_config(REPO_ROOT / "config"))
    got = scoring(cases, repeat=args.repeat)
    print(
        f"placements: {got['placements']}  "
        f"(x{args.repeat} repetitions, {got['placements'] * args.repeat} calls)"
    )
    print(
        f"score_placement: median {got['median_us']:.1f} us, mean {got['mean_us']:.1f} us per call"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
