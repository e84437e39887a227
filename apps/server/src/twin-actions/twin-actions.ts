import { sql } from 'kysely';
import type PgBoss from 'pg-boss';
import { knownClockSeconds, lifeIndexClockSeconds } from '../platform/chain/life-index-state.ts';
import { LOCK_SPACES, withAdvisoryLock } from '../platform/db/advisory-locks.ts';
import type { Db } from '../platform/db/database.ts';
import { installReplyChargeFunction } from '../platform/db/functions/charge-twin-reply.ts';
import { bossOn } from '../platform/jobs/in-transaction.ts';
import { isLastTry } from '../platform/jobs/job-queue.ts';
import { startTicker } from '../platform/jobs/ticker.ts';
import { skippingUnusableInput } from '../platform/logging/rejected-inputs.ts';
import type { LocalCastToPublish } from '../social/index.ts';
import { advanceSchedules, dueSlots, lockDueSchedules, writableSchedules } from '../twin-switches/index.ts';
import { type PostJob, PostTurnTaken, postTurnFollowUp, writePost } from './content-writer/post.ts';
import type { TwinActionDeps } from './deps.ts';
import { type DigestJob, sendDigest } from './digests/digest.ts';
import { answerDirectMessage, type DirectMessageJob } from './direct-messages/dm-reply.ts';
import { type DraftReview, deleteClosedDrafts, discardDraft, expireDrafts, publishDraft } from './drafts.ts';
import type { IncomingCast } from './mentions/incoming-cast.ts';
import {
  type LocalCastHandOff,
  oneAtATime,
  publishHandingOn,
  readNewLocalCasts,
  startLocalFirehose,
} from './mentions/local-firehose.ts';
import { replyInThread, type ThreadReplyJob } from './mentions/thread-reply.ts';
import { findTwinByFid, twinsConcernedByEach } from './twin-accounts.ts';
import { writtenKeys } from './twin-writes.ts';
import { cleanUpWriteRecords, recordSkip, type WriteSkip } from './write-skips.ts';
import { writingKeys } from './writing-keys.ts';

export const TWIN_WRITE_QUEUE = 'twin-write';
export const SCHEDULE_QUEUE = 'twin-schedule';
export const LOCAL_FIREHOSE_QUEUE = 'local-firehose';
const WRITE_RECORDS_CLEANUP_QUEUE = 'twin-write-records-cleanup';
const DRAFT_EXPIRY_QUEUE = 'twin-draft-expiry';

/** Writers one replica runs at once: each may wait on the engine (a model) for a while. */
const WORKERS = 3;

/** Everything a twin writes on its own, one job each. */
export type TwinWriteJob = ThreadReplyJob | DirectMessageJob | PostJob | DigestJob;

/** The exactly-once key of a job: the same as its writing's, so a queued duplicate is refused too. */
export function twinWriteKey(job: TwinWriteJob): string {
  switch (job.kind) {
    case 'thread-reply':
      return writingKeys.threadReply(job.agentId, job.cast.hash);
    case 'dm-reply':
      return writingKeys.dmReply(job.agentId, job.message.id);
    case 'post':
      return writingKeys.post(job.agentId, job.slotAt);
    case 'digest':
      return writingKeys.digest(job.agentId, job.slotAt);
  }
}

/** What a job's writing is recorded as when it is not written: what it answers, and whom. */
export function skippedWriting(job: TwinWriteJob): Omit<WriteSkip, 'reason'> {
  const key = twinWriteKey(job);
  switch (job.kind) {
    case 'thread-reply':
      return { key, agent_id: job.agentId, kind: job.kind, subject: job.cast.hash, author_fid: job.cast.author.fid };
    case 'dm-reply':
      return { key, agent_id: job.agentId, kind: job.kind, subject: job.message.id, author_fid: job.message.fromFid };
    case 'post':
    case 'digest':
      return { key, agent_id: job.agentId, kind: job.kind, subject: String(job.slotAt), author_fid: null };
  }
}

/** Runs one job: what a worker does, and what tests call directly. */
export function runTwinWriteJob(deps: TwinActionDeps, job: TwinWriteJob) {
  switch (job.kind) {
    case 'thread-reply':
      return replyInThread(deps, job);
    case 'dm-reply':
      return answerDirectMessage(deps, job);
    case 'post':
      return writePost(deps, job);
    case 'digest':
      return sendDigest(deps, job);
  }
}

