import { BrowserRouter } from 'react-router';
import { ErrorBoundary } from './ErrorBoundary.tsx';
import { AppProviders } from './providers.tsx';
import { AppRoutes } from './routes.tsx';

export function App() {
  return (
    <ErrorBoundary>
      <AppProviders>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </AppProviders>
    </ErrorBoundary>
  );
}
