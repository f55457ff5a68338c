"""A house list's page: the entries in force and the history, each with who,
when and why; the admin key undoes an entry (``house.js``, the same API as
every client)."""

from __future__ import annotations

import typing as t
from dataclasses import dataclass

from flask import Blueprint, render_template

from adjudicator.core.house import HouseEventKind
from adjudicator.services.house_lists import read_house_list
from adjudicator.web.runtime.auth import PAGE_HEADERS
from adjudicator.web.runtime.extension import runtime
from adjudicator.web.runtime.i18n import gettext, pgettext
from adjudicator.web.runtime.operation import operation

if t.TYPE_CHECKING:
    from adjudicator.services.house_answers import HouseEventInfo

bp = Blueprint("house", __name__)


@dataclass(frozen=True, slots=True)
class Line:
    """One event as the page says it."""

    entry: int
    what: str
    word: str
    by: str
    when: str
    at: str
    why: str
    undone: str


@bp.get("/judge/house/<name>")
@operation(
    "houseListPage",
    "A house list's entries and history; the admin key undoes an entry",
    "pages",
    errors=(404, 422),
    media_type="text/html",
)
def page(name: str) -> tuple[str, int, dict[str, str]]:
    rt = runtime()
    house = read_house_list(rt.settings, rt.registry, name)
    html = render_template(
        "house.html",
        house=house,
        entries=[line(e) for e in house.entries],
        history=[line(e) for e in house.history],
        languages=rt.catalogues.names(),
        strings=strings(),
    )
    return html, 200, PAGE_HEADERS


def line(event: HouseEventInfo) -> Line:
    """An event in the reader's language."""
    said = {
        HouseEventKind.CREATE: gettext("Made on %(base)s", base=event.base or ""),
        HouseEventKind.ADD: pgettext("house", "Added"),
        HouseEventKind.REMOVE: pgettext("house", "Removed"),
        HouseEventKind.UNDO: gettext("Undid entry %(entry)s", entry=event.undoes or 0),
    }
    undone = gettext("undone by entry %(entry)s", entry=event.undone_by) if event.undone_by else ""
    return Line(
        entry=event.entry,
        what=said[event.kind],
        word=event.word or "",
        by=event.by,
        when=event.at[:16].replace("T", " ") + " UTC",
        at=event.at,
        why=event.why,
        undone=undone,
    )


def strings() -> dict[str, str]:
    """What the page's script says, by the problem code it meets ({name}: a value)."""
    return {
        "needsAdmin": gettext("Enter the admin key to undo an entry."),
        "badAdmin": gettext("The admin key is not valid."),
        "undone": gettext("This entry was undone already."),
        "offline": gettext("The judge cannot reach the server. Call the director."),
        "error": gettext("Error %(status)s", status="{status}"),
        "keyEntered": gettext("entered"),
    }
