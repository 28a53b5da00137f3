// Runs the whole back end behind one origin: the four services, the notifier workers and the gateway
// that serves the built front ends; one of each, or several (scaledInstances) behind the gateway's
// round-robin. Used by `npm start`, `npm run dev` (watch: each restarts when its code changes), the e2e
// suites, the benchmarks and the fault tests.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { createOutput } from './output.mjs';
import { log, root } from './provision.mjs';

const tsxCli = path.join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs');

const services = [
  { name: 'auth', dir: 'services/auth', entry: 'src/main.ts', portKey: 'auth' },
  { name: 'licensing', dir: 'services/licensing', entry: 'src/main.ts', portKey: 'licensing' },
  { name: 'notifier', dir: 'services/notifier', entry: 'src/main.ts', portKey: 'notifier' },
  { name: 'notifier-worker', dir: 'services/notifier', entry: 'src/worker.ts', portKey: 'worker' },
  { name: 'sync', dir: 'services/sync', entry: 'src/main.ts', portKey: 'sync' },
];

export function portsFrom(gatewayPort) {
  // Services sit just above the gateway's port so that two stacks (start and e2e) never collide.
  return {
    gateway: gatewayPort,
    auth: gatewayPort + 1,
    licensing: gatewayPort + 2,
    notifier: gatewayPort + 3,
    worker: gatewayPort + 4,
    sync: gatewayPort + 5,
  };
}

async function waitForHttp(url, name, child, timeoutMs = 60_000, signal = undefined) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    signal?.throwIfAborted();
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

/**
 * Refuses a port another process holds: a leftover service there would answer the health check before
 * the new one fails with EADDRINUSE, and the stack would run half on someone else's processes.
 */
export async function assertPortFree(port, name) {
  await new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', (error) =>
      reject(
        error.code === 'EADDRINUSE'
          ? new Error(`${name}: port ${port} is in use by another process (a stack left running?)`)
          : error,
      ),
    );
    probe.listen({ port }, () => probe.close(resolve));
  });
}

/**
 * Spawns one process. quiet: its stdout is dropped and its stderr inherited (the e2e stack). Otherwise each
 * of its lines goes through `output` (prefixed with its name, JSON logs made readable). watch: `tsx watch`,
 * which restarts it when a file it imports changes. ownGroup: a process group of its own, so that Ctrl-C
 * reaches only the script, which stops each process once, in order (see signalAndWait).
 */
export function launch(name, { cwd, entry, env, quiet = false, output, watch = false, ownGroup = false }) {
  const args = watch ? [tsxCli, 'watch', '--clear-screen=false', entry] : ['--import', 'tsx', entry];
  const child = spawn(process.execPath, args, {
    cwd: path.join(root, cwd),
    env: Object.fromEntries(
      Object.entries({ ...process.env, ...env }).filter(([, value]) => value !== undefined),
    ),
    stdio: quiet ? ['ignore', 'ignore', 'inherit'] : ['ignore', 'pipe', 'pipe'],
    detached: ownGroup,
  });
  child.ownGroup = ownGroup;
  if (!quiet) output.attach(name, child);
  child.on('exit', (code, signal) => {
    // A clean exit (code 0) is a signal the process group received, as Ctrl-C sends to all of them.
    if (!child.stopping && code !== 0) log(`${name} exited (${code ?? signal})`);
  });
  return child;
}

/**
 * A front end's Vite dev server, started as Playwright's dev project starts it (`npm run dev -w <app>`), in
 * a process group of its own, its lines through `output`.
 */
