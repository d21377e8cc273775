#!/bin/sh
# nginx for docker-compose.yml, the same on the official image and on CI's local base: runs as the image's `nginx`
# user (never root). infra/nginx/nginx.conf keeps ${WEB_HOST}, ${PORTAL_HOST} and ${BACKOFFICE_HOST} as placeholders;
# they are filled in here, and nothing else in the config is touched (its own $variables are nginx's).
set -eu

template=/etc/nginx/templates/nginx.conf.template
config=/var/cache/nginx/nginx.conf

for name in WEB_HOST PORTAL_HOST BACKOFFICE_HOST; do
  eval "value=\${$name:-}"
  case "$value" in
    '' | *[!A-Za-z0-9.-]*)
      echo "gateway entrypoint: $name must be a host name such as example.com (got \"$value\")" >&2
      exit 1
      ;;
  esac
done

sed -e 's/\${WEB_HOST}/'"$WEB_HOST"'/g' \
  -e 's/\${PORTAL_HOST}/'"$PORTAL_HOST"'/g' \
  -e 's/\${BACKOFFICE_HOST}/'"$BACKOFFICE_HOST"'/g' \
  "$template" > "$config"

exec nginx -e stderr -c "$config" -g 'daemon off;'
