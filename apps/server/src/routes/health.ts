import type { HealthResponse } from '@fartwin/protocol';
import { Hono } from 'hono';
import { sql } from 'kysely';
import type { PublicClient } from 'viem';
import type { Db } from '../db/database.ts';

async function check(probe: () => Promise<string>): Promise<{ ok: boolean; detail: string }> {
  try {
    return { ok: true, detail: await probe() };
  } catch (error) {
    return { ok: false, detail: error instanceof Error ? error.message.split('\n')[0]! : String(error) };
  }
}

/** GET /health: 200 when the database and the chain both answer, 503 otherwise. */
export function healthRoutes(deps: { db: Db; chain: PublicClient }) {
  return new Hono().get('/health', async (c) => {
    const [database, chain] = await Promise.all([
      check(async () => {
        await sql`select 1`.execute(deps.db);
        return 'up';
      }),
      check(async () => {
        const [chainId, block] = await Promise.all([deps.chain.getChainId(), deps.chain.getBlockNumber()]);
        return `up: chain ${chainId}, block ${block}`;
      }),
    ]);
    const body: HealthResponse = { status: database.ok && chain.ok ? 'ok' : 'degraded', database, chain };
    return c.json(body, body.status === 'ok' ? 200 : 503);
  });
}
