"""ruff (rules B, E, F, I, UP, W) holds for the package and the tests, and
mypy --strict for the package (pyproject.toml's [tool.mypy])."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import ROOT


def test_ruff_check():
    exe = Path(sys.executable).with_name("ruff")
    cmd = str(exe) if exe.exists() else shutil.which("ruff")
    assert cmd, "ruff is a test dependency; install '.[test]'"
    proc = subprocess.run(
        [cmd, "check", "adjudicator", "tests", "bench"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr


@pytest.mark.slow
def test_mypy_strict():
    proc = subprocess.run(
        [sys.executable, "-m", "mypy"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_test_files_have_distinct_names():
    """The test folders are no packages: two test files of one name in two
    folders cannot both be collected in one run ("import file mismatch")."""
    found = [p.name for p in (ROOT / "tests").rglob("test_*.py") if "node_modules" not in p.parts]
    assert sorted({name for name in found if found.count(name) > 1}) == []
