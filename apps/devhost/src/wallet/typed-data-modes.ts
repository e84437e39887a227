import { createLiveSetting } from '../settings/live-setting.ts';

/**
 * Whether the dev wallet signs typed data (EIP-712, eth_signTypedData_v4): it does by default; a
 * wallet without EIP-712 answers EIP-1193's 4200 Unsupported Method, so the mini-app's fallback from
 * the signed revival (USDC only) to one-tap or allow-then-buy can be used.
 */
export type TypedDataMode = 'supported' | 'unsupported';

/** The choices of the wallet panel. */
export const TYPED_DATA_MODES: readonly { mode: TypedDataMode; label: string }[] = [
  { mode: 'supported', label: 'Can sign typed data' },
  { mode: 'unsupported', label: 'Cannot sign typed data (4200 Unsupported Method)' },
];

/** Shared by the wallet panel (its switch) and the dev wallets (read on each request), as the EIP-5792 mode is. */
export const typedDataModeSetting = createLiveSetting<TypedDataMode>('supported');
