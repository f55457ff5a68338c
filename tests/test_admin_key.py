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


def _serve(runner, tmp_path, monkeypatch, *, terminal: bool):
    """`adjudicator serve` up to the point where gunicorn would start."""
    from adjudicator import cli as cli_module
    from adjudicator.serving import server

    monkeypatch.setenv("ADJUDICATOR_DATA_DIR", str(tmp_path))
    monkeypatch.delenv("ADJUDICATOR_ADMIN_KEY", raising=False)
    monkeypatch.setattr(cli_module, "_on_terminal", lambda: terminal)
    monkeypatch.setattr(server, "run_gunicorn", lambda *a, **k: None)
    result = runner.invoke(cli, ["serve"])
    assert result.exit_code == 0, result.output
    return result


def test_serve_shows_a_new_key_once_to_the_terminal_only(runner, tmp_path, monkeypatch):
    first = _serve(runner, tmp_path, monkeypatch, terminal=True)
    key = (tmp_path / "admin-key").read_text("ascii").strip()
    assert key in first.stdout and "adjudicator admin-key" in first.stdout
    again = _serve(runner, tmp_path, monkeypatch, terminal=True)
    assert key not in again.output and "`adjudicator admin-key` shows it" in again.stdout


def test_serve_never_writes_the_key_into_a_file_or_journal(runner, tmp_path, monkeypatch):
    """stdout is not a terminal (systemd, a redirect): the new key is named, not shown."""
    result = _serve(runner, tmp_path, monkeypatch, terminal=False)
    key = (tmp_path / "admin-key").read_text("ascii").strip()
    assert key not in result.output and "`adjudicator admin-key` shows it" in result.stdout
