import { defineConfig } from 'vitest/config';

// One Vitest run over every package; each package keeps its own vitest.config.ts.
export default defineConfig({
  test: {
    projects: [
      'contracts',
      'design-system',
      'shell',
      'cook-app',
      'admin-console',
      'services/*',
      'infra',
      'scripts',
    ],
  },
});
