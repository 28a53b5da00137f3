# syntax=docker/dockerfile:1
# The front ends on nginx, without Node at run time: the same paths as the gateway (shell at /, the
# remotes under /remotes/cook-app/ and /remotes/admin-console/, SPA fallback to the shell's index.html)
# and /api/* proxied to the services with the gateway's routing table (infra/docker/nginx).
# Build from the repository root:
#   docker build -f infra/docker/web.Dockerfile -t pitclock/web .
# Upstreams: AUTH_UPSTREAM, LICENSING_UPSTREAM, NOTIFIER_UPSTREAM, SYNC_UPSTREAM (http://host:port, no path);
# CSP_CONNECT_SRC: the weather and backup origins the browser may call (the gateway's WEATHER_HOSTS and
# BACKUP_HOSTS). The nginx image writes /etc/nginx/conf.d/default.conf from the template at start.

ARG NODE_IMAGE=node:20-bookworm-slim
ARG NGINX_IMAGE=nginxinc/nginx-unprivileged:1.28-alpine

FROM ${NODE_IMAGE} AS web-build
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

# nginx-unprivileged: runs as uid 101 and listens on 8080.
FROM ${NGINX_IMAGE} AS runtime
ENV AUTH_UPSTREAM=http://auth:3001 \
    LICENSING_UPSTREAM=http://licensing:3002 \
    NOTIFIER_UPSTREAM=http://notifier:3003 \
    SYNC_UPSTREAM=http://sync:3004 \
    CSP_CONNECT_SRC="https://geocoding-api.open-meteo.com https://api.open-meteo.com https://api.jsonbin.io"
COPY infra/docker/nginx/default.conf.template /etc/nginx/templates/default.conf.template
COPY --from=web-build /app/shell/dist /usr/share/nginx/html
COPY --from=web-build /app/cook-app/dist /usr/share/nginx/html/remotes/cook-app
COPY --from=web-build /app/admin-console/dist /usr/share/nginx/html/remotes/admin-console
USER 101
EXPOSE 8080
HEALTHCHECK --interval=15s --timeout=5s --start-period=10s --retries=3 \
  CMD ["wget", "-q", "-O", "/dev/null", "http://127.0.0.1:8080/healthz"]
CMD ["nginx", "-g", "daemon off;"]
