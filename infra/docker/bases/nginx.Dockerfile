# Local stand-in for nginx:1.27-alpine (Docker Hub unreachable), built by infra/docker/build-local-bases.mjs from
# Debian bookworm's nginx 1.22. It provides what infra/Dockerfile's gateway stage uses of the official image:
# /usr/sbin/nginx, the user `nginx` (uid and gid 101), /var/cache/nginx, /usr/share/nginx/html, and busybox's `wget`
# for the healthcheck (Alpine's busybox has it). No entrypoint: the repository's own
# (infra/docker/gateway-entrypoint.sh) is used on both bases.
ARG DEBIAN_IMAGE
FROM ${DEBIAN_IMAGE}
ARG DEBIAN_FRONTEND=noninteractive
RUN groupadd --system --gid 101 nginx \
 && useradd --system --uid 101 --gid nginx --home-dir /nonexistent --no-create-home --shell /usr/sbin/nologin nginx \
 && apt-get update \
 && apt-get install -y --no-install-recommends nginx busybox \
 && rm -rf /var/lib/apt/lists/* /var/cache/apt/*.bin /etc/nginx/sites-enabled/* \
 && ln -s /bin/busybox /usr/local/bin/wget \
 && mkdir -p /var/cache/nginx /usr/share/nginx/html \
 && nginx -v
STOPSIGNAL SIGQUIT
CMD ["nginx", "-g", "daemon off;"]
