#!/usr/bin/env bash
# Bring up deploy/compose.yaml with 3 app replicas and prove that it holds:
# a game written through the proxy while one replica is killed keeps every
# acknowledged event, and same-version races have exactly one winner.
#
# Works without a reachable image registry, as scripts/docker-smoke.sh does:
#
#   1. installs docker.io, debootstrap and (without a `docker compose` v2
#      plugin) Debian's docker-compose 1.29, as root, when missing
#   2. starts dockerd --storage-driver=vfs if no daemon answers, and stops
#      it again at the end
#   3. without the base image (python:3.11-slim) in the local store, runs
#      scripts/docker-smoke.sh, which builds it with debootstrap (and checks
#      the single-container image on the way)
#   4. builds the app image with EXTRAS=postgres,redis, and local stand-ins
#      for postgres, redis and nginx from deploy/images/* on that base, unless
#      ADJUDICATOR_{POSTGRES,REDIS,PROXY}_IMAGE name images to use, or the
#      official images are in the local store already
#   5. `up -d --scale app=3` with fresh secret files, on 127.0.0.1:<free port>
#   6. scripts/compose_smoke.py: 200 events, `docker kill` of one replica
#      mid-way, then races; the proxy's log tells which replica answered
#   7. `down -v`, secrets removed
#
# Exits non-zero on any failure. All traffic stays on this machine.
#
# Environment knobs:
#   SMOKE_EVENTS    events to write            (default 200)
#   SMOKE_REPLICAS  app replicas               (default 3)
#   SMOKE_PORT      proxy port on 127.0.0.1    (default: a free port)
#   SMOKE_TIMEOUT   seconds for the stack to be healthy (default 180)
#   BASE_TAG        base image of the stand-ins (default python:3.11-slim)
#   APP_IMAGE       app image to build         (default adjudicator:compose)
#   CA_BUNDLE       CA bundle passed to pip as a build secret (as docker-smoke.sh)
#   KEEP_IMAGES=0   remove the images built here at the end (default: keep them)
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
COMPOSE_FILE="$ROOT/deploy/compose.yaml"
PROJECT="adjudicatorsmoke"
SMOKE_EVENTS="${SMOKE_EVENTS:-200}"
SMOKE_REPLICAS="${SMOKE_REPLICAS:-3}"
SMOKE_TIMEOUT="${SMOKE_TIMEOUT:-180}"
BASE_TAG="${BASE_TAG:-python:3.11-slim}"
APP_IMAGE="${APP_IMAGE:-adjudicator:compose}"
DOCKERD_LOG="${DOCKERD_LOG:-/tmp/dockerd.log}"
BUILT_IMAGES=()

log() { printf '[compose-smoke %s] %s\n' "$(date +%H:%M:%S)" "$*" >&2; }
die() { log "FAIL: $*"; exit 1; }
now() { date +%s; }

# 1-2. tools, client and daemon (pick_docker, ensure_daemon, stop_daemon:
# scripts/docker-common.sh)
# --------------------------------------------------------------------------
# shellcheck source=scripts/docker-common.sh
source "$ROOT/scripts/docker-common.sh"

ensure_tools() {
    local missing=()
    command -v dockerd >/dev/null 2>&1 || missing+=(docker.io)
    command -v debootstrap >/dev/null 2>&1 || missing+=(debootstrap)
    if ! docker compose version >/dev/null 2>&1 && ! command -v docker-compose >/dev/null 2>&1; then
        missing+=(docker-compose)
    fi
    install_missing "${missing[@]}"
    pick_docker
    if "$DOCKER" compose version >/dev/null 2>&1; then
        COMPOSE=("$DOCKER" compose)
    else
        COMPOSE=(docker-compose)
    fi
    log "docker client: $DOCKER; compose: ${COMPOSE[*]} ($("${COMPOSE[@]}" version --short 2>/dev/null || echo '?'))"
}

# --------------------------------------------------------------------------
# 3-4. images
# --------------------------------------------------------------------------
have_image() { "$DOCKER" image inspect "$1" >/dev/null 2>&1; }

