"""``adjudicator lexicon``: list, inspect, compare and build lexicons."""

from __future__ import annotations

import json
from pathlib import Path

import click

from adjudicator.services.registry import open_registry
from adjudicator.settings import Settings


@click.group()
def lexicon() -> None:
    """List, inspect and build lexicons."""


@lexicon.command("list")
def lexicon_list() -> None:
    """The loaded lexicons and the rulesets that use them."""
    from adjudicator.services.lexicons import list_lexicons

    for row in list_lexicons(open_registry(Settings.from_env())).lexicons:
        m = row.manifest
        if "house" in m:
            house = m["house"]
            click.echo(
                f"{row.name:<18} {m.get('version', ''):<22} house list on "
                f"{house['base']['name']}: {house['additions']} added, "
                f"{house['removals']} removed  [{', '.join(row.rulesets) or '-'}]"
            )
            continue
        click.echo(
            f"{row.name:<18} {m.get('version', ''):<22} {m.get('word_count', 0):>9,} "
            f"words  {m.get('license', '')}  [{', '.join(row.rulesets) or '-'}]"
        )


@lexicon.command("diff")
@click.argument("base")
@click.argument("other")
@click.option("--counts", is_flag=True, help="Only the counts, not the words.")
def lexicon_diff(base: str, other: str, counts: bool) -> None:
    """The words OTHER adds to BASE (+) and those it drops (-), and their counts.

    A version of a house list is NAME@VERSION: its number, or its checksum (as
    a ruling records it, or its first 8 digits or more)."""
    from adjudicator.services.lexicon_diff import diff_lexicons

    diff = diff_lexicons(open_registry(Settings.from_env()), base, other)
    if not counts:
        for word in diff.added:
            click.echo(f"+ {word}")
        for word in diff.removed:
            click.echo(f"- {word}")
    click.echo(f"{other} against {base}: {diff.added_count} added, {diff.removed_count} removed")


@lexicon.command("info")
@click.argument("name")
def lexicon_info(name: str) -> None:
    """Print a lexicon's manifest."""
    from adjudicator.services.lexicons import lexicon_manifest

    manifest = lexicon_manifest(open_registry(Settings.from_env()), name)
    click.echo(json.dumps(manifest, ensure_ascii=False, indent=2, default=str))


@lexicon.command("build")
@click.argument("recipe", required=False)
@click.option(
    "--wordlist",
    type=click.Path(exists=True, dir_okay=False, path_type=Path),
    help="A plain word list (one word per line): a tournament's licensed list.",
)
@click.option("--name", help="Name of the lexicon built from --wordlist, e.g. nwl2023.")
@click.option(
    "--ruleset",
    help="The ruleset the list is for: its alphabet, fold (Ё->Е) and language.",
)
@click.option(
    "--alphabet",
    help="Alphabet of the word list (config/alphabets); default: the ruleset's, "
    "or the one that spells the words.",
)
@click.option("--language", help="Language code; default: the ruleset's.")
@click.option(
    "--case",
    type=click.Choice(["words", "proper-nouns-capitalised"]),
    help="For a list that mixes cases: every entry is a word, or entries with a "
    "capital are proper nouns (dropped).",
)
@click.option(
    "--version", "version_", default="1", show_default=True, help="Version of the word list."
)
@click.option("--license", "license_", default="proprietary", show_default=True)
@click.option(
    "--base",
    help="Build a house list on this lexicon: its --add and --remove entries on top.",
)
@click.option(
    "--add",
    "add_file",
    type=click.Path(exists=True, dir_okay=False, path_type=Path),
    help="A house list's additions: a word a line, a tab and why after it if you like.",
)
@click.option(
    "--remove",
    "remove_file",
    type=click.Path(exists=True, dir_okay=False, path_type=Path),
    help="A house list's removals, as --add.",
)
@click.option("--by", default="admin", show_default=True, help="Who makes a house list's entries.")
@click.option("--why", default="", help="Why, for entries whose line gives no reason.")
@click.option(
    "--out",
    type=click.Path(file_okay=False, path_type=Path),
    help="Target folder (default: the data folder's lexicons/, where the service "
    "loads it without a restart; scripts/build-lexicons.sh rebuilds the bundled ones).",
)
def lexicon_build(
    recipe: str | None,
    wordlist: Path | None,
    name: str | None,
    ruleset: str | None,
    alphabet: str | None,
    language: str | None,
    case: str | None,
    version_: str,
    license_: str,
    base: str | None,
    add_file: Path | None,
    remove_file: Path | None,
    by: str,
    why: str,
    out: Path | None,
) -> None:
    """Build RECIPE (config/lexicons/RECIPE.yaml), a --wordlist, or a house list
    (--base) into a lexicon.

    A word list is the words a ruleset accepts: its morphological filter does
    not apply. The build reports what it dropped, by reason, and the rulesets
    the lexicon serves. It writes to temporary files and renames them into
    place, so a refused file leaves the installed lexicon serving.

    A house list (--base NAME --add FILE --remove FILE --name HOUSE) is the
    base's words with the additions and without the removals, each entry with
    who made it, when and why; building it again adds the files' entries to it.
    """
    from adjudicator.services.lexicons import build_lexicon

    if base is not None:
        if recipe is not None or wordlist is not None or not name:
            raise click.UsageError(
                "--base builds a house list: give --name, not RECIPE or --wordlist"
            )
        _build_house(name, base, add_file, remove_file, ruleset, by, why)
        return
    if add_file is not None or remove_file is not None:
        raise click.UsageError("--add and --remove build a house list: give its --base")
    if (recipe is None) == (wordlist is None):
        raise click.UsageError("give a RECIPE name or --wordlist FILE (with --name)")
    if wordlist is not None and not name:
        raise click.UsageError("--wordlist needs --name")
    report = build_lexicon(
        Settings.from_env(),
        recipe=recipe,
        wordlist=wordlist,
        name=name,
        ruleset=ruleset,
        alphabet=alphabet,
        language=language,
        case=case,
        version=version_,
        license=license_,
        out=out,
    )
    click.echo(report.summary())


