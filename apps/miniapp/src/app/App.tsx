import { useState } from 'react';
import { AppRouter, createBrowserHistory, type KeyedHistory } from '../lib/router/index.ts';
import { ErrorBoundary } from './ErrorBoundary.tsx';
import { AppProviders } from './providers.tsx';
import { AppRoutes } from './routes.tsx';

/** The app; `history` is the browser's unless given (a prerendered shell's fixed location). */
export function App({ history: given }: { history?: KeyedHistory }) {
  // One keyed history for the page's life.
  const [history] = useState(() => given ?? createBrowserHistory());
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
