# syntax=docker/dockerfile:1
# The notifier: push subscriptions and run schedules (API, the default command) and the Bull queue
# worker that sends web push (the same image, command: node --import tsx src/worker.ts, with its own
# probe port WORKER_PORT; give the worker a healthcheck on that port, as docker-compose.yml does).
# Build from the repository root:
#   docker build -f infra/docker/notifier.Dockerfile -t pitclock/notifier .
# The services run from their TypeScript sources with tsx (there is no compiled output), so the runtime
# image holds the production dependencies, the sources of the service, kit and contracts, and tsx.

ARG NODE_IMAGE=node:20-bookworm-slim

# Production dependencies of the workspace, exactly as package-lock.json pins them. npm ci needs the
# package.json of every workspace listed in the root package.json (only this one is installed).
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY contracts/package.json contracts/
COPY design-system/package.json design-system/
COPY cook-app/package.json cook-app/
COPY admin-console/package.json admin-console/
COPY shell/package.json shell/
COPY services/kit/package.json services/kit/
COPY services/auth/package.json services/auth/
COPY services/licensing/package.json services/licensing/
COPY services/notifier/package.json services/notifier/
COPY services/sync/package.json services/sync/
COPY services/gateway/package.json services/gateway/
COPY infra/package.json infra/
COPY tests/package.json tests/
RUN npm ci --omit=dev --workspace services/notifier --no-audit --no-fund \
  && npm cache clean --force

# tsx, the TypeScript loader the services run with: the version of the root devDependency, kept apart
# from the application's node_modules (linked in below so that `node --import tsx` finds it).
FROM ${NODE_IMAGE} AS tsx
ARG TSX_VERSION=4.23.15
WORKDIR /opt/tsx
RUN npm install --omit=dev --no-audit --no-fund --no-package-lock "tsx@${TSX_VERSION}" \
  && npm cache clean --force

FROM ${NODE_IMAGE} AS runtime
# Stamped by the build (docker build --build-arg APP_VERSION=... --build-arg APP_COMMIT=...); when empty,
# GET /api/version answers the version of the root package.json, which the image carries.
ARG APP_VERSION=""
ARG APP_COMMIT=""
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3003 \
    APP_VERSION=${APP_VERSION} \
    APP_COMMIT=${APP_COMMIT}
WORKDIR /app
COPY --from=deps /app ./
COPY --from=tsx /opt/tsx /opt/tsx
RUN ln -s /opt/tsx/node_modules/tsx node_modules/tsx
COPY tsconfig.base.json tsconfig.node.json ./
COPY contracts/ contracts/
COPY services/kit/ services/kit/
COPY services/notifier/ services/notifier/
WORKDIR /app/services/notifier
# The files stay owned by root (read-only for the process); the process runs as the image's node user.
USER node
EXPOSE 3003 3013
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3003) + '/healthz', { signal: AbortSignal.timeout(4000) }).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "--import", "tsx", "src/main.ts"]
