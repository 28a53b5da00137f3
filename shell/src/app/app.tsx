import { BrowserRouter } from 'react-router-dom';
import { ErrorBoundary } from '../features/error-screen/error-boundary';
import { retryFailedLoads } from '@pitclock/design-system';
import { AppRoutes } from './app-routes';
import { AdminConsoleRemote, CookAppRemote } from './remotes';

export function App() {
  return (
    <ErrorBoundary onTryAgain={retryFailedLoads}>
      <BrowserRouter>
        <AppRoutes cookApp={CookAppRemote} adminConsole={AdminConsoleRemote} />
      </BrowserRouter>
    </ErrorBoundary>
  );
}
