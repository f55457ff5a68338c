"""The layer rule (core <- loaders <- services <- web/cli) is checked by import-linter."""

from __future__ import annotations

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


def test_every_domain_error_is_defined_in_errors():
    """``adjudicator.errors`` says every error class lives there: import every
    module and look for an AdjudicatorError defined anywhere else."""
    import importlib
    import inspect
    import pkgutil

    import adjudicator
    from adjudicator.errors import AdjudicatorError

    elsewhere = []
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
                elsewhere.append(f"{info.name}.{name}")
    assert elsewhere == []


def test_the_old_gunicorn_config_path_still_configures_the_same():
    """``-c python:adjudicator.web.runtime.gunicorn_conf``, as earlier releases
    documented it, gives gunicorn the settings of ``adjudicator.serving``."""
    from adjudicator.serving import gunicorn_conf as new
    from adjudicator.web.runtime import gunicorn_conf as old

    assert new.__all__ and all(getattr(old, n) is getattr(new, n) for n in new.__all__)
