import { setTimeout } from 'node:timers/promises';
import { LOCK_SPACES, withAdvisoryLock } from '../../platform/db/advisory-locks.ts';
import type { Db } from '../../platform/db/database.ts';
import { type LocalCastToPublish, localCastHash, markLocalCastHandedOn, publishLocalCast } from '../../social/index.ts';
import { type IncomingCast, mentionedUsernamesIn } from './incoming-cast.ts';

/** The chain_cursors row that keeps the last local cast handed on. */
const FIREHOSE_CURSOR = 'local-firehose';
/** Casts read at once; a pass reads on while batches come back full, up to BATCHES_PER_PASS of them. */
const BATCH = 200;
const BATCHES_PER_PASS = 25;
/** A pass that finds the feed held by another replica's tries again this often, for up to a second. */
const HELD_FEED_PAUSE_MS = 10;
const HELD_FEED_ATTEMPTS = 100;

/**
 * Local mode's stand-in for Neynar's `cast.created` webhook: every cast published in the local
 * network since the last pass (people's from the dev host, twins' own), oldest first. One reader at
 * a time across replicas; the first pass only marks where to start, so history is not answered.
 * The cursor moves only once `handle` is done with a batch: a crash hands the batch on again (the
 * writers are exactly-once per key). Answers the casts handed on, or null when another reader held
 * the feed for over a second.
 */
export async function readNewLocalCasts(
  db: Db,
  handle: (casts: IncomingCast[]) => Promise<void>,
): Promise<IncomingCast[] | null> {
  // Another replica's pass is short: this one waits for it, briefly, rather than leave a cast just
  // published here to that replica's next tick (a second away).
  for (let attempt = 1; ; attempt++) {
    const read = await readOnce(db, handle);
    if (read !== null || attempt === HELD_FEED_ATTEMPTS) return read;
    await setTimeout(HELD_FEED_PAUSE_MS);
  }
}

async function readOnce(db: Db, handle: (casts: IncomingCast[]) => Promise<void>): Promise<IncomingCast[] | null> {
  return withAdvisoryLock(db, { space: LOCK_SPACES.localFirehose, id: 0 }, { wait: false }, async () => {
    // Most casts are handed on when published and only passed over here: a backlog of them is read
    // through in one pass, not a batch a tick.
    const handed: IncomingCast[] = [];
    for (let batch = 0; batch < BATCHES_PER_PASS; batch++) {
      const read = await readBatch(db, handle);
      handed.push(...read.casts);
      if (!read.full) break;
    }
    return handed;
  });
}

/** One batch after the cursor, handed on, and the cursor moved past it. */
async function readBatch(
  db: Db,
  handle: (casts: IncomingCast[]) => Promise<void>,
): Promise<{ casts: IncomingCast[]; full: boolean }> {
  // The cursor is read in the same statement as the casts after it: one round trip per batch.
  const rows = await incomingCasts(db)
    .select(['social_casts.id', 'social_casts.handed_on'])
    .where('social_casts.id', '>', (eb) =>
      eb.selectFrom('chain_cursors').select('block').where('name', '=', FIREHOSE_CURSOR),
    )
    .orderBy('social_casts.id')
    .limit(BATCH)
    .execute();
  if (rows.length === 0) {
    // Nothing after the cursor, or no cursor yet (`id > null` matches nothing): then it starts here.
    const cursor = await db
      .selectFrom('chain_cursors')
      .select('block')
      .where('name', '=', FIREHOSE_CURSOR)
      .executeTakeFirst();
    if (!cursor) await startLocalFirehose(db);
    return { casts: [], full: false };
  }
  // Casts handed on when they were published (publishHandingOn) are only passed over.
  const casts = rows.filter((row) => !row.handed_on).map(toIncomingCast);
  if (casts.length > 0) await handle(casts);
  await saveCursor(db, rows.at(-1)!.id);
  return { casts, full: rows.length === BATCH };
}

/** What publishing a person's cast came to: published and handed on, or refused for an unknown author or parent. */
export type LocalCastHandOff =
  | {
      status: 'published';
      hash: string;
      /** The jobs made at once; when their insert failed (`handOffError`), the feed hands the cast on. */
      jobs: number;
      handOffError?: unknown;
    }
  | { status: 'unknown-author' }
  | { status: 'unknown-parent' };

/**
 * Publishes a local cast and hands it on at once, as Neynar's webhook hands on a cast: its author
 * and parent are read first (one statement, which also refuses an unknown one) and the jobs of the
 * twins it concerns made; then the cast is stored, its jobs inserted, and the cast marked handed on,
 * each in one statement. Until it is marked, the cast is the feed's: a crash or a failed insert
 * between two steps is made good by the feed's next pass, and a pass that comes in between hands it
 * on a second time, which the writers take once (exactly once per key).
 */
