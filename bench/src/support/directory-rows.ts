/**
 * The bench's only SQL: bulk rows for the directory, written straight into the bot service's tables
 * (`agents` and `agent_lives`, whose layout is a contract of the database, as the server's
 * directory-scale test relies on too). Everything else the bench learns or seeds goes through HTTP.
 */
import { createHash } from 'node:crypto';
import pg from 'pg';

/** Agent ids of bulk rows: `bulk-1` is the oldest. */
export const bulkAgentId = (n: number) => `bulk-${n}`;

/** A minimal valid twin character, the same for every bulk row (the directory never shows it). */
const CHARACTER = JSON.stringify({
  version: 1,
  fid: 1,
  username: 'bulk',
  displayName: 'Bulk',
  bio: '',
  topics: [],
  style: {
    castCount: 0,
    avgLength: 90,
    lowercaseRatio: 0,
    emojiRate: 0,
    exclamationRate: 0,
    questionRate: 0,
    favouriteEmojis: [],
  },
  traits: {},
  examplePosts: [],
  exampleReplies: [],
  casts: [],
});

const DAY_SECONDS = 24 * 60 * 60;
/**
 * Bulk twins' fids start here, far above the local network's own (its new accounts and twins count
 * up from 500000): a bulk twin sharing a real account's fid would answer that account's casts.
 */
const BULK_TWIN_FIDS_FROM = 50_000_000;

/** How a family of bulk rows is told apart from the others: ids, fids and usernames of its own. */
export interface BulkFamily {
  /** SQL of row `n`'s agent id. */
  agentId: string;
  ownerFidsFrom: number;
  twinFidsFrom: number;
  usernamePrefix: string;
}

/** The directory's bulk rows: `bulk-1` is the oldest. */
const DIRECTORY_FAMILY: BulkFamily = {
  agentId: `'bulk-' || n`,
  ownerFidsFrom: 100_000,
  twinFidsFrom: BULK_TWIN_FIDS_FROM,
  usernamePrefix: 'bulk-',
};

/**
 * Twins the chat can be asked (its agent ids are lowercase UUIDs), for benchmarks that need many:
 * row n's id is a UUID made of n. Fids above the directory's bulk rows.
 */
export const CHAT_FAMILY: BulkFamily = {
  agentId: `md5('chat-twin-' || n)::uuid::text`,
  ownerFidsFrom: 60_000_000,
  twinFidsFrom: 70_000_000,
  usernamePrefix: 'chat-twin-',
};

/** Agent id of CHAT_FAMILY's row n, as its SQL makes it. */
export function chatTwinId(n: number): string {
  const hex = createHash('md5').update(`chat-twin-${n}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * Inserts bulk twins `from`..`to` (inclusive) in one statement each for `agents` and `agent_lives`.
 * Row n was created `total - n` half-seconds before the newest bulk row, which is a day older than
 * now, so the twins deployed through the API stay at the top of the directory and two bulk rows
 * share each second (ties the (created_at, id) order breaks). Three in four are alive for 30 more
 * days, one in four died 30 days ago: outside the life watch's warning and death-news windows, so
 * no notification work starts, and every row has its index entry as a running service's would
 * (no backfill from the chain either).
 */
export async function insertBulkAgents(
  databaseUrl: string,
  rows: { from: number; to: number; total: number },
  family: BulkFamily = DIRECTORY_FAMILY,
): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('begin');
    await client.query(
      `insert into agents (agent_id, owner_fid, twin_fid, twin_username, twin_display_name, twin_pfp_url,
                           wallet_address, token_address, token_symbol, character, choices, created_at)
       select ${family.agentId}, $6::int + n, $5::int + n, $7 || n, 'Bulk ' || n, null,
              '0x' || lpad(to_hex(n), 40, '0'), '0x' || lpad(to_hex(n), 40, 'a'), 'BULK',
              $1::jsonb, '[]'::jsonb,
              now() - interval '1 day' - make_interval(secs => ($4::int - n) / 2)
       from generate_series($2::int, $3::int) as n`,
      [CHARACTER, rows.from, rows.to, rows.total, family.twinFidsFrom, family.ownerFidsFrom, family.usernamePrefix],
    );
    await client.query(
      `insert into agent_lives (agent_id, expires_at)
       select ${family.agentId},
              extract(epoch from now())::bigint + case when n % 4 = 0 then -30 else 30 end * $3::int
       from generate_series($1::int, $2::int) as n`,
      [rows.from, rows.to, DAY_SECONDS],
    );
    await client.query('commit');
    // What autovacuum would do soon after such a load (statistics, the visibility map), and the
    // checkpoint it triggers, done now rather than in the middle of a measurement.
    await client.query('vacuum analyze agents, agent_lives');
    await client.query('checkpoint');
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    await client.end();
  }
}
