import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { LOCK_SPACES, transactionLock } from '../db/advisory-locks.ts';
import type { Db } from '../db/database.ts';

/** One signed battery: the payer's authorization, keyed by payer and nonce as USDC keys it. */
export interface RelayKey {
  payer: `0x${string}`;
  nonce: `0x${string}`;
}

export interface RelayCaps {
  perPayerPerDay: number;
  perDay: number;
}

/** A row whose attempt never signed within this long is abandoned (a crash): it may be claimed again. */
const ABANDONED_AFTER = sql`interval '2 minutes'`;

/** Who asks for a relay: the signer who pays, and the client's address when it is known. */
export interface RelayAsker {
  payer: `0x${string}`;
  clientIp: string | null;
}

/** A cap a new relay would pass: per payer, per day, or a payer or address whose relay reverted today. */
export type RelayCapReached = 'payer_cap' | 'daily_cap' | 'reverted_today';

export type RelayClaim =
  /** This attempt holds the authorization: it signs, records, then sends. */
  | { kind: 'claimed'; claim: string }
  /** Another attempt holds it: its transaction, once signed. */
  | { kind: 'existing'; txHash: string | null; rawTx: string | null }
  | { kind: RelayCapReached };

const lowercase = (key: RelayKey) => ({ payer: key.payer.toLowerCase(), nonce: key.nonce.toLowerCase() });

/**
 * Claims the authorization for this attempt, within the caps (see relayCapReached), in one
 * transaction under a lock, so replicas never count past a cap together. The primary key makes it
 * one row per authorization: a second attempt gets the first's.
 */
export async function claimRelay(
  db: Db,
  key: RelayKey,
  agentId: string,
  asker: RelayAsker,
  caps: RelayCaps,
): Promise<RelayClaim> {
  const { payer, nonce } = lowercase(key);
  return db.transaction().execute(async (trx) => {
    // At most a short wait (LockWaitTimeout): the holder only counts and inserts.
    await transactionLock(trx, { space: LOCK_SPACES.batteryRelayCaps, id: 0 });
    // An attempt that crashed before signing sent nothing: its row gives way.
    await trx
      .deleteFrom('battery_relays')
      .where('payer', '=', payer)
      .where('nonce', '=', nonce)
      .where('tx_hash', 'is', null)
      .where('created_at', '<', sql<Date>`now() - ${ABANDONED_AFTER}`)
      .execute();
    const existing = await findRelay(trx, key);
    if (existing) return { kind: 'existing', ...existing };
    const reached = await relayCapReached(trx, asker, caps);
    if (reached) return { kind: reached };
    const claim = randomUUID();
    await trx
      .insertInto('battery_relays')
      .values({ payer, nonce, agent_id: agentId, claim, client_ip: asker.clientIp })
      .execute();
    return { kind: 'claimed', claim };
  });
}

/**
 * Which cap a new relay would pass, if any, over a rolling 24 hours: a payer or client address
 * whose relay reverted on the chain (the operator paid its gas for nothing) gets none; each payer
 * has its own number; and the day's cap counts every relay but those that reverted (one whose
 * receipt is not read yet counts, or a burst could pass the cap before any is mined). Read alone
 * it is a cheap refusal before any chain call; claimRelay reads it again under its lock.
 */
export async function relayCapReached(db: Db, asker: RelayAsker, caps: RelayCaps): Promise<RelayCapReached | null> {
  const payer = asker.payer.toLowerCase();
  const { rows } = await sql<{ by_payer: number; total: number; reverted: number }>`
    select count(*) filter (where payer = ${payer})::int as by_payer,
      count(*) filter (where outcome is distinct from 'reverted')::int as total,
      count(*) filter (where outcome = 'reverted' and (payer = ${payer} or client_ip = ${asker.clientIp}))::int as reverted
    from battery_relays where created_at > now() - interval '24 hours'`.execute(db);
  const counts = rows[0]!;
  if (counts.reverted > 0) return 'reverted_today';
  if (counts.by_payer >= caps.perPayerPerDay) return 'payer_cap';
  if (counts.total >= caps.perDay) return 'daily_cap';
  return null;
}

/** What the chain did with a relayed transaction, recorded once (a later look changes nothing). */
export async function recordRelayOutcome(
  db: Db,
  txHash: `0x${string}`,
  outcome: 'succeeded' | 'reverted',
): Promise<boolean> {
  const result = await db
    .updateTable('battery_relays')
    .set({ outcome })
    .where('tx_hash', '=', txHash)
    .where('outcome', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** The attempt's existing row, if a retry finds one (no claim taken). */
export async function findRelay(
  db: Db,
  key: RelayKey,
): Promise<{ txHash: string | null; rawTx: string | null } | undefined> {
  const { payer, nonce } = lowercase(key);
  const row = await db
    .selectFrom('battery_relays')
    .select(['tx_hash', 'raw_tx'])
    .where('payer', '=', payer)
    .where('nonce', '=', nonce)
    .executeTakeFirst();
  return row && { txHash: row.tx_hash, rawTx: row.raw_tx };
}

/**
 * Stores the signed transaction before it is sent; false when the claim is no longer this
 * attempt's (it was abandoned and claimed again), and then it must not be sent.
 */
export async function recordSignedRelay(
  db: Db,
  key: RelayKey,
  claim: string,
  signed: { txHash: `0x${string}`; rawTx: `0x${string}` },
): Promise<boolean> {
  const { payer, nonce } = lowercase(key);
  const result = await db
    .updateTable('battery_relays')
    .set({ tx_hash: signed.txHash, raw_tx: signed.rawTx })
    .where('payer', '=', payer)
    .where('nonce', '=', nonce)
    .where('claim', '=', claim)
    .where('tx_hash', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/** Gives the claim back when nothing was sent: the cap's place and the authorization are free again. */
export async function releaseRelay(db: Db, key: RelayKey, claim: string): Promise<void> {
  const { payer, nonce } = lowercase(key);
  await db
    .deleteFrom('battery_relays')
    .where('payer', '=', payer)
    .where('nonce', '=', nonce)
    .where('claim', '=', claim)
    .execute();
}