/** Schedules taken per statement: bounded, whatever the number of twins. */
export const SCHEDULE_BATCH_SIZE = 500;

/** What a schedule's tick enqueues; `enqueue` runs in the batch's transaction (`trx`). */
export type ScheduledJob = PostJob | DigestJob;

/**
 * Enqueues what the schedules have due by `now`, a batch at a time. Per batch, one transaction:
 * the due rows are locked (another replica skips them), those that may write get a job per slot not
 * yet written, `enqueue` takes the jobs inside the transaction, and the rows move on to their next
 * slot, so the jobs and the progress commit together. The work follows the slots due, not the twins.
 */
export async function enqueueDueSchedules(
  db: Db,
  now: number,
  enqueue: (jobs: readonly ScheduledJob[], trx: Db) => Promise<void>,
  batchSize = SCHEDULE_BATCH_SIZE,
): Promise<{ schedules: number; jobs: number }> {
  const total = { schedules: 0, jobs: 0 };
  for (;;) {
    const taken = await db.transaction().execute(async (trx) => {
      // A crash that loses this commit loses its jobs and its progress together (the next tick does
      // both again), and any later commit makes it durable first: no need to wait for the disk.
      await sql`set local synchronous_commit = off`.execute(trx);
      const due = await lockDueSchedules(trx, now, batchSize);
      const jobs: ScheduledJob[] = (await writableSchedules(trx, due, now)).flatMap((row) =>
        dueSlots(row.agentId, row.stream, row.after, now).map((slotAt) => ({
          kind: row.stream,
          agentId: row.agentId,
          slotAt,
        })),
      );
      const done = await writtenKeys(trx, jobs.map(twinWriteKey));
      const fresh = jobs.filter((job) => !done.has(twinWriteKey(job)));
      if (fresh.length > 0) await enqueue(fresh, trx);
      await advanceSchedules(trx, due, now);
      total.jobs += fresh.length;
      return due.length;
    });
    total.schedules += taken;
    if (taken < batchSize) return total;
  }
}

/**
 * One tick of the schedules: "now" is the life index's clock after a pass (the last one recorded
 * when the chain does not answer), so a post slot never passes as "dead" for a revival the index has
 * not read yet; without contracts there are no lives to judge, and the schedules' clock serves. Then
 * what is due by it is enqueued, one replica at a time (`done` null when another one holds the tick).
 * `ms` is the enqueueing's own time.
 */
export async function runScheduleTick(
  db: Db,
  syncLifeIndex: () => Promise<number | null>,
  enqueue: (jobs: readonly ScheduledJob[], trx: Db) => Promise<void>,
): Promise<{ now: number; done: { schedules: number; jobs: number } | null; ms: number }> {
  const now = await syncLifeIndex().then(
    (clock) => clock ?? knownClockSeconds(db),
    () => lifeIndexClockSeconds(db),
  );
  const started = performance.now();
  const done = await withAdvisoryLock(db, { space: LOCK_SPACES.twinSchedule, id: 0 }, { wait: false }, () =>
    enqueueDueSchedules(db, now, enqueue),
  );
  return { now, done, ms: performance.now() - started };
}

export interface TwinActions {
  /** A new cast (Neynar's webhook, the local network): each twin it concerns answers it, as a job. */
  castCreated(cast: IncomingCast): Promise<number>;
  /** A direct message to a twin's account: answered as a job. */
  directMessageReceived(message: { id: string; fromFid: number; toFid: number; text: string }): Promise<boolean>;
  /** Local mode: hands the local network's new casts on now rather than at the next tick. */
  pollLocalCasts(): Promise<void>;
  /**
   * Local mode: publishes a person's cast and hands it to the twins it concerns in the same
   * transaction, at once, as Neynar's webhook does in production (the feed is for the rest).
   */
  publishLocalCast(cast: LocalCastToPublish): Promise<LocalCastHandOff>;
  /** The owner's review of "ask me first" drafts. */
  drafts: DraftReview;
}

