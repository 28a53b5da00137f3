import { BrowserRouter } from 'react-router-dom';
import { ErrorBoundary } from '../features/error-screen/error-boundary';
import { AppRoutes } from './app-routes';
import { AdminConsoleRemote, CookAppRemote } from './remotes';

const retryRemotes = () => {
  CookAppRemote.retry();
  AdminConsoleRemote.retry();
};

export function App() {
  return (
    <ErrorBoundary onTryAgain={retryRemotes}>
      <BrowserRouter>
        <AppRoutes cookApp={CookAppRemote} adminConsole={AdminConsoleRemote} />
      </BrowserRouter>
    </ErrorBoundary>
  );
}
