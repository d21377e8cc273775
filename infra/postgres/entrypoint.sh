#!/bin/sh
# PostgreSQL for docker-compose.yml, the same on the official image and on CI's local base: runs as the image's
# `postgres` user (never root). Creates the cluster on the first start; then, on every start, a socket-only server
# gives each service in SERVICE_DATABASES its own role and database (infra/postgres/provision.sql) before the real
# server listens, so the TCP healthcheck passes only once every database is ready.
set -eu

fail() {
  echo "postgres entrypoint: $*" >&2
  exit 1
}

: "${PGDATA:?PGDATA must name the data directory}"
databases=${SERVICE_DATABASES:-}
[ -n "$databases" ] || fail 'SERVICE_DATABASES must list the services'"'"' databases, e.g. "booking accounts"'
for name in $databases; do
  case "$name" in
    [a-z]*) ;;
    *) fail "database name \"$name\" must start with a lower-case letter" ;;
  esac
  case "$name" in
    *[!a-z0-9_]*) fail "database name \"$name\" may hold only a-z, 0-9 and _" ;;
  esac
  variable=$(printf '%s_DATABASE_PASSWORD' "$name" | tr '[:lower:]' '[:upper:]')
  eval "password=\${$variable:-}"
  # It is placed in the service's DATABASE_URL, so only characters that need no escaping there.
  [ "${#password}" -ge 16 ] || fail "$variable must be set, at least 16 characters"
  case "$password" in
    *[!A-Za-z0-9._~-]*) fail "$variable may hold only letters, digits and - _ . ~" ;;
  esac
done

if [ ! -s "$PGDATA/PG_VERSION" ]; then
  initdb --username=postgres --encoding=UTF8 --locale=C.UTF-8 --auth=trust -D "$PGDATA"
  # The superuser only through the socket inside the container; the services over TCP with their passwords.
  cat > "$PGDATA/pg_hba.conf" <<'HBA'
local all all trust
host all all all scram-sha-256
HBA
fi

pg_ctl -D "$PGDATA" -o "-c listen_addresses=''" -w start
for name in $databases; do
  variable=$(printf '%s_DATABASE_PASSWORD' "$name" | tr '[:lower:]' '[:upper:]')
  eval "SERVICE_DATABASE_PASSWORD=\${$variable}"
  export SERVICE_DATABASE_PASSWORD
  psql -X -q -v ON_ERROR_STOP=1 -v name="$name" -U postgres -d postgres -f /usr/local/share/postgres/provision.sql
done
unset SERVICE_DATABASE_PASSWORD
pg_ctl -D "$PGDATA" -m fast -w stop

exec postgres -c listen_addresses='*' "$@"