build() {  # build TAG CONTEXT [docker build arguments...]
    local tag="$1" context="$2" t0
    shift 2
    t0=$(now)
    DOCKER_BUILDKIT=1 "$DOCKER" build --progress=plain --tag "$tag" "$@" "$context" \
        >"/tmp/compose-smoke-build-${tag//[:\/]/_}.log" 2>&1 \
        || { tail -30 "/tmp/compose-smoke-build-${tag//[:\/]/_}.log" >&2; die "building $tag failed"; }
    BUILT_IMAGES+=("$tag")
    log "image $tag built in $(($(now) - t0))s"
}

# The official image when given or already here, else a stand-in built from Debian's packages.
pick_image() {  # pick_image VARIABLE OFFICIAL STAND_IN_DIR
    local variable="$1" official="$2" dir="$3"
    if [[ -n ${!variable:-} ]]; then
        log "$variable=${!variable} (given)"
    elif have_image "$official"; then
        printf -v "$variable" '%s' "$official"
    else
        printf -v "$variable" '%s' "adjudicator-standin/$dir:smoke"
        build "${!variable}" "$ROOT/deploy/images/$dir" --build-arg "BASE=$BASE_TAG"
    fi
    export "${variable?}"
}

build_images() {
    if ! have_image "$BASE_TAG"; then
        log "no $BASE_TAG here: scripts/docker-smoke.sh builds it"
        BASE_TAG="$BASE_TAG" bash "$ROOT/scripts/docker-smoke.sh" || die "scripts/docker-smoke.sh failed"
    fi
    local ca="${CA_BUNDLE:-${PIP_CERT:-${SSL_CERT_FILE:-/etc/ssl/certs/ca-certificates.crt}}}"
    local secret=()
    [[ -s $ca ]] && secret=(--secret "id=cacert,src=$ca")
    build "$APP_IMAGE" "$ROOT" --build-arg EXTRAS=postgres,redis "${secret[@]}"
    export ADJUDICATOR_IMAGE="$APP_IMAGE"
    pick_image ADJUDICATOR_POSTGRES_IMAGE postgres:15-bookworm postgres
    pick_image ADJUDICATOR_REDIS_IMAGE redis:7-bookworm redis
    pick_image ADJUDICATOR_PROXY_IMAGE nginx:stable nginx
    log "images: app $ADJUDICATOR_IMAGE, postgres $ADJUDICATOR_POSTGRES_IMAGE," \
        "redis $ADJUDICATOR_REDIS_IMAGE, proxy $ADJUDICATOR_PROXY_IMAGE"
}

# --------------------------------------------------------------------------
# 5-7. the stack
# --------------------------------------------------------------------------
compose() { "${COMPOSE[@]}" -p "$PROJECT" -f "$COMPOSE_FILE" "$@"; }

