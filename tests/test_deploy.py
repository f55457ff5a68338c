"""deploy/: the compose file and the Kubernetes manifests, checked without Docker
or a cluster.

Every manifest in deploy/k8s is validated against the Kubernetes JSON schemas
that kubernetes-validate bundles (strict: an unknown field is an error), so
this runs offline. scripts/compose-smoke.sh runs the compose stack for real.
"""

from __future__ import annotations

import copy
import re
import subprocess
import tomllib
from pathlib import Path

import pytest
import yaml
from kubernetes_validate import utils as kv

from tests.conftest import ROOT

DEPLOY = ROOT / "deploy"
COMPOSE = DEPLOY / "compose.yaml"
K8S = DEPLOY / "k8s"
# The oldest Kubernetes release still commonly run, and a recent one.
K8S_VERSIONS = ("1.29.0", "1.33.0")
UID = "10001"  # the Dockerfile's USER
VARIABLE = re.compile(r"\$\{(\w+)(?::?-([^}]*))?\}")
URL_PASSWORD = re.compile(r"://[^/\s@:]+:[^/\s@]+@")


def interpolate(text: str) -> str:
    """What compose makes of ``${NAME:-default}`` with NAME unset."""
    return VARIABLE.sub(lambda m: m.group(2) or "", text)


def k8s_documents() -> list[tuple[str, dict]]:
    docs = []
    for path in sorted(K8S.rglob("*.y*ml")):
        for doc in yaml.safe_load_all(path.read_text("utf-8")):
            if doc:
                docs.append(
                    (f"{path.relative_to(K8S)}:{doc['kind']}/{doc['metadata']['name']}", doc)
                )
    return docs


DOCS = k8s_documents()


def schema_problems(doc: dict, version: str) -> list[str]:
    """Why ``doc`` is not a valid resource of Kubernetes ``version``; empty when it is."""
    try:
        kv.validate(doc, version, strict=True)
    except kv.ValidationError as exc:
        where = ".".join(str(p) for p in exc.path)
        return [f"{where}: {exc.message}"]
    except kv.SchemaNotFoundError as exc:
        return [exc.message]
    return []


def one(kind: str, name: str) -> dict:
    found = [d for _, d in DOCS if d["kind"] == kind and d["metadata"]["name"] == name]
    assert len(found) == 1, f"{kind}/{name}: {len(found)} found"
    return found[0]


@pytest.fixture(scope="module")
def compose() -> dict:
    return yaml.safe_load(COMPOSE.read_text("utf-8"))


# --------------------------------------------------------------------------
# Kubernetes
# --------------------------------------------------------------------------
def test_there_are_manifests():
    kinds = {d["kind"] for _, d in DOCS}
    assert {"Deployment", "Service", "ConfigMap", "Secret"} <= kinds


@pytest.mark.parametrize("version", K8S_VERSIONS)
@pytest.mark.parametrize(("name", "doc"), DOCS, ids=[n for n, _ in DOCS])
def test_manifest_is_valid(name, doc, version):
    problems = schema_problems(doc, version)
    assert not problems, f"{name} (Kubernetes {version}): {'; '.join(problems)}"


def _drop_container_name(d):
    del d["spec"]["template"]["spec"]["containers"][0]["name"]


def _misspell_field(d):
    d["spec"]["template"]["spec"]["containers"][0]["imagePulPolicy"] = "Always"


def _wrong_type(d):
    d["spec"]["replicas"] = "three"


def _unknown_kind(d):
    d["kind"] = "Deploymnet"


@pytest.mark.parametrize(
    "breakage", [_drop_container_name, _misspell_field, _wrong_type, _unknown_kind]
)
def test_a_broken_manifest_fails(breakage):
    broken = copy.deepcopy(one("Deployment", "adjudicator"))
    breakage(broken)
    assert schema_problems(broken, K8S_VERSIONS[-1])


def test_the_app_runs_as_the_dockerfile_user_with_probes_and_resources():
    dockerfile = (ROOT / "Dockerfile").read_text("utf-8")
    assert re.search(rf"^USER {UID}:{UID}$", dockerfile, re.M)
    pod = one("Deployment", "adjudicator")["spec"]["template"]["spec"]
    assert pod["securityContext"]["runAsNonRoot"] is True
    assert str(pod["securityContext"]["runAsUser"]) == UID
    assert str(pod["securityContext"]["runAsGroup"]) == UID
    (app,) = pod["containers"]
    assert app["readinessProbe"]["httpGet"]["path"] == "/readyz"
    assert app["livenessProbe"]["httpGet"]["path"] == "/healthz"
    assert app["securityContext"]["allowPrivilegeEscalation"] is False
    assert {"cpu", "memory"} <= set(app["resources"]["requests"])
    assert "memory" in app["resources"]["limits"]


