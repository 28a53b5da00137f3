import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// web-push sends over https only, so the tests' local push receiver (src/test-support/push-receiver.ts)
// serves a certificate of a test-only CA (test-fixtures/). Node reads NODE_EXTRA_CA_CERTS only when a
// process starts: it is set here, when the config loads, so that the forked test workers (and the
// notifier processes a test spawns) trust that CA. Forks, not threads: threads share this process's
// CA store, read before this line ran.
process.env.NODE_EXTRA_CA_CERTS = fileURLToPath(
  new URL('./test-fixtures/push-receiver-ca.pem', import.meta.url),
);

export default defineConfig({
  test: {
    name: 'notifier',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 30_000,
    fileParallelism: true,
  },
});
