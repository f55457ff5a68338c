"""Lexicons: two editions side by side, and word lists loaded without a restart."""

from __future__ import annotations

import re
import typing as t

from flask import Blueprint, request, url_for
from werkzeug.exceptions import UnsupportedMediaType
from werkzeug.utils import secure_filename

from adjudicator.errors import MalformedRequestError
from adjudicator.services.lexicon_diff import LexiconDiff, diff_lexicons
from adjudicator.services.lexicon_files import delete_lexicon, load_wordlist
from adjudicator.services.lexicon_jobs import LexiconBuild, LoadedLexicon, read_build
from adjudicator.web.api.request_models import DiffQuery, LoadLexiconQuery
from adjudicator.web.runtime.auth import Access
from adjudicator.web.runtime.extension import runtime
from adjudicator.web.runtime.operation import Also, operation
from adjudicator.web.runtime.parsing import read_body

bp = Blueprint("lexicons", __name__, url_prefix="/api/v1")

# How long an upload's request waits for its build (RFC 7240 ``Prefer: wait=N``
# shortens it, ``respond-async`` skips it); a build still running then is 202.
WAIT_SECONDS = 10.0
MOST_WAIT_SECONDS = 30.0
BUILD_HEADERS = {
    "Location": "Where the build's state is read (GET)",
    "Retry-After": "Seconds to wait before reading it",
}


@bp.get("/lexicons/<base>/diff/<other>")
@operation(
    "diffLexicons",
    "The words one lexicon adds to another, and those it drops; a version of a "
    "house list is NAME@VERSION (its number or checksum)",
    "words",
    response=LexiconDiff,
    query=DiffQuery,
    errors=(400, 404, 422),
    access=Access.CLIENT,
)
def diff(base: str, other: str, query: DiffQuery) -> LexiconDiff:
    return diff_lexicons(runtime().registry, base, other, query.limit)


@bp.post("/lexicons")
@operation(
    "loadLexicon",
    "Build a word list into a lexicon, or replace one; every worker serves it "
    "within seconds; a build that takes longer than the request waits is 202 (admin)",
    "words",
    response=LoadedLexicon,
    status=201,
    also=(Also(202, LexiconBuild, BUILD_HEADERS),),
    query=LoadLexiconQuery,
    raw_media=("text/plain", "multipart/form-data"),
    errors=(404, 422),
    access=Access.ADMIN,
    expensive=True,
)
def load(
    query: LoadLexiconQuery,
) -> LoadedLexicon | tuple[LexiconBuild, dict[str, str]]:
    """The list as a text body, or as the form field ``file`` of a multipart upload."""
    rt = runtime()
    request.max_content_length = rt.settings.max_lexicon_bytes
    data: t.IO[bytes] | bytes
    if request.mimetype == "multipart/form-data":
        upload = request.files.get("file")
        if upload is None:
            raise MalformedRequestError("send the word list as the form field 'file'", field="file")
        data, filename = upload.stream, secure_filename(upload.filename or "") or None
    elif request.mimetype == "text/plain":
        data, filename = read_body(), None
    else:
        raise UnsupportedMediaType("send the word list as text/plain or multipart/form-data")
    options = query.model_dump(exclude={"name"}, exclude_none=True)
    loaded = load_wordlist(rt.settings, query.name, data, filename, wait_seconds=_wait(), **options)
    if isinstance(loaded, LexiconBuild):
        return loaded, _build_headers(loaded)
    seen_here()
    return loaded


@bp.get("/lexicons/builds/<build_id>")
@operation(
    "readLexiconBuild",
    "The state of an uploaded word list's build: queued, running, done or failed (admin)",
    "words",
    response=LexiconBuild,
    errors=(404,),
    access=Access.ADMIN,
)
def build_state(build_id: str) -> LexiconBuild | tuple[LexiconBuild, dict[str, str]]:
    build = read_build(runtime().settings, build_id)
    if build.lexicon is not None:
        seen_here()
    if build.finished is None:
        return build, {"Retry-After": "2"}
    return build


def _wait() -> float:
    """The seconds the client lets the request wait for its build (RFC 7240)."""
    prefer = request.headers.get("Prefer", "").lower()
    if re.search(r"(^|[,\s])respond-async\b", prefer):
        return 0.0
    asked = re.search(r"(^|[,;\s])wait\s*=\s*(\d{1,6})\b", prefer)
    return min(float(asked.group(2)), MOST_WAIT_SECONDS) if asked else WAIT_SECONDS


def _build_headers(build: LexiconBuild) -> dict[str, str]:
    return {
        "Location": url_for("lexicons.build_state", build_id=build.id),
        "Retry-After": "2",
    }


@bp.delete("/lexicons/<name>")
@operation(
    "deleteLexicon",
    "Delete a lexicon loaded into the data folder (admin)",
    "words",
    status=204,
    errors=(404, 409),
    access=Access.ADMIN,
    media_type="",
)
def delete(name: str) -> tuple[str, int]:
    rt = runtime()
    delete_lexicon(rt.settings, rt.registry, name)
    seen_here()
    return "", 204


def seen_here() -> None:
    """This worker serves the change from its next request; the others within a second."""
    watch = runtime().lexicon_watch
    if watch is not None:
        watch.refresh()
