import { createModuleFederationConfig } from '@module-federation/vite';

// The shell always provides these; the remote never bundles its own fallback copy (import: false),
// so a page can only ever hold the shell's React, router, Redux, design-system and contracts.
const hostProvided = { singleton: true, import: false } as const;

export const federationConfig = createModuleFederationConfig({
  name: 'cook_app',
  filename: 'remoteEntry.js',
  exposes: { './CookApp': './src/cook-app.tsx' },
  shared: {
    react: hostProvided,
    'react-dom': hostProvided,
    'react-router-dom': hostProvided,
    '@reduxjs/toolkit': hostProvided,
    'react-redux': hostProvided,
  },
  dts: false,
  experiments: { externalRuntime: true },
});
