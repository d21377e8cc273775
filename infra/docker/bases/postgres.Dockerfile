# Local stand-in for postgres:16-alpine (Docker Hub unreachable), built by infra/docker/build-local-bases.mjs from
# Debian bookworm's PostgreSQL 15 (bookworm has no 16). It provides what infra/Dockerfile's postgres stage uses of the
# official image: initdb, pg_ctl, postgres, psql and pg_isready on PATH, the user `postgres`, an empty PGDATA at
# /var/lib/postgresql/data owned by it, and a socket directory /var/run/postgresql it can write. No entrypoint: the
# repository's own (infra/postgres/entrypoint.sh) is used on both bases.
ARG DEBIAN_IMAGE
FROM ${DEBIAN_IMAGE}
ARG DEBIAN_FRONTEND=noninteractive
# postgresql-common would otherwise create and start a cluster "main" while the package installs.
RUN mkdir -p /etc/postgresql-common/createcluster.d \
 && echo 'create_main_cluster = false' > /etc/postgresql-common/createcluster.d/no-main-cluster.conf \
 && apt-get update \
 && apt-get install -y --no-install-recommends postgresql-15 \
 && rm -rf /var/lib/apt/lists/* /var/cache/apt/*.bin \
 && install -d -o postgres -g postgres -m 2775 /var/run/postgresql \
 && install -d -o postgres -g postgres -m 700 /var/lib/postgresql/data \
 && test ! -e /var/lib/postgresql/15/main
ENV PATH=/usr/lib/postgresql/15/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
    PGDATA=/var/lib/postgresql/data
CMD ["postgres"]
