import { type ComponentType, lazy, Suspense } from 'react';
import { loadAgentRequests } from '../features/agents/index.ts';
import { Route, Switch, useAppLocation } from '../lib/router/index.ts';
import { LoadingScreen } from '../platform/frame/index.ts';
import { AppFrame } from './AppFrame.tsx';
import { NotFoundView, RouteErrorBoundary } from './ErrorBoundary.tsx';
import { HomeScreen } from './HomeScreen.tsx';

/** A screen: the main screen is in the first load, every other one loads on demand. */
export interface ScreenRoute {
  /** A wouter path pattern, matched in full. */
  path: string;
  Component?: ComponentType;
  lazy?: () => Promise<{ Component: ComponentType }>;
}

/**
 * The directory's requests (with the protocol's schemas) load beside the screens that show twins,
 * not after them: the screen's first query does not wait for one more round trip.
 */
const withAgentRequests = async <Screen,>(screen: Promise<Screen>): Promise<Screen> =>
  (await Promise.all([screen, loadAgentRequests()]))[0];

/**
 * Every route but / is loaded on demand, so the first load carries only the main screen: each
 * feature's screen through its `screen.ts`, which nothing imports statically (CONTRIBUTING.md, "Layout").
 */
export const routes: ScreenRoute[] = [
  { path: '/', Component: HomeScreen },
  {
    path: '/agent/:agentId',
    lazy: async () => ({
      Component: (await withAgentRequests(import('../features/twin-chat/screen.ts'))).AgentPage,
    }),
  },
  {
    path: '/agents',
    lazy: async () => ({
      Component: (await withAgentRequests(import('../features/agents/screen.ts'))).AgentsPage,
    }),
  },
  {
    path: '/leaderboard',
    lazy: async () => ({
      Component: (await import('../features/leaderboard/screen.ts')).LeaderboardScreen,
    }),
  },
  {
    path: '/you/wallet',
    lazy: async () => ({
      Component: (await import('../features/twin-wallet/screen.ts')).WalletPage,
    }),
  },
  {
    path: '/you',
    lazy: async () => ({
      Component: (await import('../features/owner-voice/screen.ts')).YourTwinPage,
    }),
  },
  {
    path: '/info',
    lazy: async () => ({ Component: (await import('../features/agent-actions/screen.ts')).InfoPage }),
  },
  {
    path: '/you/people',
    lazy: async () => ({
      Component: (await import('../features/people-memory/screen.ts')).PeopleMemoryPage,
    }),
  },
  {
    path: '/you/activity',
    lazy: async () => ({
      Component: (await import('../features/twin-activity/screen.ts')).ActivityScreen,
    }),
  },
];

/**
 * A screen's element: a lazy one suspends, in a boundary of its own, until its module has loaded.
 * One boundary per screen: leaving a screen whose module is still loading unmounts its boundary
 * with it, and the next screen's fallback is its own.
 */
function screenElement(route: ScreenRoute) {
  if (route.Component) return <route.Component />;
  const load = route.lazy;
  if (!load) throw new Error(`The route ${route.path} has no screen`);
  const Screen = lazy(async () => ({ default: (await load()).Component }));
  return (
    <Suspense fallback={<LoadingScreen />}>
      <Screen />
    </Suspense>
  );
}

// Flat routes matched by wouter (its matching is a few hundred bytes): the app uses no loaders,
// actions or nested layouts, so a larger router would only add to every page's first load.
const screens = routes.map((route) => ({ route, element: screenElement(route) }));

/** The app's screens inside its frame; an error in one shows in the frame until the next navigation. */
export function AppRoutes() {
  const { pathname } = useAppLocation();
  return (
    <AppFrame>
      <RouteErrorBoundary pathname={pathname}>
        <Switch>
          {screens.map(({ route, element }) => (
            <Route key={route.path} path={route.path}>
              {element}
            </Route>
          ))}
          <Route>
            <NotFoundView />
          </Route>
        </Switch>
      </RouteErrorBoundary>
    </AppFrame>
  );
}
