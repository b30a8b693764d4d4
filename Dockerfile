# syntax=docker/dockerfile:1
# Quartermaster's image: the release of docs/deployment.md (package files, dist/, assets/ and the production
# dependencies) on Node.js 24, run as the unprivileged `node` user. One image for every process: `serve` (the
# default), `serve --no-worker`, `worker` and `migrate`; compose.yaml runs them on PostgreSQL.
#
# The base is pinned by its exact version tag rather than by digest: the digest could not be read where this file
# was written (no registry reachable to verify it). Pin it once pulled, e.g.
#   docker buildx imagetools inspect node:24.21.0-bookworm-slim
# then write `node:24.21.0-bookworm-slim@sha256:<digest>` here.
ARG NODE_IMAGE=node:24.21.0-bookworm-slim

# The build: every dependency, then dist/ (the server compiled, the console bundled and compressed).
FROM ${NODE_IMAGE} AS build
WORKDIR /build
COPY package.json package-lock.json ./
# Scripts off: the image's own Node.js runs everything, so the registry's `node` package stays an empty shell
# (docs/runtime.md); better-sqlite3 and @node-rs/argon2 ship their binaries in their packages.
RUN npm ci --ignore-scripts --no-audit --no-fund
COPY . .
RUN npm run build

# The production dependencies alone, installed apart so that no build tool reaches the final image.
FROM ${NODE_IMAGE} AS production-dependencies
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund && npm cache clean --force

FROM ${NODE_IMAGE}
ENV NODE_ENV=production \
    MALLOC_ARENA_MAX=2 \
    HOST=0.0.0.0 \
    PORT=8080 \
    WORKER_PORT=8090 \
    DATA_DIR=/var/lib/quartermaster \
    LOG_FORMAT=json
WORKDIR /app
RUN mkdir -p /var/lib/quartermaster && chown node:node /var/lib/quartermaster
COPY --from=production-dependencies /app/node_modules ./node_modules
COPY --from=build /build/dist ./dist
COPY package.json package-lock.json ./
COPY assets ./assets
USER node
# The SQLite database and uploaded documents (DOCUMENT_STORAGE=local) live here.
VOLUME ["/var/lib/quartermaster"]
EXPOSE 8080 8090
# Liveness of the API on PORT; a worker's probes answer on WORKER_PORT (compose.yaml points its check there).
HEALTHCHECK --interval=15s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.HEALTHCHECK_PORT || process.env.PORT) + '/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
ENTRYPOINT ["node", "--max-semi-space-size=8", "--initial-old-space-size=64", "--heap-growing-percent=100", "--enable-source-maps", "dist/cli.js"]
CMD ["serve"]
