"""The admin key: generated once into the data folder (0600), overridden by
ADJUDICATOR_ADMIN_KEY, shown again by `adjudicator admin-key`."""

from __future__ import annotations

import threading

from adjudicator.cli import cli
from adjudicator.services.admin_key import admin_key
from adjudicator.settings import Settings


def settings(tmp_path, **env: str) -> Settings:
    return Settings.from_env(env={"ADJUDICATOR_DATA_DIR": str(tmp_path), **env})


def test_generated_once_private_and_kept(tmp_path):
    key, generated = admin_key(settings(tmp_path))
    assert generated and len(key) >= 40
    path = tmp_path / "admin-key"
    assert path.read_text("ascii").strip() == key and path.stat().st_mode & 0o777 == 0o600
    assert admin_key(settings(tmp_path)) == (key, False)
    assert not [p for p in tmp_path.iterdir() if p.name != "admin-key"]  # no temp file left


def test_the_environment_overrides_it(tmp_path):
    assert admin_key(settings(tmp_path, ADJUDICATOR_ADMIN_KEY="mine")) == ("mine", False)
    assert not (tmp_path / "admin-key").exists()


def test_instances_starting_together_agree(tmp_path):
    results: list[tuple[str, bool]] = []
    threads = [
        threading.Thread(target=lambda: results.append(admin_key(settings(tmp_path))))
        for _ in range(8)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len({key for key, _ in results}) == 1
    assert sum(generated for _, generated in results) == 1


def test_the_cli_shows_it(runner, tmp_path, monkeypatch):
    monkeypatch.setenv("ADJUDICATOR_DATA_DIR", str(tmp_path))
    first = runner.invoke(cli, ["admin-key"])
    assert first.exit_code == 0
    assert first.output.strip() == (tmp_path / "admin-key").read_text("ascii").strip()
    assert runner.invoke(cli, ["admin-key"]).output == first.output
