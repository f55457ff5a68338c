"""House lists: /api/v1/house-lists (a club's additions and removals on a lexicon)."""

from __future__ import annotations

from flask import Blueprint

from adjudicator.services.house_answers import HouseEdit, HouseListInfo, HouseLists
from adjudicator.services.house_lists import (
    create_house_list,
    edit_house_list,
    list_house_lists,
    read_house_list,
    undo_house_entry,
)
from adjudicator.web.api.house_requests import (
    CreateHouseListRequest,
    HouseEntryRequest,
    UndoHouseEntryRequest,
)
from adjudicator.web.api.lexicons import seen_here
from adjudicator.web.runtime.auth import Access, client_name
from adjudicator.web.runtime.extension import runtime
from adjudicator.web.runtime.operation import operation

bp = Blueprint("house_lists", __name__, url_prefix="/api/v1/house-lists")


@bp.get("")
@operation(
    "listHouseLists",
    "The house lists: each with its base, version and counts",
    "house lists",
    response=HouseLists,
    access=Access.CLIENT,
)
def index() -> HouseLists:
    return list_house_lists(runtime().registry)


@bp.post("")
@operation(
    "createHouseList",
    "Make a house list on a lexicon, with entries if given (admin)",
    "house lists",
    response=HouseListInfo,
    status=201,
    body=CreateHouseListRequest,
    errors=(404, 409, 422),
    headers={"Location": "The house list's URL"},
    access=Access.ADMIN,
)
def create(body: CreateHouseListRequest) -> tuple[HouseListInfo, dict[str, str]]:
    rt = runtime()
    made = create_house_list(
        rt.settings,
        rt.registry,
        body.name,
        body.base,
        by=_by(),
        why=body.why,
        entries=[(e.action, e.word, e.why) for e in body.entries],
        ruleset=body.ruleset,
        max_entries=rt.settings.max_words,
    )
    seen_here()
    return made, {"Location": f"/api/v1/house-lists/{made.name}"}


@bp.get("/<name>")
@operation(
    "readHouseList",
    "A house list: its entries in force and its history, newest first",
    "house lists",
    response=HouseListInfo,
    errors=(404, 422),
    access=Access.CLIENT,
)
def show(name: str) -> HouseListInfo:
    return read_house_list(runtime().settings, runtime().registry, name)


@bp.post("/<name>/entries")
@operation(
    "addHouseEntry",
    "Add a word to a house list, or remove one, with why; every worker serves "
    "the new version within a second (admin)",
    "house lists",
    response=HouseEdit,
    status=201,
    body=HouseEntryRequest,
    errors=(404, 409, 422),
    access=Access.ADMIN,
)
def add_entry(name: str, body: HouseEntryRequest) -> HouseEdit:
    rt = runtime()
    edit = edit_house_list(
        rt.settings,
        rt.registry,
        name,
        body.action,
        body.word,
        by=_by(),
        why=body.why,
        ruleset=body.ruleset,
    )
    seen_here()
    return edit


@bp.post("/<name>/entries/<entry>/undo")
@operation(
    "undoHouseEntry",
    "Take an entry of a house list back (admin)",
    "house lists",
    response=HouseEdit,
    status=201,
    body=UndoHouseEntryRequest,
    errors=(404, 409, 422),
    access=Access.ADMIN,
)
def undo(name: str, entry: str, body: UndoHouseEntryRequest) -> HouseEdit:
    rt = runtime()
    edit = undo_house_entry(rt.settings, rt.registry, name, entry, by=_by(), why=body.why)
    seen_here()
    return edit


def _by() -> str:
    """Who edits: the key's name (the admin key's is ``admin``)."""
    return client_name() or "admin"