def _build_house(
    name: str,
    base: str,
    add_file: Path | None,
    remove_file: Path | None,
    ruleset: str | None,
    by: str,
    why: str,
) -> None:
    from adjudicator.core.house import HouseAction
    from adjudicator.services.house_lists import build_house_list

    entries = [
        (action, word, reason or why)
        for action, path in ((HouseAction.ADD, add_file), (HouseAction.REMOVE, remove_file))
        if path is not None
        for word, reason in _entry_lines(path)
    ]
    settings = Settings.from_env()
    report = build_house_list(
        settings, open_registry(settings), name, base, entries, by=by, why=why, ruleset=ruleset
    )
    made = report.house_list
    click.echo(
        f"house list {made.name} on {made.base.name}: version {made.version} "
        f"({made.checksum}), {made.additions} additions, {made.removals} removals"
        + (", made now" if report.made else "")
    )
    if report.unchanged:
        click.echo(f"already so, left as they are: {', '.join(report.unchanged)}")


def _entry_lines(path: Path) -> list[tuple[str, str]]:
    """A word a line, and after a tab why; blank lines and # comments skipped."""
    out = []
    for line in path.read_text(encoding="utf-8-sig").splitlines():
        word, _, reason = line.partition("\t")
        if word.strip() and not word.lstrip().startswith("#"):
            out.append((word.strip(), reason.strip()))
    return out


@lexicon.command("recall")
@click.argument("words_file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--ruleset", required=True, help="The ruleset to judge the words under.")
@click.option("--lexicon", "lexicon_name", help="A lexicon other than the ruleset's own.")
@click.option("--json", "as_json", is_flag=True, help="The report as JSON.")
def lexicon_recall(words_file: Path, ruleset: str, lexicon_name: str | None, as_json: bool) -> None:
    """How many words of WORDS_FILE (one per line) RULESET accepts, and why not the others."""
    from adjudicator.services.recall import measure_recall

    lines = words_file.read_text(encoding="utf-8-sig").splitlines()
    report = measure_recall(open_registry(Settings.from_env()), ruleset, lines, lexicon_name)
    if as_json:
        click.echo(report.model_dump_json(indent=2))
        return
    click.echo(
        f"{report.ruleset} ({report.lexicon}): {report.accepted:,} of {report.words:,} "
        f"single words accepted, {report.share:.2%}; {report.set_aside:,} phrases set aside"
    )
    for source, n in report.by_source.items():
        click.echo(f"  accepted through {source}: {n:,}")
    for row in report.rejected:
        click.echo(f"  {row.code}: {row.count:,} ({row.count / report.words:.2%})")
        click.echo(f"    e.g. {' '.join(row.examples)}")


@lexicon.command("graph")
@click.argument("names", nargs=-1)
def lexicon_graph(names: tuple[str, ...]) -> None:
    """Rebuild the word graph (the move generator's) of the NAMES lexicons, or of
    every loaded one; each is written beside its lexicon."""
    from adjudicator.services.lexicons import rebuild_graphs

    for report in rebuild_graphs(Settings.from_env(), names):
        click.echo(f"{report.lexicon}: {report.summary()}")
