"""Builds of uploaded word lists, each in a process of its own.

A 50 MB list takes about a minute and 2 GB to build: inside the request that
brought it, it would hold a worker and its memory.  So an upload is saved to a
scratch folder and built by ``python -m adjudicator.services.lexicon_jobs``:

- one build at a time per data folder (a lock file); the others wait, queued;
- the build process may use at most ``build_memory_bytes`` of memory;
- its state is a JSON file in ``lexicons/.builds/``, read by every worker and
  instance on the data folder, and kept for a day.

:func:`start_build` starts one; :func:`wait_for` waits for it a bounded time
(an upload that builds in time is answered as if built in the request);
:func:`read_build` reads the state.  A build process that dies (killed, or out
of memory) is marked failed by the worker that waits for it.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import fcntl
import json
import logging
import os
import resource
import shutil
import subprocess
import sys
import threading
import time
import typing as t
import uuid
from enum import StrEnum
from pathlib import Path

from pydantic import ConfigDict, Field

from adjudicator import errors
from adjudicator.services.answer import Answer

if t.TYPE_CHECKING:
    from adjudicator.builders import BuildReport
    from adjudicator.settings import Settings

BUILDS = ".builds"
LOCK = "build.lock"
KEEP_SECONDS = 86_400  # how long a finished build's state is kept
log = logging.getLogger("adjudicator.lexicons")


class BuildState(StrEnum):
    QUEUED = "queued"  # waiting for another build to finish
    RUNNING = "running"
    DONE = "done"
    FAILED = "failed"


class BuildProblem(Answer):
    """Why a build failed: the problem document the upload would have answered."""

    model_config = ConfigDict(extra="allow")

    code: str
    title: str
    detail: str


class LoadedLexicon(Answer):
    """A word list built into the data folder."""

    name: str
    replaced: bool = Field(
        description="True when it replaced a list of that name, loaded or bundled"
    )
    word_count: int
    sha256: str = Field(description="Checksum of the sorted word list; rulings record it")
    alphabet: str
    case: str = Field(description="How the list's letter case was read")
    serves: list[str] = Field(description="The rulesets that can use it")
    dropped: dict[str, int] = Field(description="Entries left out, by reason")
    examples: dict[str, list[str]] = Field(description="A few dropped entries per reason")
    notes: list[str]
    seconds: float = Field(description="Time the build took")


def loaded_answer(report: BuildReport, replaced: bool) -> LoadedLexicon:
    return LoadedLexicon(
        name=report.name,
        replaced=replaced,
        word_count=report.word_count,
        sha256=report.sha256,
        alphabet=report.alphabet,
        case=report.case,
        serves=list(report.serves),
        dropped=dict(report.dropped),
        examples={k: list(v) for k, v in report.examples.items()},
        notes=list(report.notes),
        seconds=round(report.seconds, 3),
    )


class LexiconBuild(Answer):
    """An uploaded word list being built, or built."""

    id: str
    name: str = Field(description="The lexicon being built")
    state: BuildState
    created: str
    started: str | None = None
    finished: str | None = None
    lexicon: LoadedLexicon | None = Field(
        default=None, description="When done: the lexicon, as `POST /api/v1/lexicons` answers it"
    )
    problem: BuildProblem | None = Field(default=None, description="When failed: why")
    peak_memory_bytes: int | None = Field(
        default=None, description="When ended: the most memory the build process held"
    )


def builds_dir(settings: Settings) -> Path:
    return settings.loaded_lexicon_dir / BUILDS


def start_build(
    settings: Settings,
    name: str,
    source: Path,
    scratch: Path,
    replaced: bool,
    options: t.Mapping[str, t.Any],
) -> tuple[LexiconBuild, subprocess.Popen[bytes]]:
    """Start building the word list ``source`` under ``name``; the build process
    removes ``scratch`` (the folder holding ``source``) when it ends."""
    folder = builds_dir(settings)
    folder.mkdir(parents=True, exist_ok=True)
    build_id = uuid.uuid4().hex
    job = {
        "id": build_id,
        "name": name,
        "state": BuildState.QUEUED,
        "created": _now(),
        "source": str(source),
        "scratch": str(scratch),
        "replaced": replaced,
        "options": dict(options),
        "memory_bytes": settings.build_memory_bytes,
        "settings": {
            "config_dir": str(settings.config_dir),
            "data_dir": str(settings.data_dir),
            "lexicon_dir": str(settings.lexicon_dir),
        },
    }
    path = folder / f"{build_id}.json"
    _write(path, job)
    with (folder / f"{build_id}.log").open("wb") as errors_out:
        process = subprocess.Popen(
            [sys.executable, "-m", __name__, str(path)],
            stdin=subprocess.DEVNULL,
            stdout=errors_out,
            stderr=subprocess.STDOUT,
            start_new_session=True,  # a worker's restart does not stop the build
        )
    _write(path, {**job, "pid": process.pid})
    return _answer(_read(path)), process


def wait_for(
    settings: Settings, build: LexiconBuild, process: subprocess.Popen[bytes], seconds: float
) -> LexiconBuild:
    """The build's state once it ended, or after ``seconds``; a thread then waits
    for the rest, so the process is reaped and a dead one marked failed."""
    try:
        process.wait(timeout=max(seconds, 0))
    except subprocess.TimeoutExpired:
        threading.Thread(
            target=_reap, args=(settings, build.id, process), daemon=True, name="lexicon-build"
        ).start()
        return read_build(settings, build.id)
    _reap(settings, build.id, process)
    return read_build(settings, build.id)


def read_build(settings: Settings, build_id: str) -> LexiconBuild:
    """:raises UnknownBuildError: no such build (or one finished over a day ago)."""
    path = builds_dir(settings) / f"{build_id}.json"
    if not (len(build_id) == 32 and build_id.isalnum()) or not path.is_file():
        raise errors.UnknownBuildError(build_id)
    return _answer(_read(path))


def raise_if_failed(build: LexiconBuild) -> None:
    """Raise the error a failed build met, as the upload's request would have."""
    if build.state is not BuildState.FAILED or build.problem is None:
        return
    extra = build.problem.model_extra or {}
    kind = next(
        (cls for cls in _error_classes() if cls.code == build.problem.code),
        errors.LexiconBuildError,
    )
    error = kind.__new__(kind)
    errors.AdjudicatorError.__init__(error, build.problem.detail, **extra)
    raise error


