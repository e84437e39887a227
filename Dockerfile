# The bot service as one image: the compiled server (apps/server/dist/main.js) serving its API and
# the built mini-app. Production configuration comes from environment variables (README: "Running
# in production"); compose.yaml runs two replicas on one Postgres.
#
#   docker build -t fartwin-server .
#   docker build --build-arg BASE_IMAGE=<a Debian bookworm image with Node 20 and npm> -t fartwin-server .
#
# BASE_IMAGE must provide node (>= 20.19) and npm; a `node` user is created if it has none.
ARG BASE_IMAGE=node:20-bookworm-slim

# ---- build: the contracts' ABIs, the mini-app and the server bundle --------------------------------
FROM ${BASE_IMAGE} AS build
WORKDIR /app
ENV npm_config_update_notifier=false
# Every workspace's manifest (npm ci reads them all), then only the three workspaces the build needs.
COPY package.json package-lock.json ./
COPY packages/protocol/package.json packages/protocol/
COPY packages/echo/package.json packages/echo/
COPY packages/localstack/package.json packages/localstack/
COPY packages/contracts/package.json packages/contracts/
COPY apps/server/package.json apps/server/
COPY apps/miniapp/package.json apps/miniapp/
COPY apps/devhost/package.json apps/devhost/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
# No install scripts: they fetch or fix up the local stack's binaries (anvil, embedded Postgres),
# which neither the build nor production runs.
RUN npm ci --ignore-scripts --no-audit --no-fund --include-workspace-root \
      --workspace=@fartwin/contracts --workspace=@fartwin/miniapp --workspace=@fartwin/server
COPY tsconfig.base.json ./
COPY packages ./packages
COPY apps/server ./apps/server
COPY apps/miniapp ./apps/miniapp
RUN npm run build -w @fartwin/contracts \
 && npm run build -w @fartwin/miniapp \
 && npm run build -w @fartwin/server

# ---- deps: production dependencies of the compiled server only -----------------------------------
FROM ${BASE_IMAGE} AS deps
WORKDIR /app
ENV npm_config_update_notifier=false
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY scripts/image/runtime-manifests.mjs /tmp/runtime-manifests.mjs
# The workspace packages are bundled into dist/main.js; everything else installs at the versions in
# package-lock.json (scripts/image/runtime-manifests.mjs says why `npm install`, not `npm ci`).
RUN node /tmp/runtime-manifests.mjs \
 && npm install --omit=dev --ignore-scripts --no-audit --no-fund \
 && npm cache clean --force

# ---- runtime ---------------------------------------------------------------------------------------
FROM ${BASE_IMAGE} AS runtime
# The official Node images have a `node` user (uid 1000); other bases get one.
RUN id -u node >/dev/null 2>&1 || (groupadd --gid 1000 node && useradd --uid 1000 --gid node --create-home node)
WORKDIR /app
# The code stays root's: the service (user node) can read it, not change it. It writes no files.
COPY --from=deps /app ./
COPY --from=build /app/apps/server/dist ./apps/server/dist
COPY --from=build /app/apps/miniapp/dist ./apps/miniapp/dist
ENV NODE_ENV=production \
    FARTWIN_MODE=production \
    HOST=0.0.0.0 \
    PORT=3001
USER node
EXPOSE 3001
# /health/live: the process answers (no dependency checked, so a database outage does not get
# replicas restarted); orchestrators route traffic by /health/ready.
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/health/live`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# main.ts stops on SIGTERM (server closed, jobs drained, pool ended).
STOPSIGNAL SIGTERM
CMD ["node", "--enable-source-maps", "--max-old-space-size=256", "apps/server/dist/main.js"]
