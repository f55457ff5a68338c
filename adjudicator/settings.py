"""Deployment settings, read once from ``ADJUDICATOR_*`` environment variables.

Each setting is declared once, with its default and help text; docs/configuration.md
lists them and a test keeps that list complete.
"""

from __future__ import annotations

import os
import sys
import typing as t
from dataclasses import dataclass, field, fields
from pathlib import Path

import platformdirs

from adjudicator.errors import ConfigError

PACKAGE_DIR = Path(__file__).resolve().parent


def _bundled(name: str) -> Path:
    """The source tree's folder in a checkout, else the copy inside the wheel."""
    checkout = PACKAGE_DIR.parent / name
    if (checkout / ".bundled").exists():
        return checkout
    return PACKAGE_DIR / "_data" / name


SERVICE_DATA_DIR = Path("/var/lib/adjudicator")
# Where releases before the data directory kept the SQLite file.
_OLD_DATABASES = (
    PACKAGE_DIR.parent / "instance" / "adjudicator.db",
    Path(sys.prefix) / "var" / "adjudicator" / "adjudicator.db",
)


def default_data_dir() -> Path:
    """``/var/lib/adjudicator`` when that folder exists (a service's), else the
    user's data folder (``~/.local/share/adjudicator`` on Linux).  Neither depends
    on where or how the package is installed."""
    if SERVICE_DATA_DIR.is_dir():
        return SERVICE_DATA_DIR
    return Path(platformdirs.user_data_dir("adjudicator", appauthor=False))


@dataclass(frozen=True, slots=True)
class Setting:
    name: str
    default: t.Any
    help: str


def setting(default: t.Any, help: str, *, repr: bool = True) -> t.Any:
    """A field of :class:`Settings`: its default and help ride in its metadata
    (``from_env`` gives every field, so none has a dataclass default)."""
    return field(repr=repr, metadata={"default": default, "help": help})


FINDER_CHOICES = ("on", "keys", "off")

# Settings that may instead be read from the file named by ``<NAME>_FILE``, as
# container secrets are mounted; never both.
SECRET_FILE_SETTINGS = ("ADJUDICATOR_ADMIN_KEY",)
# The file holding the password of ADJUDICATOR_DATABASE_URL.
DATABASE_PASSWORD_FILE = "ADJUDICATOR_DATABASE_PASSWORD_FILE"


def read_secret_file(env: t.Mapping[str, str], variable: str) -> str | None:
    """The content of the file that ``variable`` names, less one trailing newline;
    None when the variable is unset or empty.  The value is never put in an error.

    :raises ConfigError: the file cannot be read, is not UTF-8, or is empty.
    """
    path = env.get(variable)
    if not path:
        return None
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise ConfigError(variable, None, f"cannot read {path}: {exc.strerror}") from None
    except UnicodeDecodeError:
        raise ConfigError(variable, None, f"{path} is not UTF-8 text") from None
    text = text.removesuffix("\r\n") if text.endswith("\r\n") else text.removesuffix("\n")
    if not text:
        raise ConfigError(variable, None, f"{path} is empty")
    return text


def _secret(env: t.Mapping[str, str], name: str) -> str | None:
    """``name`` or the file named by ``name_FILE``.

    :raises ConfigError: both are set, or the file cannot be used.
    """
    from_file = read_secret_file(env, name + "_FILE")
    if from_file is not None and env.get(name):
        raise ConfigError(name, None, f"set either {name} or {name}_FILE, not both")
    return env.get(name) if from_file is None else from_file


def _count(name: str, text: str) -> int:
    """An integer setting: a whole number, 0 or more.

    :raises ConfigError: anything else.
    """
    try:
        value = int(text)
    except ValueError:
        raise ConfigError(name, None, f"{text!r} is not a whole number") from None
    if value < 0:
        raise ConfigError(name, None, f"{value} is negative")
    return value


