#!/bin/sh
# The postgres-backup service of docker-compose.yml: pgBackRest backups on a schedule, from a container of the postgres
# image that shares the database's volume and socket (pgBackRest reads the files and asks the server to start and stop
# the backup). Every minute it takes a full backup when the last one is older than BACKUP_FULL_INTERVAL_DAYS (7) or
# none exists, else an incremental one when the last backup of either kind is older than BACKUP_INTERVAL_HOURS (24).
# What it last did is kept in the repository's volume, so a restarted container keeps the schedule. pgBackRest expires
# what retention no longer keeps after each backup (PGBACKREST_REPO1_RETENTION_FULL).
# `backup-schedule.sh health` is the healthcheck: unhealthy from a failed backup until one succeeds.
set -eu

failed=/tmp/backup-failed
if [ "${1:-}" = health ]; then
  [ ! -e "$failed" ]
  exit
fi

state=/var/lib/pgbackrest/schedule
mkdir -p "$state"
full_minutes=$((${BACKUP_FULL_INTERVAL_DAYS:-7} * 24 * 60))
every_minutes=$((${BACKUP_INTERVAL_HOURS:-24} * 60))

# True when the marker is missing or was touched more than $2 minutes ago.
due() {
  [ -z "$(find "$state/$1" -mmin "-$2" 2>/dev/null)" ]
}

# `docker compose stop` ends the wait at once (a backup under way finishes first, within the stop grace period).
trap 'exit 0' TERM INT
while :; do
  type=''
  if due last-full "$full_minutes"; then
    type=full
  elif due last-backup "$every_minutes"; then
    type=incr
  fi
  if [ -n "$type" ]; then
    if pgbackrest backup --type="$type"; then
      rm -f "$failed"
      touch "$state/last-backup"
      if [ "$type" = full ]; then touch "$state/last-full"; fi
    else
      touch "$failed"
      echo "backup-schedule: the $type backup failed; trying again in a minute" >&2
    fi
  fi
  sleep 60 &
  wait $!
done
