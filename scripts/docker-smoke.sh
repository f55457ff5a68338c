#!/usr/bin/env bash
# Build the adjudicator image and prove it starts and answers GET /healthz.
#
# Works on a machine that has no reachable image registry: when the base
# image (python:3.11-slim) is not in the local image store, a stand-in is
# built with debootstrap from the Debian mirror that apt on this host uses,
# and `docker import`ed under the same tag. Steps, each idempotent:
#
#   1. make sure dockerd and debootstrap exist (apt-get install, as root)
#   2. start dockerd --storage-driver=vfs if no daemon answers (and stop it at the end)
#   3. build the base image unless the tag already exists
#   4. docker build (BuildKit, CA bundle passed as a build secret)
#   5. docker run -p 127.0.0.1:PORT:8000, poll /healthz (bounded), wait for
#      the HEALTHCHECK to report healthy, then stop and remove the container
#
# Exits non-zero on any failure. All test traffic stays on 127.0.0.1.
#
# Environment knobs:
#   IMAGE_TAG       image to build             (default adjudicator:smoke)
#   BASE_TAG        base image tag             (default python:3.11-slim)
#   SMOKE_PORT      host port on 127.0.0.1     (default: a free port)
#   SMOKE_TIMEOUT   seconds to wait for /healthz and for "healthy" (default 60)
#   DEBIAN_MIRROR   mirror for debootstrap     (default: from apt's sources)
#   BASE_ROOTFS     debootstrap work dir       (default /var/tmp/adjudicator-base-rootfs)
#   CA_BUNDLE       CA bundle passed as secret (default $PIP_CERT, $SSL_CERT_FILE,
#                                               or /etc/ssl/certs/ca-certificates.crt)
#   PIP_INDEX_URL   forwarded as a build arg if set (must not contain credentials)
#   FORCE_BASE=1    rebuild the base image even if the tag exists
#   KEEP_IMAGE=0    remove the built image at the end (default: keep it)
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
IMAGE_TAG="${IMAGE_TAG:-adjudicator:smoke}"
BASE_TAG="${BASE_TAG:-python:3.11-slim}"
SMOKE_TIMEOUT="${SMOKE_TIMEOUT:-60}"
BASE_ROOTFS="${BASE_ROOTFS:-/var/tmp/adjudicator-base-rootfs}"
DOCKERD_LOG="${DOCKERD_LOG:-/tmp/dockerd.log}"
CONTAINER="adjudicator-smoke-$$"

log() { printf '[docker-smoke %s] %s\n' "$(date +%H:%M:%S)" "$*" >&2; }
die() { log "FAIL: $*"; exit 1; }

# 1-2. tools, client and daemon: scripts/docker-common.sh
# --------------------------------------------------------------------------
# shellcheck source=scripts/docker-common.sh
source "$ROOT/scripts/docker-common.sh"

ensure_tools() {
    local missing=()
    { command -v dockerd && command -v docker; } >/dev/null 2>&1 || missing+=(docker.io)
    command -v debootstrap >/dev/null 2>&1 || missing+=(debootstrap)
    install_missing "${missing[@]}"
}

# --------------------------------------------------------------------------
# 3. base image
# --------------------------------------------------------------------------
apt_mirror() {
    if [[ -n ${DEBIAN_MIRROR:-} ]]; then echo "$DEBIAN_MIRROR"; return; fi
    local m=""
    if [[ -r /etc/apt/sources.list.d/debian.sources ]]; then
        m="$(awk '/^URIs:/ && $2 ~ /\/debian\/?$/ {print $2; exit}' /etc/apt/sources.list.d/debian.sources)"
    fi
    if [[ -z $m && -r /etc/apt/sources.list ]]; then
        m="$(awk '$1 == "deb" && $3 == "bookworm" {print $2; exit}' /etc/apt/sources.list)"
    fi
    echo "$m"  # empty: debootstrap uses its own default mirror
}

