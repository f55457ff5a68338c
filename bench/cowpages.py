"""Which of the gunicorn master's memory pages a worker has copied, and what on them was written.

A forked worker shares the master's pages until one of the two writes to a page;
the kernel then gives the writer its own copy, and that copy is what an added
worker costs in PSS.  This starts the server as the Dockerfile does
(``gunicorn_conf``, preloaded app, one worker), maps the master's Python objects
just before the fork (address, size, type), runs the memory section's mixed load
(``httpbench.mixed_load``) and then compares, page by page, the worker's
writable anonymous memory (``[heap]`` and the rest) with the master's.  Each
word that differs is put down to the object it falls in: its reference count,
its GC header, a code object's body (the specialising interpreter's inline
caches) or another object's contents; or to no mapped object at all (the
allocators' bookkeeping, freed blocks reused, dict tables and list arrays, which
are not objects of their own).

A page counts under every kind of write found on it, and under "only" when that
kind alone was written there: the pages that doing without that kind of write
would save.  A page copied and then written back as it was (a reference count
raised while code ran and lowered again) shows no difference: "none left".
Two workers run, and only pages the first holds alone count, so that a page the
master wrote after both forks (the workers then share the original) does not.

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
import typing as t
from pathlib import Path

PAGE = 4096
OBJECT_MAP_ENV = "ADJUDICATOR_BENCH_OBJECT_MAP"
_PRESENT, _EXCLUSIVE, _PFN = 1 << 63, 1 << 56, (1 << 55) - 1
_HAVE_GC = 1 << 14

# (start of the object's memory block, the object's address, its size, its type's name)
ObjectMap = list[tuple[int, int, int, str]]


def write_object_map(path: Path) -> None:
    """Map every object the collector tracks and those they refer to (for the master)."""
    found: dict[int, t.Any] = {}
    for obj in gc.get_objects():
        found[id(obj)] = obj
        for ref in gc.get_referents(obj):
            found.setdefault(id(ref), ref)
    rows = []
    for addr, obj in found.items():
        # A type with Py_TPFLAGS_HAVE_GC puts a 16-byte PyGC_Head before each of
        # its objects (tracked or not), which sys.getsizeof counts in the size.
        head = 16 if type(obj).__flags__ & _HAVE_GC else 0
        try:
            size = sys.getsizeof(obj) - head
        except TypeError:  # an extension type that refuses to tell
            size = 16
        rows.append((addr - head, addr, size, type(obj).__name__))
    rows.sort()
    with path.open("wb") as f:
        pickle.dump(rows, f)


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


def _pagemap(pid: int, lo: int, hi: int) -> tuple[int, ...]:
    with open(f"/proc/{pid}/pagemap", "rb") as f:
        f.seek(lo // PAGE * 8)
        data = f.read((hi - lo) // PAGE * 8)
    return struct.unpack(f"{len(data) // 8}Q", data)


def copied_pages(master: int, worker: int) -> list[tuple[int, str, bytes, bytes]]:
    """``(address, region, master's bytes, worker's bytes)`` of each page present in
    both processes at the same address but no longer the same physical page."""
    theirs = _regions(master)
    out = []
    with (
        open(f"/proc/{master}/mem", "rb", buffering=0) as mm,
        open(f"/proc/{worker}/mem", "rb", buffering=0) as wm,
    ):
        for lo, hi, name in _regions(worker):
            if not any(m_lo <= lo < m_hi for m_lo, m_hi, _ in theirs):
                continue  # made after the fork: the worker's own
            pairs = zip(_pagemap(worker, lo, hi), _pagemap(master, lo, hi), strict=True)
            for i, (w, m) in enumerate(pairs):
                if not (w & m & _PRESENT and w & _EXCLUSIVE) or (w & _PFN) == (m & _PFN):
                    continue
                addr = lo + i * PAGE
                mm.seek(addr)
                wm.seek(addr)
                out.append((addr, name, mm.read(PAGE), wm.read(PAGE)))
    return out


def attribute(pages: list[tuple[int, str, bytes, bytes]], objects: ObjectMap) -> dict[str, t.Any]:
    """Count pages by the kinds of write found on them (see the module's text)."""
    starts = [row[0] for row in objects]
    any_kind: collections.Counter[str] = collections.Counter()
    only_kind: collections.Counter[str] = collections.Counter()
    by_type: collections.Counter[tuple[str, str]] = collections.Counter()
    region_pages: collections.Counter[str] = collections.Counter()
    for addr, region, old, new in pages:
        region_pages[region] += 1
        before, after = struct.unpack("512Q", old), struct.unpack("512Q", new)
        kinds, types = set(), set()
        for j in (j for j in range(512) if before[j] != after[j]):
            word = addr + 8 * j
            k = bisect.bisect_right(starts, word) - 1
            if k < 0 or word >= objects[k][1] + objects[k][2]:
                kinds.add("not an object")
                continue
            _, obj, _, type_name = objects[k]
            if word == obj:
                kind = "reference count"
            elif word < obj:
                kind = "GC header"
            else:
                kind = "code object body" if type_name == "code" else "object contents"
            kinds.add(kind)
            types.add((kind, type_name))
        if not kinds:  # copied, then written back as it was (a count raised and lowered)
            kinds.add("none left (written back)")
        any_kind.update(kinds)
        if len(kinds) == 1:
            only_kind.update(kinds)
        by_type.update(types)
    return {
        "pages": len(pages),
        "mib": round(len(pages) * PAGE / 2**20, 2),
        "by_region": dict(region_pages),
        "by_kind": {k: {"pages": n, "only": only_kind[k]} for k, n in any_kind.most_common()},
        "by_type": [[kind, name, n] for (kind, name), n in by_type.most_common()],
    }


def _private_dirty_kb(pid: int) -> int:
    for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
        if line.startswith("Private_Dirty:"):
            return int(line.split()[1])
    return 0


def _report(label: str, got: dict[str, t.Any], top: int, worker: int) -> None:
    regions = ", ".join(f"{name} {n}" for name, n in sorted(got["by_region"].items()))
    print(f"\n{label}: {got['pages']} pages copied ({got['mib']} MiB; {regions})")
    print(f"  the worker's Private_Dirty: {_private_dirty_kb(worker) / 1024:.2f} MiB")
    print("  | Kind of write | pages with it | pages with only it |")
    print("  |---|---|---|")
    for kind, n in got["by_kind"].items():
        print(f"  | {kind} | {n['pages']} | {n['only']} |")
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
        srv = Server(work, 2, BENCH_RATELIMIT)
        srv.command = gunicorn_command(
            "adjudicator.web:create_app()", srv.port, 2, "-c", "python:bench.cowconf"
        )
        srv.env[OBJECT_MAP_ENV] = str(work / "objects.pickle")
        with srv:
            srv.wait_ready()
            time.sleep(0.5)
            worker = min(srv.worker_pids())
            with (work / "objects.pickle").open("rb") as f:
                objects: ObjectMap = pickle.load(f)
            print(f"{len(objects):,} objects mapped in the master before the fork")
            ready = attribute(copied_pages(srv.pid, worker), objects)
            _report("Ready (the readiness probe answered)", ready, 0, worker)
            load.run(srv.port, reqs, args.seconds, 4, tool)
            time.sleep(0.2)
            loaded = attribute(copied_pages(srv.pid, worker), objects)
            _report(f"After {args.seconds:g} s of mixed load", loaded, args.top, worker)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
