import { agentsResponseSchema, apiPaths, DIRECTORY_PAGE_SIZE } from '@fartwin/protocol';
import { CompiledQuery, Kysely, PostgresDialect, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPool } from '../src/platform/db/database.ts';
import type { Database } from '../src/platform/db/schema.ts';
import { listTwinsPage } from '../src/twins/repository.ts';
import { startTestServer, type TestServer } from './harness.ts';

const TWINS = 100_000;

/** A node of EXPLAIN's JSON plan, with what ANALYZE adds. */
interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Rows': number;
  'Rows Removed by Filter'?: number;
  Plans?: PlanNode[];
}

const flatten = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(flatten)];

describe('the /agents directory at 100,000 twins', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
    // Bulk rows straight in SQL: a minimal valid character, one twin per second going back in time.
    const character = JSON.stringify({
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
    await sql`
      insert into agents (agent_id, owner_fid, twin_fid, twin_username, twin_display_name, wallet_address,
                          token_address, token_symbol, character, choices, created_at)
      select 'bulk-' || n, 100000 + n, 500000 + n, 'bulk-' || n, 'Bulk ' || n,
             '0x' || lpad(to_hex(n), 40, '0'), '0x' || lpad(to_hex(n), 40, 'a'), 'BULK',
             ${character}::jsonb, '[]'::jsonb, timestamptz '2026-01-01' + make_interval(secs => n / 2)
      from generate_series(1, ${TWINS}) as n`.execute(server.db);
    await sql`analyze agents`.execute(server.db);
  }, 120_000);
  afterAll(() => server.close());

  it('serves pages that never overlap, a deep one reading only its own rows through the index', async () => {
    const page = async (cursor?: string) => {
      const response = await server.app.request(
        `${apiPaths.agents}${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      return { body: agentsResponseSchema.parse(await response.json()) };
    };
    const first = await page();
    expect(first.body.agents).toHaveLength(DIRECTORY_PAGE_SIZE);
    expect(first.body.agents[0]!.agentId).toBe(`bulk-${TWINS}`);
    let cursor = first.body.nextCursor!;
    const seen = new Set(first.body.agents.map((twin) => twin.agentId));
    for (let index = 0; index < 50; index++) {
      const next = await page(cursor);
      for (const twin of next.body.agents) {
        expect(seen.has(twin.agentId)).toBe(false);
        seen.add(twin.agentId);
      }
      cursor = next.body.nextCursor!;
    }
    // Twins created in the same second sit on one page boundary or another, never twice or never.
    expect(seen.size).toBe(51 * DIRECTORY_PAGE_SIZE);
    expect([...seen].at(-1)).toBe(`bulk-${TWINS - seen.size + 1}`);
    const deep = await page(cursor);
    expect(deep.body.agents[0]!.agentId).toBe(`bulk-${TWINS - seen.size}`);

    // The statement the route runs for that page (listTwinsPage, caught as it is sent), run again
    // under EXPLAIN ANALYZE: one walk of the (created_at, id) index that reads the page and the
    // one row that says there is a next, no sort, no scan of the table, whatever the depth.
    const statements: CompiledQuery[] = [];
    const catching = new Kysely<Database>({
      dialect: new PostgresDialect({ pool: createPool(server.config.databaseUrl, { max: 1 }) }),
      log: (event) => void statements.push(event.query),
    });
    try {
      const again = await listTwinsPage(catching, { limit: DIRECTORY_PAGE_SIZE, cursor });
      expect(again.twins.map((twin) => twin.agentId)).toEqual(deep.body.agents.map((twin) => twin.agentId));
      const [statement] = statements;
      const { rows } = await server.db.executeQuery<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
        CompiledQuery.raw(`explain (analyze, format json) ${statement!.sql}`, [...statement!.parameters]),
      );
      const nodes = flatten(rows[0]!['QUERY PLAN'][0].Plan);
      expect(nodes.map((node) => node['Node Type'])).not.toContain('Sort');
      expect(nodes.map((node) => node['Node Type'])).not.toContain('Seq Scan');
      const scans = nodes.filter((node) => node['Relation Name'] === 'agents');
      expect(scans).toEqual([
        expect.objectContaining({ 'Node Type': 'Index Scan', 'Index Name': 'agents_directory_order' }),
      ]);
      expect(scans[0]!['Actual Rows']).toBe(DIRECTORY_PAGE_SIZE + 1);
      expect(scans[0]!['Rows Removed by Filter'] ?? 0).toBe(0);
    } finally {
      await catching.destroy();
    }
  });
});
