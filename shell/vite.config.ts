import { defineConfig, loadEnv } from 'vite';
import react from '@vitejs/plugin-react';
import { federation } from '@module-federation/vite';
import { federationConfig } from './module-federation.config';

export default defineConfig(({ command, mode }) => {
  const env = loadEnv(mode, import.meta.dirname, 'VITE_');
  const dev = command === 'serve';
  return {
    plugins: [
      react(),
      federation(
        federationConfig({
          cookApp: env.VITE_COOK_APP_ENTRY ?? (dev ? 'http://localhost:5174/remotes/cook-app/remoteEntry.js' : '/remotes/cook-app/remoteEntry.js'),
          adminConsole: env.VITE_ADMIN_CONSOLE_ENTRY ?? (dev ? 'http://localhost:5175/remotes/admin-console/remoteEntry.js' : '/remotes/admin-console/remoteEntry.js'),
        }),
      ),
    ],
    server: { port: 5173, strictPort: true },
    build: { target: 'es2022' },
  };
});
