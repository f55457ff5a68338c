"""Lexicons: two editions side by side, and word lists loaded without a restart."""

from __future__ import annotations

from flask import Blueprint, request
from werkzeug.exceptions import UnsupportedMediaType
from werkzeug.utils import secure_filename

from adjudicator.errors import MalformedRequestError
from adjudicator.services.lexicon_files import LoadedLexicon, delete_lexicon, load_wordlist
from adjudicator.services.lexicons import LexiconDiff, diff_lexicons
from adjudicator.web.api.request_models import DiffQuery, LoadLexiconQuery
from adjudicator.web.runtime.extension import runtime
from adjudicator.web.runtime.operation import operation
from adjudicator.web.runtime.parsing import read_body

bp = Blueprint("lexicons", __name__, url_prefix="/api/v1")


@bp.get("/lexicons/<base>/diff/<other>")
@operation(
    "diffLexicons",
    "The words one lexicon adds to another, and those it drops",
    "words",
    response=LexiconDiff,
    query=DiffQuery,
    errors=(400, 404, 422),
    access="client",
)
def diff(base: str, other: str, query: DiffQuery) -> LexiconDiff:
    return diff_lexicons(runtime().registry, base, other, query.limit)


@bp.post("/lexicons")
@operation(
    "loadLexicon",
    "Build a word list into a lexicon, or replace one; every worker serves it "
    "within seconds (admin)",
    "words",
    response=LoadedLexicon,
    status=201,
    query=LoadLexiconQuery,
    raw_media=("text/plain", "multipart/form-data"),
    errors=(404, 422),
    access="admin",
    expensive=True,
)
def load(query: LoadLexiconQuery) -> LoadedLexicon:
    """The list as a text body, or as the form field ``file`` of a multipart upload."""
    rt = runtime()
    request.max_content_length = rt.settings.max_lexicon_bytes
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
    loaded = load_wordlist(rt.settings, query.name, data, filename, **options)
    _seen_here()
    return loaded


@bp.delete("/lexicons/<name>")
@operation(
    "deleteLexicon",
    "Delete a lexicon loaded into the data folder (admin)",
    "words",
    status=204,
    errors=(404, 409),
    access="admin",
    media_type="",
)
def delete(name: str) -> tuple[str, int]:
    rt = runtime()
    delete_lexicon(rt.settings, rt.registry, name)
    _seen_here()
    return "", 204


def _seen_here() -> None:
    """This worker serves the change from its next request; the others within a second."""
    watch = runtime().lexicon_watch
    if watch is not None:
        watch.refresh()