def remove_old_builds(settings: Settings, older_than: float = KEEP_SECONDS) -> int:
    folder = builds_dir(settings)
    cutoff = time.time() - older_than
    removed = 0
    for path in folder.glob("*.*"):
        with contextlib.suppress(FileNotFoundError):  # removed meanwhile by another worker
            if path.name != LOCK and path.stat().st_mtime < cutoff:
                path.unlink()
                removed += 1
    return removed


def _reap(settings: Settings, build_id: str, process: subprocess.Popen[bytes]) -> None:
    code = process.wait()
    path = builds_dir(settings) / f"{build_id}.json"
    job = _read(path)
    if job["state"] in (BuildState.DONE, BuildState.FAILED):
        return
    tail = (path.with_suffix(".log").read_bytes()[-2000:]).decode("utf-8", "replace")
    log.error("lexicon build %s stopped (exit code %s): %s", build_id, code, tail)
    detail = f"the build of {job['name']} stopped before it ended (exit code {code})"
    if code in (-9, 137):
        detail += "; it was killed, perhaps for lack of memory"
    # Its upload is removed first: a build read as ended has left nothing behind.
    shutil.rmtree(job["scratch"], ignore_errors=True)
    _finish(path, job, problem=_problem(errors.LexiconBuildError(detail, lexicon=job["name"])))


def _error_classes() -> t.Iterator[type[errors.AdjudicatorError]]:
    for value in vars(errors).values():
        if isinstance(value, type) and issubclass(value, errors.AdjudicatorError):
            yield value


def _problem(exc: errors.AdjudicatorError) -> dict[str, t.Any]:
    return {"code": exc.code, "title": exc.title, "detail": exc.detail, **exc.extras()}


def _answer(job: t.Mapping[str, t.Any]) -> LexiconBuild:
    """Every member, null until it is known."""
    return LexiconBuild.model_validate({k: job.get(k) for k in LexiconBuild.model_fields})


def _now() -> str:
    return dt.datetime.now(dt.UTC).replace(microsecond=0).isoformat().replace("+00:00", "Z")


def _read(path: Path) -> dict[str, t.Any]:
    data: dict[str, t.Any] = json.loads(path.read_text("utf-8"))
    return data


def _write(path: Path, job: t.Mapping[str, t.Any]) -> None:
    scratch = path.with_name(f".{path.name}.{os.getpid()}.{threading.get_ident()}")
    scratch.write_text(json.dumps(job, ensure_ascii=False), "utf-8")
    os.replace(scratch, path)


def _finish(path: Path, job: t.Mapping[str, t.Any], **outcome: t.Any) -> None:
    state = BuildState.FAILED if outcome.get("problem") else BuildState.DONE
    _write(path, {**job, **outcome, "state": state, "finished": _now()})


# -- the build process -----------------------------------------------------------


def _run(path: Path) -> None:
    from adjudicator.services.lexicons import build_lexicon
    from adjudicator.settings import Settings

    job = _read(path)
    limit = int(job["memory_bytes"] or 0)
    if limit:
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    settings = Settings.from_env({}, **job["settings"])
    with (path.parent / LOCK).open("a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # one build at a time on this data folder
        job = {**job, "state": BuildState.RUNNING, "started": _now()}
        _write(path, job)
        outcome: dict[str, t.Any]
        try:
            report = build_lexicon(
                settings, wordlist=Path(job["source"]), name=job["name"], **job["options"]
            )
            outcome = {"lexicon": loaded_answer(report, job["replaced"]).model_dump(mode="json")}
        except errors.AdjudicatorError as exc:
            outcome = {"problem": _problem(exc)}
        except MemoryError:
            detail = (
                f"building {job['name']} needs more than the {limit:,} bytes of memory "
                "a build may use (ADJUDICATOR_BUILD_MEMORY_BYTES)"
            )
            outcome = {"problem": _problem(errors.LexiconBuildError(detail, lexicon=job["name"]))}
        finally:
            shutil.rmtree(job["scratch"], ignore_errors=True)
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024  # KiB on Linux
        _finish(path, job, **outcome, peak_memory_bytes=peak)
    with contextlib.suppress(FileNotFoundError):
        path.with_suffix(".log").unlink()


if __name__ == "__main__":
    _run(Path(sys.argv[1]))
