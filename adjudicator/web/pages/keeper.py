"""The scorekeeper: keep a physical game on a shared tablet (``/keep``).

The page is one script over the games API; everything it shows comes from the
API's answers, and its words and rules come with the page: the translated
strings, and each ruleset's tiles, board and rules.
"""

from __future__ import annotations

from flask import Blueprint, Response, render_template, url_for

from adjudicator.services.answer import to_data
from adjudicator.services.rulesets import describe_ruleset, list_rulesets
from adjudicator.services.share import qr_svg
from adjudicator.web.pages.ruleset_groups import by_language
from adjudicator.web.runtime.auth import PAGE_HEADERS
from adjudicator.web.runtime.extension import runtime
from adjudicator.web.runtime.i18n import gettext, language
from adjudicator.web.runtime.links import public_base, public_url
from adjudicator.web.runtime.operation import operation

bp = Blueprint("keeper", __name__)


def _page(game_id: str | None) -> tuple[str, int, dict[str, str]]:
    rt = runtime()
    summaries = list_rulesets(rt.registry).rulesets
    rulesets = {
        r.name: {**to_data(describe_ruleset(rt.registry, r.name)), "title": gettext(r.title)}
        for r in summaries
    }
    html = render_template(
        "keeper.html",
        game_id=game_id,
        rulesets=rulesets,
        groups=[(label, [r.name for r in rs]) for label, rs in by_language(summaries, language())],
        languages=rt.catalogues.names(),
        needs_key=bool(rt.keys),
        public_base=public_base(),
    )
    return html, 200, PAGE_HEADERS


@bp.get("/keep")
@operation("keeperPage", "The scorekeeper: start a club game", "pages", media_type="text/html")
def new_game() -> tuple[str, int, dict[str, str]]:
    return _page(None)


@bp.get("/keep/<game_id:id_>")
@operation(
    "keeperGame",
    "The scorekeeper: keep this club game",
    "pages",
    errors=(404,),
    media_type="text/html",
)
def keep(id_: str) -> tuple[str, int, dict[str, str]]:
    runtime().games.read(id_)  # unknown-game before a page for nothing
    return _page(id_)


@bp.get("/games/<game_id:id_>/share.svg")
@operation(
    "shareCode",
    "The spectator page's address as a QR code",
    "pages",
    errors=(404,),
    media_type="image/svg+xml",
)
def share(id_: str) -> Response:
    runtime().games.read(id_)
    url = public_url(url_for("spectator.page", id_=id_))
    return Response(qr_svg(url), mimetype="image/svg+xml", headers={"Cache-Control": "no-cache"})
