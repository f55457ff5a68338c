"""The pages' languages: Babel message catalogues, chosen per request.

Each language has a folder under ``web/pages/translations/<lang>/`` holding
gettext catalogues (``*.po``, one per group of pages); they are read once, at
start-up, and merged.  English is the source language.  A page is served in
the language asked for with ``?lang=`` (then kept in a cookie), else the
cookie's, else the best match of the browser's ``Accept-Language``, else
English.  Templates call ``_()`` (Jinja's i18n extension, new style).
"""

from __future__ import annotations

import io
import typing as t
from dataclasses import dataclass
from pathlib import Path

from babel import Locale, UnknownLocaleError
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.support import NullTranslations, Translations
from flask import Flask, Response, g, request

TRANSLATIONS = Path(__file__).resolve().parents[1] / "pages" / "translations"
SOURCE = "en"
COOKIE = "lang"


@dataclass(frozen=True, slots=True)
class Catalogues:
    """Every language's merged catalogue, and the languages' names, worked out at
    start-up: ``names_in[reader][code]``, each language offered as a reader."""

    by_language: t.Mapping[str, NullTranslations]
    names_in: t.Mapping[str, t.Mapping[str, str]]

    @property
    def languages(self) -> list[str]:
        """The languages offered, the source first."""
        return list(self.names_in)

    def names(self) -> dict[str, str]:
        """Each language's own name (``русский``), for the language switch."""
        return {lang: names[lang] for lang, names in self.names_in.items()}

    def name_in(self, code: str, reader: str) -> str:
        """``ru`` as the reader calls it (``Russian``, ``русский``); else the code."""
        return self.names_in.get(reader, {}).get(code, code)

    def get(self, language: str) -> NullTranslations:
        return self.by_language.get(language) or self.by_language[SOURCE]


def load_catalogues(folder: Path = TRANSLATIONS, named: t.Iterable[str] = ()) -> Catalogues:
    """Read every ``<lang>/*.po`` under ``folder`` (compiled in memory), and name
    the languages offered and those in ``named`` (the rulesets') in each of them."""
    by_language: dict[str, NullTranslations] = {SOURCE: NullTranslations()}
    for lang_dir in sorted(p for p in folder.iterdir() if p.is_dir()):
        merged: Translations | None = None
        for po in sorted(lang_dir.glob("*.po")):
            with po.open("rb") as fh:
                catalog = read_po(fh, locale=lang_dir.name)
            buf = io.BytesIO()
            write_mo(buf, catalog)
            buf.seek(0)
            one = Translations(buf)
            if merged is None:
                merged = one
            else:
                merged.merge(one)
        if merged is not None:
            by_language[lang_dir.name] = merged
    offered = [SOURCE, *sorted(lang for lang in by_language if lang != SOURCE)]
    codes = [*offered, *sorted(set(named) - set(offered))]
    names_in = {reader: {code: _display_name(code, reader) for code in codes} for reader in offered}
    return Catalogues(by_language, names_in)


def _display_name(code: str, reader: str) -> str:
    try:
        return Locale.parse(code).get_display_name(reader) or code
    except (UnknownLocaleError, ValueError):
        return code


def language() -> str:
    """The current request's language (see the module's docstring)."""
    chosen: str | None = g.get("language")
    if chosen is not None:
        return chosen
    offered = _catalogues().languages
    asked = request.args.get("lang") or request.cookies.get(COOKIE)
    if asked not in offered:
        asked = request.accept_languages.best_match(offered) or SOURCE
    g.language = asked
    return asked


def gettext(message: str, **values: t.Any) -> str:
    text = _catalogues().get(language()).gettext(message)
    return text % values if values else text


def pgettext(context: str, message: str, **values: t.Any) -> str:
    """``message`` where the same English says another thing elsewhere: the
    catalogues of a language are merged, so a word that is a button on one page
    and a noun on another (Pass, Exchange) tells them apart by ``context``."""
    # Babel annotates pgettext "str | object"; it answers the catalogue's string
    # or, missing one, ``message`` itself: a str either way.
    text = t.cast(str, _catalogues().get(language()).pgettext(context, message))
    return text % values if values else text


def ngettext(singular: str, plural: str, n: int, **values: t.Any) -> str:
    text = _catalogues().get(language()).ngettext(singular, plural, n)
    return text % {"num": n, **values}


def _catalogues() -> Catalogues:
    from adjudicator.web.runtime.extension import runtime

    return runtime().catalogues


def _keep_choice(response: Response) -> Response:
    """A language asked for with ``?lang=`` is kept for the next pages."""
    if response.mimetype != "text/html":  # an API answer: nothing to keep
        return response
    lang = request.args.get("lang")
    if lang and lang in _catalogues().languages:
        response.set_cookie(COOKIE, lang, max_age=365 * 86400, samesite="Lax")
    return response


def init_app(app: Flask) -> None:
    app.jinja_env.add_extension("jinja2.ext.i18n")
    # The i18n extension adds this method to the environment (Environment.extend),
    # so Jinja's types do not know it.
    app.jinja_env.install_gettext_callables(gettext, ngettext, newstyle=True)  # type: ignore[attr-defined]
    app.jinja_env.globals["current_language"] = language
    app.after_request(_keep_choice)
