import { createBrowserRouter, RouterProvider } from 'react-router';
import { ErrorBoundary } from './ErrorBoundary.tsx';
import { AppProviders } from './providers.tsx';
import { routes } from './routes.tsx';

const router = createBrowserRouter(routes);

export function App() {
  return (
    <ErrorBoundary>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </ErrorBoundary>
  );
}
