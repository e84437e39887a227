// The subpath: the package's root also loads the embedded Postgres and anvil launchers.
import { localUserAccount } from '@fartwin/localstack/dev-accounts';
import { keccak256, toHex } from 'viem';
import type { Db } from '../db/database.ts';
import { SAMPLE_USERS } from './seed/sample-users.ts';

export interface LocalAccount {
  fid: number;
  username: string;
  displayName: string;
  pfpUrl: string | null;
  custodyAddress: `0x${string}`;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** A cast hash shaped like Farcaster's (20 bytes), unique per author, position and text. */
function castHash(fid: number, position: number, text: string): `0x${string}` {
  return keccak256(toHex(`${fid}:${position}:${text}`)).slice(0, 42) as `0x${string}`;
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

export async function listAccounts(db: Db): Promise<LocalAccount[]> {
  const rows = await db.selectFrom('social_accounts').selectAll().orderBy('fid').execute();
  return rows.map((row) => ({
    fid: row.fid,
    username: row.username,
    displayName: row.display_name,
    pfpUrl: row.pfp_url,
    custodyAddress: row.custody_address as `0x${string}`,
  }));
}

export function sampleUserColor(fid: number): string | undefined {
  return SAMPLE_USERS.find((user) => user.fid === fid)?.avatarColor;
}
