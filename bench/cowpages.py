"""Which of the gunicorn master's memory pages a worker has copied, and what on them was written.

A forked worker shares the master's pages until one of the two writes to a page;
the kernel then gives the writer its own copy, and the worker's copies are what
an added worker costs in PSS.  This starts the server as the Dockerfile does
(``gunicorn_conf``, preloaded app) with one worker.  Just before the fork the
master forks a helper (``bench.cowconf``) and waits for it: the helper records
the master's writable anonymous pages (where each lies in physical memory, and
its bytes) and maps its own objects (address, extent, type), which are the
master's, at the same addresses, untouched.  After the memory section's mixed
load (``httpbench.mixed_load``) a page counts as copied by the worker when the
worker holds it elsewhere in physical memory than the master did at the fork; a
page the master wrote later (the worker keeps the original) does not count.
Each word that differs from the master's at the fork is put down to the object
it falls in: its reference count, its GC header, a code object's body (the
specialising interpreter's inline caches) or another object's contents; or to
no object (the allocators' bookkeeping, freed or reused blocks, dict tables and
list arrays, which are not objects of their own).

A page counts under every kind of write found on it, and under "only" when no
other kind was found there: at most those pages would stay shared without that
kind of write (a page can also carry writes that left no trace).  A page
copied and then written back as it was, such as a reference count raised and
lowered again, shows no difference: "none left".

Needs root: ``/proc/PID/pagemap`` shows page frame numbers only to root.

    python -m bench.cowpages [--seconds 3] [--top 15]
"""

from __future__ import annotations

import argparse
import bisect
import collections
import gc
import os
import pickle
import struct
import sys
import tempfile
import time
import traceback
import types
import typing as t
from pathlib import Path

from bench.memory import rollup

PAGE = 4096
SNAPSHOT_ENV = "ADJUDICATOR_BENCH_SNAPSHOT"
_PRESENT, _EXCLUSIVE, _PFN = 1 << 63, 1 << 56, (1 << 55) - 1
_HAVE_GC, _MANAGED_DICT = 1 << 14, 1 << 4  # type flags (CPython 3.11)
_INLINE = (str, int)  # sizes that object.__sizeof__ does not tell

# (start of the object's memory, the object's address, its extent, its type's name,
# bytes of GC header just before it)
ObjectMap = list[tuple[int, int, int, str, int]]
# address -> (page frame number, the page's bytes), as the master had them at the fork
Snapshot = dict[int, tuple[int, bytes]]
# (address, region, the page's bytes at the fork, the worker's bytes)
Copied = list[tuple[int, str, bytes, bytes]]


def take_snapshot(directory: Path) -> None:
    """In the master, before it forks its first worker: fork a helper that records
    the master's pages and maps its objects, and wait for it (the master's memory
    stays as it was meanwhile)."""
    pid = os.fork()
    if pid == 0:
        code = 1
        try:
            _write(directory / "pages.pickle", _pages(os.getppid()))
            _write(directory / "objects.pickle", _object_map())
            code = 0
        except BaseException:
            traceback.print_exc()  # to gunicorn's log; the master then refuses to go on
        finally:
            os._exit(code)
    _, status = os.waitpid(pid, 0)
    if status != 0:
        raise RuntimeError(f"the snapshot helper failed (wait status {status})")


def _write(path: Path, data: t.Any) -> None:
    with path.open("wb") as f:
        pickle.dump(data, f)


def _object_map() -> ObjectMap:
    """Every object reachable from those the collector knows, with code objects'
    constants and names, which the collector does not see."""
    seen: dict[int, t.Any] = {}
    todo = gc.get_objects()
    while todo:
        obj = todo.pop()
        if id(obj) in seen:
            continue
        seen[id(obj)] = obj
        if type(obj).__flags__ & _HAVE_GC:
            todo.extend(gc.get_referents(obj))
        elif isinstance(obj, types.CodeType):
            todo.extend((obj.co_consts, obj.co_names, obj.co_filename, obj.co_name))
            todo.extend((obj.co_qualname, obj.co_linetable, obj.co_exceptiontable))
            todo.extend(obj.co_varnames + obj.co_cellvars + obj.co_freevars)
    rows = []
    for addr, obj in seen.items():
        flags = type(obj).__flags__
        head = 16 if flags & _HAVE_GC else 0  # PyGC_Head
        pre = head + (16 if flags & _MANAGED_DICT else 0)  # and the dict and values pointers
        # The object's own block: not the tables a dict, list or set points to.
        extent = sys.getsizeof(obj) - head if isinstance(obj, _INLINE) else object.__sizeof__(obj)
        rows.append((addr - pre, addr, extent, type(obj).__name__, head))
    rows.sort()
    return rows


