import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { federation } from '@module-federation/vite';
import { federationConfig } from './module-federation.config';

export default defineConfig({
  base: '/remotes/cook-app/',
  plugins: [react(), federation(federationConfig)],
  server: { port: 5174, strictPort: true, origin: 'http://localhost:5174', cors: true },
  preview: { port: 4174, strictPort: true },
  build: { target: 'es2022', modulePreload: false },
});
