import { fartwinLifeAbi } from '@fartwin/contracts';
import { isAgentId, textProblem } from '@fartwin/protocol';
import { sql } from 'kysely';
import type { Logger } from 'pino';
import { keccak256, type PublicClient, toBytes } from 'viem';
import { LOCK_SPACES, withAdvisoryLock } from '../db/advisory-locks.ts';
import type { Db } from '../db/database.ts';
import { type RejectedInput, recordRejectedInput } from '../logging/rejected-inputs.ts';
import type { ContractAddresses } from './contracts.ts';
import { headNowSeconds, type LifeReader } from './life.ts';
import { recordIndexSynced, recordLifeIndexClock } from './life-index-state.ts';

/** The chain_cursors row: the last block whose LifeExtended events are in agent_lives. */
export const LIFE_EXTENDED_CURSOR = 'life-extended';

/** Blocks per eth_getLogs call: RPC providers cap the range (often 2,000–10,000 blocks). */
const BLOCK_RANGE = 2_000;
/** Ranges read per run, so one run stays short; a backlog is caught up over the next runs. */
export const MAX_RANGES_PER_RUN = 25;
/** Twins without a row whose expiry is read from the contract per run. */
const BACKFILL_BATCH = 200;

/** One payment for a twin's life: a LifePaid event with the twin id of the LifeExtended before it. */
export interface LifePayment {
  agentId: string;
  payer: `0x${string}`;
  txHash: `0x${string}`;
  /** LifePaid's log index: with the hash, the payment's identity. */
  logIndex: number;
  block: number;
}

export interface LifeIndexerDeps {
  db: Db;
  chain: PublicClient;
  contracts: () => ContractAddresses | null;
  life: LifeReader;
  logger: Logger;
  /** Blocks per eth_getLogs call (LIFE_INDEX_BLOCK_RANGE; tests shorten it). */
  blockRange?: number;
  /** Blocks left unread behind the head, so a reorg cannot leave a dropped event indexed. */
  confirmations?: number;
  /**
   * Hands a range's payments on (revivals/), inside the transaction that moves the cursor, so they
   * are handed on once however often a range is read.
   */
  onLifePaid?: (trx: Db, payments: readonly LifePayment[]) => Promise<void>;
}

/**
 * Stores the expiries of twins the agents table knows (others are not ours, or not stored yet). An
 * expiry only grows (life never shrinks), so the later of the stored and the new one wins, whatever
 * order events and contract reads arrive in.
 */
export async function upsertLives(db: Db, expiries: ReadonlyMap<string, number>): Promise<void> {
  if (expiries.size === 0) return;
  // Arrays, not a parameter per twin: a block range or a backfill may hold any number of them.
  await sql`
    insert into agent_lives (agent_id, expires_at)
    select agents.agent_id, expiry.expires_at
    from unnest(${[...expiries.keys()]}::text[], ${[...expiries.values()]}::bigint[]) as expiry(agent_id, expires_at)
    join agents on agents.agent_id = expiry.agent_id
    on conflict (agent_id) do update
      set expires_at = greatest(agent_lives.expires_at, excluded.expires_at), updated_at = now()`.execute(db);
}

/**
 * Reads LifeExtended events since the last indexed block, in bounded ranges, into agent_lives
 * (agent → newTimeToDeath); each range and the cursor move in one transaction. Then gives twins that
 * still have no row one read from the contract: a deploy pays the first battery before the twin is
 * in the agents table, so that event may be read while its twin is unknown; and production starts
 * reading at the block it first runs at, after older twins were fed.
 * Answers the last block indexed, or null while the contracts are unavailable.
 */
