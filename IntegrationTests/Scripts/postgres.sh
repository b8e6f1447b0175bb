#!/usr/bin/env bash
# A throwaway PostgreSQL server for the integration tests: a cluster in a temporary directory, listening on
# 127.0.0.1 only, password authentication (scram-sha-256), the superuser `remedy` with the password `remedy`
# and the database `remedy`. The PostgreSQL cases connect to it (Sources/IntegrationSupport/PostgresServer.swift).
#
#     Scripts/postgres.sh start   # create the cluster if needed and start it (nothing to do if it answers)
#     Scripts/postgres.sh stop    # stop it and remove the cluster
#     Scripts/postgres.sh env     # the environment the cases read, as `export` lines
#
# REMEDY_POSTGRES_PORT (default 54329) chooses the port, REMEDY_POSTGRES_DIR (default /tmp/remedy-postgres-PORT,
# which the `postgres` user can reach) the cluster's directory, REMEDY_POSTGRES_BIN the server's programs (found
# by pg_config or in /usr/lib/postgresql/*/bin otherwise). PostgreSQL refuses to run as root: as root, the server
# runs as the `postgres` user (made by Debian's package) through runuser.
set -euo pipefail

port="${REMEDY_POSTGRES_PORT:-54329}"
directory="${REMEDY_POSTGRES_DIR:-/tmp/remedy-postgres-$port}"
data="$directory/data"

binaries() {
    if [[ -n "${REMEDY_POSTGRES_BIN:-}" ]]; then
        echo "$REMEDY_POSTGRES_BIN"
    elif command -v pg_config >/dev/null && [[ -x "$(pg_config --bindir)/initdb" ]]; then
        pg_config --bindir
    else
        # Debian keeps the server's programs out of PATH, one folder per major version: take the newest.
        local newest
        newest="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)"
        [[ -n "$newest" ]] || { echo "postgres.sh: no PostgreSQL server found (apt-get install postgresql)" >&2; exit 1; }
        echo "$newest"
    fi
}

# Runs a server program as the cluster's owner: the `postgres` user when we are root, ourselves otherwise.
as_owner() {
    if [[ "$(id -u)" == 0 ]]; then
        runuser -u postgres -- "$@"
    else
        "$@"
    fi
}

answers() {
    "$bin/pg_isready" --quiet --host 127.0.0.1 --port "$port" --timeout 2
}

start() {
    if answers; then
        return 0
    fi
    if [[ ! -s "$data/PG_VERSION" ]]; then
        rm -rf "$directory"
        mkdir -p "$directory"
        printf 'remedy\n' > "$directory/password"
        if [[ "$(id -u)" == 0 ]]; then chown -R postgres: "$directory"; fi
        chmod 700 "$directory"
        as_owner "$bin/initdb" --pgdata "$data" --username remedy --pwfile "$directory/password" \
            --auth scram-sha-256 --encoding UTF8 --locale C.UTF-8 --no-sync >"$directory/initdb.log" 2>&1 \
            || { cat "$directory/initdb.log" >&2; exit 1; }
        cat >>"$data/postgresql.conf" <<CONF
listen_addresses = '127.0.0.1'
port = $port
unix_socket_directories = '$directory'
max_connections = 50
shared_buffers = 16MB
fsync = off
synchronous_commit = off
full_page_writes = off
CONF
    fi
    as_owner "$bin/pg_ctl" --pgdata "$data" --log "$directory/server.log" --wait --timeout 30 start >/dev/null \
        || { cat "$directory/server.log" >&2; exit 1; }
    if ! PGPASSWORD=remedy "$bin/psql" --host 127.0.0.1 --port "$port" --username remedy --dbname postgres \
        --tuples-only --no-align --command "SELECT 1 FROM pg_database WHERE datname = 'remedy'" | grep -q 1; then
        PGPASSWORD=remedy "$bin/psql" --quiet --host 127.0.0.1 --port "$port" --username remedy --dbname postgres \
            --command "CREATE DATABASE remedy"
    fi
}

stop() {
    if [[ -s "$data/PG_VERSION" ]]; then
        as_owner "$bin/pg_ctl" --pgdata "$data" --mode fast --wait stop >/dev/null 2>&1 || true
    fi
    rm -rf "$directory"
}

bin="$(binaries)"
case "${1:-}" in
start)
    start
    echo "PostgreSQL listens on 127.0.0.1:$port (user remedy, password remedy, database remedy; cluster in $directory)"
    ;;
stop)
    stop
    ;;
env)
    echo "export REMEDY_POSTGRES_PORT=$port"
    ;;
*)
    echo "usage: $0 start|stop|env" >&2
    exit 2
    ;;
esac
