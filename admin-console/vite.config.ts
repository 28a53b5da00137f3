import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { federation } from '@module-federation/vite';
import { adminConsoleFederation } from './module-federation.config.ts';

// Served under /remotes/admin-console/ both by its own dev server (port 5175) and by the gateway.
export default defineConfig(({ command }) => ({
  base: '/remotes/admin-console/',
  plugins: [react(), federation(adminConsoleFederation({ build: command === 'build' }))],
  server: { port: 5175, strictPort: true, origin: 'http://localhost:5175', cors: true },
  // Pre-bundled at start: found only when a screen is first opened, they would make the dev server
  // re-optimise and reload the page mid-visit.
  optimizeDeps: { include: ['zod', '@reduxjs/toolkit/query/react'] },
  preview: { port: 4175, strictPort: true },
  build: { target: 'es2022', modulePreload: false },
}));
