// Runs the whole back end behind one origin: the three services, one notifier worker and the gateway
// that serves the built front ends. Used by `npm start`, the e2e suite and the benchmarks.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { log, root } from './provision.mjs';

const services = [
  { name: 'auth', dir: 'services/auth', entry: 'src/main.ts', portKey: 'auth' },
  { name: 'licensing', dir: 'services/licensing', entry: 'src/main.ts', portKey: 'licensing' },
  { name: 'notifier', dir: 'services/notifier', entry: 'src/main.ts', portKey: 'notifier' },
  { name: 'notifier-worker', dir: 'services/notifier', entry: 'src/worker.ts', portKey: 'worker' },
];

export function portsFrom(gatewayPort) {
  // Services sit just above the gateway's port so that two stacks (start and e2e) never collide.
  return {
    gateway: gatewayPort,
    auth: gatewayPort + 1,
    licensing: gatewayPort + 2,
    notifier: gatewayPort + 3,
    worker: gatewayPort + 4,
  };
}

async function waitForHttp(url, name, child, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode} before it was ready`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${name} was not ready at ${url} within ${timeoutMs / 1000} s`);
}

function launch(name, cwd, entry, env, quiet) {
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: path.join(root, cwd),
    env: Object.fromEntries(
      Object.entries({ ...process.env, ...env }).filter(([, value]) => value !== undefined),
    ),
    stdio: quiet ? ['ignore', 'ignore', 'inherit'] : ['ignore', 'inherit', 'inherit'],
  });
  child.on('exit', (code, signal) => {
    // A clean exit (code 0) is a signal the process group received, as Ctrl-C sends to all of them.
    if (!child.stopping && code !== 0) log(`${name} exited (${code ?? signal})`);
  });
  return child;
}

/**
 * Starts the stack and resolves once every process answers its health check.
 * env: DATABASE_URL, REDIS_URL, REDIS_KEY_PREFIX, JWT_SECRET and anything else passed through.
 */
export async function startStack({ gatewayPort = 8080, env, quiet = false, staticRoot } = {}) {
  const ports = portsFrom(gatewayPort);
  const children = [];
  const stop = async () => {
    // Gateway first so no new request reaches a stopping service, then the services and the worker.
    for (const child of [...children].reverse()) {
      if (child.exitCode !== null) continue;
      child.stopping = true;
      child.kill('SIGTERM');
      await new Promise((resolve) => {
        const timer = setTimeout(() => {
          child.kill('SIGKILL');
          resolve();
        }, 15_000);
        child.once('exit', () => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  };
  try {
    for (const service of services) {
      const port = ports[service.portKey];
      // Services reach each other over HTTP only (licensing asks auth who is an admin).
      const serviceEnv = {
        ...env,
        PORT: String(port),
        WORKER_PORT: String(ports.worker),
        AUTH_URL: `http://127.0.0.1:${ports.auth}`,
      };
      const child = launch(service.name, service.dir, service.entry, serviceEnv, quiet);
      children.push(child);
      await waitForHttp(`http://127.0.0.1:${port}/healthz`, service.name, child);
    }
    const gatewayEnv = {
      ...env,
      PORT: String(ports.gateway),
      AUTH_URL: `http://127.0.0.1:${ports.auth}`,
      LICENSING_URL: `http://127.0.0.1:${ports.licensing}`,
      NOTIFIER_URL: `http://127.0.0.1:${ports.notifier}`,
      ...(staticRoot ? { STATIC_ROOT: staticRoot } : {}),
    };
    const gateway = launch('gateway', 'services/gateway', 'src/main.ts', gatewayEnv, quiet);
    children.push(gateway);
    await waitForHttp(`http://127.0.0.1:${ports.gateway}/healthz`, 'gateway', gateway);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url: `http://localhost:${ports.gateway}`, ports, stop };
}
