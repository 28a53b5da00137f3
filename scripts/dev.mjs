// `npm run dev`: the whole house in one terminal, with hot reload. PostgreSQL and Redis as `npm start`
// provides them, the services and the gateway under `tsx watch` (each restarts when a file it imports
// changes, kit and contracts included), and the three Vite dev servers (the shell federates the
// remotes from their own dev servers (scripts/lib/front-ends.json), and proxies /api to the gateway). NODE_ENV is development, so the services
// log readable, coloured lines; each line is prefixed with its process's name. Ctrl-C stops everything.
import { installNpmPackages, log } from './lib/provision.mjs';
import { frontEndHosting } from './lib/front-end-build.mjs';

installNpmPackages();
const { prepareLocalStack, runSession } = await import('./lib/local-stack.mjs');
const { assertPortFree, launchDevServer, planProcessNames, signalAndWait, startStack, waitUntilAnswering } =
  await import('./lib/stack.mjs');
const { colorEnabled, createOutput } = await import('./lib/output.mjs');

/** The Vite dev servers, as Playwright's dev project starts them (`npm run dev -w <app>`). */
const devServers = Object.entries(frontEndHosting).map(([name, { base, devPort }]) => ({
  name,
  port: devPort,
  path: base,
}));
const shellUrl = `http://localhost:${frontEndHosting.shell.devPort}`;

runSession(async ({ signal, defer }) => {
  const gatewayPort = Number(process.env.PORT ?? 8080);
  // Every port first: one sentence for a port in use, before anything starts.
  for (const { name, port } of devServers) await assertPortFree(port, name);

  const { env, servers, generatedAdmin } = await prepareLocalStack({ nodeEnv: 'development' });
  defer(() => servers.stop());
  const color = colorEnabled();
  const output = await createOutput({
    names: [...planProcessNames(), ...devServers.map((server) => server.name)],
    color,
  });
  // The children write through a pipe: FORCE_COLOR keeps their colours when this terminal has them.
  const childEnv = { ...env, ...(color ? { FORCE_COLOR: '1' } : {}) };
  const stack = await startStack({ gatewayPort, env: childEnv, output, watch: true, ownGroup: true, signal });
  defer(() => stack.stop());

  const apiProxy = `http://localhost:${gatewayPort}`;
  const viteProcesses = devServers.map((server) => ({
    ...server,
    url: `http://localhost:${server.port}${server.path}`,
    child: launchDevServer(server.name, {
      env: { ...(color ? { FORCE_COLOR: '1' } : {}), PITCLOCK_API_PROXY: apiProxy },
      output,
    }),
  }));
  defer(() => Promise.all(viteProcesses.map(({ child }) => signalAndWait(child, 'SIGTERM'))));

  const everything = [
    ...stack.processes.map((proc) => ({ name: proc.name, url: `${proc.url}/healthz` })),
    ...viteProcesses,
  ];
  await waitUntilAnswering(everything, {
    signal,
    onSlow: (names) =>
      log(`still waiting for ${names.join(', ')}: see their lines above (a service restarts when you save)`),
  });
  log(`PitClock (development) at ${shellUrl}  (API through the gateway, ${apiProxy}; Ctrl-C stops it)`);
  if (generatedAdmin) log(`admin sign-in: ${generatedAdmin}`);
});
