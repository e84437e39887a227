import { agentsResponseSchema, apiPaths, DIRECTORY_PAGE_SIZE } from '@fartwin/protocol';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';

const AGENTS = 100_000;

describe('the agents directory at 100,000 agents', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
    // Bulk rows straight in SQL: a minimal valid character, one agent per second going back in time.
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
      from generate_series(1, ${AGENTS}) as n`.execute(server.db);
    await sql`analyze agents`.execute(server.db);
  }, 120_000);
  afterAll(() => server.close());

  it('walks pages through the (created_at, id) index, without sorting the table', async () => {
    const { rows } = await sql<{ 'QUERY PLAN': string }>`
      explain select * from agents
      where (created_at, id) < (timestamptz '2026-01-01 12:00', 50000)
      order by created_at desc, id desc limit 25`.execute(server.db);
    const plan = rows.map((row) => row['QUERY PLAN']).join('\n');
    expect(plan).toMatch(/Index Scan using agents_directory_order/);
    expect(plan).not.toMatch(/Sort/);
  });

  it('serves a deep page as fast as the first, with pages that never overlap', async () => {
    const page = async (cursor?: string) => {
      const startedAt = performance.now();
      const response = await server.app.request(
        `${apiPaths.agents}${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      const body = agentsResponseSchema.parse(await response.json());
      return { body, ms: performance.now() - startedAt };
    };
    const first = await page();
    expect(first.body.agents).toHaveLength(DIRECTORY_PAGE_SIZE);
    expect(first.body.agents[0]!.agentId).toBe(`bulk-${AGENTS}`);
    let cursor = first.body.nextCursor!;
    const seen = new Set(first.body.agents.map((agent) => agent.agentId));
    for (let index = 0; index < 50; index++) {
      const next = await page(cursor);
      for (const agent of next.body.agents) {
        expect(seen.has(agent.agentId)).toBe(false);
        seen.add(agent.agentId);
      }
      cursor = next.body.nextCursor!;
    }
    // Agents created in the same second sit on one page boundary or another, never twice or never.
    expect(seen.size).toBe(51 * DIRECTORY_PAGE_SIZE);
    expect([...seen].at(-1)).toBe(`bulk-${AGENTS - seen.size + 1}`);
    const deep = await page(cursor);
    expect(deep.ms).toBeLessThan(500);
  });
});
