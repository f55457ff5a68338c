"""The pages' catalogues: every message the judge (and house list), spectator and docs pages say
(their templates, the spectator's move list, the board picture), every ruleset
title and every premium and colour name of the layouts has a translation in
each language's pages.po, every message of the scorekeeper page one in its
keeper.po, of the front page one in its home.po, and of Duplicate's pages one
in its duplicate.po; each with the same %(values)s and {values} as the English."""

from __future__ import annotations

import re
import typing as t

import pytest
import yaml
from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_file
from babel.messages.plurals import get_plural
from babel.messages.pofile import read_po

from tests.conftest import CONFIG, ROOT

PAGES = ROOT / "adjudicator" / "web" / "pages"
# Each catalogue: its templates and its Python modules.
SOURCES = {
    "pages": (
        [
            PAGES / "templates" / name
            for name in ("judge.html", "house.html", "game.html", "docs.html", "_languages.html")
        ],
        [
            PAGES / "spectator.py",
            PAGES / "judge.py",
            PAGES / "house.py",
            PAGES / "after_game.py",
            ROOT / "adjudicator" / "services" / "board_svg.py",
        ],
    ),
    # The after-game view's words are the keeper's and the spectator's alike.
    "keeper": (
        [PAGES / "templates" / "keeper.html"],
        [PAGES / "keeper.py", PAGES / "after_game.py"],
    ),
    "home": ([PAGES / "templates" / "home.html"], [PAGES / "home.py"]),
    "duplicate": (
        [
            PAGES / "templates" / name
            for name in ("duplicate.html", "duplicate_room.html", "duplicate_alone.html")
        ],
        [PAGES / "duplicate.py"],
    ),
}
# Every language the pages offer besides English: a folder of catalogues each.
LANGUAGES = sorted(p.name for p in (PAGES / "translations").iterdir() if p.is_dir())
CATALOGUES = [(name, lang) for name in SOURCES for lang in LANGUAGES]
# Values the server fills in (%(name)s) and values the page's script fills in ({name}).
VALUE = re.compile(r"%\((\w+)\)[sd]|\{(\w+)\}")


Key = tuple[str | None, str]  # (msgctxt, msgid); a plural by its singular


def extracted(name: str = "pages") -> dict[Key, str]:
    """Each message -> where it is used."""
    found: dict[Key, str] = {}
    templates, python = SOURCES[name]
    for path, method in [*((p, "jinja2") for p in templates), *((p, "python") for p in python)]:
        for lineno, message, _, context in extract_from_file(method, path):
            msgid = message[0] if isinstance(message, tuple) else message
            found.setdefault((context, msgid), f"{path.name}:{lineno}")
    return found


def data_messages() -> dict[Key, str]:
    """Words that come from the configuration: ruleset titles, premium and colour names."""
    found: dict[Key, str] = {}
    for path in sorted((CONFIG / "rulesets").glob("*.yaml")):
        found[None, yaml.safe_load(path.read_text("utf-8"))["title"]] = path.name
    for path in sorted((CONFIG / "layouts").glob("*.yaml")):
        for premium in yaml.safe_load(path.read_text("utf-8"))["legend"].values():
            found[None, premium["name"]] = path.name
            found[None, premium["colour"]] = path.name
    return found


def wanted(name: str) -> dict[str, str]:
    return {**extracted(name), **data_messages()} if name == "pages" else extracted(name)


def catalogue(lang: str, name: str = "pages") -> Catalog:
    with (PAGES / "translations" / lang / f"{name}.po").open("rb") as fh:
        return read_po(fh, locale=lang, abort_invalid=True)


def test_every_edition_has_its_pages_in_its_language():
    """A club playing an edition gets the pages in the edition's language."""
    editions = {
        yaml.safe_load(path.read_text("utf-8"))["language"]
        for path in (CONFIG / "rulesets").glob("*.yaml")
    }
    missing = [
        f"{lang}/{name}.po"
        for lang in sorted(editions - {"en"})
        for name in SOURCES
        if not (PAGES / "translations" / lang / f"{name}.po").is_file()
    ]
    assert not missing, "no catalogue: " + ", ".join(missing)


def test_the_pages_use_messages_at_all():
    found = extracted()
    assert len(found) > 60
    for msgid in ("Word judge", "%(name)s to play", "Scores", "3W", "adjudicator API"):
        assert (None, msgid) in found
    assert ("move", "Pass") in found  # the spectator's move, not the keeper's button
    data = data_messages()
    assert {(None, "Erudite (Эрудит)"), (None, "green"), (None, "double letter")} <= set(data)
    keeper = extracted("keeper")
    assert len(keeper) > 100 and (None, "{name} to play") in keeper
    assert (None, "Start the game") in keeper
    home = extracted("home")
    assert (None, "Scorekeeper") in home and (
        None,
        "For monitoring: %(ready)s and %(alive)s.",
    ) in home


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_message_in_two_catalogues_says_the_same(lang):
    """A language's catalogues are merged into one, so a message in two of them
    must agree; where the English means two things, a context tells them apart."""
    seen: dict[Key, tuple[str, t.Any]] = {}
    clashes = []
    for name in SOURCES:
        for m in catalogue(lang, name):
            if not m.id:
                continue
            key = (m.context, m.id[0] if isinstance(m.id, tuple) else m.id)
            if key in seen and seen[key][1] != m.string:
                clashes.append(f"{key}: {seen[key][0]}.po {seen[key][1]!r}, {name}.po {m.string!r}")
            seen.setdefault(key, (name, m.string))
    assert clashes == []


@pytest.mark.parametrize(("name", "lang"), CATALOGUES)
def test_every_catalogue_parses_with_babel(name, lang):
    cat = catalogue(lang, name)
    assert cat.locale is not None and str(cat.locale) == lang
    assert cat.num_plurals == get_plural(lang).num_plurals  # as CLDR counts them
    assert "Plural-Forms" in dict(cat.mime_headers)


@pytest.mark.parametrize(("name", "lang"), CATALOGUES)
def test_every_message_of_the_pages_is_translated(name, lang):
    cat = catalogue(lang, name)
    missing = []
    for (context, msgid), where in sorted(wanted(name).items(), key=lambda kv: kv[0][1]):
        message = cat.get(msgid, context=context)
        strings = [] if message is None else message.string
        strings = [strings] if isinstance(strings, str) else list(strings)
        if not strings or not all(s.strip() for s in strings):
            missing.append(f"{msgid!r} ({where})")
    assert not missing, f"{lang}/{name}.po lacks:\n" + "\n".join(missing)


@pytest.mark.parametrize(("name", "lang"), CATALOGUES)
def test_translations_keep_the_values_of_their_message(name, lang):
    bad = []
    for message in catalogue(lang, name):
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        want = set(VALUE.findall(ids[-1]))
        for text in strings:
            if set(VALUE.findall(text)) != want:
                bad.append(f"{ids[0]!r} -> {text!r}")
    assert not bad, "\n".join(bad)


@pytest.mark.parametrize(("name", "lang"), CATALOGUES)
def test_no_translation_is_left_unused(name, lang):
    """A message no page says any more is taken out of the catalogue too."""
    used = wanted(name)
    stale = [
        m.id
        for m in catalogue(lang, name)
        if m.id and (m.context, m.id[0] if isinstance(m.id, tuple) else m.id) not in used
    ]
    assert stale == []
