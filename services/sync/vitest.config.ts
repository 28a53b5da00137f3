import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'sync',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 30_000,
    fileParallelism: true,
  },
});
