import { cleanup } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { createFakeChain, LIFE_ADDRESS, QUOTER_ADDRESS, USDC_ADDRESS } from './fake-chain.ts';
import { RPC_URL } from './fake-server.ts';
import { host } from './sdk-double.ts';

vi.mock('@farcaster/miniapp-sdk', async () => {
  const double = await import('./sdk-double.ts');
  return { sdk: double.sdk, default: double.sdk };
});
// The first screen's channel to the host (lib/frame-sdk.ts): the same double.
vi.mock('@farcaster/miniapp-sdk/dist/miniAppHost.js', async () => {
  const double = await import('./sdk-double.ts');
  return { miniAppHost: double.miniAppHost };
});

// What the app loads right after its first paint (the wallet stack, the API client with the
// protocol's schemas, the main screen's chats) a browser has moments later; here it is loaded once
// before a file's tests, so no test's time limit pays for compiling it.
beforeAll(async () => {
  await Promise.all([
    import('../platform/wallet/stack.ts'),
    import('../lib/api-client.ts'),
    import('../features/twin-chat/index.ts'),
    import('../features/onboarding/index.ts'),
    // The owner's links on a twin's page, loaded lazily (visitors never fetch them).
    import('../features/twin-chat/components/OwnerTwinPageLinks.tsx'),
  ]);
});

beforeEach(() => {
  // The app runs where a client could be (as the SDK tells: a React Native WebView here); a test of
  // a top-level page takes it away (asTopLevelPage).
  (window as { ReactNativeWebView?: unknown }).ReactNativeWebView = { postMessage: () => {} };
  host.context = Promise.resolve(null);
  host.chain = createFakeChain();
  host.hasWallet = true;
  localStorage.clear();
  (globalThis as Record<string, unknown>).__FARTWIN_CONFIG__ = {
    mode: 'local',
    chainId: 8453,
    rpcUrl: RPC_URL,
    contracts: { usdc: USDC_ADDRESS, fartwinLife: LIFE_ADDRESS, quoter: QUOTER_ADDRESS },
    quickAuthOrigin: 'http://app.test',
  };
});

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  // Pollers of a finished test must never reach the network.
  vi.stubGlobal('fetch', async () => new Response('{"error":"offline","code":"offline"}', { status: 503 }));
});
