"""One data folder, whatever the install: the database and the loaded lexicons.

The install test builds the wheel and puts it on the path in front of the
README's editable install: both see the same folder, and a word list built by
one is served by the other.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import platformdirs
import pytest

from adjudicator import settings as settings_module
from adjudicator.cli import cli
from adjudicator.services.registry import open_registry
from adjudicator.settings import Settings
from tests.conftest import ROOT

WHAT_IT_SEES = """
import json, adjudicator
from adjudicator.settings import Settings
s = Settings.from_env()
print(json.dumps({"package": adjudicator.__file__, "data": str(s.data_dir),
                  "database": s.database_url}))
"""


def test_the_default_is_the_users_data_folder_or_a_services(monkeypatch, tmp_path):
    monkeypatch.delenv("ADJUDICATOR_DATA_DIR")
    monkeypatch.setattr(settings_module, "SERVICE_DATA_DIR", tmp_path / "absent")
    user = Path(platformdirs.user_data_dir("adjudicator", appauthor=False))
    s = Settings.from_env()
    assert s.data_dir == user and s.database_url == f"sqlite:///{user / 'adjudicator.db'}"
    monkeypatch.setattr(settings_module, "SERVICE_DATA_DIR", tmp_path)
    assert Settings.from_env().data_dir == tmp_path  # /var/lib/adjudicator, when it exists


def test_the_data_folder_holds_the_database_and_the_loaded_lexicons(tmp_path):
    s = Settings.from_env(env={"ADJUDICATOR_DATA_DIR": str(tmp_path)})
    assert s.database_url == f"sqlite:///{tmp_path / 'adjudicator.db'}"
    assert s.loaded_lexicon_dir == tmp_path / "lexicons"
    assert s.lexicon_dir == ROOT / "lexicons"  # the bundled ones stay where they ship


def test_a_built_word_list_is_served_from_the_data_folder(runner, tmp_path, monkeypatch):
    monkeypatch.setenv("ADJUDICATOR_DATA_DIR", str(tmp_path))
    words = tmp_path / "club.txt"
    words.write_text("cat\ndog\nqi\n", encoding="utf-8")
    built = runner.invoke(
        cli,
        ["lexicon", "build", "--wordlist", str(words), "--name", "club", "--alphabet", "english"],
    )
    assert built.exit_code == 0, built.output
    assert (tmp_path / "lexicons" / "club.marisa").exists()
    assert not (ROOT / "lexicons" / "club.yaml").exists()  # nothing written into the checkout
    registry = open_registry(Settings.from_env())
    assert "club" in registry.lexicons and "en-enable" in registry.lexicons
    assert "club" in registry.fitting["scrabble-en"]


def test_an_earlier_releases_database_is_named_not_lost(tmp_path, monkeypatch):
    old = tmp_path / "instance" / "adjudicator.db"
    old.parent.mkdir()
    old.write_bytes(b"")
    monkeypatch.setattr(settings_module, "_OLD_DATABASES", (old,))
    s = Settings.from_env(env={"ADJUDICATOR_DATA_DIR": str(tmp_path / "data")})
    assert s.old_databases() == [old]
    (tmp_path / "data").mkdir()
    (tmp_path / "data" / "adjudicator.db").write_bytes(b"")
    assert s.old_databases() == []  # the data folder has its own


@pytest.mark.slow
def test_a_wheel_install_and_the_editable_one_share_the_data(tmp_path):
    wheels, site = tmp_path / "wheels", tmp_path / "site"
    pip = [sys.executable, "-m", "pip", "-q"]
    subprocess.run([*pip, "wheel", "--no-deps", "-w", str(wheels), str(ROOT)], check=True)
    (wheel,) = wheels.glob("adjudicator-*.whl")
    subprocess.run([*pip, "install", "--no-deps", "--target", str(site), str(wheel)], check=True)
    env = {k: v for k, v in os.environ.items() if not k.startswith("ADJUDICATOR_")}
    env |= {"HOME": str(tmp_path / "home"), "XDG_DATA_HOME": str(tmp_path / "home" / "data")}

    def sees(extra: dict[str, str]) -> dict[str, str]:
        out = subprocess.run(
            [sys.executable, "-c", WHAT_IT_SEES],
            env={**env, **extra},
            cwd=tmp_path,
            capture_output=True,
            text=True,
            check=True,
        )
        return json.loads(out.stdout)

    editable = sees({})
    installed = sees({"PYTHONPATH": str(site)})
    assert Path(editable["package"]).is_relative_to(ROOT)
    assert Path(installed["package"]).is_relative_to(site)
    assert editable["data"] == installed["data"] == str(tmp_path / "home" / "data" / "adjudicator")
    assert editable["database"] == installed["database"]
