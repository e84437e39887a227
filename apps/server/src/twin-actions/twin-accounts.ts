import { sql } from 'kysely';
import type { Db } from '../platform/db/database.ts';
import type { FarcasterActions } from '../platform/providers/farcaster-actions.ts';

/** A twin as its writers need it: who it is on Farcaster and how it casts. */
export interface TwinAccount {
  agentId: string;
  ownerFid: number;
  fid: number;
  username: string;
  /** Neynar's signer in production; null locally. */
  signerId: string | null;
}

/** Twins' accounts, as a query (a reply reads its twin's within its one statement, reply-gate.ts). */
export function twinAccounts(db: Db) {
  return db
    .selectFrom('agents')
    .leftJoin('deployments', 'deployments.agent_id', 'agents.agent_id')
    .select([
      'agents.agent_id as agentId',
      'agents.owner_fid as ownerFid',
      'agents.twin_fid as fid',
      'agents.twin_username as username',
      'deployments.twin_signer_id as signerId',
    ]);
}

export async function findTwinAccount(db: Db, agentId: string): Promise<TwinAccount | null> {
  return (await twinAccounts(db).where('agents.agent_id', '=', agentId).executeTakeFirst()) ?? null;
}

export async function findTwinByFid(db: Db, fid: number): Promise<TwinAccount | null> {
  return (await twinAccounts(db).where('agents.twin_fid', '=', fid).executeTakeFirst()) ?? null;
}

/** What of a cast says which twins it concerns. */
export interface CastConcern {
  authorFid: number;
  mentionedFids: readonly number[];
  mentionedUsernames: readonly string[];
  parentAuthorFid: number | null;
}

/**
 * The twins each cast concerns (mentioned by fid or username, or replied to, never its own author),
 * for any number of casts in one query: every fid and username is one array parameter.
 */
export async function twinsConcernedByEach(db: Db, casts: readonly CastConcern[]): Promise<TwinAccount[][]> {
  const wanted = casts.map((cast) => ({
    fids: new Set([...cast.mentionedFids, ...(cast.parentAuthorFid === null ? [] : [cast.parentAuthorFid])]),
    usernames: new Set(cast.mentionedUsernames.map((username) => username.toLowerCase())),
  }));
  const fids = [...new Set(wanted.flatMap((cast) => [...cast.fids]))];
  const usernames = [...new Set(wanted.flatMap((cast) => [...cast.usernames]))];
  if (fids.length === 0 && usernames.length === 0) return casts.map(() => []);
  const twins = await twinAccounts(db)
    .where((eb) =>
      eb.or([
        ...(fids.length > 0 ? [sql<boolean>`agents.twin_fid = any(${fids}::bigint[])`] : []),
        ...(usernames.length > 0 ? [sql<boolean>`lower(agents.twin_username) = any(${usernames}::text[])`] : []),
      ]),
    )
    .execute();
  return casts.map((cast, index) =>
    twins.filter(
      (twin) =>
        twin.fid !== cast.authorFid &&
        (wanted[index]!.fids.has(twin.fid) || wanted[index]!.usernames.has(twin.username.toLowerCase())),
    ),
  );
}

/** Delivers a writing as a top-level cast of the twin's, its writing key as the idempotency key; answers the hash. */
export function castAsTwin(farcasterActions: FarcasterActions, twin: TwinAccount, key: string) {
  return async (text: string): Promise<string> => {
    const { hash } = await farcasterActions.publishCast({
      account: { fid: twin.fid, signerId: twin.signerId },
      text,
      embeds: [],
      idempotencyKey: key,
    });
    return hash;
  };
}
