import {
  type Address,
  BaseError,
  type Hex,
  type LocalAccount,
  type PublicClient,
  type TransactionReceipt,
  WaitForTransactionReceiptTimeoutError,
} from 'viem';
import { sendSigned } from '../platform/chain/signed-transactions.ts';
import type { Db } from '../platform/db/database.ts';
import {
  findByKey,
  type OutboxRow,
  REVERTED,
  recordIntent,
  recordOutcome,
  settleTransaction,
  signIntent,
} from '../platform/outbox/index.ts';

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
/**
 * A period's deadline: a step recorded and not signed within this long is never signed (the outbox
 * expires it), so a period cut off and never finished stops being tried.
 */
export const KEEPER_PERIOD_DEADLINE_SECONDS = 2 * 24 * 3600;
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

/** The outbox's key of a keeper step. */
export const keeperKey = (key: SpendKey) => `keeper:${key.agentId}:${key.period}:${key.step}`;

const find = (db: Db, key: SpendKey) => findByKey(db, keeperKey(key));

function isRevert(error: unknown): boolean {
  return error instanceof BaseError && /revert/i.test(`${error.shortMessage} ${error.details ?? ''}`);
}

const shortReason = (error: unknown) =>
  (error instanceof BaseError ? error.shortMessage : error instanceof Error ? error.message : String(error)).slice(
    0,
    500,
  );

/**
 * Sends one spend exactly once, through the outbox: the intent (unique per twin, period and step),
 * then the signed transaction and its hash (at the wallet's next nonce, handed out by the outbox),
 * then the outcome. A retry, a crash or a second replica finds the row: a confirmed spend is
 * answered as it is, a signed one is sent again (the same transaction, same nonce: it cannot land
 * twice), an intent that was never signed is signed now (one past the period's deadline never is).
 * `build` runs only when there is no row yet.
 *
 * The sender's lock (`signing`: one signer per wallet at a time) is held from the intent to the send
 * only: it is released before the receipt is awaited, and the outcome is recorded after. A signed
 * spend whose nonce another transaction took (the account's mined nonce is past it and it has no
 * receipt) can never be mined: the outbox puts it back to its intent, and it is signed again at the
 * next nonce. A send the node refuses is thrown, never taken for sent. Throws SpendFailed when the
 * chain refuses or reverts it: then nothing was spent but gas.
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
    const { id, txHash } = sent;
    let receipt: TransactionReceipt;
    try {
      receipt = await chain.waitForTransactionReceipt({ hash: txHash, timeout: RECEIPT_BUDGET_MS });
    } catch (error) {
      if (!(error instanceof WaitForTransactionReceiptTimeoutError) || resigns >= MAX_RESIGNS) throw error;
      // Not mined within the budget: signed again only when it never can be (the outbox says so).
      const settled = await settleTransaction({ db, chain, budgetMs: CHAIN_CALL_BUDGET_MS }, id);
      if (settled.row.status !== 'intent') throw error;
      continue;
    }
    const failed = receipt.status !== 'success';
    await recordOutcome(
      db,
      id,
      'sent',
      failed ? { status: 'failed', error: REVERTED.keeper } : { status: 'confirmed' },
    );
    if (failed) throw new SpendFailed(key, `transaction ${txHash} reverted`);
    return { txHash };
  }
}

/** The spend's first half, under the sender's lock: the intent, the signed transaction, its send. */
async function recordAndSend(
  deps: { db: Db; chain: PublicClient },
  key: SpendKey,
  sender: LocalAccount,
  build: () => Promise<SpendRequest>,
): Promise<{ confirmed: Hex } | { id: number; txHash: Hex }> {
  const { db, chain } = deps;
  let row: OutboxRow | undefined = await find(db, key);
  if (!row) {
    const request = await build();
    row = await recordIntent(db, {
      kind: 'keeper',
      key: keeperKey(key),
      agentId: key.agentId,
      signer: sender.address,
      call: { to: request.to, data: request.data, value: request.value ?? 0n },
      expiresInSeconds: KEEPER_PERIOD_DEADLINE_SECONDS,
      details: {
        period: key.period,
        step: key.step,
        weth_wei: request.amounts?.wethWei?.toString() ?? null,
        usdc: request.amounts?.usdc?.toString() ?? null,
        token_amount: request.amounts?.token?.toString() ?? null,
      },
    });
  }
  // Signed earlier: sent again, and settled if the chain decided on it meanwhile (mined, or its nonce
  // taken by another transaction: then back to its intent, and signed again below).
  if (row.status === 'sent') row = (await settleTransaction({ db, chain, budgetMs: CHAIN_CALL_BUDGET_MS }, row.id)).row;
  if (row.status === 'confirmed') return { confirmed: row.tx_hash as Hex };
  if (row.status === 'failed') throw new SpendFailed(key, row.error ?? 'failed earlier');
  if (row.status === 'sent') return { id: row.id, txHash: row.tx_hash as Hex };

  // Signed from the recorded intent, never rebuilt: what was recorded is what is sent. With
  // headroom: a swap's bare estimate can fall a hair short (the 63/64 rule on the pool's callback),
  // and a signed transaction that runs out of gas is final for the period.
  let signed: OutboxRow;
  try {
    signed = await signIntent({ db, chain }, row.id, sender, { budgetMs: CHAIN_CALL_BUDGET_MS, gasHeadroom: true });
  } catch (error) {
    // A chain that is down is tried again on the next run; a revert is final for this period.
    if (!isRevert(error)) throw error;
    // Refused before anything was sent (a simulation that reverts): recorded, and nothing spent.
    await recordOutcome(db, row.id, 'intent', { status: 'failed', error: shortReason(error) });
    throw new SpendFailed(key, shortReason(error));
  }
  if (signed.status !== 'sent') throw new SpendFailed(key, signed.error ?? 'not signed');
  // A refusal other than "known already" (or "nonce too low", which the receipt and the account's
  // nonce decide) is thrown: the run is retried, and nothing is taken for sent that the node refused.
  await sendSigned(chain, signed.raw_tx as Hex, CHAIN_CALL_BUDGET_MS);
  return { id: signed.id, txHash: signed.tx_hash as Hex };
}
