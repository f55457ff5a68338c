"""Secrets from files: ``ADJUDICATOR_ADMIN_KEY_FILE`` and
``ADJUDICATOR_DATABASE_PASSWORD_FILE``, as container secrets are mounted."""

from __future__ import annotations

import logging

import pytest
import sqlalchemy as sa

from adjudicator.cli import cli
from adjudicator.errors import ConfigError
from adjudicator.settings import Settings

PG = "postgresql+psycopg://adjudicator@db:5432/adjudicator"


def secret(tmp_path, text: str, name: str = "secret"):
    path = tmp_path / name
    path.write_bytes(text.encode())
    return str(path)


def settings(tmp_path, **env: str) -> Settings:
    return Settings.from_env(env={"ADJUDICATOR_DATA_DIR": str(tmp_path), **env})


@pytest.mark.parametrize(
    ("content", "value"),
    [
        ("k3y\n", "k3y"),
        ("k3y\r\n", "k3y"),
        ("k3y", "k3y"),
        ("k3y\n\n", "k3y\n"),  # one newline only: the rest is the value's
        (" k3y \n", " k3y "),
    ],
)
def test_admin_key_from_a_file(tmp_path, content, value):
    s = settings(tmp_path, ADJUDICATOR_ADMIN_KEY_FILE=secret(tmp_path, content))
    assert s.admin_key == value


def test_admin_key_and_its_file_together_is_an_error(tmp_path):
    path = secret(tmp_path, "from-file\n")
    with pytest.raises(ConfigError) as caught:
        settings(tmp_path, ADJUDICATOR_ADMIN_KEY="plain", ADJUDICATOR_ADMIN_KEY_FILE=path)
    assert caught.value.extras()["source"] == "ADJUDICATOR_ADMIN_KEY"
    assert "from-file" not in caught.value.detail and "plain" not in caught.value.detail


def test_an_empty_variable_does_not_count(tmp_path):
    path = secret(tmp_path, "from-file\n")
    s = settings(tmp_path, ADJUDICATOR_ADMIN_KEY="", ADJUDICATOR_ADMIN_KEY_FILE=path)
    assert s.admin_key == "from-file"
    assert settings(tmp_path, ADJUDICATOR_ADMIN_KEY_FILE="").admin_key is None


@pytest.mark.parametrize(
    ("make", "reason"),
    [
        (lambda tmp: str(tmp / "missing"), "cannot read"),
        (lambda tmp: str(tmp), "cannot read"),  # a folder
        (lambda tmp: secret(tmp, "\n"), "is empty"),
        (lambda tmp: secret(tmp, ""), "is empty"),
    ],
)
def test_an_unusable_file_is_an_error(tmp_path, make, reason):
    with pytest.raises(ConfigError) as caught:
        settings(tmp_path, ADJUDICATOR_ADMIN_KEY_FILE=make(tmp_path))
    assert caught.value.extras()["source"] == "ADJUDICATOR_ADMIN_KEY_FILE"
    assert reason in caught.value.detail


def test_a_file_that_is_not_text_is_an_error(tmp_path):
    path = tmp_path / "binary"
    path.write_bytes(b"\xff\xfe\x00")
    with pytest.raises(ConfigError, match="not UTF-8"):
        settings(tmp_path, ADJUDICATOR_ADMIN_KEY_FILE=str(path))


@pytest.mark.parametrize("password", ["s3cret", "p@ss/w:rd%?#&", "пароль"])
def test_database_password_from_a_file(tmp_path, password):
    s = settings(
        tmp_path,
        ADJUDICATOR_DATABASE_URL=PG,
        ADJUDICATOR_DATABASE_PASSWORD_FILE=secret(tmp_path, password + "\n"),
    )
    url = sa.engine.make_url(s.database_url)  # as the store reads it
    assert url.password == password
    assert (url.username, url.host, url.port, url.database) == (
        "adjudicator",
        "db",
        5432,
        "adjudicator",
    )
    assert url.drivername == "postgresql+psycopg"


