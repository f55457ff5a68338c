#!/bin/sh
# First start: make the cluster in $PGDATA with POSTGRES_USER as its superuser
# (password: the first line of POSTGRES_PASSWORD_FILE), allow password logins
# over TCP and create POSTGRES_DB. Then run the command (the server).
set -eu

if [ ! -s "$PGDATA/PG_VERSION" ]; then
    : "${POSTGRES_PASSWORD_FILE:?must name the file holding the password}"
    user="${POSTGRES_USER:-postgres}"
    db="${POSTGRES_DB:-$user}"
    initdb --username="$user" --pwfile="$POSTGRES_PASSWORD_FILE" --auth-local=trust \
        --auth-host=scram-sha-256 --encoding=UTF8 --locale=C.UTF-8 >/dev/null
    echo "host all all all scram-sha-256" >>"$PGDATA/pg_hba.conf"
    echo "listen_addresses = '*'" >>"$PGDATA/postgresql.conf"
    # On the socket only while it is set up: the health check asks over TCP.
    pg_ctl -D "$PGDATA" -o "-c listen_addresses=''" -w start >/dev/null
    if [ "$db" != postgres ]; then
        createdb --username="$user" --owner="$user" "$db"
    fi
    pg_ctl -D "$PGDATA" -m fast -w stop >/dev/null
    echo "postgres-entrypoint: made the cluster in $PGDATA (user $user, database $db)"
fi

exec "$@"
