import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  define: {
    __PITCLOCK_BUILD__: JSON.stringify({ version: 'test-version', buildTime: '2026-01-01T00:00:00.000Z' }),
  },
  test: {
    name: 'shell',
    root: import.meta.dirname,
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
    setupFiles: ['./vitest.setup.ts'],
    // Above the setup's 5 s for findBy and waitFor, so that a wait that fails says what it waited for.
    testTimeout: 15_000,
  },
});
