import type { Logger } from 'pino';
import { deleteInBatches } from '../platform/db/batched-delete.ts';
import type { Db } from '../platform/db/database.ts';
import type { TwinWriteSkipReason, TwinWriteSkipsTable } from '../platform/db/schema.ts';

export type WriteSkip = Omit<TwinWriteSkipsTable, 'created_at'>;

/**
 * Records what a twin did not write and why, once per writing key (a retried job records nothing
 * more), for the owner's activity; and logs it.
 */
export async function recordSkip(deps: { db: Db; logger: Logger }, skip: WriteSkip): Promise<void> {
  await deps.db
    .insertInto('twin_write_skips')
    .values(skip)
    .onConflict((conflict) => conflict.column('key').doNothing())
    .execute();
  deps.logger.info(
    { agentId: skip.agent_id, kind: skip.kind, reason: skip.reason, subject: skip.subject, authorFid: skip.author_fid },
    'twin write skipped',
  );
}

/** A writer's way to skip one writing: records it with the reason and answers the skipped outcome. */
export function skipsOf(deps: { db: Db; logger: Logger }, writing: Omit<WriteSkip, 'reason'>) {
  return async <Reason extends TwinWriteSkipReason>(reason: Reason) => {
    await recordSkip(deps, { ...writing, reason });
    return { status: 'skipped' as const, reason };
  };
}

/** A scheduled writing (a post, a digest) its owner's Pause stopped: recorded for the owner's activity. */
export function skipPausedSlot(
  deps: { db: Db; logger: Logger },
  slot: { key: string; agentId: string; kind: 'post' | 'digest'; slotAt: number },
) {
  const skip = skipsOf(deps, {
    key: slot.key,
    agent_id: slot.agentId,
    kind: slot.kind,
    subject: String(slot.slotAt),
    author_fid: null,
  });
  return skip('paused');
}

/** Rows one cleanup statement deletes at most; the next statement takes the rest. */
const CLEANUP_BATCH = 10_000;
/** Skips stay listed this long. */
const SKIPS_KEPT_DAYS = 30;

/** Deletes charges no limit counts any more (over a day old) and skips past their keeping, in bounded batches. */
export async function cleanUpWriteRecords(db: Db): Promise<void> {
  const now = Date.now();
  await deleteInBatches(CLEANUP_BATCH, (limit) =>
    db
      .deleteFrom('twin_reply_charges')
      .where(
        'key',
        'in',
        db
          .selectFrom('twin_reply_charges')
          .select('key')
          .where('charged_at', '<', new Date(now - 25 * 3600 * 1000))
          .limit(limit),
      )
      .executeTakeFirstOrThrow(),
  );
  await deleteInBatches(CLEANUP_BATCH, (limit) =>
    db
      .deleteFrom('twin_write_skips')
      .where(
        'key',
        'in',
        db
          .selectFrom('twin_write_skips')
          .select('key')
          .where('created_at', '<', new Date(now - SKIPS_KEPT_DAYS * 24 * 3600 * 1000))
          .limit(limit),
      )
      .executeTakeFirstOrThrow(),
  );
}