export interface TwinActionsOptions {
  /**
   * One pass of the LifeExtended index (chain/life-indexer.ts syncLifeIndex): answers the life
   * index's clock, the "now" twins are judged alive or dead at; null without contracts.
   */
  syncLifeIndex: () => Promise<number | null>;
  /** The same pass, only when the chain has a new block (chain/life-indexer.ts): for each local cast. */
  syncLifeIndexOnNewBlock: () => Promise<void>;
  /** How often the schedules are looked at (the life watch's interval: same clock, same cadence). */
  scheduleIntervalSeconds: number;
  /** Local mode reads the local network's casts itself; production gets them from Neynar's webhook. */
  localFirehose: boolean;
}

/**
 * Starts the twin's actions on this replica: the writers' queue (exactly once per key: a stately
 * queue refuses a duplicate while one is queued, and twin_writings makes the work itself idempotent),
 * the schedules' tick, and in local mode the local network's feed.
 */
export async function startTwinActions(
  boss: PgBoss,
  deps: TwinActionDeps,
  options: TwinActionsOptions,
): Promise<TwinActions> {
  const { db, logger } = deps;
  await installReplyChargeFunction(db);
  await boss.createQueue(TWIN_WRITE_QUEUE, {
    name: TWIN_WRITE_QUEUE,
    policy: 'stately',
    retryLimit: 5,
    retryDelay: 2,
    retryBackoff: true,
    expireInSeconds: 300,
  });
  const workerIds: string[] = [];
  for (let index = 0; index < WORKERS; index++) {
    workerIds.push(
      await boss.work<TwinWriteJob>(
        TWIN_WRITE_QUEUE,
        { pollingIntervalSeconds: 0.5, includeMetadata: true },
        async ([job]) => {
          if (!job) return;
          const key = twinWriteKey(job.data);
          // An input no retry can use (text Postgres refuses) is recorded and skipped, not retried.
          const outcome = await skippingUnusableInput<{ status: string }>(
            { db, logger },
            { source: 'twin-write', key, input: job.data },
            () => runTwinWriteJob(deps, job.data),
          ).catch(async (error: unknown) => {
            // A post whose turn a sibling holds runs again once it may be free, its retries kept for failures.
            const followUp =
              error instanceof PostTurnTaken && job.data.kind === 'post' ? postTurnFollowUp(job.data, error) : null;
            if (!followUp) {
              // pg-boss keeps the error on the job and retries it; the log says why a reply is late.
              logger.warn({ err: error, job: key, retried: job.retryCount }, 'twin write failed');
              // Its last try: the owner's Activity lists it, rather than the writing vanishing.
              if (isLastTry(job)) await recordSkip({ db, logger }, { ...skippedWriting(job.data), reason: 'failed' });
              throw error;
            }
            await boss.insert([
              {
                name: TWIN_WRITE_QUEUE,
                data: followUp.job,
                singletonKey: key,
                // An interval: the queue's start time is read on the database's clock, as the turn's.
                startAfter: `${followUp.startAfterSeconds} seconds`,
              },
            ]);
            return { status: 'waiting-for-turn' };
          });
          logger.info({ job: key, outcome: outcome?.status ?? 'skipped' }, 'twin write');
          // pg-boss waits out its polling interval after a job; with a backlog, fetch the next at once.
          boss.notifyWorker(workerIds[index]!);
        },
      ),
    );
  }
  // One statement for any number of jobs; a key already queued or running is passed over (stately).
  const enqueue = async (jobs: readonly TwinWriteJob[]) => {
    if (jobs.length === 0) return;
    await boss.insert(jobs.map((job) => ({ name: TWIN_WRITE_QUEUE, data: job, singletonKey: twinWriteKey(job) })));
    for (const id of workerIds) boss.notifyWorker(id);
  };

  /** Each twin a cast concerns answers it, as a job: one query for all the casts. */
  const replyJobsFor = async (casts: readonly IncomingCast[]) => {
    const concerned = await twinsConcernedByEach(
      db,
      casts.map((cast) => ({
        authorFid: cast.author.fid,
        mentionedFids: cast.mentionedFids,
        mentionedUsernames: cast.mentionedUsernames,
        parentAuthorFid: cast.parentAuthorFid,
      })),
    );
    return casts.flatMap((cast, index) =>
      concerned[index]!.map((twin): TwinWriteJob => ({ kind: 'thread-reply', agentId: twin.agentId, cast })),
    );
  };
  /** The casts' reply jobs, in one insert. */
  const castsCreated = async (casts: readonly IncomingCast[]) => {
    const jobs = await replyJobsFor(casts);
    await enqueue(jobs);
    return jobs.length;
  };

  await startTicker(
    boss,
    { queue: SCHEDULE_QUEUE, intervalSeconds: options.scheduleIntervalSeconds, logger },
    async () => {
      const { now, done, ms } = await runScheduleTick(db, options.syncLifeIndex, (jobs, trx) =>
        boss.insert(
          jobs.map((job) => ({ name: TWIN_WRITE_QUEUE, data: job, singletonKey: twinWriteKey(job) })),
          { db: bossOn(trx) },
        ),
      );
      if (done && done.jobs > 0) for (const id of workerIds) boss.notifyWorker(id);
      // The bench reads this line: the tick's own time, at any number of twins.
      if (done && done.schedules > 0) logger.info({ ...done, clock: now, ms }, 'schedule tick');
    },
  );

  // Records past their keeping (charges, skips, closed drafts), once per tick across replicas.
  await startTicker(boss, { queue: WRITE_RECORDS_CLEANUP_QUEUE, intervalSeconds: 600, logger }, async () => {
    await cleanUpWriteRecords(db);
    await deleteClosedDrafts(db);
  });
  // Drafts left unreviewed for a day (on the schedules' clock) are discarded and recorded.
  await startTicker(
    boss,
    { queue: DRAFT_EXPIRY_QUEUE, intervalSeconds: options.scheduleIntervalSeconds, logger },
    async () => {
      const expired = await expireDrafts(deps, await knownClockSeconds(db));
      if (expired > 0) logger.info({ expired }, 'drafts expired');
    },
  );

  /**
   * The local chain's clock jumps when the dev host moves it ("Advance 1 day"), between two ticks
   * of the life watch. Before a local cast or message is handed to the twins, the index makes a pass
   * if the chain has a new block (a jump mines one; its clock follows the jump once it has the blocks
   * before it), so a twin whose battery the jump
   * emptied answers as a dead twin from the start, and one revived just before it as alive.
   */
  const followLocalClock = async () => {
    await options
      .syncLifeIndexOnNewBlock()
      .catch((error: unknown) => logger.warn({ err: error }, 'life index pass failed'));
  };

  const pollLocalCasts = oneAtATime(async () => {
    // The clock is read while the feed is: both before any cast is handed on, neither waits for the other.
    const clock = followLocalClock(); // never rejects: a failed pass is logged
    await readNewLocalCasts(db, async (casts) => {
      await clock;
      await castsCreated(casts);
    });
    await clock;
  });
  if (options.localFirehose) {
    await startLocalFirehose(db);
    await startTicker(boss, { queue: LOCAL_FIREHOSE_QUEUE, intervalSeconds: 1, logger }, pollLocalCasts);
  }

  return {
    castCreated: (cast) => castsCreated([cast]),
    pollLocalCasts,
    async publishLocalCast(cast) {
      // The clock is read while the cast is stored; its jobs wait for it (see followLocalClock).
      const clock = followLocalClock();
      const published = await publishHandingOn(db, cast, {
        jobsFor: (incoming) => replyJobsFor([incoming]),
        enqueue: async (jobs) => {
          await clock;
          await enqueue(jobs);
        },
      });
      if (published.status === 'published' && published.handOffError !== undefined) {
        logger.warn({ err: published.handOffError, hash: published.hash }, 'local cast left to the feed');
      }
      return published;
    },
    drafts: {
      publish: (agentId, key, text) => publishDraft(deps, agentId, key, text),
      discard: (agentId, key) => discardDraft(db, agentId, key),
    },
    async directMessageReceived(message) {
      const twin = await findTwinByFid(db, message.toFid);
      if (!twin || twin.fid === message.fromFid) return false;
      if (options.localFirehose) await followLocalClock();
      await enqueue([{ kind: 'dm-reply', agentId: twin.agentId, message }]);
      return true;
    },
  };
}
