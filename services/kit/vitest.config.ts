import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'kit',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    testTimeout: 20_000,
    hookTimeout: 30_000,
    fileParallelism: true,
  },
});
