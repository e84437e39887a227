import { withGasHeadroom } from '@fartwin/contracts';
import { sql } from 'kysely';
import {
  type Address,
  BaseError,
  type Hex,
  keccak256,
  type LocalAccount,
  type PublicClient,
  type TransactionReceipt,
  WaitForTransactionReceiptTimeoutError,
} from 'viem';
import { nonceTakenByAnother, sendSigned } from '../chain/signed-transactions.ts';
import type { Db } from '../db/database.ts';

/** One transaction the keeper wants sent: where, what, and the amounts it moves (for the record). */
export interface SpendRequest {
  to: Address;
  data: Hex;
  value?: bigint;
  amounts?: { wethWei?: bigint; usdc?: bigint; token?: bigint };
}

/** Which spend: one per twin, period and step, ever. */
export interface SpendKey {
  agentId: string;
  period: string;
  step: string;
}

/** The spend's transaction was refused (before sending: a simulation that reverts) or reverted. */
export class SpendFailed extends Error {
  constructor(
    readonly key: SpendKey,
    reason: string,
  ) {
    super(`${key.step} for ${key.agentId} (${key.period}) failed: ${reason}`);
    this.name = 'SpendFailed';
  }
}

/** How long one spend waits for its receipt before the run gives up (the next run picks it up). */
const RECEIPT_BUDGET_MS = 60_000;
/** Each other chain call's time budget (a broadcast, a nonce or receipt read). */
const CHAIN_CALL_BUDGET_MS = 15_000;
/** How many times one call re-signs a spend whose nonce another transaction took, before it leaves it to a retry. */
const MAX_RESIGNS = 3;

/**
 * Holds the sender's lock around `work` (the intent, the signature and the broadcast, never the
 * receipt wait), which runs its queries on the lock's own connection. Throws SignerBusy when another
 * holder has it and the caller does not wait.
 */
export type SigningLock = <T>(work: (db: Db) => Promise<T>) => Promise<T>;

/** Another signer of the same wallet holds its lock: nothing was signed; try again later. */
export class SignerBusy extends Error {
  override name = 'SignerBusy';
}

function find(db: Db, key: SpendKey) {
  return db
    .selectFrom('twin_fee_spends')
    .selectAll()
    .where('agent_id', '=', key.agentId)
    .where('period', '=', key.period)
    .where('step', '=', key.step)
    .executeTakeFirst();
}

function isRevert(error: unknown): boolean {
  return error instanceof BaseError && /revert/i.test(`${error.shortMessage} ${error.details ?? ''}`);
}

const shortReason = (error: unknown) =>
  (error instanceof BaseError ? error.shortMessage : error instanceof Error ? error.message : String(error)).slice(
    0,
    500,
  );

/**
 * Sends one spend exactly once, recorded in `twin_fee_spends` before anything leaves: the intent row
 * (unique per twin, period and step), then the signed transaction and its hash, then the outcome.
 * A retry, a crash or a second replica finds the row: a confirmed spend is answered as it is, a
 * signed one is broadcast again (the same transaction, same nonce: it cannot land twice), an intent
 * that was never signed is signed now. `build` runs only when there is no row yet.
 *
 * The sender's lock (`signing`: one signer per wallet at a time, for nonces) is held from the intent
 * to the broadcast only: it is released before the receipt is awaited, and the outcome is recorded
 * after. A signed spend whose nonce another transaction took (the account's mined nonce is past it
 * and it has no receipt) can never be mined: it is recorded as replaced and signed again from the
 * same intent, at the next free nonce. A send the node refuses is thrown, never taken for sent.
 * Throws SpendFailed when the chain refuses or reverts it: then nothing was spent but gas.
 */
export async function spendOnce(
  deps: { db: Db; chain: PublicClient },
  key: SpendKey,
  sender: LocalAccount,
  build: () => Promise<SpendRequest>,
  options: { signing?: SigningLock } = {},
): Promise<{ txHash: Hex }> {
  const { db, chain } = deps;
  const signing: SigningLock = options.signing ?? ((work) => work(db));
  for (let resigns = 0; ; resigns++) {
    const sent = await signing((connection) => recordAndSend({ db: connection, chain }, key, sender, build));
    if ('confirmed' in sent) return { txHash: sent.confirmed };
    const { row, txHash } = sent;
    let receipt: TransactionReceipt;
    try {
      receipt = await chain.waitForTransactionReceipt({ hash: txHash, timeout: RECEIPT_BUDGET_MS });
    } catch (error) {
      if (!(error instanceof WaitForTransactionReceiptTimeoutError) || resigns >= MAX_RESIGNS) throw error;
      // Not mined within the budget: signed again only when it never can be.
      if (!(await markReplaced(deps, row.id, row.raw_tx as Hex))) throw error;
      continue;
    }
    const status = receipt.status === 'success' ? 'confirmed' : 'failed';
    await db
      .updateTable('twin_fee_spends')
      // A confirmed spend keeps what its record says of a transaction it replaced.
      .set(
        status === 'failed'
          ? { status, error: 'reverted', updated_at: sql`now()` }
          : { status, updated_at: sql`now()` },
      )
      .where('id', '=', row.id)
      .where('tx_hash', '=', txHash)
      .execute();
    if (status === 'failed') throw new SpendFailed(key, `transaction ${txHash} reverted`);
    return { txHash };
  }
}

