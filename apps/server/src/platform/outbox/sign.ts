import { withGasHeadroom } from '@fartwin/contracts';
import { sql } from 'kysely';
import { type Hex, keccak256, type LocalAccount, type PublicClient } from 'viem';
import { LockWaitTimeout, REQUEST_LOCK_WAIT_MS, withRowLockTimeout } from '../db/advisory-locks.ts';
import type { Db } from '../db/database.ts';
import { withinBudget } from '../limits/time-budget.ts';
import { EXPIRED, findTransaction, type OutboxRow } from './transactions.ts';

/** A refusal a caller's check records on the row instead of signing (its text is the row's `error`). */
export interface Refusal {
  refused: string;
}

export interface SignOptions {
  /** Each chain call's time budget (the pending nonce, the gas and fee estimates). */
  budgetMs: number;
  /** The gas limit, when the caller estimated it already; else the chain's estimate. */
  gas?: bigint;
  /** Adds the shared headroom to the gas limit (a swap's bare estimate can fall a hair short). */
  gasHeadroom?: boolean;
  /**
   * The caller's last checks, in the signing transaction under the signer's row lock, on `trx`
   * (caps that must not be counted by two signers at once). A Refusal is recorded on the row, and
   * nothing is signed.
   */
  check?: (trx: Db, prepared: { maxGasCost: bigint }) => Promise<Refusal | null>;
  /** How long the signing transaction waits for the signer's row (another signing holds it for a few queries). */
  lockWaitMs?: number;
}

/**
 * Signs an intent and stores the signed bytes, without sending them. The transaction is prepared
 * first (gas, fees: chain calls within the budget, outside any transaction); then one short
 * database transaction takes the signer's row (`for update`: one signing per signer at a time, on
 * every replica), hands out its next nonce (never below the chain's pending count, which it catches
 * up with: a transaction the signer sent outside the outbox keeps its nonce), signs locally, and
 * records the bytes and the signer's next nonce together. No lock is held across a chain call or a
 * send. Answers the row as it stands: `sent` once signed; unchanged when it was no intent any
 * more; `failed` when it expired or the check refused it. Throws what the chain said when it could
 * not be prepared (a simulation that reverts among them), and LockWaitTimeout when the signer's row
 * stayed held.
 */
export async function signIntent(
  deps: { db: Db; chain: PublicClient },
  id: number,
  account: LocalAccount,
  options: SignOptions,
): Promise<OutboxRow> {
  const { db, chain } = deps;
  const intent = await findTransaction(db, id);
  if (intent.status !== 'intent') return intent;
  if (intent.signer !== account.address.toLowerCase()) {
    throw new Error(`Transaction ${id} is ${intent.signer}'s to sign, not ${account.address}'s`);
  }
  const pending = await withinBudget(
    chain.getTransactionCount({ address: account.address, blockTag: 'pending' }),
    options.budgetMs,
    "the signer's pending nonce",
  );
  const prepared = await withinBudget(
    // Prepared by the chain client: it adds the app's builder code (chain/builder-code.ts). The nonce
    // given is a placeholder for the estimate: the one signed is handed out below.
    chain.prepareTransactionRequest({
      account,
      chain: chain.chain,
      to: intent.tx_to as `0x${string}`,
      data: intent.call_data as Hex,
      value: BigInt(intent.value_wei),
      nonce: pending,
      nonceManager: undefined,
      ...(options.gas === undefined ? {} : { gas: options.gas }),
    }),
    options.budgetMs,
    'preparing the transaction',
  );
  const gas = options.gasHeadroom ? withGasHeadroom(prepared.gas) : prepared.gas;
  const maxGasCost = gas * (prepared.maxFeePerGas ?? prepared.gasPrice ?? 0n);
  const signer = account.address.toLowerCase();

  const waitMs = options.lockWaitMs ?? REQUEST_LOCK_WAIT_MS;
  const startedAt = Date.now();
  return inSignersTurn(signer, waitMs, () =>
    db.transaction().execute((trx) =>
      withRowLockTimeout(trx, waitMs - (Date.now() - startedAt), `The signer ${signer}`, async () => {
        await trx
          .insertInto('outbox_signers')
          .values({ address: signer, next_nonce: pending })
          .onConflict((conflict) => conflict.column('address').doNothing())
          .execute();
        const signerRow = await trx
          .selectFrom('outbox_signers')
          .select('next_nonce')
          .where('address', '=', signer)
          .forUpdate()
          .executeTakeFirstOrThrow();
        const row = await trx
          .selectFrom('outbox_transactions')
          .selectAll()
          .select(sql<boolean>`expires_at <= now()`.as('expired'))
          .where('id', '=', id)
          .forUpdate()
          .executeTakeFirstOrThrow();
        const { expired, ...current } = row;
        if (current.status !== 'intent') return current;
        const refusal = expired ? { refused: EXPIRED } : ((await options.check?.(trx, { maxGasCost })) ?? null);
        if (refusal) {
          return trx
            .updateTable('outbox_transactions')
            .set({ status: 'failed', error: refusal.refused, updated_at: sql`now()` })
            .where('id', '=', id)
            .returningAll()
            .executeTakeFirstOrThrow();
        }
        const nonce = Math.max(signerRow.next_nonce, pending);
        const raw = await account.signTransaction({ ...prepared, gas, nonce } as Parameters<
          LocalAccount['signTransaction']
        >[0]);
        await trx
          .updateTable('outbox_signers')
          .set({ next_nonce: nonce + 1, updated_at: sql`now()` })
          .where('address', '=', signer)
          .execute();
        return trx
          .updateTable('outbox_transactions')
          .set({
            status: 'sent',
            nonce,
            raw_tx: raw,
            tx_hash: keccak256(raw),
            signed_at: sql`now()`,
            updated_at: sql`now()`,
          })
          .where('id', '=', id)
          .returningAll()
          .executeTakeFirstOrThrow();
      }),
    ),
  );
}

/** Per signer, in this process: the end of the line of signings waiting for its row. */
const signersLines = new Map<string, Promise<void>>();

/**
 * Runs `work` (a signing transaction) after this process's earlier signings of the same signer, waiting
 * in memory, with no pooled connection, for at most `waitMs`, then LockWaitTimeout. So a burst for
 * one signer (one owner's withdrawals, the relays the operator signs) takes one pooled connection per
 * process at a time, never the pool; other replicas are kept out by the signer's row lock.
 */
async function inSignersTurn<T>(signer: string, waitMs: number, work: () => Promise<T>): Promise<T> {
  const before = signersLines.get(signer) ?? Promise.resolve();
  let done!: () => void;
  const mine = new Promise<void>((resolve) => {
    done = resolve;
  });
  const line = before.then(() => mine);
  signersLines.set(signer, line);
  let timer: NodeJS.Timeout | undefined;
  try {
    const turn = await Promise.race([
      before.then(() => true),
      new Promise<false>((resolve) => {
        timer = setTimeout(() => resolve(false), Math.max(0, waitMs));
      }),
    ]);
    if (!turn) throw new LockWaitTimeout(`The signer ${signer} stayed busy for ${waitMs} ms`);
    return await work();
  } finally {
    clearTimeout(timer);
    done();
    if (signersLines.get(signer) === line) signersLines.delete(signer);
  }
}
