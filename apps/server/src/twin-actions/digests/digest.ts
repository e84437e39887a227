import { LIMITS } from '@fartwin/protocol';
import { notifyOwner, ownersReach, reachesOwner } from '../../notify/index.ts';
import { knownClockSeconds } from '../../platform/chain/life-index-state.ts';
import type { Db } from '../../platform/db/database.ts';
import type { TwinActionDeps } from '../deps.ts';
import { ownerDecision } from '../owner-decision.ts';
import { findTwinAccount } from '../twin-accounts.ts';
import { writeOnce } from '../twin-writes.ts';
import { skipPausedSlot } from '../write-skips.ts';
import { writingKeys } from '../writing-keys.ts';

const HOUR_SECONDS = 60 * 60;
/** The first digest tells of the day before it. */
const FIRST_DIGEST_COVERS_SECONDS = 24 * HOUR_SECONDS;
/** People named in a digest at most. */
const NAMED_PEOPLE = 2;

export interface DigestJob {
  kind: 'digest';
  agentId: string;
  /** The schedule slot (unix seconds) this digest is for. */
  slotAt: number;
}

export type DigestOutcome =
  | { status: 'sent' | 'already-done'; title: string; body: string }
  | { status: 'skipped'; reason: 'switched-off' | 'unknown-twin' | 'no-notifications' | 'paused' };

/** What a twin did in a period, as its writings record it. */
export interface TwinActivity {
  replies: number;
  posts: number;
  directMessages: number;
  /** Usernames of people it answered, most recent first. */
  people: string[];
}

/**
 * The owner's digest for one slot, twice a day, through the notification sender (its limits, token
 * rules and retries): what the twin did since the last digest and how much battery is left. Sent
 * only to an owner who can be reached: a client with the app added with notifications, or a wallet
 * signed in with, through Base's Notifications API.
 */
export async function sendDigest(deps: TwinActionDeps, job: DigestJob): Promise<DigestOutcome> {
  const { db } = deps;
  const twin = await findTwinAccount(db, job.agentId);
  if (!twin) return { status: 'skipped', reason: 'unknown-twin' };
  const key = writingKeys.digest(twin.agentId, job.slotAt);
  const decision = await ownerDecision(db, twin.agentId, 'digest');
  if (decision === 'switched-off') return { status: 'skipped', reason: 'switched-off' };
  if (decision === 'paused') {
    return skipPausedSlot(deps, { key, agentId: twin.agentId, kind: 'digest', slotAt: job.slotAt });
  }
  // Read when the digest is due: an owner who signed in by wallet since gets it on Base from then on.
  const reach = await ownersReach(db, deps, [twin.ownerFid]);
  if (!reachesOwner(reach, twin.ownerFid)) return { status: 'skipped', reason: 'no-notifications' };

  const title = digestTitle(twin.username);
  const result = await writeOnce(
    db,
    { key, agentId: twin.agentId, kind: 'digest', clockAt: job.slotAt },
    async () => {
      const since = await previousDigestAt(db, twin.agentId, job.slotAt);
      const activity = await activityBetween(deps, twin.agentId, since, job.slotAt);
      const expiresAt = await indexedExpiry(db, twin.agentId);
      return { text: digestBody(activity, expiresAt, await knownClockSeconds(db)), engine: null };
    },
    async (body) => {
      await notifyOwner(deps, reach, twin.ownerFid, { notificationId: key, title, body, targetUrl: deps.publicUrl });
      return key;
    },
  );
  return { status: result.delivered ? 'sent' : 'already-done', title, body: result.text };
}

export function digestTitle(twinUsername: string): string {
  const named = `@${twinUsername} update`;
  return named.length <= LIMITS.notificationTitleChars ? named : "Your twin's update";
}

/** The digest's text, within the notification body limit: activity first, then the battery. */
export function digestBody(activity: TwinActivity, expiresAt: number | null, now: number): string {
  const battery = batterySentence(expiresAt, now);
  const counts = [
    plural(activity.replies, 'reply', 'replies'),
    plural(activity.posts, 'post', 'posts'),
    plural(activity.directMessages, 'DM answered', 'DMs answered'),
  ].filter((part) => part !== null);
  const candidates =
    counts.length === 0
      ? [`Quiet since the last update. ${battery}`]
      : [NAMED_PEOPLE, 1, 0].map((named) => {
          const people = activity.people.slice(0, named).map((username) => `@${username}`);
          const talked = people.length > 0 ? `, talked with ${people.join(' and ')}` : '';
          return `Since the last update: ${counts.join(', ')}${talked}. ${battery}`;
        });
  const fitting = candidates.find((text) => text.length <= LIMITS.notificationBodyChars);
  return fitting ?? battery;
}

function plural(count: number, one: string, many: string): string | null {
  if (count === 0) return null;
  return `${count} ${count === 1 ? one : many}`;
}

function batterySentence(expiresAt: number | null, now: number): string {
  if (expiresAt === null) return 'Battery: unknown right now.';
  const left = expiresAt - now;
  if (left <= 0) return 'Battery: empty. 1 USDC revives it.';
  const days = Math.floor(left / (24 * HOUR_SECONDS));
  const hours = Math.floor((left % (24 * HOUR_SECONDS)) / HOUR_SECONDS);
  const parts = [plural(days, 'day', 'days'), plural(hours, 'hour', 'hours')].filter((part) => part !== null);
  return `Battery: ${parts.length > 0 ? parts.join(' ') : 'under an hour'} left.`;
}

async function previousDigestAt(db: Db, agentId: string, slotAt: number): Promise<number> {
  const row = await db
    .selectFrom('twin_writings')
    .select((eb) => eb.fn.max('clock_at').as('last'))
    .where('agent_id', '=', agentId)
    .where('kind', '=', 'digest')
    .where('clock_at', '<', slotAt)
    .executeTakeFirst();
  return row?.last ?? slotAt - FIRST_DIGEST_COVERS_SECONDS;
}

async function activityBetween(deps: TwinActionDeps, agentId: string, after: number, until: number) {
  const rows = await deps.db
    .selectFrom('twin_writings')
    .select(['kind', 'counterpart_fid'])
    .where('agent_id', '=', agentId)
    .where('kind', 'in', ['thread-reply', 'dead-reply', 'dm-reply', 'post'])
    .where('clock_at', '>', after)
    .where('clock_at', '<=', until)
    .orderBy('clock_at', 'desc')
    .execute();
  const peopleFids = [...new Set(rows.flatMap((row) => (row.counterpart_fid === null ? [] : [row.counterpart_fid])))];
  const people: string[] = [];
  for (const fid of peopleFids.slice(0, NAMED_PEOPLE)) {
    const user = await deps.farcaster.getUser(fid);
    if (user) people.push(user.username);
  }
  return {
    replies: rows.filter((row) => row.kind === 'thread-reply' || row.kind === 'dead-reply').length,
    posts: rows.filter((row) => row.kind === 'post').length,
    directMessages: rows.filter((row) => row.kind === 'dm-reply').length,
    people,
  } satisfies TwinActivity;
}

async function indexedExpiry(db: Db, agentId: string): Promise<number | null> {
  const row = await db
    .selectFrom('agent_lives')
    .select('expires_at')
    .where('agent_id', '=', agentId)
    .executeTakeFirst();
  return row?.expires_at ?? null;
}
