import {
  type Account,
  type Chain,
  createClient,
  type Hex,
  http,
  type Transport,
  type WalletClient,
  walletActions,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { base } from 'viem/chains';
import { LOCK_SPACES, withAdvisoryLock } from '../db/advisory-locks.ts';
import type { Db } from '../db/database.ts';
import { withBuilderCode } from './builder-code.ts';

export type OperatorWallet = WalletClient<Transport, Chain, Account>;

/**
 * The operator's wallet: owner of the contracts, pays new twins' tokens and first batteries. Every
 * transaction it sends or prepares carries the app's builder code suffix, when there is one.
 */
export function operatorWallet(
  rpcUrl: string,
  privateKey: `0x${string}`,
  builderCodeSuffix: Hex | null = null,
): OperatorWallet {
  const client = createClient({
    account: privateKeyToAccount(privateKey),
    chain: base,
    transport: http(rpcUrl),
    key: 'wallet',
    name: 'Wallet Client',
    type: 'walletClient',
  });
  // viem binds a client's actions when they are added: the wallet actions are added on top of the
  // suffix so that writeContract and sendTransaction prepare through it, and the suffix again on top
  // so that a direct prepareTransactionRequest does too.
  const wallet = withBuilderCode(client, builderCodeSuffix).extend(walletActions);
  return withBuilderCode(wallet, builderCodeSuffix) as OperatorWallet;
}

const OPERATOR_LOCK = { space: LOCK_SPACES.operatorWallet, id: 0 };

/**
 * Runs the operator's transactions one sender at a time across all replicas: two deployments
 * sending at once would pick the same nonce. For jobs: waits for the lock (at most LOCK_WAIT_MS).
 * `send` gets the lock's own connection for its queries.
 */
export function asOperator<T>(db: Db, send: (connection: Db) => Promise<T>): Promise<T> {
  return withAdvisoryLock(db, OPERATOR_LOCK, { wait: true }, send);
}

/**
 * asOperator for a request: never waits for the lock (a request must not keep a pooled connection
 * waiting behind the keeper or a deploy); null when another sender holds it, to be answered
 * "busy, try again".
 */
export function asOperatorIfFree<T>(db: Db, send: (connection: Db) => Promise<T>): Promise<T | null> {
  return withAdvisoryLock(db, OPERATOR_LOCK, { wait: false }, send);
}

/**
 * The operator's wallet for a job whose transactions wait for their receipts (a deploy's): each
 * transaction it signs is signed and sent under the operator's lock (waited for, as asOperator), and
 * the lock is let go once it is sent, so no receipt wait holds it (and its pooled connection).
 */
export function sendingAsOperator(db: Db, wallet: OperatorWallet): OperatorWallet {
  return new Proxy(wallet, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver);
      if (property !== 'writeContract' && property !== 'sendTransaction') return value;
      return (...args: unknown[]) =>
        asOperator(db, () => (value as (...a: unknown[]) => Promise<unknown>).apply(target, args));
    },
  });
}
