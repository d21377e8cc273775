#!/bin/sh
# Backups and restores of docker-compose.yml's PostgreSQL with pgBackRest, run from the repository's root on the host
# (infra/README.md, "Backups and restore", says when to use which):
#   infra/backups.sh backup [full|diff|incr]   a backup now (incr by default: what changed since the last backup)
#   infra/backups.sh info                      the backups kept and the WAL archived, oldest first
#   infra/backups.sh restore                   every database as it was at the last archived write
#   infra/backups.sh restore '<time>'          every database as it was at that time, e.g. '2026-11-28 14:05:00-05'
# A restore stops every container, restores into the database's volume (made anew if it was removed; only the files
# that differ otherwise), and starts everything again; postgres replays the archived WAL before it answers.
# COMPOSE is the compose command (default `docker compose`; e.g. `docker-compose -p shop --env-file prod.env`).
set -eu

compose=${COMPOSE:-docker compose}

usage() {
  sed -n '4,7p' "$0" | sed 's/^# *//' >&2
  exit 2
}

# Word splitting of $compose is wanted: it is a command and its options.
# shellcheck disable=SC2086
case "${1:-}" in
  backup)
    type=${2:-incr}
    case "$type" in full | diff | incr) ;; *) usage ;; esac
    $compose exec -T postgres pgbackrest backup --type="$type"
    ;;
  info)
    $compose exec -T postgres pgbackrest info
    ;;
  restore)
    [ $# -le 2 ] || usage
    if $compose exec -T postgres pg_isready -q 2>/dev/null; then
      # The WAL segment being written goes to the repository first: a restore after a mistake needs it.
      echo "archiving the current WAL segment"
      $compose exec -T postgres pgbackrest check
    else
      echo "postgres is not running: restoring up to the last segment it archived"
    fi
    echo "stopping every container"
    $compose stop
    if [ $# -eq 2 ]; then
      echo "restoring every database as it was at $2"
      # promote: the database opens for writing once it reaches the time (pgBackRest's default would pause there).
      $compose run --rm --no-deps --entrypoint pgbackrest postgres --delta --type=time "--target=$2" --target-action=promote restore
    else
      echo "restoring every database as it was at the last archived write"
      $compose run --rm --no-deps --entrypoint pgbackrest postgres --delta restore
    fi
    echo "starting every container (postgres replays the archived WAL first)"
    $compose up -d
    ;;
  *)
    usage
    ;;
esac
