import { render } from '@testing-library/react';
import { vi } from 'vitest';
import { AppProviders } from '../app/providers.tsx';
import { AppRoutes } from '../app/routes.tsx';
import { createQueryClient } from '../lib/query-client.ts';
import { type AppLocation, AppRouter, createMemoryHistory, useAppLocation, useNavigate } from '../lib/router/index.ts';
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
  const router = new RouterProbe();
  const view = render(
    <AppProviders queryClient={queryClient}>
      <AppRouter history={createMemoryHistory(path)}>
        <AppRoutes />
        <router.Probe />
      </AppRouter>
    </AppProviders>,
  );
  return { ...view, server, router, queryClient };
}

/** The test's view of the router: where the app is (`state.location`) and a way to navigate. */
class RouterProbe {
  state: { location: AppLocation } = { location: { pathname: '', key: '', type: 'pop' } };
  private navigateTo: ((to: string) => void) | null = null;

  readonly Probe = () => {
    this.state = { location: useAppLocation() };
    this.navigateTo = useNavigate();
    return null;
  };

  async navigate(to: string) {
    if (!this.navigateTo) throw new Error('the app has not rendered yet');
    this.navigateTo(to);
  }
}
