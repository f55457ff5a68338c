"""A house list from the command line: `lexicon build --base --add --remove`,
built again to add entries, its versions compared by `lexicon diff`."""

from __future__ import annotations

import pytest

from adjudicator.cli import cli


@pytest.fixture()
def data(tmp_path, monkeypatch):
    monkeypatch.setenv("ADJUDICATOR_DATA_DIR", str(tmp_path))
    monkeypatch.setenv("ADJUDICATOR_DATABASE_URL", f"sqlite:///{tmp_path / 'cli.db'}")
    (tmp_path / "added.txt").write_text(
        "\ufeff# words the club plays\nамбарушка\tОжегов\nЁЛОЧНИК\tДаль, т. 1\n\nаморалка\n",
        encoding="utf-8",
    )
    (tmp_path / "struck.txt").write_text("кошка\tthe committee\n", encoding="utf-8")
    return tmp_path


def build(runner, data, *args):
    return runner.invoke(
        cli,
        ["lexicon", "build", "--base", "ru-erudite", "--name", "club-ru", *args],
    )


def check(runner, *words, ruleset="erudite-ru"):
    return runner.invoke(cli, ["check", "--ruleset", ruleset, "--lexicon", "club-ru", *words])


def test_build_a_house_list_then_add_to_it(runner, data):
    made = build(
        runner,
        data,
        "--add",
        str(data / "added.txt"),
        "--remove",
        str(data / "struck.txt"),
        "--by",
        "arbiter",
        "--why",
        "Ефремова",
    )
    assert made.exit_code == 0, made.output
    assert "house list club-ru on ru-erudite: version 5" in made.output
    assert "3 additions, 1 removals, made now" in made.output
    ok = check(runner, "амбарушка", "ёлочник", "елочник", "аморалка")
    assert ok.exit_code == 0, ok.output
    struck = check(runner, "кошка")
    assert struck.exit_code == 1 and "removed-by-house-list" in struck.output
    listed = runner.invoke(cli, ["lexicon", "list"]).output
    assert "house list on ru-erudite: 3 added, 1 removed" in listed
    info = runner.invoke(cli, ["lexicon", "info", "club-ru"])
    assert '"additions": 3' in info.output and '"name": "ru-erudite"' in info.output
    # Built again: the new entry is added, those already so are left alone.
    (data / "more.txt").write_text("амбарушка\nавторша\n", encoding="utf-8")
    again = build(runner, data, "--add", str(data / "more.txt"), "--why", "Ефремова")
    assert again.exit_code == 0, again.output
    assert "version 6" in again.output and "already so, left as they are: амбарушка" in again.output
    diff = runner.invoke(cli, ["lexicon", "diff", "club-ru@5", "club-ru"])
    assert diff.exit_code == 0 and diff.output.splitlines()[0] == "+ АВТОРША"
    assert "1 added, 0 removed" in diff.output
    base = runner.invoke(cli, ["lexicon", "diff", "ru-erudite", "club-ru", "--counts"])
    assert "5 added, 1 removed" in base.output  # ЁЛОЧНИК counts twice: as typed and folded


def test_refused_builds(runner, data):
    assert build(runner, data).exit_code == 0  # an empty house list
    other = runner.invoke(
        cli, ["lexicon", "build", "--base", "en-enable", "--name", "club-ru", "--why", "x"]
    )
    assert other.exit_code != 0 and "is on 'ru-erudite', not 'en-enable'" in other.output
    (data / "latin.txt").write_text("cat\n", encoding="utf-8")
    latin = build(runner, data, "--add", str(data / "latin.txt"))
    assert latin.exit_code != 0 and "unknown-tile" in latin.output
    usage = runner.invoke(cli, ["lexicon", "build", "--add", str(data / "latin.txt")])
    assert usage.exit_code == 2 and "give its --base" in usage.output
