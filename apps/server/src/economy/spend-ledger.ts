import { withGasHeadroom } from '@fartwin/contracts';
import { sql } from 'kysely';
import { type Address, BaseError, type Hex, keccak256, type LocalAccount, type PublicClient } from 'viem';
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
 * The caller holds the sender's lock (one signer per wallet at a time, for nonces), or passes it as
 * `signing` when others share the sender: then it is held up to the broadcast only.
 * Throws SpendFailed when the chain refuses or reverts it: then nothing was spent but gas.
 */
export async function spendOnce(
  deps: { db: Db; chain: PublicClient },
  key: SpendKey,
  sender: LocalAccount,
  build: () => Promise<SpendRequest>,
  options: { signing?: <T>(work: () => Promise<T>) => Promise<T> } = {},
): Promise<{ txHash: Hex }> {
  const { db, chain } = deps;
  // A sender shared beyond this twin (the operator) is locked from its nonce to the broadcast only,
  // not while the receipt is awaited: its other transactions need not wait for this one's block.
  const signing = options.signing ?? ((work) => work());
  const sent = await signing(() => recordAndSend(deps, key, sender, build));
  if ('confirmed' in sent) return { txHash: sent.confirmed };
  const { row, txHash } = sent;
  const receipt = await chain.waitForTransactionReceipt({ hash: txHash, timeout: RECEIPT_BUDGET_MS });
  const status = receipt.status === 'success' ? 'confirmed' : 'failed';
  await db
    .updateTable('twin_fee_spends')
    .set({ status, error: status === 'failed' ? 'reverted' : null, updated_at: sql`now()` })
    .where('id', '=', row.id)
    .execute();
  if (status === 'failed') throw new SpendFailed(key, `transaction ${txHash} reverted`);
  return { txHash };
}

/** The ledger's first half, under the sender's lock: the intent row, the signed transaction, its broadcast. */
async function recordAndSend(
  deps: { db: Db; chain: PublicClient },
  key: SpendKey,
  sender: LocalAccount,
  build: () => Promise<SpendRequest>,
): Promise<{ confirmed: Hex } | { row: { id: number }; txHash: Hex }> {
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
      const prepared = await chain.prepareTransactionRequest({ ...call, chain: chain.chain, nonceManager: undefined });
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
  const txHash = keccak256(rawTx);
  try {
    await chain.sendRawTransaction({ serializedTransaction: rawTx });
  } catch {
    // Already known, or already mined: the receipt below says which.
  }
  return { row, txHash };
}
