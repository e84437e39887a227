import { createLiveSetting } from '../settings/live-setting.ts';

/**
 * How the dev wallet answers EIP-5792 (wallet_getCapabilities, wallet_sendCalls,
 * wallet_getCallsStatus): not at all (allow, then buy: two prompts, the default), atomically,
 * non-atomically, or non-atomically with only the first call landing, so every path of the
 * mini-app's one-tap revival can be used.
 */
export type BundleMode = 'unsupported' | 'atomic' | 'non-atomic' | 'non-atomic-first-only';

/** The choices of the wallet panel. */
export const BUNDLE_MODES: readonly { mode: BundleMode; label: string }[] = [
  { mode: 'unsupported', label: 'Not supported (one prompt per transaction)' },
  { mode: 'atomic', label: 'Atomic (all calls or none)' },
  { mode: 'non-atomic', label: 'Non-atomic (calls land one by one)' },
  { mode: 'non-atomic-first-only', label: 'Non-atomic, second call fails (only the first lands)' },
];

/**
 * The setting, shared by the wallet panel (its switch) and the dev wallet (which reads it on each
 * request), as the failure mode is: a switch a person flips while the app runs.
 */
export const bundleModeSetting = createLiveSetting<BundleMode>('unsupported');