export async function indexLifeExtended(
  deps: LifeIndexerDeps,
  options: { backfill: boolean } = { backfill: true },
): Promise<number | null> {
  const { db, chain, logger } = deps;
  const addresses = deps.contracts();
  if (!addresses) return null;
  // Uncached: viem keeps a block number for its polling interval, and a tick wants the latest.
  const head = Math.max(0, Number(await chain.getBlockNumber({ cacheTime: 0 })) - (deps.confirmations ?? 0));
  const cursor = await db
    .selectFrom('chain_cursors')
    .select('block')
    .where('name', '=', LIFE_EXTENDED_CURSOR)
    .executeTakeFirst();
  // Locally from the contracts' deployment; in production from now (the backfill covers the past).
  const startBlock = addresses.local?.deployedAtBlock ?? head;
  let from = startBlock;
  if (cursor && cursor.block > head) {
    logger.warn({ cursor: cursor.block, head }, 'chain is behind the LifeExtended cursor (a reset chain?): reindexing');
  } else if (cursor) {
    from = cursor.block + 1;
  }

  let indexed = from - 1;
  for (let ranges = 0; from <= head && ranges < MAX_RANGES_PER_RUN; ranges++) {
    const to = Math.min(from + (deps.blockRange ?? BLOCK_RANGE) - 1, head);
    // The contract's events in one call, in chain order: each LifePaid follows its payment's
    // LifeExtended. Its other events (the owner's settings) are rare, and skipped here.
    const logs = await chain.getContractEvents({
      address: addresses.fartwinLife,
      abi: fartwinLifeAbi,
      fromBlock: BigInt(from),
      toBlock: BigInt(to),
      strict: true,
    });
    const expiries = new Map<string, number>();
    const rejected: RejectedInput[] = [];
    const payments: LifePayment[] = [];
    /** The last twin id extended in each transaction, which the LifePaid after it pays for. */
    const extendedIn = new Map<string, string>();
    for (const log of logs) {
      if (log.eventName === 'LifePaid') {
        const agentId = extendedIn.get(log.transactionHash);
        // Checked against the hash the event carries rather than trusted from the order alone.
        if (agentId && keccak256(toBytes(agentId)) === log.args.agentIdHash) {
          payments.push({
            agentId,
            payer: log.args.payer,
            txHash: log.transactionHash,
            logIndex: log.logIndex,
            block: Number(log.blockNumber),
          });
        }
        continue;
      }
      if (log.eventName !== 'LifeExtended') continue;
      const { args, blockNumber, transactionHash, logIndex } = log;
      // Anyone can pay for any string: one that is not a twin's id is recorded and skipped, never
      // sent to Postgres (a NUL would fail every tick and stall the cursor for all twins).
      if (!isAgentId(args.agentId)) {
        const problem = textProblem(args.agentId);
        rejected.push({
          source: 'life-index',
          key: `${transactionHash}:${logIndex}`,
          reason: problem ? `agentId ${problem}` : 'agentId is not a twin id (a lowercase UUID)',
          value: args.agentId,
          block: Number(blockNumber),
          txHash: transactionHash,
        });
        continue;
      }
      extendedIn.set(transactionHash, args.agentId);
      const expiresAt = Number(args.newTimeToDeath);
      expiries.set(args.agentId, Math.max(expiries.get(args.agentId) ?? 0, expiresAt));
    }
    await db.transaction().execute(async (trx) => {
      await upsertLives(trx, expiries);
      for (const input of rejected) await recordRejectedInput(trx, logger, input);
      if (payments.length > 0) await deps.onLifePaid?.(trx, payments);
      await trx
        .insertInto('chain_cursors')
        .values({ name: LIFE_EXTENDED_CURSOR, block: to })
        .onConflict((conflict) => conflict.column('name').doUpdateSet({ block: to }))
        .execute();
    });
    indexed = to;
    from = to + 1;
  }

  // Caught up: request paths may take an expiry in the past for a death (chain/lives.ts).
  if (indexed >= head) await recordIndexSynced(db);
  if (options.backfill) await backfillLives(deps);
  return indexed;
}

/**
 * Twins without an agent_lives row get the contract's current expiry, 0 for one never fed (as
 * LifeReader answers), so each twin is read once: from then on its events keep the row current.
 */
async function backfillLives(deps: LifeIndexerDeps): Promise<void> {
  const missing = await deps.db
    .selectFrom('agents')
    .leftJoin('agent_lives', 'agent_lives.agent_id', 'agents.agent_id')
    .select('agents.agent_id')
    .where('agent_lives.agent_id', 'is', null)
    .orderBy('agents.id')
    .limit(BACKFILL_BATCH)
    .execute();
  if (missing.length === 0) return;
  await upsertLives(deps.db, await deps.life.expirations(missing.map((row) => row.agent_id)));
}

/**
 * The life index's clock once it holds every event up to block `indexed`: that block's time. At the
 * chain's head it is the head's "now" (headNowSeconds: wall-clock goes on over an idle local
 * chain, and the dev host's clock jumps are followed); behind it (confirmations, or blocks mined
 * during the pass), the indexed block's own time, so a revival in a later block is never missed by a
 * "now" past it.
 */
async function lifeIndexClockAt(chain: PublicClient, indexed: number): Promise<number> {
  const head = await chain.getBlock({ blockTag: 'latest' });
  if (indexed >= Number(head.number)) return headNowSeconds(head);
  return Number((await chain.getBlock({ blockNumber: BigInt(Math.max(0, indexed)) })).timestamp);
}

/**
 * One pass of the index request paths read lives from: LifeExtended events into agent_lives, then
 * the life index's clock, taken from the block the pass reached (lifeIndexClockAt). Passes run one
 * at a time across replicas (the life watch's, the schedules', one before a local cast). Answers the
 * clock as recorded, or null while the contracts are unavailable. `backfill`: also give twins
 * without a life row theirs (backfillLives, which looks at every twin); the life watch's passes do,
 * the others need not.
 */
export function syncLifeIndex(
  deps: LifeIndexerDeps,
  options: { backfill: boolean } = { backfill: true },
): Promise<number | null> {
  // The pass's queries run on the lock's own connection: it needs no second one from the pool.
  return withAdvisoryLock(deps.db, { space: LOCK_SPACES.lifeIndex, id: 0 }, { wait: true }, async (connection) => {
    const indexed = await indexLifeExtended({ ...deps, db: connection }, options);
    if (indexed === null) return null;
    return recordLifeIndexClock(connection, await lifeIndexClockAt(deps.chain, indexed));
  });
}

/**
 * syncLifeIndex for a hot path that must follow the local chain's clock (the dev host's jumps each
 * mine a block) without a whole pass per call: a pass only when the chain has a block this replica
 * has not yet seen a pass start from; otherwise one block-number read. Between blocks, the index's
 * clock is what the last pass (a tick's or this one's) recorded.
 */
export function syncLifeIndexOnNewBlock(deps: LifeIndexerDeps): () => Promise<void> {
  let passedAt: bigint | null = null;
  return async () => {
    const head = await deps.chain.getBlockNumber({ cacheTime: 0 });
    if (head === passedAt) return;
    await syncLifeIndex(deps, { backfill: false });
    passedAt = head;
  };
}
