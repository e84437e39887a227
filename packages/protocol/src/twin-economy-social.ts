/**
 * The twin's economy as its owner and its page see it: the twin's last
 * revivers, public; the twin's wallet and withdrawals, its owner's only.
 */
import { z } from 'zod/mini';
import { USDC_DECIMALS } from './constants.ts';
import { addressSchema } from './entities.ts';

export const twinEconomyPaths = {
  /** GET, public: who revived the twin lately, newest first. */
  revivers: (agentId: string) => `/doppelganger/revivers/${encodeURIComponent(agentId)}`,
  /** GET, the twin's owner only: the twin's wallet. */
  wallet: (agentId: string) => `/doppelganger/wallet/${encodeURIComponent(agentId)}`,
  /** POST, the twin's owner only: a withdrawal to an address of their own account. */
  withdrawals: (agentId: string) => `/doppelganger/wallet/${encodeURIComponent(agentId)}/withdrawals`,
} as const;

/** Revivers a twin's page lists at most. */
export const REVIVERS_LISTED = 10;

export const reviverSchema = z.object({
  /** The payer's Farcaster account; null for an address without one (or not looked up yet). */
  fid: z.nullable(z.int().check(z.positive())),
  username: z.nullable(z.string()),
  address: addressSchema,
  /** Unix seconds (chain time locally) when the payment was indexed. */
  revivedAt: z.int(),
  txHash: z.string().check(z.regex(/^0x[0-9a-f]{64}$/)),
});
export type Reviver = z.infer<typeof reviverSchema>;

export const reviversResponseSchema = z.object({
  agentId: z.string(),
  revivers: z.array(reviverSchema).check(z.maxLength(REVIVERS_LISTED)),
});
export type ReviversResponse = z.infer<typeof reviversResponseSchema>;

/** An address as people read it: 0x1234…abcd. */
export function shortAddress(address: string): string {
  return `${address.slice(0, 6)}…${address.slice(-4)}`;
}

/** How a reviver is named to people: @username, or 0x1234…abcd for an address without an account. */
export function reviverName(reviver: { username: string | null; address: string }): string {
  return reviver.username ? `@${reviver.username}` : shortAddress(reviver.address);
}

/**
 * The revivers as one line, each person once, in the order they first appear (the list is newest
 * first), followed by how many of the listed revivals were theirs when more than one:
 * "@counsel-dao ×4, @alice, 0x1234…abcd". A person is their Farcaster account, or the address for a
 * payer without one, so one person paying from two addresses is still one.
 */
export function reviversLine(revivers: readonly Pick<Reviver, 'fid' | 'username' | 'address'>[]): string {
  const people = new Map<string, { name: string; count: number }>();
  for (const reviver of revivers) {
    const key = reviver.fid === null ? `address:${reviver.address.toLowerCase()}` : `fid:${reviver.fid}`;
    const person = people.get(key);
    if (person) person.count += 1;
    else people.set(key, { name: reviverName(reviver), count: 1 });
  }
  return [...people.values()].map(({ name, count }) => (count > 1 ? `${name} ×${count}` : name)).join(', ');
}

/** Base units as a decimal string (JSON has no bigint). */
const baseUnitsSchema = z.string().check(z.regex(/^[0-9]{1,78}$/, 'must be a whole number of base units'));

/** What the owner may take out of the twin's wallet: its USDC, its ETH and the twin's own token. */
export const WITHDRAWABLE_ASSETS = ['usdc', 'eth', 'token'] as const;
export type WithdrawableAsset = (typeof WITHDRAWABLE_ASSETS)[number];

/**
 * Each asset's decimals. The twin's token has 18: AgentToken (the local launcher's) and Clanker's
 * tokens alike.
 */
export const WITHDRAWAL_DECIMALS: Record<WithdrawableAsset, number> = { usdc: USDC_DECIMALS, eth: 18, token: 18 };

export const walletSpendSchema = z.object({
  id: z.int(),
  kind: z.enum(['withdrawal']),
  asset: z.enum(WITHDRAWABLE_ASSETS),
  amount: baseUnitsSchema,
  to: addressSchema,
  /** intent: recorded, not signed yet; sent: signed and sent; then confirmed or failed. */
  status: z.enum(['intent', 'sent', 'confirmed', 'failed']),
  txHash: z.nullable(z.string()),
  error: z.nullable(z.string()),
  createdAt: z.string(),
});
export type WalletSpend = z.infer<typeof walletSpendSchema>;