cleanup() {
    local status=$?
    if [[ -n ${UP:-} ]]; then
        ((status == 0)) || compose logs --no-color --tail 30 >&2 || true
        compose down -v --remove-orphans >/dev/null 2>&1 || log "compose down failed"
        log "stack down, volumes removed"
    fi
    [[ -n ${SECRETS:-} ]] && rm -rf "$SECRETS"
    if [[ ${KEEP_IMAGES:-1} == 0 && ${#BUILT_IMAGES[@]} -gt 0 ]]; then
        "$DOCKER" rmi "${BUILT_IMAGES[@]}" >/dev/null 2>&1 || true
    fi
    stop_daemon
    exit "$status"
}

free_port() {
    python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()'
}

health() { "$DOCKER" inspect -f '{{if .State.Health}}{{.State.Health.Status}}{{else}}none{{end}}' "$1"; }

up() {
    SECRETS="$(mktemp -d)"
    # The files are read by other users inside the containers (the app's 10001,
    # postgres); the folder keeps other users of this host out.
    chmod 700 "$SECRETS"
    python3 -c 'import secrets; print(secrets.token_urlsafe(32))' >"$SECRETS/admin_key"
    python3 -c 'import secrets; print(secrets.token_urlsafe(24))' >"$SECRETS/db_password"
    chmod 644 "$SECRETS/admin_key" "$SECRETS/db_password"
    export ADJUDICATOR_SECRETS_DIR="$SECRETS"
    export ADJUDICATOR_PORT="${SMOKE_PORT:-$(free_port)}"
    local t0
    t0=$(now)
    log "up -d --scale app=$SMOKE_REPLICAS on 127.0.0.1:$ADJUDICATOR_PORT"
    UP=1
    compose up -d --no-build --scale "app=$SMOKE_REPLICAS" >/tmp/compose-smoke-up.log 2>&1 \
        || { cat /tmp/compose-smoke-up.log >&2; die "compose up failed"; }
    local deadline=$(($(now) + SMOKE_TIMEOUT)) id unhealthy
    while :; do
        unhealthy=0
        for id in $(compose ps -q); do
            [[ $(health "$id") == healthy ]] || unhealthy=$((unhealthy + 1))
        done
        ((unhealthy == 0)) && break
        (($(now) < deadline)) || die "$unhealthy containers not healthy after ${SMOKE_TIMEOUT}s"
        sleep 2
    done
    UP_SECONDS=$(($(now) - t0))
    log "all $(compose ps -q | wc -l) containers healthy in ${UP_SECONDS}s"
    compose ps >&2
}

run_checks() {
    local ids=() id name ip victim
    mapfile -t ids < <(compose ps -q app)
    ((${#ids[@]} == SMOKE_REPLICAS)) || die "expected $SMOKE_REPLICAS app replicas, found ${#ids[@]}"
    # Replica addresses, to name the proxy log's upstreams.
    REPLICAS=()
    for id in "${ids[@]}"; do
        name="$("$DOCKER" inspect -f '{{.Name}}' "$id")"
        ip="$("$DOCKER" inspect -f '{{range .NetworkSettings.Networks}}{{.IPAddress}} {{end}}' "$id")"
        REPLICAS+=("${name#/}=${ip%% *}")
    done
    victim="${REPLICAS[1]%%=*}"
    log "replicas: ${REPLICAS[*]}; to be killed mid-way: $victim"
    local t0
    t0=$(now)
    python3 "$ROOT/scripts/compose_smoke.py" "http://127.0.0.1:$ADJUDICATOR_PORT" \
        --events "$SMOKE_EVENTS" --kill-at "$((SMOKE_EVENTS / 2))" --kill "$DOCKER kill $victim" \
        | tee /tmp/compose-smoke-summary.json || die "compose_smoke.py found a failure"
    HTTP_SECONDS=$(($(now) - t0))
    [[ $("$DOCKER" inspect -f '{{.State.Running}}' "$victim") == false ]] || die "$victim still runs"

    # Which replica answered each event write, from the proxy's JSON access log.
    echo "event writes by replica (status: replicas tried):"
    compose logs --no-color proxy 2>/dev/null \
        | grep -o '{"time".*' | grep '"method":"POST","uri":"/api/v1/games/[^"]*/events"' \
        | sed -E 's/.*"status":([0-9]+),"upstream":"([^"]*)".*/\1: \2/' \
        | sort | uniq -c | sort -rn >/tmp/compose-smoke-replicas.txt
    local pair
    for pair in "${REPLICAS[@]}"; do
        sed -i "s/\b${pair#*=}:8000\b/${pair%%=*}/g" /tmp/compose-smoke-replicas.txt
    done
    sed 's/^/  /' /tmp/compose-smoke-replicas.txt
    for pair in "${REPLICAS[@]}"; do
        grep -q "^ *[0-9]* 201: ${pair%%=*}$" /tmp/compose-smoke-replicas.txt \
            || die "replica ${pair%%=*} acknowledged no event"
    done
}

main() {
    local t0
    t0=$(now)
    ensure_tools
    trap cleanup EXIT
    ensure_daemon
    local tb
    tb=$(now)
    build_images
    BUILD_SECONDS=$(($(now) - tb))
    up
    run_checks
    log "OK: images ${BUILD_SECONDS}s, stack healthy in ${UP_SECONDS}s, HTTP checks ${HTTP_SECONDS}s, total $(($(now) - t0))s"
}

main "$@"
