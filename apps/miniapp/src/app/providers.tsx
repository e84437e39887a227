import type { AppConfig } from '@fartwin/protocol';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { WagmiProvider } from 'wagmi';
import { FrameProvider } from '../features/frame/index.ts';
import { AppConfigProvider } from '../lib/app-config-context.tsx';
import { createWagmiConfig, type WagmiConfig } from '../lib/chain.ts';
import { readAppConfig } from '../lib/config.ts';
import { createQueryClient } from '../lib/query-client.ts';

export interface AppProvidersProps {
  children: ReactNode;
  /** Tests pass their own; the app builds them from /app-config.js. */
  appConfig?: AppConfig;
  wagmiConfig?: WagmiConfig;
  queryClient?: QueryClient;
}

/** Run-time config, wagmi (Base + the frame's wallet), react-query, and the frame start-up. */
export function AppProviders({ children, ...overrides }: AppProvidersProps) {
  const [appConfig] = useState(() => overrides.appConfig ?? readAppConfig());
  const [wagmiConfig] = useState(() => overrides.wagmiConfig ?? createWagmiConfig(appConfig));
  const [queryClient] = useState(() => overrides.queryClient ?? createQueryClient());
  return (
    <AppConfigProvider value={appConfig}>
      {/* The frame start-up connects the wallet; no reconnect from storage before it. */}
      <WagmiProvider config={wagmiConfig} reconnectOnMount={false}>
        <QueryClientProvider client={queryClient}>
          <FrameProvider>{children}</FrameProvider>
        </QueryClientProvider>
      </WagmiProvider>
    </AppConfigProvider>
  );
}
