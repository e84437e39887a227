import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { loadAppConfigLazily } from '../lib/lazy-config.ts';
import { createQueryClient } from '../lib/query-client.ts';
import { FrameProvider } from '../platform/frame/index.ts';
import { WalletProvider } from '../platform/wallet/index.ts';

export interface AppProvidersProps {
  children: ReactNode;
  /** Tests pass their own. */
  queryClient?: QueryClient;
}

/**
 * The run-time config (/app-config.js) is checked after the first paint; a broken deployment still
 * fails loudly in the error boundary instead of half-working.
 */
function useAppConfigCheck() {
  const [error, setError] = useState<Error | null>(null);
  useEffect(() => {
    loadAppConfigLazily().catch((failure: Error) => setError(failure));
  }, []);
  if (error) throw error;
}

/** The wallet stack (loaded after the first paint), react-query, and the frame start-up. */
export function AppProviders({ children, ...overrides }: AppProvidersProps) {
  const [queryClient] = useState(() => overrides.queryClient ?? createQueryClient());
  useAppConfigCheck();
  return (
    <WalletProvider>
      <QueryClientProvider client={queryClient}>
        <FrameProvider>{children}</FrameProvider>
      </QueryClientProvider>
    </WalletProvider>
  );
}
