"""The ``adjudicator`` command: serve, score, rulesets, check, lexicon ..."""

from __future__ import annotations

import json
import sys
import typing as t
from pathlib import Path

import click

from adjudicator.cli_finder import plays
from adjudicator.cli_lexicons import lexicon
from adjudicator.core.challenge import ChallengeRule
from adjudicator.errors import AdjudicatorError, InputError, NotFoundError
from adjudicator.services.answer import to_data

if t.TYPE_CHECKING:
    from adjudicator.services.plays import ScoreResponse
from adjudicator.settings import Settings


def _registry() -> t.Any:
    from adjudicator.services.registry import open_registry

    return open_registry(Settings.from_env())


def _print_json(answer: t.Any) -> None:
    """An answer as the API gives it, indented."""
    click.echo(json.dumps(to_data(answer), ensure_ascii=False, indent=2))


class _Group(click.Group):
    """A domain error from any command is printed as ``code: detail``: exit status 2
    when the command was asked wrongly (malformed input, an unknown name), else 1."""

    def invoke(self, ctx: click.Context) -> t.Any:
        try:
            return super().invoke(ctx)
        except (InputError, NotFoundError) as exc:
            raise click.UsageError(f"{exc.code}: {exc.detail}", ctx) from exc
        except AdjudicatorError as exc:
            raise click.ClickException(f"{exc.code}: {exc.detail}") from exc


@click.group(cls=_Group)
@click.version_option(package_name="adjudicator")
def cli() -> None:
    """Word validation, placement scoring and challenge adjudication.

    check, challenge and score exit with status 0 when every word or the play is
    acceptable, 1 when not (an invalid word, an UNACCEPTABLE ruling, an illegal
    placement), and 2 on a usage error (a wrong option, an unknown ruleset or
    lexicon, malformed input). Each takes --lexicon to rule with a loaded list
    instead of the ruleset's own.
    """


_LEXICON = click.option(
    "--lexicon",
    "lexicon_name",
    help="A loaded lexicon to rule with (default: the ruleset's; see `lexicon list`).",
)


@cli.command()
@click.option("--host", default="127.0.0.1", show_default=True)
@click.option("--port", default=8000, show_default=True, type=int)
@click.option("--workers", default=2, show_default=True, type=int)
@click.option(
    "--threads", default=4, show_default=True, type=int, help="Requests each worker serves at once."
)
def serve(host: str, port: int, workers: int, threads: int) -> None:
    """Run the service under gunicorn on the embedded defaults."""
    from adjudicator.services.admin_key import admin_key
    from adjudicator.serving.server import run_gunicorn

    settings = Settings.from_env()
    key, generated = admin_key(settings)
    # These lines are for the person at the terminal, on stdout: stderr carries
    # the JSON log lines only.  The key itself only to a terminal, never into a
    # file or a service's journal.
    click.echo(f"data: {settings.data_dir}  (ADJUDICATOR_DATA_DIR)")
    if generated and _on_terminal():
        click.echo(f"admin key, shown this once (`adjudicator admin-key` shows it again): {key}")
    elif generated:
        click.echo(
            f"admin key: made into {settings.admin_key_file}; `adjudicator admin-key` shows it"
        )
    elif not settings.admin_key:
        click.echo(f"admin key: in {settings.admin_key_file}; `adjudicator admin-key` shows it")
    for old in settings.old_databases():
        click.echo(
            f"note: an earlier release's database is at {old}; the service uses the "
            f"data folder's. To keep its games: stop, then move it to "
            f"{settings.data_dir / 'adjudicator.db'}"
        )
    # The address only once the app has loaded and the port is bound.
    run_gunicorn(
        host,
        port,
        workers,
        when_ready=lambda: click.echo(
            f"adjudicator listening on http://{host}:{port}/  (Ctrl-C to stop)"
        ),
        threads=threads,
    )


def _on_terminal() -> bool:
    """stdout is a terminal (not a file, a pipe or a journal)."""
    return sys.stdout.isatty()


@cli.command("admin-key")
def admin_key_command() -> None:
    """Print the admin key: ADJUDICATOR_ADMIN_KEY, else the one in the data folder
    (made now if the service has never started)."""
    from adjudicator.services.admin_key import admin_key

    click.echo(admin_key(Settings.from_env())[0])


@cli.command()
def rulesets() -> None:
    """List the rulesets loaded from the config folder."""
    from adjudicator.services.rulesets import list_rulesets, stand_in_warnings

    registry = _registry()
    for r in list_rulesets(registry).rulesets:
        lexicon = f"{r.stand_in} (stand-in)" if r.stand_in else r.lexicon or "-"
        click.echo(f"{r.name:<18} {r.language:<4} {lexicon:<20} {r.title}")
    for warning in stand_in_warnings(registry):
        click.echo(f"warning: {warning}", err=True)


