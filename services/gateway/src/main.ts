import { createLogger, installShutdown, loadConfig, runMain, serve } from '@pitclock/kit';
import { createGateway } from './app';
import { createBatchedStdout } from './batched-stdout';
import { gatewayConfigSchema } from './config';

runMain(async () => {
  const config = loadConfig(gatewayConfigSchema);
  // JSON lines (test, production) are written in batches, synchronously (createBatchedStdout);
  // development keeps kit's readable lines, written as they come.
  const logger = createLogger({
    name: 'gateway',
    level: config.LOG_LEVEL,
    ...(config.NODE_ENV === 'development' ? {} : { destination: createBatchedStdout() }),
  });
  const app = createGateway({
    staticRoots: config.staticRoots,
    upstreams: config.upstreams,
    weatherHosts: config.WEATHER_HOSTS,
    backupHosts: config.BACKUP_HOSTS,
    proxyTimeoutMs: config.PROXY_TIMEOUT_MS,
    streamIdleTimeoutMs: config.STREAM_IDLE_TIMEOUT_MS,
    upstreamCooldownMs: config.UPSTREAM_COOLDOWN_MS,
    upstreamMaxSockets: config.UPSTREAM_MAX_SOCKETS,
    maxBufferedBodyBytes: config.BUFFERED_BODIES_MAX_BYTES,
    trustProxy: config.TRUST_PROXY,
    logger,
  });
  logger.info({ upstreams: config.upstreams, staticRoots: config.staticRoots }, 'gateway configured');
  const server = await serve(app, {
    port: config.port,
    host: config.HOST,
    logger,
    requestTimeoutMs: config.REQUEST_TIMEOUT_MS,
    headersTimeoutMs: config.HEADERS_TIMEOUT_MS,
    // In-flight requests have finished: close the keep-alive connections to the instances.
    onClose: async () => app.closeUpstreams(),
  });
  installShutdown(server, logger);
});
