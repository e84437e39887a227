import { REVIVERS_LISTED, type Reviver } from '@fartwin/protocol';
import { sql } from 'kysely';
import type { LifePayment } from '../platform/chain/life-indexer.ts';
import type { Db } from '../platform/db/database.ts';
import type { RevivalsTable } from '../platform/db/schema.ts';

/** A revival as its social job reads it: the payment, its twin and whoever the job found paid. */
export interface RevivalRecord {
  txHash: string;
  logIndex: number;
  agentId: string;
  payer: `0x${string}`;
  outcome: RevivalsTable['outcome'];
  payerFid: number | null;
  payerUsername: string | null;
  notified: boolean;
  ownerFid: number;
  twinUsername: string;
}

/** The exactly-once key of a revival: its LifePaid log. */
export const revivalKey = (revival: { txHash: string; logIndex: number }) =>
  `revival:${revival.txHash}:${revival.logIndex}`;

/**
 * Stores the payments of twins the agents table knows, once per log, and answers those new here
 * (a range read again adds none). Payments by the twin's own wallet (its keeper) or by the operator
 * (a deploy's first battery) are stored with that outcome: no one is thanked for them.
 */
export async function recordRevivals(
  trx: Db,
  payments: readonly LifePayment[],
  context: { operator: `0x${string}`; clockAt: number },
): Promise<RevivalRecord[]> {
  if (payments.length === 0) return [];
  // Arrays, not a parameter per payment: a block range may hold any number of them.
  const { rows } = await sql<{ txHash: string; logIndex: number }>`
    insert into revivals (tx_hash, log_index, agent_id, payer, block, clock_at, outcome)
    select paid.tx_hash, paid.log_index, agents.agent_id, paid.payer, paid.block, ${context.clockAt},
      case
        when paid.payer = lower(agents.wallet_address) then 'own-wallet'
        when paid.payer = ${context.operator.toLowerCase()} then 'operator'
      end
    from unnest(
      ${payments.map((payment) => payment.txHash)}::text[],
      ${payments.map((payment) => payment.logIndex)}::int[],
      ${payments.map((payment) => payment.agentId)}::text[],
      ${payments.map((payment) => payment.payer.toLowerCase())}::text[],
      ${payments.map((payment) => payment.block)}::bigint[]
    ) as paid(tx_hash, log_index, agent_id, payer, block)
    join agents on agents.agent_id = paid.agent_id
    on conflict (tx_hash, log_index) do nothing
    returning tx_hash as "txHash", log_index as "logIndex"`.execute(trx);
  return rows.length === 0 ? [] : findRevivals(trx, rows);
}

async function findRevivals(db: Db, keys: readonly { txHash: string; logIndex: number }[]) {
  const rows = await db
    .selectFrom('revivals')
    .innerJoin('agents', 'agents.agent_id', 'revivals.agent_id')
    .select([
      'revivals.tx_hash as txHash',
      'revivals.log_index as logIndex',
      'revivals.agent_id as agentId',
      'revivals.payer',
      'revivals.outcome',
      'revivals.payer_fid as payerFid',
      'revivals.payer_username as payerUsername',
      'revivals.notified_at as notifiedAt',
      'agents.owner_fid as ownerFid',
      'agents.twin_username as twinUsername',
    ])
    .where(
      sql<boolean>`(revivals.tx_hash, revivals.log_index) in (select * from unnest(${keys.map((key) => key.txHash)}::text[], ${keys.map((key) => key.logIndex)}::int[]))`,
    )
    .execute();
  return rows.map(({ notifiedAt, ...row }) => ({
    ...row,
    payer: row.payer as `0x${string}`,
    notified: notifiedAt !== null,
  }));
}

/** One revival, as its job reads it; null when its twin is gone. */
export async function findRevival(db: Db, key: { txHash: string; logIndex: number }): Promise<RevivalRecord | null> {
  return (await findRevivals(db, [key]))[0] ?? null;
}

/** Records who paid and what the revival is, once: the first job to decide wins. */
export async function settleRevival(
  db: Db,
  key: { txHash: string; logIndex: number },
  settled: { outcome: NonNullable<RevivalsTable['outcome']>; payerFid: number | null; payerUsername: string | null },
): Promise<void> {
  await db
    .updateTable('revivals')
    .set({ outcome: settled.outcome, payer_fid: settled.payerFid, payer_username: settled.payerUsername })
    .where('tx_hash', '=', key.txHash)
    .where('log_index', '=', key.logIndex)
    .where('outcome', 'is', null)
    .execute();
}

export async function markOwnerNotified(db: Db, key: { txHash: string; logIndex: number }): Promise<void> {
  await db
    .updateTable('revivals')
    .set({ notified_at: sql`now()` })
    .where('tx_hash', '=', key.txHash)
    .where('log_index', '=', key.logIndex)
    .execute();
}

/**
 * A twin's last revivers, newest first: people, not the twin's own keeper nor the operator's first
 * battery. At most REVIVERS_LISTED rows, from the (agent_id, block) index.
 */
export async function lastRevivers(db: Db, agentId: string): Promise<Reviver[]> {
  const rows = await db
    .selectFrom('revivals')
    .select(['payer', 'payer_fid', 'payer_username', 'clock_at', 'tx_hash'])
    .where('agent_id', '=', agentId)
    .where((eb) => eb.or([eb('outcome', 'is', null), eb('outcome', 'in', ['social', 'owner'])]))
    .orderBy('block', 'desc')
    .orderBy('log_index', 'desc')
    .limit(REVIVERS_LISTED)
    .execute();
  return rows.map((row) => ({
    fid: row.payer_fid,
    username: row.payer_username,
    address: row.payer as `0x${string}`,
    revivedAt: row.clock_at,
    txHash: row.tx_hash,
  }));
}
