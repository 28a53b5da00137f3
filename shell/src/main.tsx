import * as React from 'react';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@pitclock/design-system/styles.css';
import './app/app.css';
import { App } from './app/app';
import { prepareBoot } from './app/boot';
import { registerServiceWorker } from './features/updates/update-controller';
import { registerReactInstance } from './lib/register-react-instance';
import { installPreloadErrorRecovery } from './lib/stale-chunk-recovery';

registerReactInstance(React);
installPreloadErrorRecovery();
prepareBoot();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

void registerServiceWorker();