@cli.command()
@click.option("--ruleset", required=True, help="Ruleset name, e.g. scrabble-en.")
@click.option(
    "--board",
    "board_file",
    type=click.Path(exists=True, dir_okay=False, path_type=Path),
    help="Text file: one line per board row, '.' for empty squares.",
)
@click.option("--json", "as_json", is_flag=True, help="Print the JSON the API would answer.")
@click.option("--validate", is_flag=True, help="Also check every word formed.")
@_LEXICON
@click.argument("coordinate")
@click.argument("word")
def score(
    ruleset: str,
    board_file: Path | None,
    as_json: bool,
    validate: bool,
    lexicon_name: str | None,
    coordinate: str,
    word: str,
) -> None:
    """Score a move in GCG notation, e.g. ``8D WINDY`` (``.`` plays through a tile);
    exit status 1 when it is illegal, or with --validate when a word is not valid."""
    from adjudicator.services.plays import score_play

    board = None
    if board_file is not None:
        board = [
            ln.strip() for ln in board_file.read_text(encoding="utf-8").splitlines() if ln.strip()
        ]
    result = score_play(
        _registry(),
        ruleset,
        board=board,
        move=f"{coordinate} {word}",
        validate=validate or lexicon_name is not None,  # a lexicon is named to check with
        lexicon_name=lexicon_name,
    )
    if as_json:
        _print_json(result)
    else:
        _print_score(result)
    if result.get("all_valid") is False:
        sys.exit(1)


def _print_score(result: ScoreResponse) -> None:
    for w in result["words"]:
        letters = " ".join(
            f"{lt['display']}{lt['value']}"
            + (f"x{lt['letter_multiplier']}L" if lt["letter_multiplier"] > 1 else "")
            + (f"x{lt['word_multiplier']}W" if lt["word_multiplier"] > 1 else "")
            for lt in w["letters"]
        )
        tag = "main " if w["main"] else "cross"
        valid = "" if "valid" not in w else ("  valid" if w["valid"] else "  INVALID")
        click.echo(f"{tag} {w['display']:<15} {w['score']:>4}   {letters}{valid}")
    if result["bingo"]:
        click.echo(f"bingo bonus {result['bingo_bonus']:>13}")
    click.echo(f"total {result['score']:>19}")


@cli.command()
@click.option("--ruleset", required=True, help="Ruleset name, e.g. erudite-ru.")
@click.option("--json", "as_json", is_flag=True, help="Print the JSON the API would answer.")
@_LEXICON
@click.argument("words", nargs=-1, required=True)
def check(ruleset: str, as_json: bool, lexicon_name: str | None, words: tuple[str, ...]) -> None:
    """Check words; exit status 1 if any is not valid."""
    from adjudicator.services.words import check_words

    result = check_words(_registry(), ruleset, list(words), lexicon_name=lexicon_name)
    if as_json:
        _print_json(result)
    else:
        lex = result["lexicon"]
        click.echo(f"{result['ruleset']} / {lex['name']} {lex['version']}{_stand_in(lex)}")
        for r in result["results"]:
            why = f"  {r['reason']['code']}: {r['reason']['detail']}" if "reason" in r else ""
            click.echo(f"{'valid  ' if r['valid'] else 'INVALID'} {r['word']}{why}")
    if not all(r["valid"] for r in result["results"]):
        sys.exit(1)


@cli.command()
@click.option("--ruleset", required=True)
@click.option(
    "--rule",
    type=click.Choice([r.value for r in ChallengeRule]),
    help="Challenge rule (default: the ruleset's).",
)
@click.option("--reveal", is_flag=True, help="Say which word failed (director use).")
@_LEXICON
@click.argument("words", nargs=-1, required=True)
def challenge(
    ruleset: str, rule: str | None, reveal: bool, lexicon_name: str | None, words: tuple[str, ...]
) -> None:
    """Rule on a challenge of WORDS (the play as a whole); recorded in the audit trail.
    Exit status 1 when the play is UNACCEPTABLE."""
    from adjudicator.services.audit import open_trail
    from adjudicator.services.challenges import rule_on_challenge

    result = rule_on_challenge(
        _registry(),
        open_trail(Settings.from_env()),
        ruleset,
        words=list(words),
        rule=ChallengeRule(rule) if rule else None,
        reveal=reveal,
        asked_by="cli",
        lexicon_name=lexicon_name,
    )
    lex = result.lexicon
    shown = [w if isinstance(w, str) else w.word for w in result.words]
    click.echo(f"{result.verdict.upper()}  ({' '.join(shown)})")
    for w in result.words:
        if not isinstance(w, str):
            click.echo(f"  {'valid  ' if w.valid else 'INVALID'} {w.word}")
    click.echo(f"rule: {result.rule}; {result.consequence.summary}")
    click.echo(f"lexicon: {lex['name']} {lex['version']} {lex['checksum']}{_stand_in(lex)}")
    click.echo(f"adjudication id: {result.id}")
    if result.verdict != "acceptable":
        sys.exit(1)


def _stand_in(lex: t.Mapping[str, t.Any]) -> str:
    return " (stand-in: the ruleset's own list is not loaded)" if lex.get("stand_in") else ""


cli.add_command(lexicon)
cli.add_command(plays)


def main() -> None:  # pragma: no cover - console entry point
    cli(prog_name="adjudicator")


if __name__ == "__main__":  # pragma: no cover
    main()
