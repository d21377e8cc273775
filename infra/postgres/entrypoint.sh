#!/bin/sh
# PostgreSQL for docker-compose.yml, the same on the official image and on CI's local base: runs as the image's
# `postgres` user (never root). Creates the cluster on the first start; then, on every start, a socket-only server
# gives each service in SERVICE_DATABASES its own role and database (infra/postgres/provision.sql) before the real
# server listens, so the TCP healthcheck passes only once every database is ready.
# With PGBACKREST_STANZA set (docker-compose.yml sets it and the other PGBACKREST_* options), every WAL segment is
# archived by pgBackRest to its repository, in both servers, and the stanza is made (or checked) before the real server
# listens. After a restore (infra/backups.sh), recovery ends before the databases are provisioned.
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

# Archiving is on in both servers: a recovery that ends in the socket-only server starts a new timeline, whose history
# file a later point-in-time restore needs in the repository.
archiving=''
if [ -n "${PGBACKREST_STANZA:-}" ]; then
  archiving="-c archive_mode=on -c archive_command='pgbackrest archive-push %p'"
  # A segment is archived when it is full or, with little traffic, this long after its first write: at most this much
  # of the latest writes is lost with the volume (a restore after a mistake archives the current segment first).
  archiving="$archiving -c archive_timeout=${BACKUP_ARCHIVE_TIMEOUT:-60}"
fi
recovering=false
[ -e "$PGDATA/recovery.signal" ] && recovering=true

eval "set -- $archiving \"\$@\""
# The socket-only server gets the real one's settings too (a recovery refuses to run with, say, fewer max_connections
# than the server that wrote the WAL): each argument quoted for the shell pg_ctl starts postgres with.
options=''
for argument in "$@"; do
  options="$options '$(printf '%s' "$argument" | sed "s/'/'\\\\''/g")'"
done
# An hour: recovery after a restore replays every archived segment since the backup before it answers.
pg_ctl -D "$PGDATA" -o "$options -c listen_addresses=''" -w -t 3600 start
if $recovering; then
  echo "postgres entrypoint: a restored cluster: waiting for recovery to end (replaying the archived WAL)"
  until [ "$(psql -X -At -U postgres -d postgres -c 'select pg_is_in_recovery()' 2>/dev/null)" = f ]; do
    # Recovery that stops (a paused target, a missing segment) ends the server: say so rather than wait for ever.
    pg_ctl -D "$PGDATA" status >/dev/null || fail "recovery stopped: see the log above"
    sleep 1
  done
  echo "postgres entrypoint: recovery ended"
fi
for name in $databases; do
  variable=$(printf '%s_DATABASE_PASSWORD' "$name" | tr '[:lower:]' '[:upper:]')
  eval "SERVICE_DATABASE_PASSWORD=\${$variable}"
  export SERVICE_DATABASE_PASSWORD
  psql -X -q -v ON_ERROR_STOP=1 -v name="$name" -U postgres -d postgres -f /usr/local/share/postgres/provision.sql
done
unset SERVICE_DATABASE_PASSWORD
if [ -n "${PGBACKREST_STANZA:-}" ]; then
  # Idempotent. It fails when the repository holds another cluster's backups (the volume was lost and a new, empty
  # cluster made): restore instead (infra/README.md, "Backups and restore"), or empty the backups volume on purpose.
  pgbackrest stanza-create || {
    pg_ctl -D "$PGDATA" -m fast -w stop
    fail "pgBackRest's repository does not match this cluster: see infra/README.md, \"Backups and restore\""
  }
fi
pg_ctl -D "$PGDATA" -m fast -w stop

exec postgres -c listen_addresses='*' "$@"
