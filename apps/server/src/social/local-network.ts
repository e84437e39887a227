// The subpath: the package's root also loads the embedded Postgres and anvil launchers.
import { localUserAccount } from '@fartwin/localstack/dev-accounts';
import { SAMPLE_USERS } from '@fartwin/localstack/sample-users';
import type { FeedCast, LocalProfile, LocalTwin, LocalUser } from '@fartwin/protocol';
import { type Selectable, sql } from 'kysely';
import { keccak256, toHex } from 'viem';
import type { Db } from '../platform/db/database.ts';
import type { SocialAccountsTable } from '../platform/db/schema.ts';
import { usernameCandidate } from '../platform/providers/farcaster-usernames.ts';
import { generatedAvatarColor, generatedName, starterCasts } from './new-user.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A cast hash shaped like Farcaster's (20 bytes), derived from what makes the cast unique. */
function castHash(...parts: (string | number)[]): `0x${string}` {
  return keccak256(toHex(parts.join(':'))).slice(0, 42) as `0x${string}`;
}

function avatarUrl(publicUrl: string, fid: number): string {
  return `${publicUrl}/local-network/avatars/${fid}.svg`;
}

/**
 * Fills an empty local network with the sample users and their casts, spread over the last
 * 60 days. Does nothing when accounts exist, so a restart keeps what users did.
 */
export async function seedLocalNetwork(db: Db, publicUrl: string, now = Date.now()): Promise<number> {
  const existing = await db
    .selectFrom('social_accounts')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirst();
  if (Number(existing?.count ?? 0) > 0) {
    await keepSampleScores(db);
    return 0;
  }
  return db.transaction().execute(async (trx) => {
    // Replicas starting together all seed: the first one's rows win, the others add nothing.
    const inserted = await trx
      .insertInto('social_accounts')
      .values(
        SAMPLE_USERS.map((user) => ({
          fid: user.fid,
          username: user.username,
          display_name: user.displayName,
          bio: user.bio,
          pfp_url: avatarUrl(publicUrl, user.fid),
          custody_address: localUserAccount(user.fid).address,
          score: user.score,
          created_at: new Date(now - 90 * DAY_MS),
        })),
      )
      // Any unique key, not only the fid: Postgres may find the race on the username's index first.
      .onConflict((conflict) => conflict.doNothing())
      .returning('fid')
      .execute();
    if (inserted.length === 0) return 0;
    const casts = SAMPLE_USERS.flatMap((user) =>
      user.casts.map((text, position) => ({
        hash: castHash(user.fid, position, text),
        thread_hash: castHash(user.fid, position, text),
        fid: user.fid,
        text,
        parent_hash: null,
        embeds: JSON.stringify([]),
        // Oldest first, evenly over 60 days, ending an hour ago.
        created_at: new Date(
          now - DAY_MS / 24 - ((user.casts.length - 1 - position) * 60 * DAY_MS) / user.casts.length,
        ),
      })),
    );
    await trx.insertInto('social_casts').values(casts).execute();
    return SAMPLE_USERS.length;
  });
}

/** The next fid of an account made after the seed (twins and new users): from 500000 up. */
async function nextLocalFid(db: Db): Promise<number> {
  const result = await sql<{ fid: number }>`select nextval('social_accounts_new_fid')::int as fid`.execute(db);
  return result.rows[0]!.fid;
}

/** What an account is made with; its fid and username are the network's to give. */
type NewLocalAccount = Omit<LocalUser, 'fid' | 'username'> & { bio: string };

/** How many numbered alternatives a wanted username may try (sunny-otter, sunny-otter2, …). */
const USERNAME_ATTEMPTS = 50;

const numberedUsernames = (username: string) =>
  Array.from({ length: USERNAME_ATTEMPTS }, (_, index) => usernameCandidate(username, index + 1));

/** Inserts the account under the first free username, or returns null when all are taken. */
async function insertAccount(
  db: Db,
  fid: number,
  account: NewLocalAccount,
  usernames: readonly string[],
): Promise<LocalUser | null> {
  for (const username of usernames) {
    const inserted = await db
      .insertInto('social_accounts')
      .values({
        fid,
        username,
        display_name: account.displayName,
        pfp_url: account.pfpUrl,
        bio: account.bio,
        custody_address: account.custodyAddress,
      })
      .onConflict((conflict) => conflict.column('username').doNothing())
      .returningAll()
      .executeTakeFirst();
    if (inserted) return toLocalUser(inserted);
  }
  return null;
}

