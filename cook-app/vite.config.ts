import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { federation } from '@module-federation/vite';
import { cookAppFederation } from './module-federation.config.ts';

// Served under /remotes/cook-app/ both by its own dev server (port 5174) and by the gateway.
export default defineConfig(({ command }) => ({
  base: '/remotes/cook-app/',
  plugins: [react(), federation(cookAppFederation({ build: command === 'build' }))],
  server: { port: 5174, strictPort: true, origin: 'http://localhost:5174', cors: true },
  preview: { port: 4174, strictPort: true },
  build: { target: 'es2022', modulePreload: false },
}));
