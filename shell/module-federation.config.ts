import { createModuleFederationConfig } from '@module-federation/vite';

const singleton = { singleton: true } as const;

export function federationConfig(entries: { cookApp: string; adminConsole: string }) {
  return createModuleFederationConfig({
    name: 'shell',
    remotes: {
      cook_app: { type: 'module', name: 'cook_app', entry: entries.cookApp },
      admin_console: { type: 'module', name: 'admin_console', entry: entries.adminConsole },
    },
    shared: {
      react: singleton,
      'react-dom': singleton,
      'react-router-dom': singleton,
      '@reduxjs/toolkit': singleton,
      'react-redux': singleton,
    },
    shareStrategy: 'loaded-first',
    dts: false,
    experiments: { provideExternalRuntime: true },
  });
}
