// `npm start`: installs what is missing, provisions PostgreSQL and Redis, builds the front ends and runs
// the whole stack behind the gateway, each process's lines prefixed with its name and its JSON logs made
// readable. Ctrl-C stops every process it started, cleanly.
import { installNpmPackages, log, run } from './lib/provision.mjs';

installNpmPackages();
const { prepareLocalStack, runSession } = await import('./lib/local-stack.mjs');
const { startStack } = await import('./lib/stack.mjs');

runSession(async ({ signal, defer }) => {
  log('building the front ends');
  run('npm', ['run', 'build']);

  const { env, servers, generatedAdmin } = await prepareLocalStack({ nodeEnv: 'production' });
  defer(() => servers.stop());
  const gatewayPort = Number(process.env.PORT ?? 8080);
  const stack = await startStack({ gatewayPort, env, ownGroup: true, signal });
  defer(() => stack.stop());
  log(`PitClock is running at ${stack.url}  (Ctrl-C stops it)`);
  if (generatedAdmin) log(`admin sign-in: ${generatedAdmin}`);
});