def test_the_url_keeps_its_query(tmp_path):
    s = settings(
        tmp_path,
        ADJUDICATOR_DATABASE_URL=PG + "?sslmode=require",
        ADJUDICATOR_DATABASE_PASSWORD_FILE=secret(tmp_path, "pw"),
    )
    assert sa.engine.make_url(s.database_url).query == {"sslmode": "require"}


@pytest.mark.parametrize(
    "url",
    [
        None,  # the SQLite default
        "sqlite:////tmp/x.db",
        "postgresql+psycopg://adjudicator:inline@db/adjudicator",
    ],
)
def test_a_password_file_needs_a_url_without_a_password(tmp_path, url):
    env = {"ADJUDICATOR_DATABASE_PASSWORD_FILE": secret(tmp_path, "from-file")}
    if url:
        env["ADJUDICATOR_DATABASE_URL"] = url
    with pytest.raises(ConfigError) as caught:
        settings(tmp_path, **env)
    assert caught.value.extras()["source"] == "ADJUDICATOR_DATABASE_PASSWORD_FILE"
    assert "from-file" not in caught.value.detail and "inline" not in caught.value.detail


def test_secrets_stay_out_of_the_repr(tmp_path):
    s = settings(
        tmp_path,
        ADJUDICATOR_ADMIN_KEY_FILE=secret(tmp_path, "admin-s3cret", "key"),
        ADJUDICATOR_DATABASE_URL=PG,
        ADJUDICATOR_DATABASE_PASSWORD_FILE=secret(tmp_path, "db-s3cret", "pw"),
        ADJUDICATOR_API_KEYS="kiosk:client-s3cret",
        ADJUDICATOR_RATELIMIT_STORAGE_URL="redis://:redis-s3cret@redis:6379",
    )
    for value in ("admin-s3cret", "db-s3cret", "client-s3cret", "redis-s3cret"):
        assert value not in repr(s)


@pytest.mark.parametrize("text,says", [("-1", "negative"), ("one", "not a whole number")])
def test_a_count_setting_must_be_a_whole_number(tmp_path, text, says):
    with pytest.raises(ConfigError, match=says) as caught:
        settings(tmp_path, ADJUDICATOR_PROXY_HOPS=text)
    assert caught.value.extras()["source"] == "ADJUDICATOR_PROXY_HOPS"


def test_the_cli_reports_a_config_error(runner, tmp_path, monkeypatch):
    monkeypatch.setenv("ADJUDICATOR_DATA_DIR", str(tmp_path))
    monkeypatch.setenv("ADJUDICATOR_ADMIN_KEY", "plain")
    monkeypatch.setenv("ADJUDICATOR_ADMIN_KEY_FILE", secret(tmp_path, "from-file"))
    result = runner.invoke(cli, ["admin-key"])
    assert result.exit_code == 1
    assert "config-error: ADJUDICATOR_ADMIN_KEY: set either" in result.output
    assert "from-file" not in result.output and "plain" not in result.output


def test_the_app_uses_the_files_and_logs_no_secret(tmp_path, monkeypatch, caplog):
    from adjudicator.web import create_app

    monkeypatch.setenv("ADJUDICATOR_ADMIN_KEY_FILE", secret(tmp_path, "admin-s3cret\n", "key"))
    caplog.set_level(logging.DEBUG)
    app = create_app(
        {
            "TESTING": True,
            "data_dir": str(tmp_path),
            "database_url": f"sqlite:///{tmp_path / 'a.db'}",
        }
    )
    client = app.test_client()
    headers = {"Authorization": "Bearer admin-s3cret"}
    assert client.get("/api/v1/adjudications", headers=headers).status_code == 200
    assert client.get("/api/v1/adjudications").status_code in (401, 403)
    assert not (tmp_path / "admin-key").exists()  # nothing generated
    assert "admin-s3cret" not in caplog.text