/** What a fee keeper's transaction did: claim fees, advance gas, unwrap WETH, approve, swap, buy a battery. */
export const KEEPER_TRANSACTION_KINDS = [
  'gas-advance',
  'gas-repayment',
  'fee-claim',
  'unwrap',
  'approval',
  'swap',
  'battery',
] as const;

/** One transaction the fee keeper sent for the twin (from the twin's wallet, or the operator's gas advance). */
export const keeperTransactionSchema = z.object({
  id: z.int(),
  kind: z.enum(KEEPER_TRANSACTION_KINDS),
  /** The keeper's period (a UTC day): each step runs at most once a day. */
  period: z.string(),
  to: addressSchema,
  /** What it moved, as recorded when it was sent (null where it moved none of it). */
  amounts: z.object({
    ethWei: z.nullable(baseUnitsSchema),
    wethWei: z.nullable(baseUnitsSchema),
    usdc: z.nullable(baseUnitsSchema),
    token: z.nullable(baseUnitsSchema),
  }),
  status: z.enum(['intent', 'sent', 'confirmed', 'failed']),
  txHash: z.nullable(z.string()),
  error: z.nullable(z.string()),
  createdAt: z.string(),
});
export type KeeperTransaction = z.infer<typeof keeperTransactionSchema>;

export const walletTransactionSchema = z.union([walletSpendSchema, keeperTransactionSchema]);
export type WalletTransaction = z.infer<typeof walletTransactionSchema>;

/** Transactions the wallet view lists at most. */
export const WALLET_TRANSACTIONS_LISTED = 50;

/** The fee keeper's confirmed transactions for a twin, added up (base units). */
export const feeKeeperSummarySchema = z.object({
  /** Fees claimed from the token's pool to the twin's wallet. */
  claimed: z.object({ wethWei: baseUnitsSchema, token: baseUnitsSchema }),
  /** WETH sold for USDC, and the USDC as quoted when it was sent (at least 99 % of it arrived). */
  swapped: z.object({ wethWei: baseUnitsSchema, usdc: baseUnitsSchema }),
  spent: z.object({
    /** ETH the operator advanced for the twin's first transactions. */
    gasAdvanceWei: baseUnitsSchema,
    /** WETH unwrapped to ETH for the twin's own gas. */
    unwrappedWei: baseUnitsSchema,
    batteries: z.int().check(z.nonnegative()),
    batteriesUsdc: baseUnitsSchema,
  }),
});
export type FeeKeeperSummary = z.infer<typeof feeKeeperSummarySchema>;

export const twinWalletResponseSchema = z.object({
  agentId: z.string(),
  address: addressSchema,
  balances: z.object({
    eth: baseUnitsSchema,
    usdc: baseUnitsSchema,
    token: z.object({ address: addressSchema, symbol: z.string(), amount: baseUnitsSchema }),
  }),
  /** The fee keeper's claims and spends for the twin, all confirmed ones together. */
  fees: feeKeeperSummarySchema,
  /** Every transaction of the twin's: withdrawals and the fee keeper's, newest first (at most 50). */
  transactions: z.array(walletTransactionSchema).check(z.maxLength(WALLET_TRANSACTIONS_LISTED)),
  /** Where the owner may withdraw to: their account's custody and verified addresses. */
  withdrawTo: z.array(addressSchema),
  /** Each asset's daily cap (base units) and what is left of it in the rolling 24 hours. */
  limits: z.object({
    usdcLeftToday: baseUnitsSchema,
    usdcPerDay: baseUnitsSchema,
    ethLeftToday: baseUnitsSchema,
    ethPerDay: baseUnitsSchema,
    /** The token's cap is a share of its supply (TWIN_WITHDRAW_TOKEN_PER_DAY_BPS), in base units. */
    tokenLeftToday: baseUnitsSchema,
    tokenPerDay: baseUnitsSchema,
    /** ETH (wei) always left in the wallet for the twin's own gas. */
    gasReserveWei: baseUnitsSchema,
  }),
});
export type TwinWalletResponse = z.infer<typeof twinWalletResponseSchema>;

export const withdrawalRequestSchema = z.object({
  /** Made by the client once per withdrawal it means: a retry sends it again, and nothing twice. */
  idempotencyKey: z.uuid(),
  asset: z.enum(WITHDRAWABLE_ASSETS),
  amount: baseUnitsSchema,
  to: addressSchema,
});
export type WithdrawalRequest = z.infer<typeof withdrawalRequestSchema>;

export const withdrawalResponseSchema = z.object({ withdrawal: walletSpendSchema });
export type WithdrawalResponse = z.infer<typeof withdrawalResponseSchema>;
