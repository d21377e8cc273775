#!/bin/sh
# nginx for docker-compose.yml, the same on the official image and on CI's local base: runs as the image's `nginx`
# user (never root). infra/nginx/nginx.conf keeps ${WEB_HOST}, ${PORTAL_HOST} and ${BACKOFFICE_HOST} as placeholders,
# and ${OBJECT_STORE_ORIGIN} in the pages' Content-Security-Policy; they are filled in here, and nothing else in the
# config is touched (its own $variables are nginx's).
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

# GATEWAY_TRUSTED_PROXIES: addresses or CIDR ranges (comma or space separated) of a TLS terminator in front whose
# X-Forwarded-For and X-Forwarded-Proto are believed; empty means the peer is the client and the scheme nginx's own.
# The config includes both files: set_real_ip_from lines, and the same ranges for a geo block (always written).
trusted=/var/cache/nginx/trusted-proxies.conf
ranges=/var/cache/nginx/trusted-proxy-ranges.conf
: > "$trusted"
: > "$ranges"
for proxy in $(echo "${GATEWAY_TRUSTED_PROXIES:-}" | tr ',' ' '); do
  case "$proxy" in
    *[!0-9A-Fa-f.:/]*)
      echo "gateway entrypoint: GATEWAY_TRUSTED_PROXIES must list addresses or CIDR ranges such as 172.16.0.0/12 (got \"$proxy\")" >&2
      exit 1
      ;;
  esac
  echo "set_real_ip_from $proxy;" >> "$trusted"
  echo "$proxy 1;" >> "$ranges"
done

# OBJECT_STORE_ORIGIN: where browsers upload photos (the object store's public origin, scheme://host[:port], e.g.
# https://appointment-photos.s3.us-east-1.amazonaws.com), which the pages' connect-src allows; empty allows none.
store="${OBJECT_STORE_ORIGIN:-}"
if [ -n "$store" ] && ! printf '%s\n' "$store" | grep -Eq '^https?://[A-Za-z0-9.-]+(:[0-9]{1,5})?$'; then
  echo "gateway entrypoint: OBJECT_STORE_ORIGIN must be an origin such as https://files.example.com, without a path (got \"$store\")" >&2
  exit 1
fi

# The origin replaces " ${OBJECT_STORE_ORIGIN}" with its leading space, so without one the policy has no gap.
sed -e 's/\${WEB_HOST}/'"$WEB_HOST"'/g' \
  -e 's/\${PORTAL_HOST}/'"$PORTAL_HOST"'/g' \
  -e 's/\${BACKOFFICE_HOST}/'"$BACKOFFICE_HOST"'/g' \
  -e 's| \${OBJECT_STORE_ORIGIN}|'"${store:+ $store}"'|g' \
  "$template" > "$config"

exec nginx -e stderr -c "$config" -g 'daemon off;'
