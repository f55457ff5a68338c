"""The layer rule (core <- loaders <- services <- web/cli) is checked by import-linter."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import ROOT


def test_import_contracts_hold():
    exe = Path(sys.executable).with_name("lint-imports")
    cmd = [str(exe)] if exe.exists() else [shutil.which("lint-imports") or "lint-imports"]
    if not (exe.exists() or shutil.which("lint-imports")):
        pytest.fail("import-linter is a test dependency; install '.[test]'")
    proc = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "Contracts: 3 kept, 0 broken" in proc.stdout


def _in_a_fresh_interpreter(code: str, metrics: Path) -> str:
    """Run ``code`` in a new Python: importing ``adjudicator.serving.gunicorn_conf``
    is how gunicorn takes its settings, and the import sets
    ``PROMETHEUS_MULTIPROC_DIR`` and pauses the garbage collector, for the master
    it runs in; in this test process that would change how every later app of the
    session serves its metrics.  ``metrics``: the folder it gets (else a new one
    in /tmp, left behind)."""
    env = {**os.environ, "PROMETHEUS_MULTIPROC_DIR": str(metrics)}
    proc = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    return proc.stdout


def test_every_domain_error_is_defined_in_errors(tmp_path):
    """``adjudicator.errors`` says every error class lives there: import every
    module and look for an AdjudicatorError defined anywhere else."""
    out = _in_a_fresh_interpreter(
        """
import importlib, inspect, pkgutil
import adjudicator
from adjudicator.errors import AdjudicatorError
for info in pkgutil.walk_packages(adjudicator.__path__, "adjudicator."):
    if info.name.endswith("__main__"):
        continue  # runs the CLI
    module = importlib.import_module(info.name)
    for name, value in vars(module).items():
        if (
            inspect.isclass(value)
            and issubclass(value, AdjudicatorError)
            and value.__module__ == info.name
            and not info.name.startswith("adjudicator.errors")
        ):
            print(f"{info.name}.{name}")
print("walked")
""",
        tmp_path,
    )
    assert out.splitlines() == ["walked"]


def test_the_old_gunicorn_config_path_still_configures_the_same(tmp_path):
    """``-c python:adjudicator.web.runtime.gunicorn_conf``, as earlier releases
    documented it, gives gunicorn the settings of ``adjudicator.serving``."""
    out = _in_a_fresh_interpreter(
        """
from adjudicator.serving import gunicorn_conf as new
from adjudicator.web.runtime import gunicorn_conf as old
print(bool(new.__all__) and all(getattr(old, n) is getattr(new, n) for n in new.__all__))
""",
        tmp_path,
    )
    assert out.strip() == "True"
