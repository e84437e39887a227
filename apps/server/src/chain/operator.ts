import { type Account, type Chain, createWalletClient, http, type Transport, type WalletClient } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { base } from 'viem/chains';
import { LOCK_SPACES, withAdvisoryLock } from '../db/advisory-locks.ts';
import type { Db } from '../db/database.ts';

export type OperatorWallet = WalletClient<Transport, Chain, Account>;

/** The operator's wallet: owner of the contracts, pays new twins' tokens and first batteries. */
export function operatorWallet(rpcUrl: string, privateKey: `0x${string}`): OperatorWallet {
  return createWalletClient({ account: privateKeyToAccount(privateKey), chain: base, transport: http(rpcUrl) });
}

/**
 * Runs the operator's transactions one sender at a time across all replicas: two deployments
 * sending at once would pick the same nonce.
 */
export function asOperator<T>(db: Db, send: () => Promise<T>): Promise<T> {
  return withAdvisoryLock(db, { space: LOCK_SPACES.operatorWallet, id: 0 }, { wait: true }, send);
}
