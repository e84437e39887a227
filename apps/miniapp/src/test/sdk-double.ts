import type { Context, MiniAppHostCapability } from '@farcaster/miniapp-sdk';
import { vi } from 'vitest';
import { createFakeChain, type FakeChain } from './fake-chain.ts';

/** The capabilities of a client that has everything the app asks for. */
export const ALL_CAPABILITIES: readonly MiniAppHostCapability[] = [
  'actions.ready',
  'actions.openUrl',
  'actions.close',
  'actions.composeCast',
  'actions.viewProfile',
  'actions.viewToken',
  'actions.swapToken',
  'actions.addMiniApp',
  'actions.viewCast',
  'wallet.getEthereumProvider',
];

/** What the host answers: set per test through `host` before rendering. */
export const host = {
  context: Promise.resolve(null) as Promise<Context.MiniAppContext | null>,
  chain: createFakeChain() as FakeChain,
  /** false: the host has no wallet (getEthereumProvider answers undefined). */
  hasWallet: true,
  /** What getCapabilities answers (every action the app uses, unless a test takes some away). */
  capabilities: [...ALL_CAPABILITIES] as MiniAppHostCapability[],
};

type Listener = (...args: unknown[]) => void;
const listeners = new Map<string, Set<Listener>>();

/** A test double of the @farcaster/miniapp-sdk module's `sdk` object, at the module boundary. */
export const sdk = {
  get context() {
    return host.context;
  },
  actions: {
    ready: vi.fn(async (_options?: unknown) => {}),
    composeCast: vi.fn(async () => ({ cast: null })),
    openUrl: vi.fn(async () => {}),
    close: vi.fn(async () => {}),
    viewProfile: vi.fn(async (_options: { fid: number }) => {}),
    viewCast: vi.fn(async (_options: { hash: string }) => {}),
    viewToken: vi.fn(async (_options: { token: string }) => {}),
    /** Adds the app with notifications, unless a test answers otherwise. */
    addMiniApp: vi.fn(
      async (): Promise<{ notificationDetails?: { url: string; token: string } }> => ({
        notificationDetails: { url: 'https://client.example/notify', token: 'notify-token' },
      }),
    ),
    swapToken: vi.fn(async (_options: { sellToken?: string; buyToken?: string; sellAmount?: string }) => ({
      success: false as const,
      reason: 'rejected_by_user' as const,
    })),
  },
  getCapabilities: vi.fn(async () => host.capabilities),
  quickAuth: {
    token: 'test-token',
    getToken: vi.fn(async () => ({ token: 'test-token' })),
  },
  wallet: {
    get ethProvider() {
      return host.chain.provider;
    },
    getEthereumProvider: vi.fn(async () => (host.hasWallet ? host.chain.provider : undefined)),
  },
  on: vi.fn((event: string, listener: Listener) => {
    if (!listeners.has(event)) listeners.set(event, new Set());
    listeners.get(event)!.add(listener);
  }),
  off: vi.fn((event: string, listener: Listener) => listeners.get(event)?.delete(listener)),
  emit: (event: string, ...args: unknown[]) => {
    for (const listener of listeners.get(event) ?? []) listener(...args);
  },
};

export function userContext(fid: number, extra: Partial<Context.MiniAppContext> = {}): Context.MiniAppContext {
  return {
    user: { fid, username: 'alice', pfpUrl: 'https://example.com/alice.png' },
    client: { clientFid: 1, added: false, safeAreaInsets: { top: 12, bottom: 20, left: 0, right: 0 } },
    ...extra,
  } as Context.MiniAppContext;
}

/**
 * The SDK's miniAppHost module, which the first screen uses before the rest of the SDK loads: its
 * ready() and context are the double's, so a test sees one host either way.
 */
export const miniAppHost = {
  ready: (options?: unknown) => sdk.actions.ready(options),
  get context() {
    return host.context;
  },
};

/** The app as a top-level browser page: neither framed nor in a React Native WebView. */
export function asTopLevelPage(): void {
  delete (window as { ReactNativeWebView?: unknown }).ReactNativeWebView;
}
