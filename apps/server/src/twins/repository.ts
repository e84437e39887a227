import type { Selectable } from 'kysely';
import type { Db } from '../platform/db/database.ts';
import type { AgentsTable } from '../platform/db/schema.ts';
import { type Character, characterSchema, memoryCastsFromTexts, rememberCasts } from '../twin-mind/index.ts';
import { type DirectoryCursor, decodeCursor, encodeCursor } from './directory-cursor.ts';

/** A twin as the directory, its cards and its owner's screen show it. */
export interface TwinRecord {
  agentId: string;
  ownerFid: number;
  twin: { fid: number; username: string; displayName: string; pfpUrl: string | null };
  walletAddress: `0x${string}`;
  token: { address: `0x${string}`; symbol: string };
  status: string;
  createdAt: Date;
}

export type NewTwin = Omit<TwinRecord, 'createdAt' | 'status'> & {
  character: Character;
  choices: string[];
  createdAt?: Date;
};

/**
 * The columns of an TwinRecord. Lists and lookups leave out `character` (identity, traits, style,
 * topics and the owner's words): only a writer reads it, through findTwinCharacter or the cache.
 */
const RECORD_COLUMNS = [
  'id',
  'agent_id',
  'owner_fid',
  'twin_fid',
  'twin_username',
  'twin_display_name',
  'twin_pfp_url',
  'wallet_address',
  'token_address',
  'token_symbol',
  'status',
  'created_at',
] as const satisfies readonly (keyof AgentsTable)[];

type RecordRow = Pick<Selectable<AgentsTable>, (typeof RECORD_COLUMNS)[number]>;

function toRecord(row: RecordRow): TwinRecord {
  return {
    agentId: row.agent_id,
    ownerFid: row.owner_fid,
    twin: {
      fid: row.twin_fid,
      username: row.twin_username,
      displayName: row.twin_display_name,
      pfpUrl: row.twin_pfp_url,
    },
    walletAddress: row.wallet_address as `0x${string}`,
    token: { address: row.token_address as `0x${string}`, symbol: row.token_symbol },
    status: row.status,
    createdAt: row.created_at,
  };
}

/**
 * Stores a new twin. Used by the deploy pipeline (and by tests, which insert twins directly).
 * One twin per owner and per agentId: the table's unique constraints refuse a second. The casts the
 * character was built from become the twin's memory rows (twin-mind/cast-memory-store.ts); the stored
 * character keeps none, so it stays small enough to cache by the thousand.
 */
export async function insertTwin(db: Db, twin: NewTwin): Promise<TwinRecord> {
  const character = characterSchema.parse(twin.character);
  const row = await db
    .insertInto('agents')
    .values({
      agent_id: twin.agentId,
      owner_fid: twin.ownerFid,
      twin_fid: twin.twin.fid,
      twin_username: twin.twin.username,
      twin_display_name: twin.twin.displayName,
      twin_pfp_url: twin.twin.pfpUrl,
      wallet_address: twin.walletAddress,
      token_address: twin.token.address,
      token_symbol: twin.token.symbol,
      character: JSON.stringify({ ...character, casts: [], replyParents: undefined }),
      choices: JSON.stringify(twin.choices),
      ...(twin.createdAt ? { created_at: twin.createdAt } : {}),
    })
    .returning(RECORD_COLUMNS)
    .executeTakeFirstOrThrow();
  // Every reply the deploy read, with its parent where the provider gave it; the newest replies
  // alone for a character built before replies were listed.
  const replies = new Map<string, string | null>(
    Object.entries(character.replyParents ?? Object.fromEntries(character.exampleReplies.map((text) => [text, null]))),
  );
  await rememberCasts(db, twin.agentId, memoryCastsFromTexts(character.casts, row.created_at, replies));
  return toRecord(row);
}

export async function findTwin(db: Db, agentId: string): Promise<TwinRecord | null> {
  const row = await db.selectFrom('agents').select(RECORD_COLUMNS).where('agent_id', '=', agentId).executeTakeFirst();
  return row ? toRecord(row) : null;
}

/** What a twin speaks from; null for an unknown agentId. */
export async function findTwinCharacter(db: Db, agentId: string): Promise<Character | null> {
  const row = await db.selectFrom('agents').select('character').where('agent_id', '=', agentId).executeTakeFirst();
  return row ? characterSchema.parse(row.character) : null;
}

export async function findTwinsByOwner(db: Db, ownerFid: number): Promise<TwinRecord[]> {
  const rows = await db
    .selectFrom('agents')
    .select(RECORD_COLUMNS)
    .where('owner_fid', '=', ownerFid)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map(toRecord);
}

/**
 * One page of the directory, newest first. Keyset pagination on (created_at, id) walks the
 * agents_directory_order index, so page 1000 costs what page 1 does.
 */
export async function listTwinsPage(
  db: Db,
  options: { limit: number; cursor?: string | undefined },
): Promise<{ twins: TwinRecord[]; nextCursor: string | null }> {
  const after: DirectoryCursor | null = options.cursor ? decodeCursor(options.cursor) : null;
  let query = db.selectFrom('agents').select(RECORD_COLUMNS);
  if (after) {
    // A row comparison, which Postgres answers from the (created_at desc, id desc) index.
    query = query.where((eb) => eb(eb.refTuple('created_at', 'id'), '<', eb.tuple(after.createdAt, after.id)));
  }
  const rows = await query
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(options.limit + 1)
    .execute();
  const page = rows.slice(0, options.limit);
  const last = page.at(-1);
  return {
    twins: page.map(toRecord),
    nextCursor: rows.length > options.limit && last ? encodeCursor({ createdAt: last.created_at, id: last.id }) : null,
  };
}
