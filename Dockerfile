# syntax=docker/dockerfile:1
# The shop's image (decision 063, docs/operations.md "Deploy"): one Node process serving the API, the built client
# files and the server-rendered pages. Multi-stage: a builder with every dependency builds the web app; the runtime
# stage holds production dependencies only, runs as an unprivileged user and checks /health.
#
#   docker build -t varg-shop .
#   docker run --rm --env-file .env varg-shop node scripts/migrate.ts    # = npm run migrate
#   docker run -p 3000:3000 --env-file .env varg-shop
#
# The base is the official Node image of exactly the version the lockfile pins (the `node` devDependency every npm
# script runs on; deploy/deploy.test.ts keeps NODE_VERSION equal to it). Without a registry, deploy/base-image.sh
# builds the same layout from Debian's mirror: --build-arg NODE_IMAGE=localhost/varg-node:24.21.0-bookworm-slim.
# Behind a TLS-inspecting proxy, pass its CA for the npm installs: --secret id=build_ca,src=/path/to/ca.crt.

ARG NODE_VERSION=24.21.0
ARG NODE_IMAGE=node:${NODE_VERSION}-bookworm-slim

# — The workspace manifests alone, so the dependency layers are rebuilt only when a manifest changes. —
FROM ${NODE_IMAGE} AS manifests
WORKDIR /app
COPY package.json package-lock.json ./
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY packages/contracts/package.json packages/contracts/
COPY packages/db/package.json packages/db/
COPY packages/domain/package.json packages/domain/
COPY packages/i18n/package.json packages/i18n/

# — Builder: every dependency (Vite, React Router's compiler, the pinned Node), then the web build. —
FROM ${NODE_IMAGE} AS build
WORKDIR /app
ENV NPM_CONFIG_UPDATE_NOTIFIER=false NPM_CONFIG_FUND=false NPM_CONFIG_AUDIT=false
COPY --from=manifests /app ./
RUN --mount=type=secret,id=build_ca NODE_EXTRA_CA_CERTS=/run/secrets/build_ca npm ci
COPY . .
RUN npm run build

# — The runtime tree: production dependencies, the sources Node runs (type stripping, decision 001), the build.
#   Tests, e2e, bench and docs never enter the image (.dockerignore). —
FROM ${NODE_IMAGE} AS app
WORKDIR /app
ENV NPM_CONFIG_UPDATE_NOTIFIER=false NPM_CONFIG_FUND=false NPM_CONFIG_AUDIT=false
COPY --from=manifests /app ./
# Peer-only packages (TypeScript, for React Router's dev tools) are not run; type declarations and source maps are
# not read; geoip-lite's city database (108 MB) is never loaded: the geo-IP provider reads the country files only.
RUN --mount=type=secret,id=build_ca NODE_EXTRA_CA_CERTS=/run/secrets/build_ca npm ci --omit=dev --omit=peer \
  && find node_modules -type f \( -name '*.map' -o -name '*.d.ts' -o -name '*.d.mts' -o -name '*.d.cts' \) -delete \
  && rm -f node_modules/geoip-lite/data/geoip-city*.dat
COPY apps apps
COPY packages packages
COPY scripts/migrate.ts scripts/admin-create.ts scripts/legal-publish.ts scripts/seed-reference.ts \
  scripts/env-database.ts scripts/
COPY --from=build /app/apps/web/build apps/web/build
# Node's compile cache (decision 006): the start's TypeScript files stripped once here, so the server never loads
# Node's type-stripping compiler (~17 MB). Node keeps one cache per user id: written as the runtime user 10001, then
# owned by root like the rest of the tree and readable by all (Node writes its entries owner-only), so the app reads
# it and cannot change it.
RUN mkdir -p node_modules/.cache/node-compile && chown 10001:10001 node_modules/.cache/node-compile \
  && setpriv --reuid=10001 --regid=10001 --clear-groups env COMPILE_CACHE_ONLY=1 node --max-semi-space-size=16 \
    --max-old-space-size=256 --import ./apps/web/server/compile-cache.js --import ./apps/web/server/telemetry.ts \
    apps/web/server/index.ts \
  && chown -R root:root node_modules/.cache/node-compile && chmod -R a+rX,go-w node_modules/.cache/node-compile \
  && test -n "$(ls node_modules/.cache/node-compile/*-10001)"

# — Runtime: the official slim base, the tree above owned by root (read-only to the app), an unprivileged user. —
FROM ${NODE_IMAGE} AS runtime
# MALLOC_ARENA_MAX=2: what `npm run serve` sets (decision 006, "Session 15"): glibc's malloc keeps 2 arenas instead
# of 8 per core, less memory held after garbage is freed. An image's ENV also reaches Compose and Kubernetes.
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/app/data MALLOC_ARENA_MAX=2 \
  NPM_CONFIG_UPDATE_NOTIFIER=false NPM_CONFIG_CACHE=/tmp/.npm
WORKDIR /app
RUN groupadd --gid 10001 shop \
  && useradd --uid 10001 --gid shop --home-dir /app --no-create-home --shell /usr/sbin/nologin shop \
  && mkdir -p /app/data && chown shop:shop /app/data
COPY --from=app /app /app
USER 10001:10001
EXPOSE 3000
# Liveness of the process, on the port it listens on (no curl in the slim image: Node's own fetch).
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/health`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# Node is PID 1 and handles SIGTERM itself: it stops accepting, finishes requests in flight and closes the database.
CMD ["node", "--max-semi-space-size=16", "--max-old-space-size=256", "--import", "./apps/web/server/compile-cache.js", "--import", "./apps/web/server/telemetry.ts", "apps/web/server/index.ts"]
