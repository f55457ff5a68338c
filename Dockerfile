# adjudicator: Flask app served by gunicorn.
#
# Build (BuildKit is required for the secret mount; the CA bundle is only
# mounted for the pip step and never stored in a layer):
#   DOCKER_BUILDKIT=1 docker build \
#     --secret id=cacert,src=/etc/ssl/certs/ca-certificates.crt \
#     -t adjudicator .
# Run:
#   docker run -p 127.0.0.1:8000:8000 -v adjudicator-data:/data adjudicator
# See docs/docker.md.
#
# No "# syntax=" line on purpose: it would make BuildKit pull a frontend
# image from a registry. The built-in frontend supports RUN --mount.
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    PIP_ROOT_USER_ACTION=ignore

# Optional, non-secret: a mirror of PyPI. Build args are visible in the image
# history, so an index URL with credentials goes in a pip.conf passed as the
# "pipconf" secret instead.
ARG PIP_INDEX_URL
# Optional extras of the package, e.g. EXTRAS=postgres,redis (deploy/compose.yaml).
# Empty by default: the plain install below, which tests/test_dockerfile.py reproduces.
ARG EXTRAS=

RUN groupadd --system --gid 10001 adjudicator \
 && useradd --system --uid 10001 --gid adjudicator \
        --home-dir /home/adjudicator --create-home --shell /usr/sbin/nologin adjudicator \
 && mkdir -p /data \
 && chown adjudicator:adjudicator /data

# The project is bind-mounted for the install step only (rw, so the build may
# write scratch files; they are discarded): no layer keeps the source tree,
# and what runs is the installed wheel, config/ and lexicons/ included.
WORKDIR /usr/src/adjudicator
RUN --mount=type=bind,target=/usr/src/adjudicator,rw \
    --mount=type=secret,id=cacert \
    --mount=type=secret,id=pipconf \
    set -eu; \
    if [ -s /run/secrets/cacert ]; then export PIP_CERT=/run/secrets/cacert; fi; \
    if [ -s /run/secrets/pipconf ]; then export PIP_CONFIG_FILE=/run/secrets/pipconf; fi; \
    if [ -n "${PIP_INDEX_URL:-}" ]; then export PIP_INDEX_URL; else unset PIP_INDEX_URL; fi; \
    if [ -z "${EXTRAS}" ]; then pip install --no-cache-dir .; \
    else pip install --no-cache-dir "./[${EXTRAS}]"; fi

# The data folder (the SQLite database, loaded lexicons) is a volume the app
# user owns. ADJUDICATOR_DATABASE_URL=postgresql+psycopg://... uses a server.
ENV ADJUDICATOR_DATA_DIR=/data \
    WEB_CONCURRENCY=2
VOLUME ["/data"]

# Numeric, so runtimes can verify "non-root" without reading /etc/passwd.
USER 10001:10001
WORKDIR /home/adjudicator
EXPOSE 8000

# No curl in slim images: probe with the interpreter that is there anyway.
HEALTHCHECK --interval=10s --timeout=5s --start-period=20s --retries=3 \
    CMD ["python", "-c", "import sys, urllib.request; sys.exit(0 if urllib.request.urlopen('http://127.0.0.1:8000/healthz', timeout=4).status == 200 else 1)"]

# gunicorn reads the worker count from WEB_CONCURRENCY (set above, override
# with -e WEB_CONCURRENCY=N); extra flags via GUNICORN_CMD_ARGS.
# The config module picks the threaded worker (4 threads each, --threads N),
# which cuts off clients that send their request too slowly; a public
# deployment still puts a buffering proxy in front (docs/docker.md).
# The config module turns on --preload (rules, memory-mapped lexicons and
# migrations are built once in the master, so the workers share the lexicon
# pages) and the shared metrics folder; the app writes its own JSON access log.
ENV PROMETHEUS_MULTIPROC_DIR=/tmp/adjudicator-metrics
CMD ["gunicorn", "-c", "python:adjudicator.serving.gunicorn_conf", "--bind", "0.0.0.0:8000", "adjudicator.web:create_app()"]
