import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { createFakeChain, LIFE_ADDRESS, USDC_ADDRESS } from './fake-chain.ts';
import { RPC_URL } from './fake-server.ts';
import { host } from './sdk-double.ts';

vi.mock('@farcaster/miniapp-sdk', async () => {
  const double = await import('./sdk-double.ts');
  return { sdk: double.sdk, default: double.sdk };
});

beforeEach(() => {
  host.context = Promise.resolve(null);
  host.chain = createFakeChain();
  host.hasWallet = true;
  localStorage.clear();
  (globalThis as Record<string, unknown>).__FARTWIN_CONFIG__ = {
    mode: 'local',
    chainId: 8453,
    rpcUrl: RPC_URL,
    contracts: { usdc: USDC_ADDRESS, fartwinLife: LIFE_ADDRESS },
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