/** The ledger's first half, under the sender's lock: the intent row, the signed transaction, its broadcast. */
async function recordAndSend(
  deps: { db: Db; chain: PublicClient },
  key: SpendKey,
  sender: LocalAccount,
  build: () => Promise<SpendRequest>,
): Promise<{ confirmed: Hex } | { row: { id: number; raw_tx: string }; txHash: Hex }> {
  const { db, chain } = deps;
  let row = await find(db, key);
  if (!row) {
    const request = await build();
    await db
      .insertInto('twin_fee_spends')
      .values({
        agent_id: key.agentId,
        period: key.period,
        step: key.step,
        sender: sender.address,
        to_address: request.to,
        call_data: request.data,
        value_wei: String(request.value ?? 0n),
        weth_wei: request.amounts?.wethWei?.toString() ?? null,
        usdc: request.amounts?.usdc?.toString() ?? null,
        token_amount: request.amounts?.token?.toString() ?? null,
        raw_tx: null,
        error: null,
      })
      .onConflict((conflict) => conflict.constraint('twin_fee_spends_once').doNothing())
      .execute();
    row = (await find(db, key))!;
  }
  if (row.status === 'confirmed') return { confirmed: row.tx_hash as Hex };
  if (row.status === 'failed') throw new SpendFailed(key, row.error ?? 'failed earlier');
  // Signed earlier, and its nonce taken since by another transaction (of this key, signed elsewhere):
  // it can never be mined, and is signed again below.
  if (row.raw_tx && (await markReplaced(deps, row.id, row.raw_tx as Hex))) row = (await find(db, key))!;

  let rawTx = row.raw_tx as Hex | null;
  if (!rawTx) {
    // Signed from the recorded intent, never rebuilt: what was recorded is what is sent.
    const call = {
      account: sender,
      to: row.to_address as Address,
      data: row.call_data as Hex,
      value: BigInt(row.value_wei),
    };
    let signed: Hex;
    try {
      const prepared = await chain.prepareTransactionRequest({
        ...call,
        chain: chain.chain,
        // The pending count: a transaction of this wallet still in the mempool keeps its nonce.
        nonce: await chain.getTransactionCount({ address: sender.address, blockTag: 'pending' }),
        nonceManager: undefined,
      });
      // With headroom: a swap's bare estimate can fall a hair short (the 63/64 rule on the pool's
      // callback), and a signed transaction that runs out of gas is final for the period.
      const request = { ...prepared, gas: withGasHeadroom(prepared.gas) };
      signed = await sender.signTransaction(request as Parameters<LocalAccount['signTransaction']>[0]);
    } catch (error) {
      // A chain that is down is tried again on the next run; a revert is final for this period.
      if (!isRevert(error)) throw error;
      // Refused before anything was sent (a simulation that reverts): recorded, and nothing spent.
      await db
        .updateTable('twin_fee_spends')
        .set({ status: 'failed', error: shortReason(error), updated_at: sql`now()` })
        .where('id', '=', row.id)
        .where('raw_tx', 'is', null)
        .execute();
      throw new SpendFailed(key, shortReason(error));
    }
    const stored = await db
      .updateTable('twin_fee_spends')
      .set({ raw_tx: signed, tx_hash: keccak256(signed), status: 'sent', updated_at: sql`now()` })
      .where('id', '=', row.id)
      .where('raw_tx', 'is', null)
      .returning('raw_tx')
      .executeTakeFirst();
    rawTx = (stored?.raw_tx ?? (await find(db, key))?.raw_tx) as Hex;
  }
  // A refusal other than "known already" (or "nonce too low", which the receipt and the account's
  // nonce decide) is thrown: the run is retried, and nothing is taken for sent that the node refused.
  await sendSigned(chain, rawTx, CHAIN_CALL_BUDGET_MS);
  return { row: { id: row.id, raw_tx: rawTx }, txHash: keccak256(rawTx) };
}

/**
 * When another transaction took the nonce of the spend's signed transaction, puts the spend back to
 * its intent, to be signed again from what was recorded, the replaced hash kept in `error` for the
 * operator. Answers whether it did (false too when another holder moved the row on meanwhile).
 */
async function markReplaced(deps: { db: Db; chain: PublicClient }, id: number, rawTx: Hex): Promise<boolean> {
  if (!(await nonceTakenByAnother(deps.chain, rawTx, CHAIN_CALL_BUDGET_MS))) return false;
  const replaced = await deps.db
    .updateTable('twin_fee_spends')
    .set({
      status: 'intent',
      raw_tx: null,
      tx_hash: null,
      error: `replaced: another transaction took the nonce of ${keccak256(rawTx)}; signed again`,
      updated_at: sql`now()`,
    })
    .where('id', '=', id)
    .where('raw_tx', '=', rawTx)
    .where('status', '=', 'sent')
    .executeTakeFirst();
  return replaced.numUpdatedRows > 0n;
}
