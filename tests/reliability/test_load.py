"""A short run of scripts/load (the full 60 s run is `scripts/load`; see docs/api.md)."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys

import pytest

from tests.conftest import ROOT

pytestmark = [pytest.mark.e2e, pytest.mark.slow, pytest.mark.serial]


@pytest.mark.skipif(shutil.which("wrk") is None, reason="wrk not installed (apt-get install wrk)")
def test_load_without_errors_or_memory_growth():
    result = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "load"), "--duration", "15", "--baseline-at", "5"],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    report = json.loads(result.stdout)
    assert report["requests"] > 1000, report
    assert report["socket_errors"] == report["non_2xx"] == report["server_errors"] == 0, report
    assert report["rss_growth"] < 0.05, report
    assert report["passed"] and result.returncode == 0, report