export async function publishHandingOn<Job>(
  db: Db,
  cast: LocalCastToPublish,
  handOn: { jobsFor: (cast: IncomingCast) => Promise<Job[]>; enqueue: (jobs: Job[]) => Promise<void> },
): Promise<LocalCastHandOff> {
  const parentHash = cast.parentHash ?? null;
  const known = await db
    .selectFrom('social_accounts as author')
    .leftJoin('social_casts as parent', (join) => join.on('parent.hash', '=', parentHash ?? ''))
    .select([
      'author.username',
      'author.score',
      'parent.fid as parentAuthorFid',
      'parent.thread_hash as parentThreadHash',
    ])
    .where('author.fid', '=', cast.fid)
    .executeTakeFirst();
  if (!known) return { status: 'unknown-author' };
  if (parentHash !== null && known.parentThreadHash === null) return { status: 'unknown-parent' };
  const hash = localCastHash(cast);
  const jobs = await handOn.jobsFor({
    hash,
    text: cast.text,
    author: { fid: cast.fid, username: known.username, score: known.score },
    parentHash,
    parentAuthorFid: known.parentAuthorFid,
    // As publishLocalCast stores it: its own hash for a root, its parent's thread for a reply.
    threadHash: known.parentThreadHash ?? hash,
    mentionedFids: [],
    mentionedUsernames: mentionedUsernamesIn(cast.text),
  });
  await publishLocalCast(db, cast);
  try {
    await handOn.enqueue(jobs);
  } catch (handOffError) {
    return { status: 'published', hash, jobs: 0, handOffError };
  }
  await markLocalCastHandedOn(db, hash);
  return { status: 'published', hash, jobs: jobs.length };
}

/** Local casts as the twins get them: author, parent's author and thread, from the network's tables. */
function incomingCasts(db: Db) {
  return db
    .selectFrom('social_casts')
    .innerJoin('social_accounts as author', 'author.fid', 'social_casts.fid')
    .leftJoin('social_casts as parent', 'parent.hash', 'social_casts.parent_hash')
    .select([
      'social_casts.hash',
      'social_casts.text',
      'social_casts.parent_hash',
      'social_casts.thread_hash',
      'author.fid as authorFid',
      'author.username as authorUsername',
      'author.score as authorScore',
      'parent.fid as parentAuthorFid',
    ]);
}

type IncomingCastRow = Awaited<ReturnType<ReturnType<typeof incomingCasts>['executeTakeFirstOrThrow']>>;

function toIncomingCast(row: IncomingCastRow): IncomingCast {
  return {
    hash: row.hash,
    text: row.text,
    author: { fid: row.authorFid, username: row.authorUsername, score: row.authorScore },
    parentHash: row.parent_hash,
    parentAuthorFid: row.parentAuthorFid,
    threadHash: row.thread_hash,
    mentionedFids: [],
    mentionedUsernames: mentionedUsernamesIn(row.text),
  };
}

/**
 * Marks where the feed starts, once: casts published from now on are handed on, history is not.
 * Called at start-up, before the routes that publish casts serve.
 */
export async function startLocalFirehose(db: Db): Promise<void> {
  const last = await db
    .selectFrom('social_casts')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst();
  await db
    .insertInto('chain_cursors')
    .values({ name: FIREHOSE_CURSOR, block: last?.id ?? 0 })
    .onConflict((conflict) => conflict.column('name').doNothing())
    .execute();
}

async function saveCursor(db: Db, id: number): Promise<void> {
  await db
    .insertInto('chain_cursors')
    .values({ name: FIREHOSE_CURSOR, block: id })
    .onConflict((conflict) => conflict.column('name').doUpdateSet({ block: id }))
    .execute();
}

/**
 * One run of `poll` at a time on this replica. A call while one runs gets one more run after it, so
 * a cast published meanwhile is handed on then, not at the next tick (the feed's lock would turn the
 * second reader away); any number of such calls share that one run.
 */
export function oneAtATime(poll: () => Promise<void>): () => Promise<void> {
  let running: Promise<void> | null = null;
  let queued: Promise<void> | null = null;
  const run = (): Promise<void> => {
    if (!running) {
      running = poll().finally(() => {
        running = null;
      });
      return running;
    }
    queued ??= running
      .catch(() => {})
      .then(() => {
        queued = null;
        return run();
      });
    return queued;
  };
  return run;
}