def _public_url(text: str | None) -> str | None:
    """An http(s) address with a host, without the trailing ``/``; or None.

    :raises ConfigError: another scheme, no host, or a query or fragment.
    """
    if not text:
        return None
    from urllib.parse import urlsplit

    try:
        parts = urlsplit(text.strip())
        host = parts.hostname
    except ValueError:  # e.g. an unclosed [IPv6 address
        host = None
    if host is None or parts.scheme not in ("http", "https"):
        raise ConfigError("ADJUDICATOR_PUBLIC_URL", None, f"{text!r} is not an http(s) address")
    if parts.query or parts.fragment:
        raise ConfigError("ADJUDICATOR_PUBLIC_URL", None, "takes no query or fragment")
    return text.strip().rstrip("/")


def _with_password(url: str | None, password: str) -> str:
    """``url`` with ``password`` put in, rendered for the store to parse again.

    :raises ConfigError: no URL, an SQLite URL, or a URL that has a password already.
    """
    if not url:
        raise ConfigError(DATABASE_PASSWORD_FILE, None, "needs ADJUDICATOR_DATABASE_URL")
    import sqlalchemy as sa  # only here: most commands never touch the database

    try:
        parsed = sa.engine.make_url(url)
    except sa.exc.ArgumentError as exc:
        raise ConfigError("ADJUDICATOR_DATABASE_URL", None, str(exc)) from None
    if parsed.get_backend_name() == "sqlite":
        raise ConfigError(DATABASE_PASSWORD_FILE, None, "an SQLite database has no password")
    if parsed.password is not None:
        raise ConfigError(
            DATABASE_PASSWORD_FILE,
            None,
            "ADJUDICATOR_DATABASE_URL has a password already: give it in one place",
        )
    return parsed.set(password=password).render_as_string(hide_password=False)


