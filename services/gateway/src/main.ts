import { createLogger, installShutdown, loadConfig, runMain, serve } from '@pitclock/kit';
import { createGateway } from './app';
import { gatewayConfigSchema } from './config';

runMain(async () => {
  const config = loadConfig(gatewayConfigSchema);
  const logger = createLogger({ name: 'gateway', level: config.LOG_LEVEL });
  const app = createGateway({
    staticRoots: config.staticRoots,
    upstreams: config.upstreams,
    weatherHosts: config.WEATHER_HOSTS,
    backupHosts: config.BACKUP_HOSTS,
    proxyTimeoutMs: config.PROXY_TIMEOUT_MS,
    upstreamCooldownMs: config.UPSTREAM_COOLDOWN_MS,
    upstreamMaxSockets: config.UPSTREAM_MAX_SOCKETS,
    trustProxy: config.TRUST_PROXY,
    logger,
  });
  logger.info({ upstreams: config.upstreams, staticRoots: config.staticRoots }, 'gateway configured');
  const server = await serve(app, {
    port: config.port,
    host: config.HOST,
    logger,
    // In-flight requests have finished: close the keep-alive connections to the instances.
    onClose: async () => app.closeUpstreams(),
  });
  installShutdown(server, logger);
});