build_base() {
    if [[ ${FORCE_BASE:-0} != 1 ]] && "$DOCKER" image inspect "$BASE_TAG" >/dev/null 2>&1; then
        log "base image $BASE_TAG exists, skipping the base build"
        return 0
    fi
    [[ $(id -u) -eq 0 ]] || die "need root for debootstrap"
    local mirror t0
    mirror="$(apt_mirror)"
    t0=$(date +%s)
    log "building base image $BASE_TAG: debootstrap bookworm from ${mirror:-the default mirror of debootstrap} into $BASE_ROOTFS"
    rm -rf "$BASE_ROOTFS"
    mkdir -p "$BASE_ROOTFS"
    debootstrap --variant=minbase bookworm "$BASE_ROOTFS" ${mirror:+"$mirror"} >/tmp/debootstrap.log 2>&1 \
        || { tail -30 /tmp/debootstrap.log >&2; die "debootstrap failed (log /tmp/debootstrap.log)"; }

    mount -t proc proc "$BASE_ROOTFS/proc"
    cp /etc/resolv.conf "$BASE_ROOTFS/etc/resolv.conf"
    printf '#!/bin/sh\nexit 101\n' >"$BASE_ROOTFS/usr/sbin/policy-rc.d"
    chmod +x "$BASE_ROOTFS/usr/sbin/policy-rc.d"
    # shellcheck disable=SC2016  # expanded by the chroot's shell, not this one
    chroot "$BASE_ROOTFS" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin \
        DEBIAN_FRONTEND=noninteractive LANG=C.UTF-8 /bin/sh -euc '
            apt-get update -qq
            apt-get install -y -qq --no-install-recommends \
                python3.11 python3-pip python3-venv ca-certificates >/dev/null
            # Look like the official image: python/python3/pip on /usr/local/bin,
            # pip usable system-wide (PEP 668 marker removed).
            for n in python python3; do ln -sf /usr/bin/python3.11 /usr/local/bin/$n; done
            ln -sf /usr/bin/python3.11 /usr/local/bin/python3.11
            for n in pip pip3 pip3.11; do
                printf "#!/bin/sh\nexec /usr/bin/python3.11 -m pip \"\$@\"\n" >/usr/local/bin/$n
                chmod +x /usr/local/bin/$n
            done
            rm -f /usr/lib/python3.11/EXTERNALLY-MANAGED
            apt-get clean
            rm -rf /var/lib/apt/lists/* /var/cache/apt/*.bin /tmp/* /var/tmp/*
        ' >/tmp/base-chroot.log 2>&1 || {
        umount "$BASE_ROOTFS/proc" || true
        tail -30 /tmp/base-chroot.log >&2
        die "installing python into the base rootfs failed (log /tmp/base-chroot.log)"
    }
    rm -f "$BASE_ROOTFS/usr/sbin/policy-rc.d"
    : >"$BASE_ROOTFS/etc/resolv.conf"
    umount "$BASE_ROOTFS/proc"

    local old_id
    old_id="$("$DOCKER" image inspect -f '{{.Id}}' "$BASE_TAG" 2>/dev/null || true)"
    tar --numeric-owner -C "$BASE_ROOTFS" -c . | "$DOCKER" import \
        --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
        --change 'ENV LANG=C.UTF-8' \
        --change 'ENV PYTHON_VERSION=3.11' \
        --change 'CMD ["python3"]' \
        - "$BASE_TAG" >/dev/null || die "docker import failed"
    rm -rf "$BASE_ROOTFS"
    # A forced rebuild leaves the previous base untagged; it is dropped once
    # the image built on it is replaced (see build_image).
    OLD_BASE_ID="$old_id"
    BASE_BUILD_SECONDS=$(($(date +%s) - t0))
    log "base image $BASE_TAG built in ${BASE_BUILD_SECONDS}s"
    "$DOCKER" run --rm "$BASE_TAG" sh -c 'python --version && pip --version' >&2 \
        || die "base image cannot run python/pip"
}

# --------------------------------------------------------------------------
# 4. image
# --------------------------------------------------------------------------
build_image() {
    local ca="${CA_BUNDLE:-${PIP_CERT:-${SSL_CERT_FILE:-/etc/ssl/certs/ca-certificates.crt}}}"
    local args=(build --tag "$IMAGE_TAG" --progress=plain)
    if [[ -s $ca ]]; then
        args+=(--secret "id=cacert,src=$ca")
    else
        log "no CA bundle at '$ca'; building without the cacert secret"
    fi
    # Only a plain index URL is forwarded (build args are visible in the image
    # history); credentials belong in a pip.conf passed as the pipconf secret.
    if [[ -n ${PIP_INDEX_URL:-} ]]; then
        [[ $PIP_INDEX_URL == *@* ]] && die "PIP_INDEX_URL carries credentials; pass a pip.conf via --secret id=pipconf instead"
        args+=(--build-arg "PIP_INDEX_URL=$PIP_INDEX_URL")
    fi
    local t0 old_id
    old_id="$("$DOCKER" image inspect -f '{{.Id}}' "$IMAGE_TAG" 2>/dev/null || true)"
    t0=$(date +%s)
    log "DOCKER_BUILDKIT=1 $DOCKER ${args[*]} $ROOT"
    DOCKER_BUILDKIT=1 "$DOCKER" "${args[@]}" "$ROOT" >/tmp/docker-build.log 2>&1 \
        || { tail -40 /tmp/docker-build.log >&2; die "docker build failed (log /tmp/docker-build.log)"; }
    IMAGE_BUILD_SECONDS=$(($(date +%s) - t0))
    # Drop what this script built before and no longer tags (fails harmlessly
    # if something else still uses it).
    local stale
    for stale in "$old_id" "${OLD_BASE_ID:-}"; do
        if [[ -n $stale && $stale != "$("$DOCKER" image inspect -f '{{.Id}}' "$IMAGE_TAG")" ]]; then
            "$DOCKER" rmi "$stale" >/dev/null 2>&1 || true
        fi
    done
    log "image $IMAGE_TAG built in ${IMAGE_BUILD_SECONDS}s"
}

# --------------------------------------------------------------------------
# 5. run + probe
# --------------------------------------------------------------------------
cleanup() {
    if [[ -n ${STARTED:-} ]]; then
        "$DOCKER" stop -t 10 "$CONTAINER" >/dev/null 2>&1 || true
        "$DOCKER" rm -f -v "$CONTAINER" >/dev/null 2>&1 || true
        log "container $CONTAINER stopped and removed"
    fi
    if [[ ${KEEP_IMAGE:-1} == 0 ]]; then
        "$DOCKER" rmi "$IMAGE_TAG" >/dev/null 2>&1 || true
    fi
    stop_daemon
}

free_port() {
    python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()'
}

# GET url; prints "STATUS BODY"; exit 0 on any HTTP answer, 1 on no answer.
http_get() {
    python3 - "$1" <<'PY'
import sys, urllib.error, urllib.request
try:
    with urllib.request.urlopen(sys.argv[1], timeout=3) as r:
        print(r.status, r.read().decode("utf-8", "replace"))
except urllib.error.HTTPError as e:
    print(e.code, e.read().decode("utf-8", "replace"))
except Exception:
    sys.exit(1)
PY
}

run_and_probe() {
    local port="${SMOKE_PORT:-$(free_port)}"
    log "docker run -d --name $CONTAINER -p 127.0.0.1:$port:8000 $IMAGE_TAG"
    "$DOCKER" run -d --name "$CONTAINER" -p "127.0.0.1:$port:8000" "$IMAGE_TAG" >/dev/null
    STARTED=1

    local url="http://127.0.0.1:$port/healthz" answer="" status="" deadline running
    deadline=$(($(date +%s) + SMOKE_TIMEOUT))
    while (($(date +%s) < deadline)); do
        running="$("$DOCKER" inspect -f '{{.State.Running}}' "$CONTAINER" 2>/dev/null || echo false)"
        if [[ $running != true ]]; then
            "$DOCKER" logs "$CONTAINER" >&2 || true
            die "container exited before answering /healthz"
        fi
        if answer="$(http_get "$url")" && [[ ${answer%% *} == 200 ]]; then
            break
        fi
        answer=""
        sleep 1
    done
    if [[ -z $answer ]]; then
        "$DOCKER" logs "$CONTAINER" >&2 || true
        die "GET $url gave no 200 within ${SMOKE_TIMEOUT}s"
    fi
    echo "GET $url -> $answer"

    # The HEALTHCHECK runs inside the container; wait for its verdict.
    deadline=$(($(date +%s) + SMOKE_TIMEOUT))
    while (($(date +%s) < deadline)); do
        status="$("$DOCKER" inspect -f '{{if .State.Health}}{{.State.Health.Status}}{{else}}none{{end}}' "$CONTAINER")"
        [[ $status == healthy || $status == unhealthy || $status == none ]] && break
        sleep 2
    done
    echo "container health: $status"
    if [[ $status != healthy ]]; then
        "$DOCKER" inspect -f '{{json .State.Health}}' "$CONTAINER" >&2 || true
        die "container health is '$status', expected healthy"
    fi
    echo "container user: $("$DOCKER" exec "$CONTAINER" id)"
    echo "container logs (tail):"
    "$DOCKER" logs --tail 5 "$CONTAINER" 2>&1 | sed 's/^/  /'
}

main() {
    ensure_tools
    pick_docker
    log "docker client: $DOCKER"
    trap cleanup EXIT
    ensure_daemon
    build_base
    build_image
    run_and_probe
    log "OK: base build ${BASE_BUILD_SECONDS:-skipped}${BASE_BUILD_SECONDS:+s}, image build ${IMAGE_BUILD_SECONDS}s"
}

main "$@"
