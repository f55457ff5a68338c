# shellcheck shell=bash
# Shared by docker-smoke.sh and compose-smoke.sh (sourced, after each defines
# log and die): the tools, a BuildKit-capable client, and a daemon that is
# stopped again if this script started it.

# install_missing PACKAGE...: apt-get install what is given, as root.
install_missing() {
    (($#)) || return 0
    [[ $(id -u) -eq 0 ]] || die "need root to apt-get install $*"
    log "installing $*"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null
}

# Sets DOCKER to a client that can do a BuildKit build (needed for the secret
# mount). Docker CLI >= 23 only does BuildKit through the buildx plugin; the
# 20.10 CLI that Debian bookworm's docker.io ships has BuildKit built in.
pick_docker() {
    local c ver
    for c in "$(command -v docker || true)" /usr/bin/docker /usr/local/bin/docker; do
        [[ -n $c && -x $c ]] || continue
        ver="$("$c" version --format '{{.Client.Version}}' 2>/dev/null || true)"
        ver="${ver%%.*}"
        if "$c" buildx version >/dev/null 2>&1 || { [[ $ver =~ ^[0-9]+$ ]] && ((ver < 23)); }; then
            DOCKER="$c"
            return 0
        fi
    done
    die "no docker client with BuildKit (install docker-buildx, or Debian's docker.io 20.10 CLI)"
}

# Starts dockerd --storage-driver=vfs unless a daemon answers; DOCKERD_PID is
# set only when this script started it.
ensure_daemon() {
    if "$DOCKER" info >/dev/null 2>&1; then
        log "docker daemon already running; it is left running"
        return 0
    fi
    [[ $(id -u) -eq 0 ]] || die "no docker daemon answers and we are not root to start one"
    log "starting dockerd --storage-driver=vfs (log: $DOCKERD_LOG)"
    dockerd --storage-driver=vfs >"$DOCKERD_LOG" 2>&1 &
    DOCKERD_PID=$!
    local i
    for ((i = 0; i < 30; i++)); do
        "$DOCKER" info >/dev/null 2>&1 && { log "dockerd up (pid $DOCKERD_PID)"; return 0; }
        sleep 1
    done
    tail -20 "$DOCKERD_LOG" >&2 || true
    die "dockerd did not come up within 30 s"
}

# Stops the dockerd that ensure_daemon started, if it did.
stop_daemon() {
    [[ -n ${DOCKERD_PID:-} ]] || return 0
    kill "$DOCKERD_PID" 2>/dev/null || return 0
    local i
    for ((i = 0; i < 30; i++)); do
        kill -0 "$DOCKERD_PID" 2>/dev/null || { log "dockerd (pid $DOCKERD_PID) stopped"; return 0; }
        sleep 1
    done
    log "dockerd (pid $DOCKERD_PID) still running after 30 s"
}
