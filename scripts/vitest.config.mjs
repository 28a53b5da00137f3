import { defineConfig } from 'vitest/config';

// The scripts' own pieces (scripts/lib): output, builds; the commands themselves are run by hand.
export default defineConfig({
  test: {
    name: 'scripts',
    environment: 'node',
    include: ['lib/**/*.test.mjs'],
  },
});
