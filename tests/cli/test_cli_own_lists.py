"""A tournament's own list from the command line: --lexicon wherever a ruling is
made, exit statuses 0 / 1 / 2, and two editions side by side."""

from __future__ import annotations

import pytest

from adjudicator.cli import cli


@pytest.fixture()
def lists(runner, tmp_path, monkeypatch):
    """Two editions of a club list, built into this test's data folder."""
    monkeypatch.setenv("ADJUDICATOR_DATA_DIR", str(tmp_path))
    monkeypatch.setenv("ADJUDICATOR_DATABASE_URL", f"sqlite:///{tmp_path / 'cli.db'}")
    for name, words in (("club1", "cat\ndog\nqi\nzax\n"), ("club2", "cat\ndog\nqi\nzaxes\nok\n")):
        source = tmp_path / f"{name}.txt"
        source.write_text(words, encoding="utf-8")
        built = runner.invoke(
            cli,
            [
                "lexicon",
                "build",
                "--wordlist",
                str(source),
                "--name",
                name,
                "--ruleset",
                "scrabble-en",
            ],
        )
        assert built.exit_code == 0, built.output
    return tmp_path


def test_check_rules_with_the_named_list(runner, lists):
    ok = runner.invoke(cli, ["check", "--ruleset", "scrabble-en", "--lexicon", "club2", "OK"])
    assert ok.exit_code == 0 and "valid   OK" in ok.output and "club2" in ok.output
    default = runner.invoke(cli, ["check", "--ruleset", "scrabble-en", "OK"])  # ENABLE lacks OK
    assert default.exit_code == 1 and "INVALID OK" in default.output


def test_challenge_and_score_take_the_list_too(runner, lists):
    good = ["challenge", "--ruleset", "scrabble-en", "--lexicon", "club1", "ZAX"]
    ruled = runner.invoke(cli, good)
    assert ruled.exit_code == 0 and ruled.output.startswith("ACCEPTABLE")
    assert "lexicon: club1" in ruled.output
    phony = runner.invoke(
        cli, ["challenge", "--ruleset", "scrabble-en", "--lexicon", "club2", "ZAX"]
    )
    assert phony.exit_code == 1 and phony.output.startswith("UNACCEPTABLE")
    scored = runner.invoke(
        cli, ["score", "--ruleset", "scrabble-en", "--lexicon", "club1", "8G", "QI"]
    )
    assert scored.exit_code == 0 and "valid" in scored.output
    invalid = runner.invoke(
        cli, ["score", "--ruleset", "scrabble-en", "--lexicon", "club2", "8G", "ZAX"]
    )
    assert invalid.exit_code == 1 and "INVALID" in invalid.output


@pytest.mark.parametrize(
    "args",
    [
        ["check", "--ruleset", "scrabble-en", "--lexicon", "nope", "QI"],
        ["check", "--ruleset", "nope", "QI"],
        ["challenge", "--ruleset", "scrabble-en", "--lexicon", "ru-opencorpora", "QI"],
        ["score", "--ruleset", "scrabble-en", "8H", "Q!"],
        ["check", "--ruleset", "scrabble-en", "--no-such-option", "QI"],
    ],
)
def test_a_usage_error_exits_2(runner, lists, args):
    result = runner.invoke(cli, args)
    assert result.exit_code == 2, result.output


def test_the_help_says_the_exit_statuses(runner):
    text = runner.invoke(cli, ["--help"]).output
    assert "0 when every word or the play is" in text and "2 on a usage error" in text


def test_lexicon_diff_lists_added_and_removed_words(runner, lists):
    result = runner.invoke(cli, ["lexicon", "diff", "club1", "club2"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[:3] == ["+ OK", "+ ZAXES", "- ZAX"]
    assert lines[-1] == "club2 against club1: 2 added, 1 removed"
    counts = runner.invoke(cli, ["lexicon", "diff", "--counts", "club1", "club2"])
    assert counts.output.splitlines() == [lines[-1]]
    other = runner.invoke(cli, ["lexicon", "diff", "club1", "ru-opencorpora"])
    assert other.exit_code == 2 and "lexicons-not-comparable" in other.output


@pytest.fixture()
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("ADJUDICATOR_DATA_DIR", str(tmp_path))
    monkeypatch.setenv("ADJUDICATOR_DATABASE_URL", f"sqlite:///{tmp_path / 'cli.db'}")
    return tmp_path


def build_list(runner, folder, name, words, *options):
    source = folder / f"{name}.txt"
    source.write_text(words, encoding="utf-8")
    args = ["lexicon", "build", "--wordlist", str(source), "--name", name, *options]
    return runner.invoke(cli, args)


def test_a_list_built_for_erudite_accepts_yo_and_ye_alike(runner, data_dir):
    built = build_list(runner, data_dir, "rutiny", "кот\nпёс\nстолы\n", "--ruleset", "erudite-ru")
    assert built.exit_code == 0, built.output
    assert "serves rulesets: erudite-ru" in built.output
    words = ["пёс", "пес", "столы"]
    ruled = runner.invoke(cli, ["check", "--ruleset", "erudite-ru", "--lexicon", "rutiny", *words])
    assert ruled.exit_code == 0 and ruled.output.count("valid   ") == 3, ruled.output
    other = runner.invoke(cli, ["check", "--ruleset", "scrabble-ru", "--lexicon", "rutiny", "кот"])
    assert other.exit_code == 2 and "cannot spell" in other.output


def test_a_mixed_case_list_is_built_once_the_case_is_named(runner, data_dir):
    words = "cat\ndog\nqi\nQI\nZA\nXYZZY\n"
    refused = build_list(runner, data_dir, "club", words)
    assert refused.exit_code == 1 and "wordlist-mixed-case" in refused.output
    assert "--case words" in refused.output
    built = build_list(
        runner, data_dir, "club", words, "--case", "words", "--ruleset", "scrabble-en"
    )
    assert built.exit_code == 0 and "club: 5 words" in built.output, built.output
    ruled = runner.invoke(cli, ["check", "--ruleset", "scrabble-en", "--lexicon", "club", "XYZZY"])
    assert ruled.exit_code == 0 and "valid   XYZZY" in ruled.output


def test_an_unknown_ruleset_for_a_build_is_a_usage_error(runner, data_dir):
    result = build_list(runner, data_dir, "club", "qi\n", "--ruleset", "nope")
    assert result.exit_code == 2 and "unknown-ruleset" in result.output