export function launchDevServer(workspace, { env, output }) {
  const child = spawn('npm', ['run', 'dev', '-w', workspace], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  child.ownGroup = true;
  child.signalGroup = true;
  output.attach(workspace, child);
  child.on('exit', (code, signal) => {
    if (!child.stopping) log(`${workspace} dev server exited (${code ?? signal})`);
  });
  return child;
}

/**
 * Resolves when every target ({name, url}) answers a GET with a status below 500; after slowAfterMs,
 * onSlow(names) once with those not answering yet. Keeps waiting (a service in watch mode that failed
 * restarts when its code is fixed); rejects only when signal aborts.
 */
export async function waitUntilAnswering(targets, { signal, onSlow, slowAfterMs = 60_000 }) {
  const waiting = new Set(targets);
  const started = Date.now();
  let toldSlow = false;
  while (waiting.size > 0) {
    signal?.throwIfAborted();
    await Promise.all(
      [...waiting].map(async (target) => {
        const response = await fetch(target.url, { signal: AbortSignal.timeout(2_000) }).catch(() => null);
        if (response) await response.body?.cancel();
        if (response && response.status < 500) waiting.delete(target);
      }),
    );
    if (waiting.size === 0) return;
    if (!toldSlow && Date.now() - started > slowAfterMs) {
      toldSlow = true;
      onSlow?.([...waiting].map((target) => target.name));
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** How many processes of each kind: one of each by default (`npm start`, the e2e suite). */
export const singleInstances = { auth: 1, licensing: 1, notifier: 1, worker: 1, sync: 1 };
/** The scaled stack of the production issue: two of each service and three notifier workers. */
export const scaledInstances = { auth: 2, licensing: 2, notifier: 2, worker: 3, sync: 2 };

/** The names of the stack's processes, gateway last, in the order startStack launches them. */
export function planProcessNames(instances = singleInstances) {
  return [...planProcesses(8080, instances).map((proc) => proc.name), 'gateway'];
}

/**
 * Each process's port: the first instance of each kind keeps portsFrom's port (so one-instance stacks
 * are unchanged); further instances take gatewayPort + 20, + 21, ...
 */
export function planProcesses(gatewayPort, instances = singleInstances) {
  const ports = portsFrom(gatewayPort);
  let nextExtraPort = gatewayPort + 20;
  return services.flatMap((service) =>
    Array.from({ length: instances[service.portKey] ?? 1 }, (_, i) => ({
      ...service,
      name: instances[service.portKey] > 1 ? `${service.name}-${i + 1}` : service.name,
      port: i === 0 ? ports[service.portKey] : nextExtraPort++,
    })),
  );
}

/** The gateway's upstreams: each service's planned instances, comma-separated (AUTH_URL ... SYNC_URL). */
export function gatewayUpstreamEnv(planned) {
  const urlsOf = (kind) =>
    planned
      .filter((proc) => proc.portKey === kind)
      .map((proc) => `http://127.0.0.1:${proc.port}`)
      .join(',');
  return {
    AUTH_URL: urlsOf('auth'),
    LICENSING_URL: urlsOf('licensing'),
    NOTIFIER_URL: urlsOf('notifier'),
    SYNC_URL: urlsOf('sync'),
  };
}

/** Kills the process group of a child launched with ownGroup (what it started and left behind). */
function killGroup(child, signal) {
  try {
    process.kill(-child.pid, signal);
  } catch {
    // The group is gone.
  }
}

/**
 * Signals the child (only the child: `tsx watch` relays it to the service once; a dev server's whole group,
 * npm, its shell and Vite) and waits for its exit, SIGKILL after killAfterMs. With ownGroup, whatever is
 * left in its group is killed then.
 */
export async function signalAndWait(child, signal, killAfterMs = 15_000) {
  if (!child || child.exitCode !== null || child.signalCode !== null) {
    if (child?.ownGroup) killGroup(child, 'SIGKILL');
    return;
  }
  child.stopping = true;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  if (child.signalGroup) killGroup(child, signal);
  else child.kill(signal);
  const timer = setTimeout(() => child.kill('SIGKILL'), killAfterMs);
  await exited;
  clearTimeout(timer);
  if (child.ownGroup) killGroup(child, 'SIGKILL');
}

/**
 * Starts the stack and resolves once every process answers its health check.
 * env: DATABASE_URL, REDIS_URL, REDIS_KEY_PREFIX, JWT_SECRET and anything else passed through.
 * instances: how many of each (singleInstances by default); with more than one, the gateway round-robins
 * over them and licensing reaches auth through the gateway (as through a Kubernetes Service).
 * quiet: the processes' stdout is dropped; else their lines go through `output` (scripts/lib/output.mjs,
 * created here when not given). watch (`npm run dev`): every process runs under `tsx watch` and startStack
 * resolves once all are launched, without waiting for them (one that fails waits for a fix, and restarts).
 * ownGroup: see launch. signal: an AbortSignal; when it aborts (Ctrl-C while starting), what was launched
 * is stopped and startStack rejects with its reason.
 * The answer lists every process ({name, kind, port, url, child}) with `kill(process, signal)` (SIGKILL
 * or SIGTERM one, for fault tests) and `relaunch(process)` (start it again on its port, as a rolling
 * deploy does), and `stop()`.
 */
export async function startStack({
  gatewayPort = 8080,
  env,
  quiet = false,
  output,
  watch = false,
  ownGroup = false,
  signal,
  staticRoot,
  instances = singleInstances,
} = {}) {
  const ports = portsFrom(gatewayPort);
  const planned = planProcesses(gatewayPort, instances);
  const lines = output ?? (quiet ? undefined : await createOutput({ names: planProcessNames(instances) }));
  const scaled = planned.length > services.length;
  const processes = [];
  const stop = async () => {
    // Gateway first so no new request reaches a stopping service, then the services and the workers.
    for (const proc of [...processes].reverse()) await signalAndWait(proc.child, 'SIGTERM');
  };
  const envOf = (proc) =>
    proc.kind === 'gateway'
      ? {
          ...env,
          PORT: String(ports.gateway),
          ...gatewayUpstreamEnv(planned),
          ...(staticRoot ? { STATIC_ROOT: staticRoot } : {}),
        }
      : {
          ...env,
          PORT: String(proc.port),
          WORKER_PORT: String(proc.port),
          // Services reach each other over HTTP only (licensing asks auth who is an admin, the notifier
          // asks sync for a team's members).
          AUTH_URL: scaled ? `http://127.0.0.1:${ports.gateway}` : `http://127.0.0.1:${ports.auth}`,
          SYNC_URL: scaled ? `http://127.0.0.1:${ports.gateway}` : `http://127.0.0.1:${ports.sync}`,
        };
  const launchAndWait = async (proc) => {
    signal?.throwIfAborted();
    await assertPortFree(proc.port, proc.name);
    proc.child = launch(proc.name, {
      cwd: proc.dir,
      entry: proc.entry,
      env: envOf(proc),
      quiet,
      output: lines,
      watch,
      ownGroup,
    });
    if (!watch) await waitForHttp(`${proc.url}/healthz`, proc.name, proc.child, 60_000, signal);
  };
  try {
    for (const service of planned) {
      const proc = { ...service, kind: service.portKey, url: `http://127.0.0.1:${service.port}` };
      processes.push(proc);
      await launchAndWait(proc);
    }
    const gateway = {
      name: 'gateway',
      kind: 'gateway',
      dir: 'services/gateway',
      entry: 'src/main.ts',
      port: ports.gateway,
      url: `http://127.0.0.1:${ports.gateway}`,
    };
    processes.push(gateway);
    await launchAndWait(gateway);
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    url: `http://localhost:${ports.gateway}`,
    ports,
    processes,
    kill: (proc, signal = 'SIGKILL') => signalAndWait(proc.child, signal),
    relaunch: (proc) => launchAndWait(proc),
    stop,
  };
}
