import {
  concat,
  encodeAbiParameters,
  encodeFunctionData,
  type Hex,
  keccak256,
  type LocalAccount,
  type PublicClient,
  type WalletClient,
} from 'viem';
import { sendSigned } from '../chain/signed-transactions.ts';
import type { Db } from '../db/database.ts';
import { settleTransaction } from './settle.ts';
import type { OutboxSettlements } from './settlement-job.ts';
import { signIntent } from './sign.ts';
import { dropUnsigned, findByKey, type OutboxKind, type OutboxRow, recordIntent } from './transactions.ts';

/** Whose transactions these are: the row's kind and twin, and the exactly-once key they are recorded under. */
export interface OutboxCaller {
  kind: OutboxKind;
  /** One per caller and step (a deployment's step): each call it sends is keyed under it by what it does. */
  key: string;
  agentId: string | null;
  /** Written on each row, for the operator reading the outbox (a deploy's step). */
  step?: string;
  /** An intent not signed within this long is never signed. */
  expiresInSeconds: number;
}

export interface OutboxWalletDeps {
  db: Db;
  chain: PublicClient;
  settlements: OutboxSettlements;
  /** Each chain call's time budget. */
  budgetMs: number;
}

/**
 * Signatures of one call before it gives up: each a fresh one after the one before was decided
 * (mined, reverted, its nonce taken by another, never signed in time).
 */
const MAX_ATTEMPTS = 24;

/** Thrown when one call was signed MAX_ATTEMPTS times already: the caller stops sending it. */
export class OutboxAttemptsSpent extends Error {
  override name = 'OutboxAttemptsSpent';
}

/**
 * The wallet with its sends (`sendTransaction`, and `writeContract`, which viem and the libraries
 * built on it send through `sendTransaction`) recorded in the outbox and signed there, at the
 * signer's next nonce from its row, never the chain's pending count alone: its transactions share
 * the nonce of every other outbox signing of the same account (a relay, the keeper's gas advance)
 * and no lock is held around them. Each call is keyed by the caller's key and what it does (where,
 * calldata, value): a retry of the caller, or a second replica, that sends the same call while the
 * earlier one is pending finds its row and sends those bytes again instead of signing a second
 * one. Once the earlier one is decided (mined or failed), sending the same call again is the
 * caller's decision, from what it read of the chain (an approval a later payment used up): it is
 * signed anew under the call's next key. Returns the hash once the signed bytes are stored
 * and sent; the caller awaits the receipt with no lock held, and the outbox's settlement records the
 * outcome. Reads (and everything else of the wallet) are the wallet's own.
 */
export function sendingThroughOutbox<W extends WalletClient>(
  deps: OutboxWalletDeps,
  wallet: W,
  caller: OutboxCaller,
): W {
  const account = wallet.account as LocalAccount | undefined;
  if (!account?.signTransaction) throw new Error('The outbox signs with a local account only');
  const send = (request: SendRequest) => sendOnce(deps, account, caller, request);
  return new Proxy(wallet, {
    get(target, property, receiver) {
      if (property === 'sendTransaction') return send;
      if (property === 'writeContract') {
        return ({ abi, functionName, args, address, ...request }: WriteRequest) =>
          send({ ...request, to: address, data: encodeFunctionData({ abi, functionName, args } as never) });
      }
      return Reflect.get(target, property, receiver);
    },
  });
}

interface SendRequest {
  to?: `0x${string}` | null;
  data?: Hex;
  dataSuffix?: Hex;
  value?: bigint;
  gas?: bigint;
}

interface WriteRequest extends Omit<SendRequest, 'to' | 'data'> {
  address: `0x${string}`;
  abi: readonly unknown[];
  functionName: string;
  args?: readonly unknown[];
}

async function sendOnce(
  deps: OutboxWalletDeps,
  account: LocalAccount,
  caller: OutboxCaller,
  request: SendRequest,
): Promise<Hex> {
  const { db, chain, budgetMs } = deps;
  if (!request.to) throw new Error('The outbox sends calls to an address, not contract creations');
  const call = {
    to: request.to,
    data: request.dataSuffix ? concat([request.data ?? '0x', request.dataSuffix]) : (request.data ?? '0x'),
    value: request.value ?? 0n,
  };
  const callKey = keccak256(
    encodeAbiParameters(
      [{ type: 'address' }, { type: 'bytes' }, { type: 'uint256' }],
      [call.to, call.data, call.value],
    ),
  );
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const key = `${caller.key}:${callKey}:${attempt}`;
    let row: OutboxRow =
      (await findByKey(db, key)) ??
      (await recordIntent(db, {
        kind: caller.kind,
        key,
        agentId: caller.agentId,
        signer: account.address,
        call,
        expiresInSeconds: caller.expiresInSeconds,
        details: caller.step ? { step: caller.step } : {},
      }));
    // Sent by an earlier attempt and pending when this call came: sent again, and settled if the
    // chain decided on it meanwhile (then, mined, it is what this call sends).
    const pending = row.status === 'sent';
    if (pending) row = (await settleTransaction({ db, chain, budgetMs }, row.id)).row;
    if (row.status === 'intent') {
      try {
        row = await signIntent({ db, chain }, row.id, account, {
          budgetMs,
          // The caller's own limit as it is; an estimate with the shared headroom (a pool's
          // creation can fall a hair short of its bare estimate).
          ...(request.gas === undefined ? { gasHeadroom: true } : { gas: request.gas }),
        });
      } catch (error) {
        // Nothing was signed (the chain refused to prepare it, the signer's row stayed held): the
        // caller's retry records it again.
        await dropUnsigned(db, row.id);
        throw error;
      }
      if (row.status === 'sent') {
        // Stored before it is sent: a send that fails is thrown, and the caller's retry (or the
        // settlement's sweep) sends the very same bytes.
        await sendSigned(chain, row.raw_tx as Hex, budgetMs);
        await deps.settlements.enqueue(row.id);
      }
    }
    if (row.status === 'sent' || (row.status === 'confirmed' && pending)) return row.tx_hash as Hex;
    // Decided before this call (mined, reverted, replaced, never signed in time): signed anew.
  }
  throw new OutboxAttemptsSpent(`${caller.key}: the call to ${call.to} was signed ${MAX_ATTEMPTS} times already`);
}
