// The subpath: the package's root also loads the embedded Postgres and anvil launchers.
import { localUserAccount } from '@fartwin/localstack/dev-accounts';
import { type Selectable, sql } from 'kysely';
import { keccak256, toHex } from 'viem';
import type { Db } from '../db/database.ts';
import type { SocialAccountsTable } from '../db/schema.ts';
import { SAMPLE_USERS } from './seed/sample-users.ts';

export interface LocalAccount {
  fid: number;
  username: string;
  displayName: string;
  pfpUrl: string | null;
  custodyAddress: `0x${string}`;
}

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
  if (Number(existing?.count ?? 0) > 0) return 0;
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('social_accounts')
      .values(
        SAMPLE_USERS.map((user) => ({
          fid: user.fid,
          username: user.username,
          display_name: user.displayName,
          bio: user.bio,
          pfp_url: avatarUrl(publicUrl, user.fid),
          custody_address: localUserAccount(user.fid).address,
          created_at: new Date(now - 90 * DAY_MS),
        })),
      )
      .execute();
    const casts = SAMPLE_USERS.flatMap((user) =>
      user.casts.map((text, position) => ({
        hash: castHash(user.fid, position, text),
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
  });
  return SAMPLE_USERS.length;
}

/**
 * Adds an account to the local network, or returns the one that already has this custody address
 * (a retried deploy). Its fid comes from a sequence; its username is the first free candidate.
 */
export async function createLocalAccount(
  db: Db,
  account: Omit<LocalAccount, 'fid' | 'username'> & { bio: string; usernameCandidates: readonly string[] },
): Promise<LocalAccount> {
  const existing = await db
    .selectFrom('social_accounts')
    .selectAll()
    .where('custody_address', '=', account.custodyAddress)
    .executeTakeFirst();
  if (existing) return toLocalAccount(existing);
  const { fid } = await sql<{ fid: number }>`select nextval('social_accounts_new_fid')::int as fid`
    .execute(db)
    .then((result) => result.rows[0]!);
  for (const username of account.usernameCandidates) {
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
    if (inserted) return toLocalAccount(inserted);
  }
  throw new Error(`No free username among ${account.usernameCandidates.join(', ')}`);
}

/** Publishes a cast on the local network; the same idempotency key gives the same cast, once. */
export async function publishLocalCast(
  db: Db,
  cast: { fid: number; text: string; embeds: readonly string[]; idempotencyKey: string; parentHash?: string | null },
): Promise<{ hash: string }> {
  const hash = castHash(cast.fid, cast.idempotencyKey);
  await db
    .insertInto('social_casts')
    .values({
      hash,
      fid: cast.fid,
      text: cast.text,
      parent_hash: cast.parentHash ?? null,
      embeds: JSON.stringify(cast.embeds),
    })
    .onConflict((conflict) => conflict.column('hash').doNothing())
    .execute();
  return { hash };
}

function toLocalAccount(row: Selectable<SocialAccountsTable>): LocalAccount {
  return {
    fid: row.fid,
    username: row.username,
    displayName: row.display_name,
    pfpUrl: row.pfp_url,
    custodyAddress: row.custody_address as `0x${string}`,
  };
}

/** The network's people, for the dev host's user picker: twins' accounts are left out. */
export async function listAccounts(db: Db): Promise<LocalAccount[]> {
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
  return rows.map(toLocalAccount);
}

export function sampleUserColor(fid: number): string | undefined {
  return SAMPLE_USERS.find((user) => user.fid === fid)?.avatarColor;
}
