"""``adjudicator plays``: every legal play of a rack on a board, best first."""

from __future__ import annotations

import json
from pathlib import Path

import click

from adjudicator.services.answer import to_data
from adjudicator.services.registry import open_registry
from adjudicator.settings import Settings


@click.command()
@click.option("--ruleset", required=True, help="Ruleset name, e.g. scrabble-en.")
@click.option(
    "--board",
    "board_file",
    type=click.Path(exists=True, dir_okay=False, path_type=Path),
    help="Text file: one line per board row, '.' for empty squares (default: empty).",
)
@click.option("--rack", required=True, help="The rack in GCG notation: AEINRST?, [CH] a digraph.")
@click.option("--lexicon", "lexicon_name", help="A loaded lexicon other than the ruleset's.")
@click.option("--limit", default=20, show_default=True, type=click.IntRange(1, 1000))
@click.option("--json", "as_json", is_flag=True, help="Print the JSON the API would answer.")
def plays(
    ruleset: str,
    board_file: Path | None,
    rack: str,
    lexicon_name: str | None,
    limit: int,
    as_json: bool,
) -> None:
    """The best plays of RACK on the board, and how many legal plays there are."""
    from adjudicator.services.moves import find_plays

    board = None
    if board_file is not None:
        lines = board_file.read_text(encoding="utf-8").splitlines()
        board = [ln.strip() for ln in lines if ln.strip()]
    result = find_plays(
        open_registry(Settings.from_env()),
        ruleset,
        rack,
        board=board,
        lexicon_name=lexicon_name,
        limit=limit,
    )
    if as_json:
        click.echo(json.dumps(to_data(result), ensure_ascii=False, indent=2))
        return
    lex = result["lexicon"]
    count = f"{result['count']:,}" if result["count_exact"] else f"at least {result['count']:,}"
    click.echo(f"{result['ruleset']} / {lex['name']} {lex['version']}: {count} plays")
    if not result["plays_exact"]:
        click.echo("(the search stopped at its budget: the best it found)")
    for play in result["plays"]:
        words = " ".join(w["display"] for w in play["words"][1:])
        also = f"  (also {words})" if words else ""
        bingo = "  bingo" if play["bingo"] else ""
        # A move in several lines: each part's main word.
        move = " + ".join(part["move"] for part in play.get("parts", ())) or play["move"]
        click.echo(f"{play['score']:>5}  {move}{bingo}{also}")
