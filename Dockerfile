# syntax=docker/dockerfile:1
# One image for api, realtime and workers (the compose file picks the command). Three stages: build everything with
# the dev tools, install production dependencies alone, then a slim runtime that holds only those and the compiled
# output, running as the unprivileged `node` user, on Node 24 LTS. Nothing native is compiled at install (VIN decoding
# uses Node's built-in SQLite).

# The package manifests alone, so the dependency layers are rebuilt only when they change.
FROM node:24-bookworm AS manifests
WORKDIR /app
COPY package.json package-lock.json ./
COPY shared/package.json shared/
COPY infra/package.json infra/
COPY core/package.json core/
COPY api/package.json api/
COPY realtime/package.json realtime/
COPY workers/package.json workers/
COPY web/package.json web/
# Applied after every install (the root postinstall): a guard the Postgres driver's release lacks.
COPY infra/scripts/patch-postgres-driver.mjs infra/scripts/

FROM manifests AS build
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM manifests AS production-dependencies
RUN npm ci --omit=dev --no-audit --no-fund -w shared -w infra -w core -w api -w realtime -w workers \
 && node infra/scripts/patch-postgres-driver.mjs

FROM node:24-bookworm-slim AS runtime
# Production mode: every service refuses unsafe defaults (the README lists them) and no demo data is ever made.
ENV NODE_ENV=production
WORKDIR /app
COPY --from=production-dependencies /app/node_modules node_modules
COPY --from=build /app/package.json /app/package-lock.json ./
COPY --from=build /app/shared/package.json shared/
COPY --from=build /app/shared/dist shared/dist
COPY --from=build /app/infra/package.json infra/
COPY --from=build /app/infra/dist infra/dist
COPY --from=build /app/infra/migrations infra/migrations
COPY --from=build /app/infra/data infra/data
COPY --from=build /app/infra/scripts/start.mjs /app/infra/scripts/require-node.mjs /app/infra/scripts/process-group.mjs \
  /app/infra/scripts/stores.mjs /app/infra/scripts/own-servers.mjs /app/infra/scripts/own-servers-guard.mjs \
  /app/infra/scripts/debian-packages.mjs /app/infra/scripts/env-file.mjs infra/scripts/
COPY --from=build /app/core/package.json core/
COPY --from=build /app/core/dist core/dist
COPY --from=build /app/api/package.json api/
COPY --from=build /app/api/dist api/dist
COPY --from=build /app/realtime/package.json realtime/
COPY --from=build /app/realtime/dist realtime/dist
COPY --from=build /app/workers/package.json workers/
COPY --from=build /app/workers/dist workers/dist
COPY --from=build /app/web/package.json web/
COPY --from=build /app/web/dist web/dist
# Uploaded PDFs are rebuilt from images of their pages by poppler (pdfinfo, pdftoppm) under prlimit (util-linux).
RUN apt-get update \
 && apt-get install -y --no-install-recommends poppler-utils \
 && rm -rf /var/lib/apt/lists/*
# Uploads and the unpacked VIN database live under var/, owned by the user the services run as. The uploads directory is
# made here because compose mounts a volume on it: Docker copies a new volume's owner from the image's directory, and
# would make it root's (unwritable for `node`) if the image had none.
RUN mkdir -p /app/var/uploads && chown -R node:node /app/var
USER node
ENV WEB_DIST_DIR=/app/web/dist
EXPOSE 3000 3001 3002
# The default command is the API; compose gives realtime and workers their own command and health check.
HEALTHCHECK --interval=10s --timeout=3s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:3000/readyz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "api/dist/server.js"]
