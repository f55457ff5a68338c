"""House lists edited at the same moment: by two threads of a worker (gunicorn
runs four), by two processes (two workers, or the CLI beside the service), and
read meanwhile.  No entry is lost, the log stays whole and in order, and a
reader sees one version or the next, never half of one."""

from __future__ import annotations

import multiprocessing
import os
import threading
import typing as t

import pytest

from adjudicator.builders.house import house_file
from adjudicator.core.house import HouseAction, HouseEventKind, HouseLog
from adjudicator.services import lexicon_watch
from adjudicator.services.house_lists import create_house_list, edit_house_list
from adjudicator.services.lexicon_files import delete_lexicon
from adjudicator.services.lexicon_watch import bump_generation, read_generation
from adjudicator.settings import Settings
from adjudicator.web.runtime.extension import runtime
from tests.conftest import CONFIG, LEXICONS, make_app

ADMIN = "director-key"
AS_ADMIN = {"Authorization": f"Bearer {ADMIN}"}
# Words of the Erudite alphabet, none in ru-erudite: each thread or process its own.
STEMS = ["ЖУК", "КОТ", "ЛЕС", "МОХ", "НОС", "ПУХ"]


def words(stem: str, n: int) -> list[str]:
    return [f"{stem}{'АБВГДЕЖЗИКЛМНОПРСТУФХ'[i]}Ъ" for i in range(n)]


@pytest.fixture()
def app(tmp_path):
    app = make_app(tmp_path / "t.db", data_dir=str(tmp_path / "data"), admin_key=ADMIN)
    yield app
    runtime(app).store.dispose()


def club(app) -> None:
    rt = runtime(app)
    create_house_list(rt.settings, rt.registry, "club-ru", "ru-erudite", by="admin")


def the_log(app) -> HouseLog:
    path = house_file(runtime(app).settings.loaded_lexicon_dir, "club-ru")
    return HouseLog.parse("club-ru", path.read_text("utf-8"))


def added(log: HouseLog) -> set[str]:
    return {e.word for e in log.live().values() if e.kind == HouseEventKind.ADD}


def run_together(jobs: t.Sequence[t.Callable[[], None]]) -> list[BaseException]:
    """Run ``jobs`` in threads released at once; what they raised."""
    start = threading.Barrier(len(jobs))
    errors: list[BaseException] = []

    def run(job: t.Callable[[], None]) -> None:
        start.wait()
        try:
            job()
        except BaseException as exc:  # reported by the test, not lost with the thread
            errors.append(exc)

    threads = [threading.Thread(target=run, args=(job,)) for job in jobs]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return errors


def test_two_changes_told_at_the_same_moment_both_land(tmp_path, monkeypatch):
    """Two threads of one worker tell the others of a change at once: each
    writes its own token and renames it into place (they used to share one
    scratch file per process, and the second rename found it gone)."""
    settings = Settings.from_env(
        env={"ADJUDICATOR_DATA_DIR": str(tmp_path)}, config_dir=CONFIG, lexicon_dir=LEXICONS
    )
    both_written = threading.Barrier(2)
    real = os.replace

    def replace(src: t.Any, dst: t.Any) -> None:
        if str(dst).endswith(lexicon_watch.GENERATION):
            both_written.wait(timeout=10)  # both tokens written before either is renamed
        real(src, dst)

    monkeypatch.setattr(lexicon_watch.os, "replace", replace)
    tokens: list[str] = []
    errors = run_together([lambda: tokens.append(bump_generation(settings))] * 2)
    assert errors == []
    assert read_generation(settings) in tokens and len(set(tokens)) == 2
    assert not list(settings.loaded_lexicon_dir.glob("*.tmp"))


def test_threads_adding_at_once_lose_no_entry(app):
    """Six admin requests at once (gunicorn's threads): six entries, one version each."""
    club(app)
    client = app.test_client()
    answers: list[int] = []

    def add(word: str) -> t.Callable[[], None]:
        def job() -> None:
            body = {"word": word, "action": "add", "why": "Даль", "ruleset": "erudite-ru"}
            resp = client.post("/api/v1/house-lists/club-ru/entries", json=body, headers=AS_ADMIN)
            answers.append(resp.status_code)

        return job

    mine = [words(stem, 1)[0] for stem in STEMS]
    assert run_together([add(w) for w in mine]) == []
    assert answers == [201] * len(mine)
    log = the_log(app)
    assert added(log) == set(mine) and log.version == 1 + len(mine)
    for word in mine:
        query = {"ruleset": "erudite-ru", "lexicon": "club-ru"}
        resp = client.get(f"/api/v1/words/{word}", query_string=query)
        assert resp.get_json()["valid"] is True, word


