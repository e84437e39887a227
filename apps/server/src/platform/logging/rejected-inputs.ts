import { escapeUnstorable, firstUnstorableText } from '@fartwin/protocol';
import { sql } from 'kysely';
import type { Logger } from 'pino';
import type { Db } from '../db/database.ts';

/** Where an input was skipped: each is counted apart in /health. */
export type RejectedInputSource =
  | 'life-index'
  | 'life-notice'
  | 'twin-write'
  | 'notification-retry'
  | 'base-notification'
  | 'neynar-delivery';

/** Characters of an input kept with its record: enough to recognise it, bounded for an attacker's megabyte. */
const EXCERPT_CHARS = 80;

/**
 * The start of `value` in JSON string syntax: a NUL or a lone surrogate becomes `\u0000` / `\ud800`,
 * so the excerpt can be stored and logged whatever the input held.
 */
export function excerptOf(value: unknown): string {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
  const cut = text.length > EXCERPT_CHARS;
  return JSON.stringify(cut ? `${text.slice(0, EXCERPT_CHARS)}…` : text);
}

export interface RejectedInput {
  source: RejectedInputSource;
  /** Names the input within its source (a log's tx hash and index, a job's id): recorded once. */
  key: string;
  /** Why it was skipped, in words. */
  reason: string;
  /** The input itself; only its bounded, escaped excerpt is kept. */
  value: unknown;
  block?: number;
  txHash?: string;
}

/**
 * Records an input that shared work skipped, once per source and key, and logs it the first time
 * only (a retry or another replica that meets it again stays quiet). Answers whether it was new.
 */
export async function recordRejectedInput(db: Db, logger: Logger, input: RejectedInput): Promise<boolean> {
  const excerpt = excerptOf(input.value);
  const fresh = await db
    .insertInto('rejected_inputs')
    .values({
      source: input.source,
      // The key and reason may quote the input (a cast hash, a field name): written escaped.
      key: escapeUnstorable(input.key),
      reason: escapeUnstorable(input.reason),
      excerpt,
      block: input.block ?? null,
      tx_hash: input.txHash ?? null,
    })
    .onConflict((conflict) => conflict.columns(['source', 'key']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (fresh) {
    logger.warn(
      { source: input.source, reason: input.reason, excerpt, block: input.block, tx: input.txHash },
      'unusable input skipped',
    );
  }
  return fresh !== undefined;
}

/** Skipped inputs per source, for /health. */
export async function rejectedInputCounts(db: Db): Promise<Record<string, number>> {
  const rows = await db
    .selectFrom('rejected_inputs')
    .select(['source', sql<number>`count(*)::int`.as('count')])
    .groupBy('source')
    .execute();
  return Object.fromEntries(rows.map((row) => [row.source, row.count]));
}

/**
 * Postgres' data exceptions (class 22: a NUL in text, an untranslatable character, a value out of
 * range…) come from the input itself: retrying the same input fails the same way.
 */
function isDataException(error: unknown): error is { code: string } {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.startsWith('22');
}

/**
 * Runs a job of shared work on `input`. An input holding text Postgres cannot store is skipped
 * before the work starts, and one the work fails on with a data exception is skipped after: both
 * are recorded (recordRejectedInput) and the job ends without error, so it is neither retried forever
 * nor holding up the queue. Any other failure is the job's, and retried as usual. Answers the work's
 * result, or undefined when skipped.
 */
export async function skippingUnusableInput<T>(
  deps: { db: Db; logger: Logger },
  job: { source: RejectedInputSource; key: string; input: unknown },
  work: () => Promise<T>,
): Promise<T | undefined> {
  const unstorable = firstUnstorableText(job.input);
  const reject = (reason: string) =>
    recordRejectedInput(deps.db, deps.logger, { source: job.source, key: job.key, reason, value: job.input });
  if (unstorable) {
    await reject(`${unstorable.path || 'input'} ${unstorable.problem}`);
    return undefined;
  }
  try {
    return await work();
  } catch (error) {
    if (!isDataException(error)) throw error;
    // The code only: the message may quote the input.
    await reject(`the database refused it (${error.code})`);
    return undefined;
  }
}