/**
 * Adds an account to the local network, or returns the one that already has this custody address
 * (a retried deploy). Its fid comes from a sequence; its username is `username` when free, or the
 * first free `{username}{n}`.
 */
export async function createLocalAccount(db: Db, account: NewLocalAccount & { username: string }): Promise<LocalUser> {
  const existing = await db
    .selectFrom('social_accounts')
    .selectAll()
    .where('custody_address', '=', account.custodyAddress)
    .executeTakeFirst();
  if (existing) return toLocalUser(existing);
  const usernames = numberedUsernames(account.username);
  const created = await insertAccount(db, await nextLocalFid(db), account, usernames);
  if (!created) throw new Error(`No free username among ${usernames.join(', ')}`);
  return created;
}

/**
 * A person joining the local network (the dev host's "New user"). The custody key is the dev
 * mnemonic's HD account at index = fid, as for the sample users, so the dev host can sign in as
 * them. Without a username one is generated; a username that is taken gives null.
 */
export async function createLocalUser(
  db: Db,
  publicUrl: string,
  request: { username?: string; displayName?: string; starterCasts: boolean },
  now = Date.now(),
): Promise<LocalUser | null> {
  const fid = await nextLocalFid(db);
  const generated = generatedName(fid);
  const usernames = request.username ? [request.username] : numberedUsernames(generated.username);
  return db.transaction().execute(async (trx) => {
    const account = await insertAccount(
      trx,
      fid,
      {
        displayName: request.displayName ?? generated.displayName,
        pfpUrl: avatarUrl(publicUrl, fid),
        bio: '',
        custodyAddress: localUserAccount(fid).address,
      },
      usernames,
    );
    if (!account || !request.starterCasts) return account;
    const texts = starterCasts(fid);
    await trx
      .insertInto('social_casts')
      .values(
        texts.map((text, position) => ({
          hash: castHash(fid, 'starter', position),
          thread_hash: castHash(fid, 'starter', position),
          fid,
          text,
          parent_hash: null,
          embeds: JSON.stringify([]),
          // Oldest first, one a day, the last an hour ago.
          created_at: new Date(now - DAY_MS / 24 - (texts.length - 1 - position) * DAY_MS),
        })),
      )
      .execute();
    return account;
  });
}

/** A cast someone publishes on the local network. */
export interface LocalCastToPublish {
  fid: number;
  text: string;
  embeds: readonly string[];
  idempotencyKey: string;
  parentHash?: string | null;
}

/** The hash a cast gets when it is published: its author's and idempotency key's, so the same cast is one. */
export function localCastHash(cast: Pick<LocalCastToPublish, 'fid' | 'idempotencyKey'>): `0x${string}` {
  return castHash(cast.fid, cast.idempotencyKey);
}

/**
 * Publishes a cast on the local network; the same idempotency key gives the same cast, once. Like
 * a Farcaster cast it carries its thread's first cast: its own hash when it starts a thread, its
 * parent's thread hash when it replies (the parent itself when the network does not have it).
 */
export async function publishLocalCast(db: Db, cast: LocalCastToPublish): Promise<{ hash: string }> {
  const hash = localCastHash(cast);
  const parentHash = cast.parentHash ?? null;
  const threadHash =
    parentHash === null
      ? sql<string>`${hash}::text`
      : sql<string>`coalesce((select thread_hash from social_casts where hash = ${parentHash}), ${parentHash}::text)`;
  await db
    .insertInto('social_casts')
    .values({
      hash,
      fid: cast.fid,
      text: cast.text,
      parent_hash: parentHash,
      thread_hash: threadHash,
      embeds: JSON.stringify(cast.embeds),
    })
    .onConflict((conflict) => conflict.column('hash').doNothing())
    .execute();
  return { hash };
}

/** Marks a cast handed to the twins by whoever published it: the feed then passes over it. */
export async function markLocalCastHandedOn(db: Db, hash: string): Promise<void> {
  await db.updateTable('social_casts').set({ handed_on: true }).where('hash', '=', hash).execute();
}

function toLocalUser(row: Selectable<SocialAccountsTable>): LocalUser {
  return {
    fid: row.fid,
    username: row.username,
    displayName: row.display_name,
    pfpUrl: row.pfp_url,
    custodyAddress: row.custody_address as `0x${string}`,
  };
}

/** The network's people, for the dev host's user picker: twins' accounts are left out. */
export async function listAccounts(db: Db): Promise<LocalUser[]> {
  const rows = await db
    .selectFrom('social_accounts')
    .selectAll()
    .where(({ eb, not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('deployments')
            .select('owner_fid')
            .where('deployments.twin_fid', '=', eb.ref('social_accounts.fid')),
        ),
      ),
    )
    .orderBy('fid')
    .execute();
  return rows.map(toLocalUser);
}

