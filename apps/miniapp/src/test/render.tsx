import { render } from '@testing-library/react';
import { type Location, MemoryRouter, type NavigateFunction, useLocation, useNavigate } from 'react-router';
import { vi } from 'vitest';
import { AppProviders } from '../app/providers.tsx';
import { AppRoutes } from '../app/routes.tsx';
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
  const router = new RouterProbe();
  const view = render(
    <AppProviders queryClient={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
        <router.Probe />
      </MemoryRouter>
    </AppProviders>,
  );
  return { ...view, server, router, queryClient };
}

/** The test's view of the router: where the app is (`state.location`) and a way to navigate. */
class RouterProbe {
  state: { location: Location } = { location: { pathname: '', search: '', hash: '', state: null, key: '' } };
  private navigateTo: NavigateFunction | null = null;

  readonly Probe = () => {
    this.state = { location: useLocation() };
    this.navigateTo = useNavigate();
    return null;
  };

  async navigate(to: string) {
    if (!this.navigateTo) throw new Error('the app has not rendered yet');
    await this.navigateTo(to);
  }
}
