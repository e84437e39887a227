import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { AppProviders } from '../app/providers.tsx';
import { routes } from '../app/routes.tsx';
import { createQueryClient } from '../lib/query-client.ts';
import { createFakeServer, type FakeServer } from './fake-server.ts';

export interface RenderAppOptions {
  path?: string;
  server?: FakeServer;
}

/** The whole app (providers, router, screens) against the SDK double and the fetch double. */
export function renderApp({ path = '/', server = createFakeServer() }: RenderAppOptions = {}) {
  vi.stubGlobal('fetch', vi.fn(server.fetch));
  // The app's client (its error logging included), without the retry, so a failure shows at once.
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({
    ...queryClient.getDefaultOptions(),
    queries: { refetchOnWindowFocus: false, retry: false },
  });
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, server, router, queryClient };
}
