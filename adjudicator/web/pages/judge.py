"""The judge page: a kiosk for a tournament table (same API as everyone else).

It opens on a ruleset of the reader's language and lists the rulesets by
language, titles translated through the catalogues.
"""

from __future__ import annotations

import typing as t
from dataclasses import dataclass

from flask import Blueprint, render_template

from adjudicator.core.challenge import ChallengeRule
from adjudicator.services.house_lists import list_house_lists
from adjudicator.services.rulesets import list_rulesets
from adjudicator.web.pages.ruleset_groups import by_language
from adjudicator.web.runtime.auth import PAGE_HEADERS
from adjudicator.web.runtime.extension import runtime
from adjudicator.web.runtime.i18n import SOURCE, gettext, language
from adjudicator.web.runtime.operation import operation

if t.TYPE_CHECKING:
    from adjudicator.services.rulesets import RulesetSummary

bp = Blueprint("judge", __name__)


@dataclass(frozen=True, slots=True)
class Choice:
    name: str
    title: str
    lexicons: list[str]
    own: str = ""  # the ruleset's own lexicon
    stand_in: str = ""  # the lexicon standing in for it while it is not loaded
    house: str = ""  # the ruleset's house list, made or not yet


@dataclass(frozen=True, slots=True)
class Group:
    """The rulesets of one language, under that language's name."""

    label: str
    rulesets: list[Choice]


@bp.get("/judge")
@operation("judgePage", "The judge's kiosk page", "pages", media_type="text/html")
def page() -> tuple[str, int, dict[str, str]]:
    rt = runtime()
    lang = language()
    served = rt.registry.serving
    rulesets = [r for r in list_rulesets(rt.registry).rulesets if served(r.name)]
    html = render_template(
        "judge.html",
        groups=groups(rulesets, lang),
        default=default_ruleset(rulesets, lang),
        languages=rt.catalogues.names(),
        max_words=rt.settings.judge_max_words,
        needs_key=bool(rt.keys),
        rule_names=rule_names(),
        houses=[h.name for h in list_house_lists(rt.registry).house_lists],
    )
    return html, 200, PAGE_HEADERS


def rule_names() -> dict[str, str]:
    """Each rule a ruling can be given under, as the verdict names it."""
    said = {
        ChallengeRule.SINGLE: gettext("Single challenge rule"),
        ChallengeRule.DOUBLE: gettext("Double challenge rule"),
        ChallengeRule.FIVE_POINT: gettext("Five-point challenge rule"),
        ChallengeRule.TEN_POINT: gettext("Ten-point challenge rule"),
        ChallengeRule.TRIPLE: gettext("Triple challenge rule"),
    }
    return {rule.value: text for rule, text in said.items()}


def default_ruleset(rulesets: t.Sequence[RulesetSummary], lang: str) -> str | None:
    """The page's first choice: a ruleset of the reader's language (else of
    English), its plain one (``scrabble-en``, not ``scrabble-en-naspa``) first."""
    for wanted in (lang, SOURCE):
        mine = sorted(r.name for r in rulesets if r.language == wanted)
        plain = [name for name in mine if name.endswith(f"-{wanted}")]
        if mine:
            return (plain or mine)[0]
    return rulesets[0].name if rulesets else None


def groups(rulesets: t.Sequence[RulesetSummary], lang: str) -> list[Group]:
    """The rulesets by language: the reader's first, then by the languages' names."""
    return [Group(label, [_choice(r) for r in rs]) for label, rs in by_language(rulesets, lang)]


def _choice(r: RulesetSummary) -> Choice:
    return Choice(
        r.name,
        gettext(r.title),
        list(r.lexicons),
        r.lexicon or "",
        r.stand_in or "",
        r.house_list or "",
    )