def _edit_in_a_process(app_settings: t.Any, stem: str, start: t.Any, out: t.Any) -> None:
    """A forked process: wait for the other, then add its words one edit at a time."""
    try:
        start.wait(timeout=30)
        app, settings = app_settings
        registry = runtime(app).registry
        for word in words(stem, 12):
            edit_house_list(settings, registry, "club-ru", HouseAction.ADD, word, by=stem, why="x")
        out.put("done")
    except BaseException as exc:
        out.put(repr(exc))


def test_two_processes_adding_at_once_lose_no_entry(app):
    """Two workers (or the CLI beside the service) edit the list at once: the
    lock on the data folder makes one wait for the other, and neither's entries
    are lost."""
    club(app)
    context = multiprocessing.get_context("fork")
    start, out = context.Barrier(2), context.Queue()
    settings = runtime(app).settings
    procs = [
        context.Process(target=_edit_in_a_process, args=((app, settings), stem, start, out))
        for stem in STEMS[:2]
    ]
    for proc in procs:
        proc.start()
    for proc in procs:
        proc.join(timeout=120)
    assert [out.get(timeout=5) for _ in procs] == ["done", "done"]
    log = the_log(app)
    assert added(log) == set(words(STEMS[0], 12) + words(STEMS[1], 12))
    assert log.version == 1 + 24
    # Each process's entries are in its own order (the lock serves one edit at a time).
    for stem in STEMS[:2]:
        assert [e.word for e in log.events if e.by == stem] == words(stem, 12)


def test_a_reader_during_edits_sees_whole_versions(app):
    """Reading the log (as the API and each reloading worker do) while it is
    edited gives one whole version after another, never a cut one."""
    club(app)
    rt = runtime(app)
    path = house_file(rt.settings.loaded_lexicon_dir, "club-ru")
    writing = threading.Event()
    seen: list[int] = []

    def write() -> None:
        try:
            for word in words(STEMS[0], 20):
                edit_house_list(
                    rt.settings, rt.registry, "club-ru", HouseAction.ADD, word, by="a", why="x"
                )
        finally:
            writing.set()

    def read() -> None:
        while not writing.is_set():
            seen.append(HouseLog.parse("club-ru", path.read_text("utf-8")).version)

    assert run_together([write, read]) == []
    assert seen == sorted(seen) and seen[-1] <= 21
    assert the_log(app).version == 21


def test_a_deletion_during_an_edit_is_not_undone_by_it(app, monkeypatch):
    """DELETE of a house list waits for an edit under way: the edit does not
    write the list back after the deletion removed it."""
    from adjudicator.services import house_lists

    club(app)
    rt = runtime(app)
    real = house_lists.write_house_list
    deleting: list[threading.Thread] = []

    def write_while_deleted(folder: t.Any, log: HouseLog) -> None:
        # The deletion comes while this edit holds the list; it may not finish first.
        thread = threading.Thread(target=delete_lexicon, args=(rt.settings, rt.registry, "club-ru"))
        thread.start()
        deleting.append(thread)
        thread.join(timeout=1)  # without the lock it is done by now
        real(folder, log)

    monkeypatch.setattr(house_lists, "write_house_list", write_while_deleted)
    edit_house_list(rt.settings, rt.registry, "club-ru", HouseAction.ADD, "ЖУКЪ", by="a", why="x")
    deleting[0].join()
    folder = rt.settings.loaded_lexicon_dir
    assert not house_file(folder, "club-ru").exists() and not (folder / "club-ru.yaml").exists()


def test_an_edit_never_sets_the_umask(app, monkeypatch):
    """The log's new copy gets the mode the umask allows without reading it with
    os.umask, which sets it for every thread of the worker for a moment (a file
    another thread made then would be writable by anyone)."""
    club(app)
    rt = runtime(app)
    real, calls = os.umask, []
    monkeypatch.setattr(os, "umask", lambda mask: calls.append(mask) or real(mask))
    edit_house_list(rt.settings, rt.registry, "club-ru", HouseAction.ADD, "ЖУКЪ", by="a", why="x")
    assert calls == []
    umask = real(0o022)
    real(umask)
    folder = rt.settings.loaded_lexicon_dir
    for path in (house_file(folder, "club-ru"), folder / lexicon_watch.GENERATION):
        assert path.stat().st_mode & 0o777 == 0o666 & ~umask, path.name
