import * as React from 'react';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { configureZodForBrowser } from '@pitclock/contracts';
import '@pitclock/design-system/styles.css';
import './app/app.css';
import { App } from './app/app';
import { prepareBoot } from './app/boot';
import { preloadModules } from './app/preload-remote';
import { protectedArea } from './app/protected-paths';
import { registerServiceWorker } from './features/updates/update-controller';
import { registerReactInstance } from './lib/register-react-instance';
import { installPreloadErrorRecovery } from './lib/stale-chunk-recovery';
import { isSignedIn } from './lib/session';
import { COOK_APP_FIRST_LOAD } from 'virtual:pitclock/remote-preload';

configureZodForBrowser();
registerReactInstance(React);
installPreloadErrorRecovery();
prepareBoot();
if (isSignedIn() && protectedArea(window.location.pathname) === 'cook') preloadModules(COOK_APP_FIRST_LOAD);

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

void registerServiceWorker();
