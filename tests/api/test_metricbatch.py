"""Metric updates handed to prometheus-client in batches (adjudicator.web.metricbatch)."""

from __future__ import annotations

import logging
import math
import os
import threading
import time

import pytest
from prometheus_client import CollectorRegistry, Counter, Histogram

from adjudicator.web.metricbatch import Batches

BOUNDS = (0.001, 0.005, 0.01, 0.1, 1.0)


class Recorder:
    """A counter child that records each ``inc``."""

    def __init__(self) -> None:
        self.incs: list[float] = []

    def inc(self, amount: float) -> None:
        self.incs.append(amount)


def _samples(registry: CollectorRegistry) -> dict[tuple[str, tuple], float]:
    return {
        (s.name, tuple(sorted(s.labels.items()))): s.value
        for metric in registry.collect()
        for s in metric.samples
        if not s.name.endswith("_created")
    }


def test_ticks_and_amounts_are_handed_over_once():
    batches = Batches()
    child = Recorder()
    count = batches.count(child)
    for _ in range(5):
        count.tick()
    count.add(7)
    batches.flush()
    batches.flush()  # nothing new: nothing handed over
    count.tick()
    batches.flush()
    assert child.incs == [12, 1]


def test_a_batch_fills_the_histogram_as_observing_one_by_one_does():
    amounts = [0.0, 0.001, 0.0010001, 0.004, 0.005, 0.02, 0.1, 0.5, 1.0, 3.0, 250.0, -1.0]
    one_by_one, batched = CollectorRegistry(), CollectorRegistry()
    direct = Histogram("t_seconds", "t", ["route"], buckets=BOUNDS, registry=one_by_one)
    later = Histogram("t_seconds", "t", ["route"], buckets=BOUNDS, registry=batched)
    batches = Batches()
    samples = batches.samples(later.labels("/x"))
    for amount in amounts:
        direct.labels("/x").observe(amount)
        samples.add(amount)
    assert _samples(batched) != _samples(one_by_one)  # nothing handed over yet
    batches.flush()
    got, want = _samples(batched), _samples(one_by_one)
    assert got.keys() == want.keys()
    for key, value in want.items():
        assert math.isclose(got[key], value, abs_tol=1e-12), key


def test_an_unknown_histogram_layout_is_observed_one_by_one(caplog):
    class Child:
        def __init__(self) -> None:
            self.seen: list[float] = []

        def observe(self, amount: float) -> None:
            self.seen.append(amount)

    child = Child()
    batches = Batches()
    with caplog.at_level(logging.WARNING, logger="adjudicator.web.metricbatch"):
        samples = batches.samples(child)
    assert "observed on its own" in caplog.text
    samples.add(0.5)
    samples.add(2.0)
    batches.flush()
    assert child.seen == [0.5, 2.0]


def test_no_tick_is_lost_or_counted_twice_while_another_thread_hands_over():
    batches = Batches()
    child = Recorder()
    count = batches.count(child)
    n = 200_000
    done = threading.Event()

    def hammer() -> None:
        for _ in range(n):
            count.tick()
        done.set()

    worker = threading.Thread(target=hammer)
    worker.start()
    flushes = 0
    while not done.is_set():
        batches.flush()
        flushes += 1
    worker.join()
    batches.flush()
    assert sum(child.incs) == n
    assert flushes > 1  # the hand-overs really ran during the ticking


def test_the_thread_hands_over_on_its_own_and_stop_hands_over_the_rest():
    registry = CollectorRegistry()
    counter = Counter("c_total", "c", registry=registry)
    batches = Batches(interval=0.05)
    count = batches.count(counter)
    batches.start()
    batches.start()  # once per process
    assert sum(th.name == "metric-batches" for th in threading.enumerate()) >= 1
    count.tick()
    deadline = time.monotonic() + 10
    while registry.get_sample_value("c_total") != 1 and time.monotonic() < deadline:
        time.sleep(0.01)
    assert registry.get_sample_value("c_total") == 1
    batches.stop()
    count.tick()
    batches.stop()  # as at exit: the thread is gone, the rest is handed over
    assert registry.get_sample_value("c_total") == 2


def test_forget_drops_what_is_pending():
    batches = Batches()
    child = Recorder()
    count = batches.count(child)
    count.tick()
    count.add(3)
    batches.forget()
    count.tick()
    batches.flush()
    assert child.incs == [1]


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork")
def test_a_forked_child_does_not_hand_over_its_parents_counts():
    batches = Batches()
    child = Recorder()
    count = batches.count(child)
    count.tick()
    count.tick()
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: what it hands over goes to the parent through the pipe
        try:
            count.tick()
            batches.flush()
            os.write(write, repr((child.incs, batches.running)).encode())
        finally:
            os._exit(0)
    os.close(write)
    os.waitpid(pid, 0)
    with os.fdopen(read) as pipe:
        in_child = pipe.read()
    assert in_child == "([1], False)"
    batches.flush()
    assert child.incs == [2]
