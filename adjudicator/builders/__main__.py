"""``python -m adjudicator.builders [NAME ...]``: rebuild lexicons from their recipes.

Used by ``scripts/build-lexicons.sh`` until the CLI grows ``lexicon build``.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from adjudicator.errors import AdjudicatorError
from adjudicator.loaders import load_config

from . import build_from_recipes, find_recipes


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m adjudicator.builders",
        description="Rebuild lexicons from config/lexicons/*.yaml.",
    )
    parser.add_argument("names", nargs="*", help="recipes to build (default: all)")
    parser.add_argument("--config", type=Path, default=Path("config"))
    parser.add_argument("--out", type=Path, default=Path("lexicons"))
    args = parser.parse_args(argv)
    try:
        alphabets = load_config(args.config).alphabets
        recipes = find_recipes(args.config / "lexicons")
        unknown = sorted(set(args.names) - set(recipes))
        if unknown:
            parser.error(f"no recipe {', '.join(unknown)}; known: {', '.join(recipes)}")
        names = args.names or list(recipes)
        print(f"building {', '.join(names)} ...", flush=True)
        for report in build_from_recipes([recipes[n] for n in names], args.out, alphabets):
            print(report.summary(), flush=True)
    except AdjudicatorError as exc:
        print(f"error: {exc.detail}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
