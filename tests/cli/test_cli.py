from __future__ import annotations

import json

from adjudicator.cli import cli
from tests.conftest import board_rows


def test_score_prints_breakdown(runner):
    result = runner.invoke(cli, ["score", "--ruleset", "scrabble-en", "8D", "WINDY"])
    assert result.exit_code == 0, result.output
    assert "WINDY" in result.output and "32" in result.output.splitlines()[-1]


def test_score_with_board_file(runner, tmp_path):
    board = tmp_path / "board.txt"
    board.write_text("\n".join(board_rows(r7="...WINDY")), encoding="utf-8")
    result = runner.invoke(
        cli, ["score", "--ruleset", "scrabble-en", "--board", str(board), "9D", "OX"]
    )
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[-1].split() == ["total", "23"]


def test_score_illegal_exits_non_zero(runner):
    result = runner.invoke(cli, ["score", "--ruleset", "scrabble-en", "8A", "QI"])
    assert result.exit_code == 1
    assert "misses-start" in result.output


def test_rulesets(runner):
    result = runner.invoke(cli, ["rulesets"])
    assert result.exit_code == 0
    assert "erudite-ru" in result.output and "scrabble-en-9" in result.output


def test_check_words(runner):
    result = runner.invoke(cli, ["check", "--ruleset", "scrabble-en", "QI", "x-ray"])
    assert result.exit_code == 1  # one word is not valid
    assert "valid   QI" in result.output
    assert "contains-hyphen" in result.output


def test_challenge_prints_ruling_and_consequence(runner, tmp_path, monkeypatch):
    monkeypatch.setenv("ADJUDICATOR_DATABASE_URL", f"sqlite:///{tmp_path / 'cli.db'}")
    result = runner.invoke(
        cli, ["challenge", "--ruleset", "scrabble-en", "--rule", "double", "QI", "ZAX"]
    )
    assert result.exit_code == 0, result.output
    assert result.output.startswith("ACCEPTABLE")
    assert "challenger loses their next turn" in result.output
    assert "sha256:" in result.output
    phony = runner.invoke(cli, ["challenge", "--ruleset", "scrabble-en", "QI", "ZQX"])
    assert phony.output.startswith("UNACCEPTABLE") and "ZQX" in phony.output
    assert "INVALID" not in phony.output  # hidden unless --reveal


def test_lexicon_list_and_info(runner):
    listed = runner.invoke(cli, ["lexicon", "list"])
    assert listed.exit_code == 0 and "en-enable" in listed.output
    assert "ru-opencorpora" in listed.output
    info = runner.invoke(cli, ["lexicon", "info", "ru-opencorpora"])
    assert info.exit_code == 0 and "OpenCorpora" in info.output
    missing = runner.invoke(cli, ["lexicon", "info", "nope"])
    assert missing.exit_code == 2 and "unknown-lexicon" in missing.output  # a usage error


def test_lexicon_build_from_a_word_list(runner, tmp_path):
    words = tmp_path / "club.txt"
    words.write_bytes(b"\xef\xbb\xbfcat\r\ndog\r\nx-ray\r\nParis\r\n")
    out = tmp_path / "lex"
    # Paris makes the list mixed-case, and cat, dog are Polish letters too: say both.
    build = ["lexicon", "build", "--wordlist", str(words), "--name", "club", "--out", str(out)]
    result = runner.invoke(
        cli, [*build, "--case", "proper-nouns-capitalised", "--alphabet", "english"]
    )
    assert result.exit_code == 0, result.output
    assert "club: 2 words" in result.output and "hyphen" in result.output
    assert (out / "club.marisa").exists() and (out / "club.yaml").exists()
    # A broken file is refused and the installed lexicon stays as it was.
    before = (out / "club.marisa").read_bytes()
    bad = tmp_path / "bad.txt"
    bad.write_bytes(b"\x00\x01binary")
    refused = runner.invoke(
        cli, ["lexicon", "build", "--wordlist", str(bad), "--name", "club", "--out", str(out)]
    )
    assert refused.exit_code == 1 and "lexicon-build-failed" in refused.output
    assert (out / "club.marisa").read_bytes() == before


def test_lexicon_build_needs_a_source(runner):
    result = runner.invoke(cli, ["lexicon", "build"])
    assert result.exit_code == 2


def test_lexicon_recall(runner, tmp_path):
    words = tmp_path / "nouns.txt"
    words.write_text("кошка\nбетоноукладчик\nстолы\nвуз\nбаба-яга\n", "utf-8")
    result = runner.invoke(cli, ["lexicon", "recall", str(words), "--ruleset", "erudite-ru"])
    assert result.exit_code == 0, result.output
    assert "2 of 4 single words accepted, 50.00%; 1 phrases set aside" in result.output
    assert "accepted through hunspell-ru: 1" in result.output
    assert "abbreviation: 1 (25.00%)" in result.output
    result = runner.invoke(
        cli, ["lexicon", "recall", str(words), "--ruleset", "erudite-ru", "--json"]
    )
    assert json.loads(result.output)["by_source"] == {"pymorphy3-dicts-ru": 1, "hunspell-ru": 1}
