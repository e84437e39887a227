import type { MiniAppHost } from '@farcaster/miniapp-host';
import { vi } from 'vitest';

/** What the frame handed the host SDK: the mini-app's side of the bridge, for tests to call. */
export const bridge = { host: null as MiniAppHost | null, emit: vi.fn() };

/**
 * For `vi.mock('@farcaster/miniapp-host', …)`: the real module, but exposeToEndpoint keeps the host
 * for the test instead of talking to an iframe (the mini-app is not loaded in component tests), and
 * the frame's endpoint emits events to the test.
 * Imports nothing that loads the mocked module, or the mock's factory would wait on itself.
 */
export function withCapturedHost(original: Record<string, unknown>) {
  return {
    ...original,
    createIframeEndpoint: () => ({ emit: bridge.emit, addEventListener() {}, removeEventListener() {} }),
    exposeToEndpoint: ({ sdk }: { sdk: MiniAppHost }) => {
      bridge.host = sdk;
      return () => {};
    },
  };
}
