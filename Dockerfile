# LexServe's API and web app in one image. Two stages: the build (every dependency, TypeScript, Vite) and the runtime,
# which holds only the built API, its production dependencies (`pnpm deploy --prod`) and the built web app.
ARG NODE_IMAGE=node:20.20.2-bookworm-slim

FROM ${NODE_IMAGE} AS build
RUN npm install -g pnpm@10.34.9
WORKDIR /src
COPY . .
# pnpm 10 deploys a workspace package with injected workspace dependencies only; `--legacy` deploys it as pnpm 9 did
# (this workspace does not inject: @lexserve/contracts is bundled into dist/server.mjs by esbuild).
RUN pnpm install --frozen-lockfile \
  && pnpm --filter @lexserve/web build \
  && pnpm --filter @lexserve/api build \
  && pnpm --filter @lexserve/api deploy --legacy --prod /out/api \
  && mkdir -p /out/web && cp -r apps/web/dist /out/web/dist

FROM ${NODE_IMAGE}
# tini: PID 1 that forwards signals to Node and reaps zombies (LibreOffice's children). LibreOffice converts Word files
# in bundles; the PostgreSQL client is pg_dump/pg_restore for backups (major version 15, the compose file's server).
RUN apt-get update \
  && apt-get install -y --no-install-recommends tini libreoffice-writer-nogui postgresql-client \
  && rm -rf /var/lib/apt/lists/* \
  && mkdir /data && chown node:node /data
# /app/api: the deployed API (dist/, drizzle/ migrations, node_modules); /app/web/dist: what the API serves.
COPY --from=build /out /app
ENV NODE_ENV=production PORT=3000 DATA_DIR=/data
USER node
WORKDIR /app/api
EXPOSE 3000
VOLUME /data
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/readyz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
ENTRYPOINT ["/usr/bin/tini", "--"]
CMD ["node", "--enable-source-maps", "--max-semi-space-size=2", "dist/server.mjs"]
