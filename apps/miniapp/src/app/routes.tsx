import { Outlet, type RouteObject } from 'react-router';
import { LoadingScreen } from '../features/frame/index.ts';
import { AppFrame } from './AppFrame.tsx';
import { RouteErrorView } from './ErrorBoundary.tsx';
import { HomeScreen } from './HomeScreen.tsx';

function RootLayout() {
  return (
    <AppFrame>
      <Outlet />
    </AppFrame>
  );
}

/** Every route but / is loaded on demand, so the first load carries only the main screen. */
export const routes: RouteObject[] = [
  {
    path: '/',
    Component: RootLayout,
    ErrorBoundary: RouteErrorView,
    HydrateFallback: LoadingScreen,
    children: [
      { index: true, Component: HomeScreen },
      {
        path: 'agent/:agentId',
        lazy: async () => ({ Component: (await import('../features/twin-chat/components/AgentPage.tsx')).AgentPage }),
      },
      {
        path: 'agents',
        lazy: async () => ({ Component: (await import('../features/agents/components/AgentsPage.tsx')).AgentsPage }),
      },
      {
        path: 'leaderboard',
        lazy: async () => ({
          Component: (await import('../features/leaderboard/components/LeaderboardScreen.tsx')).LeaderboardScreen,
        }),
      },
      {
        path: 'you/wallet',
        lazy: async () => ({
          Component: (await import('../features/twin-wallet/components/WalletPage.tsx')).WalletPage,
        }),
      },
      {
        path: 'you',
        lazy: async () => ({
          Component: (await import('../features/owner-voice/components/YourTwinPage.tsx')).YourTwinPage,
        }),
      },
      {
        path: 'you/activity',
        lazy: async () => ({
          Component: (await import('../features/twin-activity/components/ActivityScreen.tsx')).ActivityScreen,
        }),
      },
      {
        path: 'info',
        lazy: async () => ({ Component: (await import('../features/agent-actions/components/InfoPage.tsx')).InfoPage }),
      },
      {
        path: 'you/people',
        lazy: async () => ({
          Component: (await import('../features/people-memory/components/PeopleMemoryPage.tsx')).PeopleMemoryPage,
        }),
      },
    ],
  },
];
