import type { MiniAppHostCapability } from '@farcaster/miniapp-sdk';
import { type FrameSdk, loadSdk } from '../../lib/frame-sdk.ts';
import { contextWithin, hostMode } from '../../lib/host-mode.ts';

/** A client that does not answer getCapabilities within this (an old one) is taken to have none. */
const CAPABILITIES_WAIT_MS = 1_500;

const NONE: ReadonlySet<MiniAppHostCapability> = new Set();

let asked: Promise<ReadonlySet<MiniAppHostCapability>> | null = null;

/**
 * What the Farcaster client says it supports (`sdk.getCapabilities()`), asked once. Outside a
 * client (web mode), or from a client that fails or never answers, the answer is an empty set:
 * every native touch is an extra, and the app works the same without it.
 */
export function hostCapabilities(): Promise<ReadonlySet<MiniAppHostCapability>> {
  if (hostMode.current() !== 'frame') return Promise.resolve(NONE);
  asked ??= loadSdk()
    .then((sdk) => contextWithin(sdk.getCapabilities(), CAPABILITIES_WAIT_MS))
    .then(
      (list) => new Set(list ?? []),
      (error: unknown) => {
        console.warn('The client did not say what it supports', error);
        return NONE;
      },
    );
  return asked;
}

/** The SDK, when the client supports `capability`; null otherwise. */
export async function sdkWith(capability: MiniAppHostCapability): Promise<FrameSdk | null> {
  const capabilities = await hostCapabilities();
  return capabilities.has(capability) ? loadSdk() : null;
}

/** Tests start each client afresh. */
export function forgetHostCapabilities(): void {
  asked = null;
}
