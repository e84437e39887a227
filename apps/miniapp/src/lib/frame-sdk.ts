import { miniAppHost } from '@farcaster/miniapp-sdk/dist/miniAppHost.js';

/**
 * The first screen talks to the host through the SDK's own channel: the comlink endpoint that
 * `sdk.actions.ready()` and `sdk.context` use (the SDK's miniAppHost module). The SDK's index would
 * bring miniapp-core (CommonJS, so nothing is tree-shaken: zod, Solana's web3.js) into the first
 * load, about 100 kB gzip. The whole SDK loads right after (loadSdk) and shares this one channel.
 */
export const frameHost = {
  /** What `sdk.actions.ready()` sends. */
  ready: () => miniAppHost.ready({}),
  /** What `sdk.context` answers. */
  context: () => miniAppHost.context,
};

export type FrameSdk = typeof import('@farcaster/miniapp-sdk').sdk;

let sdkModule: Promise<FrameSdk> | null = null;

/** The whole SDK (wallet provider, Quick Auth, compose, host events), loaded once. */
export function loadSdk(): Promise<FrameSdk> {
  sdkModule ??= import('@farcaster/miniapp-sdk').then((module) => module.sdk);
  return sdkModule;
}
