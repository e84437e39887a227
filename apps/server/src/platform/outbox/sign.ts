import { withGasHeadroom } from '@fartwin/contracts';
import { sql } from 'kysely';
import { type Hex, keccak256, type LocalAccount, type PublicClient } from 'viem';
import { REQUEST_LOCK_WAIT_MS, withRowLockTimeout } from '../db/advisory-locks.ts';
import type { Db } from '../db/database.ts';
import { inProcessTurn } from '../db/process-turns.ts';
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
  // Signings of one signer wait their turn in this process with no connection; the first waits on the row.
  return inProcessTurn(`outbox-signer:${signer}`, waitMs, `The signer ${signer}`, (waitLeftMs) =>
    db.transaction().execute((trx) =>
      withRowLockTimeout(trx, waitLeftMs, `The signer ${signer}`, async () => {
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