/** The twins' accounts, newest first. */
export async function listTwinAccounts(db: Db): Promise<LocalTwin[]> {
  const rows = await db
    .selectFrom('agents')
    .innerJoin('social_accounts', 'social_accounts.fid', 'agents.twin_fid')
    .select([
      'agents.agent_id as agentId',
      'agents.owner_fid as ownerFid',
      'social_accounts.fid',
      'social_accounts.username',
      'social_accounts.display_name as displayName',
      'social_accounts.pfp_url as pfpUrl',
    ])
    .orderBy('agents.id', 'desc')
    .execute();
  return rows;
}

/** The colour an account's avatar is drawn on: the sample user's own, or one derived from the fid. */
export function avatarColor(fid: number): string {
  return SAMPLE_USERS.find((user) => user.fid === fid)?.avatarColor ?? generatedAvatarColor(fid);
}

/** A profile (the dev host's profile sheet, the local FarcasterData); null for an unknown fid. */
export async function findAccount(db: Db, fid: number): Promise<LocalProfile | null> {
  const row = await db.selectFrom('social_accounts').selectAll().where('fid', '=', fid).executeTakeFirst();
  return row ? { ...toLocalUser(row), bio: row.bio } : null;
}

function castsWithAuthors(db: Db) {
  return db
    .selectFrom('social_casts')
    .innerJoin('social_accounts', 'social_accounts.fid', 'social_casts.fid')
    .select([
      'social_casts.hash',
      'social_casts.text',
      'social_casts.embeds',
      'social_casts.parent_hash',
      'social_casts.created_at',
      'social_accounts.fid',
      'social_accounts.username',
      'social_accounts.display_name',
      'social_accounts.pfp_url',
    ]);
}

type CastRow = Awaited<ReturnType<ReturnType<typeof castsWithAuthors>['execute']>>[number];

function toFeedCast(row: CastRow): FeedCast {
  return {
    hash: row.hash,
    text: row.text,
    embeds: row.embeds,
    parentHash: row.parent_hash,
    createdAt: row.created_at.toISOString(),
    author: { fid: row.fid, username: row.username, displayName: row.display_name, pfpUrl: row.pfp_url },
  };
}

/** The network's casts, newest first (the same instant: last inserted first); one author's with `fid`. */
export async function listRecentCasts(db: Db, options: { limit: number; fid?: number }): Promise<FeedCast[]> {
  let query = castsWithAuthors(db)
    .orderBy('social_casts.created_at', 'desc')
    .orderBy('social_casts.id', 'desc')
    .limit(options.limit);
  if (options.fid !== undefined) query = query.where('social_casts.fid', '=', options.fid);
  return (await query.execute()).map(toFeedCast);
}

/** An account's quality score (0 to 1, like Neynar's user score); null for an unknown fid. */
export async function findAccountScore(db: Db, fid: number): Promise<number | null> {
  const row = await db.selectFrom('social_accounts').select('score').where('fid', '=', fid).executeTakeFirst();
  return row?.score ?? null;
}

/** One cast by hash (a quoted cast in an embed); null when there is none. */
export async function findCast(db: Db, hash: string): Promise<FeedCast | null> {
  const row = await castsWithAuthors(db).where('social_casts.hash', '=', hash).executeTakeFirst();
  return row ? toFeedCast(row) : null;
}

/** The score every new local account gets (the column's default): what a network seeded before scores existed holds. */
const DEFAULT_LOCAL_SCORE = 0.7;

/**
 * A network seeded before accounts had quality scores gave every sample account the default: the
 * sample accounts whose score the seed sets otherwise (the low-score newcomer that shows the twins'
 * quality filter) get it, once; a score changed since is left alone.
 */
async function keepSampleScores(db: Db): Promise<void> {
  const seeded = SAMPLE_USERS.filter((user) => user.score !== DEFAULT_LOCAL_SCORE);
  if (seeded.length === 0) return;
  await sql`
    update social_accounts set score = seed.score
    from unnest(${seeded.map((user) => user.fid)}::bigint[], ${seeded.map((user) => user.username)}::text[],
                ${seeded.map((user) => user.score)}::double precision[]) as seed(fid, username, score)
    where social_accounts.fid = seed.fid and social_accounts.username = seed.username
      and social_accounts.score = ${DEFAULT_LOCAL_SCORE}
  `.execute(db);
}
