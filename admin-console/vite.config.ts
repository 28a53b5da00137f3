import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { federation } from '@module-federation/vite';
import { federationConfig } from './module-federation.config';

export default defineConfig({
  base: '/remotes/admin-console/',
  plugins: [react(), federation(federationConfig)],
  server: { port: 5175, strictPort: true, origin: 'http://localhost:5175', cors: true },
  preview: { port: 4175, strictPort: true },
  build: { target: 'es2022', modulePreload: false },
});
