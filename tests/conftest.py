from __future__ import annotations

import os
from pathlib import Path

import pytest

from adjudicator.loaders import Registry, load_config
from adjudicator.services.registry import open_registry
from adjudicator.settings import Settings
from adjudicator.web import create_app

ROOT = Path(__file__).resolve().parents[1]
CONFIG = ROOT / "config"
LEXICONS = ROOT / "lexicons"
GCG_DIR = ROOT.parent / "shared" / "data" / "gcg"


@pytest.fixture(scope="session")
def registry() -> Registry:
    """Rules only (no lexicons): fast, for core tests."""
    return load_config(CONFIG)


@pytest.fixture(scope="session")
def full_registry() -> Registry:
    """Rules plus the bundled, memory-mapped lexicons."""
    return open_registry(Settings.from_env(env={}, config_dir=CONFIG, lexicon_dir=LEXICONS))


@pytest.fixture(scope="session")
def app(tmp_path_factory):
    db = tmp_path_factory.mktemp("db") / "test.db"
    app = create_app({"TESTING": True, "config_dir": str(CONFIG), "lexicon_dir": str(LEXICONS),
                      "database_url": f"sqlite:///{db}"})
    return app


@pytest.fixture()
def client(app):
    return app.test_client()


@pytest.fixture()
def runner():
    from click.testing import CliRunner

    return CliRunner()


def board_rows(**rows: str) -> list[str]:
    """A 15x15 board from ``r7="...CAT"`` style keyword rows (0-based), padded with dots."""
    out = ["." * 15 for _ in range(15)]
    for key, text in rows.items():
        r = int(key[1:])
        out[r] = (text + "." * 15)[:15]
    return out


def needs_env(name: str) -> pytest.MarkDecorator:
    return pytest.mark.skipif(not os.environ.get(name), reason=f"{name} not set")