@dataclass(frozen=True, slots=True)
class Settings:
    """Every deployment setting, declared once: its type, default and help.
    A default is as the environment would give it; ``from_env`` resolves the
    folders and the database from theirs."""

    config_dir: Path = setting(
        None,
        "Folder of alphabets/, layouts/ and rulesets/ (default: the bundled config).",
    )
    data_dir: Path = setting(
        None,
        "Folder of the service's data: the SQLite database and the lexicons loaded "
        "into the service, under `lexicons/` (default: /var/lib/adjudicator when it "
        "exists, else the user's data folder, e.g. ~/.local/share/adjudicator).",
    )
    lexicon_dir: Path = setting(
        None,
        "Folder of the bundled lexicons, read only (default: the bundled lexicons).",
    )
    # may carry the database password
    database_url: str = setting(
        None,
        "SQLAlchemy URL of the database (default: adjudicator.db in the data folder).",
        repr=False,
    )
    problem_base_uri: str = setting(
        "urn:adjudicator:problem:",
        "Prefix of the `type` URI of problem documents.",
    )
    max_words: int = setting(
        10_000,
        "Most words in one check or challenge request.",
    )
    max_word_length: int = setting(
        64,
        "Most tiles in one word.",
    )
    max_body_bytes: int = setting(
        1_048_576,
        "Largest request body accepted.",
    )
    max_lexicon_bytes: int = setting(
        67_108_864,
        "Largest word list accepted by `POST /api/v1/lexicons`.",
    )
    build_memory_bytes: int = setting(
        4_294_967_296,
        "Most memory the process building an uploaded word list may use (a 50 MB "
        "list needs about 2 GB); one such build runs at a time. 0: no limit.",
    )
    judge_max_words: int = setting(
        12,
        "Most words the judge page accepts in one challenge.",
    )
    log_level: str = setting(
        "INFO",
        "Logging level.",
    )
    admin_key: str | None = setting(
        None,
        "Key for admin actions (listing adjudications, revealing word results). "
        "Unset: the service generates one into `admin-key` in the data folder on "
        "first start (mode 0600); `adjudicator admin-key` shows it.",
        repr=False,
    )
    api_keys: str | None = setting(
        None,
        "Client keys as `name:key,name:key`. Set: reading words, rulesets, scores "
        "and challenges needs one of them. Unset: reading is open.",
        repr=False,
    )
    ratelimit_default: str = setting(
        "6000/minute",
        "Requests allowed per client key, or per address for requests without one, "
        "in the `limits` notation; `off` disables rate limiting.",
    )
    ratelimit_writes: str = setting(
        "120/minute",
        "Also allowed per client key (or address) for the expensive writes: creating "
        "or importing a game, loading a lexicon.",
    )
    # a Redis URL may carry a password
    ratelimit_storage_url: str = setting(
        "memory://",
        "Where rate-limit counters live: `memory://` (per process) or a shared store "
        "such as `redis://host:6379` for several workers or instances.",
        repr=False,
    )
    max_json_depth: int = setting(
        32,
        "Deepest nesting of arrays and objects in a JSON body.",
    )
    proxy_hops: int = setting(
        0,
        "Reverse proxies in front of the service whose `X-Forwarded-For` and "
        "`X-Forwarded-Proto` are believed (0: none; the peer's address is the client's).",
    )
    # share links' start; None: the request's host
    public_url: str | None = setting(
        None,
        "Where players reach the service, as `https://scrabble.example.org` (a "
        "proxy's or a fixed name): the start of share links and QR codes (default: "
        "the address each request came to).",
    )
    game_cache_bytes: int = setting(
        67_108_864,
        "Most memory each worker process keeps replayed games in (estimated from "
        "their events); the least recently read are dropped past it.",
    )
    finder: str = setting(
        "on",
        "Finding plays and words (`/plays`, `/words/search`): `on`, `keys` (only "
        "with a client key, even where reading is open: a tournament's players "
        "cannot consult it) or `off`.",
    )
    request_read_seconds: int = setting(
        10,
        "Seconds a client has to send a request's line and headers, and again for "
        "its body (plus a second per 64 KiB); a slower one is cut off (408).",
    )

    @classmethod
    def from_env(cls, env: t.Mapping[str, str] | None = None, **overrides: t.Any) -> Settings:
        """Defaults, then ``ADJUDICATOR_<NAME>`` variables, then ``overrides``.

        :raises ConfigError: a secret given twice, or a secret file that cannot be used.
        """
        env = os.environ if env is None else env
        values: dict[str, t.Any] = {}
        for s in SETTINGS:
            name = "ADJUDICATOR_" + s.name.upper()
            raw = _secret(env, name) if name in SECRET_FILE_SETTINGS else env.get(name)
            value = s.default if raw in (None, "") else raw
            if isinstance(s.default, int) and isinstance(value, str):
                value = _count(name, value)
            values[s.name] = value
        password = read_secret_file(env, DATABASE_PASSWORD_FILE)
        if password is not None:
            values["database_url"] = _with_password(values["database_url"], password)
        values.update({k: v for k, v in overrides.items() if v is not None})
        values["config_dir"] = Path(values["config_dir"] or _bundled("config"))
        values["data_dir"] = Path(values["data_dir"] or default_data_dir())
        values["lexicon_dir"] = Path(values["lexicon_dir"] or _bundled("lexicons"))
        values["public_url"] = _public_url(values["public_url"])
        if values["finder"] not in FINDER_CHOICES:
            raise ConfigError(
                "ADJUDICATOR_FINDER", None, f"{values['finder']!r} is not one of on, keys, off"
            )
        database = values["data_dir"] / "adjudicator.db"
        values["database_url"] = values["database_url"] or f"sqlite:///{database}"
        names = {f.name for f in fields(cls)}
        return cls(**{k: v for k, v in values.items() if k in names})

    @property
    def admin_key_file(self) -> Path:
        """Where the generated admin key is kept when ``admin_key`` is not set."""
        return self.data_dir / "admin-key"

    @property
    def loaded_lexicon_dir(self) -> Path:
        """Where lexicons loaded into the service live; one of a bundled name replaces it."""
        return self.data_dir / "lexicons"

    def old_databases(self) -> list[Path]:
        """SQLite files an earlier release left where it used to keep them, when the
        data folder holds none yet: their games are not lost, only not in use."""
        if (self.data_dir / "adjudicator.db").exists():
            return []
        return [p for p in _OLD_DATABASES if p.exists()]


# Every setting, in the order docs/configuration.md lists them.
SETTINGS: tuple[Setting, ...] = tuple(
    Setting(f.name, f.metadata["default"], f.metadata["help"]) for f in fields(Settings)
)