def test_secret_files_come_from_the_secret():
    config = one("ConfigMap", "adjudicator")["data"]
    pod = one("Deployment", "adjudicator")["spec"]["template"]["spec"]
    secret = one("Secret", "adjudicator")
    (app,) = pod["containers"]
    mounts = {m["name"]: m["mountPath"] for m in app["volumeMounts"]}
    volume = next(v for v in pod["volumes"] if "secret" in v)
    assert volume["secret"]["secretName"] == secret["metadata"]["name"]
    folder = mounts[volume["name"]]
    keys = set(secret["stringData"])
    for variable in ("ADJUDICATOR_ADMIN_KEY_FILE", "ADJUDICATOR_DATABASE_PASSWORD_FILE"):
        path = Path(config[variable])
        assert path.parent == Path(folder) and path.name in keys, variable
    assert "ADJUDICATOR_ADMIN_KEY" not in config
    assert not URL_PASSWORD.search(config["ADJUDICATOR_DATABASE_URL"])
    assert all("REPLACE" in value for value in secret["stringData"].values())


def test_the_services_select_pods_that_exist():
    services = [d for _, d in DOCS if d["kind"] == "Service" and "selector" in d["spec"]]
    pods = [
        d["spec"]["template"]["metadata"]["labels"] for _, d in DOCS if d["kind"] == "Deployment"
    ]
    for service in services:
        selector = service["spec"]["selector"].items()
        assert any(selector <= labels.items() for labels in pods), service["metadata"]["name"]


def test_the_urls_name_the_services():
    config = one("ConfigMap", "adjudicator")["data"]
    names = {d["metadata"]["name"] for _, d in DOCS if d["kind"] == "Service"}
    for variable in ("ADJUDICATOR_DATABASE_URL", "ADJUDICATOR_RATELIMIT_STORAGE_URL"):
        host = re.match(r"[\w+]+://(?:[^@/]*@)?([^:/]+)", config[variable]).group(1)
        assert host in names, variable


# --------------------------------------------------------------------------
# compose
# --------------------------------------------------------------------------
def test_every_service_has_a_healthcheck(compose):
    assert {"proxy", "app", "postgres", "redis"} <= set(compose["services"])
    for name, service in compose["services"].items():
        test = service.get("healthcheck", {}).get("test")
        assert test and test[0] in ("CMD", "CMD-SHELL"), name


def test_only_the_proxy_publishes_a_port_on_loopback(compose):
    published = {n: s["ports"] for n, s in compose["services"].items() if s.get("ports")}
    assert list(published) == ["proxy"]
    for port in published["proxy"]:
        assert interpolate(str(port)).startswith("127.0.0.1:"), port


def test_secrets_are_files_and_used_for_the_key_and_password(compose):
    secrets = compose["secrets"]
    assert all(set(s) == {"file"} for s in secrets.values())
    app = compose["services"]["app"]
    env = app["environment"]
    for variable, secret in (
        ("ADJUDICATOR_ADMIN_KEY_FILE", "admin_key"),
        ("ADJUDICATOR_DATABASE_PASSWORD_FILE", "db_password"),
    ):
        assert env[variable] == f"/run/secrets/{secret}" and secret in app["secrets"]
    postgres = compose["services"]["postgres"]
    assert postgres["environment"]["POSTGRES_PASSWORD_FILE"] == "/run/secrets/db_password"
    assert "db_password" in postgres["secrets"]


def test_no_secret_literal_is_in_the_file(compose):
    text = COMPOSE.read_text("utf-8")
    assert not URL_PASSWORD.search(text)
    for name, service in compose["services"].items():
        env = service.get("environment", {})
        for key in env:
            if re.search(r"PASSWORD|ADMIN_KEY|API_KEYS|SECRET", key):
                assert key.endswith("_FILE"), f"{name}: {key}"


def test_settings_are_documented_settings(compose):
    documented = (ROOT / "docs" / "configuration.md").read_text("utf-8")
    env = dict(compose["services"]["app"]["environment"])
    env.update(one("ConfigMap", "adjudicator")["data"])
    for key in env:
        if key.startswith("ADJUDICATOR_"):
            assert f"`{key}`" in documented, key


def test_the_app_image_has_the_postgres_and_redis_extras(compose):
    extras = compose["services"]["app"]["build"]["args"]["EXTRAS"].split(",")
    project = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["project"]
    assert {"postgres", "redis"} <= set(extras) <= set(project["optional-dependencies"])
    assert re.search(r"^ARG EXTRAS=$", (ROOT / "Dockerfile").read_text("utf-8"), re.M)


def test_images_can_be_overridden_and_have_local_stand_ins(compose):
    for name, service in compose["services"].items():
        assert VARIABLE.fullmatch(service["image"]), name
    for image in ("postgres", "redis", "nginx"):
        dockerfile = (DEPLOY / "images" / image / "Dockerfile").read_text("utf-8")
        assert "FROM ${BASE}" in dockerfile, image


def test_mounted_files_exist(compose):
    for service in compose["services"].values():
        for volume in service.get("volumes", []):
            source = volume.split(":")[0]
            if source.startswith("."):
                assert (DEPLOY / source).is_file(), volume


@pytest.mark.parametrize("script", ["compose-smoke.sh", "docker-smoke.sh", "docker-common.sh"])
def test_smoke_scripts_parse(script):
    subprocess.run(["bash", "-n", str(ROOT / "scripts" / script)], check=True)
