# syntax=docker/dockerfile:1
# The gateway: serves the built front ends (shell at /, the remotes under /remotes/<name>/) under one
# origin and proxies /api/* to auth, licensing, notifier and sync (AUTH_URL, LICENSING_URL, NOTIFIER_URL,
# SYNC_URL).
# Build from the repository root:
#   docker build -f infra/docker/gateway.Dockerfile -t pitclock/gateway .
# The front ends are built in the web-build stage; the gateway runs from its TypeScript sources with tsx.

ARG NODE_IMAGE=node:20-bookworm-slim

# The three front ends (npm run build: cook-app, admin-console, then the shell, which reads the remotes'
# manifests). Every dependency is installed here; only the dist folders leave this stage.
FROM ${NODE_IMAGE} AS web-build
# The version shown in the app (shell/build/build-meta.ts); empty: package version plus build time.
ARG PITCLOCK_VERSION=""
ENV PITCLOCK_VERSION=${PITCLOCK_VERSION}
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
RUN npm ci --no-audit --no-fund
COPY tsconfig.base.json tsconfig.node.json tsconfig.web.json ./
COPY contracts/ contracts/
COPY design-system/ design-system/
COPY cook-app/ cook-app/
COPY admin-console/ admin-console/
COPY shell/ shell/
RUN npm run build

# Production dependencies of the gateway workspace, exactly as package-lock.json pins them.
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
RUN npm ci --omit=dev --workspace services/gateway --no-audit --no-fund \
  && npm cache clean --force

# tsx, the TypeScript loader the services run with: the version of the root devDependency.
FROM ${NODE_IMAGE} AS tsx
ARG TSX_VERSION=4.23.15
WORKDIR /opt/tsx
RUN npm install --omit=dev --no-audit --no-fund --no-package-lock "tsx@${TSX_VERSION}" \
  && npm cache clean --force

FROM ${NODE_IMAGE} AS runtime
ARG APP_VERSION=""
ARG APP_COMMIT=""
# STATIC_ROOT holds shell/dist, cook-app/dist and admin-console/dist (copied below).
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    STATIC_ROOT=/app \
    APP_VERSION=${APP_VERSION} \
    APP_COMMIT=${APP_COMMIT}
WORKDIR /app
COPY --from=deps /app ./
COPY --from=tsx /opt/tsx /opt/tsx
RUN ln -s /opt/tsx/node_modules/tsx node_modules/tsx
COPY tsconfig.base.json tsconfig.node.json ./
COPY contracts/ contracts/
COPY services/kit/ services/kit/
COPY services/gateway/ services/gateway/
COPY --from=web-build /app/shell/dist shell/dist
COPY --from=web-build /app/cook-app/dist cook-app/dist
COPY --from=web-build /app/admin-console/dist admin-console/dist
WORKDIR /app/services/gateway
USER node
EXPOSE 8080
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 8080) + '/healthz', { signal: AbortSignal.timeout(4000) }).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "--import", "tsx", "src/main.ts"]
