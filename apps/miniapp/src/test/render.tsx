import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { AppProviders } from '../app/providers.tsx';
import { routes } from '../app/routes.tsx';
import { createFakeServer, type FakeServer } from './fake-server.ts';

export interface RenderAppOptions {
  path?: string;
  server?: FakeServer;
}

/** The whole app (providers, router, screens) against the SDK double and the fetch double. */
export function renderApp({ path = '/', server = createFakeServer() }: RenderAppOptions = {}) {
  vi.stubGlobal('fetch', vi.fn(server.fetch));
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false }, mutations: { retry: false } },
  });
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, server, router, queryClient };
}
