import { sql } from 'kysely';
import { LOCK_SPACES, REQUEST_LOCK_WAIT_MS, transactionLock } from '../platform/db/advisory-locks.ts';
import type { Db } from '../platform/db/database.ts';
import { inProcessTurn } from '../platform/db/process-turns.ts';
import { findByKey, type OutboxCall, type OutboxRow, REVERTED, recordIntent } from '../platform/outbox/index.ts';

/*
 * Relayed batteries as the outbox records them (rows of kind `relay`, one per EIP-3009
 * authorization): claimed within the caps, then signed and sent by the operator.
 */

/** One signed battery: the payer's authorization, keyed by payer and nonce as USDC keys it. */
export interface RelayKey {
  payer: `0x${string}`;
  nonce: `0x${string}`;
}

export interface RelayCaps {
  perPayerPerDay: number;
  perDay: number;
}

/** A claim whose attempt never signed within this long is abandoned (a crash): it may be claimed again. */
const ABANDONED_AFTER_SECONDS = 120;

/** Who asks for a relay: the signer who pays, and the client's address when it is known. */
export interface RelayAsker {
  payer: `0x${string}`;
  clientIp: string | null;
}

/**
 * A cap a new relay would pass: per payer, per day, or a payer or address whose relay reverted
 * today. `daily_cap_pending`: the day's cap is reached only if relays still waiting for their
 * receipt succeed; a new one may pass once one of them fails.
 */
export type RelayCapReached = 'payer_cap' | 'daily_cap' | 'daily_cap_pending' | 'reverted_today';

export type RelayClaim =
  /** This attempt holds the authorization: its outbox row, to sign, then send. */
  | { kind: 'claimed'; id: number }
  /** Another attempt holds it: its transaction, once signed. */
  | { kind: 'existing'; txHash: string | null; rawTx: string | null }
  | { kind: RelayCapReached };

const lowercase = (key: RelayKey) => ({ payer: key.payer.toLowerCase(), nonce: key.nonce.toLowerCase() });

/** The outbox's key of a relayed authorization. */
const relayKey = (key: RelayKey) => {
  const { payer, nonce } = lowercase(key);
  return `relay:${payer}:${nonce}`;
};

/**
 * Claims the authorization for this attempt, within the caps (see relayCapReached), in one
 * transaction under a lock, so replicas never count past a cap together: the outbox's intent, under
 * the authorization's key (one row per authorization: a second attempt gets the first's).
 */
export async function claimRelay(
  db: Db,
  key: RelayKey,
  intent: { agentId: string; operator: `0x${string}`; call: OutboxCall },
  asker: RelayAsker,
  caps: RelayCaps,
): Promise<RelayClaim> {
  const { payer, nonce } = lowercase(key);
  // Claims wait their turn in this process with no connection (a burst of relays would otherwise hold
  // the pool while waiting on the caps' lock); the first waits on the lock, which keeps other replicas
  // out. At most a short wait in all (LockWaitTimeout): the holder only counts and inserts.
  return inProcessTurn('relay-caps', REQUEST_LOCK_WAIT_MS, 'The relay caps', (waitLeftMs) =>
    db.transaction().execute(async (trx) => {
      await transactionLock(trx, { space: LOCK_SPACES.batteryRelayCaps, id: 0 }, waitLeftMs);
      // An attempt that crashed before signing sent nothing: its row gives way.
      await trx
        .deleteFrom('outbox_transactions')
        .where('key', '=', relayKey(key))
        .where('raw_tx', 'is', null)
        .where((where) => where.or([where('status', '=', 'failed'), where('expires_at', '<=', sql<Date>`now()`)]))
        .execute();
      const existing = await findRelay(trx, key);
      if (existing) return { kind: 'existing', ...existing };
      const reached = await relayCapReached(trx, asker, caps);
      if (reached) return { kind: reached };
      const row = await recordIntent(trx, {
        kind: 'relay',
        key: relayKey(key),
        agentId: intent.agentId,
        signer: intent.operator,
        call: intent.call,
        expiresInSeconds: ABANDONED_AFTER_SECONDS,
        details: { payer, auth_nonce: nonce, client_ip: asker.clientIp },
      });
      return { kind: 'claimed', id: row.id };
    }),
  );
}

/**
 * Which cap a new relay would pass, if any, over a rolling 24 hours: a payer or client address
 * whose relay reverted on the chain (the operator paid its gas for nothing) gets none; each payer
 * has its own number; and the day's cap counts the relays that succeeded, none that reverted, was
 * replaced or was never signed. Relays whose receipt is not read yet hold their places: while they
 * could fill the cap, a new one waits (`daily_cap_pending`), so a burst never passes it, and one of
 * them that fails frees its place. Read alone it is a cheap refusal before any chain call;
 * claimRelay reads it again under its lock.
 */
export async function relayCapReached(db: Db, asker: RelayAsker, caps: RelayCaps): Promise<RelayCapReached | null> {
  const payer = asker.payer.toLowerCase();
  const { rows } = await sql<{ by_payer: number; succeeded: number; pending: number; reverted: number }>`
    select count(*) filter (where payer = ${payer} and (status <> 'failed' or error = ${REVERTED.relay}))::int as by_payer,
      count(*) filter (where status = 'confirmed')::int as succeeded,
      count(*) filter (where status in ('intent', 'sent'))::int as pending,
      count(*) filter (where status = 'failed' and error = ${REVERTED.relay}
        and (payer = ${payer} or client_ip = ${asker.clientIp}))::int as reverted
    from outbox_transactions where kind = 'relay' and created_at > now() - interval '24 hours'`.execute(db);
  const counts = rows[0]!;
  if (counts.reverted > 0) return 'reverted_today';
  if (counts.by_payer >= caps.perPayerPerDay) return 'payer_cap';
  if (counts.succeeded >= caps.perDay) return 'daily_cap';
  if (counts.succeeded + counts.pending >= caps.perDay) return 'daily_cap_pending';
  return null;
}

/** The attempt's existing row, if a retry finds one (no claim taken). */
export async function findRelay(
  db: Db,
  key: RelayKey,
): Promise<{ txHash: string | null; rawTx: string | null } | undefined> {
  const row: OutboxRow | undefined = await findByKey(db, relayKey(key));
  return row && { txHash: row.tx_hash, rawTx: row.raw_tx };
}