def _regions(pid: int) -> list[tuple[int, int, str]]:
    """Writable anonymous mappings: ``(start, end, "[heap]" or "anon")``."""
    out = []
    for line in Path(f"/proc/{pid}/maps").read_text().splitlines():
        fields = line.split()
        name = fields[5] if len(fields) >= 6 else "anon"
        if "w" in fields[1] and name in ("anon", "[heap]"):
            lo, hi = (int(x, 16) for x in fields[0].split("-"))
            out.append((lo, hi, name))
    return out


def _present(pid: int) -> t.Iterator[tuple[int, str, int]]:
    """``(address, region, pagemap entry)`` of each page of the writable anonymous
    mappings that is in memory."""
    with open(f"/proc/{pid}/pagemap", "rb") as f:
        for lo, hi, name in _regions(pid):
            f.seek(lo // PAGE * 8)
            data = f.read((hi - lo) // PAGE * 8)
            for i, entry in enumerate(struct.unpack(f"{len(data) // 8}Q", data)):
                if entry & _PRESENT:
                    yield lo + i * PAGE, name, entry


def _read(mem: t.BinaryIO, addr: int) -> bytes:
    mem.seek(addr)
    data = mem.read(PAGE)
    if len(data) != PAGE:
        raise OSError(f"short read at {addr:#x}: {len(data)} bytes")
    return data


def _pages(pid: int) -> Snapshot:
    with open(f"/proc/{pid}/mem", "rb", buffering=0) as mem:
        return {addr: (entry & _PFN, _read(mem, addr)) for addr, _, entry in _present(pid)}


def copied_pages(worker: int, snapshot: Snapshot) -> tuple[Copied, int, int]:
    """``(copies, new, kept)``: the pages the worker holds as its own copies
    (``[(address, region, bytes at the fork, worker's bytes), ...]``), the count of
    pages new since the fork, and the count of original pages that the worker
    alone still maps because the master has since written its own copies."""
    copied, new, kept = [], 0, 0
    with open(f"/proc/{worker}/mem", "rb", buffering=0) as mem:
        for addr, region, entry in _present(worker):
            before = snapshot.get(addr)
            if before is None:
                new += 1
            elif before[0] != entry & _PFN:
                copied.append((addr, region, before[1], _read(mem, addr)))
            elif entry & _EXCLUSIVE:
                kept += 1
    return copied, new, kept


def _kind(objects: ObjectMap, starts: list[int], word: int, type_changed: bool) -> tuple[str, str]:
    """(kind of write, type name) for a word that differs."""
    k = bisect.bisect_right(starts, word) - 1
    if k < 0 or word >= objects[k][1] + objects[k][2]:
        return "not an object", ""
    _, obj, _, type_name, head = objects[k]
    if word == obj:  # the count, unless the block was freed or holds another object now
        return ("not an object", "") if type_changed else ("reference count", type_name)
    if word < obj:
        return ("GC header" if word >= obj - head else "object contents"), type_name
    return ("code object body" if type_name == "code" else "object contents"), type_name


def attribute(pages: Copied, objects: ObjectMap) -> dict[str, t.Any]:
    """Count pages by the kinds of write found on them (see the module's text)."""
    starts = [row[0] for row in objects]
    any_kind: collections.Counter[str] = collections.Counter()
    only_kind: collections.Counter[str] = collections.Counter()
    by_type: collections.Counter[tuple[str, str]] = collections.Counter()
    region_pages: collections.Counter[str] = collections.Counter()
    for addr, region, old, new in pages:
        region_pages[region] += 1
        before, after = struct.unpack("512Q", old), struct.unpack("512Q", new)
        found = set()
        for j in (j for j in range(512) if before[j] != after[j]):
            type_changed = j < 511 and before[j + 1] != after[j + 1]
            found.add(_kind(objects, starts, addr + 8 * j, type_changed))
        kinds = {kind for kind, _ in found} or {"none left (written back)"}
        any_kind.update(kinds)
        if len(kinds) == 1:
            only_kind.update(kinds)
        by_type.update(pair for pair in found if pair[1])
    return {
        "pages": len(pages),
        "mib": round(len(pages) * PAGE / 2**20, 2),
        "by_region": dict(region_pages),
        "by_kind": {k: {"pages": n, "only": only_kind[k]} for k, n in any_kind.most_common()},
        "by_type": [[kind, name, n] for (kind, name), n in by_type.most_common()],
    }


def _report(label: str, worker: int, snapshot: Snapshot, objects: ObjectMap, top: int) -> None:
    pages, new, kept = copied_pages(worker, snapshot)
    got = attribute(pages, objects)
    regions = ", ".join(f"{name} {n}" for name, n in sorted(got["by_region"].items()))
    print(f"\n{label}: {got['pages']} pages copied ({got['mib']} MiB; {regions})")
    print(
        f"  also {new} pages new since the fork ({new * PAGE / 2**20:.2f} MiB) and {kept} "
        f"originals the master has written since ({kept * PAGE / 2**20:.2f} MiB); "
        f"the worker's Private_Dirty: {rollup(worker)['Private_Dirty'] / 1024:.2f} MiB"
    )
    print("  | Kind of write | pages with it | pages with only it |")
    print("  |---|---|---|")
    for kind, n in got["by_kind"].items():
        print(f"  | {kind} | {n['pages']} | {n['only']} |")
    if top:
        print("  Pages per type written (a page counts once per type and kind):")
        for kind, name, n in got["by_type"][:top]:
            print(f"    {n:6d}  {name} ({kind})")


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m bench.cowpages", description=__doc__.split("\n")[0])
    p.add_argument("--seconds", type=float, default=3.0, help="seconds of mixed load")
    p.add_argument("--top", type=int, default=15, help="types to list")
    args = p.parse_args(argv)
    if os.geteuid() != 0:
        p.error("needs root: /proc/PID/pagemap shows page frame numbers only to root")

    from adjudicator.services.registry import open_registry
    from adjudicator.settings import Settings
    from bench import load
    from bench.httpbench import mixed_load
    from bench.records import load_cases
    from bench.server import Server, gunicorn_command, prepare_database
    from bench.suite import BENCH_RATELIMIT

    registry = open_registry(Settings.from_env())
    cases, _, _ = load_cases(None, registry)
    reqs = mixed_load(registry, cases)
    tool = "wrk" if load.have_wrk() else "python"
    with tempfile.TemporaryDirectory(prefix="adjudicator-cowpages-") as tmp:
        work = Path(tmp)
        prepare_database(work)
        srv = Server(work, 1, BENCH_RATELIMIT)
        srv.command = gunicorn_command(
            "adjudicator.web:create_app()", srv.port, 1, "-c", "python:bench.cowconf"
        )
        srv.env[SNAPSHOT_ENV] = str(work)
        with srv:
            srv.wait_ready()
            time.sleep(0.5)
            (worker,) = srv.worker_pids()
            with (work / "pages.pickle").open("rb") as f:
                snapshot: Snapshot = pickle.load(f)
            with (work / "objects.pickle").open("rb") as f:
                objects: ObjectMap = pickle.load(f)
            print(
                f"At the fork: {len(snapshot):,} pages of the master's writable anonymous "
                f"memory ({len(snapshot) * PAGE / 2**20:.1f} MiB), {len(objects):,} objects"
            )
            _report("Ready (the readiness probe answered)", worker, snapshot, objects, 0)
            load.run(srv.port, reqs, args.seconds, 4, tool)
            time.sleep(0.2)
            _report(f"After {args.seconds:g} s of mixed load", worker, snapshot, objects, args.top)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
