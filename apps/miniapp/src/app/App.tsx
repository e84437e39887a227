import { useState } from 'react';
import { AppRouter, createBrowserHistory } from '../lib/router/index.ts';
import { ErrorBoundary } from './ErrorBoundary.tsx';
import { AppProviders } from './providers.tsx';
import { AppRoutes } from './routes.tsx';

export function App() {
  // One keyed history for the page's life.
  const [history] = useState(createBrowserHistory);
  return (
    <ErrorBoundary>
      <AppProviders>
        <AppRouter history={history}>
          <AppRoutes />
        </AppRouter>
      </AppProviders>
    </ErrorBoundary>
  );
}
