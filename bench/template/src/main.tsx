/**
 * The baseline of the bundle and ready() benchmarks: the smallest mini-app a Farcaster template
 * gives (the SDK, wagmi on Base with the frame's wallet connector, react-query), built with the same
 * Vite settings as apps/miniapp. It renders one screen and signals ready() from its first effect, as
 * the real app's FrameProvider does.
 */

import { sdk } from '@farcaster/miniapp-sdk';
import { farcasterMiniApp } from '@farcaster/miniapp-wagmi-connector';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { base } from 'viem/chains';
import { createConfig, http, WagmiProvider } from 'wagmi';

const wagmiConfig = createConfig({
  chains: [base],
  connectors: [farcasterMiniApp()],
  transports: { [base.id]: http() },
});
const queryClient = new QueryClient();

function App() {
  useEffect(() => {
    sdk.actions.ready().catch((error: unknown) => console.warn('ready() failed', error));
  }, []);
  return <h1>Hello, mini-app</h1>;
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <WagmiProvider config={wagmiConfig}>
      <QueryClientProvider client={queryClient}>
        <App />
      </QueryClientProvider>
    </WagmiProvider>
  </StrictMode>,
);
